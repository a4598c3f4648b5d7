"""The statistics window: each player's record at each game, a chart of their results over
past sessions, and a reset."""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate

from PySide6.QtCore import QEvent, QObject, QSize
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gamecore.stats import Stats
from gui.model.amounts import signed
from gui.windows.chart import BalanceChart
from gui.windows.screenfit import FittedDialog

#: The table's columns. Won and lost are counters, said so: "Won 1, Lost 20" read as games.
#: Two words on two lines, so the eight fit the window without a sideways scroll bar.
COLUMNS = (
    "Player",
    "Sessions",
    "Deals",
    "Counters\nwon",
    "Counters\nlost",
    "Pools\ntaken",
    "Best\nsession",
    "Worst\nsession",
)


#: What the won and lost columns count, said under the table.
WON_AND_LOST = (
    "Counters won and lost add up each deal's result: what you were ahead at the end of "
    "a deal counts as won, what you were behind as lost."
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
        self.table.viewport().installEventFilter(self)
        layout.addWidget(self.table)
        # A tester took a pool of 5 in two deals each lost by 1 and read "won 0" as wrong.
        note = QLabel(WON_AND_LOST, self)
        note.setObjectName("wonAndLost")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.chart = BalanceChart(self)
        layout.addWidget(self.chart, 1)
        row = QHBoxLayout()
        reset = QPushButton("Reset statistics…", self)
        reset.setObjectName("reset")
        # Never the default: Enter pressed Reset (a dialog's first button takes Enter), and
        # a second Enter forgot every game's statistics.
        reset.setAutoDefault(False)
        reset.clicked.connect(self._ask_reset)
        close = QPushButton("&Close", self)
        close.setObjectName("close")
        close.setDefault(True)
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

    def show_game(self, label: str) -> None:
        """Show the game ``label`` ("Spin") if it has statistics: the window opens on the
        game at the table (it opened on the first in the alphabet, Matrimony)."""
        if label in self.stats.games:
            self.game.setCurrentText(label)

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
                "—" if ps.best_session is None else signed(ps.best_session),
                "—" if ps.worst_session is None else signed(ps.worst_session),
            )
            for c, value in enumerate(cells):
                self.table.setItem(r, c, QTableWidgetItem(str(value)))
        self._fit_columns()
        series = [
            (name, list(accumulate(ps.past + ([ps.current[-1]] if ps.current else []))))
            for name, ps in sorted(players.items())
        ]
        # The Sessions column counts finished sessions; the chart's last point may be one
        # unfinished, played now or left (0 sessions beside a chart of "session 1 … 1").
        playing = any(ps.current for ps in players.values())
        self.chart.set_series(series, "session", note="the last not finished" if playing else "")

    def _fit_columns(self) -> None:
        """Each column as wide as its contents, the room left shared out among them: no
        sideways scroll bar unless the contents (a long name) need one."""
        self.table.resizeColumnsToContents()
        header = self.table.horizontalHeader()
        n = self.table.columnCount()
        spare = self.table.viewport().width() - header.length()
        if spare > 0:
            for c in range(n):
                header.resizeSection(c, header.sectionSize(c) + spare // n + (c < spare % n))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()  # the table's own new width (the dialog's comes first)
        return super().eventFilter(watched, event)

    def _ask_reset(self) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Reset statistics",
            "Forget every game's statistics?",
            parent=self,
        )
        yes = box.addButton("&Reset", QMessageBox.ButtonRole.DestructiveRole)
        yes.setObjectName("confirmReset")
        keep = box.addButton("&Keep", QMessageBox.ButtonRole.RejectRole)
        keep.setObjectName("keep")
        box.setDefaultButton(keep)  # Enter keeps them; only a click or Alt+R forgets
        box.setEscapeButton(keep)
        self.confirm = box

        def answered() -> None:
            if box.clickedButton() is yes:
                self.on_reset()
                self.refresh()

        box.finished.connect(lambda _r: answered())
        box.open()
