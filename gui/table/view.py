"""The table: a QGraphicsView that draws a :class:`~gui.model.snapshot.TableSnapshot` and turns
mouse input into "this card was chosen". It keeps no game state and knows no rules.

The view is built in layers: :class:`~gui.table.drawing.TableDrawing` draws the snapshot and
moves the cards (one duration drives every animation, ``0`` places cards at once), and
:class:`~gui.table.handling.TableInput` takes the mouse and the keyboard (input is ignored
while the cards it concerns are moving). This module makes the table's items and its calls.
"""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import (
    QElapsedTimer,
    QEvent,
    QObject,
    QPointF,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QPainter,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QLabel,
    QWidget,
)

from gui.model.snapshot import TableSnapshot
from gui.table.board import RoundBoard
from gui.table.calls import Announcement, PromptPanel
from gui.table.cardart import CardArt
from gui.table.handling import TableInput
from gui.table.items import CardItem, FanItem
from gui.table.pools import PoolItem, StockItem
from gui.table.stakepanel import StakePanel
from gui.table.style import INK


class TableView(TableInput):
    """The card table. Emits :attr:`card_chosen` (card int) when the person drops a hand
    card on the table or clicks it; the controller answers with :meth:`show` (accepted) or
    :meth:`refuse` (the card slides home)."""

    #: A prompt button was clicked (its key, e.g. "decline", "claim", "jink").
    prompt_chosen = Signal(str)
    #: The recent events were clicked: the whole deal so far is wanted.
    log_clicked = Signal()

    def __init__(self, art: CardArt | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        scene = QGraphicsScene(self)  # owned by the view, not by a Python reference
        # No index: the cards move and come and go all the time, the case Qt's docs give
        # for NoIndex. With the default BSP index, cards of the deal before stayed painted
        # in the rows (and one over a hand) on a real screen, though no item held them any
        # more: a tester saw it at most new Michigan deals; none in nine deals without it.
        scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setScene(scene)
        self.setObjectName("table")
        self.art = art or CardArt()
        self._set_up_view()
        self.snapshot = None
        self.layout_ = None
        self.cards = {}
        self.plates = {}
        self.fans = {}
        self.pool_items = []
        self.row_labels = []
        self._add_table_items(scene)
        self._add_overlays()
        self.announcement = Announcement()
        self.announcement.setZValue(900)
        self.announcement.setVisible(False)
        scene.addItem(self.announcement)
        self._anims = {}
        self._set_up_calls()
        self._press = None
        self._dragging = False
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(0)
        self._relayout.timeout.connect(lambda: self._draw(0))
        self._settled_paint = QTimer(self)
        self._settled_paint.setSingleShot(True)
        self._settled_paint.timeout.connect(self.viewport().update)
        self.duration = 0
        self.zoom = 1.0
        self.felt = "green"
        self.focus_card = None
        self.keys_play = False
        self._prev_hand = ()
        self._hand_deal = -1
        self._held, self._holding = None, False

    def _set_up_view(self) -> None:
        """Smooth drawing, no scroll bars or frame, the smallest table, keyboard focus."""
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        # The table is 16 × 8 card widths: up to 800 wide, 400 high already gives every
        # card its full size; more would only push the bars above it off a small screen.
        self.setMinimumSize(640, 400)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Card table")
        # The pointer's moves without a button: the hand closes up once it leaves the hand.
        self.viewport().setMouseTracking(True)

    def _add_table_items(self, scene: QGraphicsScene) -> None:
        """The stock, the round board and the trick games' two lines, in this order (the
        order items of one z value stack in)."""
        self.stock = StockItem(self.art)
        scene.addItem(self.stock)
        self.board = RoundBoard(self.art)
        self.board.setZValue(10)
        scene.addItem(self.board)
        self._chips = []
        self.reason_text = QGraphicsSimpleTextItem()
        self.reason_text.setBrush(INK)
        scene.addItem(self.reason_text)
        self.trick_tags = {}
        self.trump_text = QGraphicsSimpleTextItem()
        self.trump_text.setBrush(INK)
        scene.addItem(self.trump_text)

    def _add_overlays(self) -> None:
        """The widgets over the felt, in this order (the order they stack in): the recent
        events, the prompt and the staking panel."""
        self.log_label = QLabel(self.viewport())
        self.log_label.setObjectName("recent")
        # plain text: a name with tags ("<b>Zoë</b>") turned the lines into rich text, the
        # tags vanished and the lines ran together
        self.log_label.setTextFormat(Qt.TextFormat.PlainText)
        # Its size follows the table (see _log_font), never below the window's own text.
        self.log_label.setStyleSheet("color: rgba(245, 240, 225, 210);")
        self.log_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        # a click shows the whole deal so far: a tester found the three lines scrolled away
        # and the deal's log (View → This deal so far) hard to find
        self.log_label.setToolTip("Click for this whole deal so far (Ctrl+L)")
        self.log_label.setCursor(Qt.CursorShape.PointingHandCursor)
        self.log_label.installEventFilter(self)
        self.prompt = PromptPanel(self)
        self.stake_panel = StakePanel(self.viewport())
        self.stake_panel.installEventFilter(self)  # shown or hidden: the log makes way
        self.prompt.chosen.connect(self.prompt_chosen)

    def _set_up_calls(self) -> None:
        """The queue of calls (:meth:`announce`) and its timer."""
        self._fade: QVariantAnimation | None = None
        #: Every call made at this table, oldest first (:meth:`announce`).
        self.announced: list[str] = []
        self._calls: deque[str] = deque()
        self._call_timer = QTimer(self)
        self._call_timer.setSingleShot(True)
        self._call_timer.timeout.connect(self._next_call)
        #: Time since the call on show appeared (its reading time, :meth:`retire_call`).
        self._call_clock = QElapsedTimer()

    def show(self, snapshot: TableSnapshot, duration: int | None = None) -> None:  # type: ignore[override]
        """Draw ``snapshot``; cards whose place changed move there over ``duration`` ms."""
        self.snapshot = snapshot
        self._draw(self.duration if duration is None else duration)

    def refuse(self, card: int) -> None:
        """The choice of ``card`` was refused: it slides back to its place in the hand."""
        item = self.cards.get(card)
        if item is not None:
            item.setZValue(item.home_z)
            self.move_card(item, item.home, self.duration)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if watched is self.log_label and event.type() == QEvent.Type.MouseButtonRelease:
            self.log_clicked.emit()
            return True
        if watched is self.stake_panel and event.type() in (
            QEvent.Type.Show,
            QEvent.Type.Hide,
            QEvent.Type.Move,
            QEvent.Type.Resize,
        ):
            self.place_log()
        return super().eventFilter(watched, event)

    def announce(self, text: str, *, fresh: bool = False) -> None:
        """Make a short call ("No nine") in the middle of the table. Calls are a queue: each
        shows for a while before the next, so every call of one action is seen, in order
        (:attr:`announced` keeps those shown, oldest first); the last one fades.

        ``fresh``: the first call of a new action. Calls still waiting from earlier actions
        are dropped (the log keeps them), and the call on show gives way once it has been
        up for a glance (:meth:`_glance_ms`): behind fast computers the queue lagged, and
        "No queen" showed while the stop was "No five"."""
        if fresh:
            self._calls.clear()
            if self._call_timer.isActive():
                left = max(0, self._glance_ms() - self._call_clock.elapsed())
                if left < self._call_timer.remainingTime():
                    self._call_timer.start(left)
        self._calls.append(text)
        if not self._call_timer.isActive():
            self._next_call()

    def _next_call(self) -> None:
        lay = self.layout_
        if not self._calls and lay is not None:
            self._end_call()
        if not self._calls or lay is None:
            return
        text = self._calls.popleft()
        self.announced.append(text)
        self._call_clock.start()
        self.announcement.show_text(text, QPointF(lay.width / 2, lay.announce_y), lay.card_w * 0.26)
        self.place_call()
        self.announcement.setOpacity(1.0)
        self.show_log(self.log_lines)  # a log above the hand keeps clear of the new call
        if self._fade is not None:
            self._fade.stop()
        if self.duration <= 0:
            self._next_call()  # tests, speed Off: at once, the last one stays
            return
        # Long enough to read; shorter while more calls wait, so the table never lags.
        hold = self._read_ms() // (1 + len(self._calls))
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

    def _end_call(self) -> None:
        """The call on show has had its time and no call follows it (those that waited
        were taken back): it fades, as the last call does. It had no fade of its own, shown
        while others waited, and stayed up until the next call ("Your only card to play:
        7♥" over the 10♥ to play)."""
        fading = self._fade is not None and self._fade.state() == QVariantAnimation.State.Running
        if self.announcement.opacity() > 0.0 and not fading and self.duration > 0:
            self._fade_out(0)

    def clear_calls(self) -> None:
        """No call on show or waiting (a new deal: the last deal's calls, still queued
        behind fast computers, must not be shown over the new one's cards)."""
        self._calls.clear()
        self._call_timer.stop()
        if self._fade is not None:
            self._fade.stop()
        self.announcement.setOpacity(0.0)

    def withdraw_call(self, text: str) -> None:
        """Take back the call ``text`` once what it announced has happened (a forced card
        that has played itself): dropped if still waiting, else faded out at once instead of
        staying over the play that follows."""
        while text in self._calls:  # asked twice, it was queued twice
            self._calls.remove(text)
        if not self.announced or self.announced[-1] != text or self._calls:
            return  # not the call on show, or another replaces it anyway
        if self.duration <= 0:
            self._call_timer.stop()
            if self._fade is not None:
                self._fade.stop()
            self.announcement.setOpacity(0.0)
            return
        self._fade_out(0)

    def retire_call(self, *, lead: bool = False) -> None:
        """A card was played after the call on show, with no call of its own: the call has
        had its moment. It fades out once it has been up for its reading time instead of
        staying over the plays that follow ("No five" stayed up while three more cards were
        led and played). Calls still waiting keep their turn; at speed Off the last call
        stays, as it always does there.

        ``lead``: the card opened a new sequence or trick. What was called belongs to the
        one before ("No K♣: played earlier" was still up over the next lead): calls still
        waiting are dropped (the log keeps them) and the call on show goes after a glance
        (:meth:`_glance_ms`), as for a later action's call."""
        if lead:
            self._calls.clear()
        if self._calls or self.duration <= 0 or not self.announced:
            return
        if self.announcement.opacity() <= 0.0:
            return
        wait = self._glance_ms() if lead else self._read_ms()
        hold = max(0, wait - self._call_clock.elapsed())
        fade = self._fade
        running = fade is not None and fade.state() == QVariantAnimation.State.Running
        left = fade.duration() - fade.currentTime() if fade is not None and running else None
        if left is not None and left <= hold + self.duration:
            # already going sooner (a forced card's call taken back as it was played): held
            # up again, it stayed over three more plays at full strength
            return
        self._fade_out(hold)

    def _read_ms(self) -> int:
        """How long (ms) a call stays up, at least, to be read."""
        return self.duration * 3 + 500

    def _glance_ms(self) -> int:
        """How long (ms) a call stays up, at least, before a later action's call."""
        return self.duration + 300

    def _fade_out(self, hold: int) -> None:
        """Fade the call on show out over :attr:`duration` ms, after ``hold`` ms more at
        its present opacity."""
        self._call_timer.stop()
        if self._fade is not None:
            self._fade.stop()
        start = self.announcement.opacity()
        total = hold + self.duration
        fade = QVariantAnimation(self)
        fade.setStartValue(start)
        if hold:
            fade.setKeyValueAt(hold / total, start)
        fade.setEndValue(0.0)
        fade.setDuration(total)
        fade.valueChanged.connect(self.announcement.setOpacity)
        self._fade = fade
        fade.start()

    def set_art(self, art: CardArt) -> None:
        """Draw every card with ``art`` from now on (four-colour deck, another back)."""
        self.art = art
        drawn: list[CardItem | FanItem | PoolItem | StockItem | RoundBoard] = [
            *self.cards.values(),
            *self.fans.values(),
            *self.pool_items,
            self.stock,
            self.board,
        ]
        for each in drawn:
            each.art = art
        for item in self.cards.values():
            item.width = 0  # render again
        self.scene().update()
        self._draw(0)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        # The scene takes the new size at once (a scene larger than the viewport would
        # scroll it until the new layout is drawn) and the whole table is painted again.
        self.fit_scene()
        self.place_log()
        # A storm of resizes ends in one layout, drawn once the events have settled.
        self._relayout.start()
