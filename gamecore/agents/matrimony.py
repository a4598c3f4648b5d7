"""Matrimony's computer players (MT-5): its only decisions are stakes and splits, all made
before a card is dealt (GEN-9), so the players differ only in how they stake.

What a counter on a compartment is worth to a seat (:func:`counter_values`) comes from the
seat's place in the order of showing: the eldest shows first and takes a combination before
anyone else who holds it (MT-8, MT-9), the dealer shows last; a turned A♦ takes everything
wherever it falls (MT-7); a compartment nobody wins carries (MT-11) and is won later by
anyone, a share ``1/N`` for each seat. The chances behind it (:func:`chances`) are counted
once per table (profile, ``mt.h.best``, players) over a fixed set of shuffled packs, so every
player stakes the same way on every run.

* **Easy** (:class:`AutomaticStaker`): the table's automatic staking (MT-5 step 5): the
  proposed stake ``mt.dealerStake`` capped, the largest total it may stake, one counter per
  compartment in the order Matrimony, Intrigue, Confederacy, Pair, Best.
* **Normal** (:class:`MatrimonyAgent`): the proposed stake, lowered to a quarter of a small
  balance; the largest total it may stake; its counters spread over the compartments in
  proportion to what a counter on each is worth to its seat.
* **Hard** (:class:`HardMatrimonyAgent`): what is worth most on average: every counter on
  the one compartment where a counter is worth most to its seat; under ``atMost`` the least
  total it may stake (no counter staked is worth a whole counter to its staker); as dealer
  the stake, 1 or the proposed one, that leaves it better off on average, the others
  spreading theirs evenly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from gamecore.actions import Action, NameStake, Split
from gamecore.agents.base import pending_decision, stake_action
from gamecore.decisions import SplitChoice, StakeChoice
from gamecore.matrimony.deal import MatrimonyObservation
from gamecore.matrimony.game import Matrimony
from gamecore.matrimony.resolve import POOLS, resolve
from gamecore.registry import register_level_player, register_player

#: Shuffled packs the chances are counted over (per profile, Best rule and table size).
SAMPLES = 3000


@dataclass(frozen=True)
class Chances:
    """Chances of one deal of Matrimony at a table of ``n``: ``win[p][k]`` that the seat
    ``k`` places after the dealer (0 = the eldest, ``n − 1`` = the dealer) takes compartment
    ``p``; ``carry[p]`` that nobody takes it (MT-11). Probabilities as floats."""

    n: int
    win: tuple[tuple[float, ...], ...]
    carry: tuple[float, ...]


@lru_cache(maxsize=64)
def chances(three_cards: bool, best: str, sweep: int, n: int) -> Chances:
    """The :class:`Chances` of a table of ``n`` in the two-card or (``three_cards``) the
    three-card game with ``mt.h.best`` ``best`` and the sweeping card ``sweep`` (MT-7),
    counted over :data:`SAMPLES` packs shuffled by a fixed seed (MT-6 … MT-11)."""
    rng = random.Random(f"matrimony {three_cards} {best} {n}")
    k = 3 if three_cards else 2
    wins = [[0] * n for _ in POOLS]
    deck = list(range(52))
    for _ in range(SAMPLES):
        rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        for i, c in enumerate(deck[: k * n]):
            hands[(1 + i % n) % n].append(c)  # dealer 0: the eldest is seat 1
        for pool, seat in resolve(hands, 0, three_cards, best, sweep).awards().items():
            wins[pool][(seat - 1) % n] += 1
    win = tuple(tuple(w / SAMPLES for w in row) for row in wins)
    return Chances(n, win, tuple(1.0 - sum(row) for row in win))


def place(seat: int, dealer: int, n: int) -> int:
    """``seat``'s place in the order of showing: 0 the eldest … ``n − 1`` the dealer."""
    return (seat - dealer - 1) % n


def counter_values(game: Matrimony, obs: MatrimonyObservation) -> tuple[float, ...]:
    """What one counter staked on each compartment is worth to ``obs.seat`` on average, in
    counters (below 1): its chance of taking the compartment this deal, plus its share
    ``1/N`` of the chance that the compartment carries to later deals (MT-7 … MT-11)."""
    n = len(obs.balances)
    ch = chances(game.three_cards, game.best, game.sweep_card, n)
    k = place(obs.seat, obs.dealer, n)
    return tuple(ch.win[p][k] + ch.carry[p] / n for p in range(len(POOLS)))


def proportional_split(total: int, values: tuple[float, ...]) -> tuple[int, ...]:
    """``total`` counters spread in proportion to ``values`` (largest remainders first, the
    earlier compartment on a tie); exactly ``total`` in all."""
    weight = sum(values) or 1.0
    shares = [total * v / weight for v in values]
    amounts = [int(s) for s in shares]
    order = sorted(range(len(values)), key=lambda p: (-(shares[p] - amounts[p]), p))
    for p in order[: total - sum(amounts)]:
        amounts[p] += 1
    return tuple(amounts)


def best_compartment(values: tuple[float, ...]) -> int:
    """The compartment where a counter is worth most (the earlier one on a tie)."""
    return max(range(len(values)), key=lambda p: (values[p], -p))


class AutomaticStaker:
    """Easy: the table's automatic staking (MT-5 step 5): the proposed stake, capped
    (GEN-5 rule 2); the largest total; the automatic split."""

    def choose(self, game: Matrimony, obs: MatrimonyObservation, rng: random.Random) -> Action:
        """The automatic action of ``obs.decision`` (a stake or a split)."""
        d = pending_decision(obs)
        if isinstance(d, StakeChoice):
            return stake_action(d)
        assert isinstance(d, SplitChoice)
        return d.default_action()


class MatrimonyAgent:
    """Normal: the proposed stake, at most a quarter of a positive balance (and at least
    1); the largest total; a split in proportion to :func:`counter_values`."""

    def choose(self, game: Matrimony, obs: MatrimonyObservation, rng: random.Random) -> Action:
        """One legal action for ``obs.decision`` (a stake or a split)."""
        d = pending_decision(obs)
        if isinstance(d, StakeChoice):
            amount = stake_action(d).amount
            balance = obs.balances[obs.seat]
            if balance > 0:
                amount = max(d.low, min(amount, balance // 4))
            return NameStake(d.seat, amount)
        assert isinstance(d, SplitChoice)
        return Split(d.seat, proportional_split(d.total, counter_values(game, obs)))


class HardMatrimonyAgent:
    """Hard: every counter on :func:`best_compartment`; the least total under ``atMost``;
    as dealer 1 or the proposed stake, whichever :meth:`stake_gain` prefers."""

    def choose(self, game: Matrimony, obs: MatrimonyObservation, rng: random.Random) -> Action:
        """One legal action for ``obs.decision`` (a stake or a split)."""
        d = pending_decision(obs)
        values = counter_values(game, obs)
        if isinstance(d, StakeChoice):
            proposed = stake_action(d).amount
            gain = self.stake_gain(values, len(obs.balances))
            return NameStake(d.seat, proposed if gain >= 0 else d.low)
        assert isinstance(d, SplitChoice)
        amounts = [0] * len(d.pools)
        amounts[best_compartment(values)] = d.lowest
        return Split(d.seat, tuple(amounts))

    @staticmethod
    def stake_gain(values: tuple[float, ...], n: int) -> float:
        """What one more counter of the dealer's stake brings the dealer on average at a
        table of ``n`` (MT-5): he pays one more, which his best compartment returns
        ``max(values)`` of, and each other player pays one more, spread evenly, which
        returns the mean of ``values``. Negative: the smallest stake is better."""
        return max(values) - 1 + (n - 1) * sum(values) / len(values)


register_player("matrimony", MatrimonyAgent)
register_level_player("matrimony", "easy", AutomaticStaker)
register_level_player("matrimony", "hard", HardMatrimonyAgent)
