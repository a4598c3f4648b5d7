"""The widow and the exchanged hand are information like any other (GEN-9, MI-7, MI-8,
cousins §1): moving cards between the widow and a hand, or between the dead hand and the
hand of the widow's taker, where the seat to act has not seen them, changes neither that
seat's observation nor its decision, at every level (issue 27, point 4)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamecore.agents.levels import agent_for_level
from gamecore.cards import cards_in
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.stops.deal import StopsDeal

CONFIGS = [
    {},
    {"mi.widow": "dealerOnly"},
    {"mi.kitty": True, "mi.exchangeNeedsNoBoodle": True, "mi.minBid": 2},
]


def _moved(deal: StopsDeal, holder: int, c_hand: int, c_stock: int) -> StopsDeal:
    """``deal`` with card ``c_hand`` of ``holder``'s hand and card ``c_stock`` of the stock
    (the widow, or the dead hand) exchanged; the dead hand its taker saw follows the stock,
    as it would in a deal dealt so (MI-7, MI-8)."""
    other = deal.clone()
    other.hands = list(deal.hands)
    other.hands[holder] = deal.hands[holder] & ~(1 << c_hand) | 1 << c_stock
    other.stock = deal.stock & ~(1 << c_stock) | 1 << c_hand
    if deal.widow_to is not None:
        other.widow_seen = other.stock
    return other


def _variants(deal: StopsDeal, seat: int, pick: random.Random) -> list[StopsDeal]:
    """Deals that ``seat`` cannot tell from ``deal``: a card of the stock (the widow before
    anyone takes it, the dead hand after) exchanged with a card of a hand ``seat`` has not
    seen, the widow's taker's above all; never a card the seat saw (its own hand, the dead
    hand it gave up) nor one known to lie in the stock (a stop's missing card)."""
    if seat == deal.widow_to:
        return []  # the taker has seen both the widow (his hand) and the dead hand
    stock = [c for c in cards_in(deal.stock) if not deal.known_out >> c & 1]
    holders = [s for s in range(deal.n) if s != seat and deal.hands[s]]
    if deal.widow_to is not None and deal.hands[deal.widow_to] and deal.widow_to != seat:
        holders = [deal.widow_to, *holders]
    out = []
    for holder in holders[:2]:
        if stock:
            c_hand = pick.choice(list(cards_in(deal.hands[holder])))
            out.append(_moved(deal, holder, c_hand, pick.choice(stock)))
    return out


def _play_checking(game: Any, deal: StopsDeal, agents: list[Any], seed: int) -> tuple[int, int]:
    """Play ``deal`` out, checking every decision against its variants; returns the
    positions checked and how many of them came after the widow was taken."""
    pick, checked, after = random.Random(seed), 0, 0
    while not deal.over:
        d = deal.decision()
        assert d is not None
        seat = d.seat
        obs = deal.observation(seat)
        for other in _variants(deal, seat, pick):
            o = other.observation(seat)
            assert o == obs
            mine = agents[seat].choose(game, obs, random.Random(checked))
            assert agents[seat].choose(game, o, random.Random(checked)) == mine
            checked += 1
            after += deal.widow_to is not None
        deal.apply(agents[seat].choose(game, obs, random.Random(seed)))
    return checked, after


@pytest.mark.parametrize("options", CONFIGS, ids=["defaults", "dealer-only", "kitty"])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_moving_unseen_widow_cards_changes_no_observation_or_decision(level, options):
    game = make_game("michigan", options)
    checked = after = 0
    for n in (3, 4, 5):
        for seed in range(3):
            session = Session(game, [f"P{i}" for i in range(n)], seed % n)
            session.start_deal_seeded(1000 * n + seed)
            assert isinstance(session.deal, StopsDeal)
            agents = [agent_for_level(game, level) for _ in range(n)]
            c, a = _play_checking(game, session.deal, agents, seed)
            checked, after = checked + c, after + a
    assert checked > 100 and after > 20


def test_hard_searches_only_what_its_seat_has_seen():
    game = make_game("michigan")
    checked = 0
    for seed in range(2):
        session = Session(game, ["A", "B", "C", "D"], seed)
        session.start_deal_seeded(77 + seed)
        deal = session.deal
        assert isinstance(deal, StopsDeal)
        hard = agent_for_level(game, "hard", iterations=40, workers=1)
        normal = [agent_for_level(game, "normal") for _ in range(4)]
        pick = random.Random(seed)
        while not deal.over and checked < 12 * (seed + 1):
            d = deal.decision()
            assert d is not None
            obs = deal.observation(d.seat)
            for other in _variants(deal, d.seat, pick)[:1]:
                o = other.observation(d.seat)
                assert o == obs
                a = hard.choose(game, obs, random.Random(checked))
                assert hard.choose(game, o, random.Random(checked)) == a
                checked += 1
            deal.apply(normal[d.seat].choose(game, obs, random.Random(seed)))
    assert checked >= 12
