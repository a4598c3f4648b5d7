"""The main window's games and their files: starting at the table (the data folder's lock,
the checks of the autosave and the statistics), the offer to resume a saved game, New Game,
replacing a game at stake (kept among the abandoned games first). Reading and writing the
files themselves (Game → Open, Save As, the saved game read at start-up) is
:mod:`gui.windows.gameio`.

A game with progress (a person's decision, or a finished deal) is never replaced without the
person's confirmation, and a game left is kept in the data folder's ``abandoned`` folder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QMessageBox

from gamecore.match import Session
from gui.model import registryview
from gui.model.choices import DEFAULT_GAME
from gui.model.setup import Setup
from gui.play.seats import SeatKind
from gui.play.states import OVER
from gui.store import persistence, savedgames, settings
from gui.store.tablelock import LockState, TableLock
from gui.windows.gameio import NEW_GAME_AFTER
from gui.windows.keptnotice import KeptNotice
from gui.windows.newgame import NewGameDialog
from gui.windows.openchooser import OpenChooser

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QProgressBar

    from gui.play.controller import Controller
    from gui.table.view import TableView
    from gui.windows.notices import NoticeBar


class GameFilesMixin:
    """Starting, resuming, New Game, Open and Save As, for :class:`MainWindow`.

    It relies on the window's ``controller`` and ``view``, its ``data_dir`` (the data
    folder, or ``None``), the New Game choices (``game_name``, ``game_label``, ``players``,
    ``player_name``, ``options``, ``seats``, ``allow_undo``), the ``busy`` bar, the
    ``_loaded`` signal (a file read on a worker thread) and its ``add_notice``,
    ``show_status``, ``_warn``, ``_modal``, ``open_review`` and ``_maybe_coach``. It owns
    ``lock`` (the data folder's lock, once taken), ``offer`` (the saved game offered for
    resuming and not yet answered), ``loading`` (the file being read) and the dialogs it
    opens (``message``, ``file_dialog``, ``open_chooser``, ``new_dialog``) and the notice of
    the games kept (``kept``, in the window's ``notices``).
    """

    controller: Controller
    view: TableView
    data_dir: Path | None
    lock: TableLock | None
    offer: tuple[Session, persistence.TableMeta] | None
    loading: Path | None
    busy: QProgressBar
    message: QMessageBox | None
    file_dialog: QFileDialog | None
    open_chooser: OpenChooser | None
    new_dialog: NewGameDialog | None
    #: New Game's choices (label, players, name, house rules, seats) while the game they
    #: would start waits on "Leave this game?", and after "Keep playing"; else ``None``.
    new_game_draft: tuple[str, int, str, dict[str, Any], list[tuple[str, bool, str]]] | None = None
    notices: NoticeBar
    kept: KeptNotice
    _loaded: SignalInstance
    _purpose: str
    game_name: str
    game_label: str
    players: int
    player_name: str
    options: dict
    seats: list[tuple[str, bool, str]] | None
    allow_undo: bool | None
    prefs: settings.Prefs
    remember: bool

    # ---- starting, resuming, New Game ---------------------------------------------

    def start(self, resume: bool = False) -> None:
        """Open straight into a game. First the data folder's lock is taken: when another
        copy of Parlour holds it, the person may quit or play on without an autosave and
        without statistics. Then Parlour's own leftover temporary files are removed, and the
        autosave and the statistics are checked (what cannot be read is set aside, and said
        in a notice). An unfinished saved game is offered for resuming (``resume``: resumed
        without asking), a finished one whose final standings were never shown resumed at
        its last summary; else the last game chosen (or Newmarket, you and three computers)
        begins."""
        c = self.controller
        if self.data_dir is not None and c.keeper.autosave_path is not None and self.lock is None:
            lock = TableLock(self.data_dir)
            state = lock.take()
            if state is LockState.ELSEWHERE:
                self._ask_elsewhere(resume)
                return
            if state is LockState.UNUSABLE:
                why = persistence.unwritable_why(self.data_dir)
                self.add_notice(f"Games cannot be saved: {why}. You can play, but nothing is kept.")
                # Reading harms nothing: the saved game is still offered (and kept as it is).
                saved = c.keeper.autosave_path
                c.keeper.autosave_path = c.keeper.stats_path = None
                self._start(resume, read_only=saved)
                return
            else:
                self.lock = lock
                if lock.damaged is not None:
                    self.add_notice(f"A damaged lock file was set aside as {lock.damaged.name}.")
                persistence.remove_leftovers(self.data_dir)
        self._start(resume)

    def _ask_elsewhere(self, resume: bool) -> None:
        """Another copy holds the table: quit, or play on keeping nothing."""
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Parlour is already open",
            "Parlour is already open elsewhere on this computer, with your "
            "saved game and statistics.",
            parent=self,
        )
        box.setInformativeText(
            "Playing here as well keeps no autosave and no statistics, "
            "so that the other window's are not written over."
        )
        quit_button = box.addButton("&Quit", QMessageBox.ButtonRole.AcceptRole)
        quit_button.setObjectName("quit")
        go_on = box.addButton("&Play without saving", QMessageBox.ButtonRole.RejectRole)
        go_on.setObjectName("playWithoutSaving")
        box.setDefaultButton(quit_button)
        box.setEscapeButton(quit_button)
        self.message = box

        def answered() -> None:
            if box.clickedButton() is go_on:
                c = self.controller
                c.keeper.autosave_path = c.keeper.stats_path = None
                self.add_notice(
                    "Parlour is open elsewhere too: this window keeps no "
                    "autosave and no statistics."
                )
                self._start(resume)
            else:
                self.close()

        box.finished.connect(lambda _r: answered())
        self._modal(box)

    def _start(self, resume: bool, read_only: Path | None = None) -> None:
        """Check the autosave and the statistics, then begin or offer the saved game. A
        saved game is read and replayed on a worker thread as Game → Open reads a file
        (:meth:`_read`): the window responds meanwhile, with a busy indication, and
        :meth:`_started` goes on when the result arrives; with none it goes on at once.
        ``read_only``: the autosave of a data folder that cannot be written, read without
        setting anything aside (:func:`~gui.store.persistence.check_read_only`)."""
        path = read_only or self.controller.keeper.autosave_path
        read = persistence.check_autosave if read_only is None else persistence.check_read_only
        if path is not None and (path.exists() or path.is_symlink()):
            self._read(path, "resume" if resume else "offer", read)
        else:
            self._started(persistence.Checked(), resume)

    def _started(self, checked: persistence.Checked, resume: bool) -> None:
        """Go on with the autosave as ``checked`` found it: say its notices, check the
        statistics, then resume the saved game (``resume``), offer it, or begin."""
        c = self.controller
        for text in checked.notices:
            self.add_notice(text)
        if not checked.writable:
            c.keeper.autosave_path = None
        if c.keeper.stats_path is not None:
            notices, writable = persistence.check_stats(c.keeper.stats_path)
            for text in notices:
                self.add_notice(text)
            if not writable:
                c.keeper.stats_path = None
        if checked.saved is None:
            self._begin()
        elif resume or checked.saved[0].complete:
            # a finished game whose final standings were never shown (a crash at its last
            # summary): nothing to decide, its last summary and the standings come back
            self.resume(*checked.saved)
        else:
            self.offer_resume(*checked.saved)

    def offer_resume(self, session: Session, meta: persistence.TableMeta) -> None:
        """Ask whether to resume the saved ``session``. Resume continues it; New game…
        opens the New Game dialog, and the game started there sets the saved one aside
        among the abandoned games (it began the last game chosen at once, Newmarket for a
        player who had played Michigan from the command line); Escape, closing the question
        or cancelling the dialog means "not now": nothing begins and nothing is written, and
        the table shows the offer until the person answers."""
        self.offer = (session, meta)
        label = registryview.game_label(session.game)
        where = f"deal {len(session.logs)} of {session.total_deals}"
        self.setWindowTitle(f"Parlour — {label} (saved game, {where})")
        self.controller.preview(session)
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Resume?",
            f"Resume your game of {label} ({where})?",
            parent=self,
        )
        kept = "Game → Open finds it among the abandoned games. Not now leaves it waiting"
        if self.game_name != session.game.name:  # another game asked for (--game spin)
            asked = registryview.choice_label(self.game_name, self.options)
            box.setInformativeText(
                f"New game… opens New Game set to {asked}, and keeps this one: {kept} on the table."
            )
        else:
            box.setInformativeText(f"A new game keeps this one: {kept} on the table.")
        resume = box.addButton("&Resume", QMessageBox.ButtonRole.AcceptRole)
        resume.setObjectName("resume")
        fresh = box.addButton("&New game…", QMessageBox.ButtonRole.ActionRole)
        fresh.setObjectName("newGame")
        later = box.addButton("N&ot now", QMessageBox.ButtonRole.RejectRole)
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
        self.view.prompt.ask(
            f"Your game of {label} (deal {len(session.logs)} of {session.total_deals}) is waiting.",
            [("resume", "Resume"), ("newgame", "New game…")],
        )
        self.show_status("Resume your saved game, or start a new one (Game → New Game).")

    def _offer_answered(self, key: str) -> None:
        """A button of the offer (the question or the table's panel), or of the finished
        table once its standings are closed (:func:`gui.model.prompts.game_over_words`)."""
        if self.offer is None and self.controller.state == OVER:
            # the buttons stay until a new game begins (the New Game dialog may be cancelled)
            if key == "again":
                self.controller.deal_end.play_again()
            elif key == "newgame":
                self.ask_new_game()
            elif key == "standings" and self.controller.dialog is None:
                self.controller.deal_end.show_standings()
            return
        if self.offer is None or key not in ("resume", "newgame"):
            return
        if key == "resume":
            session, meta = self.offer
            self.offer = None
            self.resume(session, meta)
        else:  # the game chosen in New Game, the saved one kept without asking again
            self.ask_new_game(confirm=False)

    def resume(self, session: Session, meta: persistence.TableMeta) -> None:
        """Continue a saved ``session`` with its seats. New Game then starts from this table
        (its game, house rules and seats): the house rules of the game played before
        carried over, and a Spoil Five game opened over Newmarket offered 100 counters at the
        start, Newmarket's, for a new Spoil Five game."""
        self.offer = None
        self.new_game_draft = None  # New Game starts from this table now
        self.game_name, self.options = session.game.name, dict(session.options)
        levels = meta.levels or ["normal"] * session.n
        self.players = session.n
        self.seats = [
            (name, person, level)
            for name, person, level in zip(session.players, meta.people, levels, strict=False)
        ]
        self.controller.resume(session, meta.people, meta.allow_undo, meta.levels)
        self.game_label = registryview.game_label(session.game)
        self.retitle()
        self._maybe_coach()

    def retitle(self) -> None:
        """The window's title: the game and the deal at the table ("Parlour — Michigan:
        deal 2 of 4"); the deal was only a log line that scrolled away at once. A saved
        game offered for resuming keeps its own title until answered."""
        session = self.controller.session
        if self.offer is not None or session is None:
            return
        if self.controller.practice.active:
            deal = ": practice deal"  # a deal played again from another seat
        elif session.logs:
            deal = f": deal {len(session.logs)} of {session.total_deals}"
        else:
            deal = ""
        self.setWindowTitle(f"Parlour — {self.game_label}{deal}")

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

    def _replace_game(self, then: Callable[[], None], what: str, confirm: bool = True) -> None:
        """Run ``then`` (which replaces the current game) once the game at stake, if any, is
        kept among the abandoned games; with ``confirm`` the person is asked first. From a
        practice deal, the game itself is at stake: the table goes back to it first (a new
        game begun from one stayed a practice deal, or failed to start)."""
        if self.controller.practice.active:
            self.controller.practice.back()
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
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Leave this game?",
            f"Leave your game of {label} (deal {len(session.logs)} of "
            f"{session.total_deals}) to {what}?",
            parent=self,
        )
        box.setInformativeText(
            "It is kept: Game → Open finds it among the abandoned games (the newest "
            f"{persistence.KEEP_ABANDONED} are kept)."
            if self.data_dir is not None
            else "Games are not being saved, so it cannot be kept."
        )
        leave = box.addButton("&Leave it", QMessageBox.ButtonRole.AcceptRole)
        leave.setObjectName("leave")
        stay = box.addButton("&Keep playing", QMessageBox.ButtonRole.RejectRole)
        stay.setObjectName("keepPlaying")
        box.setDefaultButton(stay)
        box.setEscapeButton(stay)
        self.message = box
        box.finished.connect(
            lambda _r: box.clickedButton() is leave and self._keep_and(stake, then)
        )
        self._modal(box)

    def _keep_and(
        self, stake: tuple[Session, persistence.TableMeta], then: Callable[[], None]
    ) -> None:
        if self.data_dir is not None:
            before = savedgames.abandoned_games(self.data_dir)
            try:
                kept = savedgames.abandon(stake[0], stake[1], self.data_dir)
            except OSError as e:
                self._warn(
                    "The game was not left",
                    f"It could not be kept ({e.strerror or e}), so it goes on.",
                )
                return
            if kept not in before:  # else kept already, as it is, and said so then
                self.kept.say(kept, stake[0])
        self.offer = None
        try:
            then()
        finally:
            self.kept.settled()

    def _begin(self) -> None:
        seats = None
        if self.seats and len(self.seats) == self.players:
            seats = [SeatKind(*x) for x in self.seats]
        setup = (
            Setup(self.game_name, self.options, seats, self.allow_undo)
            if seats
            else Setup.you_and_computers(
                self.game_name, self.player_name, self.players, self.options, self.allow_undo
            )
        )
        self.forget_file_note()  # a damaged file's game is no longer at the table
        try:
            self.controller.new_session(setup)
        except Exception as e:  # remembered choices that no longer fit: never fail to start
            self.add_notice(
                f"The last game could not start ({e}); Newmarket with the "
                "default house rules begins instead."
            )
            self.game_name, self.options, self.seats, self.players = DEFAULT_GAME, {}, None, 4
            self.controller.new_session(Setup.you_and_computers(name=self.player_name))
        assert self.controller.session is not None
        self.game_label = registryview.game_label(self.controller.session.game)
        self.retitle()
        self._maybe_coach()

    def _first_seat_name(self) -> str:
        """Seat 1's name for the New Game dialog: your name, or with several people at the
        screen the name seat 1 had at the table remembered ("Al"; after a restart it read
        "Player 1", your name being "You")."""
        seats = self.seats or []
        if seats and seats[0][1] and sum(1 for s in seats if s[1]) > 1:
            return seats[0][0]
        return self.player_name

    def ask_new_game(self, *, confirm: bool = True) -> None:
        """Show the New Game dialog; a new session starts when it is accepted (with
        ``confirm``, after asking to leave a game at stake). Cancelled over a saved game's
        offer, the offer waits on the table. Not while a saved game is being read (what it
        holds is at stake until it arrives): the status line says to choose it once the
        game is open."""
        if self.loading is not None:
            self.show_status(NEW_GAME_AFTER)
            return
        # The choices of a New Game the person then chose not to start ("Keep playing"),
        # else the table's own: they had to be made again from the start.
        draft = self.new_game_draft or (
            # the table's game, or before any (a saved game offered) the one to start: the
            # command line's (--game commit offered Newmarket, the label's default)
            registryview.choice_label(self.game_name, self.options),
            self.players,
            self._first_seat_name(),
            self.options,
            self.seats,
        )
        dlg = NewGameDialog(self, registryview.game_choices(), *draft)
        self.new_dialog = dlg

        def accepted() -> None:
            chosen, name = dlg.setup(), dlg.name()
            seats = [(k.name, k.person, k.level) for k in chosen.seats]
            label = registryview.choice_label(chosen.game, chosen.options)
            self.new_game_draft = (label, len(seats), name, dict(chosen.options), seats)

            def begin() -> None:
                self.new_game_draft = None
                self.game_name, self.options = chosen.game, dict(chosen.options)
                self.seats = [(k.name, k.person, k.level) for k in chosen.seats]
                self.players, self.player_name = len(chosen.seats), name
                self.allow_undo = chosen.allow_undo
                if [k.person for k in chosen.seats].count(True) == 1 and chosen.seats[0].person:
                    self._remember_name(name)
                settings.save_table(self.game_name, self.options, self.seats)
                self._begin()

            self._replace_game(begin, "start a new game", confirm=confirm)

        dlg.accepted.connect(accepted)
        dlg.rejected.connect(self._show_offer)  # nothing if no saved game is offered
        self._modal(dlg)

    def _remember_name(self, name: str) -> None:
        """Keep ``name``, the one person's name given in New Game, as Settings' "Your name"
        (the name of the next start, and of the next New Game after a Settings change). Not
        among several people: seat 1 there is whoever sits first at the hot seat (Bob, named
        for one game, became Your name in the next game against the computers)."""
        if name == self.prefs.name:
            return
        self.prefs = replace(self.prefs, name=name)
        if self.remember:
            settings.save_prefs(self.prefs)

    # ---- Game → Open and Save As ------------------------------------------------
