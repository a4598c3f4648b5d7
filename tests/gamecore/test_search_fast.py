"""The search fast paths agree with the engines (STOP-1 … STOP-14, NM/SP/SN/PJ rules of play
and settlement, SF-21 … SF-32): random deals of every registered game and profile, with its
house rules at their defaults and changed, played in both from random mid-deal positions,
give the same legal choices, the same seat to act and the same counters at the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamecore.actions import Action, Claim, Decline, Jink, Pass, Play, Rob
from gamecore.cards import parse_card
from gamecore.decisions import PlayChoice
from gamecore.games import STOPS, TRICKS, make_game
from gamecore.match import Session
from gamecore.options import resolve_options
from gamecore.search import CLAIM, DECLINE, JINK, PASS, ROB_BASE, SPIN_FLAG
from gamecore.search.fast_spoilfive import FastSpoilFive
from gamecore.search.fast_stops import FastStops, StopsSpec
from gamecore.stops.newmarket import Newmarket
from helpers import config_id, game_configs, random_action

STOPS_CONFIGS = game_configs(STOPS)
SF_CONFIGS = game_configs(TRICKS)


def stops_code(a: Action) -> int:
    if isinstance(a, Pass):  # a declined offer (CM-10)
        return PASS
    assert isinstance(a, Play)
    return a.card | (SPIN_FLAG if a.spin else 0)


def stops_action(seat: int, code: int) -> Action:
    if code == PASS:
        return Pass(seat)
    return Play(seat, code & 63, spin=code >= SPIN_FLAG)


def sf_code(a: Action) -> int:
    if isinstance(a, Play):
        return a.card
    if isinstance(a, Rob):
        return ROB_BASE + a.card
    return {Decline: DECLINE, Claim: CLAIM, Jink: JINK}[type(a)]


def sf_action(seat: int, code: int) -> Action:
    if code < 52:
        return Play(seat, code)
    if code < DECLINE:
        return Rob(seat, code - ROB_BASE)
    return {DECLINE: Decline, CLAIM: Claim, JINK: Jink}[code](seat)


def fold(deal: Any) -> None:
    """Apply forced moves in the engine, as the fast path folds them."""
    while not deal.over and not getattr(deal, "decided", False):
        d = deal.decision()
        if not (isinstance(d, PlayChoice) and len(d.actions) == 1):
            return
        deal.apply(d.actions[0])


@pytest.mark.parametrize("name,options", STOPS_CONFIGS, ids=[config_id(c) for c in STOPS_CONFIGS])
def test_fast_stops_agrees_with_engine(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, options)
    checked = 0
    for seed in range(25):
        rng = random.Random(seed)
        n = rng.randint(game.min_players, min(game.max_players, 7))
        session = Session(game, [f"p{i}" for i in range(n)], seed % n)
        session.start_deal_seeded(seed)
        deal = session.deal
        assert deal is not None
        while not deal.over and deal.phase != "play":  # staking, the widow (MI-7, MI-8)
            deal.apply(random_action(deal.decision(), rng))
        for _ in range(rng.randrange(30)):
            if deal.over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        fold(deal)
        if deal.over:
            continue
        fast = FastStops.from_deal(deal)  # type: ignore[arg-type]
        start = list(deal.balances)
        while not deal.over:
            assert sorted(fast.acts) == sorted(stops_code(a) for a in deal.legal_actions())
            assert fast.who == deal.current
            code = rng.choice(fast.acts)
            fast.apply(code)
            deal.apply(stops_action(deal.current, code))
            fold(deal)
        assert fast.over
        assert fast.deltas == [b - a for a, b in zip(start, deal.balances, strict=True)]
        assert fast.pools == list(deal.pools)
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("name,options", SF_CONFIGS, ids=[config_id(c) for c in SF_CONFIGS])
def test_fast_spoilfive_agrees_with_engine(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, options)
    checked = 0
    for seed in range(80):
        rng = random.Random(seed)
        n = rng.randint(game.min_players, min(game.max_players, 8))
        session = Session(game, [f"p{i}" for i in range(n)], seed % n)
        session.start_deal_seeded(seed)
        deal = session.deal
        assert deal is not None
        for _ in range(rng.randrange(12)):
            if deal.over or deal.decided:  # type: ignore[union-attr]
                break
            deal.apply(rng.choice(deal.legal_actions()))
        fold(deal)
        if deal.over or deal.decided:  # type: ignore[union-attr]
            continue
        fast = FastSpoilFive.from_deal(deal)  # type: ignore[arg-type]
        start = list(deal.balances)
        while not (deal.over or deal.decided):  # type: ignore[union-attr]
            assert sorted(fast.acts) == sorted(sf_code(a) for a in deal.legal_actions())
            assert fast.who == deal.to_act
            code = rng.choice(fast.acts)
            seat = deal.to_act
            assert seat is not None
            fast.apply(code)
            deal.apply(sf_action(seat, code))
            fold(deal)
        assert fast.over
        assert fast.deltas == [b - a for a, b in zip(start, deal.balances, strict=True)]
        assert fast.pool == deal.pools[0]
        checked += 1
    assert checked > 20


def test_clone_is_independent() -> None:
    game = make_game("newmarket")
    session = Session(game, ["a", "b", "c", "d"], 0)
    session.start_deal_seeded(7)
    deal = session.deal
    assert deal is not None
    deal.auto_stake()  # type: ignore[union-attr]
    fast = FastStops.from_deal(deal)  # type: ignore[arg-type]
    before = (list(fast.hands), list(fast.deltas), list(fast.acts))
    fast.clone().rollout(random.Random(1).random)
    assert (fast.hands, fast.deltas, fast.acts) == before


class _Cousin(Newmarket):
    """A Newmarket cousin that only declares: NM-11 always, the 7♣ earns 2 counters from
    each other player, and the holder of the K♠ pays double for his cards."""

    card_bonus = {parse_card("7C"): (2, "seven")}
    double_pay_card = parse_card("KS")

    def __init__(self, options: dict[str, Any]) -> None:
        super().__init__(options)
        self.must_change_suit = True


class _Overrider(Newmarket):
    """A Newmarket cousin whose effects are code, not declarations."""

    def on_play(self, deal: Any, seat: int, c: int, spin: bool, events: list[Any]) -> None:
        super().on_play(deal, seat, c, spin, events)


def test_a_newmarket_cousin_is_read_from_its_declarations() -> None:
    """The fast path follows a Newmarket subclass's own declarations (it used to take any
    Newmarket subclass for plain Newmarket), and refuses one that overrides a play hook."""
    cousin = _Cousin(resolve_options("newmarket", {}))
    spec = StopsSpec(cousin)
    assert spec.must_change and spec.has_bonus and spec.double_card == parse_card("KS")
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        session = Session(cousin, ["a", "b", "c", "d"], 0)
        session.start_deal_seeded(seed)
        deal = session.deal
        assert deal is not None
        deal.auto_stake()  # type: ignore[union-attr]
        for _ in range(rng.randrange(10)):
            if deal.over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        fold(deal)
        if deal.over:
            continue
        fast = FastStops.build(
            spec,
            deal.hands,
            deal.stock,
            None,
            deal.pools,
            deal.current,
            deal.top,
            deal.last_suit,
            -1,
            {},
        )  # type: ignore[union-attr]
        start = list(deal.balances)
        while not deal.over:
            assert sorted(fast.acts) == sorted(stops_code(a) for a in deal.legal_actions())
            code = rng.choice(fast.acts)
            fast.apply(code)
            deal.apply(Play(deal.current, code))  # type: ignore[union-attr]
            fold(deal)
        assert fast.deltas == [b - a for a, b in zip(start, deal.balances, strict=True)]
        checked += 1
    assert checked > 20
    with pytest.raises(ValueError, match="overrides on_play"):
        StopsSpec(_Overrider(resolve_options("newmarket", {})))
