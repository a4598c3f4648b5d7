"""SIGTERM and SIGHUP close the table as the close button does (gui.app.stopsignals): the
real app in a subprocess, with Hard's search workers running, exits 0, releases the data
folder's lock and leaves no semaphore behind for the resource tracker to warn about.
Waits by condition (a file the launcher writes once the workers are up), never by time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from gui.store.tablelock import LOCK_NAME
from paths import ROOT, SHARED

TIMEOUT = 120.0  # seconds for the app to start its workers, or to stop, on a busy machine

# The real entry point, with the window's start wrapped to start Hard's worker processes
# (as a table with a Hard computer player does) and then say so in a file.
LAUNCHER = """\
import os, sys
from gui.windows import gamefiles

_start = gamefiles.GameFilesMixin.start
def start(self, *a, **k):
    _start(self, *a, **k)
    from gamecore.search.ismcts import default_pool
    default_pool().start()
    open(os.environ["PARLOUR_TEST_READY"], "w").close()
gamefiles.GameFilesMixin.start = start
from gui.app.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _signal_when_ready(
    proc: subprocess.Popen,
    ready: Path,
    signum: int,
    tmp_path: Path,
    holds: Callable[[], bool] = lambda: True,
) -> str:
    """Wait until the app's launcher has written ``ready`` (polling a condition, not timing
    anything), check ``holds()`` then, send ``signum`` and wait for the app to end (killed
    if it does not); returns its standard error (``tmp_path / "stderr.txt"``)."""
    err = tmp_path / "stderr.txt"
    try:
        deadline = time.monotonic() + TIMEOUT
        while not ready.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ready.exists(), err.read_text()
        assert holds()
        proc.send_signal(signum)
        proc.wait(timeout=TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return err.read_text()


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_stop_signal_closes_the_table_cleanly(tmp_path, signame):
    data = tmp_path / "data"
    data.mkdir()
    ready = tmp_path / "ready"
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        PARLOUR_DATA_DIR=str(data),
        PARLOUR_TEST_READY=str(ready),
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", LAUNCHER, "--game", "spoil-five"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        # a file, not a pipe: the search workers inherit it, and a pipe's reader would
        # wait for them as well as for the app
        stderr=(tmp_path / "stderr.txt").open("w"),
    )
    err = _signal_when_ready(
        proc, ready, getattr(signal, signame), tmp_path, lambda: (data / LOCK_NAME).exists()
    )
    assert proc.returncode == 0, err
    assert not (data / LOCK_NAME).exists()  # released as the close button releases it
    assert "resource_tracker" not in err and "leaked" not in err, err


# ``parlour review FILE``, with the review window's show wrapped to say it is up.
REVIEW_LAUNCHER = """\
import os, sys
from gui.windows import reviewwindow

_show = reviewwindow.ReviewWindow.show
def show(self):
    _show(self)
    open(os.environ["PARLOUR_TEST_READY"], "w").close()
reviewwindow.ReviewWindow.show = show
from gui.app.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_a_stop_signal_closes_the_review_window(tmp_path):
    record = SHARED / "conformance" / "newmarket" / "001.json"
    if not record.exists():
        pytest.skip("the conformance records are not beside the project")
    ready = tmp_path / "ready"
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        PARLOUR_TEST_READY=str(ready),
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", REVIEW_LAUNCHER, "review", str(record)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "stderr.txt").open("w"),
    )
    err = _signal_when_ready(proc, ready, signal.SIGTERM, tmp_path)
    assert proc.returncode == 0, err
