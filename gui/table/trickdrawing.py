"""The table's drawing of a trick game (Spoil Five): the trick in play, each card toward its
player with the player's name, the last trick with the reason it was won, and the trump
note. The base of :class:`~gui.table.drawing.TableDrawing`, on the drawing of a game without
play (:class:`~gui.table.chancedrawing.ChanceDrawing`)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from gui.model.layout import TableLayout
from gui.model.snapshot import TableSnapshot
from gui.table.chancedrawing import CardTarget, ChanceDrawing
from gui.table.plates import NameTag

__all__ = ["CardTarget", "TrickDrawing"]


class TrickDrawing(ChanceDrawing):
    """What the view draws of a trick game only; its items are made by the view."""

    reason_text: QGraphicsSimpleTextItem
    trump_text: QGraphicsSimpleTextItem
    #: Trick games: the name of who played each card of the trick, by card.
    trick_tags: dict[int, NameTag]

    def _draw_tricks(
        self, snap: TableSnapshot, lay: TableLayout, targets: dict[int, CardTarget]
    ) -> None:
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
        pw = round(lay.trick_w)
        ph = pw * 1.4
        cx, cy = lay.trick_center
        # Each card lies toward its player and carries his name: above the cards of the
        # players across the table, below your own (the row between is too narrow).
        others = [lay.plates[d].x + lay.plates[d].w / 2 for d in range(1, n)]
        step = min((b - a for a, b in zip(others, others[1:], strict=False)), default=4 * pw) * 0.55
        # up to two cards wide where the neighbours' cards leave room: "Player 2" read "Pla…"
        tag_w = min(2.0 * pw, step - 0.06 * pw)
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
            tag.set_tag(
                snap.seats[seat].name, QPointF(pos.x() + pw / 2, edge), tag_w, px_font, above=d != 0
            )
        self._draw_last_trick(snap, lay, targets)

    def _draw_last_trick(
        self, snap: TableSnapshot, lay: TableLayout, targets: dict[int, CardTarget]
    ) -> None:
        """The last trick small on the left with the reason it was won, and the trump note
        under the pack."""
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
        self.trump_text.setPos(
            min(lay.stock.x - lay.card_w * 0.6, lay.width - width - 8),
            lay.stock.bottom + lay.card_w * 0.35,
        )
