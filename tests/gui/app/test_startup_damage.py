"""Start-up never fails: the real app, started in a subprocess on a data folder with one
class of damaged or unusable file, is running, says so in a notice, and has set the damaged
file aside (``<name>.damaged-<timestamp>``, its bytes intact) without touching the others.

Faults that cannot be made for real here (CI runs as root: no permission errors, no full
disk) are made by a launcher that patches one function before the app starts. Every app
prints its notices to ``--notice-log``; all classes start at once and are waited for by
condition, never by time.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import dumps_record
from gui.store import persistence
from paths import ROOT

STARTUP_TIMEOUT = 120.0  # seconds for every app to show its first notice, on a busy machine

LAUNCHER = """\
import sys
{patch}
from gui.app.cli import main
sys.exit(main(sys.argv[1:]))
"""

NO_PERMISSION = """\
import pathlib
_read = pathlib.Path.read_bytes
def read_bytes(self):
    if self.name == {name!r}:
        raise PermissionError(13, "Permission denied", str(self))
    return _read(self)
pathlib.Path.read_bytes = read_bytes
"""

UNWRITABLE = """\
import tempfile
def mkstemp(*a, **k):
    raise PermissionError(13, "Permission denied")
tempfile.mkstemp = mkstemp
"""

DISK_FULL = """\
import errno, os
def fsync(fd):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
os.fsync = fsync
"""


def _good_record(people: list[bool]) -> tuple[bytes, bytes]:
    """An unfinished Newmarket session (record and side file) as the autosave holds it."""
    session = Session(make_game("newmarket", {}), ["Ann", "Ben", "Cat", "Dan"], 0)
    session.start_deal_seeded(7)
    while len(session.logs[-1].actions) < 8:
        d = session.decision()
        session.apply(d.actions[0] if isinstance(d, PlayChoice) else d.default_action())
    side = json.dumps({"people": people, "allow_undo": True, "levels": ["normal"] * 4})
    return dumps_record(session).encode(), side.encode()


GOOD, SIDE = _good_record([True, False, False, False])
WATCHED, WATCHED_SIDE = _good_record([False] * 4)


def _edited(edit) -> bytes:
    """The good record with ``edit(data)`` applied to its JSON, written with a marker
    ``@@`` replaced afterwards (for values JSON itself cannot hold)."""
    data = json.loads(GOOD)
    raw = edit(data)
    text = json.dumps(data, indent=1)
    return (text.replace('"@@"', raw) if raw else text).encode()


def _set(path: tuple, value, raw: str | None = None):
    def edit(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = "@@" if raw else value
        return raw

    return edit


def _repeat_move(k: int):
    """An edit: deal 1's move ``k`` (from 1) is its move ``k - 1`` again, which the game
    refuses."""

    def edit(data):
        actions = data["deals"][0]["actions"]
        actions[k - 1] = actions[k - 2]

    return edit


def _mutations() -> dict[str, bytes | None]:
    """The damaged forms of a JSON file (``None``: a folder where the file belongs)."""
    return {
        "garbage": b"this is not a saved game",
        "empty": b"",
        "truncated": GOOD[: len(GOOD) // 2],
        "binary": bytes(range(256)) * 4,
        "foreign JSON": b'{"hello": "world", "version": 1}',
        "deep nesting": b"[" * 200_000 + b"]" * 200_000,
        "thousands of digits": _edited(_set(("start", "balances", 0), None, "9" * 5000)),
        "non-ASCII digits": _edited(_set(("start", "first_dealer"), None, "\u0660")),
        "float for an integer": _edited(_set(("deals", 0, "dealer"), 0.0)),
        "bool for an integer": _edited(_set(("start", "balances", 1), True)),
        "beyond the format's limits": _edited(_set(("players", 1), "Ben\u0007")),
        "a key twice": GOOD.replace(
            b'"game": "newmarket"', b'"game": "newmarket", "game": "newmarket"', 1
        ),
        "a folder": None,
    }


@dataclass
class Case:
    """One start-up: files to lay out, an optional patch, what must be said and kept."""

    name: str
    files: dict[str, bytes | None] = field(default_factory=dict)
    patch: str = ""
    said: str = ""
    damaged: str | None = None  # the file that must be set aside, bytes intact
    unchanged: tuple[str, ...] = ()  # files that must keep their bytes
    settings: dict | None = None
    values: dict[str, str] = field(default_factory=dict)  # settings written as they are
    data_is_file: bool = False
    resume: bool = False


def _cases() -> list[Case]:
    cases = []
    for kind, data in _mutations().items():
        cases.append(
            Case(
                f"autosave: {kind}",
                {persistence.AUTOSAVE: data, persistence.STATISTICS: b'{"games": {}}'},
                said="Your saved game could not be read",
                damaged=persistence.AUTOSAVE,
                unchanged=(persistence.STATISTICS,),
            )
        )
        if kind not in (
            "thousands of digits",
            "non-ASCII digits",
            "float for an integer",
            "bool for an integer",
            "beyond the format's limits",
            "a key twice",
        ):
            cases.append(
                Case(
                    f"statistics: {kind}",
                    {persistence.STATISTICS: data},
                    said="Your statistics could not be read",
                    damaged=persistence.STATISTICS,
                )
            )
    stats_text = json.dumps(
        {
            "version": 1,
            "counted": {},
            "games": {
                "Newmarket": {
                    "Ann": {"deals": 3, "won": 5, "lost": 2, "pools_taken": 1, "current": [1, 2, 3]}
                }
            },
        }
    )
    for kind, text in {
        "thousands of digits": stats_text.replace('"deals": 3', '"deals": ' + "7" * 5000),
        "non-ASCII digits": stats_text.replace('"deals": 3', '"deals": \u0663'),
        "float for an integer": stats_text.replace('"deals": 3', '"deals": 3.0'),
        "bool for an integer": stats_text.replace('"won": 5', '"won": true'),
        "a string for an integer": stats_text.replace('"lost": 2', '"lost": "2"'),
    }.items():
        cases.append(
            Case(
                f"statistics: {kind}",
                {persistence.STATISTICS: text.encode()},
                said="Your statistics could not be read",
                damaged=persistence.STATISTICS,
            )
        )
    side = "autosave.parlour.table.json"
    for kind, data in {
        "garbage": b"{{{",
        "wrong types": b'{"people": "yes"}',
        "too few seats": b'{"people": [true, false]}',
        "a folder": None,
    }.items():
        cases.append(
            Case(
                f"side file: {kind}",
                {persistence.AUTOSAVE: GOOD, side: data},
                said="The seats of your saved game could not be read",
                damaged=side,
                unchanged=(persistence.AUTOSAVE,),
            )
        )
    cases += [
        Case(
            "autosave: a move refused",  # the good part before it goes on (--resume)
            {persistence.AUTOSAVE: _edited(_repeat_move(6)), side: SIDE},
            said='Your saved game is damaged at deal 1, action 6 ("',
            damaged=persistence.AUTOSAVE,
            resume=True,
        ),
        Case(
            "autosave: no permission",
            {persistence.AUTOSAVE: GOOD},
            patch=NO_PERMISSION.format(name=persistence.AUTOSAVE),
            said="Your saved game could not be read",
            damaged=persistence.AUTOSAVE,
        ),
        Case(
            "statistics: no permission",
            {persistence.STATISTICS: b'{"games": {}}'},
            patch=NO_PERMISSION.format(name=persistence.STATISTICS),
            said="Your statistics could not be read",
            damaged=persistence.STATISTICS,
        ),
        Case(
            "data folder: a file", data_is_file=True, said="Games cannot be saved: the data folder"
        ),
        Case(
            "data folder: not writable",
            patch=UNWRITABLE,
            said="Games cannot be saved: Permission denied",
        ),
        Case(
            "data folder: disk full",
            {persistence.AUTOSAVE: WATCHED, side: WATCHED_SIDE},
            patch=DISK_FULL,
            said="Games cannot be saved: No space left on device",
            unchanged=(persistence.AUTOSAVE, side),
            resume=True,
        ),
        Case(
            "settings: an option this version does not know",
            settings={"game": "spinado", "options": {"sn.jokers": True}},
            said="Some of your last New Game choices no longer fit this version",
        ),
        Case(
            "settings: a malformed seat list",
            settings={"game": "spoil-five", "seats": [["Ann", True], 7, None]},
            said="Some of your last New Game choices no longer fit this version",
        ),
        Case(
            "settings: wrong types",
            settings={
                "game": "newmarket",
                "options": {"nm.stake": "4", "gen.rounds": 2.5},
                "seats": "Ann",
            },
            said="Some of your last New Game choices no longer fit this version",
        ),
    ]
    return cases + _settings_cases()


#: The values of the settings file the app reads at start, and how its notice names each.
PREFS = {
    "table/speed": "the animation speed",
    "table/fourColour": "four-colour suits",
    "table/back": "the card back",
    "table/felt": "the table's colour",
    "table/autoPlay": "auto-play",
    "table/name": "your name",
    "table/zoom": "the zoom",
    "table/revealTricks": "showing unplayed cards",
    "coach/off": "the coach's off switch",
    "coach/coached": "the games coached",
}


def _settings_cases() -> list[Case]:
    """Deep nesting (100,000 levels) in every value of the settings file the app reads."""
    deep = "[" * 100_000 + "]" * 100_000
    long = "longer than 200 characters"
    return [
        Case(
            "settings: deep nesting in every table setting",
            values=dict.fromkeys(PREFS, deep),
            said="Some of your settings could not be read ("
            + "; ".join(f"{what}: {long}" for what in PREFS.values())
            + "); their defaults are used.",
        ),
        Case(
            "settings: deep nesting in the New Game choices",
            values={"newgame/last": deep},
            said="(the last New Game choices: longer than 20000 characters)",
        ),
        Case(
            "settings: nesting past the recursion limit in the New Game choices",
            values={"newgame/last": "[" * 9000 + "]" * 9000},
            said="(the last New Game choices: nested too deeply)",
        ),
        Case(
            "settings: deep nesting in the window's place",
            values={"window/geometry": deep},
            said="(the window's place: longer than 200 characters)",
        ),
    ]


CASES = _cases()


def _lay_out(case: Case, home: Path) -> tuple[dict[str, str], Path]:
    data = home / "data"
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(home / "config"),
        PARLOUR_DATA_DIR=str(data),
    )
    if case.data_is_file:
        data.write_text("a file where the data folder belongs")
        return env, data
    data.mkdir(parents=True)
    for name, content in case.files.items():
        if content is None:
            (data / name).mkdir()
            (data / name / "inside.txt").write_text("kept")
        else:
            (data / name).write_bytes(content)
    if case.settings is not None:
        setup = (
            "import json, sys; from gui.store import settings; "
            "s = settings.settings(); s.setValue('newgame/last', sys.argv[1]); s.sync()"
        )
        subprocess.run(
            [sys.executable, "-c", setup, json.dumps(case.settings)],
            env=env,
            cwd=ROOT,
            check=True,
            timeout=60,
        )
    if case.values:
        setup = (
            "import json, sys; from gui.store import settings; s = settings.settings()\n"
            "for k, v in json.load(sys.stdin).items(): s.setValue(k, v)\ns.sync()"
        )
        subprocess.run(  # on stdin: 200,000 characters is too long for a command line
            [sys.executable, "-c", setup],
            input=json.dumps(case.values).encode(),
            env=env,
            cwd=ROOT,
            check=True,
            timeout=60,
        )
    return env, data


def test_the_app_starts_with_every_class_of_damaged_file(tmp_path):
    started = []
    for i, case in enumerate(CASES):
        home = tmp_path / f"case{i}"
        home.mkdir()
        env, data = _lay_out(case, home)
        log = home / "notices.txt"
        args = ["--notice-log", str(log), "--seed", str(i)] + (["--resume"] if case.resume else [])
        proc = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER.format(patch=case.patch), *args],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=(home / "stderr.txt").open("w"),
        )
        started.append((case, home, data, log, proc))
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        pending = list(started)
        while pending and time.monotonic() < deadline:
            for entry in list(pending):
                case, home, _data, log, proc = entry
                if proc.poll() is not None:
                    pytest.fail(
                        f"{case.name}: the app exited with {proc.returncode}: "
                        f"{(home / 'stderr.txt').read_text()[-1500:]}"
                    )
                if log.exists() and case.said in log.read_text(encoding="utf-8"):
                    pending.remove(entry)
            time.sleep(0.05)  # polling the subprocesses' files, not timing the app
        assert not pending, "no notice from: " + ", ".join(
            f"{c.name} ({log.read_text() if log.exists() else 'nothing'})"
            for c, _h, _d, log, _p in pending
        )
        for case, _home, data, _log, proc in started:
            assert proc.poll() is None, f"{case.name}: the app is not running"
            if case.damaged is not None:
                kept = list(data.glob(case.damaged + ".damaged-*"))
                assert len(kept) == 1, f"{case.name}: {sorted(p.name for p in data.iterdir())}"
                original = case.files[case.damaged]
                if original is None:
                    assert (kept[0] / "inside.txt").read_text() == "kept"
                else:
                    assert kept[0].read_bytes() == original, case.name
            for name in case.unchanged:
                assert (data / name).read_bytes() == case.files[name], f"{case.name}: {name}"
    finally:
        for _case, _home, _data, _log, proc in started:
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
    assert len(CASES) >= 30
