"""Start-up with the autosave's journal: the real app, started with ``--resume`` in a
subprocess on a data folder whose journal was re-saved with a byte-order mark, holds an
illegal move after good ones, or names another record, is running, resumes the right
number of moves and says what it did with the journal in a notice.

A launcher wraps the controller's ``resume`` to write the moves of the session it is
given to a file, so the test reads what the table resumed; every app prints its notices
to ``--notice-log``. All start at once and are waited for by condition, never by time.
"""

from __future__ import annotations

import codecs
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest

from gui.store import persistence
from journals import autosave
from paths import ROOT

STARTUP_TIMEOUT = 120.0  # seconds for every app to resume, on a busy machine
BASE, MOVES = 8, 10

LAUNCHER = """\
import json, os, sys
from gui.play import controller

_resume = controller.Controller.resume
def resume(self, session, *a, **k):
    out = os.environ["PARLOUR_TEST_RESUMED"]
    with open(out + ".tmp", "w") as f:
        f.write(json.dumps([len(log.actions) for log in session.logs]))
    os.replace(out + ".tmp", out)
    return _resume(self, session, *a, **k)
controller.Controller.resume = resume
from gui.app.cli import main
sys.exit(main(sys.argv[1:]))
"""


@dataclass
class Case:
    """A data folder's autosave and journal, the moves the table must resume and the words
    the notice must hold (``None``: no notice about the journal, which stays)."""

    name: str
    record: bytes
    journal: bytes
    resumed: int
    said: str | None


def _cases() -> list[Case]:
    game = autosave(BASE, MOVES)
    moves = [json.dumps(m) for m in game.moves]
    other = json.loads(game.header)
    other["record"] = "0" * 64
    return [
        Case("a record re-saved with a byte-order mark", codecs.BOM_UTF8 + game.record,
             game.journal(), BASE + MOVES, None),
        Case("an illegal move after seven good ones", game.record,
             game.journal([*moves[:7], moves[6], *moves[7:]]), BASE + 7,
             "(its move 8 does not follow the saved game"),
        Case("a header naming another record", game.record,
             game.journal().replace(game.header.encode(), json.dumps(other).encode(), 1), BASE,
             "(its header names another record): none of its moves were used"),
    ]  # fmt: skip


def test_the_app_resumes_the_good_moves_of_the_journal(tmp_path):
    started = []
    for i, case in enumerate(_cases()):
        home = tmp_path / f"case{i}"
        data = home / "data"
        data.mkdir(parents=True)
        path = data / persistence.AUTOSAVE
        path.write_bytes(case.record)
        persistence.journal_path(path).write_bytes(case.journal)
        persistence.meta_path(path).write_text(json.dumps({"people": [True] + [False] * 3}))
        resumed = home / "resumed.json"
        env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            XDG_CONFIG_HOME=str(home / "config"),
            PARLOUR_DATA_DIR=str(data),
            PARLOUR_TEST_RESUMED=str(resumed),
        )
        log = home / "notices.txt"
        proc = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, "--notice-log", str(log), "--resume"],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=(home / "stderr.txt").open("w"),
        )
        started.append((case, home, data, resumed, log, proc))
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        pending = list(started)
        while pending and time.monotonic() < deadline:
            for entry in list(pending):
                case, home, _data, resumed, _log, proc = entry
                if proc.poll() is not None:
                    pytest.fail(
                        f"{case.name}: the app exited with {proc.returncode}: "
                        f"{(home / 'stderr.txt').read_text()[-1500:]}"
                    )
                if resumed.exists():
                    pending.remove(entry)
            time.sleep(0.05)  # polling the subprocesses' files, not timing the app
        assert not pending, "not resumed: " + ", ".join(c.name for c, *_ in pending)
        for case, _home, data, resumed, log, proc in started:
            assert proc.poll() is None, f"{case.name}: the app is not running"
            assert json.loads(resumed.read_text()) == [case.resumed], case.name
            notices = log.read_text(encoding="utf-8") if log.exists() else ""
            aside = list(data.glob("autosave.parlour.journal.damaged-*"))
            if case.said is None:
                assert "journal" not in notices and aside == [], case.name
                continue
            lines = [t for t in notices.splitlines() if t.startswith("The moves of your saved")]
            assert len(lines) == 1, f"{case.name}: {notices}"
            kept = case.resumed - BASE
            how = f"after the first {kept} of its moves" if kept else "none of its moves"
            assert case.said in lines[0] and how in lines[0], case.name
            assert len(aside) == 1 and aside[0].name in lines[0], case.name
            assert aside[0].read_bytes() == case.journal, case.name
    finally:
        for _case, _home, _data, _resumed, _log, proc in started:
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
