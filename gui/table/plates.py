"""Scene items that name the players: a seat's plate (name, cards held, counters, the dealer
and acting marks) and the small name tag under a card of the trick. They draw what they are
told; none of them knows a rule."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.model.amounts import number
from gui.model.snapshot import SeatView
from gui.table.style import GOLD, INK, table_font


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
        #: The second line when ``detail`` does not fit ("5 · 100" for "5 cards · 100").
        self.short = ""
        self.acting = False
        self.thinking = False
        self.dealer = False
        self.winner = False
        self.tricks: int | None = None

    def set_state(
        self,
        rect: QRectF,
        name: str,
        detail: str,
        *,
        acting: bool,
        thinking: bool,
        dealer: bool,
        winner: bool = False,
        tricks: int | None = None,
        short: str = "",
    ) -> None:
        """Show ``name`` and ``detail`` (e.g. "9 cards · 96") in ``rect`` (scene pixels),
        or ``short`` ("9 · 96") where ``detail`` does not fit; ``tricks`` won this deal as
        small marks (trick games)."""
        self.prepareGeometryChange()
        self.tricks, self.short = tricks, short
        self.rect = rect
        self.name, self.detail = name, detail
        self.acting, self.thinking, self.dealer, self.winner = acting, thinking, dealer, winner
        self.setToolTip(self.accessible_name())
        self.update()

    def accessible_name(self) -> str:
        """The seat in words, with the whole name, as its tooltip and to a screen reader:
        "Ben: 9 cards · 96, dealer, to play"; "…, won the deal (★)" beside the plate's
        star, which a tester found nowhere explained."""
        return (
            f"{self.name}: {self.detail}"
            + (", dealer" if self.dealer else "")
            + (
                f", {self.tricks} trick{'' if self.tricks == 1 else 's'} won"
                if self.tricks is not None
                else ""
            )
            + (", to play" if self.acting else "")
            + (", won the deal (★)" if self.winner else "")  # the star, said in words
        )

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

    def _mark_size(self) -> tuple[float, float]:
        """A trick mark's width and height (item pixels)."""
        h = self.rect.height()
        return h * 0.16, h * 0.22

    def _mark_step(self) -> float:
        """From one trick mark to the next (pixels): side by side with a gap, or overlapped
        like a stack of cards down to 40% of a mark's width where the plate's line would
        otherwise lose its words: four marks left the person's plate "1 · 18" for "1 card ·
        18" at 1280×800."""
        mw, h, t = self._mark_size()[0], self.rect.height(), self.tricks or 0
        apart = mw + 3
        if t < 2 or not self.detail:
            return apart
        size = table_font(h * 0.28).pixelSize()
        need = QFontMetricsF(table_font(max(8, math.ceil(size * 0.8)))).horizontalAdvance(
            self.detail
        )
        # what the marks may take: the plate's width right of the words, less the gaps
        room = self.rect.right() - 0.2 * h - 3 - mw - self._text_left() - need
        return min(apart, max(0.4 * mw, room / (t - 1)))

    def _marks_left(self) -> float:
        if not self.tricks:
            return self.rect.right() - self.rect.height() * 0.1
        right = self.rect.right() - self.rect.height() * 0.1 - 3 - self._mark_size()[0]
        return right - (self.tricks - 1) * self._mark_step()

    def detail_rect(self) -> QRectF:
        """Where the cards and counters are written: left of the trick marks."""
        r, h = self.rect, self.rect.height()
        right = (self._marks_left() - h * 0.1) if self.tricks else r.right() - h * 0.15
        left = self._text_left()
        return QRectF(left, r.top() + h * 0.52, max(0.0, right - left), h * 0.45)

    def detail_shown(self) -> tuple[QFont, str]:
        """The font and the words of the plate's second line ("15 cards · 100", and
        "thinking…" for a computer at work). The counters are never elided away: a long line
        is written a little smaller first (down to 80%), then in its short form ("15 · 100");
        only what still does not fit is elided."""
        room = self.detail_rect()
        size = table_font(self.rect.height() * 0.28).pixelSize()
        smallest = max(8, math.ceil(size * 0.8))  # _font's own floor is 8 px
        text, font = self.detail, table_font(size)
        for text in [t for t in (self.detail, self.short) if t]:
            font = self._fitting(text, size, smallest, room.width())
            if QFontMetricsF(font).horizontalAdvance(text) <= room.width():
                break
        metrics = QFontMetricsF(font)
        if self.thinking:
            text = self._thinking(text, metrics, room.width())
        return font, metrics.elidedText(text, Qt.TextElideMode.ElideRight, room.width())

    def _thinking(self, text: str, metrics: QFontMetricsF, room: float) -> str:
        """``text`` with the mark of a computer at work that fits ``room`` pixels:
        " · thinking…", a short " …" (narrow plates: many seats, or the acting arrow
        beside it), after the short form if need be, else none: the counters are never
        cut for it (the ring and the arrow still say who is to play)."""
        for shown in (text + " · thinking…", text + " …", (self.short or text) + " …"):
            if metrics.horizontalAdvance(shown) <= room:
                return shown
        return text

    @staticmethod
    def _fitting(text: str, size: int, smallest: int, room: float) -> QFont:
        """The table's font for ``text``: ``size`` pixels, or smaller down to ``smallest``
        (whole pixels, the font's own steps) until it fits ``room``."""
        font = table_font(size)
        while QFontMetricsF(font).horizontalAdvance(text) > room and size - 1 >= smallest:
            size -= 1
            font = table_font(size)
        return font

    def name_font(self) -> QFont:
        """The name's font: bold, a little over a third of the plate's height, and smaller
        (down to 60%, never below 9 px) where the whole name then fits beside the arrow and
        the dealer chip ("Margaret" on your plate read "Marg…" whenever you dealt)."""
        size = table_font(self.rect.height() * 0.36).pixelSize()
        smallest = max(9, math.ceil(size * 0.6))
        star = "  ★" if self.winner else ""
        room = self.name_rect().width()
        font = table_font(size, bold=True)
        while QFontMetricsF(font).horizontalAdvance(self.name + star) > room and size > smallest:
            size -= 1
            font = table_font(size, bold=True)
        return font

    def shown_name(self) -> str:
        """The name as written on the plate in :meth:`name_font`: elided if it still does
        not fit, the winner's star kept."""
        metrics = QFontMetricsF(self.name_font())
        star = "  ★" if self.winner else ""
        room = self.name_rect().width() - metrics.horizontalAdvance(star)
        return metrics.elidedText(self.name, Qt.TextElideMode.ElideRight, max(0.0, room)) + star

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self.rect.adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        r = self.rect
        if r.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = r.height() * 0.3
        painter.setBrush(QColor(0, 0, 0, 95))
        pen = QPen(GOLD if self.acting else QColor(255, 255, 255, 60), 3.0 if self.acting else 1.0)
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
        painter.drawText(
            self.name_rect(),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
            self.shown_name(),
        )
        room = self.detail_rect()
        font, detail = self.detail_shown()
        painter.setFont(font)
        painter.drawText(room, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, detail)
        if self.tricks:
            # Tricks won: small card-shaped marks along the bottom right of the plate.
            mw, mh = self._mark_size()
            step = self._mark_step()
            painter.setBrush(INK)
            # overlapped, each mark has a thin dark edge so that they still count apart
            painter.setPen(QPen(QColor(0, 0, 0, 120), 1) if step < mw else Qt.PenStyle.NoPen)
            for i in range(self.tricks):
                x = r.right() - hpx * 0.1 - 3 - mw - i * step
                painter.drawRoundedRect(QRectF(x, r.bottom() - mh - hpx * 0.1, mw, mh), 1.5, 1.5)
        if self.dealer:
            c = self.chip_rect()
            painter.setBrush(QColor(250, 250, 245))
            painter.setPen(QPen(QColor(40, 40, 40), 1))
            painter.drawEllipse(c)
            painter.setFont(table_font(c.height() * 0.6, bold=True))
            painter.setPen(QColor(30, 30, 30))
            painter.drawText(c, Qt.AlignmentFlag.AlignCenter, "D")


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

    def set_tag(
        self, name: str, anchor: QPointF, width: float, px: float, above: bool = False
    ) -> None:
        """Show ``name`` in a pill at most ``width`` wide, centred on ``anchor`` (scene
        pixels): its top edge there, or with ``above`` its bottom edge; a font of ``px``
        pixels."""
        self.prepareGeometryChange()
        self.name, self._px = name, px
        metrics = QFontMetricsF(self.font())
        pad = px * 0.45
        self.shown = metrics.elidedText(
            name, Qt.TextElideMode.ElideRight, max(1.0, width - 2 * pad)
        )
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
        return table_font(self._px, bold=True)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._box.adjusted(-1, -1, 1, 1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.shown:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 120))
        painter.drawRoundedRect(self._box, self._box.height() / 2, self._box.height() / 2)
        painter.setPen(INK)
        painter.setFont(self.font())
        painter.drawText(self._box, Qt.AlignmentFlag.AlignCenter, self.shown)


def plate_detail(sv: SeatView, mode: str) -> str:
    """A plate's second line: "9 cards · 96"; at a game without play the counters, and what
    the seat staked this deal ("96 · staked 4")."""
    if mode == "chance":
        return number(sv.balance) + (f" · staked {sv.staked}" if sv.staked is not None else "")
    cards = "card" if sv.count == 1 else "cards"
    return f"{sv.count} {cards} · {number(sv.balance)}"
