"""The coach: a bar above the table that, at each of the person's decisions in one deal,
says what the rules allow and why (from the engine's reasons) and what the Hard player would
choose. One click on "Turn the coach off" stops it, and it stays off.

It knows no rule: the controller gives it the sentences (:func:`gui.model.advice.coach_lines`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class CoachBar(QFrame):
    """The coach's bar: its sentences and a button that turns it off for good.

    While it stays up it never grows shorter: the table below it keeps its place from one
    decision to the next (at 800×600 a three-line sentence after a one-line one moved the
    whole table down a line, and back up at the next decision). It is as short as its
    words again once hidden, or when the window's width changes (its words wrap anew)."""

    turned_off = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("coach")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # Its button drawn here too: the style's thin focus frame went unseen on the blue
        # bar, and a tester pressed Space on it not knowing where the keys were.
        self.setStyleSheet(
            "#coach { background: #e8f1ff; border: 1px solid #5b7db3; "
            "border-radius: 4px; } #coach QLabel { color: #14233d; }"
            " #coach QPushButton { background: #ffffff; color: #14233d; border: 2px solid"
            " #5b7db3; border-radius: 4px; padding: 3px 12px; }"
            " #coach QPushButton:hover { background: #f4f8ff; }"
            " #coach QPushButton:pressed { background: #d6e4fb; }"
            " #coach QPushButton:focus { border: 2px solid #c8a400; background: #fff6d8; }"
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 4, 6, 4)
        title = QLabel("<b>Coach</b>", self)
        row.addWidget(title, 0, Qt.AlignmentFlag.AlignTop)
        self.text = QLabel(self)
        self.text.setObjectName("coachText")
        self.text.setWordWrap(True)
        # at the top, beside "Coach": the bar keeps its tallest height while up, and two
        # lines centred in a bar of four read as if a first line were missing
        self.text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row.addWidget(self.text, 1)
        self.off = QPushButton("Turn the coach off", self)
        self.off.setObjectName("coachOff")
        self.off.setAutoDefault(False)
        # Tab reaches it, a click leaves the keys where they were (the staking panel, say):
        # it hides at once, and the focus would have gone on along the window's chain.
        self.off.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.off.clicked.connect(self._off)
        row.addWidget(self.off, 0, Qt.AlignmentFlag.AlignTop)
        self.setAccessibleName("Coach")
        self._width = -1
        self.hide()

    def say(self, lines: list[str]) -> None:
        """Show ``lines`` (sentences), or hide the bar when there are none."""
        if not lines:
            self.hide()
            return
        self.text.setText("\n".join(lines))
        self.setAccessibleDescription(" ".join(lines))
        self.show()
        # once laid out at its width: the words just set wrap to that width
        QTimer.singleShot(0, self, self._keep_height)

    def _needed(self) -> int:
        """The height the bar's words take at its present width (pixels)."""
        layout = self.layout()
        if layout is not None and layout.hasHeightForWidth() and self.width() > 0:
            return layout.totalHeightForWidth(self.width())
        return self.sizeHint().height()

    def _keep_height(self) -> None:
        """Raise the bar's floor to what its words need now; never lower it while shown."""
        if self.isVisible() and self._needed() > self.minimumHeight():
            self.setMinimumHeight(self._needed())

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 (Qt name)
        super().hideEvent(event)
        if not event.spontaneous():  # hidden by the table, not by a minimised window
            self.setMinimumHeight(0)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        if event.size().width() != self._width:
            self._width = event.size().width()
            # another width, another wrap: the floor starts again from these words
            self.setMinimumHeight(0)
            QTimer.singleShot(0, self, self._keep_height)

    def _off(self) -> None:
        self.hide()
        self.turned_off.emit()
