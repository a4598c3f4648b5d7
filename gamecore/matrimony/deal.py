"""One deal of Matrimony: the staking, then the deal and its resolution (MT-5 … MT-12),
behind the state API every engine offers (:class:`~gamecore.interface.DealState`).

No card is played: the only decisions are the dealer's stake and each player's split
(MT-5), all made before any card is dealt (GEN-9). The last split deals the cards and
resolves the deal at once (MT-12): its events are the split's payment, the deal
(:class:`~gamecore.matrimony.events.HandsDealt`), the turned A♦ or the hands shown from the
eldest with the compartments they win, what carries, and the end.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamecore.actions import Action, NameStake, Pass, Play, Split
from gamecore.cards import mask_of
from gamecore.dealcore import DealCore
from gamecore.decisions import Decision, SplitChoice, StakeChoice, counters_range
from gamecore.errors import IllegalAction
from gamecore.events import Event, PaidToPool, StakeNamed
from gamecore.matrimony.events import (
    AceTurned,
    Carried,
    CompartmentWon,
    HandsDealt,
    HandShown,
    MatrimonyEnded,
)
from gamecore.matrimony.resolve import Award, Show, resolve

if TYPE_CHECKING:
    from gamecore.matrimony.game import Matrimony

STAKING, OVER = "staking", "over"
NO_PLAY = (
    "no card is played in Matrimony: the stakes are made, then the cards are dealt and "
    "decide everything (MT-5, MT-6)"
)


@dataclass(frozen=True)
class MatrimonyObservation:
    """What one seat may know (GEN-9). While the stakes are made no card is dealt: ``hand``
    is 0, ``hand_counts`` all 0, ``up`` and ``revealed`` ``None``. Once the deal is over
    every card is public: ``up`` the face-up card of each seat, ``revealed`` each seat's
    hand in deal order (face-down cards first), ``awards`` compartment → seat.

    ``stake`` is the dealer's named stake (or ``None``), ``staked[s][p]`` what seat ``s``
    put on compartment ``p`` this deal and ``spread[s]`` whether it has made its split
    (public: each split is paid in as it is made).
    """

    seat: int
    game: str
    phase: str
    dealer: int
    hand: int
    hand_counts: tuple[int, ...]
    turnup: int | None
    to_act: int | None
    pools: tuple[int, ...]
    balances: tuple[int, ...]
    decision: Decision | None
    stake: int | None
    staked: tuple[tuple[int, ...], ...]
    spread: tuple[bool, ...]
    up: tuple[int, ...] | None
    revealed: tuple[tuple[int, ...], ...] | None
    awards: tuple[tuple[int, int], ...]


class MatrimonyDeal(DealCore):
    """The state of one deal of Matrimony.

    Args: ``game`` (:class:`~gamecore.matrimony.game.Matrimony`), ``dealer`` (seat),
    ``hands`` (one int mask per seat), ``stock`` (int mask), ``balances`` and ``pools``
    (lists of ints, copied; pools in record order), ``order`` (the hands in deal order,
    face-down cards first and the face-up card last, MT-6). Raises ``ValueError`` without
    ``order`` or when ``order`` does not hold the cards of ``hands``.
    """

    def __init__(
        self,
        game: Matrimony,
        dealer: int,
        hands: list[int],
        stock: int,
        balances: list[int],
        pools: list[int],
        order: Sequence[Sequence[int]] | None,
    ) -> None:
        if order is None or [mask_of(h) for h in order] != list(hands):
            raise ValueError("a Matrimony deal needs its hands in deal order (MT-6)")
        self._init_core(game, dealer, hands, stock, None, balances, pools)
        self.game: Matrimony = game
        #: Each seat's cards in deal order: face-down first, face-up last (MT-6).
        self.order: tuple[tuple[int, ...], ...] = tuple(tuple(h) for h in order)
        self.phase = STAKING
        self.stake: int | None = None
        self.split_queue: list[int] = []
        self.staked: list[list[int]] = [[0] * len(game.pools) for _ in range(self.n)]
        #: Compartment → the seat that took it this deal (MT-12; cousins §6.6 ``awards``).
        self.awards: dict[int, int] = {}
        self.start_events: list[Event] = []

    # ---- queries ---------------------------------------------------------------------

    @property
    def top(self) -> None:
        """No sequence is ever open: no card is played (kept for the table's common code)."""
        return None

    @property
    def up(self) -> tuple[int, ...]:
        """Each seat's face-up card (MT-6), by seat."""
        return tuple(h[-1] for h in self.order)

    def decision(self) -> Decision | None:
        """The dealer's stake, then each split in turn; ``None`` once the deal is over."""
        if self.phase == OVER:
            return None
        if self.stake is None:
            low, high, default = self.game.stake_bounds(self.dealer, self.balances)
            return StakeChoice(self.dealer, low, high, default)
        seat = self.split_queue[0]
        least, most = self.game.split_bounds(self.dealer, seat, self.stake, self.balances[seat])
        return SplitChoice(
            seat,
            most,
            self.game.pools,
            self.game.auto_split(most),
            least=None if least == most else least,
        )

    @property
    def to_act(self) -> int | None:
        """The seat that decides next, or ``None`` once the deal is over."""
        d = self.decision()
        return None if d is None else d.seat

    def legal_actions(self) -> list[Action]:
        """The automatic action of the pending staking decision (its range is described by
        :meth:`decision`, not enumerated), as the stops engine's staking gives; empty once
        the deal is over."""
        d = self.decision()
        if d is None:
            return []
        assert isinstance(d, StakeChoice | SplitChoice)
        return [d.default_action()]

    def explain_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, in the game's words (MT-5); ``None`` if legal."""
        d = self.decision()
        if d is None:
            return "the deal is over: it was resolved when the last stake was spread (MT-12)"
        if action.seat != d.seat:
            return f"it is seat {d.seat}'s turn, not seat {action.seat}'s"
        if isinstance(d, StakeChoice):
            if isinstance(action, NameStake):
                if d.allows(action.amount):
                    return None
                why = "" if d.high is None else ", as much as every player can pay (GEN-5)"
                return (
                    f"the stake must be {counters_range(d.low, d.high)}{why}, "
                    f"not {action.amount} (MT-5)"
                )
            if isinstance(action, Split):
                return "the dealer names his stake first; then everyone spreads theirs (MT-5)"
            return NO_PLAY
        assert isinstance(d, SplitChoice)
        if isinstance(action, Split):
            if d.allows(action.amounts):
                return None
            total = sum(action.amounts)
            if len(action.amounts) != len(d.pools) or min(action.amounts, default=0) < 0:
                return "a split puts a whole number of counters on each compartment (MT-5)"
            want = f"from {d.lowest} to {d.total}" if d.ranged else f"exactly {d.total}"
            word = "counter" if want.endswith(" 1") else "counters"
            return f"the split must put {want} {word} on the compartments, not {total} (MT-5)"
        if isinstance(action, NameStake):
            return f"the stake is named already ({self.stake}): seat {d.seat} spreads his (MT-5)"
        if isinstance(action, Play | Pass):
            return NO_PLAY
        return "nobody robs, claims or jinks in Matrimony: " + NO_PLAY

    # ---- applying actions --------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one staking action and return its events; the last split also deals and
        resolves the deal. Raises :class:`IllegalAction` (state unchanged)."""
        why = self.explain_illegal(action)
        if why is not None:
            raise IllegalAction(why)
        events: list[Event] = []
        if isinstance(action, NameStake):
            self.stake = action.amount
            events.append(StakeNamed(action.seat, action.amount))
            # MT-5 step 4: the splits clockwise from the eldest, the dealer's own last.
            self.split_queue = [(self.dealer + i) % self.n for i in range(1, self.n + 1)]
            return events
        assert isinstance(action, Split)
        for pool, amount in enumerate(action.amounts):
            if amount:
                self.balances[action.seat] -= amount
                self.pools[pool] += amount
                self.staked[action.seat][pool] += amount
                events.append(PaidToPool(action.seat, pool, amount))
        self.split_queue.pop(0)
        if not self.split_queue:
            self._deal_and_resolve(events)
        return events

    def _deal_and_resolve(self, events: list[Event]) -> None:
        """MT-6 … MT-12: the cards are dealt, then the turned A♦ takes everything or the
        hands are shown and the compartments given; what is not won carries."""
        events.append(HandsDealt(self.up))
        game = self.game
        result = resolve(self.order, self.dealer, game.three_cards, game.best, game.sweep_card)
        first = len(events)
        if result.ace is not None:
            events.append(AceTurned(result.ace))
        for step in result.steps:
            if isinstance(step, Show):
                events.append(HandShown(step.seat, step.cards))
                continue
            assert isinstance(step, Award)
            amount = self.pools[step.pool]
            self.pools[step.pool] = 0
            self.balances[step.seat] += amount
            self.awards[step.pool] = step.seat
            events.append(CompartmentWon(step.seat, step.pool, amount, step.cards, step.rule))
        carried = tuple(p for p, amount in enumerate(self.pools) if amount)
        if carried:
            events.append(Carried(carried))
        self.winner = result.ace
        self.settle_events = tuple(events[first:])
        self.phase = OVER
        events.append(MatrimonyEnded(self.winner))

    # ---- copies, views, the record -----------------------------------------------------

    def clone(self) -> MatrimonyDeal:
        """An independent copy (the rules are shared: they are immutable)."""
        c = copy.copy(self)
        c.hands, c.balances, c.pools = list(self.hands), list(self.balances), list(self.pools)
        c.split_queue = list(self.split_queue)
        c.staked = [list(s) for s in self.staked]
        c.awards = dict(self.awards)
        c.start_events = list(self.start_events)
        return c

    def observation(self, seat: int) -> MatrimonyObservation:
        """Exactly what ``seat`` may know now (GEN-9): no card at all while the stakes are
        made (none is dealt yet), every card once the deal is over."""
        over = self.phase == OVER
        d = self.decision()
        return MatrimonyObservation(
            seat=seat,
            game=self.game.name,
            phase=self.phase,
            dealer=self.dealer,
            hand=self.hands[seat] if over else 0,
            hand_counts=tuple(h.bit_count() if over else 0 for h in self.hands),
            turnup=None,
            to_act=None if d is None else d.seat,
            pools=tuple(self.pools),
            balances=tuple(self.balances),
            decision=d if d is not None and d.seat == seat else None,
            stake=self.stake,
            staked=tuple(tuple(s) for s in self.staked),
            spread=tuple(
                self.stake is not None and s not in self.split_queue for s in range(self.n)
            ),
            up=self.up if over else None,
            revealed=self.order if over else None,
            awards=tuple(sorted(self.awards.items())),
        )

    def replay_facts(self) -> dict[str, Any]:
        """Cousins §6.6: ``awards``, compartment name → the seat that took it this deal (in
        record order; absent when not won)."""
        names = self.game.pools
        return {"awards": {names[p]: s for p, s in sorted(self.awards.items())}}
