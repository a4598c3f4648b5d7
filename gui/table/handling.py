"""The table view's input: a hand card clicked, or dragged and dropped on the table; the
keyboard (arrows over your playable cards, Enter to play, Escape, Tab to the prompt); the
zoom of your hand (Ctrl+wheel, Ctrl+plus/minus/0). A hand card clicked while it settles
lands at once and takes the click."""

from __future__ import annotations

from PySide6.QtCore import (
    QEvent,
    QPoint,
    QPointF,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
)

from gui.model.layout import ZOOM_MAX, ZOOM_MIN, TableLayout
from gui.table.drawing import TableDrawing
from gui.table.items import CardItem


class TableInput(TableDrawing):
    """The input half of :class:`~gui.table.view.TableView`: it turns the mouse and the
    keyboard into :attr:`card_chosen` and the zoom."""

    #: A hand card was chosen (clicked, dropped on the table, or Enter): the card (0..51).
    card_chosen = Signal(int)
    #: The card zoom changed (Ctrl+wheel, Ctrl+plus/minus): the new factor.
    zoom_changed = Signal(float)

    #: The hand's places after a click on one of its cards, held while the pointer stays
    #: over the hand: (the layout's size and card width, x by card), or ``None``.
    _held: tuple[tuple[float, float, float], dict[int, float]] | None
    _holding: bool

    # ---- the hand held still under the pointer -----------------------------------

    def hand_spots(
        self, hand: tuple[int, ...], lay: TableLayout, *, to_play: bool = True
    ) -> list[tuple[float, float]]:
        """Top-left of each card of ``hand`` (cards 0..51, pixels). After a click on a hand
        card the cards left keep their places while the pointer stays over the hand and the
        person has a card to play (``to_play``), and close up when it leaves or the turn
        passes: in a run of Michigan or Newmarket a quick second click hit the card that
        had slid under the pointer, not the one aimed at; a pointer left resting on the
        hand kept its gaps through the others' turns to the next lead."""
        fresh = lay.hand_positions(len(hand))
        key = (lay.width, lay.height, lay.hand_w)
        held = self._held
        if not to_play:
            self._holding = False
        if self._holding and held is not None and held[0] == key and set(hand) <= held[1].keys():
            spots = [(held[1][c], y) for c, (_x, y) in zip(hand, fresh, strict=True)]
        else:
            self._holding, spots = False, fresh
        self._held = (key, {c: x for c, (x, _y) in zip(hand, spots, strict=True)})
        return spots

    def hand_xs(self, hand: tuple[int, ...], lay: TableLayout) -> list[float]:
        """The left edge of each card of ``hand`` as last drawn, held or not (pixels): the
        log and the prompt keep clear of the hand where it is (the log covered a card of a
        hand held still)."""
        held = self._held
        key = (lay.width, lay.height, lay.hand_w)
        if held is not None and held[0] == key and set(hand) <= held[1].keys():
            return [held[1][c] for c in hand]
        return super().hand_xs(hand, lay)

    def _let_go_of_hand(self) -> None:
        """The pointer has left the hand: its cards close up."""
        if self._holding:
            self._holding = False
            self._draw(self.duration)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        self._let_go_of_hand()
        super().leaveEvent(event)

    # ---- input -------------------------------------------------------------------

    def hand_card_at(self, view_pos: QPoint) -> CardItem | None:
        """The topmost hand card under ``view_pos`` (viewport coordinates), or ``None``."""
        for item in self.items(view_pos):
            if isinstance(item, CardItem) and item.in_hand:
                return item
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        item = self.hand_card_at(event.position().toPoint())
        if item is None:
            self._press = None
            return
        if item in self._anims:
            # A hand card still settling (raised as it became playable, closing up) lands at
            # once and takes the click: in a run, a quick click on the next card was lost
            # without a word, and the click after it refused. It is at its place before the
            # click is read, so no card is ever left between two places.
            self._stop(item)
            item.setPos(item.home)
        self.keys_play = False  # the mouse plays now: no ring put ready at the next turn
        scene_pos = self.mapToScene(event.position().toPoint())
        self._press = (item, QPointF(scene_pos), QPointF(scene_pos) - item.pos())
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._press is None:
            lay = self.layout_
            at = self.mapToScene(event.position().toPoint())
            if self._holding and lay is not None and at.y() < lay.drop_line:
                self._let_go_of_hand()
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
            self._holding = True  # the pointer is on the hand: its cards stay put
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

    def cards_to_choose(self) -> bool:
        """Whether a card of your hand may be chosen now (played, or a rob's discard)."""
        return bool(self._focusables())

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
        focused = self.cards.get(self.focus_card)
        if focused is not None:
            self.announce_accessibly(f"{focused.accessible_name()}, playable")

    def clear_ring(self) -> None:
        """No card in the keyboard's focus: the ring belongs to the decision it was put at
        (a discard at a rob is not a lead; the turn undone is not the turn come back)."""
        self.focus_card = None
        for item in self.cards.values():
            item.set_focused(False)

    def ready_ring(self) -> None:
        """The person's turn to play a card (not a question such as a rob): after a card
        played with Enter, the focus ring is put on the first playable card so that one
        Enter plays it (see :attr:`keys_play`)."""
        if self.keys_play and self.focus_card is None:
            self.move_focus(1)

    def announce_accessibly(self, text: str) -> None:
        """Say ``text`` through the accessibility layer (screen readers)."""
        self.setAccessibleDescription(text)
        QAccessible.updateAccessibility(
            QAccessibleEvent(self, QAccessible.Event.DescriptionChanged)
        )

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        key = event.key()
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if (ctrl and self._zoom_key(key)) or self._card_key(key):
            event.accept()
            return
        super().keyPressEvent(event)

    def _zoom_key(self, key: int) -> bool:
        """Ctrl+plus (or equals), Ctrl+minus, Ctrl+0: zoom your hand; False for another
        key."""
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.set_zoom(self.zoom + 0.05)
        elif key == Qt.Key.Key_Minus:
            self.set_zoom(self.zoom - 0.05)
        elif key == Qt.Key.Key_0:
            self.set_zoom(1.0)
        else:
            return False
        return True

    def _card_key(self, key: int) -> bool:
        """Arrows move the focus over your playable cards (Home and End: to the first and
        the last), Enter or Space plays the one focused, Escape lets go of it, Tab goes to
        the prompt; False for another key. A card played with Enter turns
        :attr:`keys_play` on."""
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
            self.move_focus(1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Up):
            self.move_focus(-1)
        elif key in (Qt.Key.Key_Home, Qt.Key.Key_End):  # the first, the last playable card
            self.focus_card = None
            self.move_focus(1 if key == Qt.Key.Key_Home else -1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._enter()
        elif key == Qt.Key.Key_Escape:
            if self._press is not None:
                self.cancel_drag()
            self.keys_play = False
            self.clear_ring()
        elif key == Qt.Key.Key_Tab and self.prompt.isVisible():
            self.prompt.focus_first()
        else:
            return False
        return True

    def _enter(self) -> None:
        """Enter: play the card in the ring; with no ring, put it on the first card to
        choose, or play that card at once when it is the only one (raised alone, it read
        as chosen, and the first Enter seemed to do nothing)."""
        if self.focus_card is None:
            self.move_focus(1)
            if self.focus_card is None or len(self._focusables()) > 1:
                return
        if not self.busy:
            self.keys_play = True
            self.card_chosen.emit(self.focus_card)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt name)
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.set_zoom(self.zoom + (0.05 if event.angleDelta().y() > 0 else -0.05))
            event.accept()
            return
        super().wheelEvent(event)

    def set_zoom(self, zoom: float) -> None:
        """Zoom your hand's cards (0.8–1.25); the layout is drawn again at once."""
        zoom = round(min(ZOOM_MAX, max(ZOOM_MIN, zoom)), 2)
        if zoom != self.zoom:
            self.zoom = zoom
            self._draw(0)
            self.zoom_changed.emit(zoom)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 (Qt name)
        if self.prompt.isVisible():  # Tab stays among the prompt's buttons
            self.prompt.focus_step(forward)
            return True
        return super().focusNextPrevChild(forward)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt name)
        """The focus back on the table (a dialog closed, a click): the ring shows again on
        the card the keys will play."""
        for c, item in self.cards.items():
            item.set_focused(item.in_hand and c == self.focus_card)
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        if self._dragging:
            self.cancel_drag()
        # The keys are elsewhere (a prompt's button, a menu): the ring is not what Enter
        # does now; it shows again when the table has the keys back (focusInEvent).
        for item in self.cards.values():
            item.set_focused(False)
        super().focusOutEvent(event)
