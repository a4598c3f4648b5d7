"""What the table says to the person: the short call in the middle of the table ("No nine")
and the prompt panel above the hand (rob or decline, claim or jink)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QHideEvent,
    QKeyEvent,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QFrame,
    QGraphicsObject,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gamecore.limits import MAX_AMOUNT
from gui.model.widowwords import AMOUNT
from gui.table.focusback import focus_back_to
from gui.table.style import GOLD, INK, panel_buttons, table_font

if TYPE_CHECKING:
    from gui.table.view import TableView


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
        wide = QFontMetricsF(table_font(self.px, bold=True)).horizontalAdvance(self.text)
        w = max(1.0, wide + self.px * 1.6)
        h = self.px * 1.7
        return QRectF(self.center.x() - w / 2, self.center.y() - h / 2, w, h)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._box().adjusted(-1.5, -1.5, 1.5, 1.5)  # the gold rim's pen

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.text:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = self._box()
        painter.setBrush(QBrush(QColor(10, 30, 20, 190)))
        painter.setPen(QPen(GOLD, 1.5))
        painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
        painter.setPen(INK)
        painter.setFont(table_font(self.px, bold=True))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)


def place_call(
    call: Announcement, home: QPointF, px: float, cover: QRectF | None, beside: QRectF | None
) -> None:
    """Centre ``call`` on ``home`` (scene pixels, the middle of the table) with a font of
    ``px`` pixels, or just above ``cover`` (the prompt's box in scene pixels, ``None`` while
    it is hidden) where that box covers it: on a small table the prompt sits over the
    call's line, and a call made while it is up ("Dan bids 1") was hidden behind it. Moved
    up, the call keeps right of ``beside`` (the last trick's caption, ``None`` if none)."""
    call.move_to(home, px)
    box = call.boundingRect()
    if cover is None or not cover.intersects(box):
        return
    up = QPointF(home.x(), cover.top() - box.height() / 2 - 4)
    call.move_to(up, px)
    box = call.boundingRect()
    if beside is not None and beside.intersects(box):
        x = beside.right() + box.width() / 2 + 8
        call.move_to(QPointF(min(x, home.x() * 2 - box.width() / 2 - 4), up.y()), px)


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
        # The buttons drawn here too, for a focus that shows on the dark panel (the style's
        # own focus frame, a thin blue line, could not be seen): a gold rim, as the cards'.
        self.setStyleSheet(
            "#prompt { background: rgba(12, 36, 24, 225); border: 1px solid "
            "#f2c94c; border-radius: 8px; } #prompt QLabel { color: #f5f0e1; }"
            + panel_buttons("prompt")
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        self.label = QLabel(self)
        self.label.setObjectName("promptText")
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # names as typed, tags and all
        layout.addWidget(self.label)
        self.buttons_box = QHBoxLayout()
        layout.addLayout(self.buttons_box)
        #: The box of an amount of the person's choosing, while one is asked (a bid).
        self.amount: QSpinBox | None = None
        self._amount_prefix = ""
        self._built = False  # hidden below before the view has its call
        self.hide()
        self._built = True

    def ask(self, text: str, buttons: list[tuple[str, str]]) -> None:
        """Show ``text`` with ``buttons`` as ``(key, label)``."""
        focus_back_to(self.view, self)  # a button with the focus is about to go
        # Asked again while on show (a bid asked to be confirmed): shown afresh, laid out
        # for its new buttons; kept on show it kept the old size, and its words and new
        # buttons were squeezed into it.
        self.hide()
        while self.buttons_box.count():
            taken = self.buttons_box.takeAt(0)
            w = taken.widget() if taken is not None else None
            if w is not None:
                w.deleteLater()
        self.label.setText(text)
        self.amount = None
        for key, label in buttons:
            b = QPushButton(label, self)
            b.setObjectName(key)
            # Enter presses the button with the focus, as in a dialog (outside one Qt leaves
            # Enter to the parent: the table's keys, which then played the ringed card).
            b.setAutoDefault(True)
            if key.startswith(AMOUNT + ":"):
                self._amount_button(b, key)
            else:
                b.clicked.connect(lambda _=False, k=key: self.chosen.emit(k))
            self.buttons_box.addWidget(b)
        self.adjustSize()
        self.show()
        self.raise_()
        self.place()

    def _amount_button(self, button: QPushButton, key: str) -> None:
        """An amount of the person's choosing: a box before ``button`` (``key`` is
        ``amount:<prefix>:<least>:<most>``, ``<most>`` empty for no limit), which emits
        ``<prefix>:<the amount>`` (a bid of any size, MI-8). Named "amount", both."""
        _, prefix, least, most = key.split(":")
        spin = QSpinBox(self)
        spin.setObjectName(AMOUNT)
        spin.setRange(int(least), int(most) if most else MAX_AMOUNT)
        spin.setAccessibleName("The amount")
        self.buttons_box.addWidget(spin)
        self.amount, self._amount_prefix = spin, prefix
        self._fit_amount()
        spin.textChanged.connect(self._fit_amount)
        button.setObjectName(AMOUNT)
        button.clicked.connect(lambda _=False: self._amount_chosen(prefix))
        # Enter is taken before the box's own handling, which puts back its last good
        # number in place of one out of range (and then passed Enter on to the panel).
        spin.installEventFilter(self)

    def offer_amount(self, amount: int) -> None:
        """Put ``amount`` in the amount's box, selected and with the keyboard's focus, to be
        changed (a bid "Change the bid" took back: the box had gone back to the least)."""
        spin = self.amount
        if spin is None:
            return
        spin.setValue(amount)
        spin.setFocus()
        spin.selectAll()

    def _fit_amount(self) -> None:
        """The amount's box as wide as a few digits (left to the layout it took the panel
        off a small table), wider for an amount of more: a bid of a billion showed only
        its first seven digits."""
        spin = self.amount
        if spin is None:
            return
        digits = "0" * max(5, len(spin.text()))
        wide = spin.fontMetrics().horizontalAdvance(digits) + 36
        if wide != spin.maximumWidth():  # fixed: both its least and its most
            spin.setFixedWidth(wide)
            if self.isVisible():
                self.place()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        """Enter in the amount's box chooses the amount (see :meth:`_amount_chosen`)."""
        if (
            watched is self.amount
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self._amount_chosen(self._amount_prefix)
            return True
        return super().eventFilter(watched, event)

    def _amount_chosen(self, prefix: str) -> None:
        """The amount's button (or Enter in its box): ``<prefix>:<amount>`` is chosen only
        for the amount the box shows. A typed number out of range (a bid under the least,
        "0") is first set to the nearest allowed, selected, for the person to see and
        confirm; it had made the box's last good value, unseen (a bid of 9999999)."""
        spin = self.amount
        if spin is None:
            return
        if not spin.hasAcceptableInput():
            spin.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
            spin.interpretText()
            spin.setFocus()
            spin.selectAll()
            return
        spin.interpretText()
        self.chosen.emit(f"{prefix}:{spin.value()}")

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 (Qt name)
        """Hidden with the keyboard's focus on a button (answered with Space): the focus
        goes back to the table, not on to a bar above it where the keys do nothing."""
        focus_back_to(self.view, self)
        super().hideEvent(event)
        if self._built:
            self.view.place_call()  # back on its line

    def _buttons(self) -> list[QWidget]:
        held = (self.buttons_box.itemAt(i) for i in range(self.buttons_box.count()))
        return [w for h in held if h is not None and (w := h.widget()) is not None]

    def focus_first(self) -> None:
        """Give the keyboard focus to the panel's first button."""
        buttons = self._buttons()
        if buttons:
            buttons[0].setFocus()

    def focus_step(self, forward: bool) -> None:
        """Tab (``forward``) or Shift+Tab: the focus to the next or previous button, round
        the panel; into the panel at its first button when no button has it; past the last
        (or the first) back to the hand when a card may answer too. Every answer (the
        widow's choices, each bid and the pass, the rob's discard) is then in reach of the
        keyboard."""
        buttons = self._buttons()
        now = next((i for i, b in enumerate(buttons) if b.hasFocus()), None)
        if now is None or not buttons:
            self.focus_first()
            return
        step = now + (1 if forward else -1)
        if not 0 <= step < len(buttons) and self.view.cards_to_choose():
            # A card is an answer too (the rob's discard): round the buttons and the hand.
            self.view.setFocus()
            return
        buttons[step % len(buttons)].setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        """Escape on a button: the keys go back to the hand, where a card may answer."""
        if event.key() == Qt.Key.Key_Escape and self.view.cards_to_choose():
            self.view.setFocus()
            event.accept()
            return
        super().keyPressEvent(event)

    def place(self) -> None:
        """Sit beside the hand, else just above it, else in the table's free middle band,
        wherever it covers no plate, pool or board (:meth:`_obstacles`)."""
        lay = self.view.layout_
        if lay is None or not self.isVisible():
            return
        self.label.setWordWrap(False)
        self.label.setMaximumWidth(16777215)  # Qt's QWIDGETSIZE_MAX: no limit
        self.adjustSize()
        room = lay.width - 8
        if self.width() > room:
            # Too wide for a small screen (the widow's three choices at 800×600): the question
            # wraps so that every button stays in view.
            self.label.setWordWrap(True)
            self.label.setMaximumWidth(int(max(80, self.label.width() - (self.width() - room))))
            self.adjustSize()
        snap = self.view.snapshot
        hand = self.view.hand_xs(snap.hand, lay) if snap is not None else []
        right = (max(hand) + lay.card_w) if hand else lay.hand_center_x
        obstacles = self._obstacles()  # once: the band below may try fifty places
        places = []
        beside = (right + lay.card_w * 0.3, lay.hand_y + lay.card_h * 0.3)
        if beside[0] + self.width() <= lay.width - 4:
            places.append(beside)
        # Else, or where that covers a seat: just above the hand, below what it would cover.
        x = lay.hand_center_x - self.width() / 2
        places.append(
            (x, self._clear_below(x, lay.drop_line - self.height() - 6, lay.hand_y, obstacles))
        )
        # Else a free band of the table's middle column, nearest its middle (a ring table
        # for 14, whose seats surround the hand); else where it stood before.
        middle = lay.height / 2 - self.height() / 2
        band = sorted(
            range(4, max(5, int(lay.height) - self.height() - 4), 8), key=lambda y: abs(y - middle)
        )
        places += [(x, float(y)) for y in band]
        x, y = next((p for p in places if not self._covers(*p, obstacles)), places[0])
        x = min(x, lay.width - 4 - self.width())  # centred on a hand right of the middle
        self.move(max(4, round(x)), max(4, round(y)))
        self.view.place_log()  # the log steps aside where the prompt now covers it
        self.view.place_call()  # the call steps up where the prompt now covers it

    def _obstacles(self) -> list[QRectF]:
        """What the panel must not cover, in the view's pixels: the seats' plates, the
        layout's pools, the round board with its names and the last trick's caption ("Last
        trick to you: J♥ is the best heart played…", the claim's reason) and the cards
        played to the table (the Commit's offer, "K♦ ends the run…", covered the K♦). "The
        game is over." covered the board's King and Ace (Pope Joan at 800×600) and a seat's
        plate (Matrimony for 14)."""
        v = self.view
        played = [c for c in v.cards.values() if not c.in_hand]
        items = [*v.plates.values(), *v.pool_items, v.board, *played]
        if v.reason_text.text():
            items.append(v.reason_text)
        return [
            QRectF(v.mapFromScene(i.sceneBoundingRect()).boundingRect())
            for i in items
            if i.isVisible() and not i.boundingRect().isEmpty()
        ]

    def _covers(self, x: float, y: float, obstacles: list[QRectF]) -> bool:
        """Whether the panel at (``x``, ``y``) would cover one of ``obstacles``, or
        leave the table (a ring table has no line above the hand: it went to the top)."""
        panel = QRectF(x, y, self.width(), self.height())
        table = QRectF(self.view.viewport().rect()).adjusted(4, 4, -4, -4)
        return not table.contains(panel) or any(panel.intersects(b) for b in obstacles)

    def _clear_below(self, x: float, y: float, hand_top: float, obstacles: list[QRectF]) -> float:
        """Where the panel at (``x``, ``y``) goes down to be clear of the ``obstacles`` it
        would cover:
        just under it while that keeps the panel above the hand's top (``hand_top``), else
        where it was."""
        panel = QRectF(x, y, self.width(), self.height())
        covered = [box for box in obstacles if panel.intersects(box)]
        if not covered:
            return y
        below = max(box.bottom() for box in covered) + 6
        return below if below + self.height() <= hand_top else y
