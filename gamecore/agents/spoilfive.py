"""A rule-based computer player for Spoil Five (section 7: SF-20 … SF-32).

The player looks only at its own :class:`~gamecore.spoilfive.deal.SpoilFiveObservation`
(GEN-9): its hand, the cards played to the tricks, the turn-up and who robbed it, the trick
counts and who is ineligible or jinking. From these it keeps track of where the unseen cards
may be (:class:`CardKnowledge`) and estimates how likely a card is to hold the trick against
the players still to play (:func:`hold_probability`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from typing import Any, TypeVar

from gamecore.actions import Action, Claim, Decline, Jink, Play, Rob
from gamecore.agents.base import pending_decision
from gamecore.cards import ACE, FULL_PACK, bit, card, cards_in
from gamecore.decisions import PlayChoice
from gamecore.interface import TRICKS, Rules
from gamecore.registry import register_family_player, register_player
from gamecore.spoilfive.deal import SpoilFiveObservation
from gamecore.spoilfive.game import SpoilFive
from gamecore.spoilfive.ranks import (
    EFF_MASKS,
    EFFECTIVE,
    RENEGE_OK,
    STRENGTH,
    TRUMP,
    trick_winner,
)

#: ``EFF_MASK[t][s]``: the cards whose effective suit is ``s`` (0..3, or ``TRUMP``) when
#: ``t`` is trumps (SF-12), from the rules module.
EFF_MASK = EFF_MASKS
T = TypeVar("T")


def card_key(trump: int, led_suit: int, c: int) -> tuple[int, int]:
    """How ``c`` ranks in a trick whose led effective suit is ``led_suit`` (SF-28): trumps
    above the led suit, off-suit plain cards never win (key ``(0, 0)``)."""
    e = EFFECTIVE[trump][c]
    if e == TRUMP:
        return 2, STRENGTH[trump][c]
    if e == led_suit:
        return 1, STRENGTH[trump][c]
    return 0, 0


def beaters(trump: int, led_suit: int, c: int) -> int:
    """The cards (int mask) that would beat ``c`` in a trick led in ``led_suit`` (SF-28):
    higher trumps; for a card of the led plain suit also every trump and the higher cards of
    that suit. ``FULL_PACK`` for an off-suit plain card (it cannot win)."""
    eff, strength = EFFECTIVE[trump], STRENGTH[trump]
    e = eff[c]
    masks = EFF_MASK[trump]
    if e == TRUMP:
        return _stronger(masks[TRUMP], strength, strength[c])
    if e != led_suit:
        return FULL_PACK
    return masks[TRUMP] | _stronger(masks[e], strength, strength[c])


def _stronger(mask: int, strength: tuple[int, ...], s: int) -> int:
    out = 0
    for x in cards_in(mask):
        if strength[x] > s:
            out |= 1 << x
    return out


def card_cost(trump: int, c: int) -> int:
    """What spending ``c`` costs the player: plain cards by their strength in their suit
    (SF-13), every trump above every plain card, by its trump strength (SF-14)."""
    s = STRENGTH[trump][c]
    return 20 + s if EFFECTIVE[trump][c] == TRUMP else s


@dataclass(frozen=True)
class CardKnowledge:
    """Where the cards may be, as one seat knows it (GEN-9).

    ``unseen``: cards (int mask) that are neither in the seat's hand nor played nor known
    dead — they are in other hands, the stock or the robber's hidden discard. ``located``:
    per seat, cards known to be in that hand (the robbed turn-up, SF-21/SF-22).
    ``excluded``: per seat, cards it cannot hold (it failed to follow a plain suit, SF-25, or
    played a plain card to a trump lead, SF-26/SF-27). ``unknown``: per seat, how many of its
    cards are not located.
    """

    seat: int
    trump: int
    unseen: int
    located: tuple[int, ...]
    excluded: tuple[int, ...]
    unknown: tuple[int, ...]

    def live(self, seat: int) -> int:
        """Cards ``seat`` may hold: located ones and unseen ones not excluded."""
        return self.located[seat] | (self.unseen & ~self.excluded[seat])

    def no_beater(self, seat: int, beat: int) -> float:
        """Probability that ``seat`` holds none of the cards of ``beat`` (hypergeometric
        over the unseen cards it may hold)."""
        if self.located[seat] & beat:
            return 0.0
        pool = self.unseen & ~self.excluded[seat]
        size, h = pool.bit_count(), self.unknown[seat]
        if h <= 0:
            return 1.0
        b = (pool & beat).bit_count()
        if h > size:  # cannot happen with sound inferences; stay pessimistic
            return 0.0 if b else 1.0
        return comb(size - b, h) / comb(size, h)


def played_cards(obs: SpoilFiveObservation) -> int:
    """Every card played to a trick so far, finished or current (SF-29: public)."""
    m = 0
    for t in obs.tricks:
        for _, c in t.cards:
            m |= 1 << c
    for _, c in obs.trick:
        m |= 1 << c
    return m


def knowledge(game: SpoilFive, obs: SpoilFiveObservation) -> CardKnowledge:
    """What ``obs.seat`` knows about the cards (see :class:`CardKnowledge`).

    The turn-up (SF-10) is dead unless robbed: if another seat robbed it, that seat holds it
    until it is played; if nobody has yet, it stays possibly live only while the holder of
    the trump ace may still rob at his first turn in trick 1 (SF-22).
    """
    t, n = obs.trump, len(obs.hand_counts)
    played = played_cards(obs)
    unseen = FULL_PACK & ~obs.hand & ~played
    located = [0] * n
    unseen &= ~bit(obs.turnup)
    if not played & bit(obs.turnup):
        if obs.robbed_by is not None and obs.robbed_by != obs.seat:
            located[obs.robbed_by] = bit(obs.turnup)
        elif obs.robbed_by is None and _turnup_may_be_robbed(game, obs, played):
            unseen |= bit(obs.turnup)
    excluded = [0] * n
    eff = EFFECTIVE[t]
    masks = EFF_MASK[t]
    tricks = [tr.cards for tr in obs.tricks] + ([obs.trick] if obs.trick else [])
    for plays in tricks:
        led = plays[0][1]
        s = eff[led]
        for p, c in plays[1:]:
            if s != TRUMP and eff[c] not in (s, TRUMP):
                excluded[p] |= masks[s]  # SF-25: void in the led suit
            elif s == TRUMP and eff[c] != TRUMP:
                # SF-27: reneged, so every trump held is privileged and above the lead.
                excluded[p] |= masks[TRUMP] & ~RENEGE_OK[t][led]
    unknown = tuple(
        max(0, obs.hand_counts[p] - located[p].bit_count()) if p != obs.seat else 0
        for p in range(n)
    )
    return CardKnowledge(obs.seat, t, unseen, tuple(located), tuple(excluded), unknown)


def _turnup_may_be_robbed(game: SpoilFive, obs: SpoilFiveObservation, played: int) -> bool:
    """Whether the unrobbed turn-up may still be taken into an opponent's hand (SF-22)."""
    if game.robbing == "off" or obs.tricks:
        return False
    ace = card(ACE, obs.trump)
    if obs.turnup == ace:
        return False  # the dealer decides before the first lead (SF-21)
    return not (obs.hand | played) & bit(ace)


def hold_probability(k: CardKnowledge, c: int, led_suit: int, after: list[int]) -> float:
    """Estimated probability that ``c`` is not beaten by any seat of ``after`` (the seats
    still to play to the trick): each is assumed to play a beating card if it holds one."""
    beat = beaters(k.trump, led_suit, c)
    p = 1.0
    for s in after:
        p *= k.no_beater(s, beat)
        if p == 0.0:
            break
    return p


def surely_wins_rest(k: CardKnowledge, hand: int, opponents: list[int]) -> bool:
    """Whether every card of ``hand`` wins its trick whatever the opponents hold, when the
    holder leads each of them (SF-24, SF-28): each card is above every live card that could
    beat it (a trump above every live trump; a plain card only if no live trump or higher
    card of its suit remains). Live: an opponent may hold it (:meth:`CardKnowledge.live`:
    unseen and not excluded by his failures to follow, or located with him)."""
    live = 0
    for s in opponents:
        live |= k.live(s)
    return all(not live & beaters(k.trump, EFFECTIVE[k.trump][c], c) for c in cards_in(hand))


class SpoilFiveAgent:
    """Rule-based Spoil Five player that sees only its own observation (GEN-9).

    * Robbing (SF-21, SF-22, SF-23): whenever it may rob, it robs (declining gains nothing
      and under ``compulsory`` makes it ineligible, SF-30). It discards its worst card: a
      plain card whenever it holds one (never a trump then), the lowest in its suit (SF-13),
      preferring a short suit; with only trumps, its lowest trump (SF-14).
    * Claim or jink (SF-31, SF-32): it jinks only when its two remaining cards surely win
      tricks 4 and 5 (:func:`surely_wins_rest`): each is above every card that could beat
      it and that an opponent may still hold — every unseen card, trumps always counted as
      playable, less only what an opponent has proved he lacks by not following (SF-25 …
      SF-27). Otherwise it claims the pool.
    * Card play (SF-24 … SF-28): it tracks the played cards, its hand, the turn-up (dead
      unless robbed; held by the robber) and the voids shown by failures to follow
      (:func:`knowledge`), and estimates how likely each card is to hold the trick
      (:func:`hold_probability`).

      - As the jinker (SF-32) it plays, and leads, the card likeliest to win, cheapest first.
      - Against another jinker it beats him cheaply when he is winning the trick and raises
        the bar when he is still to play; it leads its strongest card.
      - While three tricks are in reach for itself (eligible, SF-30) it wins cheaply: the
        cheapest card likely to hold the trick (``WIN_THRESHOLD``), all-out when it must win
        every remaining trick; it leads the card likeliest to win, cheapest among equals.
      - Otherwise it spoils: when an opponent close to three tricks (two tricks, or one in
        the first two tricks) is winning the trick, it beats him with its cheapest beating
        card; when leading with such an opponent about, it leads its strongest trump to draw
        his trumps, or else its strongest card.
      - When it does not play to win, it throws its cheapest card: the lowest plain card,
        keeping trumps — which also means reneging (SF-27) with a plain card and keeping the
        privileged 5, J and ♥A when the trick is not worth it.

    ``rng`` only breaks exact ties. It always returns one of ``obs.decision.actions``.
    """

    WIN_THRESHOLD = 0.75

    def choose(self, game: SpoilFive, obs: SpoilFiveObservation, rng: random.Random) -> Action:
        """One legal action for ``obs.decision`` (see the class docstring).

        Args: ``game`` (the Spoil Five rules with options; read-only), ``obs`` (this seat's
        observation; ``obs.decision`` must be its pending decision), ``rng`` (ties only).
        """
        d = pending_decision(obs)
        assert isinstance(d, PlayChoice)
        acts = d.actions
        if len(acts) == 1:
            return acts[0]
        if any(isinstance(a, Rob) for a in acts):
            return self.rob(obs, acts, rng)
        if any(isinstance(a, Claim | Jink) for a in acts):
            return self.claim_or_jink(game, obs, acts)
        if any(isinstance(a, Decline) for a in acts):
            return next(a for a in acts if isinstance(a, Decline))
        plays = [a for a in acts if isinstance(a, Play)]
        if not plays:
            return acts[0]
        c = self.play_card(game, obs, [a.card for a in plays], rng)
        return next(a for a in plays if a.card == c)

    # ---- robbing (SF-21 … SF-23) -----------------------------------------------------------

    def rob(
        self, obs: SpoilFiveObservation, acts: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """Rob, discarding the worst card (see the class docstring)."""
        t = obs.trump
        robs = [a for a in acts if isinstance(a, Rob)]
        eff, strength = EFFECTIVE[t], STRENGTH[t]
        plain = [a for a in robs if eff[a.card] != TRUMP]
        pick = plain or robs

        def worth(a: Rob) -> tuple[int, int]:
            return strength[a.card], (obs.hand & EFF_MASK[t][eff[a.card]]).bit_count()

        return _cheapest(pick, worth, rng)

    # ---- claim or jink (SF-31) -------------------------------------------------------------

    def claim_or_jink(
        self, game: SpoilFive, obs: SpoilFiveObservation, acts: tuple[Action, ...]
    ) -> Action:
        """Jink only when the remaining cards surely win every trick; otherwise claim."""
        k = knowledge(game, obs)
        opponents = [s for s in range(len(obs.hand_counts)) if s != obs.seat]
        want = Jink if surely_wins_rest(k, obs.hand, opponents) else Claim
        return next(a for a in acts if isinstance(a, want))

    # ---- card play (SF-24 … SF-28) ---------------------------------------------------------

    def play_card(
        self, game: SpoilFive, obs: SpoilFiveObservation, legal: list[int], rng: random.Random
    ) -> int:
        """The card to play among ``legal`` (see the class docstring)."""
        t, me, n = obs.trump, obs.seat, len(obs.hand_counts)
        k = knowledge(game, obs)
        done = len(obs.tricks)
        left = 5 - done
        won = obs.tricks_won
        eligible = [s for s in range(n) if not obs.ineligible[s]]

        def cost(c: int) -> float:
            return card_cost(t, c)

        def cheapest(cards: list[int]) -> int:
            return _cheapest(cards, cost, rng)

        decided = (any(won[s] >= 3 for s in eligible) and obs.jinker is None) or not any(
            won[s] + left >= 3 for s in eligible
        )
        if decided:
            return cheapest(legal)  # tricks played out for show (sf.playOutDeadTricks)

        def close(s: int) -> bool:
            return (
                s != me
                and not obs.ineligible[s]
                and won[s] + left >= 3
                and (won[s] >= 2 or (won[s] >= 1 and done <= 2))
            )

        in_reach = not obs.ineligible[me] and won[me] + left >= 3
        must_sweep = in_reach and won[me] + left == 3
        trick = obs.trick
        if not trick:
            after = [(me + i) % n for i in range(1, n)]
            chances = {c: hold_probability(k, c, EFFECTIVE[t][c], after) for c in legal}
            if obs.jinker is not None or in_reach:
                return _likeliest(legal, chances, cost, rng)
            if any(close(s) for s in range(n)):
                trumps = [c for c in legal if EFFECTIVE[t][c] == TRUMP]
                if trumps:
                    return max(trumps, key=lambda c: STRENGTH[t][c])
                return _likeliest(legal, chances, cost, rng)
            return cheapest(legal)

        led = EFFECTIVE[t][trick[0][1]]
        best_seat = trick_winner(t, list(trick))
        best_key = card_key(t, led, next(c for s, c in trick if s == best_seat))
        after = [(me + i) % n for i in range(1, n - len(trick))]
        beating = [c for c in legal if card_key(t, led, c) > best_key]
        chances = {c: hold_probability(k, c, led, after) for c in beating}
        if obs.jinker == me:
            if not beating:
                return cheapest(legal)
            return _likeliest(beating, chances, cost, rng)
        if obs.jinker is not None:
            if best_seat == obs.jinker:
                return cheapest(beating) if beating else cheapest(legal)
            if obs.jinker in after and beating:
                return max(beating, key=lambda c: card_key(t, led, c))
            return cheapest(legal)
        if in_reach and beating:
            if must_sweep:
                return _likeliest(beating, chances, cost, rng)
            likely = [c for c in beating if chances[c] >= self.WIN_THRESHOLD]
            if likely:
                return cheapest(likely)
        if beating and close(best_seat):
            return cheapest(beating)
        if beating and any(close(s) for s in after):
            likely = [c for c in beating if chances[c] >= self.WIN_THRESHOLD]
            if likely:
                return cheapest(likely)
        return cheapest(legal)


def _cheapest(items: list[T], cost: Callable[[T], Any], rng: random.Random) -> T:
    """The item of least ``cost``; exact ties broken by ``rng``."""
    low = min(cost(x) for x in items)
    tied = [x for x in items if cost(x) == low]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


def _likeliest(
    cards: list[int], chances: dict[int, float], cost: Callable[[int], float], rng: random.Random
) -> int:
    """The card likeliest to win (within 0.02 of the best), the cheapest of those."""
    best = max(chances[c] for c in cards)
    return _cheapest([c for c in cards if chances[c] >= best - 0.02], cost, rng)


register_player("spoil-five", SpoilFiveAgent)


def _trick_player(game: Rules) -> type[SpoilFiveAgent]:
    """A trick game with no player of its own (a Spoil Five cousin with the same trump
    order) is played by the Spoil Five player, which reads the declarations."""
    return SpoilFiveAgent


register_family_player(TRICKS, _trick_player)
