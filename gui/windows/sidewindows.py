"""The windows the main window opens beside the table: the review window (of the game at the
table, of the saved game offered, or of a saved file), the statistics, the settings and the
rules. Every one of them holds the table while it is up, so the game never moves on behind it.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtWidgets import QFileDialog, QLabel, QVBoxLayout, QWidget

from gamecore import stats as gstats
from gamecore.match import Session
from gamecore.registry import descriptor
from gui.model import registryview
from gui.store import persistence, savedgames, settings
from gui.table.cardart import CardArt
from gui.windows.cardtext import use_four_colours
from gui.windows.openchooser import REVIEW_WORDS, OpenChooser
from gui.windows.prefsdialog import PrefsDialog
from gui.windows.statswindow import StatsWindow

if TYPE_CHECKING:
    from gui.play.controller import Controller
    from gui.table.view import TableView

#: The status line's end while a review is open.
REVIEW_WAITS = ": the game waits until it is closed."


class SideWindowsMixin:
    """Review, Statistics, Settings and Rules, for :class:`MainWindow`.

    It relies on the window's ``controller``, ``view``, ``prefs`` (the settings in use),
    ``offer`` (the saved game offered for resuming, if any), ``player_name``,
    ``status_label`` (the status line), and its ``show_status``, ``_modal``,
    ``_open_folder`` and ``_read``. It owns the windows it opens: ``review_window``,
    ``stats_window``, ``prefs_dialog``, ``rules_window`` and ``file_dialog`` (for Review a
    saved game).
    """

    controller: Controller
    view: TableView
    prefs: settings.Prefs
    offer: tuple[Session, persistence.TableMeta] | None
    player_name: str
    status_label: QLabel
    review_window: QWidget | None
    file_dialog: QFileDialog | None

    # ---- review ---------------------------------------------------------------------

    def review_session(self) -> None:
        """Game → Review this game: any deal of the game at the table (or of the saved game
        waiting behind the resume offer), step by step."""
        c = self.controller
        session = c.session if c.session is not None else (self.offer[0] if self.offer else None)
        if session is None or not session.logs:
            self.show_status("There is no deal to review yet.")
            return
        people = (
            c.people
            if c.session is not None
            else [s for s, p in enumerate(self.offer[1].people) if p]
            if self.offer
            else [0]
        )
        self.open_review(session, None, people=people)

    def ask_review_file(self) -> None:
        """Game → Review a saved game: a record (``*.parlour.json``), read off the GUI
        thread like Open; the game at the table is not touched. Where there are finished
        games, Open's chooser lists them, each as what it is (a file dialog showed only
        names such as "20261205-100600-…pin.parlour.json"), with Browse… for any other."""
        read = functools.partial(persistence.load_noted, shown="The review shows")
        self.controller.keeper.flush_autosave()  # a game just finished is kept there
        finished = savedgames.finished_games(self.data_dir)
        if finished:
            chooser = OpenChooser(self, finished, self._open_folder(), REVIEW_WORDS)
            chooser.chosen.connect(lambda path: self._read(path, "review", read))
            self.open_chooser = chooser
            self._modal(chooser)
            return
        dlg = QFileDialog(
            self,
            "Review a saved game",
            str(self._open_folder()),
            "Parlour games (*.parlour.json);;All files (*)",
        )
        dlg.setObjectName("reviewDialog")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
        dlg.fileSelected.connect(lambda name: name and self._read(Path(name), "review", read))
        self.file_dialog = dlg
        self._modal(dlg)

    def open_review(
        self,
        source: Session,
        deal: int | None,
        *,
        people: list[int],
        parent: QWidget | None = None,
        note: str | None = None,
    ) -> None:
        """Open the review window on ``source`` (deal ``deal``, or its chooser's default)
        for the people at ``people`` seats; what it may show follows
        :func:`gamecore.review.show_rule` (the Settings' Spoil Five choice included).
        ``note``: what a damaged file left out, shown at the top of the window."""
        from gui.windows.reviewwindow import ReviewWindow

        person = people[0] if people else None
        reveal = self.prefs.reveal_tricks and len(people) <= 1
        window = ReviewWindow(
            parent or self, source, deal, people=people, person=person, reveal=reveal
        )
        self.review_window = window
        if note is not None:
            label = QLabel(note, window)
            label.setObjectName("damageNote")
            label.setWordWrap(True)
            cast(QVBoxLayout, window.layout()).insertWidget(0, label)
        # The game waits while its deals are reviewed, as behind any window in front of the
        # table: a review of the deal being played would otherwise fall behind it.
        self.controller.hold()
        before = self.status_label.text()

        def closed() -> None:
            self.controller.release()
            if self.status_label.text().endswith(REVIEW_WAITS) and not self.controller.held:
                # the table's own line again, once no window is left in front of it (what
                # the status line said before only where the table has said nothing, as
                # under the resume offer: a saved game read for review had emptied it)
                self.show_status(self.controller.table_line or before)

        def retitled(title: str) -> None:
            if self.status_label.text().endswith(REVIEW_WAITS):  # it names the deal shown
                self.show_status(f"{title}{REVIEW_WAITS}")

        window.finished.connect(lambda _r: closed())
        window.windowTitleChanged.connect(retitled)
        window.show()
        self.show_status(f"{window.windowTitle()}{REVIEW_WAITS}")

    def _review_from_summary(self, summary: QWidget) -> None:
        """The deal summary's Review button: the deal just finished, over the summary."""
        c = self.controller
        if c.session is not None:
            self.open_review(c.session, len(c.session.logs), people=c.people, parent=summary)

    # ---- statistics, settings, rules --------------------------------------------

    def show_stats(self) -> None:
        """Game → Statistics."""
        path = self.controller.keeper.stats_path
        stats = gstats.load(path) if path is not None else gstats.Stats()

        def reset() -> None:
            stats.reset()
            if path is not None:
                gstats.save(stats, path)

        self.stats_window = StatsWindow(self, stats, reset)
        session = self.controller.session
        if session is not None:
            self.stats_window.show_game(registryview.game_label(session.game))
        self._modal(self.stats_window)

    def ask_prefs(self) -> None:
        """Game → Settings: speed, deck, back, table colour, auto-play, your name."""
        dlg = PrefsDialog(self, self.prefs, several_people=len(self.controller.people) > 1)
        self.prefs_dialog = dlg

        def accepted() -> None:
            self.apply_prefs(dlg.prefs())

        dlg.accepted.connect(accepted)
        self._modal(dlg)

    def apply_prefs(self, prefs: settings.Prefs) -> None:
        """Use ``prefs`` now and remember them."""
        old, self.prefs = self.prefs, prefs
        self.controller.set_pace(prefs.pace)
        self.controller.auto_play = prefs.auto_play
        self.controller.reveal = prefs.reveal_tricks
        self.player_name = prefs.name
        self.view.felt = prefs.felt
        if (old.four_colour, old.back) != (prefs.four_colour, prefs.back):
            self.view.set_art(CardArt(prefs.four_colour, prefs.back))
        use_four_colours(prefs.four_colour)  # the summaries' cards as the table's
        self.view.resetCachedContent()
        self.view.viewport().update()
        settings.save_prefs(prefs)
        if prefs.coach_off != old.coach_off:
            # at once, at the deal at the table: unticked, the coach went on talking
            self._maybe_coach()

    def _zoom_changed(self, zoom: float) -> None:
        self.prefs.zoom = zoom
        settings.save_prefs(self.prefs)

    def show_rules(self) -> None:
        """Help → Rules (F1): the rules of the game at the table, with its house rules."""
        from gui.windows.rules import RulesWindow

        session = self.controller.session
        game = session.game.name if session else None
        # A game with profiles (Pope Joan) names its profile among its resolved options.
        key = descriptor(game).profile_key if game is not None else None
        profile = session.options.get(key) if session and key is not None else None
        self.rules_window = RulesWindow(
            self, game, profile, dict(session.options) if session else {}
        )
        self.rules_window.show()
