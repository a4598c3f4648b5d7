"""Windows that fit the screen they open on.

A window is kept inside its screen's *available* geometry (the screen less panels and task
bars) with the window manager's frame (title bar and borders) counted: a window taller than
the room left is shrunk, and one that would stick out is moved in. The arithmetic is plain
(:func:`fit_size`, :func:`fit_geometry`) so it can be tested without a window manager; Qt's
offscreen platform has none.

Dialogs derive from :class:`FittedDialog`, which fits itself every time it is shown; their
long content sits in a :class:`ContentScroll`, which asks for its whole content's size and
scrolls when the dialog is bounded smaller, so the buttons below it always stay on screen.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMargins, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QScreen, QShowEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QFrame,
    QScrollArea,
    QStyle,
    QWidget,
)

__all__ = [
    "DEFAULT_FRAME",
    "ContentScroll",
    "FittedDialog",
    "WheelGuard",
    "available_geometry",
    "fit_geometry",
    "fit_size",
    "fit_to_screen",
    "frame_margins",
    "screen_of",
    "window_geometry",
]

#: The frame assumed around a window the window manager has not framed yet, in pixels
#: (left, top, right, bottom): a title bar on top and thin borders. Generous rather than
#: tight: a few pixels too many cost nothing, too few put the buttons under the task bar.
DEFAULT_FRAME = QMargins(6, 36, 6, 6)


def fit_size(size: QSize, avail: QRect, margins: QMargins) -> QSize:
    """``size`` (a window's client area, pixels) shrunk so that with ``margins`` (its frame)
    around it, it fits ``avail`` (the screen's available geometry). Never below 1×1."""
    room_w = avail.width() - margins.left() - margins.right()
    room_h = avail.height() - margins.top() - margins.bottom()
    return QSize(max(1, min(size.width(), room_w)), max(1, min(size.height(), room_h)))


def fit_geometry(geometry: QRect, avail: QRect, margins: QMargins) -> QRect:
    """``geometry`` (a window's client rectangle, global pixels) shrunk by :func:`fit_size`
    and moved the least so that its frame (``margins`` around it) lies inside ``avail``."""
    size = fit_size(geometry.size(), avail, margins)
    low_x = avail.left() + margins.left()
    high_x = avail.left() + avail.width() - margins.right() - size.width()
    low_y = avail.top() + margins.top()
    high_y = avail.top() + avail.height() - margins.bottom() - size.height()
    x = min(max(geometry.x(), low_x), max(low_x, high_x))
    y = min(max(geometry.y(), low_y), max(low_y, high_y))
    return QRect(QPoint(x, y), size)


def window_geometry(want: QSize, saved_at: QPoint | None, avail: QRect, margins: QMargins) -> QRect:
    """Where a main window opens: ``want`` (its client size: the remembered one, or the
    size asked for) shrunk to ``avail`` with its frame ``margins``, at the remembered
    client position ``saved_at`` moved inside ``avail``, or centred in it when there is
    none. Plain arithmetic (global pixels), so it is tested without a window manager."""
    size = fit_size(want, avail, margins)
    if saved_at is None:
        outer_w = size.width() + margins.left() + margins.right()
        outer_h = size.height() + margins.top() + margins.bottom()
        saved_at = QPoint(
            avail.left() + (avail.width() - outer_w) // 2 + margins.left(),
            avail.top() + (avail.height() - outer_h) // 2 + margins.top(),
        )
    return fit_geometry(QRect(saved_at, size), avail, margins)


def screen_of(widget: QWidget) -> QScreen | None:
    """The screen ``widget``'s window is on; for a window not shown yet, its parent
    window's screen (a dialog opens over the window that opened it); else the primary."""
    window = widget.window()
    parent = window.parentWidget()
    if not window.isVisible() and parent is not None:
        window = parent.window()
    return window.screen() or QApplication.primaryScreen()


def available_geometry(widget: QWidget) -> QRect:
    """The available geometry (global pixels) of :func:`screen_of` ``widget``; an empty
    rectangle when there is no screen at all."""
    screen = screen_of(widget)
    return screen.availableGeometry() if screen is not None else QRect()


def _measured(window: QWidget) -> QMargins | None:
    """The frame around ``window`` as the window manager drew it, or ``None`` (not framed
    yet, or no window manager)."""
    if not window.isVisible():
        return None
    outer, inner = window.frameGeometry(), window.geometry()
    margins = QMargins(
        inner.left() - outer.left(),
        inner.top() - outer.top(),
        outer.right() - inner.right(),
        outer.bottom() - inner.bottom(),
    )
    if (
        margins.isNull()
        or min(margins.left(), margins.top(), margins.right(), margins.bottom()) < 0
    ):
        return None
    return margins


def frame_margins(window: QWidget) -> QMargins:
    """The frame around top-level ``window``: as measured once it is framed, else its
    parent window's (the same window manager frames both), else :data:`DEFAULT_FRAME`."""
    window = window.window()
    found = _measured(window)
    if found is None and window.parentWidget() is not None:
        found = _measured(window.parentWidget().window())
    return found if found is not None else QMargins(DEFAULT_FRAME)


def fit_to_screen(window: QWidget, size: QSize | None = None, move: bool = True) -> QSize:
    """Resize top-level ``window`` to ``size`` (default: its current size) shrunk to its
    screen (frame included), and, when it is shown and ``move`` is true, move it inside
    that screen. Returns the size given. A window whose layout needs more than the screen
    stays at its layout's minimum: put long content in a :class:`ContentScroll`."""
    window = window.window()
    avail = available_geometry(window)
    want = QSize(size) if size is not None else window.size()
    if avail.isEmpty():
        window.resize(want)
        return window.size()
    margins = frame_margins(window)
    fitted = fit_size(want, avail, margins)
    window.resize(fitted)
    if move and window.isVisible():
        rect = fit_geometry(QRect(window.geometry().topLeft(), window.size()), avail, margins)
        if rect.topLeft() != window.geometry().topLeft():
            window.move(rect.left() - margins.left(), rect.top() - margins.top())
    return window.size()


class ContentScroll(QScrollArea):
    """A frameless scroll area for a dialog's long content. It asks for its whole content's
    size (a plain :class:`QScrollArea` asks for at most 24 lines), so a dialog is as large
    as its content where the screen allows and scrolls inside where it does not."""

    def __init__(self, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("content")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setWidget(content)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        content = self.widget()
        if content is None:
            return super().sizeHint()
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        frame = 2 * self.frameWidth()
        hint = content.sizeHint().expandedTo(content.minimumSizeHint())
        return QSize(hint.width() + frame + bar, hint.height() + frame)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        # Small: the dialog may be bounded well below its content's size.
        h = self.fontMetrics().height()
        return QSize(min(self.sizeHint().width(), 12 * h), min(self.sizeHint().height(), 4 * h))


class WheelGuard(QObject):
    """An event filter for value editors (spin boxes, combo boxes) inside a scrolled list:
    the mouse wheel changes an editor's value only while that editor has the keyboard
    focus; otherwise the wheel scrolls ``scroll`` as if the editor were not there.

    Install it with :meth:`guard`, which also stops the wheel from giving focus."""

    def __init__(self, scroll: QScrollArea) -> None:
        super().__init__(scroll)
        self.scroll = scroll

    def guard(self, editor: QWidget) -> None:
        """Guard ``editor`` (a spin box or combo box)."""
        if editor.focusPolicy() == Qt.FocusPolicy.WheelFocus:
            editor.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # click and Tab, not the wheel
        editor.installEventFilter(self)

    def guard_all(self, root: QWidget) -> None:
        """Guard every spin box and combo box inside ``root``."""
        for editor in root.findChildren(QAbstractSpinBox) + root.findChildren(QComboBox):
            self.guard(editor)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if (
            event.type() == QEvent.Type.Wheel
            and isinstance(watched, QWidget)
            and not (watched.hasFocus() or _popup_open(watched))
        ):
            QApplication.sendEvent(self.scroll.verticalScrollBar(), event)
            return True
        return False


def _popup_open(widget: QWidget) -> bool:
    """True while a combo box's list is open (the wheel then moves in the list)."""
    return isinstance(widget, QComboBox) and widget.view().isVisible()


class FittedDialog(QDialog):
    """A dialog that fits its screen whenever it is shown: its preferred size
    (:meth:`preferred_size`, the layout's size hint unless a subclass says otherwise)
    bounded by the available geometry of the screen it opens on, frame included. Qt's own
    placement then centres it over its parent and keeps it inside that screen."""

    _fitted_once = False

    def preferred_size(self) -> QSize:
        """The size this dialog would like (pixels); the screen may bound it."""
        return self.sizeHint().expandedTo(self.minimumSizeHint())

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt name)
        if not event.spontaneous():
            want = self.size() if self._fitted_once else self.preferred_size()
            # Only the size: moving here would stop Qt from centring the dialog over its
            # parent (it places a dialog that was never moved, inside the screen).
            fit_to_screen(self, want, move=False)
            self._fitted_once = True
        super().showEvent(event)
