"""The main window's place on its screen: where it opens (the remembered place and size, a
``--size``, or most of the screen on a first run), and, while the window manager frames it
just after it is shown, kept inside the screen, frame included. The geometry itself is
:mod:`gui.windows.screenfit`'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QPoint, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QMoveEvent, QShowEvent

from gui.store import settings
from gui.windows.screenfit import fit_to_screen, frame_margins, window_geometry


class PlacementMixin:
    """The window's placement, for :class:`MainWindow` (a ``QMainWindow``, whose
    ``showEvent`` and ``moveEvent`` these override).

    It relies on the window's ``remember`` (whether settings are kept) and its
    ``add_notice`` (a damaged kept place is said there). It owns
    ``_settle_until`` (a :func:`time.monotonic` time in seconds: until then, a move by the
    window manager is checked).
    """

    remember: bool
    _settle_until: float
    add_notice: Callable[[str], None]

    def place_on_screen(self, size: QSize | None = None) -> None:
        """Open inside the screen, title bar and frame included: at the remembered size and
        place (with ``remember``), or ``size`` (``--size``), or centred at 1280×800 (at 70%
        of a larger screen); shrunk to the screen's available geometry and moved into it
        when the screen is smaller now."""
        damaged: list[str] = []
        saved = settings.load_window(damaged) if self.remember and size is None else None
        for text in damaged:
            self.add_notice(text)
        at = QPoint(saved[0], saved[1]) if saved else None
        screen = (
            QGuiApplication.screenAt(at) if at is not None else None
        ) or QGuiApplication.primaryScreen()
        want = size or (QSize(saved[2], saved[3]) if saved else None)
        if screen is None:
            self.resize(want or QSize(1280, 800))
            return
        if want is None:  # a first run: 1280×800, or most of a large screen
            avail = screen.availableGeometry()
            want = QSize(max(1280, avail.width() * 7 // 10), max(800, avail.height() * 7 // 10))
        # Never placed at a size the window cannot take (a hand-edited "20 pixels high"):
        # the place is worked out for the size the window will have.
        want = want.expandedTo(self.minimumSizeHint())
        margins = frame_margins(self)
        rect = window_geometry(want, at, screen.availableGeometry(), margins)
        self.resize(rect.size())
        self.move(rect.left() - margins.left(), rect.top() - margins.top())
        if saved and saved[4]:
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt name)
        super().showEvent(event)
        if not event.spontaneous():
            # The window manager frames the window after it is shown: look again then.
            self._settle_until = time.monotonic() + 2.0
            # Looked at again a little later too: a window manager that keeps the client
            # where it was asked to be (openbox, a kept place at the screen's top edge)
            # frames it without moving it, so no move event says the title bar is now
            # above the screen.
            for ms in (0, 250, 1000):
                QTimer.singleShot(ms, self._keep_on_screen)

    def moveEvent(self, event: QMoveEvent) -> None:  # noqa: N802 (Qt name)
        super().moveEvent(event)
        if time.monotonic() < self._settle_until:
            self._keep_on_screen()

    def _keep_on_screen(self) -> None:
        """Shrink and move the window so that it and its frame lie inside its screen."""
        if self.isVisible() and not (self.isMaximized() or self.isFullScreen()):
            fit_to_screen(self)
