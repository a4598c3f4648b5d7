"""SIGTERM and SIGHUP (a logout, ``kill``, a session manager) close the table as the
window's close button does: the autosave is flushed, the search workers are stopped and
the data folder's lock is released, instead of the process dying where it stands (which
left the workers' semaphores to the resource tracker, with a warning on standard error).

Python runs a signal handler only when the interpreter gets control, and a Qt event loop
waiting for input gives it none: the signal's byte is written to a socket
(:func:`signal.set_wakeup_fd`) that a :class:`QSocketNotifier` watches, so the loop wakes
and the handler runs at once. POSIX only; elsewhere nothing is installed.
"""

from __future__ import annotations

import os
import signal
import socket
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, QTimer

#: The signals that close the table.
STOP_SIGNALS = ("SIGTERM", "SIGHUP")


class _Wakeup(QObject):
    """Owns the socket pair and the notifier (kept alive as the app's child)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.reader, self.writer = socket.socketpair()
        self.reader.setblocking(False)
        self.writer.setblocking(False)
        self.notifier = QSocketNotifier(self.reader.fileno(), QSocketNotifier.Type.Read, self)
        self.notifier.activated.connect(self._drain)

    def _drain(self) -> None:
        try:
            while self.reader.recv(64):
                pass
        except OSError:  # nothing more to read
            pass


def close_on_stop_signals(app: QObject, close: Callable[[], object]) -> bool:
    """On SIGTERM or SIGHUP, call ``close()`` (on the GUI thread, from the event loop),
    e.g. the main window's ``close``, then quit the event loop. ``app``: the application
    (owns the notifier). Returns whether the handlers were installed (POSIX, main thread)."""
    if os.name != "posix":
        return False
    wake = _Wakeup(app)
    try:
        signal.set_wakeup_fd(wake.writer.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main thread: leave the default handlers
        return False

    def stop() -> None:
        close()
        QCoreApplication.quit()  # even with a dialog still open in front

    def handler(signum: int, frame: object) -> None:
        # From the event loop, not here: a signal that comes before the loop has started
        # would quit a loop not yet running, and the loop would then run on, closed.
        QTimer.singleShot(0, stop)

    for name in STOP_SIGNALS:
        signal.signal(getattr(signal, name), handler)
    return True
