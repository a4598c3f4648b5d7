"""Hard's search worker processes and the helper process multiprocessing starts beside them
(the resource tracker) never outlive the app, even when it is killed with SIGKILL: each
worker watches its parent and exits, the tracker follows. Workers run at a lower scheduling
priority than the app, so the GUI keeps its time."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from gamecore.search import ismcts, launch
from paths import ROOT

PROC = Path("/proc")
pytestmark = pytest.mark.skipif(
    not (PROC / "self" / "stat").exists(), reason="reads the process tree from /proc (Linux)"
)
#: The format of the issue: every process of the app gone within 5 s of its death.
GONE_WITHIN = 5.0


def _stat(pid: int) -> tuple[str, int] | None:
    """``(state, ppid)`` of ``pid``, or ``None`` once it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1])


def _alive(pid: int) -> bool:
    st = _stat(pid)
    return st is not None and st[0] not in ("Z", "X")  # a zombie has exited


def _descendants(root: int) -> set[int]:
    """Every live process below ``root`` in the process tree."""
    parent_of = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            st = _stat(int(entry.name))
            if st is not None and st[0] not in ("Z", "X"):
                parent_of[int(entry.name)] = st[1]
    out: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {p for p, pp in parent_of.items() if pp in frontier} - out
        out |= frontier
    return out


def _cmdline(pid: int) -> str:
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _wait_for_workers(proc: subprocess.Popen, workers: int, timeout: float) -> set[int]:
    """The processes below ``proc`` once ``workers`` search workers and the resource
    tracker run (polled; fails if ``proc`` exits or they do not appear in time)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"the process exited with {proc.returncode}")
        below = _descendants(proc.pid)
        spawned = [p for p in below if "spawn_main" in _cmdline(p)]
        tracker = [p for p in below if "resource_tracker" in _cmdline(p)]
        if len(spawned) >= workers and tracker:
            return below
        time.sleep(0.05)
    pytest.fail("the search workers did not start")


def _kill_and_wait(proc: subprocess.Popen, below: set[int]) -> tuple[float, set[int]]:
    """SIGKILL ``proc``; poll until every process of ``below`` has exited or
    :data:`GONE_WITHIN` seconds have passed. Returns the seconds taken and the survivors."""
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    t0 = time.monotonic()
    survivors = set(below)
    while survivors and time.monotonic() - t0 < GONE_WITHIN:
        survivors = {p for p in survivors if _alive(p)}
        time.sleep(0.02)
    return time.monotonic() - t0, survivors


def test_pool_processes_exit_when_their_parent_is_killed(tmp_path):
    script = textwrap.dedent("""
        import sys, time
        from gamecore.search.ismcts import SearchPool
        if __name__ == "__main__":
            SearchPool(workers=2).start()
            print("ready", flush=True)
            time.sleep(300)
    """)
    path = tmp_path / "pool.py"
    path.write_text(script)
    proc = subprocess.Popen(
        [sys.executable, str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        below = _wait_for_workers(proc, 2, 60)
        assert len(below) == 3  # two workers and the resource tracker, nothing else
        took, survivors = _kill_and_wait(proc, below)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert survivors == set(), [_cmdline(p) for p in survivors]
    assert took < GONE_WITHIN


def test_the_app_with_a_hard_seat_leaves_no_process_behind_after_sigkill(tmp_path):
    """The real app, offscreen, with a Hard computer at the table (its worker processes
    start with the game), killed with SIGKILL."""
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        PARLOUR_DATA_DIR=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    setup = (
        "from gui.store import settings; settings.save_table('newmarket', {'gen.rounds': 50}, "
        "[('Ann', False, 'hard'), ('Ben', False, 'hard'), ('Cat', False, 'normal')])"
    )
    subprocess.run([sys.executable, "-c", setup], env=env, cwd=ROOT, check=True, timeout=60)
    proc = subprocess.Popen(
        [sys.executable, "-m", "gui.app.cli", "--pace", "0", "--seed", "3"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        below = _wait_for_workers(proc, 2, 120)
        took, survivors = _kill_and_wait(proc, below)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert survivors == set(), [_cmdline(p) for p in survivors]
    assert took < GONE_WITHIN


def test_workers_run_at_a_lower_priority_than_the_app():
    pool = ismcts.SearchPool(workers=2)
    try:
        pool.start()
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        expected = min(19, mine + ismcts.WORKER_NICENESS)
        # A worker lowers its priority first thing when it starts; one may still be starting
        # (start() waits for the pool to answer, not for every worker): poll.
        deadline = time.monotonic() + 30
        while True:
            pids = pool.pids()
            seen = [os.getpriority(os.PRIO_PROCESS, p) for p in pids]
            if (len(pids) == 2 and seen == [expected] * 2) or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert seen == [expected, expected]
    finally:
        pool.shutdown()
    assert ismcts.WORKER_NICENESS == 10


#: Point 5 of the issue: a worker killed while it starts is gone within 2 s of the app.
GONE_WITHIN_START = 2.0

# The app's stand-in. A worker re-imports the main module first (as "__mp_main__"); with
# SLOW_MAIN set that import takes a minute, as the real app's (PySide6 and all) takes
# seconds under load, and writes a mark first so that the test can kill the parent then.
_STARTING_POOL = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    if __name__ == "__mp_main__" and os.environ.get("SLOW_MAIN"):
        Path(os.environ["MARKS"], str(os.getpid())).write_text("importing")
        time.sleep(60)
    if __name__ == "__main__":
        from gamecore.search.ismcts import SearchPool
        print("starting", flush=True)
        SearchPool(workers=2).start()
        print("ready", flush=True)
        time.sleep(300)
""")


def _carrying(token: str) -> set[int]:
    """The live processes whose environment holds ``token`` (found wherever they are in
    the process tree: an orphan is handed to another parent)."""
    found = set()
    needle = token.encode()
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            try:
                environ = (entry / "environ").read_bytes()
            except OSError:
                continue
            if needle in environ and _alive(int(entry.name)):
                found.add(int(entry.name))
    return found


def _poll_until(done, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not happen within {timeout} s")
        time.sleep(0.01)


@pytest.mark.parametrize("moment", ["starting", "spawned", "importing", "ready"])
def test_workers_killed_while_they_start_are_gone_within_2_s(tmp_path, moment):
    """The parent is SIGKILLed at one moment of its workers' start: as it begins to start
    them, once their processes exist, while they import the main module, once they are
    ready. Every process it started (workers, resource tracker) is gone within 2 s."""
    token = f"parlour-start-kill-{os.getpid()}-{moment}-{tmp_path.name}"
    marks = tmp_path / "marks"
    marks.mkdir()
    script = tmp_path / "pool.py"
    script.write_text(_STARTING_POOL)
    env = dict(os.environ, PARLOUR_KILL_TEST=token, MARKS=str(marks))
    if moment != "ready":
        env["SLOW_MAIN"] = "1"
    proc = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "starting\n"
        if moment == "spawned":
            _poll_until(
                lambda: any("spawn_main" in _cmdline(p) for p in _descendants(proc.pid)),
                60,
                "a worker's start",
            )
        elif moment == "importing":
            _poll_until(lambda: len(list(marks.iterdir())) == 2, 60, "both workers' import")
        elif moment == "ready":
            assert proc.stdout.readline() == "ready\n"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        t0 = time.monotonic()
        survivors = _carrying(token)
        while survivors and time.monotonic() - t0 < GONE_WITHIN_START:
            time.sleep(0.02)
            survivors = _carrying(token)
        took = time.monotonic() - t0
        left = {p: _cmdline(p) for p in survivors}
    finally:
        if proc.poll() is None:
            proc.kill()
        for pid in _carrying(token):  # only what this test started
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    assert left == {}
    assert took < GONE_WITHIN_START


def test_the_watch_goes_in_front_of_spawns_program_and_not_into_a_frozen_command_line():
    """The ``-c`` form of a worker's command line gets the watch (with the app's pid) in
    front of spawn's own program; a frozen build's (no ``-c``: its entry point watches) is
    left as it is."""
    frozen = ["parlour", "--multiprocessing-fork", "tracker_fd=5", "pipe_handle=7"]
    assert launch._watched_command_line(frozen, 42) == frozen
    plain = ["python", "-E", "-c", "spawn_main()", "--multiprocessing-fork"]
    watched = launch._watched_command_line(plain, 42)
    assert watched[:3] == ["python", "-E", "-c"]
    assert watched[3].startswith("import os, threading, time\n")
    assert "parent=42" in watched[3]
    assert watched[3].endswith("\nspawn_main()")
    assert watched[4:] == ["--multiprocessing-fork"]
