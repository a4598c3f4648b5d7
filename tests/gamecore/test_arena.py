"""The arena (issue 7, item 5): the canary (a player against itself scores exactly 0), a
short smoke run of every level, reproducibility by seed (and independence of the number of
worker processes), and the bench's helpers. Never a strength run."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gamecore import arena, bench
from gamecore.agents import agent_for
from gamecore.arena import (
    ArenaConfig,
    SeeingHardAgent,
    TrueWorld,
    bootstrap_ratio,
    mean_ci,
    run,
    run_deal,
    summarize,
)
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.search.fast_stops import FastStops
from helpers import entry_key, registry_entries


@pytest.mark.parametrize(
    "game,options,players",
    [(d.name, d.entry_options(e), d.default_players) for d, e in registry_entries()],
    ids=[entry_key(d, e) for d, e in registry_entries()],
)
def test_canary_scores_exactly_zero(game: str, options: dict, players: int) -> None:
    for level in ("normal", "easy"):
        cfg = ArenaConfig(game, options, players, level, level, deals=3, seed=5, iterations=10)
        result = run(cfg, workers=1, progress=False)
        assert all(m == 0 for d in result["deals"] for m in d["tested"]["margins"])
        assert result["summary"]["tested"]["mean"] == 0
        assert result["summary"]["tested"]["ci95"] == [0, 0]


def test_hard_canary_scores_exactly_zero() -> None:
    cfg = ArenaConfig("spoil-five", {}, 3, "hard", "hard", deals=1, seed=2, iterations=15)
    result = run(cfg, workers=1, progress=False)
    assert result["deals"][0]["tested"]["margins"] == [0, 0, 0]


def test_smoke_with_reference_and_json(tmp_path: Path) -> None:
    out = tmp_path / "deals.json"
    assert (
        arena.main(
            [
                "--game",
                "pope-joan",
                "--profile",
                "C",
                "--agent",
                "hard",
                "--iterations",
                "15",
                "--deals",
                "2",
                "--workers",
                "1",
                "--reference",
                "--quiet",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    data = json.loads(out.read_text())
    assert len(data["deals"]) == 2
    deal = data["deals"][0]
    assert len(deal["tested"]["margins"]) == 4 and len(deal["reference"]["margins"]) == 4
    assert "reference" in data["summary"]


def test_same_seed_same_result_whatever_the_workers() -> None:
    cfg = ArenaConfig("newmarket", {}, 4, "hard", "normal", deals=2, seed=9, iterations=15)
    one = run(cfg, workers=1, progress=False)
    two = run(cfg, workers=2, progress=False)
    assert one["deals"] == two["deals"]
    assert run_deal(cfg, 1) == one["deals"][1]


def test_mean_ci() -> None:
    m, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and lo < m < hi
    assert mean_ci([]) == (0.0, 0.0, 0.0)
    assert bench.p95([float(i) for i in range(1, 101)]) == 95.0


def test_hard_seeing_beside_hard_on_the_same_deals(tmp_path: Path) -> None:
    out = tmp_path / "deals.json"
    assert (
        arena.main(
            [
                "--game",
                "newmarket",
                "--agent",
                "hard",
                "--agent",
                "hard-seeing",
                "--iterations",
                "15",
                "--deals",
                "2",
                "--workers",
                "1",
                "--seed",
                "3",
                "--quiet",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    data = json.loads(out.read_text())
    deal = data["deals"][0]
    assert set(deal) >= {"baseline", "tested", "hard-seeing"}
    assert len(deal["hard-seeing"]["margins"]) == 4
    summary = data["summary"]
    diff = [a["tested"]["margin"] - a["hard-seeing"]["margin"] for a in data["deals"]]
    assert summary["difference"]["hard-seeing"]["mean"] == pytest.approx(sum(diff) / 2)
    assert summary["hard-seeing"]["player"] == "hard-seeing"


def test_information_share_is_the_ratio_of_the_margins() -> None:
    cfg = ArenaConfig(
        "newmarket", {}, 2, "hard", "normal", deals=3, seed=1, iterations=1, also=("hard-seeing",)
    )

    def deal(hard: float, seeing: float) -> dict:
        return {
            "baseline_first": 0.5,
            "tested": {"margin": hard, "first": 0.5},
            "hard-seeing": {"margin": seeing, "first": 0.5},
        }

    summary = summarize(cfg, [deal(1, 2), deal(0, 1), deal(2, 3)])
    share = summary["information_share"]["tested"]
    assert share["share"] == pytest.approx(3 / 6)
    assert 0 <= share["ci95"][0] <= 0.5 <= share["ci95"][1] <= 1
    assert summary["difference"]["hard-seeing"]["mean"] == pytest.approx(-1)


def test_bootstrap_ratio() -> None:
    assert bootstrap_ratio([2.0, 4.0, 6.0], [1.0, 2.0, 3.0]) == (2.0, 2.0, 2.0)
    # two deals: a resample holds deal 0 twice (ratio 1), deal 1 twice (0) or both (1/2),
    # each pair of draws a quarter of the time at least, so the 95% interval is [0, 1]
    assert bootstrap_ratio([1.0, 0.0], [1.0, 1.0]) == (0.5, 0.0, 1.0)
    assert bootstrap_ratio([1.0, 0.0], [1.0, 1.0], seed=4) == bootstrap_ratio(
        [1.0, 0.0], [1.0, 1.0], seed=4
    )
    with pytest.raises(ValueError):
        bootstrap_ratio([], [])
    with pytest.raises(ValueError):
        bootstrap_ratio([1.0], [1.0, 2.0])
    with pytest.raises(ValueError):
        bootstrap_ratio([1.0], [-1.0])


def test_seeing_search_runs_on_the_true_deal() -> None:
    game = make_game("newmarket")
    session = Session(game, ["a", "b", "c", "d"], 0)
    session.start_deal_seeded(7)
    deal = session.deal
    assert deal is not None
    agent = SeeingHardAgent(game, iterations=30, workers=1)
    normal = agent_for(game)
    while session.deal_in_progress:
        d = session.decision()
        assert d is not None
        if d.seat == 1 and isinstance(d, PlayChoice) and len(d.actions) > 1:
            truth = FastStops.from_deal(deal)
            world = TrueWorld(truth).fast_state(random.Random(0))
            assert world is not truth and world.hands == truth.hands
            action = agent.choose_with_state(game, session, 1, [], random.Random(1))
            assert action in d.actions and agent.last_iterations == 30
            assert sum(agent.last_visits.values()) == 30
            return
        session.apply(normal.choose(game, deal.observation(d.seat), random.Random(0)))
    raise AssertionError("seat 1 never had a choice")


def test_time_budget_smoke() -> None:
    cfg = ArenaConfig(
        "spoil-five", {}, 3, "hard", "normal", deals=1, seed=2, iterations=1, time_ms=5
    )
    result = run(cfg, workers=1, progress=False)
    assert len(result["deals"][0]["tested"]["margins"]) == 3
