"""The controller: links the table view and the engine. It owns the session and the seats,
turns the person's input into actions, feeds the engine's events to the view in order,
paces computer plays, and opens the staking and summary dialogs. It decides no rule: every
legality question goes to the engine.

One pacing parameter, ``pace`` (ms), drives every pause and movement; 0 in tests.

The game never moves on behind a window: while the main window holds the table
(:meth:`Controller.hold`, for New Game, Open, Save As, Settings, a message…), no computer
play is applied and no staking or deal-over window opens; a computer's finished decision
waits until :meth:`Controller.release`.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QDialog, QWidget

from gamecore import stats as gstats
from gamecore.actions import (
    Action,
    Claim,
    Decline,
    Jink,
    NameStake,
    Play,
    Rob,
    Split,
)
from gamecore.agents.base import Agent
from gamecore.agents.levels import HardAgent, agent_for_level
from gamecore.cards import card_label
from gamecore.decisions import PlayChoice, SplitChoice, StakeChoice
from gamecore.errors import IllegalAction
from gamecore.events import Event, Paid, PaidToPool, Played, PoolTaken
from gamecore.games import make_game
from gamecore.match import Session, first_dealer
from gamecore.practice import deal_again
from gamecore.search.ismcts import SearchCancelled, cancel_search, default_pool
from gui.model import advice, dealsummary, prompts, registryview, tablesnap, tablewords
from gui.model.choices import DEFAULT_GAME
from gui.play.seats import SeatKind, Thinker
from gui.store import persistence
from gui.store.autosave import Autosaver
from gui.table.privacy import PrivacyScreen
from gui.table.view import TableView


class Questions(Protocol):
    """The dialogs the loop opens, given by the main window (it passes
    :mod:`gui.windows.dialogs`; the play room does not import the windows room)."""

    DealSummaryDialog: Callable[..., Any]
    StandingsDialog: Callable[..., Any]
    SpinChoiceDialog: Callable[..., Any]


COMPUTER_NAMES = ("Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")

#: Controller states, for the status line and for tests waiting on the table.
IDLE, HUMAN, COMPUTER, STAKING, SUMMARY, OVER = (
    "idle", "human", "computer", "staking", "summary", "over")


class Controller(QObject):
    """Runs a session of one game at ``view``.

    Args: ``view`` (the table), ``parent_widget`` (for dialogs), ``status`` (a callable that
    shows one line in the status bar), ``pace`` (ms per card movement; pauses derive from
    it; 0 = immediate), ``seed`` (for the shuffles and the computers, or ``None``),
    ``questions`` (the dialogs it opens, :class:`Questions`).
    """

    state_changed = Signal(str)
    #: The current deal's fingerprint as the table shows it ("3f9c 0a6e 1b2d 4c5e"), or "".
    fingerprint_shown = Signal(str)
    #: The deal summary's Review button (the summary dialog, to open the review over it).
    review_requested = Signal(object)
    #: The coach's sentences for the person's decision (empty: nothing to say, hide).
    coach_said = Signal(list)
    #: A deal with the coach ended: the game's label (so it is not coached again).
    coached = Signal(str)
    #: The autosave's writer thread reports each write (an OSError, or None): queued here.
    _save_result = Signal(object)
    #: Statistics counted on the writer thread: (notices, usable, path), queued here.
    _stats_done = Signal(list, bool, object)

    def __init__(self, view: TableView, parent_widget: QWidget | None,
                 status: Callable[[str], None], pace: int = 350, seed: int | None = None,
                 notice: Callable[[str], None] | None = None, *,
                 questions: Questions) -> None:
        super().__init__()
        self.view = view
        self.parent_widget = parent_widget
        self.questions = questions
        self.status = status
        #: Says what must not be missed (a notice that stays until dismissed).
        self.notice: Callable[[str], None] = notice or status
        self.pace = pace
        self.rng = random.Random(seed)
        self.thinker = Thinker()
        self.thinker.decided.connect(self._computer_decided)
        self.view.card_chosen.connect(self.person_chose_card)
        self.view.stake_panel.decided.connect(self._staked)
        self.view.prompt_chosen.connect(self.person_answered)
        self.session: Session | None = None
        self.seats: list[SeatKind] = []
        self.agents: dict[int, Agent] = {}
        self.human = 0
        self.state = IDLE
        self.token = 0
        self.dialog: QDialog | None = None
        self.log: list[str] = []
        self.last_play: tuple[int, int] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._step)
        self.view.duration = pace
        self.privacy = PrivacyScreen(view)
        self.privacy.ready.connect(self._privacy_done)
        self.privacy_up = False
        self.viewer_ready = True  # the person at the bottom has taken the screen
        self.pending_person: int | None = None
        self.seen: dict[int, int] = {}  # person seat → log length at their last turn
        self._autosaver: Autosaver | None = None
        self._save_result.connect(self._saved)
        self._stats_done.connect(self._counted)
        self.auto_play: bool | None = None  # the player's setting; None: the table option
        self.hint_pending = False
        self.stats_path: Path | None = None
        self.allow_undo = True
        self._holds = 0  # windows up in front of the table (see hold)
        self._held: tuple[object, int] | None = None  # a computer's decision, waiting
        self._step_wanted = False
        self._save_failing = False  # a notice was given; say it again after a success
        #: Spoil Five: a finished deal's unplayed cards are shown (Settings; one person).
        self.reveal = True
        #: The session at the table while a practice deal is played ("deal again").
        self._real: tuple[Session, list[SeatKind], bool] | None = None
        #: The coach speaks at the person's decisions in this deal.
        self.coaching = False

    # ---- sessions ----------------------------------------------------------------

    def new_session(self, game_name: str = DEFAULT_GAME, players: int = 4,
                    name: str = "You", options: dict | None = None,
                    seats: list[SeatKind] | None = None, allow_undo: bool | None = None
                    ) -> None:
        """Start a session of ``game_name`` with ``options`` (record keys; a profile key such
        as ``pj.profile``). ``seats`` says who sits where (people at this screen and computer
        players, in seat order); without it, you (``name``) in seat 0 and ``players - 1``
        computer players. The first dealer follows ``gen.firstDealer`` (GEN-2). Undo is on
        by default with one person, off with several (``allow_undo`` decides)."""
        self._cancel_thinking()
        self._timer.stop()
        self._close_dialog()
        self.view.prompt.hide()
        self.view.stake_panel.hide()
        self.privacy.hide()
        self.privacy_up, self.pending_person = False, None
        game = make_game(game_name, options or {})
        if seats is None:
            seats = [SeatKind(name or "You", True)] + [
                SeatKind(COMPUTER_NAMES[i], False) for i in range(players - 1)]
        self.seats = list(seats)
        players = len(self.seats)
        names = [s.name for s in self.seats]
        first = first_dealer(game, players, self.rng)
        why = prompts.first_dealer_words(game.options["gen.firstDealer"])
        if allow_undo is None:
            allow_undo = sum(k.person for k in self.seats) <= 1
        self.allow_undo = allow_undo
        self._take_seats(Session(game, names, first_dealer=first))
        self.log = [prompts.first_dealer_line(self.words[first], why)]
        self._start_deal()

    def _take_seats(self, session: Session) -> None:
        """Sit ``session``'s players as :attr:`seats` says: agents for the computers."""
        self.session = session
        self.agents = {s: agent_for_level(session.game, self.seats[s].level)
                       for s in range(session.n) if not self.seats[s].person}
        if any(isinstance(a, HardAgent) for a in self.agents.values()):
            # Start Hard's worker processes now, off the GUI thread, not at its first turn.
            threading.Thread(target=default_pool().start, daemon=True).start()
        people = self.people
        self.human = people[0] if people else 0
        self.viewer_ready = len(people) <= 1  # with several people, hand over first
        self.seen = dict.fromkeys(people, 0)

    def resume(self, session: Session, people: list[bool], allow_undo: bool = True,
               levels: list[str] | None = None) -> None:
        """Continue ``session`` (replayed from a record) at its pending decision; ``people``
        says which seats are people at this screen, ``levels`` the computers' levels."""
        self._cancel_thinking()
        self._timer.stop()
        self._close_dialog()
        self.view.prompt.hide()
        self.view.stake_panel.hide()
        self.privacy.hide()
        self.privacy_up, self.pending_person = False, None
        names = session.players
        levels = levels if levels and len(levels) == session.n else ["normal"] * session.n
        self.seats = [SeatKind(names[s], people[s], levels[s]) for s in range(session.n)]
        self.allow_undo = allow_undo
        self._take_seats(session)
        self.last_play = None
        self.log = [f"Resumed: deal {len(session.logs)} of {session.total_deals}."]
        self._show_fingerprint()
        self._refresh()
        self._schedule(0)

    # ---- windows in front of the table ------------------------------------------------

    def hold(self) -> None:
        """A window is up in front of the table (New Game, Open, a file dialog, a
        message…): the game does not move on until every :meth:`hold` is released. Native
        file dialogs are invisible to Qt's modal-widget query, so the caller says so."""
        self._holds += 1

    def release(self) -> None:
        """One window in front of the table has closed; when none is left, a computer's
        decision that arrived meanwhile is applied and the game goes on."""
        if self._holds == 0:
            return
        self._holds -= 1
        if self._holds:
            return
        held, self._held = self._held, None
        if held is not None:
            self._computer_decided(*held)
        elif self._step_wanted:
            self._step_wanted = False
            self._schedule(0)

    @property
    def held(self) -> bool:
        """Whether a window in front of the table holds the game."""
        return self._holds > 0

    def preview(self, session: Session) -> None:
        """Draw ``session`` (a saved game offered for resuming) with every hand face down,
        without playing it: the table has no session until one is resumed or begun."""
        self._cancel_thinking()
        self._timer.stop()
        self._close_dialog()
        self.privacy.hide()
        self.session = None
        self._set_state(IDLE)
        snap = tablesnap.hide_hands(tablesnap.table_snapshot(session, 0))
        # Nobody is to act at a table that is not being played.
        snap = replace(snap, seats=tuple(replace(v, acting=False) for v in snap.seats))
        self.view.show(snap)
        self.view.show_log([f"Saved game: deal {len(session.logs)} of {session.total_deals}."])

    # ---- statistics ---------------------------------------------------------------

    def session_id(self) -> str:
        """An id of the session: its first deal's dealer and cards."""
        assert self.session is not None
        first = self.session.logs[0]
        return gstats.session_id(self.session.game.name, first.dealer, first.hands)

    def _count_deal(self) -> None:
        """Add the deal just finished to each person's statistics, once (a resumed session
        finishes its last deal again; see :func:`gamecore.stats.deal_result`). The file is
        written after the autosave's own writes, on the same writer thread, so statistics
        never count a deal the autosave lacks."""
        session = self.session
        if self.stats_path is None or session is None or self.practising:
            return
        result = gstats.deal_result(session, self.people, registryview.game_label(session.game))
        path = self.stats_path

        def work() -> None:
            notices, usable = persistence.count_deal(path, result)
            self._stats_done.emit(notices, usable, path)

        if self._autosaver is not None:
            self._autosaver.after(work)
        else:
            work()

    def _counted(self, notices: list[str], usable: bool, path: Path) -> None:
        for text in notices:
            self.notice(text)
        if not usable and self.stats_path == path:
            self.stats_path = None

    # ---- saving and undo --------------------------------------------------------

    @property
    def autosave_path(self) -> Path | None:
        """Where the session is autosaved after every action (``None``: nowhere)."""
        return None if self._autosaver is None else self._autosaver.path

    @autosave_path.setter
    def autosave_path(self, path: Path | None) -> None:
        if self._autosaver is not None:
            if path == self._autosaver.path:
                return
            self._autosaver.close()
        self._autosaver = None if path is None else Autosaver(path, self._save_result.emit)

    def autosave(self) -> None:
        """Queue the session's autosave (after every action): the writer thread appends
        the new actions to the journal, or rewrites the record at a deal boundary. A
        practice deal is never saved (the session at the table stays as it was)."""
        if self._autosaver is not None and self.session is not None and not self.practising:
            self._autosaver.save(self.session, self.table_meta())

    def flush_autosave(self) -> bool:
        """Wait until the autosave is on disk (tests, quitting); False on timeout."""
        return self._autosaver is None or self._autosaver.flush()

    def _saved(self, error: OSError | None) -> None:
        """A write of the autosave ended (GUI thread): say once that saving fails."""
        if error is None:
            self._save_failing = False
            return
        if not self._save_failing and self._autosaver is not None:
            self._save_failing = True
            self.notice(f"Games cannot be saved: {error.strerror or error} "
                        f"({self._autosaver.path.parent}). You can play on; what was "
                        "saved before is kept.")

    def table_meta(self) -> persistence.TableMeta:
        """Who sits where at this table, as the side file of a record keeps it."""
        return persistence.TableMeta([k.person for k in self.seats], self.allow_undo,
                                     [k.level for k in self.seats])

    def save_as(self, path: Path) -> None:
        """Save the session to ``path`` (a deal record). Raises ``OSError``."""
        if self.session is not None:
            persistence.save(self.session, path, self.table_meta())

    def undo_target(self) -> int | None:
        """How many actions of the current deal to keep to take back the person's last
        card decision (see :meth:`Session.undo_point`), or ``None``."""
        return None if self.session is None else self.session.undo_point(self.people)

    def undo(self) -> bool:
        """Take back to the person's previous decision in this deal: the deal is rewound
        (the same cards: nothing is re-dealt), not the whole session replayed."""
        if not self.allow_undo or self.session is None:
            return False
        target = self.undo_target()
        if target is None:
            return False
        session, human = self.session, self.human
        session.rewind(target)
        self.resume(session, [k.person for k in self.seats], self.allow_undo,
                    [k.level for k in self.seats])
        self.human, self.viewer_ready = human, True
        self.log.append("Undone: back to your last decision.")
        self._refresh()
        self.autosave()
        return True

    @property
    def words(self) -> list[str]:
        """Each seat's word in the table's sentences ("You" for the one person at the
        screen; names when several people share it)."""
        names = self.session.players if self.session is not None else [k.name for k in
                                                                         self.seats]
        return tablewords.spoken(list(names), self.people)

    @property
    def people(self) -> list[int]:
        """Seats of the people at this screen."""
        return [s for s, k in enumerate(self.seats) if k.person]

    def _start_deal(self) -> None:
        session = self.session
        assert session is not None
        self._set_state(IDLE)
        # The shuffled cards' fingerprint is shown before the deal's first decision (format
        # version 2); after the deal the summary shows the salt and the cards.
        session.start_deal_seeded(self.rng.randrange(1 << 62), fingerprinted=True)
        self.last_play = None
        self._say(tablewords.deal_line(session, self.words))
        self._show_fingerprint()
        self._refresh()
        self.autosave()
        self._schedule(0)

    def _show_fingerprint(self) -> None:
        fp = self.session.fingerprint if self.session is not None else None
        if fp is None and self.practising:
            self.fingerprint_shown.emit("Practice deal: cards already shown")
            return
        self.fingerprint_shown.emit(fp.shown() if fp is not None else "")

    @property
    def practising(self) -> bool:
        """Whether a practice deal ("deal again from another seat") is being played."""
        return self._real is not None

    @property
    def reveal_tricks(self) -> bool:
        """Whether a finished trick deal's unplayed cards may be shown: the Settings choice,
        and never with several people at one screen (GEN-9)."""
        return self.reveal and len(self.people) <= 1

    def deal_again(self, seat: int) -> bool:
        """Play the deal just finished again, with the same cards, with the person in
        ``seat``: a practice deal outside the session, in no statistics, not saved
        (:func:`gamecore.practice.deal_again`). Returns whether it began."""
        session = self.session
        if session is None or session.deal is None or not session.deal.over or \
                self.practising or len(self.people) != 1:
            return False
        try:
            practice = deal_again(session, len(session.logs), self.human, seat,
                                  people=len(self.people), reveal=self.reveal_tricks)
        except ValueError as e:
            self.status(f"Not offered: {e}.")
            return False
        levels = {k.name: k.level for k in self.seats}
        me = self.seats[self.human].name
        seats = [SeatKind(name, name == me, levels.get(name, "normal"))
                 for name in practice.players]
        self._close_dialog()
        self._cancel_thinking()
        self._real = (session, list(self.seats), self.allow_undo)
        self.seats = seats
        self._take_seats(practice)
        self._set_state(IDLE)
        self.last_play = None
        self.log = [dealsummary.practice_line(practice.players[seat], self.words[seat])]
        self.status(self.log[-1])
        self._show_fingerprint()
        self._refresh()
        self._schedule(0)
        return True

    def _back_from_practice(self) -> None:
        """The practice deal is over: back to the session at the table, where it was."""
        assert self._real is not None
        session, seats, allow_undo = self._real
        self._real = None
        self.seats = seats
        self.resume(session, [k.person for k in seats], allow_undo, [k.level for k in seats])
        # One line, not "Resumed: …" too: the game was never left.
        self.log = [f"Back to your game: deal {len(session.logs)} of {session.total_deals}."]
        self.view.show_log(self.log)

    # ---- the loop ----------------------------------------------------------------

    def _schedule(self, delay: int) -> None:
        self._timer.start(max(0, delay))

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    def _step(self) -> None:
        """Look at the pending decision and hand it to the right seat."""
        session = self.session
        if session is None or session.deal is None:
            return
        if self._holds:
            self._step_wanted = True  # a window is in front of the table: later
            return
        deal = session.deal
        if deal.over:
            self._show_summary()
            return
        d = deal.decision()
        assert d is not None
        if self.privacy_up:
            return  # waiting for the next person to be ready
        if self.seats[d.seat].person and (d.seat != self.human or not self.viewer_ready):
            self._hand_over(d.seat)
            return
        if not self.seats[d.seat].person:
            self._set_state(COMPUTER)
            self._refresh(thinking=True)
            if self.coaching:  # the advice for the person's last decision is stale now
                self.coach_said.emit([advice.COACH_WAITS])
            obs = deal.observation(d.seat)
            self.thinker.think(self.agents[d.seat], session.game, obs,
                               random.Random(self.rng.random()), self.token)
            return
        if isinstance(d, StakeChoice | SplitChoice):
            # On the table, beside where the hand will be: the pools stay in view and the
            # menus usable; the cards are dealt face up only after every stake (GEN-9).
            self._set_state(STAKING)
            self._refresh()
            panel = self.view.stake_panel
            who = prompts.addressee(session.players[d.seat], len(self.people) <= 1)
            if isinstance(d, StakeChoice):
                panel.ask_stake(prompts.stake_prompt(who, d.low, d.high), d.low, d.high,
                                d.default)
            else:
                panel.ask_split(prompts.split_prompt(who, d.total), d.total,
                                registryview.pool_labels(session.game), d.default)
            self.view.place_stake_panel()
            self.status(panel.text.text())
            self._coach(d.seat)
            return
        assert isinstance(d, PlayChoice)
        self._set_state(HUMAN)
        self._refresh()
        self._coach(d.seat)
        if self._ask_trick_question(d):
            return
        auto = self.auto_play if self.auto_play is not None else session.options.get(
            "stop.autoPlayForced", session.options.get("sf.autoPlayForced", False))
        if d.forced and auto:
            # A forced move plays itself after a short pause (STOP-14).
            self.status(prompts.lead_hint(session, d.seat))
            QTimer.singleShot(self.pace, lambda tok=self.token, a=d.actions[0]:
                              self._auto_play(tok, a))
            return
        self.status(prompts.lead_hint(session, d.seat))

    def _hand_over(self, seat: int) -> None:
        """Another person is to act: cover the table until they are ready (hot seat)."""
        session = self.session
        assert session is not None
        if self.human in self.seen:
            self.seen[self.human] = len(self.log)
        self.privacy_up, self.pending_person = True, seat
        self._set_state(IDLE)
        self._refresh()  # no hand is face up while the screen is up
        if self.coaching:
            self.coach_said.emit([])  # the coach's words name the last person's cards
        self.privacy.ask(session.players[seat], self.log[self.seen.get(seat, 0):])

    def _privacy_done(self) -> None:
        if self.pending_person is None:
            return
        self.human, self.pending_person, self.privacy_up = self.pending_person, None, False
        self.viewer_ready = True
        self._refresh()
        self._schedule(0)

    def _ask_trick_question(self, d: PlayChoice) -> bool:
        """Spoil Five's decisions besides a card: robbing (SF-21, SF-22) and claim or jink
        (SF-31), asked in a panel above the hand. True when one was asked."""
        session = self.session
        assert session is not None and session.deal is not None
        kinds = {type(a) for a in d.actions}
        if Rob in kinds or Decline in kinds:
            question, line = prompts.rob_question(session.deal.turnup)
            self.view.prompt.ask(question, [("decline", "Decline")])
            self.status(line)
            return True
        if Claim in kinds:
            question, buttons, line = prompts.claim_question(session.pools[0])
            self.view.prompt.ask(question, buttons)
            self.status(line)
            return True
        self.view.prompt.hide()
        return False

    def _staked(self, value: object) -> None:
        """The staking panel decided: a stake (int) or a split (tuple of ints)."""
        session = self.session
        d = None if session is None else session.decision()
        if self.state != STAKING or d is None or not self.seats[d.seat].person:
            return
        if isinstance(d, StakeChoice) and isinstance(value, int):
            self._apply(NameStake(d.seat, value))
        elif isinstance(d, SplitChoice) and isinstance(value, tuple):
            self._apply(Split(d.seat, value))

    def person_answered(self, key: str) -> None:
        """A prompt button: decline to rob, claim or jink."""
        session = self.session
        if session is None or session.deal is None or self.state != HUMAN:
            return
        kind = {"decline": Decline, "claim": Claim, "jink": Jink}.get(key)
        if kind is None:
            return  # another panel's button (the resume offer)
        action = kind(self.human)
        if action in session.deal.legal_actions():
            self.view.prompt.hide()
            self._apply(action)

    def _auto_play(self, token: int, action: Action) -> None:
        if self._holds and token == self.token:
            self._step_wanted = True  # offered again by _step once the window is gone
            return
        deal = self.session.deal if self.session else None
        if token == self.token and deal is not None and action in deal.legal_actions():
            self._apply(action)

    def person_chose_card(self, card: int) -> None:
        """The person dropped or clicked ``card``: play it if legal, else refuse with the
        engine's reason (the card slides home)."""
        session = self.session
        deal = None if session is None else session.deal
        if (deal is None or self.state != HUMAN or self.view.busy or self.dialog is not None
                or deal.to_act != self.human):
            self.view.refuse(card)
            if deal is not None and deal.to_act is not None and deal.to_act != self.human:
                self.status(f"Wait: {session.players[deal.to_act]} is to play.")
            return
        action = Play(self.human, card)
        legal = session.deal.legal_actions()
        if Rob(self.human, card) in legal:
            self.view.prompt.hide()
            self._apply(Rob(self.human, card))  # the card chosen is the discard
            return
        spin = Play(self.human, card, spin=True)
        if spin in legal and action in legal:
            self._offer_spin(card)
            return
        if spin in legal:
            action = spin  # the special card must go with it (only a Spin or Spinado is legal)
        why = session.deal.explain_illegal(action)
        if why is not None:
            self.view.refuse(card)
            self.status(tablewords.plain_words(f"Not allowed: {why}."))
            return
        self._apply(action)

    def _offer_spin(self, card: int) -> None:
        """Both plain and with the special card are legal: ask, so that card never goes by
        accident."""
        session = self.session
        assert session is not None
        spin, effect = prompts.spin_question(session.game)
        dlg = self.questions.SpinChoiceDialog(self.parent_widget, spin.call, spin.card,
                                              card_label(card), effect)
        self.view.refuse(card)  # back home while the question is open

        def chosen() -> None:
            self._apply(Play(self.human, card, spin=dlg.spin))

        dlg.accepted.connect(chosen)
        self._open(dlg)

    def _cancel_thinking(self) -> None:
        """Drop any computer decision in progress (new game, resume, undo, quit)."""
        self.token += 1
        cancel_search()

    def hint(self) -> None:
        """Game → Hint: what the Hard player would play for you, and why (searched off the
        GUI thread; shown in the status line, the card gets the keyboard focus)."""
        session = self.session
        if session is None or session.deal is None or self.state != HUMAN:
            self.status("A hint is given when it is your turn.")
            return
        d = session.deal.decision()
        if not isinstance(d, PlayChoice) or d.seat != self.human:
            return
        game, obs = session.game, session.deal.observation(self.human)
        rng = random.Random(self.rng.random())
        agent = HardAgent(game)
        token = self.token
        self.status("Thinking about a hint…")
        self.hint_pending = True
        self.thinker.run(lambda: ("hint", *agent.hint(game, obs, rng)), token)

    def _coach(self, seat: int) -> None:
        """The coach's sentences for ``seat``'s decision, then (off the GUI thread) what the
        Hard player would choose there."""
        session = self.session
        if (not self.coaching or session is None or session.deal is None
                or self.privacy_up or seat != self.human):
            return  # the coach speaks only to the person whose hand is shown
        lines = advice.coach_lines(session, seat)
        self.coach_said.emit(lines)
        d = session.deal.decision()
        if not isinstance(d, PlayChoice) or len(d.actions) < 2:
            return
        game, obs = session.game, session.deal.observation(seat)
        rng = random.Random(self.rng.random())
        agent = HardAgent(game)
        key = (len(session.logs), len(session.logs[-1].actions))
        self.thinker.run(lambda: ("coach", key, lines, *agent.hint(game, obs, rng)),
                         self.token)

    def _coach_hint(self, key: tuple[int, int], lines: list[str], action: Action,
                    reason: str) -> None:
        session = self.session
        if not self.coaching or session is None or self.privacy_up or key != (
                len(session.logs), len(session.logs[-1].actions)):
            return  # the decision was made meanwhile
        would = advice.action_words(action, session.game)
        self.coach_said.emit([*lines, f"The Hard player would {would}: {reason}."])

    def coach_off(self) -> None:
        """The coach's "Turn the coach off" button: no more coaching."""
        self.coaching = False
        self.coach_said.emit([])

    def _show_hint(self, action: Action, reason: str) -> None:
        self.hint_pending = False
        session = self.session
        assert session is not None
        what = advice.action_words(action, session.game)
        self.status(f"Hint: {what} — {reason}.")
        card = getattr(action, "card", None)
        if isinstance(action, Play) and card in self.view.cards:
            self.view.focus_card = card
            self.view.move_focus(0)

    def _computer_decided(self, action: object, token: int) -> None:
        if token != self.token or self.session is None:
            return
        if isinstance(action, tuple) and action and action[0] == "hint":
            self._show_hint(action[1], action[2])
            return
        if isinstance(action, tuple) and action and action[0] == "coach":
            self._coach_hint(action[1], action[2], action[3], action[4])
            return
        if isinstance(action, SearchCancelled):
            return
        if self._holds:
            self._held = (action, token)  # applied when the window in front is gone
            return
        if isinstance(action, BaseException):
            self.status(f"A computer player failed: {action}")
            return
        self._apply(action, delay=self.pace)  # type: ignore[arg-type]

    def _apply(self, action: Action, delay: int = 0) -> None:
        session = self.session
        assert session is not None
        self._set_state(IDLE)  # until _step has looked at the next decision
        before = session.deal.clone() if session.deal is not None else None
        try:
            events = session.apply(action)
        except IllegalAction as e:
            self.status(tablewords.plain_words(f"Not allowed: {e}."))
            self._schedule(0)
            return
        labels = registryview.pool_labels(session.game)
        spin = tablewords.spin_call(session.game)
        for e in events:
            if isinstance(e, Played):
                self.last_play = (e.seat, e.card)
            seen = tablewords.seen_cards(session)
            line = tablewords.log_line(e, self.words, labels, spin, seen)
            if line:
                self._say(line)
            call = tablewords.announcement(e, self.words, labels, spin, seen)
            if call:
                self.view.announce(call)  # queued: every call of the action is shown
        if before is not None:
            # Why, in one sentence from the engine: every stop, pool taken and trick won.
            for why in tablewords.why_lines(before, self.words, events):
                self.status(why)
        self._refresh()
        self._slide(events)
        self.autosave()
        self._schedule(delay)

    # ---- end of deal and session ----------------------------------------------------

    def _show_summary(self) -> None:
        session = self.session
        assert session is not None and session.deal is not None
        self._set_state(SUMMARY)
        self._refresh()
        if self.coaching:  # the coach is for one deal
            self.coaching = False
            self.coach_said.emit([])
            self.coached.emit(registryview.game_label(session.game))
        summary = dealsummary.deal_summary(session, self.words, reveal=self.reveal_tricks,
                                           people=len(self.people), person=self.human)
        self._count_deal()
        dlg = self.questions.DealSummaryDialog(self.parent_widget, summary)
        dlg.accepted.connect(self._after_summary)
        dlg.review_requested.connect(lambda d=dlg: self.review_requested.emit(d))
        dlg.deal_again_requested.connect(self.deal_again)
        self._open(dlg)
        if not self.people:
            # Nobody at the screen (watching computers): the next deal follows by itself.
            self._next_by_itself(dlg)

    def _next_by_itself(self, dlg: QDialog) -> None:
        def go(tok: int = self.token) -> None:
            if tok != self.token or self.dialog is not dlg:
                return
            if self._holds:
                QTimer.singleShot(max(50, self.pace), go)  # not behind another window
                return
            dlg.accept()

        QTimer.singleShot(self.pace * 8, go)

    def _after_summary(self) -> None:
        session = self.session
        assert session is not None
        self.dialog = None
        if self.practising:
            self._back_from_practice()
            return
        if not session.complete:
            self._start_deal()
            return
        self._set_state(OVER)
        self._refresh()  # the plates show the counters after the split of the pools left
        balances, _pools = session.final_accounts()
        dlg = self.questions.StandingsDialog(self.parent_widget, list(session.players),
                                             balances, list(session.start_balances),
                                             dealsummary.split_line(session))
        dlg.accepted.connect(lambda: self._after_standings(dlg.choice))
        dlg.rejected.connect(lambda: self._after_standings(dlg.choice))
        self._open(dlg)

    def _after_standings(self, choice: str) -> None:
        self.dialog = None
        if choice == "new" and self.session is not None:
            # The same game, house rules and people at the same seats, with fresh counters.
            self.new_session(self.session.game.name, self.session.n, self.seats[0].name,
                             self.session.options, list(self.seats), self.allow_undo)

    # ---- helpers -----------------------------------------------------------------

    def _slide(self, events: list[Event]) -> None:
        """Counters move on the table as they change hands."""
        v = self.view
        moves = []
        for e in events:
            if isinstance(e, PoolTaken) and e.amount:
                moves.append((v.pool_anchor(e.pool), v.seat_anchor(e.seat), e.amount))
            elif isinstance(e, PaidToPool) and e.amount:
                moves.append((v.seat_anchor(e.seat), v.pool_anchor(e.pool), e.amount))
            elif isinstance(e, Paid) and e.amount:
                moves.append((v.seat_anchor(e.payer), v.seat_anchor(e.payee), e.amount))
        if moves:
            v.slide_counters(moves)

    def _open(self, dlg: QDialog) -> None:
        self.dialog = dlg
        dlg.finished.connect(lambda _r, d=dlg: self._forget(d))
        dlg.open()

    def _forget(self, dlg: QDialog) -> None:
        if self.dialog is dlg:
            self.dialog = None

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            dlg, self.dialog = self.dialog, None
            dlg.blockSignals(True)
            dlg.close()
            dlg.deleteLater()

    def _say(self, line: str) -> None:
        self.log.append(line)
        self.status(line)

    def _refresh(self, thinking: bool = False) -> None:
        if self.session is not None:
            snap = tablesnap.table_snapshot(self.session, self.human, thinking=thinking,
                                            last_play=self.last_play, words=self.words)
            if self.privacy_up or not self.viewer_ready:
                snap = tablesnap.hide_hands(snap)
            self.view.show(snap)
            self.view.show_log(self.log[-3:])

    def set_pace(self, pace: int) -> None:
        """The one duration (ms) for every movement and pause; 0: everything at once."""
        self.pace = pace
        self.view.duration = pace

    def shutdown(self) -> None:
        """Stop thinking and timers, and write what the autosave has queued (window
        closing)."""
        self._cancel_thinking()
        self._timer.stop()
        self.thinker.shutdown()
        self.autosave_path = None  # flushes and stops the writer
