"""The table's own colours and its one font, shared by the items that draw on the felt."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

GOLD = QColor(242, 201, 76)
#: The keyboard's focus ring on a card (a strong blue: not the gold of a playable card).
FOCUS_BLUE = QColor(30, 110, 230)
INK = QColor(245, 240, 225)


def table_font(px: float, bold: bool = False) -> QFont:
    """The table's font (DejaVu Sans) at ``px`` pixels (never below 8), bold or not."""
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(8, round(px)))
    f.setBold(bold)
    return f
