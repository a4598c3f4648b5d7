"""A rule-based computer player for Newmarket (NM-5, NM-7, NM-8, STOP-6, STOP-7).

The player looks only at its own observation (GEN-9). Its one real decision is the lead: it
plays out, in its head, the run each legal lead would give it from its own hand, and scores
the run by the pools it captures, whether it surely keeps the lead, and how many cards it
sheds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gamecore.actions import Action, Play, Split
from gamecore.agents.base import pending_decision, stake_action
from gamecore.cards import SUIT_MASK, suit_of
from gamecore.decisions import PlayChoice, SplitChoice, StakeChoice
from gamecore.registry import register_player
from gamecore.stops.deal import StopsObservation
from gamecore.stops.game import StopsGame, rank_position


@dataclass(frozen=True, slots=True)
class LeadPlan:
    """What leading ``card`` would surely do, judged from one hand (NM-7, STOP-6, STOP-7).

    ``run``: the cards (ints) the leader would play in a row from his own hand, ``card``
    first. ``captured``: counters in the pools whose pay cards lie on the run (NM-8).
    ``keeps_lead``: the run ends on a card whose successor is known to be unavailable, so the
    sequence stops on the leader and he leads again (STOP-7). ``score``: the agent's value of
    the lead (higher is better).
    """

    card: int
    run: tuple[int, ...]
    captured: int
    keeps_lead: bool
    score: float


def successor_unavailable(game: StopsGame, obs: StopsObservation, c: int) -> bool:
    """Whether ``obs.seat`` knows for certain that nobody can play after card ``c`` (STOP-7).

    True when ``c`` has no successor (a King with the ace low, an Ace with the ace high, or a
    successor removed from the pack such as 8♦ under ``nm.removeEightOfDiamonds``; all are
    ``None`` in ``game.succ``), or the successor has been played (``obs.played``), announced
    missing at a stop (``obs.known_out``) or is not in ``game.pack``. A successor in the
    seat's own hand is not unavailable.
    """
    nxt = game.succ[c]
    if nxt is None:
        return True
    b = 1 << nxt
    return bool(obs.played & b or obs.known_out & b or not game.pack & b)


class NewmarketAgent:
    """Rule-based Newmarket player that sees only its own observation (GEN-9).

    * Staking (NM-5): as dealer it names the default stake (``nm.stake``, capped by
      ``nm.maxStake`` and, without debt, the poorest balance: GEN-5 rule 2). It splits its
      stake by the rules' automatic split (one counter per pool cycling ♥A, ♣K, ♦Q, ♠J).
      Staking comes before the deal (GEN-9), so no card information exists; every seat is
      equally likely to hold each pay card, and a counter placed on one pool is no likelier
      to come back than one placed on another. The automatic split is therefore as good as
      any and is what a human accepting the default does.
    * Leads (NM-7: the lowest card of a chosen suit; ``nm.mustChangeSuit`` is already
      applied in the legal set, NM-11): for each legal lead it follows the run of
      consecutive cards it holds itself (STOP-6, ``game.succ``) and scores it:
      ``CAPTURE_WEIGHT`` per counter in each pool whose pay card lies on the run (NM-8),
      ``KEEP_LEAD_BONUS`` if the run ends on a card whose successor is known unavailable so
      that it leads again (STOP-7), ``RUN_CARD_WEIGHT`` per card shed, and small
      tie-breaking preferences for long suits (``SUIT_LENGTH_WEIGHT`` per card of the suit
      held) and low cards (up to ``LOW_CARD_WEIGHT``). Exact ties are broken with ``rng``.
    * Continuations (STOP-6) and any decision with one legal action are forced: it plays the
      one action.

    It always returns an action from ``obs.decision``'s legal set or range.
    """

    CAPTURE_WEIGHT = 1.0
    KEEP_LEAD_BONUS = 3.0
    RUN_CARD_WEIGHT = 1.0
    SUIT_LENGTH_WEIGHT = 0.1
    LOW_CARD_WEIGHT = 0.05

    def choose(self, game: StopsGame, obs: StopsObservation, rng: random.Random) -> Action:
        """One legal action for ``obs.decision`` (see the class docstring).

        Args: ``game`` (the Newmarket rules with options; read-only), ``obs`` (this seat's
        observation; ``obs.decision`` must be this seat's pending decision), ``rng`` (used
        only to break exact ties between leads).
        """
        d = pending_decision(obs)
        if isinstance(d, StakeChoice):
            return stake_action(d)
        if isinstance(d, SplitChoice):
            return self.split(d)
        assert isinstance(d, PlayChoice)
        if len(d.actions) == 1 or obs.top is not None:
            return d.actions[0]
        return self.choose_lead(game, obs, d, rng)

    def split(self, choice: SplitChoice) -> Split:
        """The split of ``choice.total`` (NM-5): the rules' automatic split when it is valid,
        otherwise everything on the first pool. Always exactly ``choice.total`` counters."""
        if choice.allows(choice.default):
            return choice.default_action()
        amounts = [0] * len(choice.pools)
        amounts[0] = choice.total
        return Split(choice.seat, tuple(amounts))

    def choose_lead(
        self, game: StopsGame, obs: StopsObservation, choice: PlayChoice, rng: random.Random
    ) -> Action:
        """The best-scoring lead among ``choice.actions`` (NM-7), ties broken by ``rng``."""
        scored = [
            (self.plan_lead(game, obs, a.card).score, a)
            for a in choice.actions
            if isinstance(a, Play)
        ]
        if not scored:
            return choice.actions[0]
        best = max(score for score, _ in scored)
        tied = [a for score, a in scored if score >= best - 1e-9]
        return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]

    def plan_lead(self, game: StopsGame, obs: StopsObservation, card: int) -> LeadPlan:
        """Follow the run leading ``card`` gives from ``obs.hand`` alone and score it.

        ``card`` must be in ``obs.hand``. Pools are valued at ``obs.pools`` (counters, in
        ``game.pools`` order) through ``game.capture_table`` (pay card → pool index, NM-8).
        """
        hand = obs.hand
        run = [card]
        c = card
        while True:
            nxt = game.succ[c]
            if nxt is None or not hand >> nxt & 1:
                break
            run.append(nxt)
            c = nxt
        trump = None if obs.turnup is None else suit_of(obs.turnup)
        pool_of_card = game.capture_table(trump)
        captured = sum(obs.pools[pool_of_card[x]] for x in run if x in pool_of_card)
        went_out = len(run) == hand.bit_count()
        keeps_lead = not went_out and successor_unavailable(game, obs, run[-1])
        suit_cards = (hand & SUIT_MASK[suit_of(card)]).bit_count()
        lowness = (12 - rank_position(card, game.ace_high)) / 12
        score = (
            self.CAPTURE_WEIGHT * captured
            + (self.KEEP_LEAD_BONUS if keeps_lead else 0.0)
            + self.RUN_CARD_WEIGHT * len(run)
            + self.SUIT_LENGTH_WEIGHT * suit_cards
            + self.LOW_CARD_WEIGHT * lowness
        )
        return LeadPlan(card, tuple(run), captured, keeps_lead, score)


register_player("newmarket", NewmarketAgent)
