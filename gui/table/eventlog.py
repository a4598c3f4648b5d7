"""The table's log of recent events: its font, never smaller than the status line's, and
its place on the felt (bottom right, clear of the seats, your plate and your hand; under the
compartments at a game without play; aside while the staking panel covers it)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontInfo
from PySide6.QtWidgets import QLabel

from gui.model.layout import TableLayout
from gui.model.snapshot import TableSnapshot
from gui.table.cardart import CardArt
from gui.table.stakepanel import StakePanel
from gui.table.trickdrawing import TrickDrawing


class EventLogDrawing(TrickDrawing):
    """The log half of the table's drawing (:class:`~gui.table.drawing.TableDrawing`):
    ``log_label`` shows the last few public events."""

    snapshot: TableSnapshot | None
    layout_: TableLayout | None
    log_label: QLabel
    stake_panel: StakePanel

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

    def _hand_band(self) -> QRectF:
        """Where your hand lies, its raised cards included (scene pixels); empty with no
        hand."""
        lay, snap = self.layout_, self.snapshot
        if lay is None or snap is None or not snap.hand:
            return QRectF()
        places = lay.hand_positions(len(snap.hand))
        top = lay.hand_y - lay.raise_by
        bottom = lay.hand_y + CardArt.height_for(round(lay.hand_w))
        return QRectF(places[0][0], top, places[-1][0] + lay.hand_w - places[0][0], bottom - top)

    def _place_log(self) -> None:
        # Bottom right, clear of the seats and your plate; just above your hand where a
        # long hand reaches under it (a short window: the log would cover its last cards);
        # at a game without play under the compartments, where the seats leave room.
        vp = self.viewport()
        label = self.log_label
        chance = self.snapshot is not None and self.snapshot.mode == "chance"
        label.setAlignment(Qt.AlignmentFlag.AlignHCenter if chance else Qt.AlignmentFlag.AlignRight)
        if chance and self.layout_ is not None:
            self.place_in_the_band(label, self.layout_)
        else:
            x = max(4, vp.width() - label.width() - 10)
            y = max(4, vp.height() - label.height() - 8)
            hand = self._hand_band()
            if hand.intersects(QRectF(x, y, label.width(), label.height())):
                y = max(4, round(hand.top()) - label.height() - 6)
            label.move(x, y)
        # Where the staking panel must cover it (a small table), the log steps aside
        # while the panel is up rather than show half its lines.
        covered = self.stake_panel.isVisible() and self.stake_panel.geometry().intersects(
            self.log_label.geometry()
        )
        self.log_label.setVisible(not covered)
