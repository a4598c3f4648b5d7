"""The main window: the table in the centre, a Game menu, and a status line."""

from __future__ import annotations

from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow

from gui.cardart import CardArt
from gui.controller import Controller
from gui.dialogs import NewGameDialog
from gui.table import TableView


class MainWindow(QMainWindow):
    """Parlour's window. ``pace`` (ms) is the one animation and pacing parameter."""

    def __init__(self, pace: int = 350, seed: int | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Parlour — Newmarket")
        self.view = TableView(CardArt())
        self.setCentralWidget(self.view)
        self.status_label = QLabel()
        self.status_label.setObjectName("status")
        self.statusBar().addWidget(self.status_label, 1)
        self.controller = Controller(self.view, self, self.show_status, pace=pace, seed=seed)
        self.players = 4
        self.player_name = "You"
        game_menu = self.menuBar().addMenu("&Game")
        self.new_action = QAction("&New Game…", self)
        self.new_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_action.triggered.connect(self.ask_new_game)
        game_menu.addAction(self.new_action)
        game_menu.addSeparator()
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        game_menu.addAction(quit_action)
        self.new_dialog: NewGameDialog | None = None
        self.resize(1280, 800)

    def show_status(self, text: str) -> None:
        """Show one line in the status bar (and to screen readers through the label)."""
        self.status_label.setText(text)
        self.status_label.setAccessibleDescription(text)

    def start(self) -> None:
        """Open straight into a game with the defaults (Newmarket, you and three computers)."""
        self.controller.new_session("newmarket", self.players, self.player_name)

    def ask_new_game(self) -> None:
        """Show the New Game dialog; a new session starts when it is accepted."""
        dlg = NewGameDialog(self, self.players, self.player_name)
        self.new_dialog = dlg

        def accepted() -> None:
            self.players, self.player_name = dlg.players(), dlg.name()
            self.controller.new_session("newmarket", self.players, self.player_name)

        dlg.accepted.connect(accepted)
        dlg.open()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.controller.shutdown()
        super().closeEvent(event)
