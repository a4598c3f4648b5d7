"""The table: a QGraphicsView that draws a :class:`~gui.model.snapshot.TableSnapshot` and turns
mouse input into "this card was chosen". It keeps no game state and knows no rules.

All card movement goes through :meth:`TableView.move_card`, so one duration drives every
animation, ``0`` places cards at once (tests), and input is ignored while the cards it
concerns are moving.
"""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QObject,
    QPointF,
    QRectF,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QBrush,
    QColor,
    QFocusEvent,
    QFont,
    QFontInfo,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QRadialGradient,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
)

from gui.model.layout import ZOOM_MAX, ZOOM_MIN, TableLayout, compute_layout
from gui.model.snapshot import TableSnapshot
from gui.table.board import RoundBoard
from gui.table.calls import Announcement
from gui.table.cardart import CardArt
from gui.table.items import CardItem, ChipToken, FanItem
from gui.table.plates import NameTag, SeatPlate
from gui.table.pools import PoolItem, StockItem
from gui.table.stakepanel import StakePanel
from gui.table.style import INK

#: Table felts: centre, middle and edge colours of the baize.
FELTS = {"green": ("#247046", "#165432", "#0a301c"), "blue": ("#24507a", "#163a5c", "#0a2038"),
         "red": ("#7a2430", "#5c1620", "#380a10")}


class TableView(QGraphicsView):
    """The card table. Emits :attr:`card_chosen` (card int) when the person drops a hand
    card on the table or clicks it; the controller answers with :meth:`show` (accepted) or
    :meth:`refuse` (the card slides home)."""

    card_chosen = Signal(int)
    #: The card zoom changed (Ctrl+wheel, Ctrl+plus/minus): the new factor.
    zoom_changed = Signal(float)
    #: A prompt button was clicked (its key, e.g. "decline", "claim", "jink").
    prompt_chosen = Signal(str)

    def __init__(self, art: CardArt | None = None, parent=None) -> None:
        super().__init__(parent)
        scene = QGraphicsScene(self)  # owned by the view, not by a Python reference
        self.setScene(scene)
        self.setObjectName("table")
        self.art = art or CardArt()
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setMinimumSize(640, 440)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Card table")
        self.snapshot: TableSnapshot | None = None
        self.layout_: TableLayout | None = None
        self.cards: dict[int, CardItem] = {}
        self.plates: dict[int, SeatPlate] = {}
        self.fans: dict[int, FanItem] = {}
        self.pool_items: list[PoolItem] = []
        self.row_labels: list[QGraphicsSimpleTextItem] = []
        self.stock = StockItem(self.art)
        scene.addItem(self.stock)
        self.board = RoundBoard(self.art)
        self.board.setZValue(10)
        scene.addItem(self.board)
        self._chips: list[QVariantAnimation] = []
        self.reason_text = QGraphicsSimpleTextItem()
        self.reason_text.setBrush(INK)
        scene.addItem(self.reason_text)
        #: Trick games: the name of who played each card of the trick, by card.
        self.trick_tags: dict[int, NameTag] = {}
        self.trump_text = QGraphicsSimpleTextItem()
        self.trump_text.setBrush(INK)
        scene.addItem(self.trump_text)
        self.log_label = QLabel(self.viewport())
        self.log_label.setObjectName("recent")
        # Its size follows the table (see _log_font), never below the window's own text.
        self.log_label.setStyleSheet("color: rgba(245, 240, 225, 210);")
        self.log_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.prompt = PromptPanel(self)
        self.stake_panel = StakePanel(self.viewport())
        self.stake_panel.installEventFilter(self)  # shown or hidden: the log makes way
        self.prompt.chosen.connect(self.prompt_chosen)
        self.announcement = Announcement()
        self.announcement.setZValue(900)
        self.announcement.setVisible(False)
        scene.addItem(self.announcement)
        self._anims: dict[CardItem, QVariantAnimation] = {}
        self._fade: QVariantAnimation | None = None
        #: Every call made at this table, oldest first (:meth:`announce`).
        self.announced: list[str] = []
        self._calls: deque[str] = deque()
        self._call_timer = QTimer(self)
        self._call_timer.setSingleShot(True)
        self._call_timer.timeout.connect(self._next_call)
        self._press: tuple[CardItem, QPointF, QPointF] | None = None
        self._dragging = False
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(0)
        self._relayout.timeout.connect(lambda: self._draw(0))
        self.duration = 0
        self.zoom = 1.0
        self.felt = "green"
        self.focus_card: int | None = None
        self._prev_hand: tuple[int, ...] = ()

    # ---- drawing -------------------------------------------------------------------

    def show(self, snapshot: TableSnapshot, duration: int | None = None) -> None:  # type: ignore[override]
        """Draw ``snapshot``; cards whose place changed move there over ``duration`` ms."""
        self.snapshot = snapshot
        self._draw(self.duration if duration is None else duration)

    def _dpr(self) -> float:
        return float(self.devicePixelRatioF()) or 1.0

    def _draw(self, duration: int) -> None:
        snap = self.snapshot
        if snap is None:
            return
        vp = self.viewport().rect()
        self.scene().setSceneRect(QRectF(0, 0, vp.width(), vp.height()))
        n = len(snap.seats)
        lay = compute_layout(vp.width(), vp.height(), n, len(snap.pools), self.zoom)
        self.layout_ = lay
        dpr = self._dpr()
        cw = round(lay.card_w)
        self._draw_seats(snap, lay, dpr)
        self._draw_pools(snap, lay, dpr)
        self.stock.set_state(QRectF(lay.stock.x, lay.stock.y, lay.stock.w, lay.stock.h),
                             snap.stock_count, dpr, snap.stock_name)
        self.stock.setVisible(snap.stock_count > 0)
        self._draw_row_labels(snap, lay)
        if self.log_label.font().pixelSize() != self._log_font().pixelSize():
            self.show_log(self.log_label.text().split("\n"))
        self.prompt.place()
        self.place_stake_panel()
        # A call made at another size (before the window was shown, say) stays in the middle.
        self.announcement.move_to(QPointF(lay.width / 2, lay.announce_y), lay.card_w * 0.26)

        targets: dict[int, tuple[QPointF, bool, int, float, bool]] = {}
        # Played cards by suit and rank position.
        pw = round(lay.played_w)
        for c, row, col in snap.played:
            x, y = lay.played_pos(row, col)
            targets[c] = (QPointF(x, y), True, 100 + col + row * 20, pw, False)
        self._draw_tricks(snap, lay, targets)
        # Your hand, playable cards raised.
        hw = round(lay.hand_w)
        for (x, y), c in zip(lay.hand_positions(len(snap.hand)), snap.hand, strict=True):
            up = c in snap.playable
            targets[c] = (QPointF(x, y - (lay.raise_by if up else 0)), True, 300, hw, True)
        dealing = bool(snap.hand) and not set(snap.hand) & set(self._prev_hand)
        self._prev_hand = snap.hand
        if self.focus_card is not None and self.focus_card not in snap.playable:
            self.focus_card = None
        # Hands and stock shown at the end of a deal.
        small = round(lay.fan_card_w)
        for seat, cards in snap.revealed.items():
            d = (seat - snap.bottom) % n
            if d == 0:
                continue
            for (x, y), c in zip(lay.fan_positions(d, len(cards)), cards, strict=True):
                targets[c] = (QPointF(x, y), True, 200, small, False)
        if snap.turnup is not None:
            # The trump turn-up lies face up across the stock (PJ-22, PJ-C-4).
            targets[snap.turnup] = (QPointF(lay.stock.x - lay.card_w * 0.6,
                                            lay.stock.y - lay.card_h * 0.06), True, 60, cw, False)
        if snap.stock_cards:
            sx = lay.stock.x - (len(snap.stock_cards) - 1) * small * 0.3 + lay.card_w - small
            for i, c in enumerate(snap.stock_cards):
                targets[c] = (QPointF(sx + i * small * 0.3, lay.stock.y), True, 200, small,
                              False)

        for c in list(self.cards):
            if c not in targets:
                item = self.cards.pop(c)
                self._stop(item)
                self.scene().removeItem(item)
        z_hand = 0
        dealt = 0
        for c, (pos, face_up, z, width, in_hand) in targets.items():
            item = self.cards.get(c)
            stagger = 0
            if item is None:
                item = CardItem(c, self.art)
                self.cards[c] = item
                self.scene().addItem(item)
                if dealing and in_hand and duration > 0:
                    # Dealing: the new hand flies in from the pack, one card after another.
                    item.setPos(QPointF(lay.stock.x, lay.stock.y))
                    stagger, dealt = dealt * 45, dealt + 1
                else:
                    item.setPos(self._origin(snap, c, lay, pos))
            item.set_look(width, dpr, face_up)
            item.in_hand = in_hand
            item.note = snap.card_notes.get(c, "")
            item.set_playable(in_hand and c in snap.playable)
            item.set_focused(in_hand and c == self.focus_card and self.hasFocus())
            item.home_z = z + (z_hand if in_hand else 0)
            if in_hand:
                z_hand += 1
            item.home = pos
            if self._press is not None and self._press[0] is item and self._dragging:
                continue  # the card stays on top, under the pointer
            item.setZValue(item.home_z)
            self.move_card(item, pos, duration + stagger if duration > 0 else 0)

    def _draw_tricks(self, snap: TableSnapshot, lay: TableLayout,
                     targets: dict[int, tuple[QPointF, bool, int, float, bool]]) -> None:
        """Trick games: each card of the trick placed toward its player, the last trick
        small on the left with the reason it was won, the trump note under the pack."""
        tricks = snap.mode == "tricks"
        self.reason_text.setVisible(tricks and bool(snap.trick_reason))
        self.trump_text.setVisible(tricks and bool(snap.trump_note))
        shown = {c for _seat, c in snap.trick} if tricks else set()
        for c in [c for c in self.trick_tags if c not in shown]:
            self.scene().removeItem(self.trick_tags.pop(c))
        if not tricks:
            return
        n = len(snap.seats)
        pw = round(lay.played_w)
        ph = pw * 1.4
        cx, cy = lay.trick_center
        # Each card lies toward its player and carries his name: above the cards of the
        # players across the table, below your own (the row between is too narrow).
        others = [lay.plates[d].x + lay.plates[d].w / 2 for d in range(1, n)]
        step = min((b - a for a, b in zip(others, others[1:], strict=False)),
                   default=4 * pw) * 0.55
        tag_w = min(1.3 * pw, step - 0.06 * pw)
        # Never smaller than the window's own text, larger on a large table.
        px_font = max(QFontInfo(self.font()).pixelSize(), lay.card_w * 0.15)
        for i, (seat, c) in enumerate(snap.trick):
            d = (seat - snap.bottom) % n
            if d == 0:
                pos = QPointF(cx - pw / 2, cy + 0.05 * ph)
                edge = pos.y() + ph + 0.04 * pw
            else:
                plate = lay.plates[d]
                px = plate.x + plate.w / 2
                pos = QPointF(cx + (px - cx) * 0.55 - pw / 2, cy - ph - 0.05 * ph)
                edge = pos.y() - 0.04 * pw
            targets[c] = (pos, True, 400 + i, pw, False)
            tag = self.trick_tags.get(c)
            if tag is None:
                tag = self.trick_tags[c] = NameTag()
                tag.setZValue(420)
                self.scene().addItem(tag)
            tag.set_tag(snap.seats[seat].name, QPointF(pos.x() + pw / 2, edge), tag_w,
                        px_font, above=d != 0)
        small = round(lay.fan_card_w)
        box = lay.last_trick
        step = min(small * 0.55, (box.w - small) / max(1, len(snap.last_trick) - 1))
        for i, (_seat, c) in enumerate(snap.last_trick):
            if c not in targets:
                targets[c] = (QPointF(box.x + i * step, box.y), True, 150 + i, small, False)
        font = self.font()
        font.setPixelSize(max(10, round(lay.card_w * 0.16)))
        self.reason_text.setFont(font)
        self.reason_text.setText(snap.trick_reason)
        self.reason_text.setPos(box.x, box.y + small * 1.4 + 4)
        self.trump_text.setFont(font)
        self.trump_text.setText(snap.trump_note)
        width = self.trump_text.boundingRect().width()
        self.trump_text.setPos(min(lay.stock.x - lay.card_w * 0.6, lay.width - width - 8),
                               lay.stock.bottom + lay.card_w * 0.35)

    def _origin(self, snap: TableSnapshot, c: int, lay: TableLayout, target: QPointF
                ) -> QPointF:
        # A card just played by another seat travels from that seat's fan.
        if snap.last_play is not None and snap.last_play[1] == c:
            d = (snap.last_play[0] - snap.bottom) % len(snap.seats)
            if d != 0:
                fan = lay.fans[d]
                return QPointF(fan.x + fan.w / 2 - lay.card_w / 2, fan.y)
        return target

    def _draw_seats(self, snap: TableSnapshot, lay: TableLayout, dpr: float) -> None:
        n = len(snap.seats)
        for seat, sv in enumerate(snap.seats):
            d = (seat - snap.bottom) % n
            plate = self.plates.get(seat)
            if plate is None:
                plate = self.plates[seat] = SeatPlate()
                plate.setZValue(50)
                self.scene().addItem(plate)
            r = lay.plates[d]
            cards = "card" if sv.count == 1 else "cards"
            plate.set_state(QRectF(r.x, r.y, r.w, r.h), sv.name,
                            f"{sv.count} {cards} · {sv.balance}", acting=sv.acting,
                            thinking=sv.thinking, dealer=sv.dealer, winner=sv.winner,
                            tricks=sv.tricks)
            fan = self.fans.get(seat)
            if fan is None:
                fan = self.fans[seat] = FanItem(self.art)
                fan.setZValue(40)
                self.scene().addItem(fan)
            if d == 0 or seat in snap.revealed:
                fan.set_fan([], lay.fan_card_w, dpr)
            else:
                fan.set_fan(lay.fan_positions(d, sv.count), lay.fan_card_w, dpr)
        for seat in [s for s in self.plates if s >= n]:
            self.scene().removeItem(self.plates.pop(seat))
            self.scene().removeItem(self.fans.pop(seat))

    def _draw_pools(self, snap: TableSnapshot, lay: TableLayout, dpr: float) -> None:
        round_board = snap.board == "round"
        b = lay.board
        self.board.setVisible(round_board)
        self.board.set_state(QRectF(b.x, b.y, b.w, b.h) if round_board else QRectF(),
                             [(p.label, p.amount, p.detail) for p in snap.pools], dpr,
                             self.text_px())
        shown = [] if round_board else list(snap.pools)
        while len(self.pool_items) > len(shown):
            self.scene().removeItem(self.pool_items.pop())
        for i, pv in enumerate(shown):
            if i == len(self.pool_items):
                item = PoolItem(self.art, pv.label)
                item.setZValue(10)
                self.scene().addItem(item)
                self.pool_items.append(item)
            item = self.pool_items[i]
            item.label = pv.label
            cr, ch = lay.pool_cards[i], lay.pool_chips[i]
            if snap.mode == "tricks":
                cr = type(cr)(lay.played_x, lay.played_y, lay.card_w, lay.card_h)
                ch = type(ch)(cr.x + cr.w + 0.1 * lay.card_w, cr.y + 0.25 * cr.h, cr.w,
                              0.5 * cr.h)
            item.set_state(QRectF(cr.x, cr.y, cr.w, cr.h), QRectF(ch.x, ch.y, ch.w, ch.h),
                           pv.card, pv.amount, dpr, pv.detail)

    def place_stake_panel(self) -> None:
        """The staking panel sits where the hand will be dealt, clear of the pools, of your
        plate and, where the width allows, of the recent-events log."""
        lay, panel = self.layout_, self.stake_panel
        if lay is None or not panel.isVisible():
            return
        panel.adjustSize()
        y = min(lay.hand_y, lay.height - panel.height() - 4)
        mine = lay.plates[0]
        left = mine.x + mine.w + 0.2 * lay.card_w  # right of your plate
        right = self.log_label.x() - 8 if self.log_label.text() else lay.width - 4
        if right - left < panel.width():
            right = lay.width - 4  # no room between them: the log may be covered
        x = min(max(lay.hand_center_x - panel.width() / 2, left), right - panel.width())
        panel.place(x, y, lay.width - 4)

    def pool_anchor(self, pool: int) -> QPointF:
        """Where the counters of pool ``pool`` lie on the table."""
        if self.board.isVisible():
            return self.board.anchor(pool)
        if pool < len(self.pool_items):
            return self.pool_items[pool].chip_anchor()
        return QPointF()

    def seat_anchor(self, seat: int) -> QPointF:
        """The middle of seat ``seat``'s plate."""
        plate = self.plates.get(seat)
        return plate.rect.center() if plate is not None else QPointF()

    def slide_counters(self, moves: list[tuple[QPointF, QPointF, int]]) -> None:
        """Counters slide from one point to another (pool ↔ seat, seat → seat): up to five
        chips per move, over the table's duration; nothing moves when it is 0."""
        if self.duration <= 0 or self.layout_ is None:
            return
        d = max(10, round(self.layout_.card_w * 0.32))
        dpr = self._dpr()
        for src, dst, amount in moves:
            for k in range(min(amount, 5)):
                token = ChipToken(self.art.chip(k % 5, d, dpr))
                token.setZValue(950)
                token.setPos(src - QPointF(d / 2, d / 2))
                self.scene().addItem(token)
                anim = QVariantAnimation(self)
                anim.setStartValue(src - QPointF(d / 2, d / 2))
                anim.setEndValue(dst - QPointF(d / 2, d / 2))
                anim.setDuration(int(self.duration * 1.6) + 40 * k)
                anim.setEasingCurve(QEasingCurve.Type.InOutQuad)
                anim.valueChanged.connect(token.setPos)

                def done(t: ChipToken = token, a: QVariantAnimation = anim) -> None:
                    if t.scene() is not None:
                        self.scene().removeItem(t)
                    if a in self._chips:
                        self._chips.remove(a)

                anim.finished.connect(done)
                self._chips.append(anim)
                anim.start()

    def _draw_row_labels(self, snap: TableSnapshot, lay: TableLayout) -> None:
        while len(self.row_labels) < len(snap.row_labels):
            t = QGraphicsSimpleTextItem()
            t.setBrush(QColor(INK.red(), INK.green(), INK.blue(), 150))
            self.scene().addItem(t)
            self.row_labels.append(t)
        font = self.font()
        font.setPixelSize(max(10, round(lay.card_w * 0.28)))
        for i, t in enumerate(self.row_labels):
            t.setVisible(i < len(snap.row_labels) and snap.mode == "stops")
            if i < len(snap.row_labels):
                t.setText(snap.row_labels[i])
                t.setFont(font)
                x, y = lay.played_pos(i, 0)
                t.setPos(x - lay.card_w * 0.4, y + lay.card_w * 0.05)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802
        """A baize-green table with a soft vignette."""
        r = self.sceneRect()
        g = QRadialGradient(r.center(), max(r.width(), r.height()) * 0.75)
        centre, middle, edge = FELTS.get(self.felt, FELTS["green"])
        g.setColorAt(0.0, QColor(centre))
        g.setColorAt(0.7, QColor(middle))
        g.setColorAt(1.0, QColor(edge))
        painter.fillRect(rect, QBrush(g))

    # ---- movement: the one place cards move ---------------------------------------

    def move_card(self, item: CardItem, pos: QPointF, duration: int) -> None:
        """Move ``item`` to ``pos`` (scene pixels) over ``duration`` ms (0: at once)."""
        self._stop(item)
        if duration <= 0 or item.pos() == pos:
            item.setPos(pos)
            return
        anim = QVariantAnimation(self)
        anim.setStartValue(item.pos())
        anim.setEndValue(pos)
        anim.setDuration(duration)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(item.setPos)
        anim.finished.connect(lambda it=item: self._anims.pop(it, None))
        self._anims[item] = anim
        anim.start()

    def _stop(self, item: CardItem) -> None:
        anim = self._anims.pop(item, None)
        if anim is not None:
            anim.stop()

    @property
    def busy(self) -> bool:
        """True while any card is moving."""
        return bool(self._anims)

    def refuse(self, card: int) -> None:
        """The choice of ``card`` was refused: it slides back to its place in the hand."""
        item = self.cards.get(card)
        if item is not None:
            item.setZValue(item.home_z)
            self.move_card(item, item.home, self.duration)

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
        never smaller than the status line's."""
        self.log_label.setFont(self._log_font())
        self.log_label.setText("\n".join(lines))
        self.log_label.adjustSize()
        self._place_log()

    def _place_log(self) -> None:
        # Bottom right, clear of the seats, the hand and your plate.
        vp = self.viewport()
        self.log_label.move(max(4, vp.width() - self.log_label.width() - 10),
                            max(4, vp.height() - self.log_label.height() - 8))
        # Where the staking panel must cover it (a small table), the log steps aside
        # while the panel is up rather than show half its lines.
        covered = (self.stake_panel.isVisible()
                   and self.stake_panel.geometry().intersects(self.log_label.geometry()))
        self.log_label.setVisible(not covered)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if watched is self.stake_panel and event.type() in (
                QEvent.Type.Show, QEvent.Type.Hide, QEvent.Type.Move, QEvent.Type.Resize):
            self._place_log()
        return super().eventFilter(watched, event)

    def announce(self, text: str) -> None:
        """Make a short call ("No nine") in the middle of the table. Calls are a queue: each
        shows for a while before the next, so every call of one action is seen, in order
        (:attr:`announced` keeps them all, oldest first); the last one fades."""
        self._calls.append(text)
        if not self._call_timer.isActive():
            self._next_call()

    def _next_call(self) -> None:
        lay = self.layout_
        if not self._calls or lay is None:
            return
        text = self._calls.popleft()
        self.announced.append(text)
        self.announcement.show_text(text, QPointF(lay.width / 2, lay.announce_y),
                                    lay.card_w * 0.26)
        self.announcement.setOpacity(1.0)
        if self._fade is not None:
            self._fade.stop()
        if self.duration <= 0:
            self._next_call()  # tests, speed Off: at once, the last one stays
            return
        # Long enough to read; shorter while more calls wait, so the table never lags.
        hold = (self.duration * 3 + 500) // (1 + len(self._calls))
        self._call_timer.start(hold)
        if self._calls:
            return
        fade = QVariantAnimation(self)
        fade.setStartValue(1.0)
        fade.setKeyValueAt(0.7, 1.0)
        fade.setEndValue(0.0)
        fade.setDuration(self.duration * 6 + 1200)
        fade.valueChanged.connect(self.announcement.setOpacity)
        self._fade = fade
        fade.start()

    # ---- input -------------------------------------------------------------------

    def hand_card_at(self, view_pos) -> CardItem | None:
        """The topmost hand card under ``view_pos`` (viewport coordinates), or ``None``."""
        for item in self.items(view_pos):
            if isinstance(item, CardItem) and item.in_hand:
                return item
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        item = self.hand_card_at(event.position().toPoint())
        if item is None or item in self._anims:
            self._press = None
            return
        scene_pos = self.mapToScene(event.position().toPoint())
        self._press = (item, QPointF(scene_pos), QPointF(scene_pos) - item.pos())
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._press is None:
            return super().mouseMoveEvent(event)
        item, start, offset = self._press
        scene_pos = QPointF(self.mapToScene(event.position().toPoint()))
        if not self._dragging:
            moved = (scene_pos - start).manhattanLength()
            if moved < QApplication.startDragDistance():
                return
            self._dragging = True
            item.setZValue(1000)
        item.setPos(scene_pos - offset)  # the card follows the pointer while dragged
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._press is None or event.button() != Qt.MouseButton.LeftButton:
            return super().mouseReleaseEvent(event)
        item, _start, _offset = self._press
        dragging = self._dragging
        self._press, self._dragging = None, False
        event.accept()
        if not dragging:
            self.card_chosen.emit(item.card)  # a click
            return
        inside = self.viewport().rect().contains(event.position().toPoint())
        lay = self.layout_
        center_y = item.pos().y() + item.card_rect().center().y()
        if inside and lay is not None and center_y < lay.drop_line:
            self.card_chosen.emit(item.card)
        else:
            self.cancel_drag(item)

    def cancel_drag(self, item: CardItem | None = None) -> None:
        """Send a dragged card home (released off the table, or focus lost)."""
        if item is None and self._press is not None:
            item = self._press[0]
        self._press, self._dragging = None, False
        if item is not None:
            item.setZValue(item.home_z)
            self.move_card(item, item.home, self.duration)

    # ---- keyboard and zoom ------------------------------------------------------------

    def _focusables(self) -> list[int]:
        snap = self.snapshot
        if snap is None:
            return []
        return [c for c in snap.hand if c in snap.playable]

    def move_focus(self, step: int) -> None:
        """Move the keyboard focus ``step`` places over your playable cards."""
        cards = self._focusables()
        if not cards:
            self.focus_card = None
            return
        if self.focus_card not in cards:
            self.focus_card = cards[0] if step >= 0 else cards[-1]
        else:
            self.focus_card = cards[(cards.index(self.focus_card) + step) % len(cards)]
        for c, item in self.cards.items():
            item.set_focused(item.in_hand and c == self.focus_card)
        item = self.cards.get(self.focus_card)
        if item is not None:
            self.announce_accessibly(f"{item.accessible_name()}, playable")

    def announce_accessibly(self, text: str) -> None:
        """Say ``text`` through the accessibility layer (screen readers)."""
        self.setAccessibleDescription(text)
        QAccessible.updateAccessibility(
            QAccessibleEvent(self, QAccessible.Event.DescriptionChanged))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        key = event.key()
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if ctrl and key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.set_zoom(self.zoom + 0.05)
        elif ctrl and key == Qt.Key.Key_Minus:
            self.set_zoom(self.zoom - 0.05)
        elif ctrl and key == Qt.Key.Key_0:
            self.set_zoom(1.0)
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
            self.move_focus(1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Up):
            self.move_focus(-1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.focus_card is None:
                self.move_focus(1)
            elif not self.busy:
                self.card_chosen.emit(self.focus_card)
        elif key == Qt.Key.Key_Escape:
            if self._press is not None:
                self.cancel_drag()
            self.focus_card = None
            for item in self.cards.values():
                item.set_focused(False)
        elif key == Qt.Key.Key_Tab and self.prompt.isVisible():
            self.prompt.focus_first()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt name)
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.set_zoom(self.zoom + (0.05 if event.angleDelta().y() > 0 else -0.05))
            event.accept()
            return
        super().wheelEvent(event)

    def set_art(self, art: CardArt) -> None:
        """Draw every card with ``art`` from now on (four-colour deck, another back)."""
        self.art = art
        for item in [*self.cards.values(), *self.fans.values(), *self.pool_items, self.stock,
                     self.board]:
            item.art = art
        for item in self.cards.values():
            item.width = 0  # render again
        self.scene().update()
        self._draw(0)

    def set_zoom(self, zoom: float) -> None:
        """Zoom your hand's cards (0.8–1.25); the layout is drawn again at once."""
        zoom = round(min(ZOOM_MAX, max(ZOOM_MIN, zoom)), 2)
        if zoom != self.zoom:
            self.zoom = zoom
            self._draw(0)
            self.zoom_changed.emit(zoom)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 (Qt name)
        if self.prompt.isVisible():
            self.prompt.focus_first()
            return True
        return super().focusNextPrevChild(forward)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        if self._dragging:
            self.cancel_drag()
        super().focusOutEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._place_log()
        # A storm of resizes ends in one layout, drawn once the events have settled.
        self._relayout.start()


class PromptPanel(QFrame):
    """A small panel above your hand with a question and buttons (rob or decline, claim or
    jink): never a modal dialog hiding the table. Buttons are named by their keys."""

    chosen = Signal(str)

    def __init__(self, view: TableView) -> None:
        super().__init__(view.viewport())
        self.view = view
        self.setObjectName("prompt")
        self.setAutoFillBackground(True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#prompt { background: rgba(12, 36, 24, 225); border: 1px solid "
                           "#f2c94c; border-radius: 8px; } #prompt QLabel { color: #f5f0e1; }")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        self.label = QLabel(self)
        self.label.setObjectName("promptText")
        layout.addWidget(self.label)
        self.buttons_box = QHBoxLayout()
        layout.addLayout(self.buttons_box)
        self.hide()

    def ask(self, text: str, buttons: list[tuple[str, str]]) -> None:
        """Show ``text`` with ``buttons`` as ``(key, label)``."""
        while self.buttons_box.count():
            w = self.buttons_box.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        self.label.setText(text)
        for key, label in buttons:
            b = QPushButton(label, self)
            b.setObjectName(key)
            b.clicked.connect(lambda _=False, k=key: self.chosen.emit(k))
            self.buttons_box.addWidget(b)
        self.adjustSize()
        self.show()
        self.raise_()
        self.place()

    def focus_first(self) -> None:
        """Give the keyboard focus to the panel's first button."""
        for i in range(self.buttons_box.count()):
            w = self.buttons_box.itemAt(i).widget()
            if w is not None:
                w.setFocus()
                return

    def place(self) -> None:
        """Sit centred just above the hand."""
        lay = self.view.layout_
        if lay is None or not self.isVisible():
            return
        self.adjustSize()
        snap = self.view.snapshot
        hand = lay.hand_positions(len(snap.hand) if snap is not None else 0)
        right = (hand[-1][0] + lay.card_w) if hand else lay.hand_center_x
        x = right + lay.card_w * 0.3
        y = lay.hand_y + lay.card_h * 0.3
        if x + self.width() > lay.width - 4:
            # No room beside the hand: just above it, clear of the announcement line.
            x = lay.hand_center_x - self.width() / 2
            y = lay.drop_line - self.height() - 6
        self.move(max(4, round(x)), max(4, round(y)))
