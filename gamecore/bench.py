"""``python -m gamecore.bench``: the speed of the computer players' search, per game.

1. Random playouts per second on one core from mid-deal states (half the dealt cards
   played) on the fast path (:mod:`gamecore.search.fast_stops`,
   :mod:`gamecore.search.fast_spoilfive`), including the clone of the state.
2. Search iterations per second (SO-ISMCTS: determinization, tree, rollout) on one core.
3. Hard's decision time at the table (its default time budget, root-parallel in two worker
   processes, as the GUI calls it) over a fixed set of positions: median, p95 and maximum
   of the wall time (with, for the longest, how long the deciding thread was runnable but
   waiting for a CPU: the OS scheduler's share, on Linux), and how many decisions fell back
   to the Normal player's answer because no worker answered in time (the deadline: budget
   + 0.1 s, issue 29).

Targets (issue 7, this 2-core machine): each game's descriptor's ``bench_target`` (Newmarket
4 players ≥ 25,000 playouts/s/core, Spoil Five 5 players ≥ 15,000); Hard p95 ≤ 0.5 s
(stops games), ≤ 1.0 s (trick games). Every registered game and profile is measured, with
its descriptor's default number of players. Seeded: the positions are the same on every
run. A game without play (Matrimony) has no card decision to search and is not measured.
``--busy N`` runs the whole measurement beside N busy-loop processes
(:mod:`gamecore.busyload`): the loaded figures (``--busy 2`` on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from typing import Any

from gamecore.agents import agent_for
from gamecore.agents.levels import HardAgent
from gamecore.busyload import busy_loops
from gamecore.decisions import PlayChoice
from gamecore.games import CHANCE, TRICKS, descriptor, entries, make_game
from gamecore.match import Session
from gamecore.search.determinize import fast_state_for
from gamecore.search.ismcts import SearchPool, search


def bench_games() -> list[tuple[str, str, dict[str, Any], int]]:
    """``(label, game, options, players)`` for every registered New Game entry: the label
    is the game's name, with its profile when it has several ("pope-joan F"); players its
    descriptor's default."""
    out = []
    for d, e in entries():
        label = d.name if e.profile is None else f"{d.name} {e.profile}"
        out.append((label, d.name, d.entry_options(e), d.default_players))
    return out


#: (label, game, options, players), in menu order: the games with card play, the only ones
#: with something to search (a game without play, Matrimony, only stakes).
GAMES: list[tuple[str, str, dict[str, Any], int]] = [
    g for g in bench_games() if descriptor(g[1]).family != CHANCE
]


def positions(
    name: str,
    options: dict[str, Any],
    n: int,
    count: int,
    seed: int,
    fraction: float = 0.5,
    choice: bool = False,
) -> list[tuple[Any, Any]]:
    """``count`` (game, deal) pairs: deals played by the Normal players until ``fraction``
    of the dealt cards are gone, stopped at a seat's real choice when ``choice``."""
    game = make_game(name, options)
    out: list[tuple[Any, Any]] = []
    rng = random.Random(seed)
    agents = [agent_for(game) for _ in range(n)]
    k = 0
    while len(out) < count:
        k += 1
        if k > 100 * count:
            raise RuntimeError(f"no such positions in {name}")
        session = Session(game, [f"p{i}" for i in range(n)], k % n)
        session.start_deal_seeded(rng.randrange(1 << 30))
        deal = session.deal
        assert deal is not None
        dealt = sum(h.bit_count() for h in deal.dealt)
        while session.deal_in_progress:
            d = session.decision()
            assert d is not None
            held = sum(h.bit_count() for h in deal.hands)
            real = isinstance(d, PlayChoice) and len(d.actions) > 1
            if (
                held <= dealt * (1 - fraction)
                and isinstance(d, PlayChoice)
                and (real or not choice)
            ):
                if not getattr(deal, "decided", False):
                    out.append((game, deal.clone()))
                break
            session.apply(agents[d.seat].choose(game, deal.observation(d.seat), rng))
    return out


def playouts_per_second(name: str, options: dict[str, Any], n: int, seconds: float) -> float:
    """Random playouts per second on this core from mid-deal states."""
    states = [fast_state_for(deal) for _, deal in positions(name, options, n, 32, 7)]
    rnd = random.Random(1).random
    done = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for st in states:
            st.clone().rollout(rnd)
        done += len(states)
    return done / (time.perf_counter() - t0)


def iterations_per_second(name: str, options: dict[str, Any], n: int, iterations: int) -> float:
    """SO-ISMCTS iterations per second on this core over a few mid-deal decisions."""
    total, spent = 0, 0.0
    for game, deal in positions(name, options, n, 6, 11, choice=True):
        obs = deal.observation(deal.decision().seat)
        t0 = time.perf_counter()
        _, done = search(game, obs, iterations=iterations, seed=1)
        spent += time.perf_counter() - t0
        total += done
    return total / spent


def decision_times(
    name: str, options: dict[str, Any], n: int, count: int, pool: SearchPool
) -> list[tuple[float, float | None, bool]]:
    """Each Hard decision (default budget, worker processes) at ``count`` positions spread
    over the deal: ``(wall seconds, seconds the deciding thread waited for a CPU while
    runnable (None where the OS does not say), whether it fell back to the Normal
    player's answer because no worker answered in time)``."""
    out = []
    per = max(1, count // 3)
    pool.start()
    # A trick game is decided after three tricks: its positions come earlier in the deal.
    fracs = (0.0, 0.3, 0.55) if descriptor(name).family == TRICKS else (0.2, 0.5, 0.8)
    for frac in fracs:
        for game, deal in positions(name, options, n, per, 13, fraction=frac, choice=True):
            agent = HardAgent(game, pool=pool)
            obs = deal.observation(deal.decision().seat)
            w0 = cpu_wait()
            t0 = time.perf_counter()
            agent.choose(game, obs, random.Random(0))
            took = time.perf_counter() - t0
            w1 = cpu_wait()
            waited = None if w0 is None or w1 is None else w1 - w0
            out.append((took, waited, agent.fell_back))
    return out


def cpu_wait() -> float | None:
    """Seconds this thread has spent runnable but waiting for a CPU (Linux's
    ``/proc/thread-self/schedstat``), or None where the OS does not say: the share of a
    late decision that is the OS scheduler's."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


def p95(xs: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, int(round(0.95 * len(s))) - 1))]


def main(argv: list[str] | None = None) -> int:
    """Command line (see ``--help``)."""
    p = argparse.ArgumentParser(
        prog="python -m gamecore.bench", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--seconds", type=float, default=2.0, help="timing per game for playouts")
    p.add_argument("--iterations", type=int, default=1000, help="per search for iterations/s")
    p.add_argument("--positions", type=int, default=30, help="Hard decisions timed per game")
    p.add_argument("--games", nargs="*", help="labels to run (default: all)")
    p.add_argument("--skip-hard", action="store_true", help="no decision timing")
    p.add_argument("--json", metavar="FILE")
    p.add_argument(
        "--busy",
        type=int,
        default=0,
        metavar="N",
        help="run N busy-loop processes during the measurement (the loaded figures)",
    )
    a = p.parse_args(argv)
    with busy_loops(a.busy):
        rows = measure(a)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 0


def measure(a: argparse.Namespace) -> list[dict[str, Any]]:
    """Measure the games ``a`` (the parsed command line) asks for, printing a row for
    each; returns the rows."""
    rows = []
    pool = None if a.skip_hard else SearchPool(2)
    try:
        if pool is not None:
            pool.start()
        if a.busy:
            print(f"with {a.busy} busy-loop processes running", flush=True)
        print(
            f"{'game':13} {'playouts/s/core':>16} {'target':>8} {'iter/s/core':>12} "
            f"{'hard median':>12} {'hard p95':>9} {'hard max':>9} {'(CPU wait)':>10} "
            f"{'fell back':>9} "
            f"{'budget':>7} {'target':>7}",
            flush=True,
        )
        for label, name, options, n in GAMES:
            if a.games and label not in a.games and name not in a.games:
                continue
            rows.append(_measure_game(a, pool, label, name, options, n))
    finally:
        if pool is not None:
            pool.shutdown()
    return rows


def _measure_game(
    a: argparse.Namespace,
    pool: SearchPool | None,
    label: str,
    name: str,
    options: dict[str, Any],
    n: int,
) -> dict[str, Any]:
    """One game's row (see :func:`measure`), printed."""
    row: dict[str, Any] = {"game": label, "players": n, "busy": a.busy}
    row["playouts_per_s"] = playouts_per_second(name, options, n, a.seconds)
    row["iterations_per_s"] = iterations_per_second(name, options, n, a.iterations)
    tricks = descriptor(name).family == TRICKS
    row["budget"] = HardAgent(make_game(name, options)).time_budget
    if pool is not None:
        decisions = decision_times(name, options, n, a.positions, pool)
        ts = [d[0] for d in decisions]
        row["hard_n"] = len(ts)
        row["hard_median"] = statistics.median(ts)
        row["hard_p95"] = p95(ts)
        row["hard_max"] = max(ts)
        row["hard_max_cpu_wait"] = max(decisions, key=lambda d: d[0])[1]
        row["hard_fallbacks"] = sum(d[2] for d in decisions)
    target = descriptor(name).bench_target
    hard_target = 1.0 if tricks else 0.5

    def secs(key: str) -> str:
        return f"{row[key]:.3f} s" if key in row else "-"

    fell = f"{row['hard_fallbacks']}/{row['hard_n']}" if pool is not None else "-"
    waited = row.get("hard_max_cpu_wait")
    wait = "-" if waited is None else f"{waited * 1000:.0f} ms"
    print(
        f"{label:13} {row['playouts_per_s']:16,.0f} "
        f"{(f'{target:,}' if target else '-'):>8} {row['iterations_per_s']:12,.0f} "
        f"{secs('hard_median'):>12} {secs('hard_p95'):>9} {secs('hard_max'):>9} {wait:>10} "
        f"{fell:>9} "
        f"{row['budget']:>6}s {hard_target:>6}s",
        flush=True,
    )
    return row


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
