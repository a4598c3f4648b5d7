"""The main window's menus: Game (New Game, Open, Save As, Review, Undo, Hint, Statistics,
Settings, Quit), View (zoom) and Help (Rules, the coach, the keyboard shortcuts), with the
actions that are only a word to the controller (Undo) or a list of the menus themselves
(Keyboard shortcuts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMessageBox

from gui.model import prompts
from gui.play.states import OVER
from gui.windows.deallog import DealLogDialog

if TYPE_CHECKING:
    from gui.play.controller import Controller
    from gui.table.view import TableView


class MenusMixin:
    """The menu bar of :class:`MainWindow` and a few of its actions.

    It relies on the window's ``controller`` and ``view``, on the methods the actions call
    (``ask_new_game``, ``ask_open``, ``ask_save``, ``review_session``, ``ask_review_file``,
    ``show_stats``, ``ask_prefs``, ``show_rules``, ``coach_this_deal``, ``close``), and on
    its ``show_status`` and ``_modal``. It owns the actions kept as attributes
    (``new_action``, ``open_action``, ``save_action``, ``review_action``,
    ``review_file_action``, ``undo_action``, ``hint_action``, ``stats_action``,
    ``prefs_action``, ``rules_action``, ``coach_action``, ``deal_log_action``) and
    ``message`` (the shortcuts' box).
    """

    controller: Controller
    view: TableView
    message: QMessageBox | None
    #: View → This deal so far, while it is open.
    log_window: QDialog | None = None
    #: A saved game is being read (:meth:`set_reading`).
    _reading: bool = False

    def _build_menus(self) -> None:
        """The menu bar: Game, View and Help, in that order."""
        self._build_game_menu()
        self._build_view_menu()
        self._build_help_menu()

    def _build_game_menu(self) -> None:
        """Game: New Game, Open, Save As, the two reviews; Undo, Hint, Statistics,
        Settings; Quit."""
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
        self.review_action = QAction("&Review this game…", self)
        self.review_action.setShortcut(QKeySequence("Ctrl+R"))
        self.review_action.triggered.connect(self.review_session)
        game_menu.addAction(self.review_action)
        self.review_file_action = QAction("Review a saved &game…", self)
        self.review_file_action.triggered.connect(self.ask_review_file)
        game_menu.addAction(self.review_file_action)
        game_menu.addSeparator()
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self.undo)
        game_menu.addAction(self.undo_action)
        self.hint_action = QAction("&Hint", self)
        self.hint_action.setShortcut(QKeySequence("H"))
        self.hint_action.triggered.connect(self.controller.advisor.hint)
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
        # The system's Quit keys; where it has none (Windows, and Qt's plain platforms),
        # Ctrl+Q, which the menu shows.
        quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
        quit_action.setShortcuts(quit_keys or [QKeySequence("Ctrl+Q")])
        # Also from a window in front of the table (a deal's summary opens by itself).
        quit_action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
        quit_action.triggered.connect(self.close)
        game_menu.addAction(quit_action)

    def _build_view_menu(self) -> None:
        """View: zoom in and out in steps of 0.05 (1.0 is the normal size), and back to 1.0."""
        view_menu = self.menuBar().addMenu("&View")
        for text, keys, step in (
            ("Zoom &in", QKeySequence.StandardKey.ZoomIn, 0.05),
            ("Zoom &out", QKeySequence.StandardKey.ZoomOut, -0.05),
            ("&Normal size", QKeySequence("Ctrl+0"), 0.0),
        ):
            act = QAction(text, self)
            act.setShortcut(keys)
            act.triggered.connect(
                lambda _=False, st=step: self.view.set_zoom(self.view.zoom + st if st else 1.0)
            )
            view_menu.addAction(act)
        view_menu.addSeparator()
        self.deal_log_action = QAction("This &deal so far…", self)
        self.deal_log_action.setShortcut(QKeySequence("Ctrl+L"))
        self.deal_log_action.triggered.connect(self.show_deal_log)
        view_menu.addAction(self.deal_log_action)

    def show_deal_log(self) -> None:
        """View → This deal so far: every line the table has said in this deal (it keeps
        only its last few in view), in a window; the game waits while it is open."""
        dlg = DealLogDialog(self, self.controller.deal_lines)
        self.log_window = dlg
        self._modal(dlg)

    def _build_help_menu(self) -> None:
        """Help: Rules (F1), Coach me through this deal, Keyboard shortcuts."""
        help_menu = self.menuBar().addMenu("&Help")
        self.rules_action = QAction("&Rules", self)
        self.rules_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.rules_action.triggered.connect(self.show_rules)
        help_menu.addAction(self.rules_action)
        self.coach_action = QAction("&Coach me through this deal", self)
        self.coach_action.triggered.connect(self.coach_this_deal)
        help_menu.addAction(self.coach_action)
        keys_action = QAction("&Keyboard shortcuts", self)
        keys_action.triggered.connect(self.show_keys)
        help_menu.addAction(keys_action)

    def set_reading(self, reading: bool) -> None:
        """While a saved game is read (``reading``), the actions that would start, open,
        save, review or change a game are greyed out: what the file holds is at stake until
        it arrives. Statistics, Settings, the Rules and Quit stay."""
        for action in (
            self.new_action,
            self.open_action,
            self.save_action,
            self.review_action,
            self.review_file_action,
            self.undo_action,
            self.hint_action,
            self.coach_action,
        ):
            action.setEnabled(not reading)
        self._reading = reading
        self.table_rules_shown()

    def table_rules_shown(self) -> None:
        """Game → Undo is greyed out at a table whose rules turn it off (several people
        play): it only said so in the status line when chosen. Called when a session
        starts, resumes or deals."""
        self.undo_action.setEnabled(not self._reading and self.controller.allow_undo)

    def undo(self) -> None:
        """Game → Undo: back to your previous decision in this deal."""
        if self.controller.state == OVER:
            self.show_status(prompts.OVER_UNDO)
        elif not self.controller.allow_undo:
            self.show_status("Undo is off for this table (several people play).")
        elif not self.controller.keeper.undo():
            self.show_status("Nothing to undo in this deal.")

    def shortcut_lines(self) -> list[tuple[str, str]]:
        """Every menu action with its shortcut, and the table's own keys."""
        out = []
        for menu_action in self.menuBar().actions():
            for act in menu_action.menu().actions():
                if act.text() and not act.shortcut().isEmpty():
                    out.append(
                        (
                            act.text().replace("&", "").rstrip("…"),
                            act.shortcut().toString(QKeySequence.SequenceFormat.NativeText),
                        )
                    )
        out += [
            ("Move over your playable cards", "Left / Right"),
            ("The first, the last of your playable cards", "Home / End"),
            ("Play the card in focus, or choose", "Enter / Space"),
            ("Cancel a drag; clear the focus", "Escape"),
            ("Go to the panel's buttons (rob, claim, jink)", "Tab"),
            ("Zoom your cards", "Ctrl + wheel"),
        ]
        return out

    def show_keys(self) -> None:
        """Help → Keyboard shortcuts."""
        rows = "".join(
            f"<tr><td>{what}</td><td><b>{keys}</b></td></tr>"
            for what, keys in self.shortcut_lines()
        )
        box = QMessageBox(
            QMessageBox.Icon.Information,
            "Keyboard shortcuts",
            f"<table cellspacing='6'>{rows}</table>",
            parent=self,
        )
        self.message = box
        self._modal(box)
