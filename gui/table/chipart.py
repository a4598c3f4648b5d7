"""Counters (chips), drawn by Parlour's own code: a shaded disc with six inlaid edge marks, a
dashed inner ring and a plain centre, in five colours. Sizes are in logical pixels."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QPainterPath,
    QPen,
    QRadialGradient,
)

from gui.table.cardcanvas import art_painter, hairline

#: Names of the chip colours, in ``colour_index`` order.
CHIP_COLOUR_NAMES = ("ivory", "red", "blue", "green", "black")

#: (base, edge marks, inner ring / centre inlay) for each chip colour.
CHIP_COLOURS: tuple[tuple[QColor, QColor, QColor], ...] = (
    (QColor("#ece2c6"), QColor("#a8202e"), QColor("#b9a877")),
    (QColor("#b0212d"), QColor("#f7f1e3"), QColor("#e6b8b8")),
    (QColor("#1d4a9c"), QColor("#f7f1e3"), QColor("#b3c4e6")),
    (QColor("#17703a"), QColor("#f7f1e3"), QColor("#b2d6bd")),
    (QColor("#23232a"), QColor("#e2c76f"), QColor("#8d8d96")),
)


def _annular_segment(
    centre: QPointF, r_in: float, r_out: float, start: float, span: float
) -> QPainterPath:
    outer = QRectF(centre.x() - r_out, centre.y() - r_out, 2 * r_out, 2 * r_out)
    inner = QRectF(centre.x() - r_in, centre.y() - r_in, 2 * r_in, 2 * r_in)
    path = QPainterPath()
    path.arcMoveTo(outer, start)
    path.arcTo(outer, start, span)
    path.arcTo(inner, start + span, -span)
    path.closeSubpath()
    return path


def paint_chip(img: QImage, colour_index: int, d: int, dpr: float) -> None:
    """Paint chip colour ``colour_index`` on ``img``, ``d`` logical pixels across at ratio
    ``dpr``."""
    base, mark, ring = CHIP_COLOURS[colour_index]
    p = art_painter(img)
    try:
        line = hairline(dpr)
        c = QPointF(d / 2.0, d / 2.0)
        r = d / 2.0 - line / 2.0
        grad = QRadialGradient(QPointF(d * 0.38, d * 0.34), r * 1.25)
        grad.setColorAt(0.0, base.lighter(112))
        grad.setColorAt(1.0, base.darker(112))
        p.setPen(QPen(base.darker(160), line))
        p.setBrush(QBrush(grad))
        p.drawEllipse(c, r, r)

        # Edge marks: six inlaid blocks round the rim.
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(mark)
        marks = QPainterPath()
        for k in range(6):
            marks.addPath(_annular_segment(c, r * 0.74, r - line, 90.0 + 60.0 * k - 11.0, 22.0))
        p.drawPath(marks)

        # Inner dashed ring and a plain centre disc.
        p.setBrush(Qt.BrushStyle.NoBrush)
        ring_pen = QPen(ring, max(line, d * 0.025))
        ring_pen.setDashPattern([2.0, 2.0])
        p.setPen(ring_pen)
        p.drawEllipse(c, r * 0.64, r * 0.64)
        p.setPen(QPen(base.darker(135), line))
        p.setBrush(base)
        p.drawEllipse(c, r * 0.52, r * 0.52)
        p.setPen(QPen(mark, max(line, d * 0.02)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(c, r * 0.42, r * 0.42)
    finally:
        p.end()
