"""The statistics window: each player's record at each game, a chart of their results over
past sessions, and a reset."""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gamecore.stats import Stats
from gui.windows.chart import BalanceChart
from gui.windows.screenfit import FittedDialog

#: The table's columns. Won and lost are counters, said so: "Won 1, Lost 20" read as games.
COLUMNS = (
    "Player",
    "Sessions",
    "Deals",
    "Counters won",
    "Counters lost",
    "Pools taken",
    "Best session",
    "Worst session",
)


class StatsWindow(FittedDialog):
    """Shows ``stats``; ``on_reset`` is called after the player confirms a reset."""

    def __init__(self, parent: QWidget | None, stats: Stats, on_reset: Callable[[], None]) -> None:
        super().__init__(parent)
        self.setWindowTitle("Statistics")
        self.stats, self.on_reset = stats, on_reset
        layout = QVBoxLayout(self)
        self.game = QComboBox(self)
        self.game.setObjectName("game")
        layout.addWidget(self.game)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("table")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        layout.addWidget(self.table)
        self.chart = BalanceChart(self)
        layout.addWidget(self.chart, 1)
        row = QHBoxLayout()
        reset = QPushButton("Reset statistics…", self)
        reset.setObjectName("reset")
        reset.clicked.connect(self._ask_reset)
        close = QPushButton("Close", self)
        close.setObjectName("close")
        close.clicked.connect(self.accept)
        row.addWidget(reset)
        row.addStretch(1)
        row.addWidget(close)
        layout.addLayout(row)
        self.game.currentTextChanged.connect(self._show)
        self.refresh()

    def preferred_size(self) -> QSize:
        """640 × 520 pixels; the screen may bound it."""
        return QSize(640, 520)

    def refresh(self) -> None:
        """Re-read the statistics into the window."""
        current = self.game.currentText()
        self.game.blockSignals(True)
        self.game.clear()
        self.game.addItems(sorted(self.stats.games))
        if current:
            self.game.setCurrentText(current)
        self.game.blockSignals(False)
        self._show(self.game.currentText())

    def _show(self, game: str) -> None:
        players = self.stats.games.get(game, {})
        self.table.setRowCount(len(players))
        for r, (name, ps) in enumerate(sorted(players.items())):
            cells = (
                name,
                ps.sessions,
                ps.deals,
                ps.won,
                ps.lost,
                ps.pools_taken,
                "—" if ps.best_session is None else f"{ps.best_session:+d}",
                "—" if ps.worst_session is None else f"{ps.worst_session:+d}",
            )
            for c, value in enumerate(cells):
                self.table.setItem(r, c, QTableWidgetItem(str(value)))
        self.table.resizeColumnsToContents()
        series = [
            (name, list(accumulate(ps.past + ([ps.current[-1]] if ps.current else []))))
            for name, ps in sorted(players.items())
        ]
        self.chart.set_series(series, "session")

    def _ask_reset(self) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Reset statistics",
            "Forget every game's statistics?",
            parent=self,
        )
        yes = box.addButton("Reset", QMessageBox.ButtonRole.DestructiveRole)
        yes.setObjectName("confirmReset")
        box.addButton("Keep", QMessageBox.ButtonRole.RejectRole)
        self.confirm = box

        def answered() -> None:
            if box.clickedButton() is yes:
                self.on_reset()
                self.refresh()

        box.finished.connect(lambda _r: answered())
        box.open()
