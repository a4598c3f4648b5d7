"""Each game declares how Hard searches it (:class:`~gamecore.search.settings.SearchSettings`
on its rules class); Hard takes its defaults from the declaration, its keyword arguments
override single fields, and the settings reach the search whether it runs in-process or in
the pool's worker processes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamecore.agents.levels import HardAgent
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.search.endgame import NODE_BUDGET, SF_LEAVES, STOPS_CARDS, EndgameSolver
from gamecore.search.ismcts import SearchPool, merge_visits, resolve_settings, search
from gamecore.search.settings import FULL, PLAIN, SearchSettings
from gamecore.stops.newmarket import Newmarket
from helpers import config_id, game_configs

CONFIGS: list[tuple[str, dict[str, Any]]] = game_configs()


def late_choice(name: str, seed: int, held: int) -> tuple[Any, Any]:
    """``(game, observation)`` at the first real choice of card once at most ``held``
    cards are held in all, the deal played so far by the Normal players."""
    game = make_game(name)
    session = Session(game, ["a", "b", "c", "d"], 0)
    session.start_deal_seeded(seed)
    deal = session.deal
    assert deal is not None
    deal.auto_stake()  # type: ignore[union-attr]
    normal = HardAgent(game, iterations=1, workers=1).normal
    rng = random.Random(seed)
    while True:
        d = deal.decision()
        assert isinstance(d, PlayChoice)
        obs = deal.observation(d.seat)
        if len(d.actions) > 1 and sum(obs.hand_counts) <= held:
            return game, obs
        deal.apply(normal.choose(game, obs, rng))


@pytest.mark.parametrize("name,options", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_every_game_declares_its_search_settings(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, options)
    assert isinstance(game.search_settings, SearchSettings)
    assert HardAgent(game, iterations=10, workers=1).settings == game.search_settings


def test_hard_takes_the_declaration_and_its_arguments_override_fields(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = make_game("newmarket")
    declared = SearchSettings(inference=False, endgame=True, value_ties=True, candidates=80)
    monkeypatch.setattr(Newmarket, "search_settings", declared)
    assert HardAgent(game).settings == declared
    agent = HardAgent(game, endgame=False)
    assert agent.settings == SearchSettings(
        inference=False, endgame=False, value_ties=True, candidates=80
    )
    plain = HardAgent(game, settings=FULL, inference=False, endgame=False, value_ties=False)
    assert plain.settings == PLAIN
    assert (plain.inference, plain.endgame, plain.value_ties) == (False, False, False)
    plain.inference = True  # an attribute still switches one feature (opponent_fit does)
    assert plain.settings == SearchSettings(inference=True, endgame=False, value_ties=False)
    assert resolve_settings(game, None, inference=None) is declared


def test_settings_refuse_a_count_below_one() -> None:
    with pytest.raises(ValueError, match="candidates"):
        SearchSettings(candidates=0)
    with pytest.raises(ValueError, match="endgame_nodes"):
        SearchSettings(endgame_nodes=-1)


def test_endings_limits_come_from_the_settings() -> None:
    default = EndgameSolver.for_settings(FULL)
    assert (default.node_budget, default.stops_cards, default.sf_leaves) == (
        NODE_BUDGET,
        STOPS_CARDS,
        SF_LEAVES,
    )
    own = EndgameSolver.for_settings(
        SearchSettings(endgame_nodes=50, endgame_cards=8, endgame_leaves=24)
    )
    assert (own.node_budget, own.stops_cards, own.sf_leaves) == (50, 8, 24)


def test_the_pool_searches_with_the_agents_settings() -> None:
    """The workers ran the declared search whatever the agent said before this fix; now a
    worker's search with seed ``s + i`` is the in-process search with the same settings."""
    game, obs = late_choice("newmarket", 5, 24)
    pool = SearchPool(workers=2)
    try:
        for settings in (PLAIN, FULL):
            got = pool.search(game, obs, iterations=60, seed=9, settings=settings)
            alone = [search(game, obs, iterations=60, seed=s, settings=settings) for s in (9, 10)]
            assert got[1] == 120
            merged = merge_visits([r[0] for r in alone])
            assert (got[0], got[0].totals) == (merged, merged.totals)
        plain = merge_visits(
            [search(game, obs, iterations=60, seed=s, settings=PLAIN)[0] for s in (9, 10)]
        )
        full = merge_visits([search(game, obs, iterations=60, seed=s)[0] for s in (9, 10)])
        assert (plain, plain.totals) != (
            full,
            full.totals,
        )  # so the equality above says which settings the workers used
    finally:
        pool.shutdown()


def test_rate_command_measures_each_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    from gamecore.search.rate import main

    argv = ["--game", "pope-joan", "--profile", "C", "--positions", "1", "--iterations", "20"]
    assert main([*argv, "--candidates", "64"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[2] for line in lines] == ["both", "inference", "endgame", "neither"]
    assert all("(20 in" in line for line in lines)
