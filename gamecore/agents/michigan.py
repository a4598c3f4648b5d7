"""The rule-based computer player of Michigan (MI-7, MI-8, MI-9 … MI-12).

Leads are Newmarket's player's (the lowest card of a suit, judged by the run it gives and the
pools it captures; MI-11 is already applied in the legal set), with the dead cards its seat
has seen (the hand it gave up for the widow) counted as stops. Before the first lead it
judges a hand by what a Michigan hand is worth: few runs to play out (each run is a lead to
win back) and pay cards whose pools it may capture. The widow is unseen, so its worth is the
average of hands drawn from the cards this seat has not seen (GEN-9).
"""

from __future__ import annotations

import random
from dataclasses import replace

from gamecore.actions import AUCTION, EXCHANGE, KEEP, Action, Bid, Pass, Widow
from gamecore.agents.base import pending_decision
from gamecore.agents.newmarket import NewmarketAgent
from gamecore.cards import cards_in
from gamecore.decisions import BidChoice, PlayChoice
from gamecore.registry import register_player
from gamecore.stops.deal import StopsObservation
from gamecore.stops.game import StopsGame

#: Widows drawn to judge the unseen one.
SAMPLES = 24


def hand_value(game: StopsGame, hand: int, pools: tuple[int, ...]) -> float:
    """What ``hand`` (int mask) is worth in counters, roughly: −1 per run of consecutive
    cards (each run beyond the first is a lead to win back, and cards left cost one each,
    MI-14), plus half of each pool whose single pay card it holds (MI-12)."""
    runs = 0
    for c in cards_in(hand):
        prev = [p for p in range(52) if game.succ[p] == c]
        if not (prev and hand >> prev[0] & 1):
            runs += 1
    captures = game.capture_table(None)
    paid = sum(pools[p] for c, p in captures.items() if hand >> c & 1)
    return -float(runs) + 0.5 * paid


def widow_gain(game: StopsGame, obs: StopsObservation, rng: random.Random) -> float:
    """How much better the unseen widow is than ``obs.hand`` on average (counters), from
    :data:`SAMPLES` widows of the hand's size drawn from the cards this seat has not seen."""
    unseen = [c for c in cards_in(game.pack) if not (obs.hand | obs.played) >> c & 1]
    size = max(obs.hand.bit_count(), 1)
    mine = hand_value(game, obs.hand, obs.pools)
    total = 0.0
    for _ in range(SAMPLES):
        widow = 0
        for c in rng.sample(unseen, min(size, len(unseen))):
            widow |= 1 << c
        total += hand_value(game, widow, obs.pools)
    return total / SAMPLES - mine


class MichiganAgent(NewmarketAgent):
    """Michigan's rule-based player (see the module docstring).

    * The dealer's widow choice (MI-7): ``exchange`` when the widow is worth more than his
      hand by :attr:`EXCHANGE_MARGIN`; else ``auction`` when allowed (the others pay him
      for it); else ``keep``.
    * A bid (MI-8): the least allowed bid while it is at most :attr:`BID_SHARE` of the
      widow's expected gain over its hand, else pass.
    """

    EXCHANGE_MARGIN = 1.0
    BID_SHARE = 0.5

    def choose(self, game: StopsGame, obs: StopsObservation, rng: random.Random) -> Action:
        """One legal action for ``obs.decision`` (see the class docstring)."""
        d = pending_decision(obs)
        if isinstance(d, BidChoice):
            return self.bid(game, obs, d, rng)
        if isinstance(d, PlayChoice) and any(isinstance(a, Widow) for a in d.actions):
            return self.widow_choice(game, obs, d, rng)
        if obs.seen:  # the dead hand it gave up is out of play (MI-10)
            obs = replace(obs, known_out=obs.known_out | obs.seen)
        return super().choose(game, obs, rng)

    def widow_choice(
        self, game: StopsGame, obs: StopsObservation, d: PlayChoice, rng: random.Random
    ) -> Action:
        """The dealer's choice among ``d.actions`` (MI-7)."""
        legal = {a.choice for a in d.actions if isinstance(a, Widow)}
        if EXCHANGE in legal and widow_gain(game, obs, rng) > self.EXCHANGE_MARGIN:
            return Widow(d.seat, EXCHANGE)
        for choice in (AUCTION, KEEP, EXCHANGE):
            if choice in legal:
                return Widow(d.seat, choice)
        return d.actions[0]

    def bid(
        self, game: StopsGame, obs: StopsObservation, d: BidChoice, rng: random.Random
    ) -> Action:
        """The least allowed bid when the widow is worth it, else pass (MI-8)."""
        if d.can_bid and d.low <= self.BID_SHARE * widow_gain(game, obs, rng):
            return Bid(d.seat, d.low)
        return Pass(d.seat)


register_player("michigan", MichiganAgent)
