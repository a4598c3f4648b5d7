"""The advisor: Game → Hint and the coach. Both ask the Hard player, off the GUI thread,
what it would do at the person's decision and why; the hint shows it in the status line,
the coach adds it to its sentences about the decision (a hint at a decision the coach spoke
of is the coach's advice, so the two never give other figures). It never plays for the
person."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from gamecore.actions import Play, Rob
from gamecore.agents.levels import HardAgent
from gamecore.decisions import PlayChoice
from gui.model import advice as model_advice
from gui.model import prompts
from gui.play.seats import Advice
from gui.play.states import HUMAN, OVER

if TYPE_CHECKING:
    from gui.play.controller import Controller

HINT, COACH = "hint", "coach"


class Advisor(QObject):
    """Gives ``table`` (a :class:`~gui.play.controller.Controller`) hints and the coach's
    sentences, over its thinker. :attr:`coaching` says whether the coach speaks in this
    deal; the main window shows :attr:`coach_said` in the coach bar."""

    #: The coach's sentences for the person's decision (empty: nothing to say, hide).
    coach_said = Signal(list)
    #: A deal with the coach ended: the game's label (so it is not coached again).
    coached = Signal(str)

    def __init__(self, table: Controller) -> None:
        super().__init__()
        self.table = table
        #: The coach speaks at the person's decisions in this deal.
        self.coaching = False
        self._done_said = False  # the coach's last words are up (deal_over)
        #: The moment (deal number, actions applied) a hint was asked for and has not
        #: arrived at; ``None`` when none waits.
        self.hint_at: tuple[int, int] | None = None
        # The coach's sentences at the moment they were said (deal number, actions applied):
        # the Hard player's advice joins them if the decision is still the same.
        self._lines: tuple[tuple[int, int], list[str]] | None = None
        # The coach's advice asked for and as it arrived, each with the table's token (undo
        # and a new game change it): a hint at the same moment is that advice, not a second
        # search that may say other figures ("73% of 5252" beside "58% of 4247").
        self._coach_asked: tuple[int, tuple[int, int]] | None = None
        self._coached: tuple[int, Advice] | None = None
        # The card in the keyboard's focus when a hint was asked for: a hint arriving after
        # the person moved the ring leaves it where they put it.
        self._ring_asked: int | None = None
        table.thinker.advised.connect(self._advised)

    def _moment(self) -> tuple[int, int]:
        session = self.table.session
        assert session is not None
        return len(session.logs), len(session.logs[-1].actions)

    def hint(self) -> None:
        """Game → Hint: what the Hard player would play for you, and why (searched off the
        GUI thread; shown in the status line, the card gets the keyboard focus)."""
        table = self.table
        session = table.session
        if table.state == OVER:  # the table's own line stays the game's end
            table.answer(prompts.OVER_HINT)
            return
        if session is None or session.deal is None or table.state != HUMAN:
            table.status("A hint is given when it is your turn.")
            return
        d = session.deal.decision()
        if not isinstance(d, PlayChoice) or d.seat != table.human:
            return
        moment = self._moment()
        self._ring_asked = table.view.focus_card  # a ring moved since is the person's
        coached = self._coached
        if coached is not None and (coached[0], coached[1].moment) == (table.token, moment):
            self._show_hint(coached[1])
            return
        table.status("Thinking about a hint…")
        self.hint_at = moment
        if self._coach_asked != (table.token, moment):
            self._ask(table.human, HINT)  # else the coach's advice, on its way, is the hint

    def _ask(self, seat: int, purpose: str) -> None:
        table = self.table
        session = table.session
        assert session is not None and session.deal is not None
        game, obs = session.game, session.deal.observation(seat)
        rng = random.Random(table.rng.random())
        table.thinker.advise(HardAgent(game), game, obs, rng, table.token, purpose, self._moment())

    def coach(self, seat: int) -> None:
        """The coach's sentences for ``seat``'s decision, then (off the GUI thread) what the
        Hard player would choose there."""
        table = self.table
        session = table.session
        if (
            not self.coaching
            or session is None
            or session.deal is None
            or table.privacy_up
            or seat != table.human
        ):
            return  # the coach speaks only to the person whose hand is shown
        d = session.deal.decision()
        itself = table.plays_itself(d)
        lines = model_advice.coach_lines(session, seat, plays_itself=itself)
        if not isinstance(d, PlayChoice) or len(d.actions) < 2:
            self.coach_said.emit(lines)
            return
        self.coach_said.emit([*lines, model_advice.COACH_THINKS])
        self._lines = (self._moment(), lines)
        self._coach_asked = (table.token, self._moment())
        self._ask(seat, COACH)

    def coach_off(self) -> None:
        """The coach's "Turn the coach off" button: no more coaching."""
        self.coaching = False
        self.coach_said.emit([])

    def waits(self) -> None:
        """A computer is to play: the advice for the person's last decision is stale."""
        if self.coaching:
            self.coach_said.emit([model_advice.COACH_WAITS])

    def hush(self) -> None:
        """The table is handed over: the coach's words name the last person's cards."""
        if self.coaching:
            self.coach_said.emit([])

    def deal_over(self, label: str) -> None:
        """The deal of game ``label`` ended: the coach is for one deal, and says so until
        the next deal begins (:meth:`deal_begins`)."""
        if self.coaching:
            self.coaching = False
            self._done_said = True
            self.coach_said.emit([model_advice.COACH_DONE])
            self.coached.emit(label)

    def deal_begins(self) -> None:
        """A deal begins: the coach's last words of the deal before are gone."""
        if self._done_said:
            self._done_said = False
            self.coach_said.emit([])

    def _advised(self, advice: Advice, token: int) -> None:
        if token != self.table.token or self.table.session is None:
            return
        if advice.moment != self._moment():
            return  # the decision was made meanwhile
        if advice.purpose == COACH:
            self._coached = (token, advice)
            self._coach_hint(advice)
        if self.hint_at == advice.moment:
            self._show_hint(advice)

    def _coach_hint(self, advice: Advice) -> None:
        table = self.table
        session = table.session
        if (
            not self.coaching
            or session is None
            or table.privacy_up
            or self._lines is None
            or advice.moment != self._moment()
            or self._lines[0] != advice.moment
        ):
            return  # the decision was made meanwhile
        would = model_advice.action_words(advice.action, session.game)
        self.coach_said.emit([*self._lines[1], f"The Hard player would {would}: {advice.reason}."])

    def _show_hint(self, advice: Advice) -> None:
        self.hint_at = None
        table = self.table
        assert table.session is not None
        what = model_advice.action_words(advice.action, table.session.game)
        table.status(f"Hint: {what} — {advice.reason}.")
        action = advice.action
        moved = table.view.focus_card != self._ring_asked
        if isinstance(action, Play | Rob) and action.card in table.view.cards and not moved:
            table.view.focus_card = action.card
            table.view.move_focus(0)
