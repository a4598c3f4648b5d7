"""Run a callable once a widget has painted for the first time.

The saved game at start-up is read on a worker thread, but that thread's work is Python
and shares the interpreter with the GUI thread: started with the window, it takes about
half the interpreter's time while the first table is painted, and the window appears
later than a fresh start's. Started after the first paint, the window is up as fast as a
fresh start's, and the reading runs while the event loop waits for input.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

#: Milliseconds after which the callable runs even if no paint came (a window that is
#: minimised or on no screen is never painted).
NO_PAINT_WAIT = 500


class _FirstPaint(QObject):
    """Event filter: calls ``then`` (once) after the first paint of the watched widget or
    after :data:`NO_PAINT_WAIT` ms, whichever comes first."""

    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._widget = widget
        self._then: Callable[[], None] | None = then
        widget.installEventFilter(self)
        QTimer.singleShot(NO_PAINT_WAIT, self, self._go)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.Paint:
            # after the paint has been handled, not within it
            QTimer.singleShot(0, self, self._go)
        return False

    def _go(self) -> None:
        then, self._then = self._then, None
        if then is None:
            return
        self._widget.removeEventFilter(self)
        self.deleteLater()
        then()


def after_first_paint(widget: QWidget, then: Callable[[], None]) -> None:
    """Call ``then()`` once on the GUI thread, as soon as ``widget`` (shown, or about to
    be) has painted for the first time, or after :data:`NO_PAINT_WAIT` ms without a paint.
    A hidden widget is never painted: ``then`` runs at once."""
    if not widget.isVisible():
        then()
        return
    _FirstPaint(widget, then)
