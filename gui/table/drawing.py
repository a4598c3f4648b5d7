"""The table view's drawing: a :class:`~gui.model.snapshot.TableSnapshot` laid out on the
felt (seat plates and fans, pools or the round board, the stock, the played cards, the trick,
your hand), the counters sliding between pools and seats, and the one place cards move.

All card movement goes through :meth:`TableDrawing.move_card`, so one duration drives every
animation and ``0`` places cards at once (tests).
"""

from __future__ import annotations

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QRect,
    QRectF,
    QTimer,
    QVariantAnimation,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPainter,
    QRadialGradient,
)
from PySide6.QtWidgets import (
    QGraphicsSimpleTextItem,
    QLabel,
)

from gui.model.amounts import number
from gui.model.layout import TableLayout, compute_layout
from gui.model.ringlayout import compute_ring_layout
from gui.model.snapshot import TableSnapshot
from gui.table.board import RoundBoard
from gui.table.calls import Announcement, PromptPanel, place_call
from gui.table.cardart import CardArt
from gui.table.eventlog import EventLogDrawing
from gui.table.items import CardItem, ChipToken, FanItem
from gui.table.plates import SeatPlate, plate_detail
from gui.table.pools import PoolItem, StockItem, same_number_size
from gui.table.stakepanel import StakePanel
from gui.table.style import INK
from gui.table.trickdrawing import CardTarget

#: Table felts: centre, middle and edge colours of the baize.
FELTS = {
    "green": ("#247046", "#165432", "#0a301c"),
    "blue": ("#24507a", "#163a5c", "#0a2038"),
    "red": ("#7a2430", "#5c1620", "#380a10"),
}


class TableDrawing(EventLogDrawing):
    """The drawing half of :class:`~gui.table.view.TableView`: it lays out ``snapshot`` on
    the felt and moves the cards. The items it draws with are made by the view."""

    art: CardArt
    snapshot: TableSnapshot | None
    layout_: TableLayout | None
    #: The cards on the table by card (0..51), the plates and face-down fans by seat.
    cards: dict[int, CardItem]
    plates: dict[int, SeatPlate]
    fans: dict[int, FanItem]
    pool_items: list[PoolItem]
    row_labels: list[QGraphicsSimpleTextItem]
    stock: StockItem
    board: RoundBoard
    log_label: QLabel
    prompt: PromptPanel
    stake_panel: StakePanel
    announcement: Announcement
    #: The moving cards' animations, and the counters' (slide_counters).
    _anims: dict[CardItem, QVariantAnimation]
    _chips: list[QVariantAnimation]
    #: The card pressed (with where, and the grip's offset) and whether it is being dragged.
    _press: tuple[CardItem, QPointF, QPointF] | None
    _dragging: bool
    #: Animation length in ms (0: at once), the hand's zoom, the felt's name.
    duration: int
    zoom: float
    felt: str
    focus_card: int | None
    #: The last card was played from the keyboard: the next turn to play a card starts with
    #: the focus ring on the first playable one, so that one Enter plays it
    #: (:meth:`~gui.table.handling.TableInput.ready_ring`). A click on a card, Escape, and
    #: a card coming into the hand (a new deal, an undo, a rob, another person's hand)
    #: turn it off: the first play of a hand is never one stray Enter.
    keys_play: bool
    _prev_hand: tuple[int, ...]
    _hand_deal: int  # the deal of the last hand shown (TableSnapshot.deal), -1 before any
    _settled_paint: QTimer  # paints the whole table once the last drawing's cards settle

    # ---- drawing -------------------------------------------------------------------

    def _dpr(self) -> float:
        return float(self.devicePixelRatioF()) or 1.0

    def _draw(self, duration: int) -> None:
        snap = self.snapshot
        if snap is None:
            return
        vp = self.viewport().rect()
        self.fit_scene()
        n = len(snap.seats)
        if snap.mode == "chance":
            lay = compute_ring_layout(vp.width(), vp.height(), n, len(snap.pools), snap.cards_each)
        else:
            lay = compute_layout(vp.width(), vp.height(), n, len(snap.pools), self.zoom)
            wide = self._pool_width(snap, lay.card_w)
            if wide > 1:  # a compartment's name is wider than a card: wider plates
                lay = compute_layout(vp.width(), vp.height(), n, len(snap.pools), self.zoom, wide)
        resized = self.layout_ is None or (self.layout_.width, self.layout_.height) != (
            lay.width,
            lay.height,
        )
        self.layout_ = lay
        dpr = self._dpr()
        self._draw_around_the_cards(snap, lay, dpr)
        targets = self._card_targets(snap, lay)
        self._place_panels()  # after the targets: the last trick's caption is placed there
        # a hand new to the table flies in from the pack, not one shown again in its deal
        # (a hot seat's hand came back as face-up cards stacked on the stock, 9♦ on top)
        fresh = snap.deal == 0 or snap.deal != self._hand_deal
        dealing = fresh and bool(snap.hand) and not set(snap.hand) & set(self._prev_hand)
        self._hand_deal = snap.deal if snap.hand else self._hand_deal
        if set(snap.hand) - set(self._prev_hand):
            self.keys_play, self.focus_card = False, None
        self._prev_hand = snap.hand
        if self.focus_card is not None and self.focus_card not in snap.playable:
            self.focus_card = None
        self._place_cards(snap, lay, targets, dpr, duration, dealing)
        if resized:
            # All of it painted again: Qt repaints a moved item's old place only where it knows
            # it painted it, and old hands and calls stayed on the baize after a resize
            self.viewport().update()
        # The whole table again once the cards settle: a game opened over another, its notice
        # shown as the cards flew, left the old hand's edge on the baize (Qt's repaints missed it)
        self._settled_paint.start(max(0, duration) + 60)

    def fit_scene(self) -> None:
        """Make the scene the viewport's size (scene pixels are the viewport's). The baize's
        shading follows that size, so a new size repaints the whole table: Qt by itself
        repaints only the items that move, which would leave patches of the old shading
        around them (and a staircase along a dragged card's path)."""
        vp = self.viewport().rect()
        rect = QRectF(0, 0, vp.width(), vp.height())
        if self.scene().sceneRect() != rect:
            self.scene().setSceneRect(rect)
            self.viewport().update()

    @staticmethod
    def _pool_width(snap: TableSnapshot, card_w: float) -> float:
        """How wide the pools' plates would be, in card widths, for the widest name of a
        compartment with no card (1: a card's width)."""
        if snap.board == "round" or snap.mode != "stops":
            return 1.0
        widths = [PoolItem.plate_width(p.label, card_w) for p in snap.pools if p.card is None]
        return max([card_w, *widths]) / card_w

    def _draw_around_the_cards(self, snap: TableSnapshot, lay: TableLayout, dpr: float) -> None:
        """Everything but the cards and the panels: plates and fans, pools, the stock, the
        suit rows' labels and the call in the middle."""
        self._draw_seats(snap, lay, dpr)
        self._draw_pools(snap, lay, dpr)
        self.stock.show_at(lay, snap.stock_count, len(snap.stock_cards), dpr, snap.stock_name)
        self._draw_row_labels(snap, lay)
        # A call made at another size (before the window was shown, say) stays in the middle.
        self.place_call()

    def place_call(self) -> None:
        """The call on its line in the middle of the table, or just above the prompt where
        the prompt covers that line, right of the last trick's caption
        (:func:`~gui.table.calls.place_call`)."""
        lay, prompt = self.layout_, self.prompt
        if lay is None:
            return
        cover = self.mapToScene(prompt.geometry()).boundingRect() if prompt.isVisible() else None
        caption = self.reason_text
        beside = caption.sceneBoundingRect() if caption.isVisible() and caption.text() else None
        home = QPointF(lay.width / 2, lay.announce_y)
        place_call(self.announcement, home, lay.card_w * 0.26, cover, beside)

    def _place_panels(self) -> None:
        """The prompt (clear of the last trick's caption), the staking panel, and the log
        clear of both."""
        self.prompt.place()
        self.place_stake_panel()
        self.show_log(self.log_lines)  # its font, width and place at this size, clear of both

    def _card_targets(self, snap: TableSnapshot, lay: TableLayout) -> dict[int, CardTarget]:
        """Where every card shown is drawn, by card, in the order the items are made."""
        targets: dict[int, CardTarget] = {}
        if snap.mode == "chance":
            self._draw_seat_cards(snap, lay, targets)
            return targets
        # Played cards by suit and rank position.
        pw = round(lay.played_w)
        for c, row, col in snap.played:
            x, y = lay.played_pos(row, col)
            targets[c] = (QPointF(x, y), True, 100 + col + row * 20, pw, False)
        self._draw_tricks(snap, lay, targets)
        # Your hand, playable cards raised.
        hw = round(lay.hand_w)
        spots = self.hand_spots(snap.hand, lay, to_play=bool(snap.playable))
        for (x, y), c in zip(spots, snap.hand, strict=True):
            up = c in snap.playable
            targets[c] = (QPointF(x, y - (lay.raise_by if up else 0)), True, 300, hw, True)
        self._shown_targets(snap, lay, targets)
        return targets

    def hand_spots(
        self, hand: tuple[int, ...], lay: TableLayout, *, to_play: bool = True
    ) -> list[tuple[float, float]]:
        """Top-left of each card of ``hand`` (cards 0..51, pixels), before any is raised;
        ``to_play``: the person has a card to play now."""
        return lay.hand_positions(len(hand))

    def _shown_targets(
        self, snap: TableSnapshot, lay: TableLayout, targets: dict[int, CardTarget]
    ) -> None:
        """The cards shown face up besides the play: the others' hands and the stock at the
        end of a deal, and the trump turn-up across the stock."""
        n = len(snap.seats)
        cw = round(lay.card_w)
        # Hands and stock shown at the end of a deal.
        shown_w = round(lay.played_w)
        for seat, cards in snap.revealed.items():
            d = (seat - snap.bottom) % n
            if d == 0:
                continue
            for i, (x, y) in enumerate(lay.shown_hand_positions(d, len(cards))):
                targets[cards[i]] = (QPointF(x, y), True, 200 + i, shown_w, False)
        if snap.turnup is not None:
            # The trump turn-up lies face up across the stock (PJ-22, PJ-C-4).
            targets[snap.turnup] = (
                QPointF(lay.stock.x - lay.card_w * 0.6, lay.stock.y - lay.card_h * 0.06),
                True,
                60,
                cw,
                False,
            )
        fan = lay.stock_fan_positions(len(snap.stock_cards))
        for i, ((x, y), c) in enumerate(zip(fan, snap.stock_cards, strict=True)):
            targets[c] = (QPointF(x, y), True, 200 + i, shown_w, False)

    def _place_cards(
        self,
        snap: TableSnapshot,
        lay: TableLayout,
        targets: dict[int, CardTarget],
        dpr: float,
        duration: int,
        dealing: bool,
    ) -> None:
        """Take off the cards no longer shown, make the new ones and move every card to its
        target over ``duration`` ms; with ``dealing``, a new hand flies in from the pack."""
        for c in list(self.cards):
            if c not in targets:
                item = self.cards.pop(c)
                self._stop(item)
                self.scene().removeItem(item)
        z_hand = 0
        dealt = 0
        for c, (pos, face_up, z, width, in_hand) in targets.items():
            found = self.cards.get(c)
            stagger = 0
            if found is None:
                item = self._new_card(c)
                if dealing and in_hand and duration > 0:
                    # Dealing: the new hand flies in from the pack, one card after another.
                    item.setPos(QPointF(lay.stock.x, lay.stock.y))
                    stagger, dealt = dealt * 45, dealt + 1
                else:
                    item.setPos(self._origin(snap, c, lay, pos))
            else:
                item = found
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

    def _new_card(self, c: int) -> CardItem:
        """A new item for card ``c`` (0..51), on the table and known by its card."""
        item = CardItem(c, self.art)
        self.cards[c] = item
        self.scene().addItem(item)
        return item

    def _origin(self, snap: TableSnapshot, c: int, lay: TableLayout, target: QPointF) -> QPointF:
        if snap.mode == "chance":
            return self.chance_origin(lay)  # dealt from the pack
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
            plate.set_state(
                QRectF(r.x, r.y, r.w, r.h),
                sv.name,
                plate_detail(sv, snap.mode),
                acting=sv.acting,
                thinking=sv.thinking,
                dealer=sv.dealer,
                winner=sv.winner,
                tricks=sv.tricks,
                short=f"{sv.count} · {number(sv.balance)}",
            )
            fan = self.fans.get(seat)
            if fan is None:
                fan = self.fans[seat] = FanItem(self.art)
                fan.setZValue(40)
                self.scene().addItem(fan)
            if d == 0 or seat in snap.revealed or snap.mode == "chance":
                fan.set_fan([], lay.fan_card_w, dpr)
            else:
                fan.set_fan(lay.fan_positions(d, sv.count), lay.fan_card_w, dpr)
        for seat in [s for s in self.plates if s >= n]:
            self.scene().removeItem(self.plates.pop(seat))
            self.scene().removeItem(self.fans.pop(seat))

    def _draw_pools(self, snap: TableSnapshot, lay: TableLayout, dpr: float) -> None:
        round_board = snap.board == "round"
        b = lay.board
        right = b.x + b.w
        if snap.stock_cards:  # the stock face up spreads leftwards: the names keep clear
            right = min(right, lay.stock_fan_left(len(snap.stock_cards)) - 0.15 * lay.card_w)
        self.board.setVisible(round_board)
        self.board.set_state(
            QRectF(b.x, b.y, max(0.0, right - b.x), b.h) if round_board else QRectF(),
            [(p.label, p.amount, p.detail) for p in snap.pools],
            dpr,
            self.text_px(),
        )
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
            item.name_on_card = pv.name_on_card
            cr, ch, pr = lay.pool_cards[i], lay.pool_chips[i], lay.pool_plates[i]
            if snap.mode == "tricks":
                cr = pr = type(cr)(lay.played_x, lay.played_y, lay.card_w, lay.card_h)
                ch = type(ch)(cr.x + cr.w + 0.1 * lay.card_w, cr.y + 0.25 * cr.h, cr.w, 0.5 * cr.h)
            item.set_state(
                QRectF(cr.x, cr.y, cr.w, cr.h),
                QRectF(ch.x, ch.y, ch.w, ch.h),
                pv.card,
                pv.amount,
                dpr,
                pv.detail,
                QRectF(pr.x, pr.y, pr.w, pr.h),
                pv.cards,
                pv.dead,
            )
        same_number_size(self.pool_items)

    def place_stake_panel(self) -> None:
        """The staking panel sits where the hand will be dealt, clear of the pools, of your
        plate and, where the width allows, of the recent-events log."""
        lay, panel = self.layout_, self.stake_panel
        if lay is None or not panel.isVisible():
            return
        if self.snapshot is not None and self.snapshot.mode == "chance":
            self.place_in_the_band(panel, lay)  # under the compartments, clear of the seats
            return
        panel.fit()
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

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802
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
