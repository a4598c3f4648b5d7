"""``python -m gamecore.search.calibrate``: how many iterations each configuration of Hard
reaches in the table's time budget on this machine (issue 29, equal time).

For ``--positions`` decision positions drawn from real deals of the game (Normal players at
every seat, stopped at a seat's real choice of card early, mid and late in the deal, as
:func:`gamecore.bench.positions` draws them), each configuration of
:data:`~gamecore.agents.hard_configs.HARD_CONFIGS` searches the position for the table's
budget (:data:`~gamecore.agents.levels.STOPS_BUDGET` or
:data:`~gamecore.agents.levels.SPOIL_FIVE_BUDGET`, or ``--time-ms``) in two worker
processes of a :class:`~gamecore.search.ismcts.SearchPool`, as a decision runs at the table:
each worker spawned and at the pool's lower priority, its budget counted from the moment
the decision is submitted, its own seed. The figure of a position is the sum of the two
workers' iterations; the configurations take turns at each position, so that a change of
load on the shared machine falls on all of them alike. The result: per configuration, the
median and quartiles over the positions and the samples themselves.

The pool's workers search with the configuration's settings (``value_ties`` decides after
the search and costs nothing in iterations).

The results go into a JSON file (``--out``) that holds one entry per game, profile, number
of players and budget (a new run of the same replaces it), each stating the machine, the
date and the load; :func:`iterations_for` reads an entry back for the arena's
``--iterations-from``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from gamecore.agents.hard_configs import HARD_CONFIGS
from gamecore.agents.levels import HardAgent
from gamecore.atomicfile import write_atomic
from gamecore.games import TRICKS, available_games, descriptor, make_game
from gamecore.interface import Observation
from gamecore.search.ismcts import SearchPool

#: The file's format tag.
FORMAT = "parlour-calibration-1"
#: Worker processes of the table's pool.
TABLE_WORKERS = 2


def iterations_at(
    pool: SearchPool, game: Any, obs: Observation, budget: float, seed: int, config: dict[str, bool]
) -> int:
    """The iterations ``pool``'s workers reach together searching ``obs`` for ``budget``
    seconds (seeds ``seed``, ``seed + 1`` …), as a decision at the table, with the
    HardAgent keyword arguments ``config`` over ``game``'s declared search settings."""
    settings = replace(game.search_settings, **config)
    _, done = pool.search(game, obs, time_budget=budget, seed=seed, settings=settings)
    return done


def sample_positions(
    name: str, options: dict[str, Any], players: int, count: int, seed: int
) -> list[tuple[Any, Observation]]:
    """About ``count`` decision positions ``(game, observation)`` of real deals: a third
    each early, mid and late in the deal (a trick game's earlier: it is decided after three
    tricks), each at a seat's real choice of card."""
    from gamecore.bench import positions  # the bench's own draw of positions

    fracs = (0.0, 0.3, 0.55) if descriptor(name).family == TRICKS else (0.2, 0.5, 0.8)
    per = max(1, -(-count // len(fracs)))
    out = []
    for k, frac in enumerate(fracs):
        for game, deal in positions(
            name, options, players, per, seed + k, fraction=frac, choice=True
        ):
            out.append((game, deal.observation(deal.decision().seat)))
    return out[:count]


def quartiles(xs: list[int]) -> tuple[float, float, float]:
    """``(q1, median, q3)`` of ``xs`` (inclusive method: the median of the lower and upper
    halves' interpolation, :func:`statistics.quantiles`); one sample gives it three times.
    Raises ``ValueError`` for no samples."""
    if not xs:
        raise ValueError("no samples")
    if len(xs) == 1:
        return float(xs[0]), float(xs[0]), float(xs[0])
    q1, q2, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    return q1, q2, q3


def machine() -> dict[str, Any]:
    """What the figures were measured on: host, processor, cores, Python, load average."""
    load = list(os.getloadavg()) if hasattr(os, "getloadavg") else None
    return {
        "host": platform.node(),
        "processor": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "load_average": load,
    }


def calibrate(
    name: str,
    options: dict[str, Any],
    players: int,
    count: int,
    *,
    budget: float | None = None,
    seed: int = 29,
    configs: list[str] | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """One calibration entry (see the module docstring): ``name``/``options`` the game,
    ``players`` seats, ``count`` positions, ``budget`` seconds (default the table's),
    ``configs`` names of :data:`HARD_CONFIGS` (default all). Runs two worker processes."""
    game = make_game(name, options)
    if budget is None:
        budget = HardAgent(game).time_budget
    names = configs or list(HARD_CONFIGS)
    samples: dict[str, list[int]] = {c: [] for c in names}
    start = machine()
    pool = SearchPool(TABLE_WORKERS)  # the table's pool: spawned, at its lower priority
    pool.start()
    drawn = sample_positions(name, options, players, count, seed)
    try:
        # one untimed round first: a worker's first searches import and build what later
        # ones find ready (the table's pool is warm from the first decision of a game)
        for c in names:
            iterations_at(pool, *drawn[0], budget, seed, HARD_CONFIGS[c])
        for i, (g, obs) in enumerate(drawn):
            # the configurations take turns first, so none always follows the same one
            for c in names[i % len(names) :] + names[: i % len(names)]:
                samples[c].append(
                    iterations_at(pool, g, obs, budget, seed + 2 * i, HARD_CONFIGS[c])
                )
            if progress:
                print(f"\rposition {i + 1}/{len(drawn)}", end="", file=sys.stderr, flush=True)
    finally:
        pool.shutdown()
    if progress:
        print(file=sys.stderr, flush=True)
    iterations = {}
    for c in names:
        q1, med, q3 = quartiles(samples[c])
        iterations[c] = {"median": med, "q1": q1, "q3": q3, "samples": samples[c]}
    return {
        "game": name,
        "profile": _profile(name, options),
        "players": players,
        "budget_s": budget,
        "workers": TABLE_WORKERS,
        "positions": len(samples[names[0]]),
        "seed": seed,
        "date": time.strftime("%Y-%m-%d %H:%M %Z"),
        "machine": start,
        "load_average_after": machine()["load_average"],
        "iterations": iterations,
    }


def _profile(name: str, options: dict[str, Any]) -> str | None:
    key = descriptor(name).profile_key
    return None if key is None else options.get(key)


def game_options(name: str, profile: str | None) -> dict[str, Any]:
    """The options that choose ``profile`` of game ``name`` (empty without one). Raises
    ``ValueError`` if the game has no profiles."""
    if profile is None:
        return {}
    key = descriptor(name).profile_key
    if key is None:
        raise ValueError(f"{name} has no profiles")
    return {key: profile}


def read_calibration(path: str | Path) -> dict[str, Any]:
    """The calibration file at ``path`` (``{"format", "entries"}``); an empty one if there
    is no file. Raises ``ValueError`` if it is not a calibration file."""
    p = Path(path)
    if not p.exists():
        return {"format": FORMAT, "entries": []}
    data = json.loads(p.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path}: not a calibration file ({FORMAT})")
    return data


def _same(
    entry: dict[str, Any], game: str, profile: str | None, players: int, budget: float
) -> bool:
    return (
        entry["game"] == game
        and entry.get("profile") == profile
        and entry["players"] == players
        and abs(entry["budget_s"] - budget) < 1e-9
    )


def write_calibration(path: str | Path, entry: dict[str, Any]) -> dict[str, Any]:
    """Put ``entry`` into the calibration file at ``path`` (created if absent), in place of
    an entry for the same game, profile, players and budget; entries sorted by game,
    profile, players, budget. Returns the file's new content."""
    data = read_calibration(path)
    key = (entry["game"], entry.get("profile"), entry["players"], entry["budget_s"])
    kept = [e for e in data["entries"] if not _same(e, *key)]
    kept.append(entry)
    kept.sort(key=lambda e: (e["game"], e.get("profile") or "", e["players"], e["budget_s"]))
    data["entries"] = kept
    write_atomic(path, json.dumps(data, indent=1) + "\n")
    return data


def find_entry(
    data: dict[str, Any], game: str, profile: str | None, players: int, budget: float
) -> dict[str, Any]:
    """The entry of ``data`` (a calibration file's content) for that game, profile, number
    of players and budget (seconds). Raises ``LookupError`` naming what is missing."""
    for e in data["entries"]:
        if _same(e, game, profile, players, budget):
            return e
    what = f"{game}{' ' + profile if profile else ''}, {players} players, {budget} s"
    raise LookupError(f"no calibration for {what}")


def iterations_for(entry: dict[str, Any], configs: list[str]) -> dict[str, int]:
    """Configuration name → iterations per decision at ``entry``'s budget: its median,
    rounded to the nearest whole iteration (half up), at least 1. Raises ``LookupError``
    for a configuration the entry has not measured."""
    out = {}
    for c in configs:
        if c not in entry["iterations"]:
            raise LookupError(f"the calibration of {entry['game']} has no {c}")
        out[c] = max(1, int(entry["iterations"][c]["median"] + 0.5))
    return out


def format_entry(entry: dict[str, Any]) -> str:
    """The entry for people: one line per configuration."""
    prof = f" {entry['profile']}" if entry.get("profile") else ""
    lines = [
        f"{entry['game']}{prof}, {entry['players']} players: iterations in "
        f"{entry['budget_s']} s on {entry['workers']} workers (sum), "
        f"{entry['positions']} positions, {entry['date']}"
    ]
    for c, s in entry["iterations"].items():
        lines.append(
            f"  {c:15} median {s['median']:8,.0f}   quartiles {s['q1']:8,.0f} … {s['q3']:8,.0f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line (see ``--help``)."""
    p = argparse.ArgumentParser(
        prog="python -m gamecore.search.calibrate", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--game", required=True, choices=available_games())
    p.add_argument("--profile", help="the game's profile (Pope Joan: F, M or C)")
    p.add_argument("--players", type=int)
    p.add_argument("--positions", type=int, default=30)
    p.add_argument("--time-ms", type=int, metavar="MS", help="the budget (default the table's)")
    p.add_argument("--config", action="append", choices=list(HARD_CONFIGS))
    p.add_argument("--seed", type=int, default=29)
    p.add_argument("--out", default="calibration.json", help="the calibration file")
    a = p.parse_args(argv)
    try:
        options = game_options(a.game, a.profile)
    except ValueError as e:
        p.error(str(e))
    players = a.players or descriptor(a.game).default_players
    budget = None if a.time_ms is None else a.time_ms / 1000
    entry = calibrate(
        a.game, options, players, a.positions, budget=budget, seed=a.seed, configs=a.config
    )
    write_calibration(a.out, entry)
    print(format_entry(entry))
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
