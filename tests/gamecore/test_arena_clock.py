"""Hard at the table's clock in the arena (issue 29, point 1): the calibration file (written,
read, replaced by game, profile, players and budget), the iterations each configuration gets
from it, the Hard configurations as HardAgent keyword arguments, and a short run at the
table's clock whose Hard decisions go to a two-worker pool. No timing is asserted."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gamecore import arena, arena_budget
from gamecore.agents.hard_configs import HARD_CONFIGS
from gamecore.agents.levels import HardAgent
from gamecore.arena import ArenaConfig, make_agent, run
from gamecore.games import make_game
from gamecore.search import calibrate
from gamecore.search.inference import CANDIDATES
from gamecore.search.ismcts import SearchPool


def entry(game: str = "newmarket", budget: float = 0.4, **medians: float) -> dict[str, Any]:
    """A hand-written calibration entry: ``medians`` by configuration (``_`` for ``-``)."""
    return {
        "game": game,
        "profile": None,
        "players": 4,
        "budget_s": budget,
        "workers": 2,
        "positions": 3,
        "seed": 1,
        "date": "2026-12-02 04:00 UTC",
        "machine": {"host": "here"},
        "iterations": {
            k.replace("_", "-"): {"median": v, "q1": v - 1, "q3": v + 1, "samples": [v]}
            for k, v in medians.items()
        },
    }


def test_calibration_file_is_written_read_and_replaced_by_its_key(tmp_path: Path) -> None:
    path = tmp_path / "cal.json"
    assert calibrate.read_calibration(path) == {"format": calibrate.FORMAT, "entries": []}
    calibrate.write_calibration(path, entry("spoil-five", 0.8, hard=10))
    calibrate.write_calibration(path, entry("newmarket", 0.4, hard=20))
    calibrate.write_calibration(path, entry("newmarket", 1.0, hard=50))
    data = calibrate.write_calibration(path, entry("newmarket", 0.4, hard=30))
    assert data == calibrate.read_calibration(path)
    keys = [(e["game"], e["budget_s"], e["iterations"]["hard"]["median"]) for e in data["entries"]]
    assert keys == [("newmarket", 0.4, 30), ("newmarket", 1.0, 50), ("spoil-five", 0.8, 10)]
    found = calibrate.find_entry(data, "newmarket", None, 4, 1.0)
    assert found["iterations"]["hard"]["median"] == 50
    with pytest.raises(LookupError, match="newmarket, 5 players"):
        calibrate.find_entry(data, "newmarket", None, 5, 0.4)
    with pytest.raises(LookupError):
        calibrate.find_entry(data, "pope-joan", "C", 4, 0.4)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"entries": []}))
    with pytest.raises(ValueError, match="not a calibration file"):
        calibrate.read_calibration(other)


def test_iterations_per_configuration_are_the_rounded_medians() -> None:
    e = entry(hard=1234.4, hard_plain=2000.5, hard_inference=0.2, hard_endgame=7)
    assert calibrate.iterations_for(e, ["hard", "hard-plain", "hard-inference"]) == {
        "hard": 1234,
        "hard-plain": 2001,
        "hard-inference": 1,
    }
    with pytest.raises(LookupError, match="no hard-endgame"):
        calibrate.iterations_for(entry(hard=5), ["hard-endgame"])


def test_quartiles() -> None:
    assert calibrate.quartiles([5, 1, 4, 2, 3]) == (2.0, 3.0, 4.0)
    assert calibrate.quartiles([7]) == (7.0, 7.0, 7.0)
    with pytest.raises(ValueError):
        calibrate.quartiles([])


def test_hard_configurations_are_hardagent_keywords() -> None:
    game = make_game("newmarket")
    cfg = ArenaConfig("newmarket", {}, 4, "hard", "normal", deals=1, seed=1, iterations=9)
    declared = game.search_settings
    for name, flags in HARD_CONFIGS.items():
        agent = make_agent(game, name, cfg, [])
        assert isinstance(agent, HardAgent) and agent.iterations == 9 and agent.workers == 1
        assert (agent.inference, agent.endgame, agent.value_ties) == tuple(
            flags.get(k, getattr(declared, k)) for k in ("inference", "endgame", "value_ties")
        )
    assert HARD_CONFIGS["hard"] == {}  # the game's own declaration
    assert HARD_CONFIGS["hard-full"] == {"inference": True, "endgame": True, "value_ties": True}
    assert HARD_CONFIGS["hard-inference"] == {
        "inference": True,
        "endgame": False,
        "value_ties": True,
    }
    assert HARD_CONFIGS["hard-endgame"] == {"inference": False, "endgame": True, "value_ties": True}
    assert set(HARD_CONFIGS) <= set(arena.PLAYERS)


def test_calibrated_iterations_go_to_each_configuration(tmp_path: Path) -> None:
    path = tmp_path / "cal.json"
    calibrate.write_calibration(
        path, entry(hard=12, hard_plain=31.5, hard_endgame=8, hard_inference=99)
    )
    cfg = ArenaConfig(
        "newmarket",
        {},
        4,
        "hard-plain",
        "hard",
        deals=1,
        seed=3,
        iterations=200,
        also=("hard-endgame",),
    )
    each, where = arena_budget.calibrated(str(path), cfg, None)
    # the table's Hard gets Hard's figure; hard-inference is not in the run
    assert each == {"hard-plain": 32, "hard-endgame": 8, "hard": 12}
    assert where.startswith(f"{path}: 0.4 s on two workers, measured 2026-12-02 04:00 UTC")
    out = tmp_path / "deals.json"
    argv = ["--game", "newmarket", "--agent", "hard-plain", "--agent", "hard-endgame"]
    argv += ["--table", "hard", "--deals", "1", "--seed", "3", "--workers", "1"]
    assert arena.main([*argv, "--iterations-from", str(path), "--quiet", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["config"]["iterations_for"] == each
    deal = data["deals"][0]
    for kind, n in (("tested", 32), ("hard-endgame", 8)):
        assert deal[kind]["searches"] > 0
        assert deal[kind]["iterations"] == n * deal[kind]["searches"]
    assert data["summary"]["tested"]["iterations_per_search"] == 32


def test_equal_time_hard_weights_the_tables_number_of_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []
    real = arena_budget.weighted_worlds

    def spy(game: Any, obs: Any, base: Any, **kw: Any) -> Any:
        asked.append(kw["candidates"])
        return real(game, obs, base, **kw)

    monkeypatch.setattr(arena_budget, "weighted_worlds", spy)
    game = make_game("newmarket")
    cfg = ArenaConfig(
        "newmarket", {}, 4, "hard", "normal", 1, 1, 200, iterations_for={"hard": 1500}
    )
    agent = make_agent(game, "hard", cfg, [])
    assert isinstance(agent, arena_budget.EqualTimeHardAgent) and agent.iterations == 1500
    (game_, obs), *_ = calibrate.sample_positions("newmarket", {}, 4, 1, 5)
    visits, done = agent.run_search(game_, obs, 7)
    assert done == 1500 == sum(visits.values())
    assert asked == [CANDIDATES]  # not the 1,000 a fixed search of 1,500 iterations weights


def test_a_run_without_the_game_in_the_file_stops_before_playing(tmp_path: Path) -> None:
    path = tmp_path / "cal.json"
    calibrate.write_calibration(path, entry(hard=12))
    with pytest.raises(SystemExit):
        arena.main(["--game", "spin", "--iterations-from", str(path), "--quiet"])
    with pytest.raises(SystemExit):
        arena.main(["--game", "newmarket", "--agent", "hard-plain", "--iterations-from", str(path)])
    with pytest.raises(SystemExit):
        arena.main(["--clock", "table", "--iterations-from", str(path)])
    with pytest.raises(SystemExit):
        arena.main(["--clock", "table", "--agent", "hard-seeing"])


def test_table_clock_sends_every_hard_decision_to_a_two_worker_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[int, float | None, int | None]] = []
    real = SearchPool.search

    def spy(self: SearchPool, game: Any, obs: Any, **kw: Any) -> Any:
        calls.append((self.workers, kw.get("time_budget"), kw.get("iterations")))
        return real(self, game, obs, **kw)

    monkeypatch.setattr(SearchPool, "search", spy)
    cfg = ArenaConfig(
        "spoil-five",
        {},
        3,
        "hard",
        "normal",
        deals=1,
        seed=2,
        iterations=1,
        time_ms=20,
        table_clock=True,
    )
    result = run(cfg, workers=2, progress=False)
    tested = result["deals"][0]["tested"]
    assert tested["searches"] == len(calls) > 0
    assert set(calls) == {(2, 0.02, None)}
    assert tested["iterations"] > 0
    assert "deals played one at a time" in arena.format_summary(cfg, result["summary"])


def test_calibration_command_writes_the_figures(tmp_path: Path) -> None:
    out = tmp_path / "cal.json"
    argv = ["--game", "spoil-five", "--players", "3", "--positions", "1", "--time-ms", "10"]
    assert (
        calibrate.main([*argv, "--config", "hard-plain", "--config", "hard", "--out", str(out)])
        == 0
    )
    (e,) = calibrate.read_calibration(out)["entries"]
    assert (e["game"], e["players"], e["budget_s"], e["workers"], e["positions"]) == (
        "spoil-five",
        3,
        0.01,
        2,
        1,
    )
    assert list(e["iterations"]) == ["hard-plain", "hard"]
    for figures in e["iterations"].values():
        (n,) = figures["samples"]
        assert n > 0 and figures["median"] == figures["q1"] == figures["q3"] == n
    assert e["machine"]["cores"] and e["date"]
