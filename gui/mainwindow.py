"""The main window: the table in the centre, a Game menu, and a status line."""

from __future__ import annotations

from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow

from gui import presenter, settings
from gui.cardart import CardArt
from gui.controller import Controller
from gui.newgame import NewGameDialog
from gui.seats import SeatKind
from gui.table import TableView


class MainWindow(QMainWindow):
    """Parlour's window. ``pace`` (ms) is the one animation and pacing parameter; with
    ``remember`` the last New Game choices are restored from the settings."""

    def __init__(self, pace: int = 350, seed: int | None = None, remember: bool = False
                 ) -> None:
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
        self.game_name = "newmarket"
        self.options: dict = {}
        self.game_label = "Newmarket"
        self.seats: list[tuple[str, bool]] | None = None
        last = settings.load_table() if remember else {}
        if last.get("game"):
            self.game_name = str(last["game"])
            self.options = dict(last.get("options") or {})
            self.seats = [(str(n), bool(p)) for n, p in last.get("seats") or []] or None
            if self.seats:
                self.players = len(self.seats)
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
        self._begin()

    def _begin(self) -> None:
        seats = None
        if self.seats and len(self.seats) == self.players:
            seats = [SeatKind(n, p) for n, p in self.seats]
        try:
            self.controller.new_session(self.game_name, self.players, self.player_name,
                                        self.options, seats)
        except (ValueError, KeyError) as e:  # remembered choices that no longer fit
            self.show_status(f"Could not start the last game ({e}); starting Newmarket.")
            self.game_name, self.options, self.seats, self.players = "newmarket", {}, None, 4
            self.controller.new_session()
        assert self.controller.session is not None
        self.game_label = presenter.game_label(self.controller.session.game)
        self.setWindowTitle(f"Parlour — {self.game_label}")

    def ask_new_game(self) -> None:
        """Show the New Game dialog; a new session starts when it is accepted."""
        dlg = NewGameDialog(self, presenter.game_choices(), self.game_label, self.players,
                            self.player_name, self.options, self.seats)
        self.new_dialog = dlg

        def accepted() -> None:
            self.game_name = dlg.choice()[0]
            self.players, self.player_name = dlg.players(), dlg.name()
            self.options = dlg.options()
            self.seats = dlg.seats()
            settings.save_table(self.game_name, self.options, self.seats)
            self._begin()

        dlg.accepted.connect(accepted)
        dlg.open()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.controller.shutdown()
        super().closeEvent(event)
