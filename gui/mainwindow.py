"""The main window: the table in the centre, a Game menu, and a status line."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMessageBox

from gamecore import stats as gstats
from gamecore.errors import ParlourError
from gui import persistence, presenter, settings
from gui.cardart import CardArt
from gui.controller import Controller
from gui.newgame import NewGameDialog
from gui.prefsdialog import PrefsDialog
from gui.seats import SeatKind
from gui.statswindow import StatsWindow
from gui.table import TableView


class MainWindow(QMainWindow):
    """Parlour's window. ``pace`` (ms) is the one animation and pacing parameter; with
    ``remember`` the last New Game choices are restored from the settings."""

    def __init__(self, pace: int = 350, seed: int | None = None, remember: bool = False,
                 autosave: Path | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Parlour — Newmarket")
        self.prefs = settings.load_prefs() if remember else settings.Prefs()
        self.view = TableView(CardArt(self.prefs.four_colour, self.prefs.back))
        self.view.felt = self.prefs.felt
        self.view.zoom = self.prefs.zoom
        self.view.zoom_changed.connect(self._zoom_changed)
        self.setCentralWidget(self.view)
        self.status_label = QLabel()
        self.status_label.setObjectName("status")
        self.statusBar().addWidget(self.status_label, 1)
        self.controller = Controller(self.view, self, self.show_status, pace=pace, seed=seed)
        self.controller.autosave_path = autosave
        if remember:
            self.controller.set_pace(self.prefs.pace)
            self.controller.auto_play = self.prefs.auto_play
            self.player_name = self.prefs.name
        if autosave is not None:
            self.controller.stats_path = autosave.with_name("statistics.json")
        self.message: QMessageBox | None = None
        self.players = 4
        self.player_name = "You"
        self.game_name = "newmarket"
        self.options: dict = {}
        self.game_label = "Newmarket"
        self.seats: list[tuple[str, bool, str]] | None = None
        self.allow_undo: bool | None = None
        last = settings.load_table() if remember else {}
        if last.get("game"):
            self.game_name = str(last["game"])
            self.options = dict(last.get("options") or {})
            self.seats = [(str(x[0]), bool(x[1]), str(x[2]) if len(x) > 2 else "normal")
                          for x in last.get("seats") or [] if isinstance(x, list) and x
                          ] or None
            if self.seats:
                self.players = len(self.seats)
        game_menu = self.menuBar().addMenu("&Game")
        self.new_action = QAction("&New Game…", self)
        self.new_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_action.triggered.connect(self.ask_new_game)
        game_menu.addAction(self.new_action)
        self.open_action = QAction("&Open…", self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.ask_open)
        game_menu.addAction(self.open_action)
        self.save_action = QAction("Save &As…", self)
        self.save_action.setShortcut(QKeySequence.StandardKey.SaveAs)
        self.save_action.triggered.connect(self.ask_save)
        game_menu.addAction(self.save_action)
        game_menu.addSeparator()
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self.undo)
        game_menu.addAction(self.undo_action)
        self.hint_action = QAction("&Hint", self)
        self.hint_action.setShortcut(QKeySequence("H"))
        self.hint_action.triggered.connect(self.controller.hint)
        game_menu.addAction(self.hint_action)
        self.stats_action = QAction("&Statistics…", self)
        self.stats_action.triggered.connect(self.show_stats)
        game_menu.addAction(self.stats_action)
        self.prefs_action = QAction("Se&ttings…", self)
        self.prefs_action.setShortcut(QKeySequence.StandardKey.Preferences)
        self.prefs_action.triggered.connect(self.ask_prefs)
        game_menu.addAction(self.prefs_action)
        game_menu.addSeparator()
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        game_menu.addAction(quit_action)
        view_menu = self.menuBar().addMenu("&View")
        for text, keys, step in (("Zoom &in", QKeySequence.StandardKey.ZoomIn, 0.05),
                                 ("Zoom &out", QKeySequence.StandardKey.ZoomOut, -0.05),
                                 ("&Normal size", QKeySequence("Ctrl+0"), 0.0)):
            act = QAction(text, self)
            act.setShortcut(keys)
            act.triggered.connect(lambda _=False, st=step: self.view.set_zoom(
                self.view.zoom + st if st else 1.0))
            view_menu.addAction(act)
        help_menu = self.menuBar().addMenu("&Help")
        self.rules_action = QAction("&Rules", self)
        self.rules_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.rules_action.triggered.connect(self.show_rules)
        help_menu.addAction(self.rules_action)
        keys_action = QAction("&Keyboard shortcuts", self)
        keys_action.triggered.connect(self.show_keys)
        help_menu.addAction(keys_action)
        self.new_dialog: NewGameDialog | None = None
        self.resize(1280, 800)

    def show_status(self, text: str) -> None:
        """Show one line in the status bar (and to screen readers through the label)."""
        self.status_label.setText(text)
        self.status_label.setAccessibleDescription(text)

    def start(self) -> None:
        """Open straight into a game: the unfinished autosaved session if the player wants
        it back, else the last game chosen (or Newmarket, you and three computers)."""
        path = self.controller.autosave_path
        found = persistence.resumable(path) if path is not None else None
        if found is None:
            self._begin()
            return
        session, meta = found
        label = presenter.game_label(session.game)
        box = QMessageBox(QMessageBox.Icon.Question, "Resume?",
                          f"Resume your game of {label} (deal {len(session.logs)} of "
                          f"{session.total_deals})?", parent=self)
        resume = box.addButton("Resume", QMessageBox.ButtonRole.AcceptRole)
        resume.setObjectName("resume")
        fresh = box.addButton("New game", QMessageBox.ButtonRole.RejectRole)
        fresh.setObjectName("newGame")
        self.message = box

        def answered() -> None:
            if box.clickedButton() is resume:
                self.resume(session, meta)
            else:
                self._begin()

        box.finished.connect(lambda _r: answered())
        box.open()

    def resume(self, session, meta: persistence.TableMeta) -> None:  # type: ignore[no-untyped-def]
        """Continue a saved ``session`` with its seats."""
        self.game_name = session.game.name
        self.controller.resume(session, meta.people, meta.allow_undo, meta.levels)
        self.game_label = presenter.game_label(session.game)
        self.setWindowTitle(f"Parlour — {self.game_label}")

    def ask_open(self) -> None:
        """Game → Open: a saved game (``*.parlour.json``); a bad file leaves this game as it
        is and says why in one message."""
        name, _ = QFileDialog.getOpenFileName(self, "Open a saved game", str(Path.home()),
                                              "Parlour games (*.parlour.json);;All files (*)")
        if name:
            self.open_file(Path(name))

    def open_file(self, path: Path) -> bool:
        """Open the saved game at ``path``; on failure show one clear message and keep the
        current game untouched. Returns whether it opened."""
        try:
            session, meta = persistence.load(path)
        except ParlourError as e:
            self._warn("This file cannot be opened", f"{path.name}: {e}")
            return False
        self.resume(session, meta)
        self.show_status(f"Opened {path.name}.")
        return True

    def ask_save(self) -> None:
        """Game → Save As: write the session as a deal record."""
        name, _ = QFileDialog.getSaveFileName(self, "Save the game", str(Path.home()
                                              / "game.parlour.json"),
                                              "Parlour games (*.parlour.json)")
        if not name:
            return
        path = Path(name if name.endswith(".parlour.json") else name + ".parlour.json")
        try:
            self.controller.save_as(path)
        except OSError as e:
            self._warn("The game was not saved", f"{path}: {e.strerror or e}")
            return
        self.show_status(f"Saved {path.name}.")

    def undo(self) -> None:
        """Game → Undo: back to your previous decision in this deal."""
        if not self.controller.allow_undo:
            self.show_status("Undo is off for this table (several people play).")
        elif not self.controller.undo():
            self.show_status("Nothing to undo in this deal.")

    def show_stats(self) -> None:
        """Game → Statistics."""
        path = self.controller.stats_path
        stats = gstats.load(path) if path is not None else gstats.Stats()

        def reset() -> None:
            stats.reset()
            if path is not None:
                gstats.save(stats, path)

        self.stats_window = StatsWindow(self, stats, reset)
        self.stats_window.open()

    def ask_prefs(self) -> None:
        """Game → Settings: speed, deck, back, table colour, auto-play, your name."""
        dlg = PrefsDialog(self, self.prefs)
        self.prefs_dialog = dlg

        def accepted() -> None:
            self.apply_prefs(dlg.prefs())

        dlg.accepted.connect(accepted)
        dlg.open()

    def apply_prefs(self, prefs: settings.Prefs) -> None:
        """Use ``prefs`` now and remember them."""
        old, self.prefs = self.prefs, prefs
        self.controller.set_pace(prefs.pace)
        self.controller.auto_play = prefs.auto_play
        self.player_name = prefs.name
        self.view.felt = prefs.felt
        if (old.four_colour, old.back) != (prefs.four_colour, prefs.back):
            self.view.set_art(CardArt(prefs.four_colour, prefs.back))
        self.view.resetCachedContent()
        self.view.viewport().update()
        settings.save_prefs(prefs)

    def _zoom_changed(self, zoom: float) -> None:
        self.prefs.zoom = zoom
        settings.save_prefs(self.prefs)

    def shortcut_lines(self) -> list[tuple[str, str]]:
        """Every menu action with its shortcut, and the table's own keys."""
        out = []
        for menu_action in self.menuBar().actions():
            for act in menu_action.menu().actions():
                if act.text() and not act.shortcut().isEmpty():
                    out.append((act.text().replace("&", "").rstrip("…"),
                                act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)))
        out += [("Move over your playable cards", "Left / Right"),
                ("Play the card in focus, or choose", "Enter / Space"),
                ("Cancel a drag; clear the focus", "Escape"),
                ("Go to the panel's buttons (rob, claim, jink)", "Tab"),
                ("Zoom your cards", "Ctrl + wheel")]
        return out

    def show_keys(self) -> None:
        """Help → Keyboard shortcuts."""
        rows = "".join(f"<tr><td>{what}</td><td><b>{keys}</b></td></tr>"
                       for what, keys in self.shortcut_lines())
        box = QMessageBox(QMessageBox.Icon.Information, "Keyboard shortcuts",
                          f"<table cellspacing='6'>{rows}</table>", parent=self)
        self.message = box
        box.open()

    def show_rules(self) -> None:
        """Help → Rules (F1): the rules of the game at the table, with its house rules."""
        from gui.rules import RulesWindow

        session = self.controller.session
        game = session.game.name if session else None
        profile = getattr(session.game, "profile", None) or None if session else None
        self.rules_window = RulesWindow(self, game, profile,
                                        dict(session.options) if session else {})
        self.rules_window.show()

    def _warn(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=self)
        self.message = box
        box.open()

    def _begin(self) -> None:
        seats = None
        if self.seats and len(self.seats) == self.players:
            seats = [SeatKind(*x) for x in self.seats]
        try:
            self.controller.new_session(self.game_name, self.players, self.player_name,
                                        self.options, seats, self.allow_undo)
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
            self.allow_undo = dlg.allow_undo()
            settings.save_table(self.game_name, self.options, self.seats)
            self._begin()

        dlg.accepted.connect(accepted)
        dlg.open()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.controller.shutdown()
        super().closeEvent(event)
