"""The final standings: players ranked by counters held, with the net won or lost, and the
end-of-session split of the pools left (GEN-6) in words.

The dialog knows Qt but no game rules: names as ``str`` and counters as ``int``, by seat.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QFrame, QGridLayout, QWidget

from gui.windows.cardtext import number, signed, text_html
from gui.windows.dialogkit import (
    embolden,
    heading_label,
    main_layout,
    name_label,
    plain_label,
    readable,
    rich_label,
    scrolled,
)
from gui.windows.keyguard import SelfOpeningDialog

__all__ = ["StandingsDialog"]


class StandingsDialog(SelfOpeningDialog):
    """The final standings: players ranked by counters held, with the net won or lost.

    After it closes, ``choice`` is ``"again"`` (Play again: the same game and people, fresh
    counters) or ``"close"`` (the Close button, the default, Esc or closing the window: the
    finished table then offers Play again and New game…). Close is the default so that an
    Enter pressed to move the deals along never starts a game unseen.
    """

    def __init__(
        self,
        parent: QWidget | None,
        names: list[str],
        balances: list[int],
        start_balances: list[int],
        split_line: str = "",
        ended: str = "",
    ) -> None:
        """``names``, ``balances`` (counters held at the end) and ``start_balances`` (counters
        held at the start), all by seat. Rows are sorted by balance, highest first; equal
        balances share a rank and keep seat order. ``split_line``: the end-of-session split
        of the pools left (GEN-6) in words, shown on its own line under the table;
        ``ended``: why the session ended before its last deal (GEN-5), or "", above it."""
        super().__init__(parent)
        readable(self)
        self.choice: str = "close"
        self.setWindowTitle("Final standings")
        layout = main_layout(self)
        layout.addWidget(heading_label("Final standings", self))

        order = sorted(range(len(names)), key=lambda seat: -balances[seat])
        #: Seats in the order shown, best first.
        self.order: list[int] = order
        table = self._table(names, balances, start_balances)
        scroll, column = scrolled(self)
        column.addWidget(table)
        if ended:
            column.addWidget(plain_label(ended, self, "ended"))
        if split_line:
            column.addWidget(rich_label(text_html(split_line, self.palette()), self, "split"))
        column.addStretch(1)
        layout.addWidget(scroll, 1)

        layout.addSpacing(6)
        layout.addWidget(self._buttons())
        self.setMinimumWidth(380)

    def _table(self, names: list[str], balances: list[int], start_balances: list[int]) -> QFrame:
        """The ranked table (arguments as the constructor's): rank, player, counters held
        and net, one row per seat in :attr:`order`; the leaders in bold."""
        table = QFrame(self)
        table.setObjectName("standings")
        table.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(table)
        grid.setContentsMargins(12, 10, 12, 10)
        grid.setHorizontalSpacing(22)
        grid.setVerticalSpacing(6)
        for col, title in enumerate(("Rank", "Player", "Counters", "Net")):
            h = embolden(plain_label(title, table, wrap=False))
            if col != 1:
                h.setAlignment(Qt.AlignmentFlag.AlignRight)
            grid.addWidget(h, 0, col)

        order = self.order
        rank = 0
        for pos, seat in enumerate(order):
            if pos == 0 or balances[seat] != balances[order[pos - 1]]:
                rank = pos + 1
            row = pos + 1
            cells = (
                plain_label(str(rank), table, f"rank_{pos}", wrap=False),
                name_label(names[seat], "", table, f"name_{pos}", bold=rank == 1),
                plain_label(number(balances[seat]), table, f"balance_{pos}", wrap=False),
                plain_label(
                    signed(balances[seat] - start_balances[seat]), table, f"net_{pos}", wrap=False
                ),
            )
            for col, cell in enumerate(cells):
                if col != 1:
                    cell.setAlignment(Qt.AlignmentFlag.AlignRight)
                if rank == 1:
                    embolden(cell)
                grid.addWidget(cell, row, col)
        grid.setColumnStretch(1, 1)
        return table

    def _buttons(self) -> QDialogButtonBox:
        """Play again and Close (the default)."""
        buttons = QDialogButtonBox(self)
        again = buttons.addButton("&Play again", QDialogButtonBox.ButtonRole.AcceptRole)
        again.setObjectName("again")
        again.setAutoDefault(False)
        again.clicked.connect(self._play_again)
        close = buttons.addButton("&Close", QDialogButtonBox.ButtonRole.RejectRole)
        close.setObjectName("close")
        close.setDefault(True)
        close.clicked.connect(self.reject)
        return buttons

    def reject(self) -> None:
        """Close, Esc or closing the window: ``choice`` becomes ``"close"``."""
        self.choice = "close"
        super().reject()

    def _play_again(self) -> None:
        """The Play again button: ``choice`` becomes ``"again"``."""
        self.choice = "again"
        self.accept()
