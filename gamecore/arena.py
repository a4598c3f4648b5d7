"""``python -m gamecore.arena``: how much one computer player wins against a table of another.

Duplicate deals with seat rotation and common random numbers: deal ``i`` (a pack shuffled
from the seed, dealer ``i mod N``) is played once with the table's player in every seat
(the baseline) and once more for every seat ``s`` with the tested player in seat ``s`` and
the table's player elsewhere. Each seat's random source depends only on the deal and the
seat, so where the tested player plays as the table would, everything happens exactly as in
the baseline. The margin of deal ``i`` is the mean over the seats ``s`` of (counters won by
seat ``s`` with the tested player) − (counters won by seat ``s`` in the baseline). An agent
against itself therefore scores exactly 0 (the canary).

The report: mean margin in counters per deal with a 95% confidence interval (normal
approximation over deals), the tested player's first-out rate (stops games: went out first,
STOP-9) or pool-win rate (Spoil Five, SF-30) against the baseline's, and with
``--reference`` the margin of the evaluation-only best-response reference
(:class:`ReferenceAgent`: sees every card and knows the table's policy; never an opponent
at the table) and the share of it the tested player captures. Per-deal results go to a JSON
file. Deals run in worker processes (``--workers``, default 2) and the results do not depend
on their number.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from gamecore.actions import Action
from gamecore.agents import agent_for_level
from gamecore.errors import OptionError
from gamecore.games import TRICKS, available_games, descriptor, make_game
from gamecore.interface import Rules as Game
from gamecore.match import Session, shuffled

PLAYERS = ("easy", "normal", "hard", "reference")


@dataclass(frozen=True)
class ArenaConfig:
    """One arena run: ``game`` and ``options`` (record name and house rules), ``players``
    (seats), ``tested`` and ``table`` (levels, see :data:`PLAYERS`; ``reference`` only as
    tested), ``deals``, ``seed``, ``iterations`` (Hard's fixed budget per decision),
    ``reference`` (also measure the best-response reference's margin)."""

    game: str
    options: dict[str, Any]
    players: int
    tested: str
    table: str
    deals: int
    seed: int
    iterations: int
    reference: bool = False


class ReferenceAgent:
    """Evaluation-only best response to the table (never offered as an opponent).

    It sees the true deal and knows the table's policy: for each legal action it plays the
    deal out exactly as the table's players would answer (their own random sources copied)
    with the table's policy for its own later decisions, and takes the action that wins it
    the most counters. A one-step policy improvement with perfect information: a lower bound
    on the best response, and far above any honest player.
    """

    sees_all = True

    def __init__(self, table_agents: list[Any]) -> None:
        self.table_agents = table_agents

    def choose_with_state(self, game: Game, session: Session, seat: int,
                          rngs: list[random.Random], own_rng: random.Random) -> Action:
        """The best action for ``seat`` in ``session``'s current deal (see class doc)."""
        deal = session.deal
        assert deal is not None
        d = deal.decision()
        assert d is not None
        acts = deal.legal_actions() if hasattr(d, "actions") else []
        if len(acts) <= 1:
            obs = deal.observation(seat)
            return self.table_agents[seat].choose(game, obs, own_rng)
        start = deal.balances[seat]
        best, best_v = acts[0], -math.inf
        for a in acts:
            sim = deal.clone()
            sim.apply(a)
            sim_rngs = []
            for r in rngs:
                c = random.Random()
                c.setstate(r.getstate())
                sim_rngs.append(c)
            own = random.Random()
            own.setstate(own_rng.getstate())
            while not sim.over:
                sd = sim.decision()
                assert sd is not None
                r = own if sd.seat == seat else sim_rngs[sd.seat]
                sim.apply(self.table_agents[sd.seat].choose(game, sim.observation(sd.seat), r))
            v = sim.balances[seat] - start
            if v > best_v:
                best, best_v = a, v
        return best


def _agent(game: Game, level: str, iterations: int) -> Any:
    return agent_for_level(game, level, iterations=iterations, workers=1)


def play_deal(game: Game, n: int, deck: list[int], dealer: int, agents: list[Any],
              deal_seed: int) -> tuple[list[int], int | None]:
    """Play one deal from ``deck`` with ``agents`` (one per seat); returns (counters won per
    seat, winner). Seat ``s`` uses the random source ``Random(f"{deal_seed}:{s}")``."""
    session = Session(game, [f"p{i}" for i in range(n)], dealer)
    session.start_deal_from_deck(list(deck))
    rngs = [random.Random(f"{deal_seed}:{s}") for s in range(n)]
    deal = session.deal
    assert deal is not None
    start = list(deal.opening_balances)
    while session.deal_in_progress:
        d = session.decision()
        assert d is not None
        agent = agents[d.seat]
        if getattr(agent, "sees_all", False):
            action = agent.choose_with_state(game, session, d.seat, rngs, rngs[d.seat])
        else:
            action = agent.choose(game, deal.observation(d.seat), rngs[d.seat])
        session.apply(action)
    return [b - a for a, b in zip(start, deal.balances, strict=True)], deal.winner


def run_deal(cfg: ArenaConfig, i: int) -> dict[str, Any]:
    """Deal ``i`` of the run: the baseline and one play per seat (see the module doc)."""
    game = make_game(cfg.game, cfg.options)
    n = cfg.players
    deal_seed = cfg.seed * 1_000_003 + i
    deck = shuffled(game.pack, random.Random(deal_seed))
    dealer = i % n
    table = [_agent(game, cfg.table, cfg.iterations) for _ in range(n)]
    base, base_winner = play_deal(game, n, deck, dealer, table, deal_seed)
    out: dict[str, Any] = {"deal": i, "seed": deal_seed, "dealer": dealer,
                           "baseline": base, "baseline_winner": base_winner}
    kinds = ["tested"] + (["reference"] if cfg.reference else [])
    for kind in kinds:
        won, winners = [], []
        for s in range(n):
            agents = list(table)
            if kind == "reference" or cfg.tested == "reference":
                agents[s] = ReferenceAgent(table)
            else:
                agents[s] = _agent(game, cfg.tested, cfg.iterations)
            deltas, winner = play_deal(game, n, deck, dealer, agents, deal_seed)
            won.append(deltas[s])
            winners.append(winner)
        out[kind] = {"won": won, "winners": winners,
                     "margins": [w - base[s] for s, w in enumerate(won)],
                     "margin": sum(w - base[s] for s, w in enumerate(won)) / n,
                     "first": sum(1 for s, w in enumerate(winners) if w == s) / n}
    out["baseline_first"] = sum(1 for s in range(n) if base_winner == s) / n
    return out


def _run_deal_star(args: tuple[ArenaConfig, int]) -> dict[str, Any]:
    return run_deal(*args)


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its 95% confidence interval (normal
    approximation, sample standard deviation)."""
    n = len(xs)
    if not n:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def summarize(cfg: ArenaConfig, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The run's numbers from its per-deal results (see the module docstring)."""
    out: dict[str, Any] = {"deals": len(deals)}
    for kind in ("tested", "reference"):
        if deals and kind in deals[0]:
            m, lo, hi = mean_ci([d[kind]["margin"] for d in deals])
            out[kind] = {"mean": m, "ci95": [lo, hi],
                         "first_rate": sum(d[kind]["first"] for d in deals) / len(deals)}
    out["baseline_first_rate"] = (sum(d["baseline_first"] for d in deals) / len(deals)
                                  if deals else 0.0)
    if "reference" in out and out["reference"]["mean"] > 0:
        out["share_of_reference"] = out["tested"]["mean"] / out["reference"]["mean"]
    return out


def run(cfg: ArenaConfig, workers: int = 2, progress: bool = True) -> dict[str, Any]:
    """Play the run (deals in ``workers`` processes) and return config, summary, deals."""
    jobs = [(cfg, i) for i in range(cfg.deals)]
    results: list[dict[str, Any]] = []
    t0 = time.monotonic()
    last = 0.0

    def report(done: int) -> None:
        nonlocal last
        now = time.monotonic() - t0
        if progress and (now - last >= 2.0 or done == cfg.deals):
            last = now
            eta = now / done * (cfg.deals - done) if done else 0.0
            print(f"\rdeal {done}/{cfg.deals}  elapsed {now:.0f} s  left ~{eta:.0f} s",
                  end="" if done < cfg.deals else "\n", file=sys.stderr, flush=True)

    if workers <= 1:
        for job in jobs:
            results.append(run_deal(*job))
            report(len(results))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers) as pool:
            for r in pool.imap(_run_deal_star, jobs, chunksize=1):
                results.append(r)
                report(len(results))
    return {"config": cfg.__dict__, "summary": summarize(cfg, results), "deals": results}


def format_summary(cfg: ArenaConfig, summary: dict[str, Any]) -> str:
    """The report for people."""
    lines = [f"{cfg.game} {cfg.options or ''} {cfg.players} players: {cfg.tested} vs a "
             f"table of {cfg.table}, {summary['deals']} duplicate deals × {cfg.players} "
             f"seats, Hard {cfg.iterations} iterations, seed {cfg.seed}"]
    what = "pool-win" if descriptor(cfg.game).family == TRICKS else "first-out"
    for kind in ("tested", "reference"):
        if kind in summary:
            s = summary[kind]
            lo, hi = s["ci95"]
            lines.append(f"  {kind:9} margin {s['mean']:+.3f} counters/deal "
                         f"(95% CI {lo:+.3f} … {hi:+.3f}); {what} rate {s['first_rate']:.3f}")
    lines.append(f"  baseline  {what} rate {summary['baseline_first_rate']:.3f}")
    if "share_of_reference" in summary:
        lines.append(f"  share of the reference margin captured: "
                     f"{summary['share_of_reference']:.1%}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line (see ``--help``)."""
    p = argparse.ArgumentParser(prog="python -m gamecore.arena", description=__doc__.split(
        "\n\n")[0])
    games = available_games()
    p.add_argument("--game", default=games[0], choices=games)
    p.add_argument("--profile", help="the game's profile (Pope Joan: F, M or C)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                   help="a house rule, e.g. nm.aceHigh=true")
    p.add_argument("--players", type=int)
    p.add_argument("--agent", default="hard", choices=PLAYERS, help="the tested player")
    p.add_argument("--table", default="normal", choices=PLAYERS[:3])
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--iterations", type=int, default=200, help="Hard's iterations per move")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--reference", action="store_true",
                   help="also measure the best-response reference and the share captured")
    p.add_argument("--json", metavar="FILE", help="write the per-deal results here")
    p.add_argument("--quiet", action="store_true", help="no progress line")
    a = p.parse_args(argv)
    desc = descriptor(a.game)
    options: dict[str, Any] = {}
    if a.profile:
        if desc.profile_key is None:
            p.error(f"{a.game} has no profiles")
        options[desc.profile_key] = a.profile
    for item in a.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    players = a.players or desc.default_players
    cfg = ArenaConfig(a.game, options, players, a.agent, a.table, a.deals, a.seed,
                      a.iterations, a.reference)
    try:
        make_game(cfg.game, cfg.options)  # validate before starting workers
    except OptionError as e:
        p.error(str(e))
    result = run(cfg, a.workers, progress=not a.quiet)
    print(format_summary(cfg, result["summary"]))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
