"""The coach: a bar above the table that, at each of the person's decisions in one deal,
says what the rules allow and why (from the engine's reasons) and what the Hard player would
choose. One click on "Turn the coach off" stops it, and it stays off.

It knows no rule: the controller gives it the sentences (:func:`gui.model.advice.coach_lines`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class CoachBar(QFrame):
    """The coach's bar: its sentences and a button that turns it off for good."""

    turned_off = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("coach")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "#coach { background: #e8f1ff; border: 1px solid #5b7db3; "
            "border-radius: 4px; } #coach QLabel { color: #14233d; }"
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 4, 6, 4)
        title = QLabel("<b>Coach</b>", self)
        row.addWidget(title, 0, Qt.AlignmentFlag.AlignTop)
        self.text = QLabel(self)
        self.text.setObjectName("coachText")
        self.text.setWordWrap(True)
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
        self.hide()

    def say(self, lines: list[str]) -> None:
        """Show ``lines`` (sentences), or hide the bar when there are none."""
        if not lines:
            self.hide()
            return
        self.text.setText("\n".join(lines))
        self.setAccessibleDescription(" ".join(lines))
        self.show()

    def _off(self) -> None:
        self.hide()
        self.turned_off.emit()
