"""Card faces, the card back and counters (chips), drawn by Parlour's own code with QPainter.

No image files and no third-party art: every suit symbol is a :class:`QPainterPath` built here,
so the pips look the same whatever fonts the machine has. Fonts are used only for the rank
indices and the court letters, and those are turned into paths and fitted to a measured box, so
a missing font changes the letter shapes a little but never the layout.

Each picture is rendered once per (card, size, device pixel ratio, colour scheme) and kept in a
cache owned by :class:`CardArt`. Sizes are in logical (device-independent) pixels; ``dpr`` is
the device pixel ratio of the screen the picture is for (1.0 ordinary, 2.0 "retina"), and the
returned pixmap has that many device pixels per logical pixel.

This module knows Qt, not game rules.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QGuiApplication,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
    QTransform,
)

from gamecore.cards import RANK_CODES, SUIT_SYMBOLS, card_name, rank_of, suit_of

__all__ = [
    "ASPECT",
    "CHIP_COLOUR_NAMES",
    "CardArt",
    "describe",
    "render_sheet",
    "suit_colour",
    "suit_path",
]

#: Card height divided by card width.
ASPECT = 1.4

#: Names of the chip colours, in ``colour_index`` order.
CHIP_COLOUR_NAMES = ("ivory", "red", "blue", "green", "black")

# ---------------------------------------------------------------------------------------------
# Palette

_FACE = QColor("#fdfbf4")
_BORDER = QColor("#8f8a80")
_BLACK = QColor("#16161a")
_RED = QColor("#c4162a")
_BLUE = QColor("#1747b0")
_GREEN = QColor("#11803a")
_GOLD = QColor("#d6a832")
_GOLD_DARK = QColor("#8a6418")
_COURT_FIELD = QColor("#f5eedb")

_BACK_BORDER = QColor("#fbf8ef")
#: Card backs: field, lattice line and dot colours.
BACKS: dict[str, tuple[QColor, QColor, QColor]] = {
    "burgundy": (QColor("#7a1a28"), QColor("#a83a4a"), QColor("#e6c77a")),
    "navy": (QColor("#1b2a55"), QColor("#34508f"), QColor("#e6c77a")),
    "forest": (QColor("#1d4a2b"), QColor("#3b7a4e"), QColor("#f0e3b0")),
}

# (base, edge marks, inner ring / centre inlay) for each chip colour.
_CHIP_COLOURS: tuple[tuple[QColor, QColor, QColor], ...] = (
    (QColor("#ece2c6"), QColor("#a8202e"), QColor("#b9a877")),
    (QColor("#b0212d"), QColor("#f7f1e3"), QColor("#e6b8b8")),
    (QColor("#1d4a9c"), QColor("#f7f1e3"), QColor("#b3c4e6")),
    (QColor("#17703a"), QColor("#f7f1e3"), QColor("#b2d6bd")),
    (QColor("#23232a"), QColor("#e2c76f"), QColor("#8d8d96")),
)


def suit_colour(suit: int, four_colour: bool = False) -> QColor:
    """Ink colour of ``suit`` (0..3 = spades, hearts, diamonds, clubs).

    Two-colour: spades and clubs black, hearts and diamonds red. Four-colour: spades black,
    hearts red, diamonds blue, clubs green.
    """
    if four_colour:
        return QColor((_BLACK, _RED, _BLUE, _GREEN)[suit])
    return QColor(_RED if suit in (1, 2) else _BLACK)


# ---------------------------------------------------------------------------------------------
# Suit shapes, in a unit box centred on the origin (x and y in -0.5..0.5, y downwards)


def _heart_unit() -> QPainterPath:
    p = QPainterPath()
    p.moveTo(0.0, -0.25)
    p.cubicTo(-0.02, -0.43, -0.14, -0.5, -0.26, -0.5)
    p.cubicTo(-0.42, -0.5, -0.5, -0.37, -0.5, -0.21)
    p.cubicTo(-0.5, 0.04, -0.26, 0.2, 0.0, 0.5)
    p.cubicTo(0.26, 0.2, 0.5, 0.04, 0.5, -0.21)
    p.cubicTo(0.5, -0.37, 0.42, -0.5, 0.26, -0.5)
    p.cubicTo(0.14, -0.5, 0.02, -0.43, 0.0, -0.25)
    p.closeSubpath()
    return p


def _stem_unit(top: float, half_top: float, half_foot: float) -> QPainterPath:
    """A flared stem from ``y = top`` down to the bottom of the unit box."""
    p = QPainterPath()
    p.moveTo(-half_top, top)
    p.quadTo(-half_top, 0.4, -half_foot, 0.5)
    p.lineTo(half_foot, 0.5)
    p.quadTo(half_top, 0.4, half_top, top)
    p.closeSubpath()
    return p


def _spade_unit() -> QPainterPath:
    # An upside-down heart, a little narrower, sitting on a flared stem.
    body = QTransform()
    body.translate(0.0, -0.1)
    body.scale(0.96, -0.8)
    p = body.map(_heart_unit())
    return p.united(_stem_unit(0.05, 0.045, 0.21)).simplified()


def _club_unit() -> QPainterPath:
    r = 0.225
    p = QPainterPath()
    p.addEllipse(QPointF(0.0, -0.5 + r), r, r)
    p.addEllipse(QPointF(-0.5 + r, 0.07), r, r)
    p.addEllipse(QPointF(0.5 - r, 0.07), r, r)
    shape = QPainterPath()
    shape.setFillRule(Qt.FillRule.WindingFill)
    shape.addPath(p)
    centre = QPainterPath()
    centre.addEllipse(QPointF(0.0, -0.02), 0.13, 0.13)
    return shape.simplified().united(centre).united(_stem_unit(0.0, 0.05, 0.2)).simplified()


def _diamond_unit() -> QPainterPath:
    p = QPainterPath()
    w = 0.4
    p.moveTo(0.0, -0.5)
    p.quadTo(0.14, -0.2, w, 0.0)
    p.quadTo(0.14, 0.2, 0.0, 0.5)
    p.quadTo(-0.14, 0.2, -w, 0.0)
    p.quadTo(-0.14, -0.2, 0.0, -0.5)
    p.closeSubpath()
    return p


_SUIT_UNITS: tuple[QPainterPath, ...] | None = None


def _suit_units() -> tuple[QPainterPath, ...]:
    global _SUIT_UNITS
    if _SUIT_UNITS is None:
        _SUIT_UNITS = (_spade_unit(), _heart_unit(), _diamond_unit(), _club_unit())
    return _SUIT_UNITS


def suit_path(suit: int, centre: QPointF, size: float, flipped: bool = False) -> QPainterPath:
    """The outline of a suit symbol, ``size`` logical pixels tall, centred on ``centre``.

    ``suit`` is 0..3 (spades, hearts, diamonds, clubs); ``flipped`` turns it upside down, as
    for the pips in the lower half of a card.
    """
    t = QTransform()
    t.translate(centre.x(), centre.y())
    if flipped:
        t.rotate(180.0)
    t.scale(size, size)
    return t.map(_suit_units()[suit])


# ---------------------------------------------------------------------------------------------
# Fonts: chosen once, from what the machine has


_FAMILIES: dict[str, str] = {}


def _family(kind: str) -> str:
    """Best installed family for ``kind`` ("index" or "court")."""
    if kind not in _FAMILIES:
        prefs = {
            "index": ("DejaVu Sans Condensed", "DejaVu Sans", "Liberation Sans Narrow",
                      "Arial Narrow", "Liberation Sans", "Arial", "Helvetica"),
            "court": ("DejaVu Serif", "Liberation Serif", "Times New Roman", "Georgia",
                      "Noto Serif"),
        }[kind]
        try:
            have = set(QFontDatabase.families())
        except Exception:  # no application yet: let Qt fall back
            have = set()
        fallback = "Serif" if kind == "court" else "Sans Serif"
        choice = next((f for f in prefs if f in have), fallback)
        if not have:
            return choice  # ask again once there is an application and a font database
        _FAMILIES[kind] = choice
    return _FAMILIES[kind]


def _text_path(text: str, family: str, box: QRectF, align_top: bool = False) -> QPainterPath:
    """``text`` in bold ``family`` as a path, scaled to fill the height of ``box`` with its
    ink (squeezed sideways if it would be wider than the box) and centred in it."""
    font = QFont(family)
    font.setPixelSize(100)
    font.setBold(True)
    if len(text) > 1:
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 92.0)
    raw = QPainterPath()
    raw.addText(0.0, 0.0, font, text)
    ink = raw.boundingRect()
    if ink.isEmpty():
        return QPainterPath()
    sy = box.height() / ink.height()
    sx = min(sy, box.width() / ink.width())
    t = QTransform()
    t.translate(box.center().x(), box.top() if align_top else box.center().y())
    t.scale(sx, sy)
    t.translate(-ink.center().x(), -ink.top() if align_top else -ink.center().y())
    return t.map(raw)


# ---------------------------------------------------------------------------------------------
# Pip layouts: (column, row) with column 0/1/2 = left/middle/right and row 0..1 top to bottom

_L, _M, _R = 0, 1, 2
_PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((_M, 0.0), (_M, 1.0)),
    3: ((_M, 0.0), (_M, 0.5), (_M, 1.0)),
    4: ((_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)),
    5: ((_L, 0.0), (_R, 0.0), (_M, 0.5), (_L, 1.0), (_R, 1.0)),
    6: ((_L, 0.0), (_R, 0.0), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)),
    7: ((_L, 0.0), (_R, 0.0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)),
    8: ((_L, 0.0), (_R, 0.0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_M, 0.75), (_L, 1.0),
        (_R, 1.0)),
    9: ((_L, 0.0), (_R, 0.0), (_L, 1 / 3), (_R, 1 / 3), (_M, 0.5), (_L, 2 / 3), (_R, 2 / 3),
        (_L, 1.0), (_R, 1.0)),
    10: ((_L, 0.0), (_R, 0.0), (_M, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3),
         (_M, 5 / 6), (_L, 1.0), (_R, 1.0)),
}


# ---------------------------------------------------------------------------------------------
# Painting helpers


def _new_image(width: int, height: int, dpr: float) -> QImage:
    img = QImage(max(1, round(width * dpr)), max(1, round(height * dpr)),
                 QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(dpr)
    img.fill(Qt.GlobalColor.transparent)
    return img


def _painter(img: QImage) -> QPainter:
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    return p


def _hairline(dpr: float) -> float:
    """A line one device pixel wide, in logical pixels (never thinner than half a pixel)."""
    return max(0.5, 1.0 / dpr)


def _card_outline(w: float, h: float, dpr: float) -> tuple[QRectF, float, float]:
    """The card's rounded rectangle (inset so its border lies on whole device pixels), its
    corner radius and the border pen width, all in logical pixels."""
    pen = _hairline(dpr) * (2.0 if w >= 140 else 1.0)
    inset = pen / 2.0
    rect = QRectF(inset, inset, w - 2 * inset, h - 2 * inset)
    return rect, max(2.0, 0.06 * w), pen


def _paint_blank(p: QPainter, w: float, h: float, dpr: float) -> None:
    rect, radius, pen = _card_outline(w, h, dpr)
    p.setPen(QPen(_BORDER, pen))
    p.setBrush(_FACE)
    p.drawRoundedRect(rect, radius, radius)


def _paint_index(p: QPainter, rank: int, suit: int, ink: QColor, w: float) -> None:
    """The top-left index: rank above a small suit symbol. The caller rotates the painter
    for the bottom-right copy."""
    cx = 0.118 * w
    top = 0.065 * w
    rank_h = 0.185 * w
    rank_w = 0.17 * w if RANK_CODES[rank] == "10" else 0.15 * w
    box = QRectF(cx - rank_w / 2, top, rank_w, rank_h)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ink)
    p.drawPath(_text_path(RANK_CODES[rank], _family("index"), box))
    pip = 0.13 * w
    p.drawPath(suit_path(suit, QPointF(cx, top + rank_h + 0.045 * w + pip / 2), pip))


def _paint_pips(p: QPainter, rank: int, suit: int, ink: QColor, w: float, h: float) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ink)
    if rank == 0:  # ace: one large pip
        size = 0.42 * w
        p.drawPath(suit_path(suit, QPointF(w / 2, h / 2), size))
        return
    size = 0.175 * w
    xs = (0.325 * w, 0.5 * w, 0.675 * w)
    y0, y1 = 0.185 * h, 0.815 * h
    path = QPainterPath()
    for col, row in _PIPS[rank + 1]:
        y = y0 + row * (y1 - y0)
        path.addPath(suit_path(suit, QPointF(xs[col], y), size, flipped=row > 0.5))
    p.drawPath(path)


def _emblem_path(rank: int, box: QRectF) -> QPainterPath:
    """The small headpiece over a court letter, fitted to ``box``: a pointed crown for the
    king, a pearled tiara for the queen, a plain circlet with one stone for the jack."""
    p = QPainterPath()
    if rank == 12:  # king: five-pointed crown on a band, pearls on the points
        p.moveTo(-0.46, 0.22)
        p.lineTo(-0.5, -0.2)
        p.lineTo(-0.25, 0.02)
        p.lineTo(0.0, -0.32)
        p.lineTo(0.25, 0.02)
        p.lineTo(0.5, -0.2)
        p.lineTo(0.46, 0.22)
        p.closeSubpath()
        band = QPainterPath()
        band.addRoundedRect(QRectF(-0.48, 0.24, 0.96, 0.24), 0.05, 0.05)
        p = p.united(band)
        for x, y, r in ((-0.5, -0.29, 0.08), (0.0, -0.41, 0.09), (0.5, -0.29, 0.08)):
            pearl = QPainterPath()
            pearl.addEllipse(QPointF(x, y), r, r)
            p = p.united(pearl)
    elif rank == 11:  # queen: a crescent tiara, pearls along its crest, a jewel on top
        crest = QPainterPath()
        crest.moveTo(-0.5, 0.42)
        crest.cubicTo(-0.36, -0.3, 0.36, -0.3, 0.5, 0.42)
        p.moveTo(-0.5, 0.42)
        p.cubicTo(-0.36, -0.3, 0.36, -0.3, 0.5, 0.42)
        p.cubicTo(0.3, 0.16, -0.3, 0.16, -0.5, 0.42)
        p.closeSubpath()
        for t in (0.1, 0.26, 0.74, 0.9):
            pearl = QPainterPath()
            pearl.addEllipse(crest.pointAtPercent(t), 0.075, 0.075)
            p = p.united(pearl)
        jewel = QPainterPath()
        jewel.moveTo(0.0, -0.5)
        jewel.lineTo(0.12, -0.17)
        jewel.lineTo(0.0, 0.2)
        jewel.lineTo(-0.12, -0.17)
        jewel.closeSubpath()
        p = p.united(jewel)
    else:  # jack: a plain circlet with a lozenge at the front
        p.moveTo(-0.5, 0.2)
        p.cubicTo(-0.2, 0.36, 0.2, 0.36, 0.5, 0.2)
        p.lineTo(0.5, 0.42)
        p.cubicTo(0.2, 0.58, -0.2, 0.58, -0.5, 0.42)
        p.closeSubpath()
        stone = QPainterPath()
        stone.moveTo(0.0, -0.2)
        stone.lineTo(0.16, 0.2)
        stone.lineTo(0.0, 0.5)
        stone.lineTo(-0.16, 0.2)
        stone.closeSubpath()
        p = p.united(stone)
    t = QTransform()
    t.translate(box.center().x(), box.center().y())
    t.scale(box.width(), box.height())
    return t.map(p.simplified())


def _paint_court(p: QPainter, rank: int, suit: int, ink: QColor, w: float, h: float,
                 dpr: float) -> None:
    """The court panel: a framed, double-ended design of headpiece and letter, the suit
    symbol at the centre."""
    line = _hairline(dpr)
    panel = QRectF(0.225 * w, 0.065 * h, 0.55 * w, 0.87 * h)
    r = 0.035 * w
    p.setBrush(_COURT_FIELD)
    p.setPen(QPen(ink, line * (2.0 if w >= 100 else 1.5)))
    p.drawRoundedRect(panel, r, r)
    inner = panel.adjusted(0.028 * w, 0.028 * w, -0.028 * w, -0.028 * w)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(ink, line))
    if w >= 70:  # below that the two frame lines run together
        p.drawRoundedRect(inner, r * 0.5, r * 0.5)

    cx, cy = panel.center().x(), panel.center().y()
    pip = 0.15 * w
    disc = pip * 0.78
    # Divider across the middle, broken by a disc that carries the suit symbol.
    p.drawLine(QPointF(inner.left(), cy), QPointF(cx - disc, cy))
    p.drawLine(QPointF(cx + disc, cy), QPointF(inner.right(), cy))
    p.drawEllipse(QPointF(cx, cy), disc, disc)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ink)
    p.drawPath(suit_path(suit, QPointF(cx, cy), pip * 0.9))

    for turn in (0.0, 180.0):
        p.save()
        if turn:
            p.translate(cx, cy)
            p.rotate(turn)
            p.translate(-cx, -cy)
        # Laid out from the centre outwards: letter, then headpiece.
        letter_h = 0.25 * w
        ltop = cy - disc - 0.035 * w - letter_h
        ew, eh = 0.3 * w, 0.14 * w
        etop = ltop - 0.035 * w - eh
        p.setPen(QPen(_GOLD_DARK, line))
        p.setBrush(_GOLD)
        p.drawPath(_emblem_path(rank, QRectF(cx - ew / 2, etop, ew, eh)))

        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ink)
        box = QRectF(cx - 0.2 * w, ltop, 0.4 * w, letter_h)
        p.drawPath(_text_path(RANK_CODES[rank], _family("court"), box))
        p.restore()


def _paint_face(img: QImage, c: int, w: int, h: int, dpr: float, four_colour: bool) -> None:
    rank, suit = rank_of(c), suit_of(c)
    ink = suit_colour(suit, four_colour)
    p = _painter(img)
    try:
        _paint_blank(p, w, h, dpr)
        if rank >= 10:
            _paint_court(p, rank, suit, ink, w, h, dpr)
        else:
            _paint_pips(p, rank, suit, ink, w, h)
        _paint_index(p, rank, suit, ink, w)
        p.translate(w, h)
        p.rotate(180.0)
        _paint_index(p, rank, suit, ink, w)
    finally:
        p.end()


def _paint_back(img: QImage, w: int, h: int, dpr: float, style: str = "burgundy") -> None:
    field_colour, line_colour, dot_colour = BACKS.get(style, BACKS["burgundy"])
    p = _painter(img)
    try:
        rect, radius, pen = _card_outline(w, h, dpr)
        p.setPen(QPen(_BORDER, pen))
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
        # Lattice: two families of diagonals through the card's centre, a lozenge at every
        # crossing.
        cx, cy = w / 2.0, h / 2.0
        step = max(4.0, 0.11 * w)
        reach = int(math.ceil((w + h) / step)) + 1
        p.setPen(QPen(line_colour, _hairline(dpr) * (1.0 if w < 100 else 1.5)))
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
                if -d <= x - field.left() <= field.width() + d and \
                        -d <= y - field.top() <= field.height() + d:
                    lozenge = QPainterPath()
                    lozenge.moveTo(x, y - d)
                    lozenge.lineTo(x + d, y)
                    lozenge.lineTo(x, y + d)
                    lozenge.lineTo(x - d, y)
                    lozenge.closeSubpath()
                    p.drawPath(lozenge)
        p.restore()

        # Frame lines inside the field.
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(_BACK_BORDER, _hairline(dpr) * (1.0 if w < 100 else 1.5)))
        inset = 0.045 * w
        p.drawRoundedRect(field.adjusted(inset, inset, -inset, -inset), fr * 0.5, fr * 0.5)

        # A small central medallion.
        mr = 0.15 * w
        centre = QPointF(cx, cy)
        p.setPen(QPen(_BACK_BORDER, _hairline(dpr) * 1.5))
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
    finally:
        p.end()


def _annular_segment(centre: QPointF, r_in: float, r_out: float, start: float,
                     span: float) -> QPainterPath:
    outer = QRectF(centre.x() - r_out, centre.y() - r_out, 2 * r_out, 2 * r_out)
    inner = QRectF(centre.x() - r_in, centre.y() - r_in, 2 * r_in, 2 * r_in)
    path = QPainterPath()
    path.arcMoveTo(outer, start)
    path.arcTo(outer, start, span)
    path.arcTo(inner, start + span, -span)
    path.closeSubpath()
    return path


def _paint_chip(img: QImage, colour_index: int, d: int, dpr: float) -> None:
    base, mark, ring = _CHIP_COLOURS[colour_index]
    p = _painter(img)
    try:
        line = _hairline(dpr)
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


# ---------------------------------------------------------------------------------------------
# The public cache


CacheKey = tuple[int | str, int, float, bool]


class CardArt:
    """Renders and caches card faces, the card back and chips.

    ``four_colour`` selects the four-colour pack (spades black, hearts red, diamonds blue, clubs
    green) instead of the usual red and black. Every picture is painted once per size and
    device pixel ratio and then served from the cache; call :meth:`clear` to drop it (for
    instance after a change of screen). Needs a ``QGuiApplication`` (pixmaps do).
    """

    def __init__(self, four_colour: bool = False, back_style: str = "burgundy") -> None:
        """``four_colour``: diamonds blue and clubs green; ``back_style``: a key of
        :data:`BACKS`."""
        self.four_colour = four_colour
        self.back_style = back_style if back_style in BACKS else "burgundy"
        self._cache: dict[CacheKey, QPixmap] = {}

    @staticmethod
    def height_for(width: int) -> int:
        """Card height in logical pixels for a card ``width`` logical pixels wide."""
        return round(width * ASPECT)

    def face(self, card: int, width: int, dpr: float = 1.0) -> QPixmap:
        """The face of ``card`` (0..51), ``width`` logical pixels wide.

        The pixmap is ``width * dpr`` by ``height_for(width) * dpr`` device pixels and carries
        device pixel ratio ``dpr``, so it paints at ``width`` logical pixels, sharp on a screen
        of that ratio. Corners outside the rounded rectangle are transparent.
        """
        if not isinstance(card, int) or not 0 <= card <= 51:
            raise ValueError(f"not a card: {card!r}")
        return self._get(card, width, dpr, lambda img, w, h, r: _paint_face(
            img, card, w, h, r, self.four_colour))

    def back(self, width: int, dpr: float = 1.0) -> QPixmap:
        """The card back, ``width`` logical pixels wide, at device pixel ratio ``dpr``."""
        style = self.back_style
        return self._get(f"back-{style}", width, dpr,
                         lambda img, w, h, r: _paint_back(img, w, h, r, style))

    def chip(self, colour_index: int, diameter: int, dpr: float = 1.0) -> QPixmap:
        """A round counter ``diameter`` logical pixels across, at device pixel ratio ``dpr``.

        ``colour_index`` picks the colour from :data:`CHIP_COLOUR_NAMES` (0 ivory, 1 red,
        2 blue, 3 green, 4 black). Outside the disc the pixmap is transparent.
        """
        if not 0 <= colour_index < len(_CHIP_COLOURS):
            raise ValueError(f"no chip colour {colour_index!r}")
        _check_size(diameter, dpr)
        key: CacheKey = (f"chip{colour_index}", diameter, float(dpr), False)
        pix = self._cache.get(key)
        if pix is None:
            img = _new_image(diameter, diameter, dpr)
            _paint_chip(img, colour_index, diameter, dpr)
            pix = QPixmap.fromImage(img)
            pix.setDevicePixelRatio(dpr)
            self._cache[key] = pix
        return pix

    def clear(self) -> None:
        """Forget every cached picture."""
        self._cache.clear()

    @property
    def cache_size(self) -> int:
        """Number of pictures in the cache."""
        return len(self._cache)

    def _get(self, what: int | str, width: int, dpr: float,
             paint: Callable[[QImage, int, int, float], None]) -> QPixmap:
        _check_size(width, dpr)
        key: CacheKey = (what, width, float(dpr), self.four_colour)
        pix = self._cache.get(key)
        if pix is None:
            height = self.height_for(width)
            img = _new_image(width, height, dpr)
            paint(img, width, height, dpr)
            pix = QPixmap.fromImage(img)
            pix.setDevicePixelRatio(dpr)
            self._cache[key] = pix
        return pix


def _check_size(size: int, dpr: float) -> None:
    if not isinstance(size, int) or size < 8:
        raise ValueError(f"size must be an int of at least 8 logical pixels, not {size!r}")
    if not dpr > 0:
        raise ValueError(f"device pixel ratio must be positive, not {dpr!r}")


# ---------------------------------------------------------------------------------------------
# Contact sheet


def render_sheet(path: str, width: int = 80, *, four_colour: bool = False) -> None:
    """Render all 52 faces, the back and the five chips in a grid and save it as PNG.

    ``width`` is the card width in logical pixels (the sheet is drawn at device pixel ratio 1).
    Rows are spades, hearts, diamonds, clubs (ace to king), then the back and the chips, on a
    green baize background. Creates a ``QGuiApplication`` if none exists.
    """
    app = QGuiApplication.instance()
    if app is None:
        app = QGuiApplication(sys.argv[:1])
    art = CardArt(four_colour=four_colour)
    h = CardArt.height_for(width)
    gap = max(6, width // 8)
    cols, rows = 13, 5
    sheet = QImage(gap + cols * (width + gap), gap + rows * (h + gap),
                   QImage.Format.Format_ARGB32_Premultiplied)
    sheet.fill(QColor("#1f5a3a"))
    p = QPainter(sheet)
    try:
        for c in range(52):
            x = gap + (c % 13) * (width + gap)
            y = gap + (c // 13) * (h + gap)
            p.drawPixmap(x, y, art.face(c, width))
        y = gap + 4 * (h + gap)
        p.drawPixmap(gap, y, art.back(width))
        d = width
        for k in range(len(CHIP_COLOUR_NAMES)):
            x = gap + (k + 1) * (width + gap)
            p.drawPixmap(x, y + (h - d) // 2, art.chip(k, d))
        # Chips at a smaller, table-sized diameter too.
        small = max(16, width // 2)
        for k in range(len(CHIP_COLOUR_NAMES)):
            x = gap + (k + 6) * (width + gap)
            p.drawPixmap(x + (width - small) // 2, y + (h - small) // 2, art.chip(k, small))
    finally:
        p.end()
    if not sheet.save(path, "PNG"):
        raise OSError(f"could not write {path}")


def describe(card: int) -> str:
    """Accessible description of a card face (``ten of diamonds, 10♦``)."""
    return f"{card_name(card)}, {RANK_CODES[rank_of(card)]}{SUIT_SYMBOLS[suit_of(card)]}"


if __name__ == "__main__":  # python -m gui.table.cardart out.png [width]
    render_sheet(sys.argv[1] if len(sys.argv) > 1 else "card-sheet.png",
                 int(sys.argv[2]) if len(sys.argv) > 2 else 80)
