"""Inference from play: which of the worlds consistent with a seat's observation explain the
other seats' decisions best (GEN-9: only the seat's own observation goes in).

:mod:`gamecore.search.determinize` samples worlds that meet the hard constraints (what the
rules prove about the hidden cards). A player's *choices* say more: a Newmarket player who
led the 4♥ rather than his lowest club probably holds a longer run of hearts; a Spoil Five
player who threw a low card when the trick was worth winning probably had nothing to win it
with. This module turns that into numbers:

* an **evidence** object (:class:`StopsEvidence`, :class:`SpoilFiveEvidence`) is built once
  per decision from the observation: every past decision of another seat, with what was
  public when it was taken. For a world (one int mask per hand) it rebuilds each decider's
  hand at that moment (his hand in the world plus the cards he played since), the legal
  choices he had, and a feature vector for each choice;
* an **opponent model** (:class:`OpponentModel`) gives each choice a probability, a
  multinomial logit over those features mixed with a uniform choice, ``p = (1 − ε) ·
  softmax(θ · φ) + ε / k``, so no legal choice, and no world, ever has probability 0. Its
  parameters are fitted by maximum likelihood on the play of every level (Easy, Normal and
  Hard tables; :mod:`gamecore.search.opponent_fit`) and stored in
  :mod:`gamecore.search.opponent_params`;
* :class:`WeightedWorlds` draws candidate worlds from the hard-constraint sampler, weights
  each by the likelihood of the observed decisions (raised to a tempering power ``τ`` ≤ 1,
  a hedge against a wrong model) and gives the search worlds drawn from the weighted set
  (importance resampling, with replacement).

Decisions used. Stops games (STOP-5, STOP-6, NM-7, PJ-7, SP-2, SN-7, SN-8): every lead (which
card: which suit, which run, whether with the ♦A in Spinado) and every continuation at
which the player held the ♦A (Spin or not; continuations are otherwise compulsory and say
nothing beyond the hard constraint that the player held the card). Spoil Five (SF-24 …
SF-31): every lead, every card played to a trick, and a jink. Robbing says nothing soft:
who robbed or declined is a hard constraint already, and the discard is never seen.

The features of a lead are the ones a card player weighs (and the rule-based players'
score, :mod:`gamecore.agents.stops`): the run the lead gives from the leader's own hand,
the counters it wins (pools, bonuses, combinations, going out), whether it keeps the lead
on a known stop, whether the card can only ever be led, the suit's length, the card's
lowness, the doubling risk removed. Pools at an earlier moment are rebuilt from the
observation where possible; a pool emptied since then is estimated by the mean of the
pools not yet won (the observation does not keep the old amounts).
"""

from __future__ import annotations

import bisect
import math
import random
import time
from collections.abc import Sequence
from math import exp, log
from operator import mul
from typing import Any

from gamecore.cards import SUIT_MASK, cards_in, parse_card, suit_of
from gamecore.games import descriptor
from gamecore.interface import TRICKS, Observation, Rules
from gamecore.search import CLAIM, JINK, SPIN_FLAG
from gamecore.search.fast_stops import SPINADO, FastStops, lead_codes_of, spec_for
from gamecore.spoilfive.deal import SpoilFiveObservation
from gamecore.spoilfive.game import SpoilFive
from gamecore.spoilfive.ranks import EFF_MASKS, EFFECTIVE, RENEGE_OK, TRICK_KEY, TRUMP
from gamecore.stops.deal import StopsObservation
from gamecore.stops.game import StopsGame, rank_position

KEY = TRICK_KEY

#: Decision kinds and the length of their feature vectors.
STOPS = "stops"  # a stops-game lead or a continuation with the special card
SF_LEAD = "sf-lead"
SF_FOLLOW = "sf-follow"
SF_JINK = "sf-jink"
#: The card of the ``ad_alone`` feature in a game without a special card. The feature marks
#: the special card led alone; the opponent models (:mod:`gamecore.search.opponent_params`)
#: were fitted with it marking this card in every stops game, Newmarket and Pope Joan too,
#: where their fitted weight is not zero, so it keeps that meaning there until the models
#: are fitted again.
FITTED_MARKED_CARD = parse_card("AD")
STOPS_LEAD_FEATURES = (
    "run",
    "captured",
    "captured_alone",
    "keeps_lead",
    "alone",
    "suit_length",
    "lowness",
    "goes_out",
    "relief",
    "spinado_lead",
    "ad_alone",
)
STOPS_SPIN_FEATURES = (
    "spin",
    "spin_goes_out",
    "spin_rest_one_run",
    "spin_succ_own",
    "spin_succ_dead",
    "spin_few_held",
    "spin_opponent_few",
    "spin_danger",
)
FEATURES: dict[str, tuple[str, ...]] = {
    STOPS: STOPS_LEAD_FEATURES + STOPS_SPIN_FEATURES,
    SF_LEAD: (
        "trump",
        "cheapest",
        "strongest",
        "cost_rank",
        "strongest_in_reach",
        "trump_spoiling",
        "top_trump",
    ),
    SF_FOLLOW: (
        "beats",
        "cheapest",
        "cheapest_beater",
        "cost_rank",
        "trump",
        "beats_in_reach",
        "beats_spoiling",
        "strongest",
        "beats_last",
    ),
    SF_JINK: ("jink", "jink_sure", "jink_trumps"),
}
_NL = len(STOPS_LEAD_FEATURES)
_NS = len(STOPS_SPIN_FEATURES)

#: One decision for fitting: the legal choices' feature vectors and the chosen index.
Row = tuple[str, list[list[float]], int]


# ---- the model -------------------------------------------------------------------------------


class OpponentModel:
    """Probabilities of the other seats' choices: a mixture of player styles.

    Each **component** (a style, e.g. one fitted on the play of one level) gives, per
    decision kind (:data:`FEATURES`), a weight vector ``theta`` and a uniform share ``eps``
    (0 < ε ≤ 1): ``p = (1 − ε) · softmax(θ · φ) + ε / k``. Each seat plays one style
    throughout, unknown to the observer: a seat's decisions in a world have the likelihood
    ``Σ_l prior_l · Π_i p_l(decision i)``, so the styles that explain a seat's play best
    weigh most, seat by seat.

    Args: ``components`` (a list of mappings kind → ``{"theta": [float, ...], "eps":
    float}``; a kind not given is uniform, θ = 0), ``prior`` (one weight per component,
    default equal; normalised). Raises ``ValueError`` for a θ of the wrong length, ε outside
    (0, 1], no component, or a prior of the wrong length or not positive.
    """

    def __init__(
        self, components: Sequence[dict[str, dict[str, Any]]], prior: Sequence[float] | None = None
    ) -> None:
        if not components:
            raise ValueError("at least one component")
        self.theta: list[dict[str, list[float]]] = []
        self.eps: list[dict[str, float]] = []
        for params in components:
            th: dict[str, list[float]] = {}
            ep: dict[str, float] = {}
            for kind, names in FEATURES.items():
                p = params.get(kind, {})
                theta = [float(x) for x in p.get("theta", [0.0] * len(names))]
                eps = float(p.get("eps", 0.1))
                if len(theta) != len(names):
                    raise ValueError(f"{kind}: {len(names)} weights expected, not {len(theta)}")
                if not 0 < eps <= 1:
                    raise ValueError(f"{kind}: eps must be in (0, 1], not {eps}")
                th[kind], ep[kind] = theta, eps
            self.theta.append(th)
            self.eps.append(ep)
        prior = [1.0] * len(components) if prior is None else list(prior)
        if len(prior) != len(components) or min(prior) <= 0:
            raise ValueError("one positive prior weight per component")
        self.log_prior = [log(x / sum(prior)) for x in prior]

    def log_prob(self, kind: str, feats: Sequence[Sequence[float]], chosen: int) -> list[float]:
        """Per component, the natural log of the probability of choice ``chosen`` among
        ``feats`` (one feature vector per legal choice, at least one)."""
        k = len(feats)
        if k <= 1:
            return [0.0] * len(self.theta)
        out = []
        for th, ep in zip(self.theta, self.eps, strict=True):
            logits = [sum(map(mul, th[kind], f)) for f in feats]
            out.append(_log_choice(logits, chosen, ep[kind]))
        return out

    def combine(self, per_seat: Sequence[Sequence[float]]) -> float:
        """The log-likelihood of every seat's decisions: for each seat its per-component
        sums of log-probabilities ``per_seat[s]``, mixed by the prior."""
        return sum(self.mix(ll) for ll in per_seat)

    def mix(self, ll: Sequence[float]) -> float:
        """One seat's log-likelihood from its per-component sums ``ll``, mixed by the
        prior: ``log Σ_l prior_l · exp(ll_l)``."""
        vals = [a + b for a, b in zip(self.log_prior, ll, strict=True)]
        top = max(vals)
        return top + log(sum(exp(v - top) for v in vals))


def _log_choice(logits: Sequence[float], chosen: int, eps: float) -> float:
    """``log((1 − ε) softmax(logits)[chosen] + ε / k)``."""
    top = max(logits)
    z = 0.0
    for v in logits:
        z += exp(v - top)
    return log((1.0 - eps) * exp(logits[chosen] - top) / z + eps / len(logits))


def model_for(game: Rules) -> OpponentModel:
    """The fitted model of ``game`` (by :func:`model_key`): one component per style in
    :data:`~gamecore.search.opponent_params.PARAMS`, equally likely a priori; the default
    model of its family when none was fitted."""
    from gamecore.search.opponent_params import DEFAULT, PARAMS

    key = model_key(game)
    family = "spoil-five" if game.family == TRICKS else "stops"
    if key not in PARAMS:
        key = family
    m = _MODELS.get(key)
    if m is None:
        styles = PARAMS.get(key) or {"default": DEFAULT[family]}
        m = _MODELS[key] = OpponentModel([styles[k] for k in sorted(styles)])
    return m


_MODELS: dict[str, OpponentModel] = {}


def model_key(game: Rules) -> str:
    """The name of a game's fitted parameters: the record name, with the profile for a game
    that has profiles (its descriptor's ``profile_key``, e.g. ``"pope-joan-C"``)."""
    key = descriptor(game.name).profile_key
    profile = game.options.get(key) if key else None
    return f"{game.name}-{profile}" if profile else game.name


# ---- stops games -------------------------------------------------------------------------


class _LeadView:
    """Just what :meth:`FastStops.lead_mask` reads, for a hand at an earlier moment."""

    __slots__ = ("spec", "t", "hands", "priv", "last_suit", "spin_suit")

    def __init__(self, spec: Any, tables: Any, n: int) -> None:
        self.spec = spec
        self.t = tables
        self.hands = [0] * n
        self.priv = -1
        self.last_suit = -1
        self.spin_suit = -1


class _StopsDecision:
    """One past decision of a stops game with what was public then (see
    :class:`StopsEvidence`)."""

    __slots__ = (
        "seat",
        "lead",
        "code",
        "later",
        "last_suit",
        "priv",
        "spin_suit",
        "gain",
        "relief",
        "dead",
        "alone",
        "out_gain",
        "combos",
        "mine_before",
        "others_before",
        "opp_few",
        "card",
        "special",
        "index",
    )

    seat: int
    lead: bool
    code: int
    later: int
    last_suit: int
    priv: int
    spin_suit: int
    gain: list[float]
    relief: list[float]
    dead: int
    alone: int
    out_gain: float
    combos: list[tuple[float, float, int, int, int]]
    mine_before: int
    others_before: int
    opp_few: bool
    card: int
    special: int
    index: int


class _Evidence:
    """What both evidence classes share: their decisions, seat by seat."""

    decisions: Sequence[Any]
    _by_seat: dict[int, list[Any]] | None = None
    _memo_model: OpponentModel | None = None
    _memo: dict[tuple[int, int], float]
    _seat_list: list[int]

    def __len__(self) -> int:
        return len(self.decisions)

    @property
    def by_seat(self) -> dict[int, list[Any]]:
        """The counted decisions, seat by seat."""
        if self._by_seat is None:
            self._by_seat = _group(self.decisions)
        return self._by_seat

    @property
    def seats(self) -> list[int]:
        """The seats with counted decisions."""
        return sorted(self.by_seat)

    def seat_log_likelihood(self, seat: int, hand: int, model: OpponentModel) -> list[float]:
        """Per style of ``model``, the log-probability of ``seat``'s counted decisions when
        it holds ``hand`` (int mask) now."""
        raise NotImplementedError

    def log_likelihood(self, hands: Sequence[int], model: OpponentModel) -> float:
        """Log-probability of every counted decision under ``model`` in the world where seat
        ``s`` holds ``hands[s]`` now (int masks); each seat's decisions are mixed over the
        model's styles (:meth:`OpponentModel.combine`). A seat's mixed term depends only
        on its own hand, and many candidate worlds give a seat the same hand, so each
        ``(seat, hand)`` is worked out once per model (the same sum, to the last bit)."""
        if self._memo_model is not model:
            self._memo_model, self._memo = model, {}
            self._seat_list = self.seats
        memo = self._memo
        terms = []
        for s in self._seat_list:
            key = (s, hands[s])
            v = memo.get(key)
            if v is None:
                v = memo[key] = model.mix(self.seat_log_likelihood(s, hands[s], model))
            terms.append(v)
        return sum(terms)


class StopsEvidence(_Evidence):
    """The other seats' decisions so far in a stops deal, as ``obs.seat`` saw them.

    Args: ``game`` (rules), ``obs`` (a :class:`StopsObservation` in play), ``seats`` (the
    seats whose decisions count; default every seat but ``obs.seat``).
    :meth:`log_likelihood` scores a world; :meth:`rows` gives the decisions' feature
    vectors for fitting. ``len()`` is the number of decisions that can carry evidence.
    """

    def __init__(
        self, game: StopsGame, obs: StopsObservation, seats: Sequence[int] | None = None
    ) -> None:
        self.game, self.obs = game, obs
        spec = self.spec = spec_for(game)
        # the special card (Spin's, Spinado's ♦A): −1 and 0 in a game without one
        special, special_bit = self.special, self.special_bit = spec.special, spec.special_bit
        self.marked = special if special >= 0 else FITTED_MARKED_CARD  # the ad_alone card
        n = self.n = len(obs.hand_counts)
        counted = set(range(n)) - {obs.seat} if seats is None else set(seats)
        trump = None if obs.turnup is None else suit_of(obs.turnup)
        tables = spec.tables(trump)
        self.view = _LeadView(spec, tables, n)
        succ = self.succ = spec.succ
        pred = [-1] * 52
        for c, nx in enumerate(succ):
            if nx >= 0:
                pred[nx] = c
        self.pred = pred
        self.lowness = [(12 - rank_position(c, spec.ace_high)) / 12 for c in range(52)]
        steps = [0] * 52  # cards after c on its chain of successors
        for c in range(52):
            x = succ[c]
            while x >= 0:
                steps[c] += 1
                x = succ[x]
        self.chain_order = sorted(range(52), key=lambda c: steps[c])
        self._run_table: list[Any] = [None] * 52
        history = obs.history
        caps = tables.caps
        combos = tables.combos
        bonus = spec.bonus
        # when each pool was first won during this deal (a capture card, a combination)
        won_at: dict[int, int] = {}
        by: dict[int, int] = {}
        for i, p in enumerate(history):
            for x in (p.card, special) if p.spin else (p.card,):
                pool = caps[x]
                if pool >= 0 and pool not in won_at:
                    won_at[pool] = i
                for pool, a, b in combos:
                    other = b if x == a else a if x == b else -1
                    if other >= 0 and other in by and pool not in won_at:
                        won_at[pool] = i
                by[x] = p.seat
        pools = obs.pools
        alive = [
            v for q, v in enumerate(pools) if q not in won_at and v > 0 and q != spec.game_pool
        ]
        guess = sum(alive) / len(alive) if alive else float(max(1, obs.stake or 1))
        pack = game.pack
        base_dead = ~pack & ((1 << 52) - 1)
        if obs.turnup is not None:
            base_dead |= 1 << obs.turnup
        # cards each seat plays from history index i on (its hand then = now | later)
        n_hist = len(history)
        later_by = [[0] * (n_hist + 1) for _ in range(n)]
        for i in range(n_hist - 1, -1, -1):
            for s in range(n):
                later_by[s][i] = later_by[s][i + 1]
            p = history[i]
            later_by[p.seat][i] |= 1 << p.card | (special_bit if p.spin else 0)
        counts_now = obs.hand_counts
        self.decisions: list[_StopsDecision] = []
        played = 0
        known = 0
        last_suit = -1
        priv, spin_suit = -1, -1
        by = {}
        expected = (obs.dealer + 1) % n
        kind = spec.spin_kind
        for i, p in enumerate(history):
            if p.lead and p.seat != expected:
                priv = -1  # STOP-11: the lead passed (a privilege never passes)
            s = p.seat
            if s in counted and (p.lead or kind):
                value = [0.0] * len(pools)
                for q, v in enumerate(pools):
                    if q in won_at:
                        value[q] = guess if won_at[q] >= i else 0.0
                    else:
                        value[q] = float(v)
                dead = base_dead | played | known
                d = _StopsDecision()
                d.seat, d.lead, d.card = s, p.lead, p.card
                d.code = p.card | (SPIN_FLAG if p.spin else 0)
                d.later = later_by[s][i]
                d.last_suit, d.priv, d.spin_suit = last_suit, priv, spin_suit
                counts = [counts_now[t] + later_by[t][i].bit_count() for t in range(n)]
                gain = [0.0] * 52
                for x in range(52):
                    q = caps[x]
                    if q >= 0:
                        gain[x] += value[q]
                    if bonus[x]:
                        gain[x] += bonus[x] * (n - 1)
                d.gain = gain
                relief = [0.0] * 52  # doubling no longer risked (PJ-11, PJ-24, PJ-27)
                for q, x in tables.doubling:
                    relief[x] += value[q]
                if spec.double_combos:
                    for q, a, b in combos:
                        relief[a] += value[q]
                        relief[b] += value[q]
                d.relief = relief
                d.dead = dead
                alone = 0
                for x in range(52):
                    px = pred[x]
                    if px < 0 or dead >> px & 1:
                        alone |= 1 << x
                d.alone = alone
                out = float(sum(counts[t] for t in range(n) if t != s))
                if spec.game_pool >= 0:
                    out += value[spec.game_pool]
                d.out_gain = out
                mine = 0
                others = 0
                for x, t in by.items():
                    if t == s:
                        mine |= 1 << x
                    else:
                        others |= 1 << x
                d.mine_before, d.others_before = mine, others
                d.combos = [
                    (
                        value[q],
                        value[q] / 2 if spec.combo_divide else 0.0,
                        a,
                        b,
                        (1 << a) | (1 << b),
                    )
                    for q, a, b in combos
                    if value[q]
                ]
                d.opp_few = any(counts[t] <= 2 for t in range(n) if t != s)
                self.decisions.append(d)
            # what this play made public
            played |= 1 << p.card
            by[p.card] = s
            if p.spin:
                played |= special_bit
                by[special] = s
            stop = (i + 1 < n_hist and history[i + 1].lead) or (i + 1 == n_hist and obs.top is None)
            if stop:
                last_suit = suit_of(p.card)
                nx = succ[p.card]
                if not p.spin and nx >= 0 and not played >> nx & 1:
                    known |= 1 << nx
                if spec.privilege:  # Spin: the privilege (SP-4)
                    if p.spin:
                        priv, spin_suit = s, last_suit
                    else:
                        priv = -1
            expected = s

    def _choices(self, d: _StopsDecision, h: int) -> list[int]:
        """The legal codes of decision ``d`` for a decider holding ``h`` then."""
        spec = self.spec
        kind = spec.spin_kind
        if not d.lead:
            if kind and h & self.special_bit:
                return [d.card, d.card | SPIN_FLAG]
            return [d.card]
        v = self.view
        v.hands[d.seat] = h
        v.priv, v.last_suit, v.spin_suit = d.priv, d.last_suit, d.spin_suit
        mask = FastStops.lead_mask(v, d.seat)  # type: ignore[arg-type]
        return lead_codes_of(mask, kind == SPINADO and bool(h & self.special_bit), self.special)

    def _features(self, d: _StopsDecision, h: int, code: int) -> list[float]:
        spec, succ = self.spec, self.succ
        c = code & 63
        spin = code >= SPIN_FLAG
        f = [0.0] * (_NL + _NS)
        rest_after = h & ~(1 << c)
        if spin:
            rest_after &= ~self.special_bit
        if d.lead:
            gain, relief = d.gain, d.relief
            run = 1 << c
            length = 1
            got = gain[c]
            rel = relief[c]
            x = c
            if not spin:
                while True:
                    nx = succ[x]
                    if nx < 0 or not h >> nx & 1:
                        break
                    run |= 1 << nx
                    length += 1
                    got += gain[nx]
                    rel += relief[nx]
                    x = nx
            else:
                length += 1
                got += spec.spin_payment * (self.n - 1)
            rest = h & ~run & ~(self.special_bit if spin else 0)
            for v, half, a, b, both in d.combos:
                if run & both:
                    other = b if run >> a & 1 else a
                    if run >> other & 1 or d.mine_before >> other & 1:
                        got += v
                    elif d.others_before >> other & 1:
                        got += half
            goes_out = not rest
            if goes_out:
                got += d.out_gain
            nx = succ[x]
            stop_known = spin or nx < 0 or bool(d.dead >> nx & 1)
            alone = bool(d.alone >> c & 1)
            f[0] = length
            f[1 if not alone else 2] = got
            f[3] = 1.0 if stop_known and not goes_out else 0.0
            f[4] = 1.0 if alone else 0.0
            f[5] = (h & SUIT_MASK[c // 13]).bit_count()
            f[6] = self.lowness[c]
            f[7] = 1.0 if goes_out else 0.0
            f[8] = rel
            f[9] = 1.0 if spin else 0.0
            f[10] = 1.0 if c == self.marked else 0.0
        if spin:
            j = _NL
            f[j] = 1.0
            f[j + 1] = 1.0 if not rest_after else 0.0
            f[j + 2] = 1.0 if rest_after and self._one_run(rest_after) else 0.0
            nx = succ[c]
            f[j + 3] = 1.0 if nx >= 0 and h >> nx & 1 else 0.0
            f[j + 4] = 1.0 if nx < 0 or d.dead >> nx & 1 else 0.0
            f[j + 5] = 1.0 if h.bit_count() <= 4 else 0.0
            f[j + 6] = 1.0 if d.opp_few else 0.0
            danger = 0.0
            x = nx
            for _ in range(3):
                if x < 0 or d.dead >> x & 1 or h >> x & 1:
                    break
                if d.gain[x] > 0 or any(both >> x & 1 for _, _, _, _, both in d.combos):
                    danger = 1.0
                    break
                x = succ[x]
            f[j + 7] = danger
        return f

    def _one_run(self, hand: int) -> bool:
        """Whether ``hand`` is one run from its lowest card (it can be led and played out)."""
        for s in range(4):
            m = hand & SUIT_MASK[s]
            if m:
                if m != hand:
                    return False
                break
        start = -1
        for x in cards_in(hand):
            px = self.pred[x]
            if px < 0 or not hand >> px & 1:
                if start >= 0:
                    return False
                start = x
        return start >= 0

    def seat_log_likelihood(self, seat: int, hand: int, model: OpponentModel) -> list[float]:
        """Per style of ``model``, the log-probability of ``seat``'s counted decisions when
        it holds ``hand`` (int mask) now."""
        if self._prepared is not model:
            self._prepare(model)
        comps = self._comps
        acc = [0.0] * len(comps)
        terms = self._terms
        for d in self.by_seat.get(seat, ()):
            h = hand | d.later
            codes = self._choices(d, h)
            k = len(codes)
            if k < 2 or d.code not in codes:
                continue
            ts = terms(d, h, codes)
            chosen = codes.index(d.code)
            for i, (th, eps, static, capw) in enumerate(comps):
                acc[i] += _log_choice(
                    [self._logit(th, static[d.index], capw[d.index], d, t) for t in ts], chosen, eps
                )
        return acc

    _prepared: OpponentModel | None = None

    def _prepare(self, model: OpponentModel) -> None:
        """Fold the parts of each style's logits that do not depend on the world into
        per-decision tables (``static``: card → lowness, only-by-lead and special-card-alone
        terms; ``capw``: card → weight of the counters won)."""
        comps = []
        for thetas, epss in zip(model.theta, model.eps, strict=True):
            th = thetas[STOPS]
            statics, capws = [], []
            for d in self.decisions:
                statics.append(
                    [
                        th[6] * self.lowness[x]
                        + (th[4] if d.alone >> x & 1 else 0.0)
                        + (th[10] if x == self.marked else 0.0)
                        for x in range(52)
                    ]
                )
                capws.append([th[2] if d.alone >> x & 1 else th[1] for x in range(52)])
            comps.append((th, epss[STOPS], statics, capws))
        for i, d in enumerate(self.decisions):
            d.index = i
            special = 0
            for x in range(52):
                if d.gain[x] > 0:
                    special |= 1 << x
            for _, _, _, _, both in d.combos:
                special |= both
            d.special = special
        self._comps = comps
        self._prepared = model

    @staticmethod
    def _logit(
        th: list[float],
        static: list[float],
        capw: list[float],
        d: _StopsDecision,
        t: tuple[Any, ...],
    ) -> float:
        """``θ · φ`` of one code from its :meth:`_terms`."""
        c, length, got, rel, suit, goes_out, keeps, spin = t
        if c < 0:
            v = 0.0
        else:
            v = static[c] + th[0] * length + capw[c] * got + th[5] * suit + th[8] * rel
            if goes_out:
                v += th[7] + capw[c] * d.out_gain
            elif keeps:
                v += th[3]
            if spin is not None:
                v += th[9]
        if spin is not None:
            j = _NL
            v += th[j]
            for f in range(7):
                if spin[f]:
                    v += th[j + 1 + f]
        return v

    def _terms(self, d: _StopsDecision, h: int, codes: list[int]) -> list[tuple[Any, ...]]:
        """What the features of each code of ``codes`` depend on in this world: ``(card,
        run length, counters won, relief, suit length, goes out, keeps the lead, Spin
        flags)``; card −1 for a continuation (only its Spin flags count). The same numbers
        as :meth:`_features`, without building the vectors."""
        succ = self.succ
        out: list[tuple[Any, ...]] = []
        hb = h.bit_count()
        if not d.lead:  # a continuation with the ♦A: plain, or Spin
            return [
                (-1, 0, 0, 0, 0, False, False, None),
                (-1, 0, 0, 0, 0, False, False, self._spin_flags(d, h, d.card, hb)),
            ]
        gain, relief, dead = d.gain, d.relief, d.dead
        suits = [(h & m).bit_count() for m in SUIT_MASK]
        spin_pay = self.spec.spin_payment * (self.n - 1)
        runs = self._runs(d, h) if len(codes) > 4 else None
        for code in codes:
            c = code & 63
            got = gain[c]
            rel = relief[c]
            x = c
            if code < SPIN_FLAG and runs is not None:
                length, got, rel, x, run = runs[c]
                goes_out = length == hb
            elif code < SPIN_FLAG:
                run = 1 << c
                length = 1
                while True:
                    nx = succ[x]
                    if nx < 0 or not h >> nx & 1:
                        break
                    run |= 1 << nx
                    length += 1
                    got += gain[nx]
                    rel += relief[nx]
                    x = nx
                goes_out = length == hb
            else:
                run = 1 << c
                length = 2
                got += spin_pay
                goes_out = hb == 2
            if d.combos:
                for v, half, a, b, both in d.combos:
                    if run & both:
                        other = b if run >> a & 1 else a
                        if run >> other & 1 or d.mine_before >> other & 1:
                            got += v
                        elif d.others_before >> other & 1:
                            got += half
            keeps = False
            if not goes_out:
                nx = succ[x]
                keeps = code >= SPIN_FLAG or nx < 0 or bool(dead >> nx & 1)
            spin = self._spin_flags(d, h, c, hb) if code >= SPIN_FLAG else None
            out.append((c, length, got, rel, suits[c // 13], goes_out, keeps, spin))
        return out

    def _runs(self, d: _StopsDecision, h: int) -> list[Any]:
        """For every card ``c`` of ``h``: ``(length, counters won, relief, last card, run
        mask)`` of the run a lead of ``c`` gives from ``h``, all at once (each run shares
        its tail with the run of the next card)."""
        succ, gain, relief = self.succ, d.gain, d.relief
        out: list[Any] = self._run_table
        for c in self.chain_order:
            if h >> c & 1:
                nx = succ[c]
                if nx >= 0 and h >> nx & 1:
                    length, got, rel, end, run = out[nx]
                    out[c] = (length + 1, got + gain[c], rel + relief[c], end, run | 1 << c)
                else:
                    out[c] = (1, gain[c], relief[c], c, 1 << c)
        return out

    def _spin_flags(self, d: _StopsDecision, h: int, c: int, hb: int) -> tuple[bool, ...]:
        """The Spin features but the first (see :data:`STOPS_SPIN_FEATURES`) of putting the
        special card down with ``c`` from ``h``."""
        rest = h & ~(1 << c) & ~self.special_bit
        succ = self.succ
        nx = succ[c]
        danger = False
        x = nx
        for _ in range(3):
            if x < 0 or d.dead >> x & 1 or h >> x & 1:
                break
            if d.special >> x & 1:
                danger = True
                break
            x = succ[x]
        return (
            not rest,
            bool(rest) and self._one_run(rest),
            nx >= 0 and bool(h >> nx & 1),
            nx < 0 or bool(d.dead >> nx & 1),
            hb <= 4,
            d.opp_few,
            danger,
        )

    def rows(self, hands: Sequence[int]) -> list[tuple[int, Row]]:
        """The counted decisions with two or more choices in world ``hands``: ``(seat,
        (kind, feature vectors, chosen index))`` (for fitting the model)."""
        out: list[tuple[int, Row]] = []
        for d in self.decisions:
            h = hands[d.seat] | d.later
            codes = self._choices(d, h)
            if len(codes) >= 2 and d.code in codes:
                out.append(
                    (d.seat, (STOPS, [self._features(d, h, a) for a in codes], codes.index(d.code)))
                )
        return out


def _group(decisions: Sequence[Any]) -> dict[int, list[Any]]:
    out: dict[int, list[Any]] = {}
    for d in decisions:
        out.setdefault(d.seat, []).append(d)
    return out


# ---- Spoil Five ------------------------------------------------------------------------------


class _SFDecision:
    __slots__ = (
        "seat",
        "kind",
        "card",
        "later",
        "trick",
        "bestkey",
        "best_close",
        "want",
        "last",
        "live",
        "spoiling",
        "jinker",
    )

    seat: int
    kind: str
    card: int
    later: int
    trick: list[int]
    bestkey: int
    best_close: bool
    want: bool
    last: bool
    live: int
    spoiling: bool
    jinker: bool


def _lead_beaters(t: int) -> list[int]:
    """Per card: the cards that beat it when it is led (SF-28), trump ``t``."""
    eff, key, masks = EFFECTIVE[t], KEY[t], EFF_MASKS[t]
    out = []
    for c in range(52):
        e = eff[c]
        m = 0
        pool = masks[TRUMP] | (masks[e] if e != TRUMP else 0)
        for x in cards_in(pool):
            if key[x] > key[c]:
                m |= 1 << x
        out.append(m)
    return out


_BEATERS: dict[int, list[int]] = {}


class SpoilFiveEvidence(_Evidence):
    """The other seats' card plays and jinks so far in a Spoil Five deal, as ``obs.seat``
    saw them (SF-24 … SF-31). Same interface as :class:`StopsEvidence`."""

    def __init__(
        self, game: SpoilFive, obs: SpoilFiveObservation, seats: Sequence[int] | None = None
    ) -> None:
        self.game, self.obs = game, obs
        n = self.n = len(obs.hand_counts)
        counted = set(range(n)) - {obs.seat} if seats is None else set(seats)
        t = self.trump = obs.trump
        self.key, self.eff, self.effm = KEY[t], EFFECTIVE[t], EFF_MASKS[t]
        self.renege = RENEGE_OK[t]
        if t not in _BEATERS:
            _BEATERS[t] = _lead_beaters(t)
        self.beaters = _BEATERS[t]
        tricks = [tr.cards for tr in obs.tricks] + ([obs.trick] if obs.trick else [])
        seq = [(k, j, s, c) for k, plays in enumerate(tricks) for j, (s, c) in enumerate(plays)]
        later = [0] * n
        later_at: list[int] = [0] * len(seq)
        for i in range(len(seq) - 1, -1, -1):
            _, _, s, c = seq[i]
            later[s] |= 1 << c
            later_at[i] = later[s]
        key, eff = self.key, self.eff
        full = (1 << 52) - 1
        dead_turnup = 0 if obs.robbed_by is not None else 1 << obs.turnup
        won = [0] * n
        played = 0
        self.decisions: list[_SFDecision] = []
        i = 0
        for k, plays in enumerate(tricks):
            left = 5 - k
            jinker = obs.jinker if (obs.jinker is not None and k >= 3) else None
            if jinker is not None and k == 3 and jinker in counted:
                d = _SFDecision()
                d.seat, d.kind, d.card = jinker, SF_JINK, JINK
                d.later = later_at[i] if i < len(seq) else 0
                d.live = full & ~played & ~dead_turnup
                d.trick, d.bestkey = [], -1
                d.best_close = d.want = d.last = d.spoiling = d.jinker = False
                self.decisions.append(d)
            best, bestkey = -1, -1
            led_e = -1
            trick: list[int] = []
            for j, (s, c) in enumerate(plays):
                if s in counted:
                    d = _SFDecision()
                    d.seat, d.card = s, c
                    d.kind = SF_FOLLOW if j else SF_LEAD
                    d.later = later_at[i]
                    d.trick = list(trick)
                    d.bestkey = bestkey
                    d.want = not obs.ineligible[s] and won[s] + left >= 3
                    d.best_close = best >= 0 and best != s and _close(won, best, k, obs)
                    d.last = j == n - 1
                    d.live = full & ~played & ~dead_turnup
                    d.spoiling = any(_close(won, o, k, obs) for o in range(n) if o != s)
                    d.jinker = jinker == s
                    self.decisions.append(d)
                if j == 0:
                    led_e = eff[c]
                e = eff[c]
                kk = key[c] if e in (TRUMP, led_e) else -1
                if kk > bestkey:
                    best, bestkey = s, kk
                trick.append(c)
                played |= 1 << c
                i += 1
            if len(plays) == n:
                won[best] += 1

    def _legal(self, h: int, trick: list[int]) -> int:
        if not trick:
            return h
        led = trick[0]
        e = self.eff[led]
        effm = self.effm
        trumps = h & effm[TRUMP]
        if e != TRUMP:
            follow = h & effm[e]
            return (follow | trumps) if follow else h
        if not trumps or not trumps & ~self.renege[led]:
            return h
        return trumps

    def _choices(self, d: _SFDecision, h: int) -> tuple[list[int], list[list[float]]]:
        key, eff = self.key, self.eff
        if d.kind == SF_JINK:
            return [CLAIM, JINK], jink_features(self.trump, d.live, h)
        cards = list(cards_in(self._legal(h, d.trick)))
        if len(cards) < 2:
            return cards, []
        ranked = sorted(cards, key=lambda c: key[c])
        pos = {c: r / (len(cards) - 1) for r, c in enumerate(ranked)}
        cheapest, strongest = ranked[0], ranked[-1]
        feats = []
        if d.kind == SF_LEAD:
            live_trumps = (d.live | h) & self.effm[TRUMP]
            top = -1
            if live_trumps:
                top = max(cards_in(live_trumps), key=lambda x: key[x])
            for c in cards:
                tr = 1.0 if eff[c] == TRUMP else 0.0
                st = 1.0 if c == strongest else 0.0
                feats.append(
                    [
                        tr,
                        1.0 if c == cheapest else 0.0,
                        st,
                        pos[c],
                        st if d.want or d.jinker else 0.0,
                        tr if d.spoiling else 0.0,
                        1.0 if c == top else 0.0,
                    ]
                )
            return cards, feats
        led_e = eff[d.trick[0]]
        ks = [key[c] if eff[c] in (TRUMP, led_e) else -1 for c in cards]
        beating = [c for c, k in zip(cards, ks, strict=True) if k > d.bestkey]
        cheap_beater = min(beating, key=lambda c: key[c]) if beating else -1
        for c, k in zip(cards, ks, strict=True):
            b = 1.0 if k > d.bestkey else 0.0
            feats.append(
                [
                    b,
                    1.0 if c == cheapest else 0.0,
                    1.0 if c == cheap_beater else 0.0,
                    pos[c],
                    1.0 if eff[c] == TRUMP else 0.0,
                    b if d.want else 0.0,
                    b if d.best_close else 0.0,
                    1.0 if c == strongest else 0.0,
                    b if d.last else 0.0,
                ]
            )
        return cards, feats

    def seat_log_likelihood(self, seat: int, hand: int, model: OpponentModel) -> list[float]:
        """See :meth:`StopsEvidence.seat_log_likelihood`."""
        acc = [0.0] * len(model.theta)
        for d in self.by_seat.get(seat, ()):
            h = hand | d.later
            codes, feats = self._choices(d, h)
            if len(codes) < 2 or d.card not in codes:
                continue
            for i, lp in enumerate(model.log_prob(d.kind, feats, codes.index(d.card))):
                acc[i] += lp
        return acc

    def rows(self, hands: Sequence[int]) -> list[tuple[int, Row]]:
        """See :meth:`StopsEvidence.rows`."""
        out: list[tuple[int, Row]] = []
        for d in self.decisions:
            h = hands[d.seat] | d.later
            codes, feats = self._choices(d, h)
            if len(codes) >= 2 and d.card in codes:
                out.append((d.seat, (d.kind, feats, codes.index(d.card))))
        return out


def jink_features(trump: int, live: int, hand: int) -> list[list[float]]:
    """The feature vectors of claiming and of jinking (SF-31) for a seat holding ``hand``
    when the cards in ``live`` (int mask) were not yet played: jinking, whether every card
    held beats every live card that could beat it when led, how many trumps are held."""
    if trump not in _BEATERS:
        _BEATERS[trump] = _lead_beaters(trump)
    beaters, eff = _BEATERS[trump], EFFECTIVE[trump]
    others = live & ~hand
    cards = list(cards_in(hand))
    sure = all(not beaters[c] & others for c in cards)
    trumps = float(sum(1 for c in cards if eff[c] == TRUMP))
    return [[0.0, 0.0, 0.0], [1.0, 1.0 if sure else 0.0, trumps]]


def _close(won: list[int], s: int, done: int, obs: SpoilFiveObservation) -> bool:
    """Whether seat ``s`` is close to three tricks (the rule-based player's test)."""
    return (
        not obs.ineligible[s]
        and won[s] + 5 - done >= 3
        and (won[s] >= 2 or (won[s] >= 1 and done <= 2))
    )


def evidence_for(
    game: Rules, obs: Observation, seats: Sequence[int] | None = None
) -> StopsEvidence | SpoilFiveEvidence:
    """The evidence object of ``obs``'s engine (see the module docstring). Raises
    ``ValueError`` for an observation of no known engine."""
    if isinstance(obs, SpoilFiveObservation):
        assert isinstance(game, SpoilFive)
        return SpoilFiveEvidence(game, obs, seats)
    if isinstance(obs, StopsObservation):
        assert isinstance(game, StopsGame)
        return StopsEvidence(game, obs, seats)
    raise ValueError(f"no evidence for an observation of {obs.game!r}")


# ---- importance resampling ----------------------------------------------------------------

#: Candidate worlds drawn and weighted per decision, and the tempering power.
CANDIDATES = 200
TEMPERING = 0.5
#: A world's weight is at least e^−600 of the best one's: never zero.
_LOG_FLOOR = -600.0


class WeightedWorlds:
    """A world source for the search (``fast_state(rng)``) that resamples weighted worlds.

    Args: ``base`` (a hard-constraint sampler of :mod:`gamecore.search.determinize`:
    ``sample(rng)`` → ``(hands, rest)``, ``fast_from(hands, rest)`` → a search state with
    ``clone()``), ``evidence``
    (:func:`evidence_for`), ``model`` (:class:`OpponentModel`), ``candidates`` (worlds
    drawn and weighted, on the first call, with that call's random source), ``tempering``
    (τ: the weight of a world is its likelihood to the power τ), ``time_limit`` (seconds:
    stop drawing candidates after this long, with at least 16 drawn; a timed search
    gives inference a share of its budget).

    ``weights`` (normalised, summing to 1) and ``worlds`` are there after the first call;
    :attr:`ess` is the effective sample size (Kish) of the weights.
    """

    def __init__(
        self,
        base: Any,
        evidence: Any,
        model: OpponentModel,
        candidates: int = CANDIDATES,
        tempering: float = TEMPERING,
        time_limit: float | None = None,
    ) -> None:
        self.base, self.evidence, self.model = base, evidence, model
        self.candidates, self.tempering = max(1, candidates), tempering
        self.time_limit = time_limit
        self.worlds: list[tuple[list[int], int]] = []
        self.weights: list[float] = []
        self._cum: list[float] = []
        self._states: dict[int, Any] = {}  # candidate index → its search state, once built

    def build(self, rng: random.Random) -> None:
        """Draw and weight the candidate worlds (done once, on the first draw)."""
        base, ev, model, tau = self.base, self.evidence, self.model, self.tempering
        worlds: list[tuple[list[int], int]] = []
        logw: list[float] = []
        end = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for i in range(self.candidates):
            if end is not None and i >= 16 and i % 8 == 0 and time.perf_counter() > end:
                break
            w = base.sample(rng)
            worlds.append(w)
            logw.append(tau * ev.log_likelihood(w[0], model))
        top = max(logw)
        w = [math.exp(max(x - top, _LOG_FLOOR)) for x in logw]
        total = sum(w)
        self.worlds = worlds
        self._states = {}
        self.weights = [x / total for x in w]
        acc = 0.0
        cum = []
        for x in self.weights:
            acc += x
            cum.append(acc)
        cum[-1] = 1.0
        self._cum = cum

    @property
    def ess(self) -> float:
        """Effective number of distinct worlds: ``1 / Σ w²`` (0 before the first draw)."""
        return 1.0 / sum(x * x for x in self.weights) if self.weights else 0.0

    def draw(self, rng: random.Random) -> int:
        """The index in :attr:`worlds` of one candidate drawn by weight."""
        if not self._cum:
            self.build(rng)
        i = bisect.bisect_left(self._cum, rng.random())
        return min(i, len(self.worlds) - 1)

    def sample(self, rng: random.Random) -> tuple[list[int], int]:
        """One world drawn from the weighted candidates: ``(hands, rest)``."""
        return self.worlds[self.draw(rng)]

    def fast_state(self, rng: random.Random) -> Any:
        """A weighted world as a search state: a copy of the candidate's state, built the
        first time the candidate is drawn (a search draws the same worlds again and again,
        and a copy costs a tenth of building the state)."""
        i = self.draw(rng)
        st = self._states.get(i)
        if st is None:
            hands, rest = self.worlds[i]
            st = self._states[i] = self.base.fast_from(list(hands), rest)
        return st.clone()


def weighted_worlds(
    game: Rules,
    obs: Observation,
    base: Any,
    *,
    candidates: int = CANDIDATES,
    tempering: float = TEMPERING,
    model: OpponentModel | None = None,
    time_limit: float | None = None,
) -> Any:
    """``base`` weighted by the evidence of ``obs`` (a :class:`WeightedWorlds`), or
    ``base`` itself when no other seat has taken a decision that can tell anything."""
    evidence = evidence_for(game, obs)
    if not len(evidence):
        return base
    return WeightedWorlds(
        base, evidence, model or model_for(game), candidates, tempering, time_limit
    )
