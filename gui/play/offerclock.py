"""An offer takes the table the same time whoever holds the substitute (CM-10: offers are
private).

After a card that opens a turn round (:func:`gamecore.stops.turnround.round_opens`), the
engine asks only the seat offered the substitute. A computer offered it thinks (Hard
searches for its time budget) and then passes without a word; without an offer play goes
straight on. A person who times the table would then see who holds the 9♦. So after such a
card the table always waits the same time before it looks at the decision that follows
the round: the card's own pause, or the longest any computer at the table may take over an
offer if that is longer. A computer offered the substitute is asked at once, and its answer
is held until that same moment. In the hot seat, where the people the round reaches each
say "No six" first (:mod:`gui.play.turnround`), the wait starts again when the last of them
has said it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping

from gamecore.actions import Action, Play
from gamecore.agents.base import Agent
from gamecore.agents.levels import HardAgent
from gamecore.interface import DealState
from gamecore.stops.deal import StopsDeal
from gamecore.stops.turnround import round_opens

#: What a timed Hard decision may take past its budget (the search's deadline, issue 29).
GRACE_S = 0.1


def offer_wait_ms(agents: Mapping[int, Agent]) -> int:
    """The longest (ms, an int) any of ``agents`` (seat → the computer's agent) may take
    to answer an offer: a Hard player's time budget plus :data:`GRACE_S`; 0 when none
    searches against the clock (Easy and Normal answer within milliseconds)."""
    budgets = [
        a.time_budget
        for a in agents.values()
        if isinstance(a, HardAgent) and a.iterations is None and a.time_budget
    ]
    return math.ceil((max(budgets) + GRACE_S) * 1000) if budgets else 0


def _ms(seconds: float) -> int:
    """``seconds`` as whole milliseconds, rounded up, never below 0."""
    return max(0, math.ceil(round(seconds * 1000, 6)))


class OfferClock:
    """When the table looks at the decision that follows a turn round (see the module
    docstring).

    ``now``: the clock in seconds (``time.monotonic``; a test's own clock)."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        #: when the round's wait began (``now``'s seconds), or ``None``: no round waits
        self.start: float | None = None
        #: how long the round waits from :attr:`start` (ms)
        self.pause = 0
        #: when a computer's answer to the pending offer may be shown (``now``'s seconds)
        self.due: float | None = None

    def after(self, deal: DealState | None, action: Action, delay: int, wait: int) -> bool:
        """``action`` has just been applied to ``deal``, with its own pause ``delay`` (ms);
        ``wait``: :func:`offer_wait_ms` for the table. If ``action`` is a card that opens a
        turn round, the round's wait starts now: ``max(delay, wait)`` ms (True). Any other
        action ends a round's wait (False)."""
        self.start = self.due = None
        if not (isinstance(deal, StopsDeal) and isinstance(action, Play)):
            return False
        if not round_opens(deal, action.card):
            return False
        self.start, self.pause = self.now(), max(delay, wait)
        return True

    def restart(self, wait: int) -> None:
        """A person the round reached has just said "No six": the round's wait starts
        again, ``wait`` ms from now."""
        if self.start is not None:
            self.start, self.pause = self.now(), wait

    def gate(self, deal: DealState, computer: Callable[[int], bool]) -> int:
        """The table is about to look at ``deal``'s pending decision, with nobody left for
        the round to reach; ``computer``: whether a seat is a computer's. Returns how long
        (ms) to wait first. A computer offered the substitute is asked at once (0) and its
        answer held until the round's wait is over (:meth:`hold`); any other decision waits
        for the rest of the round's wait. Then the round's wait is spent."""
        if self.start is None:
            return 0
        end = self.start + self.pause / 1000
        self.start = None
        d = deal.decision()
        offered = isinstance(deal, StopsDeal) and deal.round_from is not None
        if offered and d is not None and computer(d.seat):
            self.due = end
            return 0
        return _ms(end - self.now())

    def hold(self) -> int:
        """How long (ms) the answer a computer has just given must wait before it is
        shown: the time left until :attr:`due` for an answer to an offer (the clock is
        then spent), 0 otherwise."""
        if self.due is None:
            return 0
        left = self.due - self.now()
        self.due = None
        return _ms(left)

    def clear(self) -> None:
        """No round waits and no answer is held (a decision dropped: new game, resume,
        undo)."""
        self.start = self.due = None
