"""Determinization: full deals consistent with what one seat knows (GEN-9).

A :class:`StopsWorlds` or :class:`SpoilFiveWorlds` is built once per decision from the
seat's observation and the rules; :meth:`sample` then deals the unseen cards at random among
the other hands and the stock (or Spoil Five's dead cards) so that the seat would have seen
exactly what it saw. What it uses:

* every game: its own hand, every played card, the hand counts;
* stops games: the stock holds every card announced missing at a stop ("No six", STOP-7,
  ``obs.known_out``) and the turned-up trump (PJ-22, PJ-C-4); the holder of the next card of
  an open sequence is the seat to act (STOP-6); a lead under the lowest-card rule (NM-7,
  PJ-C-2) says its player held no lower unplayed card of that suit (except a privileged pay
  card after a Spin, SP-4), and a lead in the suit that has just stopped under
  ``nm.mustChangeSuit`` / ``sp.mustChangeSuit`` says he held no other suit (NM-11, SP-10); a
  lead that passed (STOP-11) says the passed seat holds the ♦A alone; the substitute played
  in place of a missing card says its player lacked that card, and so did every seat the
  turn round visited before him (``inTurn``), and so does a seat offered it now (CM-10). A
  declined offer is never seen, so it says nothing (offers are private);
* Spoil Five: failing to follow a plain suit (SF-25) shows a void; playing a plain card to
  a trump lead (SF-26) shows that every trump held is privileged and above the led card
  (SF-27); a robbed turn-up is in the robber's hand, and so is the trump ace of a robber or
  a decliner who announced it (SF-22); a seat that has played in trick 1 without robbing
  does not hold the trump ace; the robber's discard is an unknown dead card.

:meth:`world_deal` rebuilds an engine deal from a sample (for the information-safety test:
its observation for the seat equals the seat's own); :meth:`fast_state` builds the search
state directly.
"""

from __future__ import annotations

import random

from gamecore.cards import ACE, FULL_PACK, SUIT_MASK, card, suit_of
from gamecore.events import Played
from gamecore.interface import Observation, Rules
from gamecore.search.fast_spoilfive import FastSpoilFive, sf_spec
from gamecore.search.fast_stops import FastStops, privilege_from_history, spec_for
from gamecore.spoilfive.deal import PLAY as SF_PLAY
from gamecore.spoilfive.deal import SpoilFiveDeal, SpoilFiveObservation, TrickWon
from gamecore.spoilfive.game import SpoilFive
from gamecore.spoilfive.ranks import EFF_MASKS, EFFECTIVE, RENEGE_OK, TRUMP
from gamecore.stops.deal import (
    PLAY,
    StopsDeal,
    StopsObservation,
    offer_pending_elsewhere,
    offered,
    played_by_of,
)
from gamecore.stops.game import (
    ANY_TIME,
    NEW_LEAD_ANY,
    PRIVILEGE,
    SPIN_SUIT,
    StopsGame,
    rank_position,
)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Sampler:
    """Deals ``cards`` to owners ``0..k-1`` with exact capacities, each card only to an
    owner in its ``allowed`` bitmask (over owners). Constrained cards are placed first, each
    with probability proportional to the owners' free room; a dead end restarts, and after
    a few restarts a randomised augmenting-path matching finds a placement."""

    def __init__(self, cards: list[int], allowed: dict[int, int], caps: list[int]) -> None:
        self.k = len(caps)
        full = (1 << self.k) - 1
        self.caps = caps
        self.free = [c for c in cards if allowed.get(c, full) == full]
        self.tight = sorted(
            (c for c in cards if allowed.get(c, full) != full), key=lambda c: allowed[c].bit_count()
        )
        self.allowed = allowed
        self.full = full
        #: each constrained card with the owners it may go to, ascending
        self.tight_owners = [
            (c, tuple(o for o in range(self.k) if allowed[c] >> o & 1)) for c in self.tight
        ]
        if sum(caps) != len(cards) or any(x < 0 for x in caps):
            raise ValueError("inconsistent card counts")

    def sample(self, rng: random.Random) -> list[int]:
        """One placement: a card mask per owner."""
        for _ in range(20):
            out = self._greedy(rng)
            if out is not None:
                return out
        return self._matching(rng)

    def _greedy(self, rng: random.Random) -> list[int] | None:
        caps = self.caps[:]
        owned = [0] * self.k
        rnd = rng.random
        room = caps.__getitem__
        for c, owners in self.tight_owners:
            if len(owners) == 1:  # a located card: no choice, but the draw is kept
                o = owners[0]
                if not caps[o]:
                    return None
                rnd()
            else:
                total = sum(map(room, owners))
                if not total:
                    return None
                # an owner without room takes nothing off r, so it is never chosen
                r = rnd() * total
                for o in owners:
                    r -= caps[o]
                    if r < 0:
                        break
                else:  # rounding: the last owner with room
                    o = [x for x in owners if caps[x]][-1]
            caps[o] -= 1
            owned[o] |= 1 << c
        free = self.free[:]
        rng.shuffle(free)
        i = 0
        for o in range(self.k):
            for c in free[i : i + caps[o]]:
                owned[o] |= 1 << c
            i += caps[o]
        return owned

    def _matching(self, rng: random.Random) -> list[int]:
        slots = [o for o in range(self.k) for _ in range(self.caps[o])]
        cards = self.tight + self.free
        rng.shuffle(cards)
        match: dict[int, int] = {}  # slot index → card

        def allowed(c: int) -> int:
            return self.allowed.get(c, self.full)

        def augment(c: int, seen: set[int]) -> bool:
            order = list(range(len(slots)))
            rng.shuffle(order)
            for i in order:
                if i in seen or not allowed(c) >> slots[i] & 1:
                    continue
                seen.add(i)
                if i not in match or augment(match[i], seen):
                    match[i] = c
                    return True
            return False

        for c in cards:
            if not augment(c, set()):
                raise ValueError("no world is consistent with the observation")
        owned = [0] * self.k
        for i, c in match.items():
            owned[slots[i]] |= 1 << c
        return owned


# ---- the stops games -----------------------------------------------------------------------


class StopsWorlds:
    """Worlds consistent with ``obs`` (a :class:`StopsObservation` in play) of ``game``.

    :meth:`sample` returns ``(hands, stock)``: one int mask per seat (the seat's own hand
    unchanged) and the stock mask. ``excluded[s]``: cards seat ``s`` cannot hold (inferences
    listed in the module docstring); ``located[s]``: cards it must hold; ``in_stock``.
    """

    def __init__(self, game: StopsGame, obs: StopsObservation) -> None:
        if obs.phase != PLAY:
            raise ValueError("worlds are sampled only in play")
        if offer_pending_elsewhere(obs):
            raise ValueError("no world is sampled while another seat is offered the substitute")
        self.game, self.obs = game, obs
        self.spec = spec_for(game)
        n = len(obs.hand_counts)
        self.n, self.me = n, obs.seat
        hidden = game.pack & ~obs.hand & ~obs.played
        self.hidden = hidden
        # the dead hand holds the hand this seat gave up for the widow (MI-7, MI-8)
        in_stock = (obs.known_out | obs.seen) & hidden
        if obs.turnup is not None:
            in_stock |= (1 << obs.turnup) & hidden
        self.in_stock = in_stock
        excluded = [0] * n
        located = [0] * n
        self._replay(excluded, located)
        #: while the turn round offers this seat the substitute: whose card it follows
        self.offer_from = obs.history[-1].seat if offered(obs) else -1
        if self.offer_from >= 0 and obs.top is not None:
            self._visited(self.offer_from, obs.seat, obs.top, excluded)
        if obs.top is not None and obs.to_act is not None and obs.to_act != obs.seat:
            nxt = game.succ[obs.top]
            if nxt is not None:
                located[obs.to_act] |= 1 << nxt
        self.excluded, self.located = excluded, located
        # owners: seats 0..n-1 (never me), n = stock
        allowed: dict[int, int] = {}
        full = (1 << (n + 1)) - 1
        everyone = full & ~(1 << self.me)
        caps = [0 if s == self.me else obs.hand_counts[s] for s in range(n)]
        caps.append(hidden.bit_count() - sum(caps))
        for c in _bits(hidden):
            a = everyone
            if in_stock >> c & 1:
                a = 1 << n
            else:
                for s in range(n):
                    if located[s] >> c & 1:
                        a = 1 << s
                        break
                    if excluded[s] >> c & 1:
                        a &= ~(1 << s)
            allowed[c] = a
        self.allowed = allowed
        self.sampler = _Sampler(_bits(hidden), allowed, caps)
        self.priv = privilege_from_history(game, obs)
        self.played_by = played_by_of(obs.history, game.special_card)  # the same in every world

    def _visited(self, start: int, seat: int, c: int, excluded: list[int]) -> None:
        """The turn round after card ``c`` of ``start`` reached ``seat`` with an offer of
        the substitute (CM-10): ``seat`` lacks the next card, and under ``inTurn`` so does
        every seat visited before him, from ``start`` on."""
        nxt = self.game.succ[c]
        if nxt is None:
            return
        excluded[seat] |= 1 << nxt
        if self.game.offer_timing != ANY_TIME:
            s = start
            while s != seat:
                excluded[s] |= 1 << nxt
                s = (s + 1) % self.n

    def _replay(self, excluded: list[int], located: list[int]) -> None:
        """Walk the public history for lead inferences (NM-7, NM-11, SP-4, SP-10, STOP-11)
        and the turn rounds that ended with the substitute (CM-10)."""
        _game, obs, spec = self.game, self.obs, self.spec
        n = len(obs.hand_counts)
        played = 0
        expected = (obs.dealer + 1) % n  # the eldest leads first (GEN-3)
        last_suit: int | None = None
        prev: Played | None = None
        for p in obs.history:
            if spec.offers and p.card == spec.special and not p.lead and prev is not None:
                self._visited(prev.seat, p.seat, prev.card, excluded)
            if p.lead:
                if p.seat != expected:
                    # STOP-11: he held the special card alone
                    located[expected] |= spec.special_bit
                privileged = (
                    spec.privilege and prev is not None and prev.spin and prev.seat == p.seat
                )
                if spec.lowest:
                    self._lead_inference(p, played, last_suit, privileged, excluded)
            played |= 1 << p.card
            if p.spin:
                played |= spec.special_bit
            last_suit = suit_of(p.card)
            expected = p.seat  # the stopper leads next if this card was a stop
            prev = p
        if obs.top is None and obs.to_act is not None and obs.history and obs.to_act != expected:
            located[expected] |= spec.special_bit

    def _lead_inference(
        self, p: Played, played: int, last_suit: int | None, privileged: bool, excluded: list[int]
    ) -> None:
        game, spec = self.game, self.spec
        c, s = p.card, suit_of(p.card)
        trump = None if self.obs.turnup is None else suit_of(self.obs.turnup)
        if not (privileged and c in spec.tables(trump).privileged):
            # no lower unplayed card of the suit (the special card aside when it does not
            # count)
            lower = 0
            for x in _bits(SUIT_MASK[s] & game.pack & ~played):
                if x == c or (spec.exclude_special and x == spec.special):
                    continue
                if rank_position(x, spec.ace_high) < rank_position(c, spec.ace_high):
                    lower |= 1 << x
            excluded[p.seat] |= lower
        change = spec.must_change or (privileged and spec.sp_must_change)
        if change and last_suit == s:
            others = game.pack & ~SUIT_MASK[s]
            if spec.exclude_special:
                others &= ~spec.special_bit
            excluded[p.seat] |= others & ~played

    def sample(self, rng: random.Random) -> tuple[list[int], int]:
        """A random world: ``(hands, stock)`` as int masks."""
        owned = self.sampler.sample(rng)
        hands = owned[: self.n]
        hands[self.me] = self.obs.hand
        return hands, owned[self.n]

    def fast_state(self, rng: random.Random) -> FastStops:
        """A sampled world as a search state."""
        return self.fast_from(*self.sample(rng))

    def fast_from(self, hands: list[int], stock: int) -> FastStops:
        """The search state of world ``(hands, stock)`` (as :meth:`sample` returns it):
        the hidden cards dealt into what every world of this decision shares
        (:meth:`FastStops.template`, derived from the observation once)."""
        if self._template is None:
            self._template = self._make_template()
        return self._template.with_world(hands, stock)

    _template: FastStops | None = None

    def _make_template(self) -> FastStops:
        obs = self.obs
        last = obs.history[-1] if obs.history else None
        return FastStops.template(
            self.spec,
            self.n,
            obs.turnup,
            list(obs.pools),
            obs.to_act if obs.to_act is not None else self.me,
            obs.top,
            None if last is None else suit_of(last.card),
            self.priv,
            self.played_by,
            self.offer_from,
        )

    def world_deal(self, hands: list[int], stock: int) -> StopsDeal:
        """The engine deal of a sampled world (same public state as ``obs``)."""
        obs, game = self.obs, self.game
        deal = StopsDeal.__new__(StopsDeal)
        by = played_by_of(obs.history, game.special_card)
        deal.game, deal.n, deal.dealer = game, self.n, obs.dealer
        deal.hands = list(hands)
        dealt = list(hands)
        for c, s in by.items():
            dealt[s] |= 1 << c
        deal.dealt = tuple(dealt)
        deal.stock, deal.turnup = stock, obs.turnup
        deal.balances, deal.pools = list(obs.balances), list(obs.pools)
        deal.opening_balances, deal.prev_winner = tuple(obs.balances), None
        deal.settle_events = ()
        deal.played, deal.played_by = obs.played, by
        deal.known_out, deal.history = obs.known_out, list(obs.history)
        deal.top = obs.top
        deal.last_suit = suit_of(obs.history[-1].card) if obs.history else None
        deal.current = obs.to_act if obs.to_act is not None else self.me
        deal.phase, deal.stake = PLAY, obs.stake
        deal.split_queue, deal.winner, deal.start_events = [], None, []
        deal.flags = {}
        deal.round_from = self.offer_from if self.offer_from >= 0 else None
        deal._widow_state()
        deal.widow_to = obs.widow_to
        deal.widow_seen = obs.seen if obs.widow_to == self.me else 0
        if (
            deal.top is None
            and game.new_lead != NEW_LEAD_ANY
            and deal.current == self.me
            and not game.lead_mask(deal, self.me)
        ):
            deal.last_suit = None  # MI-11 step 3: the restriction has lapsed
        if self.priv >= 0:
            deal.flags = {PRIVILEGE: self.priv, SPIN_SUIT: deal.last_suit}
        return deal


# ---- Spoil Five ----------------------------------------------------------------------------


class SpoilFiveWorlds:
    """Worlds consistent with ``obs`` (a :class:`SpoilFiveObservation` in play) of ``game``.

    :meth:`sample` returns ``(hands, dead)``: one int mask per seat and the unseen cards out
    of play (the stock and any robber's discard).
    """

    def __init__(self, game: SpoilFive, obs: SpoilFiveObservation) -> None:
        if obs.phase != SF_PLAY:
            raise ValueError("worlds are sampled only in play")
        self.game, self.obs = game, obs
        n = len(obs.hand_counts)
        self.n, self.me = n, obs.seat
        t = obs.trump
        tricks = [tr.cards for tr in obs.tricks] + ([obs.trick] if obs.trick else [])
        played = 0
        for plays in tricks:
            for _, c in plays:
                played |= 1 << c
        self.played = played
        tb = 1 << obs.turnup
        hidden = FULL_PACK & ~obs.hand & ~played & ~tb
        self.hidden = hidden
        located = [0] * n
        excluded = [0] * n
        special: dict[int, int] = {}  # card → allowed owners, when not one seat
        robber = obs.robbed_by
        if robber is not None and robber != self.me and not played & tb:
            located[robber] |= tb  # the robbed turn-up (SF-21, SF-22)
        ace = card(ACE, t)
        robbing = game.robbing
        if hidden >> ace & 1 and robbing != "off" and obs.turnup != ace:
            if robber is not None:
                # SF-22: the robber held the ace (he may have discarded it)
                special[ace] = (1 << robber) | (1 << n)
            elif obs.declined_by is not None:
                located[obs.declined_by] |= 1 << ace  # SF-22: announced by declining
            else:
                first = obs.tricks[0].cards if obs.tricks else obs.trick
                for s, _ in first:
                    excluded[s] |= 1 << ace  # he would have been asked before playing
        masks = EFF_MASKS[t]
        eff = EFFECTIVE[t]
        for plays in tricks:
            led = plays[0][1]
            e = eff[led]
            for s, c in plays[1:]:
                if e != TRUMP and eff[c] not in (e, TRUMP):
                    excluded[s] |= masks[e]  # SF-25
                elif e == TRUMP and eff[c] != TRUMP:
                    excluded[s] |= masks[TRUMP] & ~RENEGE_OK[t][led]  # SF-26, SF-27
        self.located, self.excluded = located, excluded
        full = (1 << (n + 1)) - 1
        everyone = full & ~(1 << self.me)
        caps = [
            0 if s == self.me else obs.hand_counts[s] - (located[s] & tb).bit_count()
            for s in range(n)
        ]
        caps.append(hidden.bit_count() - sum(caps))
        allowed: dict[int, int] = {}
        for c in _bits(hidden):
            a = special.get(c, everyone)
            for s in range(n):
                if located[s] >> c & 1:
                    a = 1 << s
                    break
                if excluded[s] >> c & 1:
                    a &= ~(1 << s)
            allowed[c] = a
        self.allowed = allowed
        self.sampler = _Sampler(_bits(hidden), allowed, caps)

    def sample(self, rng: random.Random) -> tuple[list[int], int]:
        """A random world: ``(hands, dead)`` as int masks."""
        owned = self.sampler.sample(rng)
        hands = owned[: self.n]
        hands[self.me] = self.obs.hand
        tb = 1 << self.obs.turnup
        for s in range(self.n):
            if self.located[s] & tb:
                hands[s] |= tb
        return hands, owned[self.n]

    def _rob_state(self, hands: list[int]) -> tuple[bool, int | None]:
        obs, game = self.obs, self.game
        if game.robbing == "off":
            return True, None
        if obs.robbed_by is not None or obs.declined_by is not None:
            return True, None
        ace = card(ACE, obs.trump)
        if obs.turnup == ace:
            return False, obs.dealer
        if not any(h >> ace & 1 for h in hands):
            return True, None
        return False, None

    def _turns(self) -> tuple[int, int]:
        """``(leader, current)``: who led the trick in progress and whose turn it is."""
        obs = self.obs
        if obs.trick:
            return obs.trick[0][0], (obs.trick[-1][0] + 1) % self.n
        lead = obs.tricks[-1].seat if obs.tricks else (obs.dealer + 1) % self.n
        return lead, lead

    def _offer(self) -> int | None:
        obs = self.obs
        if (
            len(obs.tricks) == 3
            and not obs.trick
            and obs.jinker is None
            and self.game.jinking
            and len({t.seat for t in obs.tricks}) == 1
            and not obs.ineligible[obs.tricks[0].seat]
        ):
            return obs.tricks[0].seat
        return None

    def fast_state(self, rng: random.Random) -> FastSpoilFive:
        """A sampled world as a search state."""
        return self.fast_from(*self.sample(rng))

    def fast_from(self, hands: list[int], dead: int) -> FastSpoilFive:
        """The search state of world ``(hands, dead)`` (as :meth:`sample` returns it): the
        hidden cards dealt into what every world of this decision shares
        (:meth:`FastSpoilFive.template`, derived from the observation once)."""
        if self._template is None:
            self._template = self._make_template()
        rob_done, pending = self._rob_state(hands)
        return self._template.with_world(hands, rob_done, pending)

    _template: FastSpoilFive | None = None

    def _make_template(self) -> FastSpoilFive:
        obs = self.obs
        leader, current = self._turns()
        return FastSpoilFive.template(
            sf_spec(self.game),
            self.n,
            obs.turnup,
            current,
            leader,
            list(obs.trick),
            len(obs.tricks),
            list(obs.tricks_won),
            list(obs.ineligible),
            obs.jinker,
            self._offer(),
            obs.pools[0],
        )

    def world_deal(self, hands: list[int], dead: int) -> SpoilFiveDeal:
        """The engine deal of a sampled world (same public state as ``obs``)."""
        obs, game = self.obs, self.game
        deal = SpoilFiveDeal.__new__(SpoilFiveDeal)
        deal.game, deal.n, deal.dealer = game, self.n, obs.dealer
        deal.hands = list(hands)
        deal.dealt = tuple(hands)
        deal.turnup, deal.trump = obs.turnup, obs.trump
        deal.ace = card(ACE, obs.trump)
        deal.discard = None
        stock = dead
        if obs.robbed_by is not None and dead:
            deal.discard = (dead & -dead).bit_length() - 1
            stock &= ~(1 << deal.discard)
        deal.stock = stock
        deal.balances, deal.pools = list(obs.balances), list(obs.pools)
        deal.opening_balances, deal.fresh = tuple(obs.balances), True
        deal.phase = SF_PLAY
        deal.leader, deal.current = self._turns()
        deal.trick = list(obs.trick)
        deal.tricks = list(obs.tricks)
        deal.tricks_won = list(obs.tricks_won)
        deal.ineligible = list(obs.ineligible)
        deal.robbed_by, deal.declined_by = obs.robbed_by, obs.declined_by
        deal.rob_done, deal.rob_pending = self._rob_state(hands)
        deal.jink_offer = self._offer()
        deal.jinker, deal.winner, deal.decided = obs.jinker, None, False
        history: list[Played] = []
        tricks: list[TrickWon] = list(obs.tricks)
        for plays in [t.cards for t in tricks] + [obs.trick]:
            for i, (s, c) in enumerate(plays):
                history.append(Played(s, c, i == 0))
        deal.history = history
        deal.start_events, deal.settle_events, deal.stake = [], (), 0
        return deal


def worlds_for(game: Rules, obs: Observation) -> StopsWorlds | SpoilFiveWorlds:
    """The world sampler for ``game`` and ``obs`` (either engine, by the observation's
    kind). Raises ``ValueError`` for an observation of no known engine."""
    if isinstance(obs, SpoilFiveObservation):
        assert isinstance(game, SpoilFive)
        return SpoilFiveWorlds(game, obs)
    if isinstance(obs, StopsObservation):
        assert isinstance(game, StopsGame)
        return StopsWorlds(game, obs)
    raise ValueError(f"no worlds for an observation of {obs.game!r}")


def fast_state_for(deal: object) -> FastStops | FastSpoilFive:
    """The search state of an engine deal in play (either engine). Raises ``ValueError``
    for a deal of no known engine."""
    if isinstance(deal, SpoilFiveDeal):
        return FastSpoilFive.from_deal(deal)
    if isinstance(deal, StopsDeal):
        return FastStops.from_deal(deal)
    raise ValueError(f"no search state for {type(deal).__name__}")
