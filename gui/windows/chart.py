"""A small line chart of counters over deals or sessions, one line per player. Lines differ
by colour and by dash pattern and marker, so they read without colour too."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from gui.model.amounts import signed

COLOURS = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#7f7f7f",
    "#bcbd22",
)
DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine)
#: The legend's width (pixels), right of the plot.
LEGEND_W = 120
#: Pixels between lines drawn side by side where their values are the same.
LANE = 3.0


def lanes(series: list[list[int]], gap: float = LANE) -> list[list[float]]:
    """Each line's offset (pixels, down positive) at its start and at each of its values:
    lines with the same value at a step are drawn side by side, ``gap`` apart, centred on
    it; a line alone at its value is not moved. Four players each −1 after a spoiled deal
    were one line: only the last drawn showed, the legend naming four. Every line starts
    at 0 at the start, where they all meet."""
    out = []
    for k, values in enumerate(series):
        offsets = [0.0]  # the start: every line at 0, one point (spread, they left the frame)
        for i, v in enumerate(values):
            same = [j for j, vs in enumerate(series) if len(vs) > i and vs[i] == v]
            offsets.append((same.index(k) - (len(same) - 1) / 2) * gap)
        out.append(offsets)
    return out


class BalanceChart(QWidget):
    """Lines of ``(name, values)``: ``values[i]`` is a count of counters (int) after step
    ``i + 1``; the x axis is labelled ``x_label`` ("deal", "session")."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chart")
        self.series: list[tuple[str, list[int]]] = []
        self.span: int | None = None
        self.x_label = "deal"
        self.note = ""
        self.setMinimumSize(320, 180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_series(
        self,
        series: list[tuple[str, list[int]]],
        x_label: str = "deal",
        span: int | None = None,
        note: str = "",
    ) -> None:
        """Draw ``series`` (name, values per step); ``span``: the steps the values stand for
        when they are an even sample of a longer run (the axis then reads 1 … ``span``);
        ``note``: a word on the axis after its range ("the last not finished")."""
        self.series, self.x_label, self.span, self.note = series, x_label, span, note
        self.setAccessibleName(
            "Chart of " + ", ".join(f"{n}: {v[-1] if v else 0}" for n, v in series)
        )
        self.update()

    def legend_text(self, name: str, last: int, room: float) -> str:
        """``name`` and its last value (a real minus sign) in ``room`` pixels of the
        widget's font: the name is elided, never the value ("Wilhelmina (" lost both the
        rest of the name and the balance)."""
        metrics = QFontMetricsF(self.font())
        value = f" {signed(last)}"
        left = max(0.0, room - metrics.horizontalAdvance(value))
        return metrics.elidedText(name, Qt.TextElideMode.ElideRight, left) + value

    def axis_caption(self, steps: int) -> str:
        """The x axis's words: "start, session 1 … 4" (the lines begin at 0 at the start,
        one point more than the steps: "deal 1 … 4" under five points read as a miscount),
        "start, session 1" for one, with the note if any."""
        last = self.span or steps
        caption = f"start, {self.x_label} 1" + (f" … {last}" if last > 1 else "")
        return f"{caption} ({self.note})" if self.note else caption

    @staticmethod
    def scale_labels(lo: int, hi: int) -> list[tuple[int, str]]:
        """The scale's marks, top first, as ``(counters, text)``: the highest and lowest
        values as changes ("+43", "−28") and the start's 0 between them. A bare "43" at
        the top beside a legend of "+43" read as a count, not a result."""
        return [(v, signed(v)) for v in sorted({lo, 0, hi}, reverse=True)]

    def scale_width(self, lo: int, hi: int) -> float:
        """The plot's left edge (pixels): room for the scale's marks between ``lo`` and
        ``hi`` (counters) in the widget's font, 44 at least. "−5019" lost its minus sign
        in the 40 pixels the numbers had."""
        metrics = QFontMetricsF(self.font())
        texts = [t for _, t in self.scale_labels(lo, hi)]
        return max(44.0, max(metrics.horizontalAdvance(t) for t in texts) + 8)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(480, 220)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        text = pal.color(pal.ColorRole.WindowText)
        values = [v for _, vs in self.series for v in vs]
        steps = max((len(vs) for _, vs in self.series), default=0)
        legend_w = LEGEND_W
        lo, hi = min(values + [0]), max(values + [0])
        if hi == lo:
            hi = lo + 1
        left = self.scale_width(lo, hi)
        area = QRectF(left, 10, self.width() - left - 10 - legend_w, self.height() - 40)
        p.setPen(QPen(text, 1))
        p.drawRect(area)
        if not values or steps == 0:
            p.drawText(area, Qt.AlignmentFlag.AlignCenter, "No data yet")
            return

        def pt(i: int, v: int) -> QPointF:
            x = area.left() + (area.width() * (i + 1) / steps if steps > 1 else area.width())
            y = area.bottom() - (v - lo) / (hi - lo) * area.height()
            return QPointF(x, y)

        zero = pt(0, 0).y()
        p.setPen(QPen(QColor(text.red(), text.green(), text.blue(), 90), 1, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(area.left(), zero), QPointF(area.right(), zero))
        p.setPen(text)
        right = Qt.AlignmentFlag.AlignRight
        tall = QFontMetricsF(self.font()).height()
        for v, mark in self.scale_labels(lo, hi):
            y = pt(0, v).y()
            if v not in (lo, hi) and min(y - area.top(), area.bottom() - y) < tall:
                continue  # the 0 too near the top or bottom mark to read apart
            p.drawText(QRectF(0, y - tall / 2, left - 4, tall), right, mark)
        p.drawText(
            QRectF(area.left(), area.bottom() + 4, area.width(), 16),
            Qt.AlignmentFlag.AlignCenter,
            self.axis_caption(steps),
        )
        shifts = lanes([vs for _name, vs in self.series])
        for k, (name, vs) in enumerate(self.series):
            pen = QPen(QColor(COLOURS[k % len(COLOURS)]), 2, DASHES[k % len(DASHES)])
            p.setPen(pen)
            pts = [QPointF(area.left(), pt(0, 0).y())] + [pt(i, v) for i, v in enumerate(vs)]
            pts = [
                QPointF(q.x(), min(area.bottom(), max(area.top(), q.y() + dy)))
                for q, dy in zip(pts, shifts[k], strict=True)
            ]
            for a, b in zip(pts, pts[1:], strict=False):
                p.drawLine(a, b)
            for q in pts[1:]:
                p.drawEllipse(q, 2.5, 2.5) if k % 2 == 0 else p.drawRect(
                    QRectF(q.x() - 2.5, q.y() - 2.5, 5, 5)
                )
            self._legend_row(p, QPointF(area.right() + 10, area.top() + 6 + k * 18), name, vs)
            p.setPen(text)
        p.end()

    def _legend_row(self, p: QPainter, at: QPointF, name: str, values: list[int]) -> None:
        """One line of the legend at ``at`` (its top left, pixels): the line's sample in the
        pen set, then the name and the last value in the widget's text colour."""
        lx, ly = at.x(), at.y()
        p.drawLine(QPointF(lx, ly + 6), QPointF(lx + 22, ly + 6))
        pal = self.palette()
        p.setPen(pal.color(pal.ColorRole.WindowText))
        last = values[-1] if values else 0
        room = LEGEND_W - 30
        p.drawText(
            QRectF(lx + 26, ly - 2, room, 16),
            Qt.AlignmentFlag.AlignLeft,
            self.legend_text(name, last, room),
        )
