"""The agent protocol and a random player.

An agent sees only a :class:`~gamecore.stops.deal.StopsObservation` (GEN-9: its own hand, the
public cards, pools and balances) plus the rules description, never the deal itself, so it
cannot look at other hands or the stock by construction.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from gamecore.actions import Action, NameStake, Split
from gamecore.decisions import BidChoice, Decision, PlayChoice, SplitChoice, StakeChoice
from gamecore.interface import Observation
from gamecore.stops.deal import StopsObservation
from gamecore.stops.game import StopsGame


@runtime_checkable
class Agent(Protocol):
    """A computer player for one game.

    :meth:`choose` receives the rules (``game``, immutable during a session), what its seat may
    know (``obs``, GEN-9: the observation of the game's engine) and a random source, and
    returns one legal action for ``obs.decision``: a
    :class:`~gamecore.decisions.StakeChoice` (dealer names the stake, NM-5), a
    :class:`~gamecore.decisions.SplitChoice` (spread the stake over the pools, NM-5) or a
    :class:`~gamecore.decisions.PlayChoice` (a lead or a continuation, STOP-5, STOP-6; a card,
    rob or jink in Spoil Five). Each player reads its own engine's rules and observation, so
    both are typed loosely here.
    """

    def choose(self, game: Any, obs: Any, rng: random.Random) -> Action:
        """One action legal for ``obs.decision`` (which must be this seat's, not ``None``)."""
        ...


def pending_decision(obs: Observation) -> Decision:
    """The decision ``obs`` asks its seat to make.

    Raises ``ValueError`` when the seat has nothing to decide (``obs.decision`` is ``None``,
    e.g. another seat is to act or the deal is over).
    """
    if obs.decision is None:
        raise ValueError(f"seat {obs.seat} has no decision to make")
    return obs.decision


def random_split(choice: SplitChoice, rng: random.Random) -> Split:
    """A split of ``choice.total`` counters with each counter on a uniformly random pool.

    Returns a :class:`~gamecore.actions.Split` whose ``amounts`` (one int ≥ 0 per pool name
    in ``choice.pools``) sum to exactly ``choice.total`` (NM-5).
    """
    amounts = [0] * len(choice.pools)
    open_pools = [i for i in range(len(amounts)) if i not in choice.closed]  # MI-5
    if open_pools:
        for _ in range(choice.total):
            amounts[open_pools[rng.randrange(len(open_pools))]] += 1
    return Split(choice.seat, tuple(amounts))


def stake_action(choice: StakeChoice) -> NameStake:
    """The default named stake (``nm.stake`` capped, NM-5, GEN-5 rule 2), kept in range.

    Returns ``choice.default_action()`` when ``choice.allows`` it, otherwise the nearest
    amount in ``[choice.low, choice.high]``.
    """
    if choice.allows(choice.default):
        return choice.default_action()
    amount = max(choice.default, choice.low)
    if choice.high is not None:
        amount = min(amount, choice.high)
    return NameStake(choice.seat, amount)


class RandomAgent:
    """Plays uniformly at random among the legal actions (a baseline and a test opponent).

    PlayChoice: any of ``actions`` with equal probability (STOP-5, STOP-6). StakeChoice: the
    default stake (NM-5). SplitChoice: every counter of the total on a random pool (NM-5).
    BidChoice: the least bid or a pass, evenly (MI-8).
    """

    def choose(self, game: StopsGame, obs: StopsObservation, rng: random.Random) -> Action:
        """See :meth:`Agent.choose`."""
        d = pending_decision(obs)
        if isinstance(d, StakeChoice):
            return stake_action(d)
        if isinstance(d, SplitChoice):
            return random_split(d, rng)
        if isinstance(d, BidChoice):  # MI-8: the least bid or a pass, evenly
            least = d.least_bid()
            return least if least is not None and rng.random() < 0.5 else d.default_action()
        assert isinstance(d, PlayChoice)
        return d.actions[rng.randrange(len(d.actions))]
