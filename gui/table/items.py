"""Scene items of the table: cards, face-down fans, seat plates, pools, the stock and the
announcement. They draw what they are told; none of them knows a rule or holds game state
beyond what it shows."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPixmapItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gamecore.cards import card_name
from gui.table.cardart import CardArt

GOLD = QColor(242, 201, 76)
INK = QColor(245, 240, 225)


def _font(px: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(8, round(px)))
    f.setBold(bold)
    return f


class CardItem(QGraphicsPixmapItem):
    """One card on the table: ``card`` (int 0..51), face up or down, at a card width in
    scene pixels. ``home`` is where the layout wants it (drags return there)."""

    def __init__(self, card: int, art: CardArt) -> None:
        super().__init__()
        self.card = card
        self.art = art
        self.face_up = True
        self.width = 0
        self.dpr = 1.0
        self.home = QPointF()
        self.home_z = 0.0
        self.in_hand = False
        self.playable = False
        self.focused = False
        self.note = ""
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the view handles input
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)

    def accessible_name(self) -> str:
        """The card's spoken name with its note ("five of hearts, trump"), or "a face-down
        card"."""
        if not self.face_up:
            return "a face-down card"
        name = card_name(self.card)
        name = name[:1].upper() + name[1:]
        return f"{name}, {self.note}" if self.note else name

    def set_focused(self, focused: bool) -> None:
        """Show or hide the keyboard focus ring (a dashed frame, distinct from the gold
        playable outline)."""
        if focused != self.focused:
            self.focused = focused
            self.update()

    def set_look(self, width: int, dpr: float, face_up: bool) -> None:
        """Render at ``width`` logical pixels and ratio ``dpr`` (cached by the art)."""
        if (width, dpr, face_up) == (self.width, self.dpr, self.face_up) and not self.pixmap(
        ).isNull():
            return
        self.width, self.dpr, self.face_up = width, dpr, face_up
        pix = art_face(self.art, self.card, width, dpr) if face_up else self.art.back(width, dpr)
        self.setPixmap(pix)
        self.setToolTip(self.accessible_name())

    def set_playable(self, playable: bool) -> None:
        """Mark a playable hand card (raised by the layout, outlined here)."""
        if playable != self.playable:
            self.playable = playable
            self.update()

    def card_rect(self) -> QRectF:
        """The card itself, in item coordinates (logical pixels)."""
        pix = self.pixmap()
        if pix.isNull():
            return QRectF()
        return QRectF(self.offset(), pix.deviceIndependentSize())

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        # The card and the outline and notch drawn over its edge (a pen up to 0.04 card
        # widths, centred on a line 1.5 px inside): Qt repaints only this rectangle when
        # the card moves, so anything outside it would stay on the table as a trail.
        r = self.card_rect()
        if r.isEmpty():
            return r
        pad = max(2.0, self.width * 0.04) / 2 + 1.0
        return r.adjusted(-pad, -pad, pad, pad)

    def shape(self) -> QPainterPath:
        # Clicks and drags take the card, not the margin around it.
        path = QPainterPath()
        path.addRect(self.card_rect())
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)
        card = self.card_rect()
        if self.in_hand and self.playable:
            # Playable: an outline and a small notch (shape, not colour alone), plus the raise.
            r = card.adjusted(1.5, 1.5, -1.5, -1.5)
            pen = QPen(GOLD, max(2.0, self.width * 0.04))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            radius = self.width * 0.07
            painter.drawRoundedRect(r, radius, radius)
            tri = QPainterPath()
            cx, top = r.center().x(), r.top() - self.width * 0.02
            s = self.width * 0.09
            tri.moveTo(cx - s, top)
            tri.lineTo(cx + s, top)
            tri.lineTo(cx, top + s)
            tri.closeSubpath()
            painter.fillPath(tri, GOLD)
        elif self.in_hand and not self.playable:
            painter.fillRect(card, QColor(0, 0, 0, 40))
        if self.focused:
            r = card.adjusted(2, 2, -2, -2)
            pen = QPen(QColor(20, 20, 20), max(2.0, self.width * 0.035), Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(r, self.width * 0.08, self.width * 0.08)
            painter.setPen(QPen(QColor(255, 255, 255), max(1.0, self.width * 0.015)))
            painter.drawRoundedRect(r.adjusted(2, 2, -2, -2), self.width * 0.07,
                                    self.width * 0.07)


def art_face(art: CardArt, card: int, width: int, dpr: float) -> QPixmap:
    """The face of ``card`` from ``art`` (a seam for tests)."""
    return art.face(card, width, dpr)


class FanItem(QGraphicsItem):
    """An opponent's hand as a fan of ``count`` face-down cards (no card identities)."""

    def __init__(self, art: CardArt) -> None:
        super().__init__()
        self.art = art
        self.positions: list[tuple[float, float]] = []
        self.card_w = 40
        self.dpr = 1.0
        self._rect = QRectF()

    def set_fan(self, positions: list[tuple[float, float]], card_w: float, dpr: float) -> None:
        """Show face-down cards at ``positions`` (scene coordinates) of width ``card_w``."""
        self.prepareGeometryChange()
        self.positions, self.card_w, self.dpr = positions, max(8, round(card_w)), dpr
        if positions:
            h = CardArt.height_for(self.card_w)
            xs = [p[0] for p in positions]
            self._rect = QRectF(min(xs), positions[0][1], max(xs) - min(xs) + self.card_w, h)
        else:
            self._rect = QRectF()
        self.update()

    @property
    def count(self) -> int:
        """Number of face-down cards shown."""
        return len(self.positions)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        back = self.art.back(self.card_w, self.dpr)
        for x, y in self.positions:
            painter.drawPixmap(QPointF(x, y), back)


class SeatPlate(QGraphicsItem):
    """A seat's name plate: name, cards held, counters; the dealer mark; the acting mark
    (a ring and an arrow, and "thinking…" for a computer: never colour alone).

    A name too long for the plate is elided ("Maximilian Fother…"); the whole name is in
    the tooltip and the accessible name. The dealer chip has its own corner: the name
    stops short of it."""

    def __init__(self) -> None:
        super().__init__()
        self.rect = QRectF()
        self.name = ""
        self.detail = ""
        self.acting = False
        self.thinking = False
        self.dealer = False
        self.winner = False
        self.tricks: int | None = None

    def set_state(self, rect: QRectF, name: str, detail: str, *, acting: bool,
                  thinking: bool, dealer: bool, winner: bool = False,
                  tricks: int | None = None) -> None:
        """Show ``name`` and ``detail`` (e.g. "9 cards · 96") in ``rect`` (scene pixels);
        ``tricks`` won this deal as small marks (trick games)."""
        self.prepareGeometryChange()
        self.tricks = tricks
        self.rect = rect
        self.name, self.detail = name, detail
        self.acting, self.thinking, self.dealer, self.winner = acting, thinking, dealer, winner
        self.setToolTip(self.accessible_name())
        self.update()

    def accessible_name(self) -> str:
        """The seat in words, with the whole name: "Ben: 9 cards · 96, dealer, to play"."""
        return (f"{self.name}: {self.detail}" + (", dealer" if self.dealer else "")
                + (f", {self.tricks} tricks" if self.tricks is not None else "")
                + (", to play" if self.acting else ""))

    # ---- where things go inside the plate (item coordinates) ---------------------------

    def _text_left(self) -> float:
        return self.rect.left() + self.rect.height() * (0.45 if self.acting else 0.25)

    def chip_rect(self) -> QRectF:
        """The dealer chip's circle (top right of the plate)."""
        r, h = self.rect, self.rect.height()
        d = h * 0.42
        return QRectF(r.right() - d - h * 0.12, r.top() + h * 0.08, d, d)

    def name_rect(self) -> QRectF:
        """Where the name is written: left of the dealer chip's corner."""
        r, h = self.rect, self.rect.height()
        right = self.chip_rect().left() - h * 0.1 if self.dealer else r.right() - h * 0.2
        left = self._text_left()
        return QRectF(left, r.top(), max(0.0, right - left), h * 0.55)

    def _marks_left(self) -> float:
        h = self.rect.height()
        return self.rect.right() - (self.tricks or 0) * (h * 0.16 + 3) - h * 0.1

    def detail_rect(self) -> QRectF:
        """Where the cards and counters are written: left of the trick marks."""
        r, h = self.rect, self.rect.height()
        right = (self._marks_left() - h * 0.1) if self.tricks else r.right() - h * 0.15
        left = self._text_left()
        return QRectF(left, r.top() + h * 0.52, max(0.0, right - left), h * 0.45)

    def detail_shown(self) -> tuple[QFont, str]:
        """The font and the words of the plate's second line ("15 cards · 100", and
        "thinking…" for a computer at work). The counters are never elided away: a long line
        is written a little smaller first (down to 80%); only what still does not fit is
        elided."""
        room = self.detail_rect()
        px = self.rect.height() * 0.28
        font = _font(px)
        smallest = max(8, math.ceil(font.pixelSize() * 0.8))  # _font's own floor is 8 px
        size = font.pixelSize()
        while (QFontMetricsF(font).horizontalAdvance(self.detail) > room.width()
               and size - 1 >= smallest):
            size -= 1  # whole pixels: the font's own steps
            font = _font(size)
        metrics = QFontMetricsF(font)
        detail = self.detail + ("  · thinking…" if self.thinking else "")
        if self.thinking and metrics.horizontalAdvance(detail) > room.width():
            detail = self.detail + " …"  # narrow plates (many seats): a short mark
        return font, metrics.elidedText(detail, Qt.TextElideMode.ElideRight, room.width())

    def name_font(self) -> QFont:
        """The name's font (bold, a little over a third of the plate's height)."""
        return _font(self.rect.height() * 0.36, bold=True)

    def shown_name(self) -> str:
        """The name as written on the plate: elided to fit, the winner's star kept."""
        metrics = QFontMetricsF(self.name_font())
        star = "  ★" if self.winner else ""
        room = self.name_rect().width() - metrics.horizontalAdvance(star)
        return metrics.elidedText(self.name, Qt.TextElideMode.ElideRight, max(0.0, room)) + star

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self.rect.adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.rect
        if r.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = r.height() * 0.3
        painter.setBrush(QColor(0, 0, 0, 95))
        pen = QPen(GOLD if self.acting else QColor(255, 255, 255, 60),
                   3.0 if self.acting else 1.0)
        painter.setPen(pen)
        painter.drawRoundedRect(r, radius, radius)
        hpx = r.height()
        if self.acting:
            # A pointer inside the plate's left end (it never reaches a neighbour's plate),
            # besides the gold ring: the acting seat is marked by shape, not colour alone.
            a = QPainterPath()
            cy, x = r.center().y(), r.left() + hpx * 0.3
            s = hpx * 0.16
            a.moveTo(x - s, cy - s)
            a.lineTo(x + s * 0.6, cy)
            a.lineTo(x - s, cy + s)
            a.closeSubpath()
            painter.fillPath(a, GOLD)
        painter.setPen(INK)
        painter.setFont(self.name_font())
        painter.drawText(self.name_rect(), Qt.AlignmentFlag.AlignLeft
                         | Qt.AlignmentFlag.AlignBottom, self.shown_name())
        room = self.detail_rect()
        font, detail = self.detail_shown()
        painter.setFont(font)
        painter.drawText(room, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, detail)
        if self.tricks:
            # Tricks won: small card-shaped marks along the bottom right of the plate.
            mw, mh = hpx * 0.16, hpx * 0.22
            painter.setBrush(INK)
            painter.setPen(Qt.PenStyle.NoPen)
            for i in range(self.tricks):
                painter.drawRoundedRect(QRectF(r.right() - (i + 1) * (mw + 3) - hpx * 0.1,
                                               r.bottom() - mh - hpx * 0.1, mw, mh), 1.5, 1.5)
        if self.dealer:
            c = self.chip_rect()
            painter.setBrush(QColor(250, 250, 245))
            painter.setPen(QPen(QColor(40, 40, 40), 1))
            painter.drawEllipse(c)
            painter.setFont(_font(c.height() * 0.6, bold=True))
            painter.setPen(QColor(30, 30, 30))
            painter.drawText(c, Qt.AlignmentFlag.AlignCenter, "D")


class PoolItem(QGraphicsItem):
    """A layout pool: its card (face up, e.g. the boodle ♥A), a stack of counters under it
    and the number beside it. ``label`` names it for people and screen readers."""

    def __init__(self, art: CardArt, label: str) -> None:
        super().__init__()
        self.art = art
        self.label = label
        self.card: int | None = None
        self.amount = 0
        self.detail = ""
        self.card_rect = QRectF()
        self.chip_rect = QRectF()
        self.dpr = 1.0

    def set_state(self, card_rect: QRectF, chip_rect: QRectF, card: int | None, amount: int,
                  dpr: float, detail: str = "") -> None:
        """Show pool ``card`` (or a plate when ``None``) with ``amount`` counters and a short
        ``detail`` line (e.g. the two cards of a combination)."""
        self.prepareGeometryChange()
        self.card_rect, self.chip_rect, self.card, self.amount, self.dpr = (
            card_rect, chip_rect, card, amount, dpr)
        self.detail = detail
        self.setToolTip(self.accessible_name())
        self.update()

    def accessible_name(self) -> str:
        """E.g. "♥A pool, 6 counters"."""
        return f"{self.label} pool, {self.amount} counter{'s' if self.amount != 1 else ''}"

    def chip_anchor(self) -> QPointF:
        """Where counters moving into or out of this pool start or land."""
        return self.chip_rect.center()

    # ---- where things go (item coordinates); paint and boundingRect share them --------

    def _chip_size(self) -> int:
        return max(8, round(self.chip_rect.width() * 0.42))

    def _chips_rect(self) -> QRectF:
        """The stack of chips: up to 12, each a little above the one before."""
        cr, d = self.chip_rect, self._chip_size()
        shown = min(self.amount, 12)
        x, base = cr.left() + cr.width() * 0.08, cr.top() + cr.height() * 0.55
        if shown == 0:
            return QRectF()
        return QRectF(x, base - (shown - 1) * d * 0.12, d, d + (shown - 1) * d * 0.12)

    def _number_rect(self) -> QRectF:
        """Where the number of counters is written, right of the stack."""
        cr, d = self.chip_rect, self._chip_size()
        left = cr.left() + cr.width() * 0.08 + d + 4
        return QRectF(left, cr.top(), cr.right() + cr.width() * 0.15 - left, cr.height() * 0.8)

    def _number_font(self) -> QFont:
        """Bold, about a third of the chip area high, smaller if the number would not fit."""
        font = _font(self.chip_rect.height() * 0.36, bold=True)
        room = self._number_rect().width()
        wide = QFontMetricsF(font).horizontalAdvance(str(self.amount))
        if wide > room > 0:
            font = _font(font.pixelSize() * room / wide, bold=True)
        return font

    #: The smallest name on a compartment's plate, in pixels: smaller is not readable.
    MIN_NAME_PX = 9.0

    def _name_font_and_rect(self) -> tuple[QFont, QRectF]:
        """A compartment plate's name (no layout card): as large as fits the plate, never
        below :attr:`MIN_NAME_PX`; a name still too wide spills a little either side of
        the plate, into the gap between pools, rather than being cut."""
        r = self.card_rect.adjusted(2, 2, -2, -2)
        room = r.width() - 4
        font = _font(r.width() * 0.15, bold=True)
        wide = QFontMetricsF(font).horizontalAdvance(self.label)
        if wide > room > 0:
            font = _font(max(self.MIN_NAME_PX, font.pixelSize() * room / wide), bold=True)
            wide = QFontMetricsF(font).horizontalAdvance(self.label)
        w = max(room, wide + 2)
        return font, QRectF(r.center().x() - w / 2, r.top(), w, r.height() * 0.75)

    def _detail_rect(self) -> QRectF:
        cr0 = self.card_rect
        return QRectF(cr0.left(), cr0.bottom() - cr0.height() * 0.26, cr0.width(),
                      cr0.height() * 0.2)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        # Everything painted: the card, the chip stack (it reaches above and below the chip
        # area) and the number. Nothing repaints outside this, so old chips or digits would
        # linger on the table when the pool empties.
        r = self.card_rect.united(self.chip_rect).united(self._number_rect())
        if self.card is None and not self.card_rect.isEmpty():
            r = r.united(self._name_font_and_rect()[1])
        stack = self._chips_rect()
        if not stack.isEmpty():
            r = r.united(stack)
        return r.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w = round(self.card_rect.width())
        if self.card is not None and w > 0:
            painter.setOpacity(0.92)
            painter.drawPixmap(self.card_rect.topLeft(), self.art.face(self.card, w, self.dpr))
            painter.setOpacity(1.0)
        elif w > 0:
            # A named compartment with no layout card: a plate with its name.
            r = self.card_rect.adjusted(2, 2, -2, -2)
            painter.setBrush(QColor(0, 0, 0, 70))
            painter.setPen(QPen(QColor(GOLD.red(), GOLD.green(), GOLD.blue(), 170), 1.5))
            painter.drawRoundedRect(r, r.width() * 0.08, r.width() * 0.08)
            painter.setPen(INK)
            font, box = self._name_font_and_rect()
            painter.setFont(font)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.label)
        if self.detail and w > 0:
            painter.setPen(INK)
            painter.setFont(_font(self.card_rect.width() * 0.14))
            painter.drawText(self._detail_rect(), Qt.AlignmentFlag.AlignCenter, self.detail)
        cr = self.chip_rect
        d = self._chip_size()
        x = cr.left() + cr.width() * 0.08
        base = cr.top() + cr.height() * 0.55
        for i in range(min(self.amount, 12)):
            chip = self.art.chip(i // 5 % 5, d, self.dpr)
            painter.drawPixmap(QPointF(x, base - i * d * 0.12), chip)
        painter.setPen(INK)
        painter.setFont(self._number_font())
        painter.drawText(self._number_rect(),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         str(self.amount))


class StockItem(QGraphicsItem):
    """The stock: a small face-down pile and its name and count ("Stock · 4")."""

    def __init__(self, art: CardArt) -> None:
        super().__init__()
        self.art = art
        self.rect = QRectF()
        self.count = 0
        self.name = "Stock"
        self.dpr = 1.0

    def set_state(self, rect: QRectF, count: int, dpr: float, name: str = "Stock") -> None:
        """Show ``count`` face-down cards in ``rect``."""
        self.prepareGeometryChange()
        self.rect, self.count, self.dpr, self.name = rect, count, dpr, name
        self.setToolTip(f"{name}: {count} cards, face down")
        self.update()

    #: Up to this many cards are drawn, each 1.5 px up and right of the one below.
    LAYERS = 4

    def _label(self) -> str:
        return f"{self.name} · {self.count}"

    def _label_font(self) -> QFont:
        return _font(self.rect.width() * 0.16)

    def _label_rect(self) -> QRectF:
        """Under the pile, centred, as wide as the words need."""
        r = self.rect
        wide = QFontMetricsF(self._label_font()).horizontalAdvance(self._label()) + 4
        w = max(r.width() + 20, wide)
        return QRectF(r.center().x() - w / 2, r.bottom() + 4, w, r.height() * 0.25)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        if self.rect.isEmpty():
            return QRectF()
        lift = 1.5 * (self.LAYERS - 1)
        return self.rect.adjusted(0, -lift, lift, 0).united(self._label_rect()).adjusted(
            -1, -1, 1, 1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        w = round(self.rect.width())
        if w <= 0:
            return
        back = self.art.back(w, self.dpr)
        layers = min(self.count, self.LAYERS)
        for i in range(layers):
            painter.drawPixmap(self.rect.topLeft() + QPointF(i * 1.5, -i * 1.5), back)
        painter.setPen(INK)
        painter.setFont(self._label_font())
        painter.drawText(self._label_rect(),
                         Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                         self._label())


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
        wide = QFontMetricsF(_font(self.px, bold=True)).horizontalAdvance(self.text)
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
        painter.setFont(_font(self.px, bold=True))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)


class ChipToken(QGraphicsPixmapItem):
    """A counter sliding between a pool and a seat (decoration only)."""

    def __init__(self, pixmap: QPixmap) -> None:
        super().__init__(pixmap)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)


class RoundBoard(QGraphicsItem):
    """The classic Pope Joan board (PJ-C): a round tray of compartments around a centre,
    the counters in each compartment with their number, and the compartments' names (with
    their honour card, e.g. "King K♦") written beside the tray, left and right of it, so
    they stay readable and clear of the chips at every size.

    ``min_px`` is the smallest font used (the window's own text size): below it nothing is
    written, so on a small table the tray shrinks to leave room for the words instead."""

    def __init__(self, art: CardArt) -> None:
        super().__init__()
        self.art = art
        self.rect = QRectF()
        self.pools: list[tuple[str, int, str]] = []
        self.dpr = 1.0
        self.min_px = 12.0
        self._geo: dict[str, object] = {}

    def set_state(self, rect: QRectF, pools: list[tuple[str, int, str]], dpr: float,
                  min_px: float = 12.0) -> None:
        """Draw ``pools`` (label, counters, detail) on a board in ``rect`` (the tray in
        the middle, the names beside it), with fonts of at least ``min_px`` pixels."""
        self.prepareGeometryChange()
        self.rect, self.pools, self.dpr, self.min_px = rect, pools, dpr, min_px
        self._geo = self._layout()
        self.setToolTip("; ".join(f"{lab} pool, {n} counters" for lab, n, _ in pools))
        self.update()

    # ---- geometry (item coordinates), shared by paint, boundingRect and the tests ------

    def _angle(self, i: int) -> float:
        # Compartment centres half a step off the vertical: none sits right at the top or
        # the bottom, so every name has room beside the tray.
        n = max(1, len(self.pools))
        return -math.pi / 2 + 2 * math.pi * (i + 0.5) / n

    def _texts(self) -> list[str]:
        return [f"{label} {detail}".strip() for label, _n, detail in self.pools]

    def label_font(self) -> QFont:
        """The names' font: bold, never below ``min_px``, larger on a large table."""
        return _font(max(self.min_px, self.rect.height() * 0.06), bold=True)

    def count_font(self) -> QFont:
        """The counts' font: bold, never below ``min_px``."""
        disc = self.disc()
        return _font(max(self.min_px, disc.width() * 0.075), bold=True)

    def _layout(self) -> dict[str, object]:
        r = self.rect
        if r.isEmpty() or not self.pools:
            return {}
        metrics = QFontMetricsF(self.label_font())
        line = metrics.height()
        gap = max(3.0, line * 0.25)
        widths = [metrics.horizontalAdvance(t) for t in self._texts()]
        # The tray: as large as the height allows with the top and bottom names' half line
        # outside it, and narrow enough for the names left and right.
        diameter = min(r.height() - 2, (r.height() - line) / math.cos(math.pi / 8) - 2 * gap,
                       r.width() - 2 * (max(widths) + 2 * gap))
        for _ in range(40):
            disc, labels = self._place(diameter, line, gap, widths)
            if all(r.contains(b) for b in labels) or diameter < 20:
                break
            diameter *= 0.95
        return {"disc": disc, "labels": labels}

    def _place(self, diameter: float, line: float, gap: float, widths: list[float]
               ) -> tuple[QRectF, list[QRectF]]:
        c = self.rect.center()
        disc = QRectF(c.x() - diameter / 2, c.y() - diameter / 2, diameter, diameter)
        reach = diameter / 2 + gap
        labels = []
        for i, wide in enumerate(widths):
            a = self._angle(i)
            y = c.y() + reach * math.sin(a)
            # Start where the tray's edge (plus the gap) is, on the label's inner line.
            inner = max(0.0, abs(y - c.y()) - line / 2)
            dx = math.sqrt(max(0.0, reach * reach - inner * inner))
            if math.cos(a) >= 0:
                box = QRectF(c.x() + dx, y - line / 2, wide, line)
            else:
                box = QRectF(c.x() - dx - wide, y - line / 2, wide, line)
            labels.append(box)
        return disc, labels

    def disc(self) -> QRectF:
        """The tray's circle."""
        return QRectF(self._geo.get("disc", QRectF()))  # type: ignore[arg-type]

    def label_rects(self) -> list[QRectF]:
        """Where each compartment's name is written, by pool."""
        return [QRectF(b) for b in self._geo.get("labels", [])]  # type: ignore[union-attr]

    def anchor(self, i: int) -> QPointF:
        """Centre of compartment ``i`` (where its counters lie)."""
        disc = self.disc()
        c, rad = disc.center(), disc.width() * 0.33
        a = self._angle(i)
        return QPointF(c.x() + rad * math.cos(a), c.y() + rad * math.sin(a))

    def _chip_size(self) -> int:
        return max(8, round(self.disc().width() * 0.075))

    def _group(self, i: int) -> tuple[QRectF, QRectF]:
        """Compartment ``i``'s chip stack (up to eight drawn) and its number, centred on
        the compartment: side by side where they fit across it, else the number under
        the stack."""
        p, d = self.anchor(i), self._chip_size()
        amount = self.pools[i][1]
        shown = min(amount, 8)
        lift = max(0, shown - 1) * d * 0.12
        metrics = QFontMetricsF(self.count_font())
        tw, th = metrics.horizontalAdvance(str(amount)) + 2, metrics.height()
        chips_w = d if shown else 0.0
        gap = d * 0.15 if shown else 0.0
        across = self.disc().width() * 0.24  # the compartment's width at its centre
        if chips_w + gap + tw <= across:
            left = p.x() - (chips_w + gap + tw) / 2
            chips = QRectF(left, p.y() - (d + lift) / 2, chips_w, d + lift)
            count = QRectF(left + chips_w + gap, p.y() - th / 2, tw, th)
        else:
            top = p.y() - (d + lift + th) / 2
            chips = QRectF(p.x() - chips_w / 2, top, chips_w, d + lift)
            count = QRectF(p.x() - tw / 2, top + (d + lift if shown else 0), tw, th)
        # A tall group in a small tray: moved in towards the hub until it clears the rim.
        c = self.disc().center()
        room = self.disc().width() * 0.46
        far = max(math.dist((q.x(), q.y()), (c.x(), c.y())) for part in (chips, count)
                  for q in (part.topLeft(), part.topRight(), part.bottomLeft(),
                            part.bottomRight()))
        if far > room:
            a = self._angle(i)
            back = QPointF(-math.cos(a), -math.sin(a)) * (far - room)
            chips, count = chips.translated(back), count.translated(back)
        return (chips if shown else QRectF()), count

    def chip_rect(self, i: int) -> QRectF:
        """Where compartment ``i``'s counters are drawn (empty when it has none)."""
        return self._group(i)[0]

    def count_rect(self, i: int) -> QRectF:
        """Where compartment ``i``'s number of counters is written."""
        return self._group(i)[1]

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        if not self._geo:
            return QRectF()
        r = self.disc()
        for b in self.label_rects():
            r = r.united(b)
        return r.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self._geo:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.disc()
        painter.setBrush(QColor(92, 52, 24))
        painter.setPen(QPen(QColor(40, 20, 8), 2))
        painter.drawEllipse(r)
        inner = r.adjusted(r.width() * 0.04, r.width() * 0.04, -r.width() * 0.04,
                           -r.width() * 0.04)
        painter.setBrush(QColor(128, 78, 40))
        painter.drawEllipse(inner)
        n = len(self.pools)
        painter.setPen(QPen(QColor(60, 30, 10), 2))
        c = r.center()
        for i in range(n):
            a = self._angle(i) + math.pi / n  # the walls between compartments
            painter.drawLine(QPointF(c.x() + inner.width() * 0.22 * math.cos(a),
                                     c.y() + inner.width() * 0.22 * math.sin(a)),
                             QPointF(c.x() + inner.width() * 0.5 * math.cos(a),
                                     c.y() + inner.width() * 0.5 * math.sin(a)))
        hub = QRectF(c.x() - inner.width() * 0.22, c.y() - inner.width() * 0.22,
                     inner.width() * 0.44, inner.width() * 0.44)
        painter.setBrush(QColor(60, 30, 12))
        painter.drawEllipse(hub)
        if hub.width() * 0.16 >= 8:  # a decoration: left out when it would be too small
            painter.setPen(INK)
            painter.setFont(_font(hub.width() * 0.16, bold=True))
            painter.drawText(hub, Qt.AlignmentFlag.AlignCenter, "Pope\nJoan")
        d = self._chip_size()
        painter.setFont(self.count_font())
        for i, (_label, amount, _detail) in enumerate(self.pools):
            chips, count = self._group(i)
            for k in range(min(amount, 8)):  # bottom chip first, each a little higher
                chip = self.art.chip(k // 5 % 5, d, self.dpr)
                painter.drawPixmap(QPointF(chips.left(), chips.bottom() - d - k * d * 0.12),
                                   chip)
            painter.setPen(INK)
            painter.drawText(count, Qt.AlignmentFlag.AlignCenter, str(amount))
        painter.setFont(self.label_font())
        painter.setPen(INK)
        for i, (box, text) in enumerate(zip(self.label_rects(), self._texts(), strict=True)):
            align = (Qt.AlignmentFlag.AlignLeft if math.cos(self._angle(i)) >= 0
                     else Qt.AlignmentFlag.AlignRight)
            painter.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, text)


class NameTag(QGraphicsItem):
    """A player's name on a small dark pill, e.g. under a card of the trick to say who
    played it. The name is elided to the width it is given; the whole name is the
    tooltip and the accessible name."""

    def __init__(self) -> None:
        super().__init__()
        self.name = ""
        self.shown = ""
        self._box = QRectF()
        self._px = 10.0
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_tag(self, name: str, anchor: QPointF, width: float, px: float,
                above: bool = False) -> None:
        """Show ``name`` in a pill at most ``width`` wide, centred on ``anchor`` (scene
        pixels): its top edge there, or with ``above`` its bottom edge; a font of ``px``
        pixels."""
        self.prepareGeometryChange()
        self.name, self._px = name, px
        metrics = QFontMetricsF(self.font())
        pad = px * 0.45
        self.shown = metrics.elidedText(name, Qt.TextElideMode.ElideRight,
                                        max(1.0, width - 2 * pad))
        w = min(width, metrics.horizontalAdvance(self.shown) + 2 * pad)
        h = metrics.height() + px * 0.3
        self._box = QRectF(anchor.x() - w / 2, anchor.y() - (h if above else 0), w, h)
        self.setToolTip(name)
        self.update()

    def accessible_name(self) -> str:
        """The whole name, however it is elided on the table."""
        return self.name

    def font(self) -> QFont:
        """The font the name is written in (bold)."""
        return _font(self._px, bold=True)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._box.adjusted(-1, -1, 1, 1)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if not self.shown:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 120))
        painter.drawRoundedRect(self._box, self._box.height() / 2, self._box.height() / 2)
        painter.setPen(INK)
        painter.setFont(self.font())
        painter.drawText(self._box, Qt.AlignmentFlag.AlignCenter, self.shown)
