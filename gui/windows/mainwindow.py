"""The main window: the table in the centre, the notice bar above it, a Game menu, and a
status line.

It keeps every game: a game with progress (a person's decision, or a finished deal) is never
replaced without the person's confirmation, and a game left is kept in the data folder's
``abandoned`` folder. Every window it opens holds the table (:meth:`Controller.hold`) while
it is up, so the game never moves on behind it.

:class:`MainWindow` builds the window, the coach and the status line; the rest is in its
mixins: the games and their files (:mod:`gui.windows.gamefiles`), the windows it opens
(:mod:`gui.windows.sidewindows`), the menus (:mod:`gui.windows.menus`) and its place on the
screen (:mod:`gui.windows.placement`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from gamecore.match import Session
from gui.model import advice, registryview
from gui.model.choices import DEFAULT_GAME, clean_choices
from gui.play.controller import Controller
from gui.store import persistence, settings
from gui.store.tablelock import TableLock
from gui.table.cardart import CardArt
from gui.table.view import TableView
from gui.windows import dialogs
from gui.windows.cardtext import use_four_colours
from gui.windows.coach import CoachBar
from gui.windows.gamefiles import GameFilesMixin
from gui.windows.gameio import GameIOMixin
from gui.windows.keptnotice import KeptNotice
from gui.windows.menus import MenusMixin
from gui.windows.newgame import NewGameDialog
from gui.windows.notices import NoticeBar
from gui.windows.openchooser import OpenChooser
from gui.windows.placement import PlacementMixin
from gui.windows.sidewindows import SideWindowsMixin
from gui.windows.statusline import StatusLine
from gui.windows.topbars import TopBars


class MainWindow(
    GameFilesMixin, GameIOMixin, SideWindowsMixin, MenusMixin, PlacementMixin, QMainWindow
):
    """Parlour's window. ``pace`` (ms) is the one animation and pacing parameter; with
    ``remember`` the last New Game choices are restored from the settings (whatever of them
    no longer validates falls back to its default). ``autosave`` is the autosave's path
    (its folder is the data folder: statistics beside it, abandoned games below it), or
    ``None`` to keep nothing; ``notice_log`` (tests) receives every notice as a line."""

    #: A file read on a worker thread: (path, (session, meta) or None, error or None).
    _loaded = Signal(object, object, object)

    def __init__(
        self,
        pace: int = 350,
        seed: int | None = None,
        remember: bool = False,
        autosave: Path | None = None,
        notice_log: Path | None = None,
    ) -> None:
        super().__init__()
        self.setWindowTitle("Parlour — Newmarket")
        #: What could not be read of the settings, said once the notice bar is built.
        damaged: list[str] = []
        self.prefs = settings.load_prefs(damaged) if remember else settings.Prefs()
        self._build_view()
        self._build_bars()
        self.notice_log = notice_log
        self._build_status_line()
        for text in damaged:
            self.add_notice(text)
        self._build_controller(pace, seed, remember, autosave)
        self._build_open_state()
        self._build_busy_and_fingerprint()
        self._connect_controller()
        self._build_choices(remember)
        self._build_menus()
        self.new_dialog: NewGameDialog | None = None
        self.remember = remember
        self._settle_until = 0.0  # until then, a move by the window manager is checked
        self.resize(1280, 800)

    # ---- building the window --------------------------------------------------------

    def _build_view(self) -> None:
        """The table's view, in the card art, felt and zoom of the settings."""
        self.view = TableView(CardArt(self.prefs.four_colour, self.prefs.back))
        use_four_colours(self.prefs.four_colour)  # the summaries' cards as the table's
        self.view.felt = self.prefs.felt
        self.view.zoom = self.prefs.zoom
        self.view.zoom_changed.connect(self._zoom_changed)
        self.view.prompt_chosen.connect(self._offer_answered)
        self.view.log_clicked.connect(lambda: self.deal_log_action.trigger())

    def _build_bars(self) -> None:
        """The central column: the notice bar, the coach's bar, then the table."""
        central = QWidget(self)
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.notices = NoticeBar()
        self.coach = CoachBar()
        # Together, and never taller than the table's smallest size leaves (they scroll).
        self.top_bars = TopBars([self.notices, self.coach], central)
        column.addWidget(self.top_bars)
        column.addWidget(self.view, 1)
        self.setCentralWidget(central)
        # The keys are the table's from the start (given it when the window is activated):
        # without a staking panel first, Enter and the arrows did nothing until a Tab.
        self.view.setFocus()

    def _build_status_line(self) -> None:
        """The status line's label, the width of the status bar."""
        self.status_label = StatusLine()
        self.statusBar().addWidget(self.status_label, 1)

    def _build_controller(
        self, pace: int, seed: int | None, remember: bool, autosave: Path | None
    ) -> None:
        """The controller that plays at the table: ``pace`` in ms, ``seed`` for the deals;
        with ``remember`` the pace, auto-play and name of the settings; the autosave at
        ``autosave`` and the statistics beside it (``None``: nothing kept)."""
        self.controller = Controller(
            self.view,
            self,
            self.show_status,
            pace=pace,
            seed=seed,
            notice=self.add_notice,
            questions=dialogs,
        )
        self.controller.keeper.autosave_path = autosave
        #: The data folder (abandoned games go below it), even when nothing is autosaved.
        self.data_dir: Path | None = autosave.parent if autosave is not None else None
        self.player_name = "You"
        if remember:
            self.controller.set_pace(self.prefs.pace)
            self.controller.auto_play = self.prefs.auto_play
            self.player_name = self.prefs.name
        if autosave is not None:
            self.controller.keeper.stats_path = autosave.with_name(persistence.STATISTICS)

    def _build_open_state(self) -> None:
        """Nothing open in front of the table yet, no lock taken, no file being read."""
        self.message: QMessageBox | None = None
        self.file_dialog: QFileDialog | None = None
        self.file_note: str | None = None
        self.open_chooser: OpenChooser | None = None
        #: The notice of the games kept among the abandoned ones.
        self.kept = KeptNotice(self.notices, self.add_notice)
        self.lock: TableLock | None = None
        self._purpose = "open"
        self.review_window: QWidget | None = None
        #: The file Game → Open is reading on a worker thread, if any.
        self.loading: Path | None = None
        self._loaded.connect(self._on_loaded)

    def _build_busy_and_fingerprint(self) -> None:
        """The status bar's right end: the busy bar shown while a saved game is read, and
        the deal's fingerprint."""
        self.busy = QProgressBar(self)
        self.busy.setObjectName("busy")
        self.busy.setRange(0, 0)  # no known length: a busy indication
        self.busy.setMaximumWidth(120)
        self.busy.setAccessibleName("Reading a saved game")
        self.statusBar().addPermanentWidget(self.busy)
        self.busy.hide()
        self.fingerprint = QLabel(self)
        self.fingerprint.setObjectName("fingerprint")
        self.fingerprint.setToolTip(
            "The deal's fingerprint: a SHA-256 hash of its shuffled cards, shown before the "
            "first decision. After the deal the summary shows the salt and the cards, so "
            "anyone can check with any SHA-256 tool that they were not changed during play "
            '(Help → Rules, "How to play at this table").'
        )
        self.statusBar().addPermanentWidget(self.fingerprint)

    def _connect_controller(self) -> None:
        """What the controller tells the window (the fingerprint, a review asked for from
        the deal summary, the coach's words) and the coach's off button."""
        self.controller.fingerprint_shown.connect(self._fingerprint_shown)
        self.controller.review_requested.connect(self._review_from_summary)
        self.controller.advisor.coach_said.connect(self.coach.say)
        self.controller.advisor.coach_said.connect(lambda _lines: self.top_bars.bring(self.coach))
        self.controller.advisor.coached.connect(self._coached)
        self.coach.turned_off.connect(self._coach_turned_off)
        self.controller.reveal = self.prefs.reveal_tricks

    def _build_choices(self, remember: bool) -> None:
        """The New Game choices: Newmarket for four, or with ``remember`` the last ones
        chosen (those that no longer fit are dropped, and a notice says so)."""
        #: The saved game offered for resuming and not yet answered: ``(session, meta)``.
        self.offer: tuple[Session, persistence.TableMeta] | None = None
        self.players = 4
        self.game_name = DEFAULT_GAME
        self.options: dict = {}
        self.game_label = "Newmarket"
        self.seats: list[tuple[str, bool, str]] | None = None
        self.allow_undo: bool | None = None
        if remember:
            damaged: list[str] = []
            last = clean_choices(settings.load_table(damaged))
            for text in damaged:
                self.add_notice(text)
            self.game_name, self.options, self.seats = last.game, last.options, last.seats
            if self.seats:
                self.players = len(self.seats)
            if last.dropped:
                self.add_notice(
                    "Some of your last New Game choices no longer fit this "
                    f"version ({', '.join(last.dropped)}); their defaults are "
                    "used."
                )

    # ---- the coach ------------------------------------------------------------------

    def coach_this_deal(self) -> None:
        """Help → Coach me through this deal (also after it was turned off)."""
        c = self.controller
        c.advisor.coaching = True
        d = c.session.decision() if c.session is not None else None
        if d is not None and c.seats[d.seat].person and d.seat == c.human and not c.privacy_up:
            c.advisor.coach(d.seat)
        else:
            self.coach.say([advice.COACH_WAITS])

    def _maybe_coach(self) -> None:
        """The first time one person plays a game, the coach explains that first deal (at
        a session begun or resumed: a game resumed after a crash in its first deal is
        still being coached); at any other session it is silent, even if it spoke at the
        game before (a hot-seat game after a first game alone)."""
        c = self.controller
        # Only for a player's own table (settings kept): not for a window made by a test,
        # the self-test or a bench, which keep no settings.
        wanted = (
            self.remember
            and c.session is not None
            and not self.prefs.coach_off
            and len(c.people) == 1
            and registryview.game_label(c.session.game) not in self.prefs.coached
        )
        if wanted:
            c.advisor.coaching = True
        elif c.advisor.coaching:
            c.advisor.coach_off()  # silent, and its words from the last game gone

    def _coached(self, label: str) -> None:
        if label not in self.prefs.coached:
            self.prefs.coached = (*self.prefs.coached, label)
            if self.remember:
                settings.save_prefs(self.prefs)

    def _coach_turned_off(self) -> None:
        self.controller.advisor.coach_off()
        self.prefs.coach_off = True
        if self.remember:
            settings.save_prefs(self.prefs)
        self.show_status("The coach is off (Help → Coach me through this deal brings it back).")

    # ---- the status line and the notices ---------------------------------------

    def _fingerprint_shown(self, shown: str) -> None:
        self.fingerprint.setText(f"Fingerprint {shown}" if shown else "")
        self.fingerprint.setAccessibleName(f"Deal fingerprint {shown}" if shown else "")
        self.retitle()  # a new deal (or one resumed): its number in the title
        self.table_rules_shown()  # and its table's rules: Undo greyed out at the hot seat

    def show_status(self, text: str) -> None:
        """Show one line in the status bar (and to screen readers through the label)."""
        self.status_label.setText(text)  # its accessible description too, whole

    def add_notice(self, text: str) -> None:
        """Say ``text`` in the notice bar, where it stays until dismissed (a file set aside,
        games that cannot be saved…); also in the status line."""
        if self.notices.add(text) and self.notice_log is not None:
            try:
                with self.notice_log.open("a", encoding="utf-8") as f:
                    f.write(text + "\n")
            except OSError:
                pass
        notice = self.notices.notice(text)
        if notice is not None:
            self.top_bars.bring(notice)
        self.show_status(text)

    def _warn(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=self)
        self.message = box
        self._modal(box)

    def _modal(self, dlg: QDialog) -> None:
        """Open ``dlg`` window-modal; the game holds until it closes."""
        self.controller.hold()
        dlg.finished.connect(lambda _r: self.controller.release())
        dlg.open()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        if self.remember:
            g = self.normalGeometry() if self.isMaximized() else self.geometry()
            settings.save_window(g.x(), g.y(), g.width(), g.height(), self.isMaximized())
        # The windows the table opened close with it. A tester closed the table with the
        # deal summary up: the summary stayed on its own, and its "Next deal" played the
        # session on in a process with no table and no autosave.
        for window in self.findChildren(QWidget):
            if window.isWindow() and window.isVisible():
                window.close()
        self.controller.shutdown()
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        super().closeEvent(event)
