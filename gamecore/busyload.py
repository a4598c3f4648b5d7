"""Busy loops that load the machine during a measurement (``--busy N`` of
``python -m gamecore.bench`` and ``python -m gui.app.bench``), so that anyone can
reproduce the loaded figures of ``docs/strength.md`` (issue 29: two busy loops on the
2-core machine).

Each loop is a Python process spinning at the normal priority (nice 0, the bench's own),
as ``while :; do :; done`` in a shell would. :func:`busy_loops` stops them when the
measurement ends, however it ends (an error, Ctrl-C); a loop also ends by itself within a
fraction of a second once the process that started it is gone (killed with SIGKILL, say),
so that none is ever left spinning.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# The loop: spin, and look every few million steps whether its parent is still there.
_PROGRAM = (
    "import os\n"
    "parent = {parent}\n"
    "while os.getppid() == parent:\n"
    "    for _ in range(1 << 20):\n"
    "        pass\n"
)


def start_busy_loops(n: int) -> list[subprocess.Popen[bytes]]:
    """Start ``n`` (≥ 0) busy-loop processes; returns them (stop them with
    :func:`stop_busy_loops`)."""
    program = _PROGRAM.format(parent=os.getpid())
    loops: list[subprocess.Popen[bytes]] = []
    try:
        for _ in range(n):
            loops.append(
                subprocess.Popen(
                    [sys.executable, "-c", program],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
    except BaseException:
        stop_busy_loops(loops)
        raise
    return loops


def stop_busy_loops(loops: list[subprocess.Popen[bytes]]) -> None:
    """Kill the busy loops ``loops`` and wait until they are gone."""
    for p in loops:
        if p.poll() is None:
            p.kill()
    for p in loops:
        p.wait()


@contextmanager
def busy_loops(n: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``with busy_loops(n):`` runs its body with ``n`` busy loops spinning (none for 0),
    and stops them when the body ends, also by an exception or Ctrl-C."""
    loops = start_busy_loops(n)
    try:
        yield loops
    finally:
        stop_busy_loops(loops)
