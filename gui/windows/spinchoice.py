"""Spin or Spinado: play a card alone or with the game's special card (Spin, SP-2; Spinado,
SN-8), asked only when both are legal.

The dialog knows Qt but no game rules: the call, the cards and the effect arrive as words.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from gui.windows.dialogkit import heading_label, main_layout, plain_label, readable
from gui.windows.screenfit import FittedDialog

__all__ = ["SpinChoiceDialog"]


class SpinChoiceDialog(FittedDialog):
    """Play a card alone or with the game's special card (Spin, SP-2; Spinado, SN-8).
    Offered only when both are legal, so the special card is never attached by accident.

    ``call`` is "Spin" or "Spinado"; ``special`` the special card's name ("♦A");
    ``card_text`` e.g. "10♠"; ``effect`` one line on what the special card does. After
    acceptance :attr:`spin` says which was chosen.
    """

    def __init__(
        self, parent: QWidget | None, call: str, special: str, card_text: str, effect: str
    ) -> None:
        super().__init__(parent)
        readable(self)
        self.setWindowTitle(f"{call}?")
        self.spin = False
        layout = main_layout(self)
        layout.addWidget(heading_label(f"Play {card_text} with the {special}?", self, 1.15))
        layout.addWidget(plain_label(effect, self, "effect"))
        row = QHBoxLayout()
        plain = QPushButton(f"Play {card_text} alone", self)
        plain.setObjectName("plain")
        plain.setDefault(True)
        spin = QPushButton(f"Play {card_text} + {special}: {call}!", self)
        spin.setObjectName("spin")
        plain.clicked.connect(lambda: self._choose(False))
        spin.clicked.connect(lambda: self._choose(True))
        row.addWidget(plain)
        row.addWidget(spin)
        layout.addLayout(row)

    def _choose(self, spin: bool) -> None:
        self.spin = spin
        self.accept()
