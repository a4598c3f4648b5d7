"""The classic round Pope Joan board (PJ-C) as a scene item: the tray, its compartments' counters
and numbers, and their names beside it. It draws what it is told and knows no rule."""

from __future__ import annotations

import math

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

from gui.model.amounts import counters
from gui.table.cardart import CardArt
from gui.table.style import INK, table_font


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
        #: The tray's circle and where each name is written; None with nothing to draw.
        self._geo: tuple[QRectF, list[QRectF]] | None = None

    def set_state(
        self, rect: QRectF, pools: list[tuple[str, int, str]], dpr: float, min_px: float = 12.0
    ) -> None:
        """Draw ``pools`` (label, counters, detail) on a board in ``rect`` (the tray in
        the middle, the names beside it), with fonts of at least ``min_px`` pixels."""
        self.prepareGeometryChange()
        self.rect, self.pools, self.dpr, self.min_px = rect, pools, dpr, min_px
        self._geo = self._layout()
        self.setToolTip("; ".join(f"{lab} pool, {counters(n)}" for lab, n, _ in pools))
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
        return table_font(max(self.min_px, self.rect.height() * 0.06), bold=True)

    def count_font(self) -> QFont:
        """The counts' font: bold, never below ``min_px``."""
        disc = self.disc()
        return table_font(max(self.min_px, disc.width() * 0.075), bold=True)

    def _layout(self) -> tuple[QRectF, list[QRectF]] | None:
        r = self.rect
        if r.isEmpty() or not self.pools:
            return None
        metrics = QFontMetricsF(self.label_font())
        line = metrics.height()
        gap = max(3.0, line * 0.25)
        widths = [metrics.horizontalAdvance(t) for t in self._texts()]
        # The tray: as large as the height allows with the top and bottom names' half line
        # outside it, and narrow enough for the names left and right.
        diameter = min(
            r.height() - 2,
            (r.height() - line) / math.cos(math.pi / 8) - 2 * gap,
            r.width() - 2 * (max(widths) + 2 * gap),
        )
        for _ in range(40):
            disc, labels = self._place(diameter, line, gap, widths)
            if all(r.contains(b) for b in labels) or diameter < 20:
                break
            diameter *= 0.95
        return disc, labels

    def _place(
        self, diameter: float, line: float, gap: float, widths: list[float]
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
        return QRectF(self._geo[0]) if self._geo is not None else QRectF()

    def label_rects(self) -> list[QRectF]:
        """Where each compartment's name is written, by pool."""
        return [QRectF(b) for b in self._geo[1]] if self._geo is not None else []

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
        far = max(
            math.dist((q.x(), q.y()), (c.x(), c.y()))
            for part in (chips, count)
            for q in (part.topLeft(), part.topRight(), part.bottomLeft(), part.bottomRight())
        )
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
        if self._geo is None:
            return QRectF()
        r = self.disc()
        for b in self.label_rects():
            r = r.united(b)
        return r.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._geo is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.disc()
        painter.setBrush(QColor(92, 52, 24))
        painter.setPen(QPen(QColor(40, 20, 8), 2))
        painter.drawEllipse(r)
        inner = r.adjusted(r.width() * 0.04, r.width() * 0.04, -r.width() * 0.04, -r.width() * 0.04)
        painter.setBrush(QColor(128, 78, 40))
        painter.drawEllipse(inner)
        n = len(self.pools)
        painter.setPen(QPen(QColor(60, 30, 10), 2))
        c = r.center()
        for i in range(n):
            a = self._angle(i) + math.pi / n  # the walls between compartments
            painter.drawLine(
                QPointF(
                    c.x() + inner.width() * 0.22 * math.cos(a),
                    c.y() + inner.width() * 0.22 * math.sin(a),
                ),
                QPointF(
                    c.x() + inner.width() * 0.5 * math.cos(a),
                    c.y() + inner.width() * 0.5 * math.sin(a),
                ),
            )
        hub = QRectF(
            c.x() - inner.width() * 0.22,
            c.y() - inner.width() * 0.22,
            inner.width() * 0.44,
            inner.width() * 0.44,
        )
        painter.setBrush(QColor(60, 30, 12))
        painter.drawEllipse(hub)
        if hub.width() * 0.16 >= 8:  # a decoration: left out when it would be too small
            painter.setPen(INK)
            painter.setFont(table_font(hub.width() * 0.16, bold=True))
            painter.drawText(hub, Qt.AlignmentFlag.AlignCenter, "Pope\nJoan")
        d = self._chip_size()
        painter.setFont(self.count_font())
        for i, (_label, amount, _detail) in enumerate(self.pools):
            chips, count = self._group(i)
            for k in range(min(amount, 8)):  # bottom chip first, each a little higher
                chip = self.art.chip(k // 5 % 5, d, self.dpr)
                painter.drawPixmap(QPointF(chips.left(), chips.bottom() - d - k * d * 0.12), chip)
            painter.setPen(INK)
            painter.drawText(count, Qt.AlignmentFlag.AlignCenter, str(amount))
        painter.setFont(self.label_font())
        painter.setPen(INK)
        for i, (box, text) in enumerate(zip(self.label_rects(), self._texts(), strict=True)):
            align = (
                Qt.AlignmentFlag.AlignLeft
                if math.cos(self._angle(i)) >= 0
                else Qt.AlignmentFlag.AlignRight
            )
            painter.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, text)
