"""One table per data folder: a second copy of Parlour started on the same saved game and
statistics must not write over the first's (Qt's ``QLockFile``, whose holder's process id
tells a lock left by a crash from a live one)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtCore import QLockFile

LOCK_NAME = "parlour.lock"


class LockState(Enum):
    """What :meth:`TableLock.take` found."""

    TAKEN = "taken"  # this copy holds the table
    ELSEWHERE = "elsewhere"  # another running copy holds it
    UNUSABLE = "unusable"  # the lock cannot be written (the folder is not writable…)


class TableLock:
    """The lock of the data folder ``data_dir``; released by :meth:`release` or at exit."""

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / LOCK_NAME
        self._lock = QLockFile(str(self.path))
        # Held for as long as the table is open: never stale by age, only when its
        # holder's process is gone (a crash, SIGKILL).
        self._lock.setStaleLockTime(0)

    def take(self) -> LockState:
        """Try to take the lock at once (no waiting)."""
        if self._lock.tryLock(0):
            return LockState.TAKEN
        if self._lock.error() == QLockFile.LockError.LockFailedError:
            return LockState.ELSEWHERE
        return LockState.UNUSABLE

    def release(self) -> None:
        """Let another copy take the table."""
        if self._lock.isLocked():
            self._lock.unlock()
