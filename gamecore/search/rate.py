"""``python -m gamecore.search.rate``: what each feature of Hard's search costs, per game.

Search iterations per second of CPU time (one process, in-process search, fixed
iterations) with each configuration of the two costly features, inference from play
(:mod:`gamecore.search.inference`) and exact endings (:mod:`gamecore.search.endgame`):
both on, inference only, endings only, both off; every other setting is the game's
declaration (:mod:`gamecore.search.settings`). The positions are those of
``python -m gamecore.bench``'s iterations column (``--positions`` mid-deal decisions with a
real choice, seed 11, the descriptor's default players), so the figures compare with it.
CPU time (:func:`time.process_time`), not wall time, so that a machine shared with other
work still gives comparable figures.

``--cprofile`` instead runs one configuration (``--config``) under :mod:`cProfile` and
prints the functions that take the most time, for finding the next cost.

Example: ``python -m gamecore.search.rate --game pope-joan --profile C --positions 6
--iterations 1000``.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from dataclasses import replace
from typing import Any

from gamecore.bench import positions
from gamecore.games import descriptor, make_game
from gamecore.search.ismcts import search
from gamecore.search.settings import SearchSettings

#: The settings that may be changed from the command line (counts; default the game's).
KNOBS = ("candidates", "endgame_cards", "endgame_leaves", "endgame_nodes")
#: The configurations measured: name → (inference, endgame).
CONFIGS: dict[str, tuple[bool, bool]] = {
    "both": (True, True),
    "inference": (True, False),
    "endgame": (False, True),
    "neither": (False, False),
}


def decisions(
    name: str, options: dict[str, Any], count: int, seed: int = 11
) -> list[tuple[Any, Any]]:
    """``count`` ``(game, observation)`` pairs: the bench's mid-deal decisions of ``name``
    with ``options`` at its descriptor's default number of players."""
    n = descriptor(name).default_players
    out = []
    for game, deal in positions(name, options, n, count, seed, choice=True):
        out.append((game, deal.observation(deal.decision().seat)))
    return out


def rate(
    found: list[tuple[Any, Any]], settings: SearchSettings, iterations: int
) -> tuple[float, int, float]:
    """``(iterations per CPU second, iterations done, CPU seconds)`` of searching each of
    ``found`` (``(game, observation)`` pairs) for ``iterations`` with ``settings``, seed 1."""
    total, spent = 0, 0.0
    for game, obs in found:
        t0 = time.process_time()
        _, done = search(game, obs, iterations=iterations, seed=1, settings=settings)
        spent += time.process_time() - t0
        total += done
    return total / spent, total, spent


def config_settings(game: Any, config: str, **knobs: int | None) -> SearchSettings:
    """The game's declared settings with ``config``'s inference and endings
    (:data:`CONFIGS`) and each of ``knobs`` (fields of
    :class:`~gamecore.search.settings.SearchSettings`: ``candidates=400`` …) that is not
    ``None``."""
    inference, endgame = CONFIGS[config]
    declared: SearchSettings = game.search_settings
    given: dict[str, Any] = {k: v for k, v in knobs.items() if v is not None}
    return replace(declared, inference=inference, endgame=endgame, **given)


def main(argv: list[str] | None = None) -> int:
    """Command line (see ``--help``)."""
    p = argparse.ArgumentParser(
        prog="python -m gamecore.search.rate", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--game", required=True, help="record name, e.g. newmarket")
    p.add_argument("--profile", help="the game's profile (Pope Joan: F, M, C)")
    p.add_argument("--positions", type=int, default=6)
    p.add_argument("--iterations", type=int, default=1000, help="per decision")
    p.add_argument("--config", choices=list(CONFIGS), nargs="*", help="default: all four")
    p.add_argument("--cprofile", action="store_true", help="profile the first --config")
    p.add_argument("--top", type=int, default=25, help="functions printed by --cprofile")
    for knob in KNOBS:
        p.add_argument("--" + knob.replace("_", "-"), type=int, help=f"SearchSettings.{knob}")
    p.add_argument("--json", metavar="FILE")
    a = p.parse_args(argv)
    knobs = {k: getattr(a, k) for k in KNOBS}
    desc = descriptor(a.game)
    options = {} if a.profile is None or desc.profile_key is None else {desc.profile_key: a.profile}
    found = decisions(a.game, options, a.positions)
    configs = a.config or list(CONFIGS)
    game = make_game(a.game, options)
    if a.cprofile:
        settings = config_settings(game, configs[0], **knobs)
        prof = cProfile.Profile()
        prof.enable()
        rate(found, settings, a.iterations)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(a.top)
        return 0
    rows = []
    label = a.game if a.profile is None else f"{a.game} {a.profile}"
    for config in configs:
        per_s, done, spent = rate(found, config_settings(game, config, **knobs), a.iterations)
        rows.append({"game": label, "config": config, "iterations_per_s": per_s, "cpu_s": spent})
        print(f"{label:14} {config:10} {per_s:10,.0f} it/s  ({done} in {spent:.2f} s CPU)")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
