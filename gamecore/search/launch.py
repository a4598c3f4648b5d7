"""Starting Hard's search worker processes so that each watches the app from its first
instruction.

A worker started by ``multiprocessing``'s ``spawn`` method spends its first seconds
importing: the app's main module again, then the search. A watch set up only after that
(:func:`gamecore.search.ismcts._init_worker`) leaves a worker whose app is killed while it
starts alive for those seconds. The workers of :func:`spawn_context` run a few lines of the
standard library before anything else: a daemon thread that polls the worker's parent pid
and ends the worker (``os._exit``) as soon as the app is gone, however it died.

Only this module's :func:`watch_parent` and the program text below run before the
imports, so they use nothing but ``os``, ``threading`` and ``time``.
"""

from __future__ import annotations

import io
import multiprocessing
import multiprocessing.context
import os
import threading
import time
from typing import Any

#: Seconds between a starting worker's checks that the app is still its parent.
START_POLL = 0.1

# The program a worker runs first (``python -c``), before ``spawn_main``'s imports; the
# parent's pid is filled in. Plain text because nothing of Parlour is importable yet (the
# parent's sys.path arrives with spawn_main's preparation data).
_WATCH_PROGRAM = (
    "import os, threading, time\n"
    "def _parlour_watch(parent={parent}):\n"
    "    while os.getppid() == parent:\n"
    "        time.sleep({poll})\n"
    "    os._exit(0)\n"
    "threading.Thread(target=_parlour_watch, name='parent-watch', daemon=True).start()\n"
)


def watch_parent(parent: int, poll: float = START_POLL) -> None:
    """End this process (``os._exit(0)``) as soon as ``parent`` (a pid) is no longer its
    parent: checked at once, then every ``poll`` seconds on a daemon thread. POSIX only
    (an orphan is handed to another parent there); does nothing elsewhere."""
    if os.name != "posix":
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def watch_parent_from_argv(argv: list[str]) -> None:
    """In a frozen build's worker (``argv`` holds ``--multiprocessing-fork`` and
    ``parent_pid=N``, as :class:`_WatchedPopen` writes it), :func:`watch_parent` on ``N``;
    in any other process, nothing. Call it first in the frozen entry point, before its
    imports."""
    if "--multiprocessing-fork" not in argv:
        return
    for arg in argv:
        name, _, value = arg.partition("=")
        if name == "parent_pid" and value.isdigit():
            watch_parent(int(value))


def _watched_command_line(cmd: list[str], parent: int) -> list[str]:
    """``cmd`` (spawn's command line) with the watch program put in front of the ``-c``
    program; a frozen build's command line (no ``-c``) unchanged."""
    if "-c" not in cmd:
        return cmd
    at = cmd.index("-c") + 1
    watch = _WATCH_PROGRAM.format(parent=parent, poll=START_POLL)
    return [*cmd[:at], watch + cmd[at], *cmd[at + 1 :]]


if os.name == "posix":
    from multiprocessing import popen_spawn_posix, reduction, spawn, util
    from multiprocessing.context import set_spawning_popen

    def _close_fds(*fds: int) -> None:
        for fd in fds:
            os.close(fd)

    class _WatchedPopen(popen_spawn_posix.Popen):
        """``spawn``'s POSIX launch (the standard library's ``_launch``, one change: the
        command line starts with the watch and names the parent's pid)."""

        _fds: list[int]  # set by the standard library's __init__

        def _launch(self, process_obj: Any) -> None:
            from multiprocessing import resource_tracker

            tracker_fd = resource_tracker.getfd()
            assert tracker_fd is not None  # getfd starts the tracker when it is not running
            self._fds.append(tracker_fd)
            prep_data = spawn.get_preparation_data(process_obj._name)
            fp = io.BytesIO()
            set_spawning_popen(self)
            try:
                reduction.dump(prep_data, fp)
                reduction.dump(process_obj, fp)
            finally:
                set_spawning_popen(None)
            parent_r = child_w = child_r = parent_w = None
            try:
                parent_r, child_w = os.pipe()
                child_r, parent_w = os.pipe()
                # parent_pid: spawn_main takes it and ignores it on POSIX; a frozen
                # worker reads it from its argv (watch_parent_from_argv).
                cmd = spawn.get_command_line(
                    tracker_fd=tracker_fd, pipe_handle=child_r, parent_pid=os.getpid()
                )
                cmd = _watched_command_line(cmd, os.getpid())
                self._fds.extend([child_r, child_w])
                self.pid = util.spawnv_passfds(os.fsencode(spawn.get_executable()), cmd, self._fds)
                self.sentinel = parent_r
                with open(parent_w, "wb", closefd=False) as f:
                    f.write(fp.getbuffer())
            finally:
                fds_to_close = [fd for fd in (parent_r, parent_w) if fd is not None]
                self.finalizer = util.Finalize(self, _close_fds, fds_to_close)
                for fd in (child_r, child_w):
                    if fd is not None:
                        os.close(fd)

    class _WatchedProcess(multiprocessing.context.SpawnProcess):
        @staticmethod
        def _Popen(process_obj: Any) -> Any:  # noqa: N802 (the standard library's name)
            return _WatchedPopen(process_obj)

    class _WatchedSpawnContext(multiprocessing.context.SpawnContext):
        Process = _WatchedProcess


def spawn_context() -> multiprocessing.context.SpawnContext:
    """The ``spawn`` context for search workers: on POSIX one whose workers watch the app
    from their first instruction (:data:`START_POLL`); elsewhere the standard one (a
    Windows worker watches the app's process handle once started)."""
    if os.name == "posix":
        return _WatchedSpawnContext()
    return multiprocessing.get_context("spawn")  # pragma: no cover (Windows only)


__all__ = ["START_POLL", "spawn_context", "watch_parent", "watch_parent_from_argv"]
