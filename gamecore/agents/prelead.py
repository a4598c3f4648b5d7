"""Hard's decisions between the deal and the first lead: the widow (MI-7, MI-8).

A game that declares widow choices (:attr:`~gamecore.stops.game.StopsGame.widow_choices`)
has a phase before the first lead (:data:`gamecore.stops.widow.BEFORE_LEAD`) where the dealer
exchanges, auctions or keeps and the bidders bid or pass. Hard judges each legal option by
the counters it brings its seat on average over the same sampled worlds (common random
numbers): every world deals the cards this seat has not seen (all but its hand: the widow is
unseen by everyone before it is taken, GEN-9) at random to the other hands and the widow,
with their sizes; the option is applied to the world's deal and the deal played out by the
rule-based players and settled by the engine. The best mean wins; ties go to the earlier
option in the decision's order. Deterministic given the rng.
"""

from __future__ import annotations

import random
import time
from typing import Any

from gamecore.actions import Action, Bid, Pass
from gamecore.agents.registered import agent_for
from gamecore.cards import cards_in
from gamecore.decisions import BidChoice, PlayChoice
from gamecore.search.determinize import _Sampler
from gamecore.stops import widow
from gamecore.stops.deal import StopsDeal, StopsObservation
from gamecore.stops.game import StopsGame

#: Bids weighed above the least allowed one (a higher bid only shuts others out sooner).
EXTRA_BIDS = 2
#: Worlds drawn to find one whose legal options are the observed ones before giving up.
TRIES = 50
#: Worlds per option: one for every this many iterations of Hard's budget (at least
#: :data:`MIN_WORLDS`); a timed search draws worlds until its time is up.
ITERATIONS_PER_WORLD = 10
MIN_WORLDS = 4


def options(d: PlayChoice | BidChoice) -> list[Action]:
    """The options Hard weighs: the dealer's legal choices, or pass and the bids from
    ``d.low`` up to :data:`EXTRA_BIDS` more, bounded by ``d.high`` (MI-7, MI-8)."""
    if isinstance(d, PlayChoice):
        return list(d.actions)
    out: list[Action] = [Pass(d.seat)]
    if d.can_bid:
        top = d.low + EXTRA_BIDS if d.high is None else min(d.high, d.low + EXTRA_BIDS)
        out += [Bid(d.seat, b) for b in range(d.low, top + 1)]
    return out


class PreLeadWorlds:
    """Deals before the first lead consistent with ``obs`` (a :class:`StopsObservation`
    in the phase :data:`~gamecore.stops.widow.BEFORE_LEAD`).

    Nothing is played yet, so the unseen cards are every card of the pack but the seat's
    hand; the other hands keep their sizes and the widow (the stock) takes the rest. A
    bidder's auction is rebuilt with every non-dealer not barred from the widow in that
    world, from the seat to act, the high bid one below the least allowed bid.
    """

    def __init__(self, game: StopsGame, obs: StopsObservation) -> None:
        if obs.phase != widow.BEFORE_LEAD or obs.decision is None:
            raise ValueError("pre-lead worlds need a decision before the first lead")
        self.game, self.obs, self.me = game, obs, obs.seat
        n = len(obs.hand_counts)
        unseen = list(cards_in(game.pack & ~obs.hand))
        caps = [0 if s == self.me else obs.hand_counts[s] for s in range(n)]
        caps.append(len(unseen) - sum(caps))
        self.sampler = _Sampler(unseen, {}, caps)
        self.n = n

    def sample(self, rng: random.Random) -> StopsDeal | None:
        """A world's deal whose pending decision is the observed one (the dealer's legal
        choices and a bidder's bounds say who is barred from the widow, MI-7, MI-8), the
        first of :data:`TRIES` drawn; ``None`` if none of them is."""
        for _ in range(TRIES):
            deal = self._deal(rng)
            if self._matches(deal):
                return deal
        return None

    def _matches(self, deal: StopsDeal) -> bool:
        d, mine = deal.decision(), self.obs.decision
        if isinstance(mine, PlayChoice):
            return isinstance(d, PlayChoice) and d.actions == mine.actions
        return d == mine

    def _deal(self, rng: random.Random) -> StopsDeal:
        obs = self.obs
        owned = self.sampler.sample(rng)
        hands = owned[: self.n]
        hands[self.me] = obs.hand
        deal = StopsDeal.from_position(
            self.game,
            hands,
            dealer=obs.dealer,
            stock=owned[self.n],
            pools=list(obs.pools),
            balances=list(obs.balances),
            turnup=obs.turnup,
        )
        deal.played, deal.phase, deal.stake = obs.played, widow.BEFORE_LEAD, obs.stake
        deal.current = self.me
        d = obs.decision
        if isinstance(d, BidChoice):
            left = widow.bidders(deal)
            if self.me not in left:
                left.append(self.me)
            i = left.index(self.me)
            deal.auction, deal.bid_turn = left[i:] + left[:i], 0
            if d.low > self.game.min_bid:
                others = [s for s in left if s != self.me]
                deal.high_bid = d.low - 1
                deal.high_bidder = others[-1] if others else None
        return deal


def rollout(game: StopsGame, deal: StopsDeal, players: list[Any], seed: int) -> StopsDeal:
    """Play ``deal`` out with ``players`` (one per seat), each choice from an rng seeded by
    ``seed``; returns the settled deal."""
    rng = random.Random(seed)
    while not deal.over:
        d = deal.decision()
        assert d is not None
        deal.apply(players[d.seat].choose(game, deal.observation(d.seat), rng))
    return deal


def choose_before_lead(
    game: StopsGame,
    obs: StopsObservation,
    rng: random.Random,
    *,
    iterations: int | None,
    time_budget: float,
) -> tuple[Action, dict[Action, float], int]:
    """Hard's choice at ``obs.decision`` before the first lead (MI-7, MI-8): ``(action,
    means, worlds)`` where ``means`` gives each option's mean counters won by ``obs.seat``
    (settled balance less the present one) over the same ``worlds`` sampled worlds. A fixed
    ``iterations`` budget gives ``max(MIN_WORLDS, iterations // ITERATIONS_PER_WORLD)``
    worlds; ``None`` draws worlds for ``time_budget`` seconds (at least one)."""
    d = obs.decision
    assert isinstance(d, PlayChoice | BidChoice)
    choices = options(d)
    if len(choices) == 1:
        return choices[0], {}, 0
    totals, done = weigh_options(game, obs, rng, iterations, time_budget)
    return best_option(game, obs, rng, totals, done)


def best_option(
    game: StopsGame, obs: StopsObservation, rng: random.Random, totals: list[float], done: int
) -> tuple[Action, dict[Action, float], int]:
    """The choice from :func:`weigh_options`'s ``totals`` over ``done`` worlds, as
    :func:`choose_before_lead` returns it; with no world (none matched what the seat saw,
    or none was weighed in time) the rule-based player's choice."""
    choices = options(obs.decision)  # type: ignore[arg-type]
    if not done or len(totals) != len(choices):
        return agent_for(game).choose(game, obs, rng), {}, 0
    means = {a: t / done for a, t in zip(choices, totals, strict=True)}
    best = max(range(len(choices)), key=lambda i: (totals[i], -i))
    return choices[best], means, done


def weigh_options(
    game: StopsGame,
    obs: StopsObservation,
    rng: random.Random,
    iterations: int | None,
    time_budget: float,
) -> tuple[list[float], int]:
    """The counters each option of ``obs.decision`` (in :func:`options`' order) brings
    ``obs.seat``, summed over the same worlds, and how many worlds (see
    :func:`choose_before_lead`; a search worker runs it for the table's time budget)."""
    choices = options(obs.decision)  # type: ignore[arg-type]
    worlds = PreLeadWorlds(game, obs)
    players = [agent_for(game) for _ in range(len(obs.hand_counts))]
    totals = [0.0] * len(choices)
    target = None if iterations is None else max(MIN_WORLDS, iterations // ITERATIONS_PER_WORLD)
    start, drawn, done = time.monotonic(), 0, 0
    while (target is not None and drawn < target) or (
        target is None and (drawn == 0 or time.monotonic() - start < time_budget)
    ):
        drawn += 1
        world = worlds.sample(rng)
        seed = rng.getrandbits(62)
        if world is None:
            continue
        for i, action in enumerate(choices):
            deal = world.clone()
            deal.apply(action)
            settled = rollout(game, deal, players, seed)
            totals[i] += settled.balances[obs.seat] - obs.balances[obs.seat]
        done += 1
    return totals, done
