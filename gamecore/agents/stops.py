"""Rule-based computer players for Pope Joan (PJ-F, PJ-M, PJ-C), Spin and Spinado.

Every player here looks only at its own :class:`~gamecore.stops.deal.StopsObservation`
(GEN-9) and the rules description, and builds on the Newmarket player
(:class:`~gamecore.agents.newmarket.NewmarketAgent`): the same staking (the rules' default
stake and automatic split, NM-5, PJ-21), the same forced continuations (STOP-6) and the same
idea for a lead — follow, in its head, the run of consecutive cards it holds itself from each
legal lead (STOP-6, ``game.succ``) and score it.

* :class:`PopeJoanAgent` (section 3) scores a run by the compartments it captures (PJ-8,
  PJ-C-6), the combinations it completes (PJ-23, PJ-C-6), the doubling it no longer risks
  (PJ-11, PJ-24, PJ-27), going out (PJ-9, PJ-25, PJ-C-7), keeping the lead on a known stop
  (STOP-7), the cards shed, and whether its first card can only ever be played as a lead.
* :class:`SpinAgent` (section 5) plays Newmarket and decides when to put down the ♦A (SP-2,
  SP-3, SP-4, SP-8).
* :class:`SpinadoAgent` (section 6) scores leads like the Pope Joan player (Matrimony and
  Intrigue SN-11/SN-12, King bonuses SN-10/SN-13) and follows SEED-SN's advice on the ♦A
  (SN-8, SN-9, SN-14).
* :class:`SubstituteAgent` (cousins §2, Commit) scores leads like the Pope Joan player
  (King bonuses CM-12, the pool and the cards of the others on going out CM-13) and
  decides when to play the substitute, the 9♦, offered by the turn round or as a lead
  (CM-9 … CM-11), and when to keep it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from gamecore.actions import Action, Pass, Play
from gamecore.agents.base import pending_decision
from gamecore.agents.newmarket import (
    LeadPlan,
    NewmarketAgent,
    rank_position,
    successor_unavailable,
)
from gamecore.cards import SUIT_MASK, suit_of
from gamecore.decisions import PlayChoice
from gamecore.interface import STOPS, Rules
from gamecore.registry import register_family_player, register_player
from gamecore.stops.deal import StopsObservation, offered, played_by_of
from gamecore.stops.game import (
    LOWEST_OF_SUIT,
    SPECIAL_SPIN,
    SPECIAL_SPINADO,
    SPECIAL_SUBSTITUTE,
    StopsGame,
    lowest_in_suit,
)

#: A two-card combination: (pool index, (card, card)).
Combo = tuple[int, tuple[int, int]]


# ---- what one seat knows about the cards (GEN-9, STOP-2, STOP-3, STOP-7) ----------------


def own_run(game: StopsGame, hand: int, c: int) -> tuple[int, ...]:
    """The cards ``c``, ``succ(c)``, ``succ(succ(c))`` … as long as ``hand`` (int mask) holds
    them: what its holder plays in a row after ``c`` (STOP-6). ``c`` itself is always first."""
    run = [c]
    while (nxt := game.succ[run[-1]]) is not None and hand >> nxt & 1:
        run.append(nxt)
    return tuple(run)


@lru_cache(maxsize=32)
def _predecessors(succ: tuple[int | None, ...]) -> tuple[int | None, ...]:
    pred: list[int | None] = [None] * 52
    for c, nxt in enumerate(succ):
        if nxt is not None:
            pred[nxt] = c
    return tuple(pred)


def predecessor(game: StopsGame, c: int) -> int | None:
    """The card whose successor is ``c`` (STOP-2), or ``None`` (an Ace with the ace low, a 3
    in Spinado, the 9♦ without the 8♦ …)."""
    return _predecessors(game.succ)[c]


def card_dead(game: StopsGame, obs: StopsObservation, c: int) -> bool:
    """Whether ``obs.seat`` knows that nobody can play card ``c`` any more this deal: it has
    been played, was announced missing at a stop (``obs.known_out``), is not in the pack, or
    is the turned-up trump, which stays in the stock (PJ-22, PJ-C-4)."""
    b = 1 << c
    return bool(obs.played & b or obs.known_out & b or not game.pack & b) or c == obs.turnup


def successor_dead(game: StopsGame, obs: StopsObservation, c: int) -> bool:
    """Whether a sequence surely stops on ``c`` (STOP-7): Newmarket's test
    (:func:`~gamecore.agents.newmarket.successor_unavailable`) plus the turned-up trump."""
    return successor_unavailable(game, obs, c) or game.succ[c] == obs.turnup


def only_by_lead(game: StopsGame, obs: StopsObservation, c: int) -> bool:
    """Whether ``c`` can leave its holder's hand only as a lead (or on a run he leads from a
    lower card): nothing can be played up to it because its predecessor does not exist or is
    dead (:func:`card_dead`)."""
    pred = predecessor(game, c)
    return pred is None or card_dead(game, obs, pred)


def single_run(game: StopsGame, hand: int) -> bool:
    """Whether ``hand`` (int mask, non-empty) is one run of one suit from its lowest card, so
    that a player who leads its lowest card plays out the whole hand (STOP-6, STOP-9)."""
    if not hand:
        return False
    s = suit_of((hand & -hand).bit_length() - 1)
    if hand & ~SUIT_MASK[s]:
        return False
    low = lowest_in_suit(hand, s, game.ace_high)
    assert low is not None
    return len(own_run(game, hand, low)) == hand.bit_count()


def played_by(game: StopsGame, obs: StopsObservation) -> dict[int, int]:
    """Card → seat that played it, from the public history (the special card of a Spin
    included)."""
    return played_by_of(obs.history, game.special_card)


def trump_of(obs: StopsObservation) -> int | None:
    """The trump suit fixed by the turned card (PJ-22, PJ-C-4), or ``None``."""
    return None if obs.turnup is None else suit_of(obs.turnup)


# ---- a lead planner for any-card stops games ---------------------------------------------


@dataclass(frozen=True, slots=True)
class RunPlan(LeadPlan):
    """A :class:`~gamecore.agents.newmarket.LeadPlan` for Pope Joan and Spinado.

    ``captured`` counts every counter won at once along the run: pools, combinations,
    bonuses from the other players and, when the run empties the hand, the Game pool and one
    counter per card from each other player. ``relief``: the doubling payments the leader no
    longer risks once the run is played (PJ-11, PJ-24, PJ-27). ``only_by_lead``: the first
    card can never be reached by a sequence (:func:`only_by_lead`). ``goes_out``: the run
    empties the hand (STOP-9).
    """

    relief: int
    only_by_lead: bool
    goes_out: bool


class PlanningAgent(NewmarketAgent):
    """Shared lead planner of :class:`PopeJoanAgent` and :class:`SpinadoAgent`.

    Staking, splits and forced moves are the Newmarket player's. A lead of card ``c`` with
    own run ``R`` (:func:`own_run`) scores::

        f · (CAPTURE_WEIGHT · captured + DOUBLING_WEIGHT · relief)
        + KEEP_LEAD_BONUS (R ends on a known stop, STOP-7)
        + RUN_CARD_WEIGHT · |R| + ONLY_BY_LEAD_BONUS (c only playable as a lead)
        + SUIT_LENGTH_WEIGHT · cards of c's suit held + LOW_CARD_WEIGHT · lowness

    where ``f`` is 1 when ``c`` can only be played as a lead and ``REACHABLE_FACTOR``
    otherwise (someone may still run up to it, and the gain would come without spending a
    lead). Subclasses say what a card captures, combines, earns and risks.
    """

    DOUBLING_WEIGHT = 0.5
    REACHABLE_FACTOR = 0.5
    ONLY_BY_LEAD_BONUS = 1.0

    # ---- what the game pays (from its declarations, gamecore.stops.game) ----------------

    def captures(self, game: StopsGame, obs: StopsObservation) -> Mapping[int, int]:
        """Card → pool index it captures when played (PJ-8, PJ-24, PJ-C-6)."""
        return game.capture_table(trump_of(obs))

    def combos(self, game: StopsGame, obs: StopsObservation) -> tuple[Combo, ...]:
        """Two-card compartments winnable this deal (PJ-23, PJ-C-6, SN-11, SN-12)."""
        return tuple((pool, (a, b)) for pool, a, b in game.combo_table(trump_of(obs)))

    def combos_divide(self, game: StopsGame) -> bool:
        """Whether a combination played by two players is divided between them (PJ-23)."""
        return bool(game.combos_divide)

    def bonuses(self, game: StopsGame, obs: StopsObservation) -> Mapping[int, int]:
        """Card → counters its player receives from the others in all (SN-10, SN-13; the
        special card played alone as a Spinado, SN-8)."""
        others = len(obs.hand_counts) - 1
        out = {c: amount * others for c, (amount, _) in game.card_bonus.items()}
        if game.special_kind == SPECIAL_SPINADO and game.special_card is not None:
            out[game.special_card] = game.spin_payment * others
        return out

    def liability(self, game: StopsGame, obs: StopsObservation, hand: int) -> int:
        """Doubling payments due if the deal ended now with ``hand`` (int mask) held: the
        pools of the doubling cards held (PJ-11, PJ-24) and of the winnable combinations
        with a card held (PJ-27); nothing where the game declares no doubling (PJ-C-8,
        ``pj.doubling = false``)."""
        pools = obs.pools
        trump = trump_of(obs)
        due = sum(pools[pool] for pool, c in game.doubling_table(trump) if hand >> c & 1)
        if trump is None or not game.double_combos:
            return due
        for pool, a, b in game.combo_table(trump):
            # Winnable: neither card known to lie in the stock (turn-up or announced missing).
            in_stock = [card_dead(game, obs, x) and not obs.played >> x & 1 for x in (a, b)]
            if not any(in_stock) and (hand >> a & 1 or hand >> b & 1):
                due += pools[pool]
        return due

    # ---- the plan -------------------------------------------------------------------

    def run_gain(self, game: StopsGame, obs: StopsObservation, run: tuple[int, ...]) -> int:
        """Counters won at once by playing ``run`` (see :class:`RunPlan`)."""
        pools = obs.pools
        caps = self.captures(game, obs)
        gain = sum(pools[p] for p in {caps[x] for x in run if x in caps})
        bonus = self.bonuses(game, obs)
        gain += sum(bonus.get(x, 0) for x in run)
        by = played_by(game, obs)
        divide = self.combos_divide(game)
        for pool, (a, b) in self.combos(game, obs):
            if not pools[pool] or (a not in run and b not in run):
                continue
            if all(x in run or by.get(x) == obs.seat for x in (a, b)):
                gain += pools[pool]
            elif divide and any(x not in run and x in by for x in (a, b)):
                gain += pools[pool] // 2
        if len(run) == obs.hand.bit_count():
            gain += sum(n for s, n in enumerate(obs.hand_counts) if s != obs.seat)
            if game.game_pool is not None:
                gain += pools[game.game_pool]
        return gain

    def plan_lead(self, game: StopsGame, obs: StopsObservation, card: int) -> RunPlan:
        """Follow the run leading ``card`` (in ``obs.hand``) gives and score it (class doc)."""
        hand = obs.hand
        run = own_run(game, hand, card)
        rest = hand & ~sum(1 << x for x in run)
        goes_out = not rest
        captured = self.run_gain(game, obs, run)
        relief = self.liability(game, obs, hand) - self.liability(game, obs, rest)
        alone = only_by_lead(game, obs, card)
        keeps_lead = not goes_out and successor_dead(game, obs, run[-1])
        factor = 1.0 if alone else self.REACHABLE_FACTOR
        suit_cards = (hand & SUIT_MASK[suit_of(card)]).bit_count()
        lowness = (12 - rank_position(card, game.ace_high)) / 12
        score = (
            factor * (self.CAPTURE_WEIGHT * captured + self.DOUBLING_WEIGHT * relief)
            + (self.KEEP_LEAD_BONUS if keeps_lead else 0.0)
            + self.RUN_CARD_WEIGHT * len(run)
            + (self.ONLY_BY_LEAD_BONUS if alone else 0.0)
            + self.SUIT_LENGTH_WEIGHT * suit_cards
            + self.LOW_CARD_WEIGHT * lowness
        )
        return RunPlan(card, run, captured, keeps_lead, score, relief, alone, goes_out)


# ---- Pope Joan -----------------------------------------------------------------------------


class PopeJoanAgent(PlanningAgent):
    """Pope Joan player for all three profiles (``game.profile`` F, M or C).

    * Staking: PJ-F and PJ-C dress automatically (PJ-5, PJ-C-3). In PJ-M the dealer names
      ``pj.m.dealerStake`` (the :class:`~gamecore.decisions.StakeChoice` default, capped by
      GEN-5) and every player uses the automatic split (PJ-21).
    * Leads (PJ-7 any card; PJ-C-2 ``pj.c.parlettLead`` lowest card, already in the legal
      set): :class:`PlanningAgent`'s score, with captures PJ-F ``game.layout_cards`` (PJ-8),
      PJ-M the Pope (PJ-24), PJ-C the Pope 9♦ and the trump honours ``game.honours(trump)``
      (PJ-C-6); combinations PJ-M ``game.combos(trump)`` (taken whole, or half when the
      partner card was played by another player, PJ-23) and PJ-C Matrimony and Intrigue
      (both cards its own, PJ-C-6); doubling risk PJ-F layout cards (PJ-11), PJ-M the Pope
      and the winnable combinations (PJ-24, PJ-27), none in PJ-C (PJ-C-8). It therefore
      brings out its layout cards first, above all those nothing can be played up to.
    * Continuations are forced (STOP-6).
    """

    # Captures, combinations and doubling: :class:`PlanningAgent` reads the declarations.


# ---- Spin ----------------------------------------------------------------------------------


class SpinAgent(NewmarketAgent):
    """Spin player: the Newmarket player (SP-1) plus the choice of putting down the ♦A with a
    continuation card (SP-2). With continuation card ``c`` (the remaining hand ``rest`` is
    its hand without ``c`` and the ♦A) it spins:

    1. when ``rest`` is empty (SP-8: it goes out) or is a single run it can then lead from its
       lowest card and play out (SP-3: the spinner leads next) — always;
    2. never while ``succ(c)`` is in its own hand (it waits for the last card of its run);
    3. when the sequence would stop on ``c`` anyway (STOP-7), only to lead with the
       privilege (SP-4) a pay card with counters on it that is not its lowest of the suit;
    4. otherwise (the sequence would pass on to someone else) when the cards that would
       follow (up to ``THREAT_REACH`` of them, not its own, not known dead) include a pay
       card with counters on it (NM-8), when it holds a pay card with counters on it to lead
       with the privilege (SP-4, SP-10 respected), or when some opponent has at most
       ``FEW_CARDS`` cards left.

    Otherwise it keeps the ♦A. Leads, including the privileged lead after a Spin (whose
    legal set holds the pay cards), are chosen by the Newmarket scoring, which values a
    captured pool.
    """

    THREAT_REACH = 3
    FEW_CARDS = 2

    def choose(self, game: StopsGame, obs: StopsObservation, rng: random.Random) -> Action:
        """See :meth:`NewmarketAgent.choose`; adds the Spin decision (class doc)."""
        d = pending_decision(obs)
        if isinstance(d, PlayChoice):
            plain = [a for a in d.actions if isinstance(a, Play) and not a.spin]
            spins = [a for a in d.actions if isinstance(a, Play) and a.spin]
            if spins and obs.top is not None and plain:
                return spins[0] if self.should_spin(game, obs, plain[0].card) else plain[0]
        return super().choose(game, obs, rng)

    def should_spin(self, game: StopsGame, obs: StopsObservation, c: int) -> bool:
        """Whether to put the ♦A down with continuation card ``c`` (rules 1–4 above)."""
        rest = obs.hand & ~(1 << c) & ~game.special_mask()
        if not rest or single_run(game, rest):
            return True
        nxt = game.succ[c]
        if nxt is not None and obs.hand >> nxt & 1:
            return False
        pool_of_card = game.capture_table(trump_of(obs))
        pay_cards = tuple(pool_of_card)
        suits = {s for s in range(4) if rest & SUIT_MASK[s]}
        must_change = bool(game.must_change_suit or game.privilege_must_change)
        leadable = [
            p
            for p in pay_cards
            if rest >> p & 1
            and obs.pools[pool_of_card[p]]
            and not (must_change and suit_of(p) == suit_of(c) and len(suits) > 1)
        ]
        if successor_dead(game, obs, c):
            return any(lowest_in_suit(rest, suit_of(p), game.ace_high) != p for p in leadable)
        if leadable:
            return True
        if any(n <= self.FEW_CARDS for s, n in enumerate(obs.hand_counts) if s != obs.seat):
            return True
        x = nxt
        for _ in range(self.THREAT_REACH):
            if x is None or card_dead(game, obs, x) or obs.hand >> x & 1:
                break
            if x in pool_of_card and obs.pools[pool_of_card[x]]:
                return True
            x = game.succ[x]
        return False


# ---- Spinado -------------------------------------------------------------------------------


class SpinadoAgent(PlanningAgent):
    """Spinado player (section 6), following SEED-SN's advice on the ♦A.

    * Leads (SN-7 any card): :class:`PlanningAgent`'s score, with Matrimony and Intrigue
      taken only when both cards are its own (SN-11, SN-12, ``sn.intrigue``), the King
      bonuses (♦K 2 from each other player SN-10, other Kings 1 SN-13) and the Game pool
      plus the cards of the others on going out (SN-14). Kings are stops (SN-3), so it leads
      them when the lead is free: it sheds a card, earns the bonus and leads again. The ♦A
      alone (``sn.allowSpinadoAlone``) is led only when rule 4 below would spin or it is the
      only lead.
    * Spinado (SN-8) with the card ``c`` it plays (lead or continuation), ``rest`` being its
      hand without ``c`` and the ♦A:

      1. always when ``rest`` is empty: it goes out (SN-8 step 4), where playing ``c``
         alone would leave it holding the ♦A alone for double payment (SN-9, SN-14);
      2. never while ``succ(c)`` is in its own hand (its run goes on);
      3. never when ``c`` is a known stop (its successor is played, announced missing or out
         of the pack, SN-3): the sequence stops anyway (SEED-SN: do not waste it);
      4. when ``rest`` is one run it can lead and play out, when it holds at most
         ``SPIN_HAND_LIMIT`` cards, or when some opponent has at most ``FEW_CARDS`` (SEED-SN:
         do not keep it too long);
      5. when the cards that would follow ``c`` (up to ``DANGER_REACH``, not its own, not
         known dead) include a King (a bonus for whoever runs on) or a Matrimony/Intrigue
         card of a pool with counters on it.

      Otherwise it keeps the ♦A.
    """

    SPIN_HAND_LIMIT = 3
    FEW_CARDS = 2
    DANGER_REACH = 3

    def choose(self, game: StopsGame, obs: StopsObservation, rng: random.Random) -> Action:
        """See :meth:`NewmarketAgent.choose`; adds the Spinado decision (class doc)."""
        d = pending_decision(obs)
        if not isinstance(d, PlayChoice):
            return super().choose(game, obs, rng)
        plain = [a for a in d.actions if isinstance(a, Play) and not a.spin]
        special = game.special_card
        if obs.top is None and any(a.card == special for a in plain):
            without = [a for a in plain if a.card != special]
            if without and not self.spin_now(game, obs):
                plain = without
        if obs.top is not None or len(plain) == 1:
            chosen: Action = plain[0]
        else:
            chosen = self.choose_lead(game, obs, PlayChoice(d.seat, tuple(plain)), rng)
        assert isinstance(chosen, Play)
        spin = Play(d.seat, chosen.card, spin=True)
        if spin in d.actions and self.should_spin(game, obs, chosen.card):
            return spin
        return chosen

    def spin_now(self, game: StopsGame, obs: StopsObservation) -> bool:
        """Rule 4's time pressure: few cards held, or an opponent nearly out."""
        return obs.hand.bit_count() <= self.SPIN_HAND_LIMIT or any(
            n <= self.FEW_CARDS for s, n in enumerate(obs.hand_counts) if s != obs.seat
        )

    def should_spin(self, game: StopsGame, obs: StopsObservation, c: int) -> bool:
        """Whether to play the ♦A with ``c`` (rules 1–5 in the class doc)."""
        rest = obs.hand & ~(1 << c) & ~game.special_mask()
        if not rest:
            return True
        nxt = game.succ[c]
        if nxt is not None and obs.hand >> nxt & 1:
            return False
        if successor_dead(game, obs, c):
            return False
        if single_run(game, rest) or self.spin_now(game, obs):
            return True
        combo_cards = {x for pool, pair in self.combos(game, obs) if obs.pools[pool] for x in pair}
        x = nxt
        for _ in range(self.DANGER_REACH):
            if x is None or card_dead(game, obs, x) or obs.hand >> x & 1:
                break
            if x in game.card_bonus or x in combo_cards:
                return True
            x = game.succ[x]
        return False


# ---- a substitute: Commit's 9♦ ------------------------------------------------------------


class SubstituteAgent(PlanningAgent):
    """Player of a game whose special card is a substitute (Commit, cousins §2), following
    the spec's notes on Spinado's ♦A: do not waste it, do not keep it too long.

    The 9♦ pays the same whenever it is played (CM-11) and, as a lead, never loses the lead
    (its player leads again); what it adds when the turn round offers it (CM-10) is the
    lead taken from another player and the run stopped. Its risk is being caught with it
    (CM-13: the multiplier on every card left). So:

    * Leads (CM-7): :class:`PlanningAgent`'s score (King bonuses CM-12; the pool and the
      others' cards on going out CM-13). The 9♦ itself is led only when time presses
      (:meth:`pressed`: at most ``HAND_LIMIT`` cards held or an opponent with at most
      ``FEW_CARDS``), when the rest of the hand is one run it then plays out, or when it is
      the only lead.
    * The offer (CM-10): it plays the 9♦

      1. when it is its last card (it goes out, CM-11) or the rest of its hand is one run
         it then leads and plays out;
      2. when time presses (:meth:`pressed`);
      3. when the run would otherwise go on to a King of another player (a bonus for him,
         CM-12) within ``DANGER_REACH`` cards not its own and not known dead;
      4. when the card awaited is known dead and the lead would go back to another player
         (it takes the lead instead);

      and otherwise passes, keeping the 9♦ for later.
    """

    HAND_LIMIT = 3
    FEW_CARDS = 2
    DANGER_REACH = 3

    def choose(self, game: StopsGame, obs: StopsObservation, rng: random.Random) -> Action:
        """See :meth:`NewmarketAgent.choose`; adds the substitute's decisions (class doc)."""
        d = pending_decision(obs)
        special = game.special_card
        if not isinstance(d, PlayChoice) or special is None:
            return super().choose(game, obs, rng)
        if offered(obs):
            take = self.take_offer(game, obs)
            return Play(d.seat, special) if take else Pass(d.seat)
        if obs.top is None and len(d.actions) > 1:
            rest = [a for a in d.actions if isinstance(a, Play) and a.card != special]
            if rest and len(rest) < len(d.actions) and not self.lead_it(game, obs):
                return self.choose_lead(game, obs, PlayChoice(d.seat, tuple(rest)), rng)
        return super().choose(game, obs, rng)

    def pressed(self, obs: StopsObservation) -> bool:
        """Few cards held, or an opponent nearly out: the 9♦ should go before it is caught
        (CM-13)."""
        return obs.hand.bit_count() <= self.HAND_LIMIT or any(
            k <= self.FEW_CARDS for s, k in enumerate(obs.hand_counts) if s != obs.seat
        )

    def lead_it(self, game: StopsGame, obs: StopsObservation) -> bool:
        """Whether to lead the 9♦ now rather than another card (class doc)."""
        rest = obs.hand & ~game.special_mask()
        return self.pressed(obs) or single_run(game, rest)

    def take_offer(self, game: StopsGame, obs: StopsObservation) -> bool:
        """Whether to play the 9♦ the turn round offers (rules 1–4 of the class doc)."""
        rest = obs.hand & ~game.special_mask()
        if not rest or single_run(game, rest) or self.pressed(obs):
            return True
        c = obs.top
        assert c is not None and obs.history
        nxt = game.succ[c]
        if nxt is None or card_dead(game, obs, nxt):
            return obs.history[-1].seat != obs.seat  # the lead would go to another player
        x: int | None = nxt
        for _ in range(self.DANGER_REACH):
            if x is None or card_dead(game, obs, x) or obs.hand >> x & 1:
                break
            if x in game.card_bonus and x != game.special_card:
                return True
            x = game.succ[x]
        return False


register_player("pope-joan", PopeJoanAgent)
register_player("spin", SpinAgent)
register_player("spinado", SpinadoAgent)


def player_by_declarations(game: Rules) -> type[NewmarketAgent]:
    """The player of a stops game that has none of its own, from its declarations: the
    Spinado player for a Spinado kind of special card (SN-8), the Spin player for a Spin
    (SP-2), the substitute player for a substitute (Commit's 9♦, CM-9, CM-10), the
    Newmarket player for lowest-card leads (NM-7), else the planning player (any-card
    leads, PJ-7). Raises ``TypeError`` for a game of another engine."""
    if not isinstance(game, StopsGame):
        raise TypeError(f"{game.name!r} is not a stops game")
    if game.special_kind == SPECIAL_SUBSTITUTE:
        return SubstituteAgent
    if game.special_kind == SPECIAL_SPINADO:
        return SpinadoAgent
    if game.special_kind == SPECIAL_SPIN:
        return SpinAgent
    return NewmarketAgent if game.lead_rule == LOWEST_OF_SUIT else PlanningAgent


register_family_player(STOPS, player_by_declarations)
