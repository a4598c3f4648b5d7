"""The main window: the table in the centre, the notice bar above it, a Game menu, and a
status line.

It keeps every game: a game with progress (a person's decision, or a finished deal) is never
replaced without the person's confirmation, and a game left is kept in the data folder's
``abandoned`` folder. Every window it opens holds the table (:meth:`Controller.hold`) while
it is up, so the game never moves on behind it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QMoveEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from gamecore import stats as gstats
from gamecore.errors import ParlourError
from gamecore.limits import short_message
from gamecore.match import Session
from gui.model import advice, registryview
from gui.model.choices import DEFAULT_GAME, clean_choices
from gui.model.setup import Setup
from gui.play.controller import Controller
from gui.play.seats import SeatKind
from gui.store import persistence, settings
from gui.store.tablelock import LockState, TableLock
from gui.table.cardart import CardArt
from gui.table.view import TableView
from gui.windows import dialogs
from gui.windows.coach import CoachBar
from gui.windows.newgame import NewGameDialog
from gui.windows.notices import NoticeBar
from gui.windows.prefsdialog import PrefsDialog
from gui.windows.screenfit import fit_to_screen, frame_margins, window_geometry
from gui.windows.statswindow import StatsWindow


class MainWindow(QMainWindow):
    """Parlour's window. ``pace`` (ms) is the one animation and pacing parameter; with
    ``remember`` the last New Game choices are restored from the settings (whatever of them
    no longer validates falls back to its default). ``autosave`` is the autosave's path
    (its folder is the data folder: statistics beside it, abandoned games below it), or
    ``None`` to keep nothing; ``notice_log`` (tests) receives every notice as a line."""

    #: A file read on a worker thread: (path, (session, meta) or None, error or None).
    _loaded = Signal(object, object, object)

    def __init__(self, pace: int = 350, seed: int | None = None, remember: bool = False,
                 autosave: Path | None = None, notice_log: Path | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Parlour — Newmarket")
        self.prefs = settings.load_prefs() if remember else settings.Prefs()
        self.view = TableView(CardArt(self.prefs.four_colour, self.prefs.back))
        self.view.felt = self.prefs.felt
        self.view.zoom = self.prefs.zoom
        self.view.zoom_changed.connect(self._zoom_changed)
        self.view.prompt_chosen.connect(self._offer_answered)
        central = QWidget(self)
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.notices = NoticeBar(central)
        column.addWidget(self.notices)
        self.coach = CoachBar(central)
        column.addWidget(self.coach)
        column.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self.notice_log = notice_log
        self.status_label = QLabel()
        self.status_label.setObjectName("status")
        self.statusBar().addWidget(self.status_label, 1)
        self.controller = Controller(self.view, self, self.show_status, pace=pace, seed=seed,
                                     notice=self.add_notice, questions=dialogs)
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
        self.message: QMessageBox | None = None
        self.file_dialog: QFileDialog | None = None
        self.lock: TableLock | None = None
        self._purpose = "open"
        self.review_window: QWidget | None = None
        #: The file Game → Open is reading on a worker thread, if any.
        self.loading: Path | None = None
        self._loaded.connect(self._on_loaded)
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
            "(Help → Rules, \"How to play at this table\").")
        self.statusBar().addPermanentWidget(self.fingerprint)
        self.controller.fingerprint_shown.connect(self._fingerprint_shown)
        self.controller.review_requested.connect(self._review_from_summary)
        self.controller.advisor.coach_said.connect(self.coach.say)
        self.controller.advisor.coached.connect(self._coached)
        self.coach.turned_off.connect(self._coach_turned_off)
        self.controller.reveal = self.prefs.reveal_tricks
        #: The saved game offered for resuming and not yet answered: ``(session, meta)``.
        self.offer: tuple[Session, persistence.TableMeta] | None = None
        self.players = 4
        self.game_name = DEFAULT_GAME
        self.options: dict = {}
        self.game_label = "Newmarket"
        self.seats: list[tuple[str, bool, str]] | None = None
        self.allow_undo: bool | None = None
        if remember:
            last = clean_choices(settings.load_table())
            self.game_name, self.options, self.seats = last.game, last.options, last.seats
            if self.seats:
                self.players = len(self.seats)
            if last.dropped:
                self.add_notice("Some of your last New Game choices no longer fit this "
                                f"version ({', '.join(last.dropped)}); their defaults are "
                                "used.")
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
        self.coach_action = QAction("&Coach me through this deal", self)
        self.coach_action.triggered.connect(self.coach_this_deal)
        help_menu.addAction(self.coach_action)
        keys_action = QAction("&Keyboard shortcuts", self)
        keys_action.triggered.connect(self.show_keys)
        help_menu.addAction(keys_action)
        self.new_dialog: NewGameDialog | None = None
        self.remember = remember
        self._settle_until = 0.0  # until then, a move by the window manager is checked
        self.resize(1280, 800)

    # ---- the coach ------------------------------------------------------------------

    def coach_this_deal(self) -> None:
        """Help → Coach me through this deal (also after it was turned off)."""
        c = self.controller
        c.advisor.coaching = True
        d = c.session.decision() if c.session is not None else None
        if (d is not None and c.seats[d.seat].person and d.seat == c.human
                and not c.privacy_up):
            c.advisor.coach(d.seat)
        else:
            self.coach.say([advice.COACH_WAITS])

    def _maybe_coach(self) -> None:
        """The first time one person plays a game, the coach explains that first deal."""
        c = self.controller
        # Only for a player's own table (settings kept): not for a window made by a test,
        # the self-test or a bench, which keep no settings.
        if not self.remember or c.session is None or self.prefs.coach_off or \
                len(c.people) != 1:
            return
        if registryview.game_label(c.session.game) not in self.prefs.coached:
            c.advisor.coaching = True

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

    def _fingerprint_shown(self, shown: str) -> None:
        self.fingerprint.setText(f"Fingerprint {shown}" if shown else "")
        self.fingerprint.setAccessibleName(f"Deal fingerprint {shown}" if shown else "")

    def show_status(self, text: str) -> None:
        """Show one line in the status bar (and to screen readers through the label)."""
        self.status_label.setText(text)
        self.status_label.setAccessibleDescription(text)

    def add_notice(self, text: str) -> None:
        """Say ``text`` in the notice bar, where it stays until dismissed (a file set aside,
        games that cannot be saved…); also in the status line."""
        if self.notices.add(text) and self.notice_log is not None:
            try:
                with self.notice_log.open("a", encoding="utf-8") as f:
                    f.write(text + "\n")
            except OSError:
                pass
        self.show_status(text)

    # ---- starting, resuming, opening -----------------------------------------------

    def start(self, resume: bool = False) -> None:
        """Open straight into a game. First the data folder's lock is taken: when another
        copy of Parlour holds it, the person may quit or play on without an autosave and
        without statistics. Then Parlour's own leftover temporary files are removed, and the
        autosave and the statistics are checked (what cannot be read is set aside, and said
        in a notice). An unfinished saved game is offered for resuming (``resume``: resumed
        without asking); else the last game chosen (or Newmarket, you and three computers)
        begins."""
        c = self.controller
        if (self.data_dir is not None and c.keeper.autosave_path is not None
                and self.lock is None):
            lock = TableLock(self.data_dir)
            state = lock.take()
            if state is LockState.ELSEWHERE:
                self._ask_elsewhere(resume)
                return
            if state is LockState.UNUSABLE:
                self.add_notice(f"Games cannot be saved: the data folder {self.data_dir} is "
                                "not writable. You can play, but nothing is kept.")
                c.keeper.autosave_path = c.keeper.stats_path = None
            else:
                self.lock = lock
                if lock.damaged is not None:
                    self.add_notice(f"A damaged lock file was set aside as "
                                    f"{lock.damaged.name}.")
                persistence.remove_leftovers(self.data_dir)
        self._start(resume)

    def _ask_elsewhere(self, resume: bool) -> None:
        """Another copy holds the table: quit, or play on keeping nothing."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Parlour is already open",
                          "Parlour is already open elsewhere on this computer, with your "
                          "saved game and statistics.", parent=self)
        box.setInformativeText("Playing here as well keeps no autosave and no statistics, "
                               "so that the other window's are not written over.")
        quit_button = box.addButton("Quit", QMessageBox.ButtonRole.AcceptRole)
        quit_button.setObjectName("quit")
        go_on = box.addButton("Play without saving", QMessageBox.ButtonRole.RejectRole)
        go_on.setObjectName("playWithoutSaving")
        box.setDefaultButton(quit_button)
        box.setEscapeButton(quit_button)
        self.message = box

        def answered() -> None:
            if box.clickedButton() is go_on:
                c = self.controller
                c.keeper.autosave_path = c.keeper.stats_path = None
                self.add_notice("Parlour is open elsewhere too: this window keeps no "
                                "autosave and no statistics.")
                self._start(resume)
            else:
                self.close()

        box.finished.connect(lambda _r: answered())
        self._modal(box)

    def _start(self, resume: bool) -> None:
        c = self.controller
        saved = None
        if c.keeper.autosave_path is not None:
            checked = persistence.check_autosave(c.keeper.autosave_path)
            for text in checked.notices:
                self.add_notice(text)
            if not checked.writable:
                c.keeper.autosave_path = None
            saved = checked.saved
        if c.keeper.stats_path is not None:
            notices, writable = persistence.check_stats(c.keeper.stats_path)
            for text in notices:
                self.add_notice(text)
            if not writable:
                c.keeper.stats_path = None
        if saved is None:
            self._begin()
        elif resume:
            self.resume(*saved)
        else:
            self.offer_resume(*saved)

    def offer_resume(self, session: Session, meta: persistence.TableMeta) -> None:
        """Ask whether to resume the saved ``session``. Resume continues it; New game sets
        it aside among the abandoned games and begins the last game chosen; Escape or
        closing the question means "not now": nothing begins and nothing is written, and
        the table shows the offer until the person answers."""
        self.offer = (session, meta)
        label = registryview.game_label(session.game)
        where = f"deal {len(session.logs)} of {session.total_deals}"
        self.setWindowTitle(f"Parlour — {label} (saved game, {where})")
        self.controller.preview(session)
        box = QMessageBox(QMessageBox.Icon.Question, "Resume?",
                          f"Resume your game of {label} ({where})?", parent=self)
        box.setInformativeText("A new game keeps this one: Game → Open finds it among the "
                               "abandoned games.")
        resume = box.addButton("Resume", QMessageBox.ButtonRole.AcceptRole)
        resume.setObjectName("resume")
        fresh = box.addButton("New game", QMessageBox.ButtonRole.ActionRole)
        fresh.setObjectName("newGame")
        later = box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
        later.setObjectName("notNow")
        box.setDefaultButton(resume)
        box.setEscapeButton(later)
        self.message = box

        def answered() -> None:
            if self.offer is None or self.offer[0] is not session:
                return  # answered another way meanwhile
            if box.clickedButton() is resume:
                self._offer_answered("resume")
            elif box.clickedButton() is fresh:
                self._offer_answered("newgame")
            else:
                self._show_offer()

        box.finished.connect(lambda _r: answered())
        self._modal(box)

    def _show_offer(self) -> None:
        """The saved game waits on the table (its hands face down) with Resume and New game
        buttons; no game runs meanwhile."""
        if self.offer is None:
            return
        session = self.offer[0]
        label = registryview.game_label(session.game)
        self.view.prompt.ask(f"Your game of {label} (deal {len(session.logs)} of "
                             f"{session.total_deals}) is waiting.",
                             [("resume", "Resume"), ("newgame", "New game")])
        self.show_status("Resume your saved game, or start a new one (Game → New Game).")

    def _offer_answered(self, key: str) -> None:
        """A button of the offer (the question or the table's panel)."""
        if self.offer is None or key not in ("resume", "newgame"):
            return
        if key == "resume":
            session, meta = self.offer
            self.offer = None
            self.resume(session, meta)
        else:
            self._replace_game(self._begin, "start a new game", confirm=False)

    def resume(self, session: Session, meta: persistence.TableMeta) -> None:
        """Continue a saved ``session`` with its seats."""
        self.offer = None
        self.game_name = session.game.name
        self.controller.resume(session, meta.people, meta.allow_undo, meta.levels)
        self.game_label = registryview.game_label(session.game)
        self.setWindowTitle(f"Parlour — {self.game_label}")

    def _at_stake(self) -> tuple[Session, persistence.TableMeta] | None:
        """The game that replacing the current one would lose: the saved game offered, or
        the unfinished game at the table once it has progress; else ``None``."""
        if self.offer is not None:
            session, meta = self.offer
            return self.offer if persistence.has_progress(session, meta.people) else None
        c = self.controller
        session = c.session
        if session is None or session.complete:
            return None
        meta = c.keeper.table_meta()
        return (session, meta) if persistence.has_progress(session, meta.people) else None

    def _replace_game(self, then: Callable[[], None], what: str, confirm: bool = True
                      ) -> None:
        """Run ``then`` (which replaces the current game) once the game at stake, if any, is
        kept among the abandoned games; with ``confirm`` the person is asked first."""
        stake = self._at_stake()
        if stake is None:
            self.offer = None
            then()
            return
        if not confirm:
            self._keep_and(stake, then)
            return
        session = stake[0]
        label = registryview.game_label(session.game)
        box = QMessageBox(QMessageBox.Icon.Question, "Leave this game?",
                          f"Leave your game of {label} (deal {len(session.logs)} of "
                          f"{session.total_deals}) to {what}?", parent=self)
        box.setInformativeText(
            "It is kept: Game → Open finds it among the abandoned games (the newest "
            f"{persistence.KEEP_ABANDONED} are kept)." if self.data_dir is not None else
            "Games are not being saved, so it cannot be kept.")
        leave = box.addButton("Leave it", QMessageBox.ButtonRole.AcceptRole)
        leave.setObjectName("leave")
        stay = box.addButton("Keep playing", QMessageBox.ButtonRole.RejectRole)
        stay.setObjectName("keepPlaying")
        box.setDefaultButton(stay)
        box.setEscapeButton(stay)
        self.message = box
        box.finished.connect(lambda _r: box.clickedButton() is leave
                             and self._keep_and(stake, then))
        self._modal(box)

    def _keep_and(self, stake: tuple[Session, persistence.TableMeta],
                  then: Callable[[], None]) -> None:
        if self.data_dir is not None:
            try:
                kept = persistence.abandon(stake[0], stake[1], self.data_dir)
            except OSError as e:
                self._warn("The game was not left",
                           f"It could not be kept ({e.strerror or e}), so it goes on.")
                return
            self.add_notice(f"Your last game was kept as {kept.name} in the abandoned games "
                            "(Game → Open).")
        self.offer = None
        then()

    def _open_folder(self) -> Path:
        """Where Game → Open starts: the abandoned games, else the home folder."""
        if self.data_dir is not None and (self.data_dir / persistence.ABANDONED).is_dir():
            return self.data_dir / persistence.ABANDONED
        return Path.home()

    def ask_open(self) -> None:
        """Game → Open: a saved game (``*.parlour.json``), starting in the abandoned games;
        a bad file leaves this game as it is and says why in one message."""
        dlg = QFileDialog(self, "Open a saved game", str(self._open_folder()),
                          "Parlour games (*.parlour.json);;All files (*)")
        dlg.setObjectName("openDialog")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
        dlg.fileSelected.connect(lambda name: name and self.open_file(Path(name)))
        self.file_dialog = dlg
        self._modal(dlg)

    def open_file(self, path: Path) -> None:
        """Open the saved game at ``path``. It is read and replayed on a worker thread (a
        long session takes a second or more) while the window stays responsive, with a
        busy indication, and the game holds. A bad file leaves the current game untouched
        and says why in one line; a good one replaces the current game, after the person's
        confirmation when it has progress (it is then kept among the abandoned games).
        :attr:`loading` is the path being read, ``None`` when done."""
        self._read(path, "open")

    def _read(self, path: Path, purpose: str) -> None:
        """Read and replay ``path`` on a worker thread, then ``purpose`` it: "open" (as the
        game at the table) or "review" (in the review window)."""
        if self.loading is not None:
            return
        self.loading = path
        self._purpose = purpose
        self.controller.hold()
        self.busy.show()
        QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
        self.show_status(f"Reading {path.name}…")

        def work() -> None:
            try:
                self._loaded.emit(path, persistence.load(path), None)
            except ParlourError as e:
                self._loaded.emit(path, None, short_message(str(e)))
            except Exception as e:  # noqa: BLE001 - a file must never crash the table
                self._loaded.emit(path, None, f"it cannot be read ({type(e).__name__})")

        threading.Thread(target=work, name="parlour-open", daemon=True).start()

    def _on_loaded(self, path: Path, loaded: tuple[Session, persistence.TableMeta] | None,
                   error: str | None) -> None:
        self.loading = None
        self.busy.hide()
        QApplication.restoreOverrideCursor()
        self.controller.release()
        if loaded is None:
            self._warn("This file cannot be opened", short_message(f"{path.name}: {error}"))
            self.show_status(f"{path.name} was not opened.")
            return
        session, meta = loaded
        if self._purpose == "review":
            people = [s for s, person in enumerate(meta.people) if person]
            self.open_review(session, None, people=people)
            return

        def opened() -> None:
            self.resume(session, meta)
            self.show_status(f"Opened {path.name}.")
            self.controller.keeper.autosave()

        self._replace_game(opened, f"open {path.name}")

    # ---- review ---------------------------------------------------------------------

    def review_session(self) -> None:
        """Game → Review this game: any deal of the game at the table (or of the saved game
        waiting behind the resume offer), step by step."""
        c = self.controller
        session = c.session if c.session is not None else (self.offer[0] if self.offer
                                                            else None)
        if session is None or not session.logs:
            self.show_status("There is no deal to review yet.")
            return
        people = c.people if c.session is not None else [
            s for s, p in enumerate(self.offer[1].people) if p] if self.offer else [0]
        self.open_review(session, None, people=people)

    def ask_review_file(self) -> None:
        """Game → Review a saved game: a record (``*.parlour.json``), read off the GUI
        thread like Open; the game at the table is not touched."""
        dlg = QFileDialog(self, "Review a saved game", str(self._open_folder()),
                          "Parlour games (*.parlour.json);;All files (*)")
        dlg.setObjectName("reviewDialog")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
        dlg.fileSelected.connect(lambda name: name and self._read(Path(name), "review"))
        self.file_dialog = dlg
        self._modal(dlg)

    def open_review(self, source: Session, deal: int | None, *, people: list[int],
                    parent: QWidget | None = None) -> None:
        """Open the review window on ``source`` (deal ``deal``, or its chooser's default)
        for the people at ``people`` seats; what it may show follows
        :func:`gamecore.review.show_rule` (the Settings' Spoil Five choice included)."""
        from gui.windows.reviewwindow import ReviewWindow

        person = people[0] if people else None
        reveal = self.prefs.reveal_tricks and len(people) <= 1
        window = ReviewWindow(parent or self, source, deal, people=people, person=person,
                              reveal=reveal)
        self.review_window = window
        # The game waits while its deals are reviewed, as behind any window in front of the
        # table: a review of the deal being played would otherwise fall behind it.
        self.controller.hold()
        window.finished.connect(lambda _r: self.controller.release())
        window.show()
        self.show_status(f"{window.windowTitle()}: the game waits until it is closed.")

    def _review_from_summary(self, summary: QWidget) -> None:
        """The deal summary's Review button: the deal just finished, over the summary."""
        c = self.controller
        if c.session is not None:
            self.open_review(c.session, len(c.session.logs), people=c.people,
                             parent=summary)

    def ask_save(self) -> None:
        """Game → Save As: write the session as a deal record."""
        if self.controller.practising:
            self.show_status("A practice deal is not saved; your game is saved as always.")
            return
        dlg = QFileDialog(self, "Save the game", str(Path.home() / "game.parlour.json"),
                          "Parlour games (*.parlour.json)")
        dlg.setObjectName("saveDialog")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dlg.fileSelected.connect(lambda name: name and self.save_file(Path(name)))
        self.file_dialog = dlg
        self._modal(dlg)

    def save_file(self, path: Path) -> bool:
        """Save the session to ``path`` (``.parlour.json`` added when missing); a failure is
        said in one message. Returns whether it was saved."""
        if not path.name.endswith(".parlour.json"):
            path = path.with_name(path.name + ".parlour.json")
        try:
            self.controller.keeper.save_as(path)
        except OSError as e:
            self._warn("The game was not saved", f"{path}: {e.strerror or e}")
            return False
        self.show_status(f"Saved {path.name}.")
        return True

    def undo(self) -> None:
        """Game → Undo: back to your previous decision in this deal."""
        if not self.controller.allow_undo:
            self.show_status("Undo is off for this table (several people play).")
        elif not self.controller.keeper.undo():
            self.show_status("Nothing to undo in this deal.")

    def show_stats(self) -> None:
        """Game → Statistics."""
        path = self.controller.keeper.stats_path
        stats = gstats.load(path) if path is not None else gstats.Stats()

        def reset() -> None:
            stats.reset()
            if path is not None:
                gstats.save(stats, path)

        self.stats_window = StatsWindow(self, stats, reset)
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
        self._modal(box)

    def show_rules(self) -> None:
        """Help → Rules (F1): the rules of the game at the table, with its house rules."""
        from gui.windows.rules import RulesWindow

        session = self.controller.session
        game = session.game.name if session else None
        profile = getattr(session.game, "profile", None) or None if session else None
        self.rules_window = RulesWindow(self, game, profile,
                                        dict(session.options) if session else {})
        self.rules_window.show()

    def _warn(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=self)
        self.message = box
        self._modal(box)

    def _modal(self, dlg: QDialog) -> None:
        """Open ``dlg`` window-modal; the game holds until it closes."""
        self.controller.hold()
        dlg.finished.connect(lambda _r: self.controller.release())
        dlg.open()

    def _begin(self) -> None:
        seats = None
        if self.seats and len(self.seats) == self.players:
            seats = [SeatKind(*x) for x in self.seats]
        setup = Setup(self.game_name, self.options, seats, self.allow_undo) if seats else \
            Setup.you_and_computers(self.game_name, self.player_name, self.players,
                                    self.options, self.allow_undo)
        try:
            self.controller.new_session(setup)
        except Exception as e:  # remembered choices that no longer fit: never fail to start
            self.add_notice(f"The last game could not start ({e}); Newmarket with the "
                            "default house rules begins instead.")
            self.game_name, self.options, self.seats, self.players = DEFAULT_GAME, {}, None, 4
            self.controller.new_session(Setup.you_and_computers(name=self.player_name))
        assert self.controller.session is not None
        self.game_label = registryview.game_label(self.controller.session.game)
        self.setWindowTitle(f"Parlour — {self.game_label}")
        self._maybe_coach()

    def ask_new_game(self) -> None:
        """Show the New Game dialog; a new session starts when it is accepted."""
        dlg = NewGameDialog(self, registryview.game_choices(), self.game_label, self.players,
                            self.player_name, self.options, self.seats)
        self.new_dialog = dlg

        def accepted() -> None:
            chosen, name = dlg.setup(), dlg.name()

            def begin() -> None:
                self.game_name, self.options = chosen.game, dict(chosen.options)
                self.seats = [(k.name, k.person, k.level) for k in chosen.seats]
                self.players, self.player_name = len(chosen.seats), name
                self.allow_undo = chosen.allow_undo
                settings.save_table(self.game_name, self.options, self.seats)
                self._begin()

            self._replace_game(begin, "start a new game")

        dlg.accepted.connect(accepted)
        self._modal(dlg)

    # ---- the window on its screen -------------------------------------------------------

    def place_on_screen(self, size: QSize | None = None) -> None:
        """Open inside the screen, title bar and frame included: at the remembered size and
        place (with ``remember``), or ``size`` (``--size``), or centred at 1280×800 (at 70%
        of a larger screen); shrunk to the screen's available geometry and moved into it
        when the screen is smaller now."""
        saved = settings.load_window() if self.remember and size is None else None
        at = QPoint(saved[0], saved[1]) if saved else None
        screen = (QGuiApplication.screenAt(at) if at is not None else None) or \
            QGuiApplication.primaryScreen()
        want = size or (QSize(saved[2], saved[3]) if saved else None)
        if screen is None:
            self.resize(want or QSize(1280, 800))
            return
        if want is None:  # a first run: 1280×800, or most of a large screen
            avail = screen.availableGeometry()
            want = QSize(max(1280, avail.width() * 7 // 10), max(800, avail.height() * 7 // 10))
        margins = frame_margins(self)
        rect = window_geometry(want, at, screen.availableGeometry(), margins)
        self.resize(rect.size())
        self.move(rect.left() - margins.left(), rect.top() - margins.top())
        if saved and saved[4]:
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt name)
        super().showEvent(event)
        if not event.spontaneous():
            # The window manager frames the window after it is shown: look again then.
            self._settle_until = time.monotonic() + 2.0
            QTimer.singleShot(0, self._keep_on_screen)

    def moveEvent(self, event: QMoveEvent) -> None:  # noqa: N802 (Qt name)
        super().moveEvent(event)
        if time.monotonic() < self._settle_until:
            self._keep_on_screen()

    def _keep_on_screen(self) -> None:
        """Shrink and move the window so that it and its frame lie inside its screen."""
        if self.isVisible() and not (self.isMaximized() or self.isFullScreen()):
            fit_to_screen(self)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        if self.remember:
            g = self.normalGeometry() if self.isMaximized() else self.geometry()
            settings.save_window(g.x(), g.y(), g.width(), g.height(), self.isMaximized())
        self.controller.shutdown()
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        super().closeEvent(event)
