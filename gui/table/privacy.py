"""The privacy screen of hot-seat play: it covers the table while the computer is passed
from one person to the next, so nobody sees another person's hand."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from gui.model.prompts import hand_over_words


class PrivacyScreen(QWidget):
    """Covers ``view``'s viewport: "Pass to Ann — click or press Space when ready", with
    the public events since Ann's last turn. Emits :attr:`ready` when dismissed."""

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
        )
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        self.title = QLabel(self)
        self.title.setObjectName("passTo")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)  # "Pass to the player named You — …" is wider than 800 px
        layout.addWidget(self.title)
        self.since = QLabel(self)
        self.since.setObjectName("since")
        self.since.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.since.setWordWrap(True)
        layout.addWidget(self.since)
        self.button = QPushButton("I'm ready — show my cards", self)
        self.button.setObjectName("ready")
        self.button.clicked.connect(self._dismiss)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(3)
        self.hide()
        view.installEventFilter(self)

    def ask(self, name: str, since: list[str]) -> None:
        """Cover the table for ``name``; ``since``: public events since their last turn."""
        title, button = hand_over_words(name)
        self.title.setText(title)
        self.since.setText("Since your last turn:\n" + "\n".join(since[-8:]) if since else "")
        self.button.setText(button)
        self.setAccessibleName(self.title.text())
        self.setGeometry(self.view.rect())
        self.show()
        self.raise_()
        self.setFocus()

    def _dismiss(self) -> None:
        if self.isVisible():
            self.hide()
            self.ready.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._dismiss()
            return
        super().keyPressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        self._dismiss()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.view and event.type() == QEvent.Type.Resize and self.isVisible():
            self.setGeometry(self.view.rect())
        return False
