"""The arena (issue 7, item 5): the canary (a player against itself scores exactly 0), a
short smoke run of every level, reproducibility by seed (and independence of the number of
worker processes), and the bench's helpers. Never a strength run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamecore import arena, bench
from gamecore.arena import ArenaConfig, mean_ci, run, run_deal
from helpers import entry_key, registry_entries


@pytest.mark.parametrize("game,options,players", [
    (d.name, d.entry_options(e), d.default_players) for d, e in registry_entries()],
    ids=[entry_key(d, e) for d, e in registry_entries()])
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
    assert arena.main(["--game", "pope-joan", "--profile", "C", "--agent", "hard",
                       "--iterations", "15", "--deals", "2", "--workers", "1", "--reference",
                       "--quiet", "--json", str(out)]) == 0
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
