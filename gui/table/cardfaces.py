"""Card faces, drawn by Parlour's own code: the suit symbols as painter paths, the rank
indices and court letters as text fitted to a measured box, the pips and the court panels.

Every suit symbol is a :class:`QPainterPath` built here, so the pips look the same whatever
fonts the machine has. Fonts are used only for the rank indices and the court letters, and
those are turned into paths and fitted to a measured box, so a missing font changes the letter
shapes a little but never the layout. Sizes are in logical pixels."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)

from gamecore.cards import RANK_CODES, rank_of, suit_of
from gui.table.cardcanvas import BORDER, art_painter, card_outline, hairline

# ---------------------------------------------------------------------------------------------
# Palette

_FACE = QColor("#fdfbf4")
_BLACK = QColor("#16161a")
_RED = QColor("#c4162a")
_BLUE = QColor("#1747b0")
_GREEN = QColor("#11803a")
_GOLD = QColor("#d6a832")
_GOLD_DARK = QColor("#8a6418")
_COURT_FIELD = QColor("#f5eedb")


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
            "index": (
                "DejaVu Sans Condensed",
                "DejaVu Sans",
                "Liberation Sans Narrow",
                "Arial Narrow",
                "Liberation Sans",
                "Arial",
                "Helvetica",
            ),
            "court": (
                "DejaVu Serif",
                "Liberation Serif",
                "Times New Roman",
                "Georgia",
                "Noto Serif",
            ),
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
    8: ((_L, 0.0), (_R, 0.0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_M, 0.75), (_L, 1.0), (_R, 1.0)),
    9: (
        (_L, 0.0),
        (_R, 0.0),
        (_L, 1 / 3),
        (_R, 1 / 3),
        (_M, 0.5),
        (_L, 2 / 3),
        (_R, 2 / 3),
        (_L, 1.0),
        (_R, 1.0),
    ),
    10: (
        (_L, 0.0),
        (_R, 0.0),
        (_M, 1 / 6),
        (_L, 1 / 3),
        (_R, 1 / 3),
        (_L, 2 / 3),
        (_R, 2 / 3),
        (_M, 5 / 6),
        (_L, 1.0),
        (_R, 1.0),
    ),
}


# ---------------------------------------------------------------------------------------------

# ---------------------------------------------------------------------------------------------
# Painting a face


def _paint_blank(p: QPainter, w: float, h: float, dpr: float) -> None:
    rect, radius, pen = card_outline(w, h, dpr)
    p.setPen(QPen(BORDER, pen))
    p.setBrush(_FACE)
    p.drawRoundedRect(rect, radius, radius)


class IndexBox(NamedTuple):
    """Where a card's top-left index goes, in logical pixels: the rank's box
    (``rank_w`` × ``rank_h``, top at ``top``) above a suit symbol ``pip`` tall, both
    centred on ``cx``."""

    cx: float
    top: float
    rank_w: float
    rank_h: float
    pip: float


#: The index's suit symbol and rank are at least this tall (logical pixels) where the
#: card's width allows: at 0.13 of a card 35 pixels wide ♠ and ♣ were the same blot.
INDEX_PIP_PX, INDEX_RANK_PX = 7.5, 10.0
#: The widest an index may be on a small card (card widths): clear of the pips' left column
#: (0.2375) and, nearly, of a court's panel (0.225).
INDEX_MAX_W = 0.2


def index_box(rank: int, w: float) -> IndexBox:
    """The index of a card of ``rank`` (0..12) ``w`` logical pixels wide: 0.13 of the width
    for the suit and 0.185 for the rank on a card of ordinary size, larger on a small one
    (the played rows, the stock shown at the end of a deal) up to :data:`INDEX_MAX_W`."""
    ratio = (0.17 if RANK_CODES[rank] == "10" else 0.15) / 0.185  # the rank's width / height
    rank_h = min(INDEX_MAX_W * w / ratio, max(0.185 * w, INDEX_RANK_PX))
    pip = min(INDEX_MAX_W * w, max(0.13 * w, INDEX_PIP_PX))
    rank_w = rank_h * ratio
    # clear of the focus band, half a card's 0.07 inside its edge (gui.table.items)
    cx = max(0.118 * w, 0.035 * w + max(rank_w, pip) / 2)
    return IndexBox(cx, 0.065 * w, rank_w, rank_h, pip)


def _paint_index(p: QPainter, rank: int, suit: int, ink: QColor, w: float) -> None:
    """The top-left index: rank above a small suit symbol (:func:`index_box`). The caller
    rotates the painter for the bottom-right copy."""
    box = index_box(rank, w)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ink)
    rank_box = QRectF(box.cx - box.rank_w / 2, box.top, box.rank_w, box.rank_h)
    p.drawPath(_text_path(RANK_CODES[rank], _family("index"), rank_box))
    pip_y = box.top + box.rank_h + 0.045 * w + box.pip / 2
    p.drawPath(suit_path(suit, QPointF(box.cx, pip_y), box.pip))


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
        for at in (0.1, 0.26, 0.74, 0.9):
            pearl = QPainterPath()
            pearl.addEllipse(crest.pointAtPercent(at), 0.075, 0.075)
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


def _paint_court(
    p: QPainter, rank: int, suit: int, ink: QColor, w: float, h: float, dpr: float
) -> None:
    """The court panel: a framed, double-ended design of headpiece and letter, the suit
    symbol at the centre."""
    line = hairline(dpr)
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


def paint_face(img: QImage, c: int, w: int, h: int, dpr: float, four_colour: bool) -> None:
    """Paint card ``c`` (0..51) on ``img``, ``w`` × ``h`` logical pixels at ratio ``dpr``, in
    the four-colour pack or not."""
    rank, suit = rank_of(c), suit_of(c)
    ink = suit_colour(suit, four_colour)
    p = art_painter(img)
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
