"""One table per data folder: a second copy of Parlour started on the same saved game and
statistics must not write over the first's (Qt's ``QLockFile``, whose holder's process id
tells a lock left by a crash from a live one)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtCore import QLockFile

from gui.store.persistence import set_aside

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
        #: Where a damaged lock file was moved by :meth:`take`, if one was.
        self.damaged: Path | None = None

    def take(self) -> LockState:
        """Try to take the lock (at once, or within a moment when the lock file cannot be
        read). A lock file that names no process (empty, garbage, a folder: a power cut's
        leftover, never written by a running copy) is set aside as
        ``parlour.lock.damaged-<timestamp>`` (see :attr:`damaged`) and the lock taken."""
        if self._lock.tryLock(0):
            return LockState.TAKEN
        if self._lock.error() != QLockFile.LockError.LockFailedError:
            return LockState.UNUSABLE
        if self._holder() > 0:
            return LockState.ELSEWHERE
        # A copy starting this instant may not have written its process id yet: a moment
        # for it, then the file is taken for damaged.
        if self._lock.tryLock(200):
            return LockState.TAKEN
        if self._holder() > 0:
            return LockState.ELSEWHERE
        try:
            self.damaged = set_aside(self.path)
        except OSError:
            return LockState.UNUSABLE
        if self._lock.tryLock(0):
            return LockState.TAKEN
        return (
            LockState.ELSEWHERE
            if self._lock.error() == QLockFile.LockError.LockFailedError
            else LockState.UNUSABLE
        )

    def _holder(self) -> int:
        """The process id the lock file names, 0 when it names none (cannot be read)."""
        pid, _host, _app = self._lock.getLockInfo()
        return int(pid or 0)

    def release(self) -> None:
        """Let another copy take the table."""
        if self._lock.isLocked():
            self._lock.unlock()
