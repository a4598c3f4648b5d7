"""Inference from play (GEN-9: from the seat's own observation only): the likelihood of the
other seats' decisions in a world, with exact values; importance resampling; the model's
fit; the exact search of small endings; ties between equally visited moves."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from gamecore.actions import Play
from gamecore.agents.levels import HardAgent
from gamecore.cards import parse_card
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.interface import TRICKS
from gamecore.match import Session
from gamecore.search.endgame import EndgameSolver
from gamecore.search.fast_spoilfive import FastSpoilFive
from gamecore.search.fast_stops import FastStops
from gamecore.search.inference import (
    FEATURES,
    SF_FOLLOW,
    STOPS,
    OpponentModel,
    WeightedWorlds,
    evidence_for,
    model_for,
)
from gamecore.search.ismcts import RootVisits, best_code, merge_visits
from gamecore.search.opponent_fit import fit_kind, log_likelihood
from helpers import cards, entry_key, hand, play_checking_swaps, played_entries, position


def only(kind: str, **weights: float) -> OpponentModel:
    """A model of one decision kind with the named weights (others 0) and ε = 0.5."""
    names = FEATURES[kind]
    return OpponentModel([{kind: {"theta": [weights.get(n, 0.0) for n in names], "eps": 0.5}}])


def play(deal: Any, text: str) -> None:
    """Play the cards of ``text`` in turn, each by the seat to act, then every forced
    continuation."""
    for c in cards(text):
        deal.apply(Play(deal.decision().seat, c))
        while not deal.over:
            d = deal.decision()
            if not (isinstance(d, PlayChoice) and len(d.actions) == 1 and deal.top is not None):
                break
            deal.apply(d.actions[0])


# ---- the likelihood of a world -----------------------------------------------------------


def test_a_lead_is_likelier_where_it_gave_the_longest_run() -> None:
    """NM-7: seat 1 led 4♥ and ran 4-5-6♥ from his own hand (STOP-6). Where he also held
    a run of four clubs from the 2♣, leading hearts was the worse choice: that world gets
    the lower likelihood, by exactly the model's numbers."""
    game = make_game("newmarket")
    deal = position(
        game,
        ["2S 3S 4S 5S", "4H 5H 6H 2C 9D JS KD", "8H 9H 10H 3D"],
        stock="7H 2H 3H",
        dealer=0,
        to_act=1,
    )
    play(deal, "4H")
    assert deal.current == 1 and deal.top is None  # "No seven": seat 1 leads again
    obs = deal.observation(0)
    ev = evidence_for(game, obs)
    assert len(ev) == 1
    model = only(STOPS, run=1.0)
    others = hand("8H 9H 10H 3D")
    world_a = [obs.hand, hand("2C 9D JS KD"), others]  # runs: 4♥ 3, 2♣ 1, 9♦ 1, J♠ 1
    world_b = [obs.hand, hand("2C 3C 4C 5C"), others]  # runs: 4♥ 3, 2♣ 4
    e = math.e
    p_a = 0.5 * e**3 / (e**3 + 3 * e) + 0.5 / 4
    p_b = 0.5 * e**3 / (e**3 + e**4) + 0.5 / 2
    assert ev.log_likelihood(world_a, model) == pytest.approx(math.log(p_a))
    assert ev.log_likelihood(world_b, model) == pytest.approx(math.log(p_b))
    assert ev.log_likelihood(world_a, model) > ev.log_likelihood(world_b, model)
    seat, (kind, feats, chosen) = ev.rows(world_b)[0]
    assert seat == 1 and kind == STOPS and len(feats) == 2 and feats[chosen][0] == 3.0
    assert sorted(f[0] for f in feats) == [3.0, 4.0]


def test_a_low_card_thrown_says_no_trump_was_held() -> None:
    """SF-25, SF-28: seat 1 followed the K♥ with the 3♥. Where he also held a trump he
    could have taken the trick, so under a model that likes winning tricks that world is
    the less likely one, by exactly the model's numbers."""
    game = make_game("spoil-five", {"sf.robbing": "off"})
    session = Session(game, ["a", "b", "c"], first_dealer=2)
    hands = [cards("KH 2C 3C 4C 6C"), cards("3H 9S 7H 8C 10C"), cards("2D 3D 4D 6D 7D")]
    used = {c for h in hands for c in h} | {parse_card("2S")}
    rest = [c for c in range(52) if c not in used]
    session.start_deal(hands, rest, parse_card("2S"))
    deal = session.deal
    assert deal is not None
    deal.apply(Play(0, parse_card("KH")))
    deal.apply(Play(1, parse_card("3H")))
    obs = deal.observation(0)
    ev = evidence_for(game, obs)
    model = only(SF_FOLLOW, beats=2.0)
    third = hand("2D 3D 4D 6D 7D")
    with_trump = [obs.hand, hand("9S 7H 8C 10C"), third]  # then held 3♥ 7♥ 9♠
    without = [obs.hand, hand("7H 8C 10C JC"), third]  # then held 3♥ 7♥: no choice to win
    p_with = 0.5 / (2 + math.e**2) + 0.5 / 3
    p_without = 0.5 * 0.5 + 0.5 / 2
    assert ev.log_likelihood(with_trump, model) == pytest.approx(math.log(p_with))
    assert ev.log_likelihood(without, model) == pytest.approx(math.log(p_without))


def test_model_probabilities_and_checks() -> None:
    model = OpponentModel([{STOPS: {"theta": [1.0] + [0.0] * 18, "eps": 0.2}}])
    feats = [[2.0] + [0.0] * 18, [0.0] * 19]
    p = 0.8 * math.e**2 / (math.e**2 + 1) + 0.1
    assert model.log_prob(STOPS, feats, 0) == [pytest.approx(math.log(p))]
    assert model.log_prob(STOPS, feats[:1], 0) == [0.0]  # no choice, no evidence
    with pytest.raises(ValueError):
        OpponentModel([{STOPS: {"theta": [1.0]}}])
    with pytest.raises(ValueError):
        OpponentModel([{STOPS: {"theta": [0.0] * 19, "eps": 0.0}}])
    with pytest.raises(ValueError):
        OpponentModel([])
    with pytest.raises(ValueError):
        OpponentModel([{}], prior=[1.0, 1.0])
    assert all(eps[STOPS] < 1 for eps in model_for(make_game("newmarket")).eps)


def test_each_seat_is_weighed_over_the_styles() -> None:
    """Two styles, equally likely: a seat whose decisions have probabilities a₁, a₂ under
    them counts log((a₁ + a₂) / 2); seats multiply."""
    model = OpponentModel([{}, {}])
    per_seat = [[math.log(0.5), math.log(0.1)], [math.log(0.2), math.log(0.2)]]
    assert model.combine(per_seat) == pytest.approx(math.log(0.3) + math.log(0.2))
    skewed = OpponentModel([{}, {}], prior=[3.0, 1.0])
    assert skewed.combine([[math.log(0.4), math.log(0.8)]]) == pytest.approx(
        math.log(0.75 * 0.4 + 0.25 * 0.8)
    )


# ---- importance resampling ---------------------------------------------------------------


class _Base:
    def __init__(self) -> None:
        self.i = 0

    def sample(self, rng: random.Random) -> tuple[list[int], int]:
        self.i += 1
        return [self.i], 0

    def fast_from(self, hands: list[int], rest: int) -> _State:
        return _State(hands[0])


class _State(int):
    """A search state that is only its world's number (copied by :meth:`clone`)."""

    def clone(self) -> _State:
        return _State(int(self))


class _Evidence:
    def log_likelihood(self, hands: list[int], model: Any) -> float:
        return {1: 0.0, 2: math.log(3.0), 3: -2000.0}[hands[0]]


def test_weighted_worlds_resample_by_likelihood() -> None:
    ww = WeightedWorlds(_Base(), _Evidence(), only(STOPS), candidates=3, tempering=1.0)
    rng = random.Random(5)
    draws = [ww.fast_state(rng) for _ in range(4000)]
    assert ww.weights[0] == pytest.approx(1 / 4) and ww.weights[1] == pytest.approx(3 / 4)
    assert ww.weights[2] > 0  # never zero, however badly a world explains the play
    assert abs(draws.count(2) / 4000 - 0.75) < 0.03
    assert ww.ess == pytest.approx(1 / (1 / 16 + 9 / 16), rel=1e-6)
    half = WeightedWorlds(_Base(), _Evidence(), only(STOPS), candidates=2, tempering=0.5)
    half.build(random.Random(0))
    assert half.weights[1] / half.weights[0] == pytest.approx(math.sqrt(3))


# ---- information safety and soundness ----------------------------------------------------


@pytest.mark.parametrize(
    "name,options",
    [(d.name, d.entry_options(e)) for d, e in played_entries()],
    ids=[entry_key(d, e) for d, e in played_entries()],
)
def test_hard_with_inference_sees_only_its_observation(name: str, options: dict) -> None:
    """GEN-9: exchanging cards between two opponents (or with the stock) leaves Hard's
    decision unchanged: its worlds and their weights come from its observation alone."""
    game = make_game(name, options)
    agent = HardAgent(game, iterations=24, workers=1)
    checked = 0
    for n, seed in ((3, 1), (4, 2)):
        session = Session(game, [f"P{i}" for i in range(n)], first_dealer=seed % n)
        session.start_deal_seeded(300 + seed)
        deal = session.deal
        assert deal is not None
        while not deal.over and not isinstance(deal.decision(), PlayChoice):
            d = deal.decision()
            deal.apply(agent.normal.choose(game, deal.observation(d.seat), random.Random(0)))
        checked = play_checking_swaps(
            game,
            deal,
            lambda _s: agent,
            random.Random(seed),
            checked=checked,
            stock_swaps=True,
            seed=seed,
        )
    assert checked > 8


# ---- fitting -------------------------------------------------------------------------------


def test_fit_recovers_the_parameters_of_synthetic_play() -> None:
    rng = random.Random(11)
    theta, eps = [1.5, -0.8], 0.25
    rows = []
    for _ in range(3000):
        k = rng.randint(2, 5)
        feats = [[rng.uniform(0, 2), float(rng.random() < 0.5)] for _ in range(k)]
        if rng.random() < eps:
            chosen = rng.randrange(k)
        else:
            w = [math.exp(theta[0] * f[0] + theta[1] * f[1]) for f in feats]
            chosen = rng.choices(range(k), weights=w)[0]
        rows.append((feats, chosen))
    got, got_eps = fit_kind(rows, 2, ridge=0.01, rounds=12)
    assert got[0] == pytest.approx(1.5, abs=0.25) and got[1] == pytest.approx(-0.8, abs=0.25)
    assert got_eps == pytest.approx(0.25, abs=0.08)
    assert log_likelihood(rows, got, got_eps) > log_likelihood(rows, [0.0, 0.0], 1.0)


# ---- the exact search of small endings ---------------------------------------------------


def maxn(deal: Any, cls: type) -> list[int]:
    """Max^n over the engine itself: what each seat wins from ``deal`` to the end when every
    seat takes, at its turn, its best move (ties to the first in the fast state's order)."""
    from gamecore.agents.levels import action_code

    start = list(deal.balances)

    best: list[int] | None = None
    while True:  # fold forced moves as the fast path does
        acts = deal.legal_actions()
        if len(acts) != 1 or deal.over:
            break
        deal = deal.clone()
        deal.apply(acts[0])
        if deal.over or getattr(deal, "decided", False):
            return [b - a for a, b in zip(start, deal.balances, strict=True)]
    who = deal.decision().seat
    by_code = {action_code(a): a for a in deal.legal_actions()}
    for code in cls.from_deal(deal).acts:  # type: ignore[attr-defined]
        child = deal.clone()
        child.apply(by_code[code])
        ended = child.over or getattr(child, "decided", False)
        sub = [0] * deal.n if ended else maxn(child, cls)
        v = [b - a + s for a, b, s in zip(start, child.balances, sub, strict=True)]
        if best is None or v[who] > best[who]:
            best = v
    assert best is not None
    return best


@pytest.mark.parametrize(
    "name,options,family",
    [(d.name, d.entry_options(e), d.family) for d, e in played_entries()],
    ids=[entry_key(d, e) for d, e in played_entries()],
)
def test_exact_endings_agree_with_the_engine(name: str, options: dict, family: str) -> None:
    from gamecore.bench import positions

    tricks = family == TRICKS
    cls = FastSpoilFive if tricks else FastStops
    n, fraction = (4, 0.62) if tricks else (3, 0.8)
    solved = 0
    for _game, deal in positions(name, options, n, 6, 3, fraction=fraction, choice=True):
        st = cls.from_deal(deal)  # type: ignore[attr-defined]
        solver = EndgameSolver(node_budget=20_000)
        got = solver.value(st)
        if got is None:
            continue
        solved += 1
        assert got == maxn(deal, cls)
        assert solver.value(st) == got and solver.table  # answered from its table
    assert solved >= 2


def test_an_ending_too_big_is_left_to_the_rollout() -> None:
    from gamecore.bench import positions

    _game, deal = positions("newmarket", {}, 3, 1, 4, fraction=0.8, choice=True)[0]
    st = FastStops.from_deal(deal)
    solver = EndgameSolver(node_budget=0)
    assert solver.small(st)
    assert solver.value(st) is None
    assert solver.too_big == sum(h.bit_count() for h in st.hands)
    assert not solver.small(st)
    assert EndgameSolver().value(st) is not None


# ---- ties --------------------------------------------------------------------------------


def test_ties_between_equal_visits_go_to_the_better_value() -> None:
    v = RootVisits()
    for code, visits, total in ((3, 10, 2.0), (7, 10, 5.0), (9, 4, 4.0)):
        v[code], v.totals[code] = visits, total
    assert best_code(v) == 7
    assert best_code({3: 10, 7: 10}) == 3  # no values: the smallest code
    v.totals[3] = 5.0
    assert best_code(v) == 3
    assert best_code(v, lambda: 7) == 7  # still tied: the preferred code
    assert best_code(v, lambda: 9) == 3  # not among the tied
    merged = merge_visits([v, v])
    assert merged[7] == 20 and merged.totals[7] == 10.0 and merged.mean(7) == 0.5


def test_placement_score_of_the_hidden_cards() -> None:
    """The offline measure of inference: a mean log-probability, between log 10⁻³ and 0,
    and the same on every run."""
    from gamecore.search.inference_score import placement_score, positions

    ((game, deal, seat),) = positions("newmarket", {}, 4, 1, 3, "normal")
    plain = placement_score(game, deal, seat, None, 40)
    weighted = placement_score(game, deal, seat, 0.5, 40)
    assert math.log(1e-3) <= plain <= 0 and math.log(1e-3) <= weighted <= 0
    assert weighted == placement_score(game, deal, seat, 0.5, 40)
