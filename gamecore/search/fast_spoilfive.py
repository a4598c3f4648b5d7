"""The private fast path of Spoil Five (SF-20 … SF-32) for search and rollouts.

:class:`FastSpoilFive` plays a deal with plain ints: hands as int masks, the trick as a list,
counters as deltas from the moment the state was built; no events, no validation, forced
moves folded (every state is over or at a choice of two or more codes, :attr:`acts`).
A deal counts as over for search as soon as it is decided (SF-30, SF-32): tricks played out
for show (``sf.playOutDeadTricks``) change no counter.

It must agree with :class:`gamecore.spoilfive.deal.SpoilFiveDeal`;
``tests/gamecore/test_search_fast.py`` checks both on random deals.
"""

from __future__ import annotations

from typing import Any

from gamecore.cards import ACE, card
from gamecore.search import CLAIM, DECLINE, JINK, ROB_BASE
from gamecore.spoilfive.deal import PLAY, SpoilFiveDeal
from gamecore.spoilfive.game import SpoilFive
from gamecore.spoilfive.ranks import EFF_MASKS, EFFECTIVE, RENEGE_OK, TRICK_KEY, TRUMP

#: The rules module's tables (SF-12, SF-27, SF-28), under the names the search uses.
KEY = TRICK_KEY


class SFSpec:
    """The options of a Spoil Five game that the fast path needs (SF-21 … SF-32)."""

    def __init__(self, game: SpoilFive) -> None:
        self.game = game
        self.robbing = game.robbing
        self.jinking = game.jinking
        self.jink_bonus = game.jink_bonus


_SPECS: dict[int, tuple[SpoilFive, SFSpec]] = {}


def sf_spec(game: SpoilFive) -> SFSpec:
    """The cached :class:`SFSpec` of ``game``."""
    hit = _SPECS.get(id(game))
    if hit is None or hit[0] is not game:
        hit = (game, SFSpec(game))
        _SPECS[id(game)] = hit
    return hit[1]


class FastSpoilFive:
    """A Spoil Five deal for search (see the module docstring).

    ``who``: seat to act (the robber, the claimant or the player); ``cur``: seat whose turn
    it is in the trick; ``acts``: legal codes (a card; ``ROB_BASE + discard``;
    ``DECLINE``; ``CLAIM``; ``JINK``); ``over``; ``deltas`` (counters per seat since built).
    """

    __slots__ = (
        "spec",
        "n",
        "hands",
        "trump",
        "turnup",
        "ace",
        "cur",
        "leader",
        "trick",
        "best",
        "bestkey",
        "done",
        "won",
        "inel",
        "jinker",
        "offer",
        "rob_done",
        "rob_pending",
        "pool",
        "deltas",
        "over",
        "winner",
        "acts",
        "effm",
        "keys",
        "who",
    )

    spec: SFSpec
    n: int
    hands: list[int]
    trump: int
    turnup: int
    ace: int
    cur: int
    leader: int
    trick: list[int]
    best: int
    bestkey: int
    done: int
    won: list[int]
    inel: list[bool]
    jinker: int
    offer: int
    rob_done: bool
    rob_pending: int
    pool: int
    deltas: list[int]
    over: bool
    winner: int
    acts: list[int]
    effm: tuple[int, ...]
    keys: tuple[int, ...]
    who: int

    @classmethod
    def build(
        cls,
        spec: SFSpec,
        hands: list[int],
        turnup: int,
        cur: int,
        leader: int,
        trick: list[tuple[int, int]],
        done: int,
        won: list[int],
        inel: list[bool],
        jinker: int | None,
        offer: int | None,
        rob_done: bool,
        rob_pending: int | None,
        pool: int,
    ) -> FastSpoilFive:
        """A state from its parts: ``hands`` (int masks), ``turnup`` (card), ``cur`` (seat to
        act), ``leader`` (seat that led the trick), ``trick`` ((seat, card) so far),
        ``done`` (tricks finished), ``won`` (tricks per seat), ``inel`` (SF-23), ``jinker``,
        ``offer`` (seat offered claim/jink, SF-31), robbing state (``rob_done``,
        ``rob_pending``: SF-21/SF-22), ``pool`` (counters in the pool)."""
        tpl = cls.template(
            spec, len(hands), turnup, cur, leader, trick, done, won, inel, jinker, offer, pool
        )
        return tpl.with_world(hands, rob_done, rob_pending)

    @classmethod
    def template(
        cls,
        spec: SFSpec,
        n: int,
        turnup: int,
        cur: int,
        leader: int,
        trick: list[tuple[int, int]],
        done: int,
        won: list[int],
        inel: list[bool],
        jinker: int | None,
        offer: int | None,
        pool: int,
    ) -> FastSpoilFive:
        """What every world of one decision shares (the arguments of :meth:`build` but the
        hands and the robbing state, for ``n`` seats): not a playable state until
        :meth:`with_world` deals its hidden cards."""
        st = cls.__new__(cls)
        st.spec, st.n = spec, n
        st.hands = [0] * n
        st.turnup = turnup
        st.trump = t = turnup // 13
        st.ace = card(ACE, t)
        st.effm, st.keys = EFF_MASKS[t], KEY[t]
        st.cur, st.leader = cur, leader
        st.trick = [c for _, c in trick]
        st.best, st.bestkey = -1, -1
        if trick:
            led = EFFECTIVE[t][trick[0][1]]
            for s, c in trick:
                k = st._key(c, led)
                if k > st.bestkey:
                    st.best, st.bestkey = s, k
        st.done, st.won, st.inel = done, list(won), list(inel)
        st.jinker = -1 if jinker is None else jinker
        st.offer = -1 if offer is None else offer
        st.rob_done, st.rob_pending = True, -1
        st.pool = pool
        st.deltas = [0] * n
        st.over, st.winner = False, -1
        st.acts = []
        st.who = cur
        return st

    def with_world(
        self, hands: list[int], rob_done: bool, rob_pending: int | None
    ) -> FastSpoilFive:
        """A new state: this :meth:`template` with ``hands`` (int masks) and the robbing
        state (``rob_done``, ``rob_pending``: SF-21/SF-22) of one world, its forced moves
        folded (the same state as :meth:`build` with the same parts)."""
        st = self.clone()
        st.hands = list(hands)
        st.rob_done = rob_done
        st.rob_pending = -1 if rob_pending is None else rob_pending
        st._fold()
        return st

    @classmethod
    def from_deal(cls, deal: SpoilFiveDeal) -> FastSpoilFive:
        """The fast state of engine ``deal`` (in play and not yet decided)."""
        assert deal.phase == PLAY and not deal.decided
        return cls.build(
            sf_spec(deal.game),
            deal.hands,
            deal.turnup,
            deal.current,
            deal.leader,
            deal.trick,
            len(deal.tricks),
            deal.tricks_won,
            deal.ineligible,
            deal.jinker,
            deal.jink_offer,
            deal.rob_done,
            deal.rob_pending,
            deal.pools[0],
        )

    def position_key(self) -> tuple[Any, ...]:
        """Everything that decides the rest of the deal from here, as a tuple (the exact
        endings' table key, :mod:`gamecore.search.endgame`): every field but the constant
        tables, the counters already won and the legal codes (derived from the rest), lists
        as tuples, in slot order."""
        return (
            self.n,
            tuple(self.hands),
            self.trump,
            self.turnup,
            self.ace,
            self.cur,
            self.leader,
            tuple(self.trick),
            self.best,
            self.bestkey,
            self.done,
            tuple(self.won),
            tuple(self.inel),
            self.jinker,
            self.offer,
            self.rob_done,
            self.rob_pending,
            self.pool,
            self.over,
            self.winner,
            self.who,
        )

    def clone(self) -> FastSpoilFive:
        """An independent copy."""
        st = FastSpoilFive.__new__(FastSpoilFive)
        st.spec, st.n, st.hands = self.spec, self.n, self.hands[:]
        st.trump, st.turnup, st.ace = self.trump, self.turnup, self.ace
        st.effm, st.keys = self.effm, self.keys
        st.cur, st.leader, st.trick = self.cur, self.leader, self.trick[:]
        st.best, st.bestkey, st.done = self.best, self.bestkey, self.done
        st.won, st.inel = self.won[:], self.inel[:]
        st.jinker, st.offer, st.rob_done = self.jinker, self.offer, self.rob_done
        st.rob_pending, st.pool, st.deltas = self.rob_pending, self.pool, self.deltas[:]
        st.over, st.winner, st.acts, st.who = self.over, self.winner, self.acts, self.who
        return st

    def _key(self, c: int, led: int) -> int:
        e = EFFECTIVE[self.trump][c]
        if e == TRUMP:
            return self.keys[c]
        return self.keys[c] if e == led else -1

    # ---- legal actions -----------------------------------------------------------------

    def legal_mask(self, seat: int) -> int:
        """Cards ``seat`` may play to the trick (SF-24 … SF-27), an int mask."""
        hand = self.hands[seat]
        if not self.trick:
            return hand
        effm = self.effm
        led = self.trick[0]
        e = EFFECTIVE[self.trump][led]
        trumps = hand & effm[TRUMP]
        if e != TRUMP:
            follow = hand & effm[e]
            return (follow | trumps) if follow else hand
        if not trumps or not trumps & ~RENEGE_OK[self.trump][led]:
            return hand
        return trumps

    def _rob_decider(self) -> int:
        if self.rob_done:
            return -1
        if self.rob_pending >= 0:
            return self.rob_pending
        if not self.done and self.hands[self.cur] >> self.ace & 1:
            return self.cur
        return -1

    def _legal(self) -> list[int]:
        rob = self._rob_decider()
        if rob >= 0:
            self.who = rob
            h = self.hands[rob] & ~(1 << self.turnup)
            out = []
            while h:
                low = h & -h
                out.append(ROB_BASE + low.bit_length() - 1)
                h ^= low
            out.append(DECLINE)
            return out
        if self.offer >= 0:
            self.who = self.offer
            return [CLAIM, JINK]
        self.who = self.cur
        m = self.legal_mask(self.cur)
        out = []
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out

    def _fold(self) -> None:
        while not self.over:
            acts = self._legal()
            if len(acts) != 1:
                self.acts = acts
                return
            self._do(acts[0])
        self.acts = []

    def apply(self, code: int) -> None:
        """Apply action ``code`` (one of :attr:`acts`) and fold the forced moves after it."""
        self._do(code)
        self._fold()

    # ---- applying ----------------------------------------------------------------------

    def _do(self, code: int) -> None:
        if code < 52:
            self._play(code)
        elif code < DECLINE:
            seat = self._rob_decider()
            self.hands[seat] = (self.hands[seat] & ~(1 << (code - ROB_BASE))) | (1 << self.turnup)
            self.rob_done, self.rob_pending = True, -1
        elif code == DECLINE:
            seat = self._rob_decider()
            if self.spec.robbing == "compulsory":
                self.inel[seat] = True
            self.rob_done, self.rob_pending = True, -1
        elif code == CLAIM:
            seat, self.offer = self.offer, -1
            self._win(seat, False)
        else:
            self.jinker, self.offer = self.offer, -1

    def _play(self, c: int) -> None:
        seat = self.cur
        self.hands[seat] &= ~(1 << c)
        trick = self.trick
        if not trick:
            self.leader = seat
            self.best, self.bestkey = seat, self.keys[c]
        else:
            k = self._key(c, EFFECTIVE[self.trump][trick[0]])
            if k > self.bestkey:
                self.best, self.bestkey = seat, k
        trick.append(c)
        if len(trick) < self.n:
            self.cur = (seat + 1) % self.n
            return
        w = self.best
        self.won[w] += 1
        self.done += 1
        self.trick = []
        self.leader = self.cur = w
        self._after_trick(w)

    def _after_trick(self, w: int) -> None:
        done, won, inel = self.done, self.won, self.inel
        if self.jinker >= 0:
            if w != self.jinker:
                self._decide()  # SF-32: the jink failed, the pool stays
            elif done == 5:
                self._win(w, True)
            return
        if done == 3 and won[w] == 3 and not inel[w] and self.spec.jinking:
            self.offer = w  # SF-31
            return
        left = 5 - done
        alive = False
        for s in range(self.n):
            if not inel[s]:
                if won[s] >= 3:
                    self._win(s, False)  # SF-30
                    return
                if won[s] + left >= 3:
                    alive = True
        if not alive:
            self._decide()  # spoiled

    def _win(self, seat: int, jink: bool) -> None:
        self.winner = seat
        self.deltas[seat] += self.pool
        self.pool = 0
        if jink:
            bonus = self.spec.jink_bonus
            for o in range(self.n):
                if o != seat and bonus:
                    self.deltas[o] -= bonus
                    self.deltas[seat] += bonus
        self._decide()

    def _decide(self) -> None:
        self.over = True

    def guided_rollout(self, rnd: Any, epsilon: float = 0.3) -> list[int]:
        """Play to the end with a cheap heuristic, a uniformly random choice with
        probability ``epsilon``: rob (discarding the weakest card), claim, lead at random,
        win the trick with the cheapest card that beats the best so far, or else throw the
        cheapest card. Returns :attr:`deltas`. Mutates the state."""
        keys = self.keys
        while not self.over:
            acts = self.acts
            if rnd() < epsilon:
                self._do(acts[int(rnd() * len(acts))])
            elif acts[0] == CLAIM:
                self._do(CLAIM)
            elif acts[-1] == DECLINE:
                self._do(min(acts[:-1], key=lambda a: keys[a - ROB_BASE]))
            elif not self.trick:
                self._do(acts[int(rnd() * len(acts))])
            else:
                led = EFFECTIVE[self.trump][self.trick[0]]
                best, cheap = -1, -1
                bk, ck = 1 << 30, 1 << 30
                for c in acts:
                    e = EFFECTIVE[self.trump][c]
                    k = keys[c] if e in (TRUMP, led) else -1
                    if k > self.bestkey and k < bk:
                        best, bk = c, k
                    if keys[c] < ck:
                        cheap, ck = c, keys[c]
                self._do(best if best >= 0 else cheap)
            self._fold()
        return self.deltas

    def rollout(self, rnd: Any) -> list[int]:
        """Play to the end with uniformly random choices; returns :attr:`deltas`."""
        while not self.over:
            acts = self.acts
            self._do(acts[int(rnd() * len(acts))])
            self._fold()
        return self.deltas
