"""Scene items of the layout: a pool (its card or plate, its counters and their number) and
the stock (a face-down pile with its name and count). They draw what they are told; none of
them knows a rule."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.model.amounts import number, short_number
from gui.model.layout import TableLayout
from gui.table.cardart import CardArt
from gui.table.style import GOLD, INK, table_font

#: How far a compartment's name may reach into the gaps beside its plate, both sides
#: together, as a share of the compartment's width: just short of one gap (the ring
#: layout's gaps are 0.22 of it), so that two neighbours' names never meet.
SPILL = 0.18


#: How far past each side of its card a pool's detail line may reach, in card widths.
_DETAIL_OVER = 0.12


class PoolItem(QGraphicsItem):
    """A layout pool: its card (face up, e.g. the boodle ♥A), a stack of counters under it
    and the number beside it. ``label`` names it for people and screen readers."""

    def __init__(self, art: CardArt, label: str) -> None:
        super().__init__()
        self.art = art
        self.label = label
        self.card: int | None = None
        #: Every card of a combination item (MI-12), drawn together on its place.
        self.cards: tuple[int, ...] = ()
        self.amount = 0
        #: The largest size of the number in pixels, the same for every pool of the layout
        #: (a 4-digit pool was written smaller than the 3-digit ones beside it); ``None``:
        #: its own size.
        self.number_cap: int | None = None
        self.detail = ""
        #: Why the pool cannot be won this deal ("Q♠ is turned up"), or "".
        self.dead = ""
        self.card_rect = QRectF()
        self.chip_rect = QRectF()
        #: Where a named compartment's plate is drawn (its card's place, or wider).
        self.plate_rect = QRectF()
        #: Whether the label is written on the pool's card (the Pope on its 7♦; never the
        #: ♥A pool on the ♥A, which names itself).
        self.name_on_card = False
        self.dpr = 1.0

    def set_state(
        self,
        card_rect: QRectF,
        chip_rect: QRectF,
        card: int | None,
        amount: int,
        dpr: float,
        detail: str = "",
        plate_rect: QRectF | None = None,
        cards: tuple[int, ...] = (),
        dead: str = "",
    ) -> None:
        """Show pool ``card`` (or a plate when ``None``, in ``plate_rect``, by default the
        card's place) with ``amount`` counters and a short ``detail`` line; a combination
        item's ``cards`` (``(K♦, Q♦)``, MI-12) are drawn together instead, overlapped in the
        card's place. ``dead``: why the pool cannot be won this deal (its card or plate
        dimmed, "out this deal" at its foot), or ""."""
        self.prepareGeometryChange()
        self.cards = cards
        self.plate_rect = QRectF(card_rect) if plate_rect is None else plate_rect
        self.card_rect, self.chip_rect, self.card, self.amount, self.dpr = (
            card_rect,
            chip_rect,
            card,
            amount,
            dpr,
        )
        self.detail = detail
        self.dead = dead
        self.setToolTip(self.accessible_name())
        self.update()

    def accessible_name(self) -> str:
        """E.g. "♥A pool, 6 counters"; "Matrimony pool, 6 counters: it cannot be won this
        deal (Q♠ is turned up)"."""
        name = f"{self.label} pool, {self.amount} counter{'s' if self.amount != 1 else ''}"
        return f"{name}: it cannot be won this deal ({self.dead})" if self.dead else name

    def _detail_shown(self) -> str:
        """The line at the card's foot: "out this deal" for a pool that cannot be won, or
        "out" where the card is too narrow for the whole of it even in the smallest type
        (a long Michigan layout's small cards read "ut this dea")."""
        if not self.dead:
            return self.detail
        whole = "out this deal"
        fits = QFontMetricsF(self._fitted(whole)).horizontalAdvance(whole)
        return whole if fits <= self._detail_room() else "out"

    def _detail_room(self) -> float:
        """The detail line's width (pixels): the card's, and a little of the gap on each
        side (the pools' gaps are 0.3 card widths: two neighbours' lines never meet)."""
        return self.card_rect.width() * (1 + 2 * self._over()) - 6

    def _over(self) -> float:
        """How far the detail line may reach past each side, in card widths: a little for
        a layout card; none for a named plate, whose words stay on it."""
        return _DETAIL_OVER if self.card is not None else 0.0

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
        x, base = cr.left() + cr.width() * 0.08, self._chips_base()
        if shown == 0:
            return QRectF()
        step = self._chip_step(shown)
        return QRectF(x, base - (shown - 1) * step, d, d + (shown - 1) * step)

    def _chips_base(self) -> float:
        """The top of the lowest chip (pixels)."""
        return self.chip_rect.top() + self.chip_rect.height() * 0.55

    def _chip_step(self, shown: int) -> float:
        """How far each of ``shown`` chips lies above the one below (pixels): an eighth of
        a chip, closer in a tall stack, which stays below the top of the chip area (eleven
        counters reached over the foot of the pool's card)."""
        step = self._chip_size() * 0.12
        room = self._chips_base() - self.chip_rect.top()
        return min(step, max(0.0, room) / (shown - 1)) if shown > 1 else step

    def _number_rect(self) -> QRectF:
        """Where the number of counters is written, right of the stack."""
        cr, d = self.chip_rect, self._chip_size()
        left = cr.left() + cr.width() * 0.08 + d + 4
        return QRectF(left, cr.top(), cr.right() + cr.width() * 0.15 - left, cr.height() * 0.8)

    def number_shown(self) -> tuple[QFont, str]:
        """The number of counters and its font: bold, about a third of the chip area high,
        smaller if the number would not fit; where every digit would not fit even at the
        smallest font, the number in short (``800M``; the tooltip says it in full); never
        above :attr:`number_cap`."""
        font = table_font(self.chip_rect.height() * 0.36, bold=True)
        if self.number_cap is not None:
            font = table_font(min(font.pixelSize(), self.number_cap), bold=True)
        room = self._number_rect().width()
        text = number(self.amount)
        if QFontMetricsF(table_font(0, bold=True)).horizontalAdvance(text) > room:
            text = short_number(self.amount)
        wide = QFontMetricsF(font).horizontalAdvance(text)
        if wide > room > 0:
            font = table_font(font.pixelSize() * room / wide, bold=True)
        return font, text

    #: The smallest name on a compartment's plate, in pixels: smaller is not readable.
    MIN_NAME_PX = 9.0

    @classmethod
    def name_font(cls, card_w: float) -> QFont:
        """A pool's name at card width ``card_w``: bold, about a seventh of the card's
        width, never below :attr:`MIN_NAME_PX`."""
        return table_font(max(cls.MIN_NAME_PX, (card_w - 4) * 0.15), bold=True)

    @classmethod
    def plate_width(cls, label: str, card_w: float) -> float:
        """How wide a compartment's plate must be for ``label`` in :meth:`name_font`
        (pixels): the name, its margins and the plate's border."""
        return QFontMetricsF(cls.name_font(card_w)).horizontalAdvance(label) + 10

    def _plate(self) -> QRectF:
        return self.plate_rect.adjusted(2, 2, -2, -2)

    def _name_font_and_rect(self) -> tuple[QFont, QRectF, str]:
        """A compartment plate's name (no layout card), its box and the text shown: in
        :meth:`name_font`, smaller where the plate is narrower (never below
        :attr:`MIN_NAME_PX`). A name still too wide (the smallest tables) spills into the
        gaps either side of the plate, up to just short of half a gap, so that it never runs
        into its neighbour's; one longer still is cut short with "…" (the whole name is in
        the tooltip)."""
        r = self._plate()
        room = r.width() - 4
        font = self.name_font(self.card_rect.width())
        metrics = QFontMetricsF(font)
        wide = metrics.horizontalAdvance(self.label)
        if wide > room > 0:
            font = table_font(max(self.MIN_NAME_PX, font.pixelSize() * room / wide), bold=True)
            metrics = QFontMetricsF(font)
            wide = metrics.horizontalAdvance(self.label)
        text = self.label
        reach = room + SPILL * self.card_rect.width()
        if wide > reach > 0:
            text = metrics.elidedText(self.label, Qt.TextElideMode.ElideRight, reach)
            wide = metrics.horizontalAdvance(text)
        w = max(room, wide + 2)
        # over the detail line, where there is one ("K Q" under "Matrimony")
        h = self._detail_rect().top() - r.top() if self.detail else r.height() * 0.75
        return font, QRectF(r.center().x() - w / 2, r.top(), w, h), text

    def _tag_rect(self) -> QRectF:
        """The name on the pool's card: a dark pill across its lower part."""
        font = self.name_font(self.card_rect.width())
        m = QFontMetricsF(font)
        c = self.card_rect
        w = min(c.width() - 2, m.horizontalAdvance(self.label) + m.height() * 0.8)
        h = m.height() + 2
        return QRectF(c.center().x() - w / 2, c.bottom() - c.height() * 0.3 - h / 2, w, h)

    #: A combination's cards are this fraction of the card's width, so that all of them,
    #: each a step right of and below the one before, fit in the card's place.
    COMBO_SCALE = 0.74

    def combination_rects(self) -> list[QRectF]:
        """Where each card of a combination item is drawn (item coordinates): a small fan
        from the top left to the bottom right of the card's place, the first card under."""
        n, c = len(self.cards), self.card_rect
        if n < 2 or c.isEmpty():
            return []
        w, h = c.width() * self.COMBO_SCALE, c.height() * self.COMBO_SCALE
        dx, dy = (c.width() - w) / (n - 1), (c.height() - h) / (n - 1)
        return [QRectF(c.left() + i * dx, c.top() + i * dy, w, h) for i in range(n)]

    def _paint_combination(self, painter: QPainter) -> None:
        """Every card of a combination item, overlapped (MI-12): it shows what captures it."""
        painter.setOpacity(0.4 if self.dead else 0.92)
        for card, r in zip(self.cards, self.combination_rects(), strict=True):
            face = self.art.face(card, round(r.width()), self.dpr)
            painter.drawPixmap(r.topLeft(), face)

    def _detail_rect(self) -> QRectF:
        """The detail line's place at the foot of the card or plate: a fifth of its height,
        or one line of :meth:`_detail_font` where that is taller (a small plate: its letters
        were cut at the foot)."""
        cr0 = self.card_rect
        h = max(cr0.height() * 0.2, QFontMetricsF(self._detail_font()).height())
        out = cr0.width() * self._over()  # into the gaps beside the card, never to the next
        top = cr0.bottom() - cr0.height() * 0.06 - h
        return QRectF(cr0.left() - out, top, cr0.width() + 2 * out, h)

    def _detail_font(self) -> QFont:
        """The detail line's type (:meth:`_fitted` to the line shown)."""
        return self._fitted(self._detail_shown())

    def _fitted(self, text: str) -> QFont:
        """A seventh of the card's width, smaller where ``text`` is wider than the card
        (never below the table's smallest type)."""
        font = table_font(self.card_rect.width() * 0.14)
        wide = QFontMetricsF(font).horizontalAdvance(text)
        room = self._detail_room()
        if wide > room > 0:
            font = table_font(font.pixelSize() * room / wide)
        return font

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        # Everything painted: the card, the chip stack (it reaches above and below the chip
        # area) and the number. Nothing repaints outside this, so old chips or digits would
        # linger on the table when the pool empties.
        r = self.card_rect.united(self.chip_rect).united(self._number_rect())
        if self._detail_shown():
            r = r.united(self._detail_rect())  # it reaches a little past the card
        if self.card is None and not self.card_rect.isEmpty():
            r = r.united(self.plate_rect).united(self._name_font_and_rect()[1])
        stack = self._chips_rect()
        if not stack.isEmpty():
            r = r.united(stack)
        return r.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w = round(self.card_rect.width())
        # a pool that cannot be won this deal: its card or plate faded, its counters not
        painter.setOpacity(0.4 if self.dead else 1.0)
        if len(self.cards) > 1 and w > 0:
            self._paint_combination(painter)
        elif self.card is not None and w > 0:
            painter.setOpacity(0.4 if self.dead else 0.92)
            painter.drawPixmap(self.card_rect.topLeft(), self.art.face(self.card, w, self.dpr))
            if self.name_on_card:
                self._paint_tag(painter)
        elif w > 0:
            # A named compartment with no layout card: a plate with its name.
            r = self._plate()
            painter.setBrush(QColor(0, 0, 0, 70))
            painter.setPen(QPen(QColor(GOLD.red(), GOLD.green(), GOLD.blue(), 170), 1.5))
            painter.drawRoundedRect(r, r.width() * 0.08, r.width() * 0.08)
            painter.setPen(INK)
            font, box, text = self._name_font_and_rect()
            painter.setFont(font)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.setOpacity(1.0)
        shown = self._detail_shown()
        if shown and w > 0:
            if self.card is not None or self.cards:
                # pale words on a faded card could not be read ("out this deal" on the K♣)
                pill = self.detail_pill()
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(0, 0, 0, 190))
                painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
            painter.setPen(INK)
            painter.setFont(self._detail_font())
            painter.drawText(self._detail_rect(), Qt.AlignmentFlag.AlignCenter, shown)
        self._paint_chips(painter)

    def detail_pill(self) -> QRectF:
        """The dark pill the detail line is written on over a card (item coordinates): the
        words' width and a little, one line high, in the middle of :meth:`_detail_rect`."""
        m = QFontMetricsF(self._detail_font())
        box = self._detail_rect()
        w = min(box.width(), m.horizontalAdvance(self._detail_shown()) + m.height() * 0.8)
        h = min(box.height(), m.height() + 2)
        return QRectF(box.center().x() - w / 2, box.center().y() - h / 2, w, h)

    def _paint_tag(self, painter: QPainter) -> None:
        """The pool's name on its card, on a dark pill (the Pope on the 7♦)."""
        tag = self._tag_rect()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 170))
        painter.drawRoundedRect(tag, tag.height() / 2, tag.height() / 2)
        painter.setPen(INK)
        painter.setFont(self.name_font(self.card_rect.width()))
        painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, self.label)

    def _paint_chips(self, painter: QPainter) -> None:
        """The stack of counters and their number."""
        cr = self.chip_rect
        d = self._chip_size()
        x, base = cr.left() + cr.width() * 0.08, self._chips_base()
        shown = min(self.amount, 12)
        step = self._chip_step(shown)
        for i in range(shown):
            chip = self.art.chip(i // 5 % 5, d, self.dpr)
            painter.drawPixmap(QPointF(x, base - i * step), chip)
        painter.setPen(INK)
        font, text = self.number_shown()
        painter.setFont(font)
        painter.drawText(
            self._number_rect(), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text
        )


def same_number_size(items: list[PoolItem]) -> None:
    """Every pool's number in one size, the smallest any of ``items`` needs to fit."""
    for item in items:
        item.number_cap = None
    sizes = [item.number_shown()[0].pixelSize() for item in items]
    for item in items:
        item.number_cap = min(sizes)
        item.update()


class StockItem(QGraphicsItem):
    """The stock: a small face-down pile and its name and count ("Stock · 4")."""

    def __init__(self, art: CardArt) -> None:
        super().__init__()
        self.art = art
        self.rect = QRectF()
        self.count = 0
        self.name = "Stock"
        self.dpr = 1.0
        self.face_up = False

    def set_state(
        self, rect: QRectF, count: int, dpr: float, name: str = "Stock", *, face_up: bool = False
    ) -> None:
        """Show ``count`` face-down cards in ``rect``; with ``face_up`` (the cards shown at
        the end of a deal, drawn by the table above ``rect``'s foot), only the name and
        count under them: "Dead hand · 7" went with the pile, and the fan had no name."""
        self.prepareGeometryChange()
        self.rect, self.count, self.dpr, self.name = rect, count, dpr, name
        self.face_up = face_up
        self.setToolTip(f"{name}: {count} cards, {'face up' if face_up else 'face down'}")
        self.update()

    def show_at(self, lay: TableLayout, count: int, shown: int, dpr: float, name: str) -> None:
        """The stock of ``count`` face-down cards in ``lay``'s place for it; or, with
        ``shown`` cards face up at the end of a deal (drawn by the table), its name and
        their number under them; hidden when there is neither."""
        r = lay.stock
        top = lay.stock_fan_foot(shown) - r.h if shown else r.y
        self.set_state(QRectF(r.x, top, r.w, r.h), count or shown, dpr, name, face_up=shown > 0)
        self.setVisible(count > 0 or shown > 0)

    #: Up to this many cards are drawn, each 1.5 px up and right of the one below.
    LAYERS = 4

    def _label(self) -> str:
        return f"{self.name} · {self.count}"

    def _label_font(self) -> QFont:
        return table_font(self.rect.width() * 0.16)

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
        return (
            self.rect.adjusted(0, -lift, lift, 0).united(self._label_rect()).adjusted(-1, -1, 1, 1)
        )

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        w = round(self.rect.width())
        if w <= 0:
            return
        back = self.art.back(w, self.dpr)
        layers = 0 if self.face_up else min(self.count, self.LAYERS)
        for i in range(layers):
            painter.drawPixmap(self.rect.topLeft() + QPointF(i * 1.5, -i * 1.5), back)
        painter.setPen(INK)
        painter.setFont(self._label_font())
        painter.drawText(
            self._label_rect(),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            self._label(),
        )
