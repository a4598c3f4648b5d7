"""What the table says to the person: the short call in the middle of the table ("No nine")
and the prompt panel above the hand (rob or decline, claim or jink)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsObject,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.table.style import GOLD, INK, table_font


class Announcement(QGraphicsObject):
    """A short call in the middle of the table ("No nine"), shown on a dark pill."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.center = QPointF()
        self.px = 20.0

    def show_text(self, text: str, center: QPointF, px: float) -> None:
        """Show ``text`` centred on ``center`` with a font of ``px`` pixels."""
        self.prepareGeometryChange()
        self.text, self.center, self.px = text, center, px
        self.setOpacity(1.0)
        self.setVisible(bool(text))
        self.update()

    def move_to(self, center: QPointF, px: float) -> None:
        """Centre the call on ``center`` with a font of ``px`` pixels (a new table size),
        keeping its words, visibility and fade."""
        self.prepareGeometryChange()
        self.center, self.px = center, px
        self.update()

    def _box(self) -> QRectF:
        """The pill: the words' width (measured in the font drawn) and some room."""
        wide = QFontMetricsF(table_font(self.px, bold=True)).horizontalAdvance(self.text)
        w = max(1.0, wide + self.px * 1.6)
        h = self.px * 1.7
        return QRectF(self.center.x() - w / 2, self.center.y() - h / 2, w, h)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._box().adjusted(-1.5, -1.5, 1.5, 1.5)  # the gold rim's pen

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.text:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = self._box()
        painter.setBrush(QBrush(QColor(10, 30, 20, 190)))
        painter.setPen(QPen(GOLD, 1.5))
        painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
        painter.setPen(INK)
        painter.setFont(table_font(self.px, bold=True))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)
