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


def panel_buttons(panel: str) -> str:
    """A style sheet for the push buttons of the dark panel named ``panel`` (its object
    name) on the felt: pale buttons whose keyboard focus is a gold rim on a yellow ground,
    and greyed when disabled. The style's own focus frame, a thin blue line, went unseen on
    the dark panel by people who play by keyboard."""
    b = f"#{panel} QPushButton"
    return (
        f" {b} {{ background: #f5f0e1; color: #1b1b1b; border: 2px solid #8c8066;"
        " border-radius: 5px; padding: 4px 14px; }"
        f" {b}:hover {{ background: #fffaf0; }}"
        f" {b}:pressed {{ background: #e3d9c2; }}"
        f" {b}:focus {{ border: 2px solid #f2c94c; background: #fff6d8; }}"
        f" {b}:disabled {{ background: #a9a291; color: #5b5547; border-color: #6f6754; }}"
    )
