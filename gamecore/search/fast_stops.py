"""The private fast path of the stops games (STOP-1 … STOP-14) for search and rollouts.

:class:`FastStops` plays a deal that is already in play (staking done) with plain ints: hands
as int masks, a 52-entry owner table, counters as deltas from the moment the state was built.
It emits no events and validates nothing; forced moves (continuations without a ♦A option,
leads with one legal card) are folded into the action before them, so every state is either
over or at a real choice (:attr:`FastStops.acts`, never fewer than two codes).

It must agree exactly with :class:`gamecore.stops.deal.StopsDeal` (rules of Newmarket NM-7/
NM-8/NM-11, Spin SP-2 … SP-10, Spinado SN-7 … SN-14, Pope Joan PJ-8/PJ-11/PJ-23/PJ-24/PJ-27,
PJ-C-2/PJ-C-6/PJ-C-7, settlement STOP-10); ``tests/test_search_fast.py`` checks it against
the engine on random deals of every game.
"""

from __future__ import annotations

from functools import lru_cache

from gamecore.cards import AD, KING, SUIT_MASK, card, suit_of
from gamecore.search import SPIN_FLAG
from gamecore.stops.deal import PLAY, StopsDeal, StopsObservation
from gamecore.stops.game import StopsGame
from gamecore.stops.newmarket import Newmarket
from gamecore.stops.popejoan import (
    C_INTRIGUE,
    C_MATRIMONY,
    C_POPE,
    M_POPE,
    NINE_D,
    PopeJoanC,
    PopeJoanF,
    PopeJoanM,
)
from gamecore.stops.spin import Spin
from gamecore.stops.spinado import KD, OTHER_KINGS, Spinado

ADBIT = 1 << AD
LOWEST, ANY = 0, 1
NO_SPIN, SPIN, SPINADO = 0, 1, 2
#: settlement kinds for the per-card payment (STOP-10 step 2)
PAY_PLAIN, PAY_SPIN, PAY_SPINADO, PAY_POPE_C = 0, 1, 2, 3


class StopsSpec:
    """What :class:`FastStops` needs of one stops game, computed once from its description.

    Args: ``game`` (any :class:`~gamecore.stops.game.StopsGame` with resolved options).
    Attributes are plain ints, tuples and lists (see the source); ``captures_for(trump)`` is
    a 52-list card → pool index (−1 none) for the deal's trump suit (``None`` for no trump).
    """

    def __init__(self, game: StopsGame) -> None:
        opt = game.options
        self.game = game
        self.succ = tuple(-1 if s is None else s for s in game.succ)
        self.ace_high = game.ace_high
        self.game_pool = -1 if game.game_pool is None else game.game_pool
        self.lead_kind = ANY
        self.exclude_ad = False  # the ♦A does not count for leads
        self.must_change = False  # nm.mustChangeSuit (NM-11)
        self.sp_must_change = False  # sp.mustChangeSuit (SP-10)
        self.spin_kind = NO_SPIN
        self.spin_payment = 0
        self.pay_kind = PAY_PLAIN
        self.pay_cards: tuple[int, ...] = ()
        self.kings: list[int] = [0] * 52  # card → counters each other player pays (SN-10/13)
        self.combos: tuple[tuple[int, int, int], ...] = ()  # (pool, a, b)
        self.combo_divide = False  # PJ-23
        self.combo_trump = False  # combos depend on the trump (PJ-M, PJ-C)
        self.doubling = ""  # "F" (PJ-11) or "M" (PJ-24, PJ-27) or ""
        self.double_combos = False
        self.layout: tuple[int, ...] = ()
        self.pope = -1
        self.excuse = False
        self._captures: dict[int | None, list[int]] = {}
        base_caps: dict[int, int] = {}
        if isinstance(game, Newmarket):
            self.lead_kind = LOWEST
            self.must_change = bool(opt["nm.mustChangeSuit"])
            self.pay_cards = tuple(game.pay_cards)
            base_caps = dict(game.pool_of_card)
            if isinstance(game, Spin):
                self.exclude_ad = not game.ordinary_ace
                self.sp_must_change = bool(opt["sp.mustChangeSuit"])
                self.spin_kind = SPIN
                self.spin_payment = int(opt["sp.spinPayment"])
                if opt["sp.leftWithSpinPenalty"]:
                    self.pay_kind = PAY_SPIN
        elif isinstance(game, Spinado):
            self.exclude_ad = not game.alone
            self.spin_kind = SPINADO
            self.spin_payment = int(opt["sn.spinadoPayment"])
            self.pay_kind = PAY_SPINADO
            self.kings[KD] = 2
            for k in OTHER_KINGS:
                self.kings[k] = 1
            self.combos = tuple((p, a, b) for p, (a, b) in game.combos)
        elif isinstance(game, PopeJoanF):
            base_caps = dict(game.capture_cards)
            self.layout = tuple(game.layout_cards)
            self.doubling = "F" if opt["pj.doubling"] else ""
        elif isinstance(game, PopeJoanM):
            base_caps = dict(game.capture_cards)
            self.combo_divide = self.combo_trump = True
            self.pope = game.pope
            self.doubling = "M" if opt["pj.doubling"] else ""
            self.double_combos = bool(opt["pj.m.doubleCombos"])
        elif isinstance(game, PopeJoanC):
            self.lead_kind = LOWEST if game.parlett else ANY
            self.combo_trump = True
            self.excuse = bool(opt["pj.c.popeExcuses"])
            self.pay_kind = PAY_POPE_C
        else:  # pragma: no cover - every stops game is listed above
            raise ValueError(f"no fast path for {game.name!r}")
        self.base_caps = base_caps
        #: whether a play can have effects besides a single-card capture
        self.extra = bool(self.spin_kind or self.combos or self.combo_trump)

    def captures_for(self, trump: int | None) -> list[int]:
        """Card → pool it captures (−1: none) in a deal with ``trump`` (PJ-8, PJ-C-6, NM-8)."""
        caps = self._captures.get(trump)
        if caps is None:
            caps = [-1] * 52
            for c, p in self.base_caps.items():
                caps[c] = p
            if isinstance(self.game, PopeJoanC):
                caps[NINE_D] = C_POPE
                if trump is not None:
                    for c, p in self.game.honours(trump).items():
                        caps[c] = p
            self._captures[trump] = caps
        return caps

    def combos_for(self, trump: int | None) -> tuple[tuple[int, int, int], ...]:
        """The two-card compartments (pool, card, card) of a deal with ``trump``."""
        if not self.combo_trump:
            return self.combos
        if trump is None:
            return ()
        if isinstance(self.game, PopeJoanM):
            return tuple((p, a, b) for p, (a, b) in self.game.combos(trump))
        k, q, j = card(KING, trump), card(KING - 1, trump), card(KING - 2, trump)
        return ((C_MATRIMONY, k, q), (C_INTRIGUE, q, j))


@lru_cache(maxsize=64)
def spec_for(game: StopsGame) -> StopsSpec:
    """The cached :class:`StopsSpec` of ``game`` (games are immutable during a session)."""
    return StopsSpec(game)


class FastStops:
    """A stops deal in play, for search (see the module docstring).

    Build with :meth:`from_deal` (a true engine state) or :meth:`build` (a sampled world).
    ``cur``: seat to act; ``acts``: its legal action codes (card, or card | ``SPIN_FLAG``);
    ``over``; ``deltas``: counters won (+) or lost (−) per seat since the state was built.
    """

    __slots__ = ("spec", "n", "hands", "owner", "pb", "pools", "deltas", "cur", "top",
                 "last_suit", "priv", "spin_suit", "over", "winner", "acts", "stock",
                 "trump", "caps", "combos")

    @property
    def who(self) -> int:
        """The seat to act (same as :attr:`cur` in the stops games)."""
        return self.cur

    @classmethod
    def build(cls, spec: StopsSpec, hands: list[int], stock: int, turnup: int | None,
              pools: list[int], cur: int, top: int | None, last_suit: int | None,
              priv: int, played_by: dict[int, int]) -> FastStops:
        """A state from its parts: ``hands`` (int mask per seat), ``stock`` (int mask),
        ``turnup`` (card or ``None``), ``pools`` (counters per pool), ``cur`` (seat to act),
        ``top`` (open sequence's top card or ``None``), ``last_suit`` (suit of the last stop),
        ``priv`` (seat holding the Spin privilege SP-4, −1 none), ``played_by`` (card → seat,
        for the combinations). Forced moves at the start are folded at once."""
        st = cls.__new__(cls)
        n = len(hands)
        st.spec, st.n = spec, n
        st.hands = list(hands)
        owner = [-1] * 52
        for s, h in enumerate(hands):
            while h:
                low = h & -h
                owner[low.bit_length() - 1] = s
                h ^= low
        st.owner = owner
        trump = None if turnup is None else suit_of(turnup)
        st.trump = trump
        st.combos = spec.combos_for(trump)
        if st.combos:
            pb = [-1] * 52
            for c, s in played_by.items():
                pb[c] = s
            st.pb = pb
        else:
            st.pb = None
        st.caps = spec.captures_for(trump)
        st.pools = list(pools)
        st.deltas = [0] * n
        st.cur = cur
        st.top = -1 if top is None else top
        st.last_suit = -1 if last_suit is None else last_suit
        st.priv = priv
        st.spin_suit = st.last_suit if priv >= 0 else -1
        st.over = False
        st.winner = -1
        st.stock = stock
        st.acts = []
        st._fold()
        return st

    @classmethod
    def from_deal(cls, deal: StopsDeal) -> FastStops:
        """The fast state of engine ``deal`` (which must be in play)."""
        assert deal.phase == PLAY
        priv = deal.flags.get("spin-privilege")
        return cls.build(spec_for(deal.game), deal.hands, deal.stock, deal.turnup, deal.pools,
                         deal.current, deal.top, deal.last_suit,
                         -1 if priv is None else int(priv),  # type: ignore[call-overload]
                         deal.played_by)

    def clone(self) -> FastStops:
        """An independent copy (the spec and the immutable tables are shared)."""
        st = FastStops.__new__(FastStops)
        st.spec, st.n = self.spec, self.n
        st.hands = self.hands[:]
        st.owner = self.owner[:]
        st.pb = None if self.pb is None else self.pb[:]
        st.pools = self.pools[:]
        st.deltas = self.deltas[:]
        st.cur, st.top, st.last_suit = self.cur, self.top, self.last_suit
        st.priv, st.spin_suit = self.priv, self.spin_suit
        st.over, st.winner, st.acts = self.over, self.winner, self.acts
        st.stock, st.trump, st.caps, st.combos = self.stock, self.trump, self.caps, self.combos
        return st

    # ---- legal actions -------------------------------------------------------------------

    def lead_mask(self, seat: int) -> int:
        """Cards ``seat`` may lead now (NM-7, NM-11, SP-4, SP-6, SP-10, SN-9, PJ-7, PJ-C-2)."""
        spec = self.spec
        hand = self.hands[seat]
        if spec.lead_kind == ANY:
            return hand & ~ADBIT if spec.exclude_ad else hand
        leadable = hand & ~ADBIT if spec.exclude_ad else hand
        privileged = self.priv == seat
        if not (spec.must_change or privileged or spec.ace_high):
            mask = 0
            for sm in SUIT_MASK:
                m = leadable & sm
                mask |= m & -m
            return mask
        suits = [s for s in (0, 1, 2, 3) if leadable & SUIT_MASK[s]]
        if spec.must_change and self.last_suit in suits and len(suits) > 1:
            suits.remove(self.last_suit)
        if privileged and spec.sp_must_change and self.spin_suit in suits and len(suits) > 1:
            suits.remove(self.spin_suit)
        mask = 0
        for s in suits:
            m = leadable & SUIT_MASK[s]
            if spec.ace_high:
                ace = 1 << (13 * s)
                if m != ace:
                    m &= ~ace
            mask |= m & -m
        if privileged:
            for c in spec.pay_cards:
                if hand >> c & 1 and c // 13 in suits:
                    mask |= 1 << c
        return mask

    def _legal(self) -> list[int]:
        seat = self.cur
        hand = self.hands[seat]
        kind = self.spec.spin_kind
        if self.top >= 0:
            nxt = self.spec.succ[self.top]
            if kind and hand & ADBIT:
                return [nxt, nxt | SPIN_FLAG]
            return [nxt]
        mask = self.lead_mask(seat)
        out = []
        spinado = kind == SPINADO and hand & ADBIT
        while mask:
            low = mask & -mask
            c = low.bit_length() - 1
            mask ^= low
            out.append(c)
            if spinado and c != AD:
                out.append(c | SPIN_FLAG)
        return out

    def _fold(self) -> None:
        while not self.over:
            acts = self._legal()
            if len(acts) != 1:
                self.acts = acts
                return
            self._play(acts[0])
        self.acts = []

    def apply(self, code: int) -> None:
        """Play action ``code`` (one of :attr:`acts`) and fold the forced moves after it."""
        self._play(code)
        self._fold()

    # ---- play ----------------------------------------------------------------------------

    def _play(self, code: int) -> None:
        spec = self.spec
        hands, owner = self.hands, self.owner
        seat = self.cur
        spin = code >= SPIN_FLAG
        c = code & 63
        caps, pools, extra = self.caps, self.pools, spec.extra
        while True:
            hands[seat] &= ~(1 << c)
            owner[c] = -1
            pb = self.pb
            if pb is not None:
                pb[c] = seat
            if spin:
                hands[seat] &= ~ADBIT
                owner[AD] = -1
                if pb is not None:
                    pb[AD] = seat
            p = caps[c]
            if p >= 0 and pools[p]:
                self.deltas[seat] += pools[p]
                pools[p] = 0
            if extra:
                self._effects(seat, c, spin)
            if not hands[seat]:
                self._end(seat)
                return
            nxt = spec.succ[c]
            holder = -1 if (nxt < 0 or spin) else owner[nxt]
            if holder < 0:
                self.top = -1
                self.last_suit = c // 13
                self.cur = seat
                if spec.spin_kind == SPIN:
                    if spin:
                        self.priv, self.spin_suit = seat, self.last_suit
                    else:
                        self.priv = -1
                if not self.lead_mask(seat):  # STOP-11: the lead passes once
                    self.cur = (seat + 1) % self.n
                    self.priv = -1
                return
            self.top = c
            self.cur = holder
            if spec.spin_kind and hands[holder] & ADBIT:
                return  # a choice: attach the ♦A or not
            seat, c = holder, nxt

    def _take(self, seat: int, pool: int, amount: int) -> None:
        self.pools[pool] -= amount
        self.deltas[seat] += amount

    def _from_others(self, seat: int, amount: int) -> None:
        if amount:
            d = self.deltas
            for o in range(self.n):
                if o != seat:
                    d[o] -= amount
            d[seat] += amount * (self.n - 1)

    def _effects(self, seat: int, c: int, spin: bool) -> None:
        spec = self.spec
        pools = self.pools
        kind = spec.spin_kind
        if kind == SPINADO:
            self._from_others(seat, spec.kings[c])
        if self.combos:
            pb = self.pb
            assert pb is not None
            for pool, a, b in self.combos:
                if c in (a, b):
                    partner = pb[b if c == a else a]
                    if partner < 0 or not pools[pool]:
                        continue
                    if partner == seat:
                        self._take(seat, pool, pools[pool])
                    elif spec.combo_divide:
                        half = pools[pool] // 2
                        if half:
                            self._take(seat, pool, half)
                            self._take(partner, pool, half)
        if kind and (spin or (kind == SPINADO and c == AD)):
            self._from_others(seat, spec.spin_payment)

    def _end(self, winner: int) -> None:
        spec = self.spec
        self.over = True
        self.winner = winner
        self.top = -1
        pools, hands, d = self.pools, self.hands, self.deltas
        at_end = pools[:]
        gp = spec.game_pool
        if gp >= 0 and pools[gp]:
            self._take(winner, gp, pools[gp])
        kind = spec.pay_kind
        for s in range(self.n):
            if s == winner:
                continue
            h = hands[s]
            k = h.bit_count()
            if kind in (PAY_SPIN, PAY_SPINADO):
                if h & ADBIT:
                    k *= 2
            elif kind == PAY_POPE_C and spec.excuse and h >> NINE_D & 1:
                k = 0
            d[s] -= k
            d[winner] += k
        if spec.doubling == "F":
            for pool, c in enumerate(spec.layout):
                h = self.owner[c]
                if h >= 0 and at_end[pool]:
                    d[h] -= at_end[pool]
                    pools[pool] += at_end[pool]
        elif spec.doubling == "M":
            h = self.owner[spec.pope]
            if h >= 0 and at_end[M_POPE]:
                d[h] -= at_end[M_POPE]
                pools[M_POPE] += at_end[M_POPE]
            if spec.double_combos and self.trump is not None:
                for pool, a, b in self.combos:
                    if self.stock >> a & 1 or self.stock >> b & 1 or not at_end[pool]:
                        continue
                    for payer in {self.owner[a], self.owner[b]} - {-1}:
                        d[payer] -= at_end[pool]
                        pools[pool] += at_end[pool]

    # ---- rollouts --------------------------------------------------------------------------

    def rollout(self, rnd) -> list[int]:  # type: ignore[no-untyped-def]
        """Play to the end with uniformly random choices (``rnd()``: a float in [0, 1));
        returns :attr:`deltas`. Mutates the state."""
        play, fold = self._play, self._fold
        while not self.over:
            acts = self.acts
            play(acts[int(rnd() * len(acts))])
            fold()
        return self.deltas


def privilege_from_history(game: StopsGame, obs: StopsObservation) -> int:
    """The seat holding the Spin privilege now (SP-4), or −1: in Spin, after a Spin stopped
    the sequence and before the next lead (a privilege never passes, STOP-11)."""
    if not isinstance(game, Spin) or obs.top is not None or not obs.history:
        return -1
    last = obs.history[-1]
    if last.spin and obs.to_act == last.seat:
        return last.seat
    return -1
