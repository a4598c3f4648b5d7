"""Every level of computer player (Easy, Normal, Hard) plays only legal actions in whole
sessions of every game and profile (GEN-9: from its observation alone), Hard is
reproducible with a fixed iteration budget, and a timed search in worker processes can be
cancelled."""

from __future__ import annotations

import random
import re
import threading
from typing import Any

import pytest

from gamecore.actions import Bid, Pass
from gamecore.agents import agent_for, agent_for_level
from gamecore.agents.levels import EasyAgent, HardAgent
from gamecore.decisions import BidChoice, PlayChoice, SplitChoice, StakeChoice
from gamecore.games import descriptor, make_game
from gamecore.match import Session
from gamecore.search.ismcts import SearchCancelled, SearchPool
from helpers import config_id, game_configs

#: Every registered game and profile, house rules at their defaults and changed.
CONFIGS: list[tuple[str, dict[str, Any]]] = game_configs()


def is_legal(decision: Any, action: Any) -> bool:
    if isinstance(decision, PlayChoice):
        return action in decision.actions
    if isinstance(decision, StakeChoice):
        return action.seat == decision.seat and decision.allows(action.amount)
    if isinstance(decision, BidChoice):  # MI-8: a bid within bounds, or pass
        return action.seat == decision.seat and (
            isinstance(action, Pass) or (isinstance(action, Bid) and decision.allows(action.amount))
        )
    assert isinstance(decision, SplitChoice)
    return action.seat == decision.seat and decision.allows(action.amounts)


def play_session(game: Any, agents: list[Any], seed: int, deals: int) -> list[int]:
    n = len(agents)
    session = Session(game, [f"p{i}" for i in range(n)], seed % n)
    rng = random.Random(seed)
    for _ in range(deals):
        if session.complete:
            break
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            d = session.decision()
            assert session.deal is not None and d is not None
            obs = session.deal.observation(d.seat)
            action = agents[d.seat].choose(game, obs, rng)
            assert is_legal(d, action), (d, action)
            session.apply(action)
    return session.balances


@pytest.mark.parametrize("name,options", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_every_level_plays_legally(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, options)
    n = descriptor(name).default_players
    agents = [
        agent_for_level(game, level, iterations=25, workers=1)
        for level in ("hard", "easy", "normal", "hard", "easy")[:n]
    ]
    assert isinstance(agents[0], HardAgent) and isinstance(agents[1], EasyAgent)
    play_session(game, agents, seed=len(name) + len(options), deals=n)


def test_hard_is_reproducible_with_fixed_iterations() -> None:
    game = make_game("spoil-five")
    runs = [
        play_session(game, [HardAgent(game, iterations=40, workers=1)] * 4, 11, 3) for _ in range(2)
    ]
    assert runs[0] == runs[1]
    game = make_game("newmarket")
    runs = [
        play_session(game, [HardAgent(game, iterations=40, workers=1)] * 4, 12, 2) for _ in range(2)
    ]
    assert runs[0] == runs[1]


def test_unknown_level() -> None:
    with pytest.raises(ValueError):
        agent_for_level(make_game("newmarket"), "expert")
    assert type(agent_for_level(make_game("spin"), "normal")) is type(agent_for(make_game("spin")))


def test_timed_search_in_processes_and_cancel() -> None:
    game = make_game("newmarket")
    session = Session(game, ["a", "b", "c", "d"], 0)
    session.start_deal_seeded(3)
    deal = session.deal
    assert deal is not None
    deal.auto_stake()  # type: ignore[union-attr]
    rng = random.Random(0)
    while True:
        d = deal.decision()
        assert isinstance(d, PlayChoice)
        if len(d.actions) > 1:
            break
        deal.apply(d.actions[0])
    obs = deal.observation(d.seat)
    pool = SearchPool(workers=2)
    try:
        agent = HardAgent(game, time_budget=0.15, pool=pool)
        assert agent.choose(game, obs, rng) in d.actions
        assert agent.last_iterations > 0
        action, reason = agent.hint(game, obs, rng)
        assert action in d.actions
        assert re.fullmatch(
            r"it played out [\d,]+ deals, the unseen cards dealt to fit what this seat has "
            r"seen, and tried this move most often \(\d+% of its tries\)",
            reason,
        ), reason
        slow = HardAgent(game, time_budget=30.0, pool=pool)
        timer = threading.Timer(0.2, slow.cancel)
        timer.start()
        with pytest.raises(SearchCancelled):
            slow.choose(game, obs, rng)
        assert agent.choose(game, obs, rng) in d.actions  # usable again after a cancel
    finally:
        pool.shutdown()
