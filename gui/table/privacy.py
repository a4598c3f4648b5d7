"""The privacy screen of hot-seat play: it covers the table while the computer is passed
from one person to the next, so nobody sees another person's hand."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QAbstractSlider,
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gui.model.prompts import hand_over_words

_Step = QAbstractSlider.SliderAction
#: Keys that scroll the lines (the area never takes the focus: Space is "ready").
SCROLL_KEYS = {
    Qt.Key.Key_Up: _Step.SliderSingleStepSub,
    Qt.Key.Key_Down: _Step.SliderSingleStepAdd,
    Qt.Key.Key_PageUp: _Step.SliderPageStepSub,
    Qt.Key.Key_PageDown: _Step.SliderPageStepAdd,
    Qt.Key.Key_Home: _Step.SliderToMinimum,
    Qt.Key.Key_End: _Step.SliderToMaximum,
}
LINES_WIDTH = 720  # the events' column at most, in pixels: lines a reader can follow


class PrivacyScreen(QWidget):
    """Covers ``view``'s viewport: "Pass to Ann — click or press Space when ready", with
    every public event since Ann's last turn, the latest in view and the earlier ones a
    scroll away (with five people a stop call or a pool taken fell off a list of the last
    eight). Emits :attr:`ready` when dismissed."""

    ready = Signal()

    def __init__(self, view: QWidget) -> None:
        super().__init__(view)
        self.view = view
        self.setObjectName("privacy")
        # An opaque cover: the table behind it must not show through.
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setAutoFillBackground(True)
        self.setStyleSheet(
            "#privacy { background: #10301e; } #privacy QLabel { color: #f5f0e1; }"
            " #privacy QLabel#passTo { font-size: 26px; font-weight: bold; }"
            " #privacy QScrollArea, #privacy QWidget#qt_scrollarea_viewport,"
            " #privacy QLabel#since { background: transparent; }"
        )
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        layout = self._column = QVBoxLayout(self)
        layout.addStretch(2)
        self.title = QLabel(self)
        self.title.setObjectName("passTo")
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # names as typed, tags and all
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)  # "Pass to the player named You — …" is wider than 800 px
        layout.addWidget(self.title)
        self.heading = QLabel(self)
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.heading)
        self.since = QLabel()
        self.since.setObjectName("since")
        self.since.setTextFormat(Qt.TextFormat.PlainText)  # names as typed, tags and all
        self.since.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.since.setWordWrap(True)
        self.events_area = _SinceArea(self.since)
        layout.addWidget(self.events_area, 0, Qt.AlignmentFlag.AlignHCenter)
        self.button = QPushButton("I'm ready — show my cards", self)
        self.button.setObjectName("ready")
        self.button.clicked.connect(self._dismiss)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(3)
        self.hide()
        view.installEventFilter(self)

    def ask(self, name: str, since: list[str], *, first: bool = False) -> None:
        """Cover the table for ``name``; ``since``: public events since their last turn, or
        with ``first`` (no turn of theirs yet), since the deal began."""
        title, button = hand_over_words(name)
        self.title.setText(title)
        heading = "So far this deal:" if first else "Since your last turn:"
        self.heading.setText(heading if since else "")
        self.since.setText("\n".join(since))
        self.events_area.updateGeometry()
        self.events_area.setVisible(bool(since))
        self.button.setText(button)
        self.setAccessibleName(self.title.text())
        self.setGeometry(self.view.rect())
        self.show()
        self.raise_()
        self.setFocus()
        self._to_latest()

    def _to_latest(self) -> None:
        """Scroll the events to the latest, once the lines are laid out at this width."""
        self._column.activate()
        bar = self.events_area.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _dismiss(self) -> None:
        if self.isVisible():
            self.hide()
            self.ready.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._dismiss()
            return
        step = SCROLL_KEYS.get(Qt.Key(event.key()))
        if step is not None:  # the lines, read from the keyboard too
            self.events_area.verticalScrollBar().triggerAction(step)
            return
        super().keyPressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        self._dismiss()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.view and event.type() == QEvent.Type.Resize and self.isVisible():
            self.events_area.updateGeometry()  # its height follows the width
            self.setGeometry(self.view.rect())
            self._to_latest()
        return False


class _SinceArea(QScrollArea):
    """A frameless, see-through scroll area around the lines (a word-wrapped label): as
    tall as the lines where the screen has room, else as tall as it has, scrolled; at most
    :data:`LINES_WIDTH` pixels wide. It never takes the keyboard (Space is "ready"), and a
    click on it dismisses the screen as a click anywhere does."""

    def __init__(self, lines: QLabel) -> None:
        super().__init__()
        self.setWidget(lines)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        # QScrollArea's own hint is a few lines at a guessed width; the lines' height at
        # the width the screen gives them is what is wanted, the layout shrinks it to fit
        screen = self.parentWidget()
        width = min(LINES_WIDTH, (screen.width() if screen else LINES_WIDTH) - 24)
        lines = self.widget()
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(width, lines.heightForWidth(width - bar) if lines else 0)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(self.sizeHint().width(), self.fontMetrics().height() * 2)
