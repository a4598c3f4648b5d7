"""The table's drawing of a game without play (Matrimony): each seat's cards under its
plate round the compartments, dealt from the pack in the middle, and the staking panel and
the recent events in the free band under the compartments. The base of
:class:`~gui.table.trickdrawing.TrickDrawing` (and so of the table's drawing)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsView, QLabel

from gui.model.layout import TableLayout
from gui.model.snapshot import TableSnapshot
from gui.table.stakepanel import StakePanel

#: Where a card is drawn: its place (top left, scene pixels), face up, its z value, its width
#: (logical pixels) and whether it is in your hand.
CardTarget = tuple[QPointF, bool, int, int, bool]

#: A seat's cards overlap by this share of a card's width (each corner index shows).
SEAT_CARD_STEP = 0.58


class ChanceDrawing(QGraphicsView):
    """What the view draws of a game without play only; its items are made by the view."""

    layout_: TableLayout | None
    stake_panel: StakePanel
    log_label: QLabel

    def _draw_seat_cards(
        self, snap: TableSnapshot, lay: TableLayout, targets: dict[int, CardTarget]
    ) -> None:
        """Each seat's cards under its plate, in deal order, face up or down as the
        snapshot says (a face-down card is turned over in place when it is shown)."""
        n = len(snap.seats)
        width = round(lay.fan_card_w)
        for seat, cards in enumerate(snap.seat_cards):
            place = lay.fans[(seat - snap.bottom) % n]
            for i, (card, face_up) in enumerate(cards):
                pos = QPointF(place.x + i * SEAT_CARD_STEP * lay.fan_card_w, place.y)
                targets[card] = (pos, face_up, 200 + i, width, False)

    def chance_origin(self, lay: TableLayout) -> QPointF:
        """Where a card dealt at a game without play comes from: the pack."""
        return QPointF(lay.stock.x, lay.stock.y)

    def place_in_the_band(self, widget: QLabel | StakePanel, lay: TableLayout) -> None:
        """Put ``widget`` (the staking panel or the recent events) in the free band under
        the compartments (``lay.inner``), centred. Where the band is too short, the
        staking panel leaves out its "All here" buttons (and puts its other buttons beside
        the amounts where the band is wide enough), and a widget still too tall is moved
        up, clear of the seats below it (your own plate among them)."""
        band = lay.inner
        widget.adjustSize()
        if isinstance(widget, StakePanel):  # a short table: the panel without "All here"
            widget.set_compact(False)
            # its buttons beside the amounts only where that stays between the seats
            widest = int(band.w if band.w > 0 else lay.width - 8)
            widget.set_compact(widget.height() > band.h, widest)
        x = band.x + (band.w - widget.width()) / 2
        x = min(max(4.0, x), lay.width - widget.width() - 4)
        y = band.y
        if band.h and widget.height() > band.h:
            # still too tall: clear of the seats below (your own plate among them), over
            # the foot of the band above rather than over a seat
            y = band.y + band.h - widget.height() - 2
        y = min(y, lay.height - widget.height() - 4)
        widget.move(round(max(4.0, x)), round(max(4.0, y)))
