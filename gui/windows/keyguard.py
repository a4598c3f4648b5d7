"""A dialog that opens by itself (a deal's summary, the final standings) does not take a key
pressed as it opens, nor a key held down: an Enter or Escape meant for the table, pressed or
repeated just as the deal ended, went to the dialog's button and the summary was gone unseen.
For the dialog's first :data:`GUARD_MS` milliseconds its keys are swallowed, and while it is
shown so are a held key's repeats; a click still works at once.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QHideEvent, QKeyEvent, QShowEvent
from PySide6.QtWidgets import QApplication, QWidget

from gui.windows.screenfit import FittedDialog

__all__ = ["GUARD_MS", "KeyGuard", "SelfOpeningDialog"]

#: How long (ms) a dialog that opened by itself ignores the keyboard: longer than a key's
#: auto-repeat delay (about 250–600 ms) would be too long to wait for a deliberate Enter.
GUARD_MS = 400

_KEYS = (QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.ShortcutOverride)


class KeyGuard(QObject):
    """Watches the key events aimed at ``dialog`` (or any widget inside it) from :meth:`arm`
    until :meth:`detach`: all are swallowed while :attr:`active` (from :meth:`arm` until
    :meth:`release`, which a single-shot timer calls ``ms`` ms later), a held key's repeats
    always."""

    def __init__(self, dialog: QWidget, ms: int = GUARD_MS) -> None:
        super().__init__(dialog)
        self._dialog = dialog
        self.active = False
        self._attached = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(ms)
        self._timer.timeout.connect(self.release)

    def arm(self) -> None:
        """Start watching the dialog's keys, swallowing all of them for ``ms`` ms."""
        app = QApplication.instance()
        if app is None:
            return
        if not self._attached:
            app.installEventFilter(self)
            self._attached = True
        self.active = True
        self._timer.start()

    def release(self) -> None:
        """Let the dialog's keys through again, except a held key's repeats (also called
        by the timer)."""
        self._timer.stop()
        self.active = False

    def detach(self) -> None:
        """Stop watching (the dialog is hidden)."""
        self.release()
        app = QApplication.instance()
        if app is not None and self._attached:
            app.removeEventFilter(self)
        self._attached = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if event.type() not in _KEYS or not isinstance(watched, QWidget):
            return False
        if not (watched is self._dialog or self._dialog.isAncestorOf(watched)):
            return False
        return self.active or (isinstance(event, QKeyEvent) and event.isAutoRepeat())


class SelfOpeningDialog(FittedDialog):
    """A :class:`FittedDialog` that opens without being asked for: each time it is shown,
    its :attr:`key_guard` ignores the keys for :data:`GUARD_MS` ms, and a held key's
    repeats while it is shown."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.key_guard = KeyGuard(self)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt name)
        if not event.spontaneous():
            self.key_guard.arm()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 (Qt name)
        self.key_guard.detach()
        super().hideEvent(event)
