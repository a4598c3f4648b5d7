"""The table's log of recent events: its font, never smaller than the status line's, and
its place on the felt (bottom right, clear of the seats, your plate and your hand, narrower
beside a hand that reaches under it, and clear of the call on show and of Pope Joan's board
when it must sit above the hand; under the compartments at a game without play; aside while
the staking panel covers it)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontInfo
from PySide6.QtWidgets import QLabel

from gui.model.layout import TableLayout
from gui.model.snapshot import TableSnapshot
from gui.table.board import RoundBoard
from gui.table.calls import Announcement, PromptPanel
from gui.table.cardart import CardArt
from gui.table.items import CardItem
from gui.table.plates import SeatPlate
from gui.table.pools import PoolItem, StockItem
from gui.table.stakepanel import StakePanel
from gui.table.trickdrawing import TrickDrawing

#: The log's widest, as a share of the table's width, and its most lines (wrapped ones
#: counted): at 800×600 it stays clear of the prompt and the middle of the table.
LOG_SHARE, LOG_LINES = 0.42, 5
#: The narrowest the log goes beside your hand (pixels) before it moves above the hand.
LOG_BESIDE = 160
#: No limit on a widget's size (Qt's QWIDGETSIZE_MAX).
_ANY = 16777215


class EventLogDrawing(TrickDrawing):
    """The log half of the table's drawing (:class:`~gui.table.drawing.TableDrawing`):
    ``log_label`` shows the last few public events."""

    snapshot: TableSnapshot | None
    layout_: TableLayout | None
    log_label: QLabel
    announcement: Announcement
    board: RoundBoard
    stake_panel: StakePanel
    prompt: PromptPanel
    cards: dict[int, CardItem]
    plates: dict[int, SeatPlate]
    pool_items: list[PoolItem]
    stock: StockItem
    #: The lines last given to :meth:`show_log`, laid out again at each new size.
    log_lines: list[str] = []

    def text_px(self) -> int:
        """The pixel size of the window's own text (the status line's): the smallest text
        the table writes."""
        return max(8, QFontInfo(self.font()).pixelSize())

    def _log_font(self) -> QFont:
        font = QFont(self.font())
        card_w = self.layout_.card_w if self.layout_ is not None else 0.0
        font.setPixelSize(max(self.text_px(), round(card_w * 0.11)))
        return font

    def show_log(self, lines: list[str]) -> None:
        """The last few public events, bottom right ("Ben plays 7♠", "No nine"), in a font
        never smaller than the status line's, at most :data:`LOG_SHARE` of the table wide:
        a longer line wraps (a payment said with its reason is long) rather than run under
        the prompt or off the table, and the oldest lines give way to keep the log at most
        :data:`LOG_LINES` lines high."""
        self.log_lines = list(lines)
        self.place_log()

    def _fit_log(self, most: int) -> None:
        """Lay out :attr:`log_lines` at most ``most`` pixels wide: wrapped, and the oldest
        lines dropped, when they are wider."""
        lines = self.log_lines
        label = self.log_label
        label.setFont(self._log_font())
        label.setWordWrap(False)
        label.setMinimumSize(0, 0)
        label.setMaximumSize(_ANY, _ANY)
        label.setText("\n".join(lines))
        label.adjustSize()
        if label.width() > most:
            label.setWordWrap(True)
            label.setFixedWidth(most)
            tallest = LOG_LINES * label.fontMetrics().lineSpacing()
            while len(lines) > 1 and label.heightForWidth(most) > tallest:
                lines = lines[1:]
                label.setText("\n".join(lines))
            high = label.heightForWidth(most)
            label.setFixedWidth(_narrowest(label, most, high))
            label.setFixedHeight(high)

    def _above_the_hand(self) -> list[QRectF]:
        """What the log keeps clear of above your hand (viewport pixels, the scene's): the
        call on show and Pope Joan's round board (its tray and names)."""
        boxes = []
        call = self.announcement
        if call.isVisible() and call.text and call.opacity() > 0:
            boxes.append(call.sceneBoundingRect())
        if self.board.isVisible():
            boxes.append(self.board.sceneBoundingRect())
        return boxes

    def _log_width(self) -> int:
        """The widest the log may be (pixels): its share of the table, or at a game without
        play the band under the compartments."""
        lay = self.layout_
        if self.snapshot is not None and self.snapshot.mode == "chance" and lay is not None:
            return max(120, round(lay.inner.w))
        return max(120, round(self.viewport().width() * LOG_SHARE))

    def hand_xs(self, hand: tuple[int, ...], lay: TableLayout) -> list[float]:
        """The left edge of each card of ``hand`` as last drawn (pixels); the input half
        holds the hand still after a click, wider than the layout's own."""
        return [x for x, _y in lay.hand_positions(len(hand))]

    def _hand_band(self) -> QRectF:
        """Where your hand lies, its raised cards included (scene pixels); empty with no
        hand."""
        lay, snap = self.layout_, self.snapshot
        if lay is None or snap is None or not snap.hand:
            return QRectF()
        xs = self.hand_xs(snap.hand, lay)
        top = lay.hand_y - lay.raise_by
        bottom = lay.hand_y + CardArt.height_for(round(lay.hand_w))
        return QRectF(min(xs), top, max(xs) + lay.hand_w - min(xs), bottom - top)

    def place_log(self) -> None:
        """Put the log in its place; it steps aside while the prompt or the staking panel
        covers it."""
        # Bottom right, clear of the seats and your plate (see _log_spot for a hand that
        # reaches under it: a short window, the log would cover its last cards); at a game
        # without play under the compartments, where the seats leave room.
        label = self.log_label
        # laid out afresh: lines given way to a table smaller a moment ago come back
        self._fit_log(self._log_width())
        chance = self.snapshot is not None and self.snapshot.mode == "chance"
        label.setAlignment(Qt.AlignmentFlag.AlignHCenter if chance else Qt.AlignmentFlag.AlignRight)
        if chance and self.layout_ is not None:
            self.place_in_the_band(label, self.layout_)
        else:
            label.move(*self._clear_of_the_layout(*self._log_spot()))
        # Where the staking panel or the prompt must cover it (a small table), the log steps
        # aside while they are up rather than show half its lines under them.
        covered = any(
            w.isVisible() and w.geometry().intersects(label.geometry())
            for w in (self.stake_panel, self.prompt)
        )
        self.log_label.setVisible(not covered)

    def _layout_boxes(self) -> list[QRectF]:
        """What the log keeps clear of wherever it sits (viewport pixels): the pools with
        their counters and numbers, the stock, the seats' plates and the cards played."""
        items: list[CardItem | SeatPlate | PoolItem | StockItem] = [
            *self.pool_items,
            self.stock,
            *self.plates.values(),
            *(c for c in self.cards.values() if not c.in_hand),
        ]
        return [
            QRectF(self.mapFromScene(i.sceneBoundingRect()).boundingRect())
            for i in items
            if i.isVisible() and not i.boundingRect().isEmpty()
        ]

    def _clear_of_the_layout(self, x: int, y: int) -> tuple[int, int]:
        """The log at ``(x, y)`` kept clear of the layout above it: its bottom stays, and its
        oldest lines give way until its top is below what it would cover. Small or zoomed
        in, the log above the hand ran over the pools' counters and the dead hand's name.
        Where not even its last line fits, it is hidden (View → This deal so far has it)."""
        label = self.log_label
        bottom, right = y + label.height(), x + label.width()  # its lines end at the right
        for _ in range(LOG_LINES * 4):  # each round drops a line (or ends)
            x = right - label.width()  # a shorter line left: the label is narrower
            spot = QRectF(x, bottom - label.height(), label.width(), label.height())
            hit = [b for b in self._layout_boxes() if b.intersects(spot)]
            if not hit:
                return x, bottom - label.height()
            ceiling = max(b.bottom() for b in hit) + 4
            if not self._drop_oldest(bottom - ceiling):
                break
        label.setText("")
        return x, y

    def _drop_oldest(self, room: float) -> bool:
        """Drop the log's oldest lines until it is at most ``room`` pixels high; False when
        even its newest line is higher."""
        label = self.log_label
        lines = label.text().split("\n")
        while label.height() > room:
            if len(lines) <= 1:
                return False
            lines = lines[1:]
            label.setText("\n".join(lines))
            if label.wordWrap():
                label.setFixedHeight(label.heightForWidth(label.width()))
            else:
                label.adjustSize()
        return True

    def _log_spot(self) -> tuple[int, int]:
        """Where the log goes at a game with play (its top left, viewport pixels), fitting
        it narrower where it must: bottom right; beside your hand where the hand reaches
        under it and leaves :data:`LOG_BESIDE` pixels; else just above the hand, to the
        right of the call on show and of the board where it would run under them."""
        vp, label = self.viewport(), self.log_label

        def bottom_right() -> tuple[int, int]:
            return (
                max(4, vp.width() - label.width() - 10),
                max(4, vp.height() - label.height() - 8),
            )

        x, y = bottom_right()
        hand = self._hand_band()
        if not hand.intersects(QRectF(x, y, label.width(), label.height())):
            return x, y
        beside = vp.width() - 10 - round(hand.right()) - 8
        if beside >= LOG_BESIDE:
            self._fit_log(beside)
            return bottom_right()
        y = max(4, round(hand.top()) - label.height() - 6)
        for box in self._above_the_hand():
            if box.intersects(QRectF(x, y, label.width(), label.height())):
                self._fit_log(max(120, vp.width() - 10 - round(box.right()) - 8))
                x = max(4, vp.width() - label.width() - 10)
                y = max(4, round(hand.top()) - label.height() - 6)
        return x, y


def _narrowest(label: QLabel, most: int, high: int) -> int:
    """The narrowest width (pixels, at most ``most``) at which the word-wrapped ``label`` is
    no higher than ``high``: a wrapped line splits evenly ("Ben, Cat and Dan put 1 each on
    the" over a lone "pool" at 800×600) and no other line wraps."""
    # a label measures itself at no less than its minimum width: the search would find
    # every width fits, and the newest lines were cut off below a log half as wide
    label.setMinimumWidth(0)
    label.setMaximumWidth(_ANY)
    low, top = most // 2, most
    while low < top:
        mid = (low + top) // 2
        if label.heightForWidth(mid) <= high:
            top = mid
        else:
            low = mid + 1
    return top
