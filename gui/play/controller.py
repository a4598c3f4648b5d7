"""The controller: the play loop at the table. It starts or resumes a session, holds while
a window is in front of the table, asks the person or a computer player for each decision,
applies it, feeds the view, and runs the end of each deal. It decides no rule: what a click
means comes from :mod:`gui.model.intents`, every legality question from the engine. The
person answers through :mod:`gui.play.person`, the computers through
:mod:`gui.play.computers`; the keeper (:mod:`gui.play.keeper`) saves and counts, the
advisor (:mod:`gui.play.advisor`) gives hints and coaches.

One pacing parameter, ``pace`` (ms), drives every pause and movement; 0 in tests. The game
never moves on behind a window (:meth:`Controller.hold`, :meth:`Controller.release`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QDialog, QWidget

from gamecore.actions import Action
from gamecore.agents.base import Agent
from gamecore.decisions import Decision, PlayChoice, SplitChoice, StakeChoice
from gamecore.errors import IllegalAction
from gamecore.games import make_game
from gamecore.interface import DealState
from gamecore.match import Session, first_dealer
from gamecore.search.ismcts import cancel_search
from gui.model import intents, ledger, prompts, tablesnap, tablewords
from gui.model.setup import COMPUTER_NAMES, Setup
from gui.play import feed, hotseat
from gui.play.advisor import Advisor
from gui.play.computers import Computers
from gui.play.dealend import DealEnd
from gui.play.keeper import Keeper
from gui.play.looked import HandLooks
from gui.play.offerclock import OfferClock, offer_wait_ms
from gui.play.person import Person
from gui.play.practice import Practice
from gui.play.questions import Questions, close_dialog
from gui.play.seats import SeatKind, Thinker
from gui.play.states import COMPUTER, HUMAN, IDLE, OVER, STAKING, SUMMARY
from gui.play.turnround import TurnRound
from gui.play.unveil import Unveil
from gui.table.privacy import PrivacyScreen
from gui.table.view import TableView

# Callers and tests find the states and the computers' names here, where they were before.
__all__ = ["Controller", "Questions"]
__all__ += ["COMPUTER", "COMPUTER_NAMES", "HUMAN", "IDLE", "OVER", "STAKING", "SUMMARY"]


class Controller(QObject):
    """Runs a session of one game at ``view``.

    Args: ``view`` (the table), ``parent_widget`` (for dialogs), ``status`` (a callable that
    shows one line in the status bar), ``pace`` (ms per card movement; pauses derive from
    it; 0 = immediate), ``seed`` (for the shuffles and the computers, or ``None``),
    ``notice`` (says what must not be missed; the status line without it), ``questions``
    (the dialogs it opens, :class:`Questions`).
    """

    state_changed = Signal(str)
    #: The current deal's fingerprint as the table shows it ("3f9c 0a6e 1b2d 4c5e"), or "".
    fingerprint_shown = Signal(str)
    #: The deal summary's Review button (the summary dialog, to open the review over it).
    review_requested = Signal(object)

    def __init__(
        self,
        view: TableView,
        parent_widget: QWidget | None,
        status: Callable[[str], None],
        pace: int = 350,
        seed: int | None = None,
        notice: Callable[[str], None] | None = None,
        *,
        questions: Questions,
    ) -> None:
        super().__init__()
        self.view, self.parent_widget, self.questions = view, parent_widget, questions
        self._show_status = status
        #: The last line the table said in the status line (a window in front of it, such
        #: as the review, puts it back when it closes).
        self.table_line = ""
        self.notice: Callable[[str], None] = notice or status
        self.pace = pace
        self.rng = random.Random(seed)
        self.thinker = Thinker()
        self.keeper = Keeper(self)
        self.advisor = Advisor(self)
        self.person = Person(self)  # the person's answers: cards, prompt, staking panel
        self.computers = Computers(self)  # the computers' decisions, off the GUI thread
        self.session: Session | None = None
        self.seats: list[SeatKind] = []
        self.agents: dict[int, Agent] = {}
        self.human, self.state, self.token = 0, IDLE, 0
        self.dialog: QDialog | None = None
        self.log: list[str] = []
        #: Where the current deal's lines begin in :attr:`log` (the session's log runs on
        #: over its deals: the hot seat's "since your last turn" reaches back across one).
        self.deal_from = 0
        self.last_play: tuple[int, int] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._step)
        self.view.duration = pace
        self.privacy = PrivacyScreen(view)
        self.privacy.ready.connect(lambda: hotseat.taken(self))
        self.privacy_up = False
        self.viewer_ready = True  # the person at the bottom has taken the screen
        self.pending_person: int | None = None
        self.seen: dict[int, int] = {}  # person seat → log length at their last turn
        self.looks = HandLooks()  # who has looked at their hand this deal
        self.auto_play: bool | None = None  # the player's setting; None: the game's own
        self.allow_undo = True
        self._holds = 0  # windows up in front of the table (see hold)
        self._held: Callable[[], None] | None = None  # a computer's result, waiting
        self._step_wanted = False
        #: Spoil Five: a finished deal's unplayed cards are shown (Settings; one person).
        self.reveal = True
        self.practice = Practice(self)
        self.deal_end = DealEnd(self)
        self.turn_round = TurnRound(self)  # the hot seat's "No six" round (CM-10)
        self.offer_clock = OfferClock()  # an offer takes the table the same time (CM-10)
        #: A game without play: the end of its deal shown beat by beat.
        self.unveil = Unveil(self)

    # ---- sessions ----------------------------------------------------------------

    def new_session(self, setup: Setup) -> None:
        """Start a session as ``setup`` says (the game, its options, who sits where, undo).
        The first dealer follows ``gen.firstDealer`` (GEN-2)."""
        self._clear_table()
        self.practice.drop()  # a new session is never a practice deal's
        game = make_game(setup.game, dict(setup.options))
        self.seats = list(setup.seats)
        first = first_dealer(game, len(self.seats), self.rng)
        why = prompts.first_dealer_words(game.options["gen.firstDealer"])
        self.allow_undo = setup.undo_allowed
        self.take_seats(Session(game, [s.name for s in self.seats], first_dealer=first))
        self.log = [prompts.first_dealer_line(self.words[first], why)]
        self.start_deal()

    def resume(
        self,
        session: Session,
        people: list[bool],
        allow_undo: bool = True,
        levels: list[str] | None = None,
        line: str | None = None,
    ) -> None:
        """Continue ``session`` (replayed from a record) at its pending decision; ``people``
        says which seats are people at this screen, ``levels`` the computers' levels.
        The log is the deal so far, then ``line`` (default "Resumed: deal 2 of 4."; an
        undo or the way back from a practice deal says its own: the game was never left)."""
        self._clear_table()
        names = session.players
        levels = levels if levels and len(levels) == session.n else ["normal"] * session.n
        self.seats = [SeatKind(names[s], people[s], levels[s]) for s in range(session.n)]
        self.allow_undo = allow_undo
        self.take_seats(session)
        self.last_play = None
        # The deal so far, as it was said while it was played: the log itself is not kept,
        # and after a crash the hot seat's "Since your last turn" said only "Resumed".
        self.log, self.deal_from = [], 0
        if session.deal is not None:
            self.log, since = ledger.deal_log(session, self.words, self.people)
            self.seen.update(since)
        # said in the status line too: the offer's "Resume your saved game…" stayed there
        # when the game resumed on a deal's summary
        self.say(line or f"Resumed: deal {len(session.logs)} of {session.total_deals}.")
        self.show_fingerprint()
        self.refresh()
        self.schedule(0)

    def _clear_table(self) -> None:
        """Drop what the table showed or waited for: thinking, timers, a dialog, the
        panels and the privacy screen (before a session starts or resumes)."""
        self._stop_waiting()
        self.view.clear_calls()  # an undone move's "A♦ is a stop" stayed up after the undo
        self.view.prompt.hide()
        self.view.stake_panel.hide()
        self.advisor.deal_begins()  # the coach's last words of a deal left behind
        self.privacy_up, self.pending_person = False, None
        self.turn_round.clear()

    def _stop_waiting(self) -> None:
        """No thinking, no timer, no dialog, no privacy screen, no deal's end being shown."""
        self.unveil.stop()
        self.cancel_thinking()
        self._timer.stop()
        close_dialog(self)
        self.privacy.hide()

    def take_seats(self, session: Session) -> None:
        """Sit ``session``'s players as :attr:`seats` says: agents for the computers."""
        self.session = session
        self.agents = self.computers.sit(session, self.seats)
        people = self.people
        self.human = people[0] if people else 0
        self.viewer_ready = len(people) <= 1  # with several people, hand over first
        self.seen = dict.fromkeys(people, 0)

    def preview(self, session: Session) -> None:
        """Draw ``session`` (a saved game offered for resuming) with every hand face down,
        without playing it: the table has no session until one is resumed or begun."""
        self._stop_waiting()
        self.session = None
        self.set_state(IDLE)
        feed.show_saved(self.view, session)

    # ---- windows in front of the table ------------------------------------------------

    def hold(self) -> None:
        """A window is up in front of the table (New Game, Open, a file dialog, a
        message…): the game does not move on until every :meth:`hold` is released: no
        computer play is applied and no staking or deal-over window opens. Native file
        dialogs are invisible to Qt's modal-widget query, so the caller says so."""
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
            held()
        elif self._step_wanted:
            self._step_wanted = False
            self.schedule(0)

    @property
    def held(self) -> bool:
        """Whether a window in front of the table holds the game."""
        return self._holds > 0

    def when_released(self, then: Callable[[], None]) -> None:
        """Run ``then`` (a computer's result that arrived while a window held the table)
        once no window holds it."""
        self._held = then

    def step_when_released(self) -> None:
        """Look at the pending decision again once no window holds the table."""
        self._step_wanted = True

    # ---- who is who ----------------------------------------------------------------

    @property
    def words(self) -> list[str]:
        """Each seat's word in the table's sentences ("You" for the one person at the
        screen; names when several people share it)."""
        names = self.session.players if self.session is not None else [k.name for k in self.seats]
        return tablewords.spoken(list(names), self.people)

    @property
    def people(self) -> list[int]:
        """Seats of the people at this screen."""
        return [s for s, k in enumerate(self.seats) if k.person]

    # ---- the loop ----------------------------------------------------------------

    def start_deal(self) -> None:
        """Deal the session's next deal (shuffled from :attr:`rng`) and ask for its first
        decision."""
        session = self.session
        assert session is not None
        self.set_state(IDLE)
        self.advisor.deal_begins()
        # The shuffled cards' fingerprint is shown before the deal's first decision (format
        # version 2); after the deal the summary shows the salt and the cards.
        events = session.start_deal_seeded(self.rng.randrange(1 << 62), fingerprinted=True)
        # with several people, the new deal's first hand is shown only to its holder, once
        # handed over: "Next deal", clicked by all at the summary, opened on one's cards
        self.viewer_ready = len(self.people) <= 1
        self.last_play = None
        self.turn_round.clear()
        self.view.clear_calls()
        # the first deal's lines open with who deals first and why (GEN-2)
        self.deal_from = len(self.log) if len(session.logs) > 1 else 0
        self._say(tablewords.deal_line(session, self.words))
        if carried := tablewords.carried_line(session):
            self._say(carried)
        # The stakes paid as the deal is dealt: the people's said with their reasons.
        for line in ledger.start_lines(session, self.words, self.people):
            self._say(line)
        self.show_fingerprint()
        self.refresh()
        feed.slide(self.view, events)
        self.keeper.autosave()
        self.schedule(0)

    def show_fingerprint(self) -> None:
        """Tell the main window the deal's fingerprint (:attr:`fingerprint_shown`)."""
        self.fingerprint_shown.emit(feed.fingerprint_line(self.session, self.practice.active))

    def schedule(self, delay: int) -> None:
        """Look at the pending decision after ``delay`` ms (0: at the next turn of Qt's
        event loop)."""
        self._timer.start(max(0, delay))

    def set_state(self, state: str) -> None:
        """Enter ``state`` (one of :mod:`gui.play.states`), said by :attr:`state_changed`."""
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
        if self.unveil.running:
            return  # the end of the deal is being shown; it looks again when done
        if session.deal.over:
            self.deal_end.show_summary()
            return
        d = session.deal.decision()
        assert d is not None
        if self.privacy_up:
            return  # waiting for the next person to be ready
        if self._round_waits(session.deal):
            return
        if not self.seats[d.seat].person:
            self.computers.ask(d.seat)
        else:
            self._ask_person(d)

    def _ask_person(self, d: Decision) -> None:
        """A person's decision: theirs to make at the screen, or, when another person has
        it, handed over (a forced card of theirs may play itself unseen)."""
        if d.seat != self.human or not self.viewer_ready:
            if not hotseat.plays_unseen(self, d):
                hotseat.hand_over(self, d.seat)
        elif isinstance(d, StakeChoice | SplitChoice):
            self.person.ask_stake(d)
        else:
            self.person.ask(d)

    def _round_waits(self, deal: DealState) -> bool:
        """Whether the turn round comes first (CM-10): a person it reaches says "No six",
        or the table waits the same time whoever holds the substitute (offerclock)."""
        if self.turn_round.step():
            return True
        wait = self.offer_clock.gate(deal, self._is_computer)
        if wait:
            self.schedule(wait)
        return bool(wait)

    def plays_itself(self, d: Decision | None) -> bool:
        """Whether the person's decision ``d`` plays itself: a forced card that the
        Settings play ("Play them for me"), or that the game's rules play (STOP-14) once
        its holder has looked at the hand this deal (:mod:`gui.play.looked`); else the
        person plays it."""
        session = self.session
        return (
            isinstance(d, PlayChoice)
            and session is not None
            and intents.plays_by_itself(d, session.game, self.auto_play)
            and (self.auto_play is True or d.seat in self.looks.seats(session.deal))
        )

    def cancel_thinking(self) -> None:
        """Drop any computer decision in progress (new game, resume, undo, quit)."""
        self.token += 1
        self.offer_clock.clear()
        cancel_search()

    def apply(self, action: Action, delay: int = 0) -> None:
        """Apply ``action`` (the person's or a computer's) to the session, feed the view
        and autosave; the next decision is looked at after ``delay`` ms."""
        session = self.session
        assert session is not None
        self.set_state(IDLE)  # until _step has looked at the next decision
        before = session.deal.clone() if session.deal is not None else None
        try:
            events = session.apply(action)
        except IllegalAction as e:
            self.status(tablewords.plain_words(f"Not allowed: {e}."))
            self.schedule(0)
            return
        assert before is not None  # applied: there was a deal
        step = (before, action, events)
        self.turn_round.after(action)
        if self.unveil.starts(before, events, lambda: self.schedule(delay)):
            self.keeper.autosave()  # the cards are dealt: shown beat by beat, then on
            return
        self.last_play = (
            feed.tell(self.view, session, step, self.words, self.people, self._say)
            or self.last_play
        )
        chose = not self.plays_itself(before.decision())
        self.looks.after(session.deal, before.decision(), chose, events)
        if action.seat == self.human and action.seat in self.seen and chose:
            # the hot seat's "Since your last turn" runs from here: what follows the
            # person's own move, not only what follows the screen's hand-over (at the
            # animation speed Off the computers' cards after it were never seen)
            self.seen[action.seat] = len(self.log)
        # Why, in one sentence from the engine: every stop, pool taken and trick won (the
        # people's own pools were said with their reasons already).
        for why in tablewords.why_lines(before, self.words, events, skip=self.people):
            self.status(why)
        self.refresh()
        feed.slide(self.view, events)
        self.keeper.autosave()
        opens = self.offer_clock.after(session.deal, action, delay, offer_wait_ms(self.agents))
        if opens and self.turn_round.pending() is None:
            delay = 0  # the round's wait runs from now (offerclock)
        self.schedule(delay)

    # ---- helpers -----------------------------------------------------------------

    def _is_computer(self, seat: int) -> bool:
        return not self.seats[seat].person

    def _say(self, line: str) -> None:
        self.say(line)

    def status(self, line: str) -> None:
        """Show ``line`` in the status line, as the table's own (:attr:`table_line`)."""
        self.table_line = line
        self._show_status(line)

    def answer(self, line: str) -> None:
        """Show ``line`` in the status line as an answer to a menu action, leaving the
        table's own line (:attr:`table_line`) as it is."""
        self._show_status(line)

    @property
    def deal_lines(self) -> list[str]:
        """The current deal's lines of the table's log, oldest first (View → This deal so
        far)."""
        return self.log[self.deal_from :]

    def say(self, line: str) -> None:
        """Add ``line`` to the table's log and show it in the status line."""
        self.log.append(line)
        self.status(line)

    def refresh(self, thinking: bool = False) -> None:
        """Show the session as it stands (``thinking``: a computer is to play), hands face
        down while the privacy screen is up or the next person has not taken the screen."""
        if self.session is None:
            return
        snap = tablesnap.table_snapshot(
            self.session,
            self.human,
            thinking=thinking,
            last_play=self.last_play,
            words=self.words,
            unveiled=self.unveil.shown,
        )
        if self.turn_round.asking is not None:
            snap = tablesnap.round_waits_on(snap, self.turn_round.asking)
        if self.practice.active:  # which plate holds the person's own hand of the deal
            snap = tablesnap.with_seat_notes(snap, self.practice.plate_notes())
        if self.privacy_up or not self.viewer_ready or self._between_turns():
            snap = tablesnap.hide_hands(snap)
        self.view.show(snap)
        # a run of forced cards said its reason on every line, and crowded the newest out;
        # said at the newest of them, it does not scroll away while the run goes on
        self.view.show_log(prompts.recap_lines(self.log[-3:][::-1])[::-1])

    def _between_turns(self) -> bool:
        """With several people at the screen, whether the deal waits on another seat than
        the person's at the screen: that person's hand goes face down as their turn ends
        (it stayed up while the computers played, in view of the next person)."""
        deal = self.session.deal if self.session is not None else None
        if len(self.people) <= 1 or deal is None or deal.over:
            return False
        d = deal.decision()
        return d is not None and d.seat != self.human

    def set_pace(self, pace: int) -> None:
        """The one duration (ms) for every movement and pause; 0: everything at once."""
        self.pace = pace
        self.view.duration = pace

    def shutdown(self) -> None:
        """Stop thinking and timers, and write what the autosave has queued (window
        closing)."""
        self.cancel_thinking()
        self._timer.stop()
        self.thinker.shutdown()
        self.keeper.close()  # flushes and stops the writer
