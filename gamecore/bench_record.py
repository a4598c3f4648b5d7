"""``python -m gamecore.bench_record``: replay time does not grow with the amounts.

For every game, a seeded session of ``--deals`` deals is written twice: once with the
default amounts, once with every amount at the format's limit (stakes, antes, payments and
starting counters of 10^9, the named stakes too), and for the games with staking decisions
both once more with the staking actions left out (replay then works out the default stake
and the automatic splits, NM-5, PJ-21); a game without play (Matrimony) never leaves them
out (cousins §6.5), so its two "left out" figures are its plain ones again. ``gen.rounds``
is 1,000 in both, so both hold the same number of deals. Each record is read and replayed
``--runs`` times; the best time per deal is printed, with the worse ratio largest /
default (about 1 when the time does not depend on the amounts; before the automatic split
was worked out by division, a stake of 10^9 took minutes per deal).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from gamecore.bench import bench_games
from gamecore.decisions import PlayChoice
from gamecore.games import CHANCE, descriptor, make_game
from gamecore.limits import MAX_AMOUNT, MAX_ROUNDS
from gamecore.match import Session
from gamecore.options import house_rules
from gamecore.record import dumps_record, load_record, replay

#: (label, game, options, players): every New Game entry of the record format's games (the
#: registered games whose descriptor says ``recorded``), one seat more than the game's
#: default table.
GAMES: list[tuple[str, str, dict[str, Any], int]] = [
    (label, name, options, min(descriptor(name).max_players, n + 1))
    for label, name, options, n in bench_games()
    if descriptor(name).recorded
]


def largest_options(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with every integer house rule at its limit (``gen.rounds`` at 1,000,
    every amount at 10^9)."""
    out = dict(options)
    key = descriptor(name).profile_key
    for spec in house_rules(name, None if key is None else options.get(key)):
        if spec.kind in ("int", "int?"):
            out[spec.key] = spec.maximum
    out["gen.startCounters"] = MAX_AMOUNT
    return out


def session_text(
    name: str, options: dict[str, Any], n: int, deals: int, seed: int, staking: bool = True
) -> str:
    """The record of a seeded session of ``deals`` deals (default stakes and automatic
    splits, random card plays); ``staking`` false leaves the staking actions out."""
    session = Session(make_game(name, options), [f"P{i}" for i in range(n)], 0)
    rng = random.Random(seed)
    for _ in range(deals):
        if session.complete:
            break
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            d = session.decision()
            if isinstance(d, PlayChoice):
                session.apply(rng.choice(d.actions))
            else:
                assert d is not None  # a deal in progress waits for a decision
                session.apply(d.default_action())
    data = json.loads(dumps_record(session))
    if not staking and descriptor(name).family != CHANCE:
        for deal in data["deals"]:
            deal["actions"] = [
                a for a in deal["actions"] if a.split(" ")[1] not in ("stake", "split")
            ]
    return json.dumps(data)


def best_time(text: str, runs: int) -> float:
    """Best wall time, seconds, of reading and replaying record ``text``."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        replay(load_record(text))
        best = min(best, time.perf_counter() - t0)
    return best


def main(argv: list[str] | None = None) -> int:
    """Print per game: ms per deal at default and at the largest amounts, and the ratio."""
    parser = argparse.ArgumentParser(prog="python -m gamecore.bench_record")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="one JSON line per game")
    args = parser.parse_args(argv)
    worst = 0.0
    for label, name, options, n in GAMES:
        options = {**options, "gen.rounds": MAX_ROUNDS}  # rounds are no amount: same deals
        big = largest_options(name, options)
        plain_t = best_time(session_text(name, options, n, args.deals, 1), args.runs)
        big_t = best_time(session_text(name, big, n, args.deals, 1), args.runs)
        plain_auto_t = best_time(
            session_text(name, options, n, args.deals, 1, staking=False), args.runs
        )
        big_auto_t = best_time(session_text(name, big, n, args.deals, 1, staking=False), args.runs)
        per = 1000 / args.deals
        row = {
            "game": label,
            "default_ms_per_deal": round(plain_t * per, 3),
            "largest_ms_per_deal": round(big_t * per, 3),
            "default_auto_staking_ms_per_deal": round(plain_auto_t * per, 3),
            "largest_auto_staking_ms_per_deal": round(big_auto_t * per, 3),
            "ratio": round(max(big_t / plain_t, big_auto_t / plain_auto_t), 2),
        }
        worst = max(worst, row["ratio"])
        if args.json:
            print(json.dumps(row))
        else:
            print(
                f"{label:12} ms/deal: default {row['default_ms_per_deal']:6.3f}, largest "
                f"{row['largest_ms_per_deal']:6.3f}; staking left out: default "
                f"{row['default_auto_staking_ms_per_deal']:6.3f}, largest "
                f"{row['largest_auto_staking_ms_per_deal']:6.3f}; ratio {row['ratio']:.2f}"
            )
    print(f"worst ratio largest / default: {worst:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
