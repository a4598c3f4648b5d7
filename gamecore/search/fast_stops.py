"""The private fast path of the stops games (STOP-1 … STOP-14) for search and rollouts.

:class:`FastStops` plays a deal that is already in play (staking done) with plain ints: hands
as int masks, a 52-entry owner table, counters as deltas from the moment the state was built.
It emits no events and validates nothing; forced moves (continuations without the option of
the special card,
leads with one legal card) are folded into the action before them, so every state is either
over or at a real choice (:attr:`FastStops.acts`, never fewer than two codes).

It knows no game: :class:`StopsSpec` reads what it needs from the declarations every stops
game makes in its own file (:mod:`gamecore.stops.game`: the lead rule NM-7/PJ-C-2/SN-9, the
special card (which card, what it does: SP-2/SN-8), the Spin privilege SP-4/SP-10, captures
NM-8/PJ-8/PJ-C-6, bonuses SN-10/SN-13, combinations PJ-23/PJ-C-6/SN-11, card payments
SP-7/SN-14/PJ-C-7, doubling PJ-11/PJ-24/PJ-27, the Game pool, settlement STOP-10). A game
that overrides one of the engine's play hooks instead is refused (``ValueError``): the fast
path could not follow it.
It must agree exactly with :class:`gamecore.stops.deal.StopsDeal`;
``tests/gamecore/test_search_fast.py`` checks it against the engine on random deals of every
registered game.

Speed: one legal-lead computation per stop, the sequence run and its captures in one loop
(:meth:`FastStops.apply`), and a rollout loop with everything inlined for the games whose
plays have no effect but a capture (:meth:`FastStops.rollout`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gamecore.cards import SUIT_MASK, suit_of
from gamecore.interface import Card, CardSet
from gamecore.search import PASS, SPIN_FLAG
from gamecore.stops.deal import PLAY, StopsDeal, StopsObservation
from gamecore.stops.game import (
    ANY_TIME,
    LOWEST_OF_SUIT,
    NEW_LEAD_ANY,
    PRIVILEGE,
    SPECIAL_PLAIN,
    SPECIAL_SPIN,
    SPECIAL_SPINADO,
    SPECIAL_SUBSTITUTE,
    StopsGame,
    new_lead_suits,
    overridden_play_hooks,
)

S0, S1, S2, S3 = SUIT_MASK
#: The special card's kinds as ints (see :data:`gamecore.stops.game.SPECIAL_SPIN`).
NO_SPIN, SPIN, SPINADO = 0, 1, 2
#: A substitute (CM-4) never goes down with another card: no Spin of any kind.
_SPECIAL_KIND = {
    SPECIAL_PLAIN: NO_SPIN,
    SPECIAL_SPIN: SPIN,
    SPECIAL_SPINADO: SPINADO,
    SPECIAL_SUBSTITUTE: NO_SPIN,
}
#: When the turn round offers the substitute (CM-10): never (no substitute), in the turn
#: round from the player of the card, or to its holder after every card.
NO_OFFER, OFFER_IN_TURN, OFFER_ANY_TIME = 0, 1, 2
#: How a leader's legal leads are found: the lowest card of every suit held (NM-7 with no
#: option), every card held (PJ-7), or the general rule (:meth:`FastStops.lead_mask`).
LEAD_LOWEST, LEAD_ANY, LEAD_GENERAL = 0, 1, 2


class DealTables:
    """What a game's declarations give for a deal with one trump suit (``trump``, or
    ``None``): ``caps`` (52-list card → pool captured, −1 none), ``combos`` ((pool, card,
    card) …), ``doubling`` ((pool, card) …), ``privileged`` (cards a Spin privilege may
    lead besides the lead rule's) and ``extra`` (whether a play can do more than capture)."""

    __slots__ = ("trump", "caps", "combos", "combo_sets", "doubling", "privileged", "extra")

    def __init__(self, spec: StopsSpec, trump: int | None) -> None:
        game = spec.game
        self.trump = trump
        caps = [-1] * 52
        for c, p in game.capture_table(trump).items():
            caps[c] = p
        self.caps = caps
        self.combos: tuple[tuple[int, Card, Card], ...] = tuple(game.combo_table(trump))
        #: combination items of any size, captured by one player who played them all (MI-12)
        self.combo_sets: tuple[tuple[int, CardSet], ...] = tuple(game.combo_sets(trump))
        self.doubling: tuple[tuple[int, Card], ...] = tuple(game.doubling_table(trump))
        self.privileged: tuple[Card, ...] = tuple(c for c in range(52) if caps[c] >= 0)
        self.extra = bool(
            spec.spin_kind or spec.has_bonus or self.combos or self.combo_sets or spec.offers
        )


class StopsSpec:
    """What :class:`FastStops` needs of one stops game, read once from its declarations.

    Args: ``game`` (any :class:`~gamecore.stops.game.StopsGame` with resolved options).
    Raises ``ValueError`` when the game overrides a play hook (see the module docstring).
    Attributes are plain ints, bools, tuples and lists (``special``: the special card, −1
    none; ``special_bit``: its one-card mask, 0 none); :meth:`tables` gives the
    :class:`DealTables` of a trump suit.
    """

    def __init__(self, game: StopsGame) -> None:
        hooks = overridden_play_hooks(game)
        if hooks:
            raise ValueError(
                f"no fast path for {game.name!r}: it overrides "
                f"{', '.join(hooks)}; declare its play instead "
                f"(gamecore.stops.game)"
            )
        self.game = game
        self.succ = tuple(-1 if s is None else s for s in game.succ)
        self.ace_high = game.ace_high
        self.game_pool = -1 if game.game_pool is None else game.game_pool
        self.lowest = game.lead_rule == LOWEST_OF_SUIT
        self.special = -1 if game.special_card is None else game.special_card
        self.special_bit = game.special_mask()
        #: the special card does not count for leads (SP-6, SN-9)
        self.exclude_special = bool(self.special_bit) and not game.special_leads
        self.must_change = bool(game.must_change_suit)  # NM-11
        #: MI-11: the lead after a stop (its rule, or ``None``); a leader who may not lead
        #: passes it on round the table, and it lapses when nobody may
        self.new_lead = None if game.new_lead == NEW_LEAD_ANY else game.new_lead
        self.privilege = bool(game.spin_privilege)  # SP-4
        self.sp_must_change = bool(game.privilege_must_change)  # SP-10
        self.spin_kind = _SPECIAL_KIND[game.special_kind] if self.special_bit else NO_SPIN
        self.spin_payment = int(game.spin_payment)
        bonus = [0] * 52  # card → counters each other player pays (SN-10, SN-13)
        for c, (amount, _) in game.card_bonus.items():
            bonus[c] = amount
        self.bonus = bonus
        self.has_bonus = any(bonus)
        self.double_card = -1 if game.double_pay_card is None else game.double_pay_card
        self.excuse_card = -1 if game.excuse_card is None else game.excuse_card
        self.card_rate = int(game.card_rate)  # CM-13 step 2
        self.double_factor = int(game.double_pay_factor)  # SP-7, SN-14, CM-13
        self.flat = int(game.flat_payment)  # CM-13 step 3
        self.penalty = tuple(game.held_penalty.items())
        self.plain_settle = self.card_rate == 1 and not self.flat and not self.penalty
        #: the substitute's offer (CM-10), or :data:`NO_OFFER`
        self.offers = NO_OFFER
        if game.special_kind == SPECIAL_SUBSTITUTE and self.special >= 0:
            self.offers = OFFER_ANY_TIME if game.offer_timing == ANY_TIME else OFFER_IN_TURN
        self.combo_divide = bool(game.combos_divide)  # PJ-23
        self.double_combos = bool(game.double_combos)  # PJ-27
        general = self.exclude_special or self.must_change or self.privilege or bool(self.new_lead)
        if self.lowest:
            self.lead = LEAD_GENERAL if general or self.ace_high else LEAD_LOWEST
        else:
            self.lead = LEAD_GENERAL if general else LEAD_ANY
        self._tables: dict[int | None, DealTables] = {}

    def tables(self, trump: int | None) -> DealTables:
        """The (cached) :class:`DealTables` of a deal whose trump suit is ``trump``."""
        t = self._tables.get(trump)
        if t is None:
            t = self._tables[trump] = DealTables(self, trump)
        return t

    def captures_for(self, trump: int | None) -> list[int]:
        """Card → pool it captures (−1: none) in a deal with ``trump`` (PJ-8, PJ-C-6, NM-8)."""
        return self.tables(trump).caps

    def combos_for(self, trump: int | None) -> tuple[tuple[int, Card, Card], ...]:
        """The two-card compartments (pool, card, card) of a deal with ``trump``."""
        return self.tables(trump).combos


@lru_cache(maxsize=64)
def spec_for(game: StopsGame) -> StopsSpec:
    """The cached :class:`StopsSpec` of ``game`` (games are immutable during a session)."""
    return StopsSpec(game)


def lead_codes_of(mask: CardSet, spinado: bool, special: int) -> list[int]:
    """The action codes of leading each card of ``mask`` (ascending), each followed by its
    Spinado (card | ``SPIN_FLAG``, SN-8) when ``spinado`` (the leader holds the special card
    in a game of Spinado's kind); the special card itself (``special``, −1 none) has none.
    Shared by the fast path and the inference."""
    out = []
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        out.append(c)
        if spinado and c != special:
            out.append(c | SPIN_FLAG)
    return out


class FastStops:
    """A stops deal in play, for search (see the module docstring).

    Build with :meth:`from_deal` (a true engine state) or :meth:`build` (a sampled world).
    ``cur``: seat to act; ``acts``: its legal action codes (card, or card | ``SPIN_FLAG``);
    ``over``; ``deltas``: counters won (+) or lost (−) per seat since the state was built.
    """

    __slots__ = (
        "spec",
        "t",
        "n",
        "stock",
        "hands",
        "owner",
        "pb",
        "pools",
        "deltas",
        "cur",
        "top",
        "last_suit",
        "priv",
        "spin_suit",
        "over",
        "winner",
        "acts",
        "rf",
    )

    spec: StopsSpec
    t: DealTables
    n: int
    stock: CardSet
    hands: list[CardSet]
    owner: list[int]
    pb: list[int] | None
    pools: list[int]
    deltas: list[int]
    cur: int
    top: int
    last_suit: int
    priv: int
    spin_suit: int
    over: bool
    winner: int
    acts: list[int]
    rf: int

    @property
    def who(self) -> int:
        """The seat to act (same as :attr:`cur` in the stops games)."""
        return self.cur

    @property
    def trump(self) -> int | None:
        """The deal's trump suit, or ``None``."""
        return self.t.trump

    @property
    def caps(self) -> list[int]:
        """Card → pool it captures (−1 none) in this deal."""
        return self.t.caps

    @property
    def combos(self) -> tuple[tuple[int, Card, Card], ...]:
        """The deal's two-card compartments (pool, card, card)."""
        return self.t.combos

    @classmethod
    def build(
        cls,
        spec: StopsSpec,
        hands: list[int],
        stock: int,
        turnup: int | None,
        pools: list[int],
        cur: int,
        top: int | None,
        last_suit: int | None,
        priv: int,
        played_by: dict[int, int],
        offer_from: int = -1,
    ) -> FastStops:
        """A state from its parts: ``hands`` (int mask per seat), ``stock`` (int mask),
        ``turnup`` (card or ``None``), ``pools`` (counters per pool), ``cur`` (seat to act),
        ``top`` (open sequence's top card or ``None``), ``last_suit`` (suit of the last stop),
        ``priv`` (seat holding the Spin privilege SP-4, −1 none), ``played_by`` (card → seat,
        for the combinations), ``offer_from`` (while the turn round offers ``cur`` the
        substitute, CM-10: the seat whose card ``top`` it follows; −1 none). Forced moves at
        the start are folded at once."""
        return cls.template(
            spec, len(hands), turnup, pools, cur, top, last_suit, priv, played_by, offer_from
        ).with_world(hands, stock)

    @classmethod
    def template(
        cls,
        spec: StopsSpec,
        n: int,
        turnup: int | None,
        pools: list[int],
        cur: int,
        top: int | None,
        last_suit: int | None,
        priv: int,
        played_by: dict[int, int],
        offer_from: int = -1,
    ) -> FastStops:
        """What every world of one decision shares (the arguments of :meth:`build` but the
        hands and the stock, for ``n`` seats): not a playable state until
        :meth:`with_world` deals its hidden cards."""
        st = cls.__new__(cls)
        st.spec, st.n = spec, n
        st.t = spec.tables(None if turnup is None else suit_of(turnup))
        st.pb = None
        if st.t.combos or st.t.combo_sets:
            pb = [-1] * 52
            for c, s in played_by.items():
                pb[c] = s
            st.pb = pb
        st.pools = list(pools)
        st.deltas = [0] * n
        st.cur = cur
        st.top = -1 if top is None else top
        st.last_suit = -1 if last_suit is None else last_suit
        st.priv = priv
        st.spin_suit = st.last_suit if priv >= 0 else -1
        st.over = False
        st.winner = -1
        st.rf = offer_from
        return st

    def with_world(self, hands: list[int], stock: CardSet) -> FastStops:
        """A new state: this :meth:`template` with ``hands`` (int mask per seat) and
        ``stock`` (int mask) dealt, its legal codes found and the forced moves at the
        start folded (the same state as :meth:`build` with the same parts)."""
        st = FastStops.__new__(FastStops)
        st.spec, st.t, st.n, st.stock = self.spec, self.t, self.n, stock
        st.hands = list(hands)
        owner = [-1] * 52
        for s, h in enumerate(hands):
            while h:
                low = h & -h
                owner[low.bit_length() - 1] = s
                h ^= low
        st.owner = owner
        pb = self.pb
        st.pb = None if pb is None else pb[:]
        st.pools = self.pools[:]
        st.deltas = self.deltas[:]
        st.cur, st.top, st.last_suit = self.cur, self.top, self.last_suit
        st.priv, st.spin_suit = self.priv, self.spin_suit
        st.over, st.winner, st.rf = self.over, self.winner, self.rf
        st._start()
        return st

    def _start(self) -> None:
        """The legal codes of a state just dealt, and the forced moves folded."""
        spec, cur = self.spec, self.cur
        if self.rf >= 0:  # CM-10: the substitute or a pass
            self.acts = [spec.special, PASS]
        elif self.top >= 0:
            nxt = spec.succ[self.top]
            if spec.spin_kind and self.hands[cur] & spec.special_bit and nxt != spec.special:
                self.acts = [nxt, nxt | SPIN_FLAG]
            else:
                self.acts = [nxt]
        else:
            mask = self.lead_mask(cur)
            if not mask and spec.new_lead:  # a leader with no allowed suit: MI-11 lapsed
                self.last_suit = -1
                mask = self.lead_mask(cur)
            self.acts = self.lead_codes(cur, mask)
        if len(self.acts) == 1:
            self.apply(self.acts[0])

    @classmethod
    def from_deal(cls, deal: StopsDeal) -> FastStops:
        """The fast state of engine ``deal`` (which must be in play)."""
        assert deal.phase == PLAY
        priv = deal.flags.get(PRIVILEGE)
        return cls.build(
            spec_for(deal.game),
            deal.hands,
            deal.stock,
            deal.turnup,
            deal.pools,
            deal.current,
            deal.top,
            deal.last_suit,
            -1 if priv is None else int(priv),  # type: ignore[call-overload]
            deal.played_by,
            -1 if deal.round_from is None else deal.round_from,
        )

    def position_key(self) -> tuple[Any, ...]:
        """Everything that decides the rest of the deal from here, as a tuple (the exact
        endings' table key, :mod:`gamecore.search.endgame`): every field but the constant
        tables, the counters already won, the legal codes and the owner table (both derived
        from the rest), lists as tuples, in slot order."""
        pb = self.pb
        return (
            self.n,
            self.stock,
            tuple(self.hands),
            None if pb is None else tuple(pb),
            tuple(self.pools),
            self.cur,
            self.top,
            self.last_suit,
            self.priv,
            self.spin_suit,
            self.over,
            self.winner,
            self.rf,
        )

    def clone(self) -> FastStops:
        """An independent copy (the spec and the deal's tables are shared)."""
        st = FastStops.__new__(FastStops)
        st.spec, st.t, st.n, st.stock = self.spec, self.t, self.n, self.stock
        st.hands = self.hands[:]
        st.owner = self.owner[:]
        pb = self.pb
        st.pb = None if pb is None else pb[:]
        st.pools = self.pools[:]
        st.deltas = self.deltas[:]
        st.cur, st.top, st.last_suit = self.cur, self.top, self.last_suit
        st.priv, st.spin_suit = self.priv, self.spin_suit
        st.over, st.winner, st.acts = self.over, self.winner, self.acts
        st.rf = self.rf
        return st

    # ---- legal actions -------------------------------------------------------------------

    def lead_mask(self, seat: int) -> CardSet:
        """Cards ``seat`` may lead now (STOP-5: NM-7, NM-11, SP-4, SP-6, SP-10, SN-9, PJ-7,
        PJ-C-2), as :meth:`gamecore.stops.game.StopsGame.lead_mask` computes them."""
        spec = self.spec
        hand = self.hands[seat]
        leadable = hand & ~spec.special_bit if spec.exclude_special else hand
        privileged = spec.privilege and self.priv == seat
        if not (spec.must_change or privileged or spec.new_lead):
            if not spec.lowest:
                return leadable
            if not spec.ace_high:
                mask = 0
                for sm in SUIT_MASK:
                    m = leadable & sm
                    mask |= m & -m
                return mask
        suits = [s for s in (0, 1, 2, 3) if leadable & SUIT_MASK[s]]
        if spec.new_lead and self.last_suit >= 0:  # MI-11
            suits = new_lead_suits(suits, self.last_suit, spec.new_lead)
        if spec.must_change and self.last_suit in suits and len(suits) > 1:
            suits.remove(self.last_suit)
        if privileged and spec.sp_must_change and self.spin_suit in suits and len(suits) > 1:
            suits.remove(self.spin_suit)
        mask = 0
        for s in suits:
            m = leadable & SUIT_MASK[s]
            if not spec.lowest:
                mask |= m
                continue
            if spec.ace_high:
                ace = 1 << (13 * s)
                if m != ace:
                    m &= ~ace
            mask |= m & -m
        if privileged:
            for c in self.t.privileged:
                if hand >> c & 1 and c // 13 in suits:
                    mask |= 1 << c
        return mask

    def lead_codes(self, seat: int, mask: CardSet) -> list[int]:
        """The action codes of leading the cards of ``mask`` (ascending), each followed by
        its Spinado (card | ``SPIN_FLAG``, SN-8) when ``seat`` holds the special card."""
        spec = self.spec
        return lead_codes_of(
            mask,
            spec.spin_kind == SPINADO and bool(self.hands[seat] & spec.special_bit),
            spec.special,
        )

    # ---- play ----------------------------------------------------------------------------

    def apply(self, code: int) -> None:
        """Play action ``code`` (one of :attr:`acts`) and every forced move after it: the
        sequence runs while the next card's holder must play it (STOP-6), a stop gives the
        lead (STOP-7, SP-4; STOP-11 passes it once), a lead with one legal card is played;
        the turn round may offer the substitute (CM-10), and ``PASS`` declines it.
        Leaves :attr:`acts` at the next real choice, or the deal over (STOP-9, STOP-10)."""
        spec = self.spec
        t = self.t
        hands, owner, pools, deltas = self.hands, self.owner, self.pools, self.deltas
        caps, succ, extra, kind = t.caps, spec.succ, t.extra, spec.spin_kind
        special, special_bit = spec.special, spec.special_bit
        offers, n = spec.offers, self.n
        pb = self.pb
        if code == PASS:
            seat, c = self.rf, self.top
            self.rf = -1
            nxt = succ[c]
            holder = owner[nxt] if nxt >= 0 else -1
            if holder < 0:  # nobody after him holds it: the sequence stops (STOP-7)
                got = self._after_stop(seat, c, False)
                if got is None:
                    return
                seat, c, spin = got
            else:  # its holder must play it (STOP-6)
                seat, c, spin = holder, nxt, False
        else:
            self.rf = -1
            seat = self.cur
            spin = code >= SPIN_FLAG
            c = code & 63
        while True:
            hands[seat] &= ~(1 << c)
            owner[c] = -1
            if pb is not None:
                pb[c] = seat
            if spin:
                hands[seat] &= ~special_bit
                owner[special] = -1
                if pb is not None:
                    pb[special] = seat
            p = caps[c]
            if p >= 0 and pools[p]:
                deltas[seat] += pools[p]
                pools[p] = 0
            if extra:
                self._effects(seat, c, spin)
            if not hands[seat]:
                self._end(seat)
                return
            nxt = succ[c]
            holder = -1 if (nxt < 0 or spin) else owner[nxt]
            if offers and c != special:
                h = owner[special]
                if (
                    h >= 0
                    and h != holder
                    and (
                        offers == OFFER_ANY_TIME
                        or holder < 0
                        or (h - seat) % n < (holder - seat) % n
                    )
                ):  # CM-10: the turn round offers its holder the substitute
                    self.top, self.cur, self.rf = c, h, seat
                    self.acts = [special, PASS]
                    return
            if holder >= 0:
                self.top = c
                self.cur = holder
                if kind and hands[holder] & special_bit and nxt != special:
                    # put the special card down or not (SP-2, SN-8)
                    self.acts = [nxt, nxt | SPIN_FLAG]
                    return
                seat, c, spin = holder, nxt, False
                continue
            got = self._after_stop(seat, c, spin)
            if got is None:
                return
            seat, c, spin = got

    def _after_stop(self, seat: int, c: int, spin: bool) -> tuple[int, int, bool] | None:
        """The sequence stopped on ``c``, played by ``seat``: he leads (STOP-7; SP-4 a Spin
        gives him the privilege; STOP-11 passes the lead once, and a privilege never
        passes). Returns the lead to play at once when it is forced, as ``(seat, card,
        spin)``; else ``None``, with :attr:`acts` set to the real choice."""
        spec = self.spec
        self.top = -1
        self.last_suit = c // 13
        if spec.privilege:
            if spin:
                self.priv, self.spin_suit = seat, self.last_suit
            else:
                self.priv = -1
        mask = self.lead_mask(seat)
        if not mask and spec.new_lead:  # MI-11: passed on round the table, or it lapses
            for k in range(1, self.n):
                mask = self.lead_mask((seat + k) % self.n)
                if mask:
                    seat = (seat + k) % self.n
                    break
            else:
                self.last_suit = -1
                mask = self.lead_mask(seat)
        elif not mask:  # STOP-11: the lead passes once, and a privilege never passes
            seat = (seat + 1) % self.n
            self.priv = -1
            mask = self.lead_mask(seat)
        self.cur = seat
        if mask & (mask - 1) or (spec.spin_kind == SPINADO and self.hands[seat] & spec.special_bit):
            acts = self.lead_codes(seat, mask)
            if len(acts) > 1:
                self.acts = acts
                return None
            code = acts[0]
            return seat, code & 63, code >= SPIN_FLAG
        return seat, mask.bit_length() - 1, False

    def _from_others(self, seat: int, amount: int) -> None:
        if amount:
            d = self.deltas
            for o in range(self.n):
                if o != seat:
                    d[o] -= amount
            d[seat] += amount * (self.n - 1)

    def _effects(self, seat: int, c: int, spin: bool) -> None:
        """STOP-8 after the capture: the bonus (SN-10, SN-13), the combination (PJ-23,
        PJ-C-6, SN-11, SN-12), then the Spin or Spinado payment (SP-7, SN-8)."""
        spec = self.spec
        pools = self.pools
        if spec.has_bonus:
            self._from_others(seat, spec.bonus[c])
        combos = self.t.combos
        if combos:
            pb = self.pb
            assert pb is not None
            for pool, a, b in combos:
                if c in (a, b):
                    partner = pb[b if c == a else a]
                    if partner < 0 or not pools[pool]:
                        continue
                    if partner == seat:
                        self.deltas[seat] += pools[pool]
                        pools[pool] = 0
                    elif spec.combo_divide:
                        half = pools[pool] // 2
                        if half:
                            pools[pool] -= 2 * half
                            self.deltas[seat] += half
                            self.deltas[partner] += half
        for pool, cards in self.t.combo_sets:  # MI-12
            if cards >> c & 1 and pools[pool] and self._played_all(seat, cards):
                self.deltas[seat] += pools[pool]
                pools[pool] = 0
        kind = spec.spin_kind
        if kind and (spin or (kind == SPINADO and c == spec.special)):
            self._from_others(seat, spec.spin_payment)

    def _played_all(self, seat: int, cards: CardSet) -> bool:
        """Whether ``seat`` played every card of ``cards`` (int mask) in this deal."""
        pb = self.pb
        assert pb is not None
        while cards:
            low = cards & -cards
            if pb[low.bit_length() - 1] != seat:
                return False
            cards ^= low
        return True

    def _end(self, winner: int) -> None:
        """STOP-9, STOP-10: ``winner`` went out; the Game pool, the cards left, doubling."""
        spec = self.spec
        self.over = True
        self.winner = winner
        self.top = -1
        self.acts = []
        pools, hands, d = self.pools, self.hands, self.deltas
        t = self.t
        dbl = t.doubling
        double_combos = spec.double_combos and t.combos
        at_end = pools[:] if dbl or double_combos else pools
        gp = spec.game_pool
        if gp >= 0 and pools[gp]:
            d[winner] += pools[gp]
            pools[gp] = 0
        excuse, double, factor = spec.excuse_card, spec.double_card, spec.double_factor
        plain = spec.plain_settle
        for s in range(self.n):
            if s == winner:
                continue
            h = hands[s]
            k = h.bit_count() if plain else h.bit_count() * spec.card_rate
            if excuse >= 0 and h >> excuse & 1:
                k = 0
            elif double >= 0 and h >> double & 1:
                k *= factor
            if not plain:  # CM-13 step 3
                k += spec.flat + sum(v for x, v in spec.penalty if h >> x & 1)
            d[s] -= k
            d[winner] += k
        if dbl:
            owner = self.owner
            for pool, c in dbl:
                h = owner[c]
                if h >= 0 and at_end[pool]:
                    d[h] -= at_end[pool]
                    pools[pool] += at_end[pool]
        if double_combos:
            owner, stock = self.owner, self.stock
            for pool, a, b in t.combos:
                if stock >> a & 1 or stock >> b & 1 or not at_end[pool]:
                    continue
                for payer in {owner[a], owner[b]} - {-1}:
                    d[payer] -= at_end[pool]
                    pools[pool] += at_end[pool]

    # ---- rollouts --------------------------------------------------------------------------

    def rollout(self, rnd: Any) -> list[int]:
        """Play to the end with uniformly random choices (``rnd()``: a float in [0, 1), one
        call per real choice); returns :attr:`deltas`. Mutates the state."""
        if self.over:
            return self.deltas
        if self.t.extra or self.spec.lead == LEAD_GENERAL:
            apply = self.apply
            while not self.over:
                acts = self.acts
                apply(acts[int(rnd() * len(acts))])
            return self.deltas
        return self._rollout_plain(rnd)

    def _rollout_plain(self, rnd: Any) -> list[int]:
        """:meth:`rollout` for a game whose plays only capture (no ♦A, bonus or
        combination) and whose leads are the lowest card of each suit or any card: the
        same choices in the same order as :meth:`apply`, inlined."""
        hands, owner, pools, deltas = self.hands, self.owner, self.pools, self.deltas
        caps, succ = self.t.caps, self.spec.succ
        lowest = self.spec.lead == LEAD_LOWEST
        acts = self.acts
        seat = self.cur
        while True:
            k = len(acts)
            c = acts[int(rnd() * k)] if k > 1 else acts[0]
            while True:  # seat plays c; the sequence runs to a stop (STOP-6, STOP-7)
                h = hands[seat] & ~(1 << c)
                hands[seat] = h
                owner[c] = -1
                p = caps[c]
                if p >= 0:
                    v = pools[p]
                    if v:
                        deltas[seat] += v
                        pools[p] = 0
                if not h:
                    self._end(seat)  # STOP-9
                    return deltas
                nxt = succ[c]
                if nxt < 0:
                    break
                o = owner[nxt]
                if o < 0:
                    break
                seat, c = o, nxt
            if lowest:  # NM-7: the lowest card of each suit held, in card order
                acts = []
                m = h & S0
                if m:
                    acts.append((m & -m).bit_length() - 1)
                m = h & S1
                if m:
                    acts.append((m & -m).bit_length() - 1)
                m = h & S2
                if m:
                    acts.append((m & -m).bit_length() - 1)
                m = h & S3
                if m:
                    acts.append((m & -m).bit_length() - 1)
            else:  # PJ-7: any card
                acts = []
                while h:
                    low = h & -h
                    acts.append(low.bit_length() - 1)
                    h ^= low


def privilege_from_history(game: StopsGame, obs: StopsObservation) -> int:
    """The seat holding the Spin privilege now (SP-4), or −1: in a game with the privilege,
    after a Spin stopped the sequence and before the next lead (a privilege never passes,
    STOP-11)."""
    if not game.spin_privilege or obs.top is not None or not obs.history:
        return -1
    last = obs.history[-1]
    if last.spin and obs.to_act == last.seat:
        return last.seat
    return -1
