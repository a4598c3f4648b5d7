"""The card back, drawn by Parlour's own code: a light border, a coloured field with a lattice
of diagonals and a lozenge at every crossing, a frame line and a star medallion in the middle,
in three colourings (:data:`BACKS`). Sizes are in logical pixels."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
)

from gui.table.cardcanvas import BORDER, art_painter, card_outline, hairline

_BACK_BORDER = QColor("#fbf8ef")
#: Card backs: field, lattice line and dot colours.
BACKS: dict[str, tuple[QColor, QColor, QColor]] = {
    "burgundy": (QColor("#7a1a28"), QColor("#a83a4a"), QColor("#e6c77a")),
    "navy": (QColor("#1b2a55"), QColor("#34508f"), QColor("#e6c77a")),
    "forest": (QColor("#1d4a2b"), QColor("#3b7a4e"), QColor("#f0e3b0")),
}


def paint_back(img: QImage, w: int, h: int, dpr: float, style: str = "burgundy") -> None:
    """Paint the back in colouring ``style`` (a key of :data:`BACKS`) on ``img``, ``w`` × ``h``
    logical pixels at ratio ``dpr``."""
    field_colour, line_colour, dot_colour = BACKS.get(style, BACKS["burgundy"])
    p = art_painter(img)
    try:
        rect, radius, pen = card_outline(w, h, dpr)
        p.setPen(QPen(BORDER, pen))
        p.setBrush(_BACK_BORDER)
        p.drawRoundedRect(rect, radius, radius)

        m = 0.07 * w
        field = QRectF(m, m, w - 2 * m, h - 2 * m)
        fr = max(1.0, radius - m * 0.6)
        clip = QPainterPath()
        clip.addRoundedRect(field, fr, fr)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(field_colour)
        p.drawPath(clip)

        p.save()
        p.setClipPath(clip)
        _paint_lattice(p, field, w, h, dpr, line_colour, dot_colour)
        p.restore()

        # Frame lines inside the field.
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(_BACK_BORDER, hairline(dpr) * (1.0 if w < 100 else 1.5)))
        inset = 0.045 * w
        p.drawRoundedRect(field.adjusted(inset, inset, -inset, -inset), fr * 0.5, fr * 0.5)

        _paint_medallion(p, w, h, dpr, field_colour, dot_colour)
    finally:
        p.end()


def _paint_lattice(
    p: QPainter, field: QRectF, w: int, h: int, dpr: float, line_colour: QColor, dot_colour: QColor
) -> None:
    """Two families of diagonals through the card's centre, a lozenge at every crossing
    inside ``field`` (the painter is clipped to the field)."""
    cx, cy = w / 2.0, h / 2.0
    step = max(4.0, 0.11 * w)
    reach = int(math.ceil((w + h) / step)) + 1
    p.setPen(QPen(line_colour, hairline(dpr) * (1.0 if w < 100 else 1.5)))
    for k in range(-reach, reach + 1):
        off = k * step
        p.drawLine(QPointF(cx + off - h, cy - h), QPointF(cx + off + h, cy + h))
        p.drawLine(QPointF(cx + off + h, cy - h), QPointF(cx + off - h, cy + h))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(dot_colour)
    d = step * 0.16
    for i in range(-reach, reach + 1):
        for j in range(-reach, reach + 1):
            # Crossings lie at (cx + (i + j) * step / 2, cy + (j - i) * step / 2).
            x = cx + (i + j) * step / 2.0
            y = cy + (j - i) * step / 2.0
            if (
                -d <= x - field.left() <= field.width() + d
                and -d <= y - field.top() <= field.height() + d
            ):
                lozenge = QPainterPath()
                lozenge.moveTo(x, y - d)
                lozenge.lineTo(x + d, y)
                lozenge.lineTo(x, y + d)
                lozenge.lineTo(x - d, y)
                lozenge.closeSubpath()
                p.drawPath(lozenge)


def _paint_medallion(
    p: QPainter, w: int, h: int, dpr: float, field_colour: QColor, dot_colour: QColor
) -> None:
    """A small central medallion: an oval framed in the border colour, an eight-point star
    in it."""
    cx, cy = w / 2.0, h / 2.0
    mr = 0.15 * w
    centre = QPointF(cx, cy)
    p.setPen(QPen(_BACK_BORDER, hairline(dpr) * 1.5))
    p.setBrush(field_colour)
    p.drawEllipse(centre, mr, mr * 1.25)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(dot_colour)
    star = QPainterPath()
    for k in range(8):
        a = math.pi * k / 4.0
        rr = mr * (0.72 if k % 2 == 0 else 0.3)
        pt = QPointF(cx + rr * math.sin(a), cy - rr * 1.25 * math.cos(a))
        if k == 0:
            star.moveTo(pt)
        else:
            star.lineTo(pt)
    star.closeSubpath()
    p.drawPath(star)
