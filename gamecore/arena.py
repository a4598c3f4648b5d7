"""``python -m gamecore.arena``: how much one computer player wins against a table of another.

Duplicate deals with seat rotation and common random numbers: deal ``i`` (a pack shuffled
from the seed, dealer ``i mod N``) is played once with the table's player in every seat
(the baseline) and once more for every seat ``s`` with the tested player in seat ``s`` and
the table's player elsewhere. Each seat's random source depends only on the deal and the
seat, so where the tested player plays as the table would, everything happens exactly as in
the baseline. The margin of deal ``i`` is the mean over the seats ``s`` of (counters won by
seat ``s`` with the tested player) − (counters won by seat ``s`` in the baseline). An agent
against itself therefore scores exactly 0 (the canary).

Several players may be tested on the same duplicate deals (``--agent`` repeated; the first
is "the tested player"). Besides the levels, measurement-only players (never offered at
the table): the Hard configurations below (``hard-plain`` is Hard as issue 7 left it:
worlds from the hard constraints only, random rollouts to the end, ties to the smallest
card code), ``hard-seeing`` (:class:`SeeingHardAgent`: Hard's search with the same budget
run over the true deal instead of sampled worlds) and, with ``--reference``, the
best-response reference (:class:`ReferenceAgent`: sees every card and knows the table's
policy).

The report: each tested player's mean margin in counters per deal with a 95% confidence
interval (normal approximation over deals), its first-out rate (stops games: went out first,
STOP-9) or pool-win rate (Spoil Five, SF-30) against the baseline's; the paired difference
of the first tested player and each other one; with ``hard-seeing`` among them, every other
player's **information share** (its margin ÷ hard-seeing's: how much of the value of seeing
the cards, for this search, it captures) and with ``--reference`` the tested player's share
of the reference's margin, each with a 95% interval from a paired bootstrap over deals
(:func:`bootstrap_ratio`), and each searching player's mean iterations a decision.

Hard's budget (:mod:`gamecore.arena_budget`) is one of:

* ``--iterations`` per decision (reproducible; default 200), the same for every Hard player;
* ``--time-ms`` (a time per decision, in the deal's own process, so that the cost of what
  Hard computes counts; not reproducible);
* ``--clock table``: as at the table, every Hard player (tested or at the table) thinks for
  the table's time budget (:data:`~gamecore.agents.levels.STOPS_BUDGET`,
  :data:`~gamecore.agents.levels.SPOIL_FIVE_BUDGET`, or ``--time-ms``) on a two-worker
  :class:`~gamecore.search.ismcts.SearchPool`; the deals are played one at a time in this
  process (``--workers`` is not used), so that each decision has the machine's two cores,
  and the report says so. Not reproducible. ``hard-seeing`` is not offered there;
* ``--iterations-from FILE``: equal time, reproducibly. Each Hard configuration gets the
  iterations it reaches in the table's budget (or ``--time-ms``'s) on a two-worker pool on
  the machine that wrote ``FILE`` (:mod:`gamecore.search.calibrate`: the median over
  decision positions of real deals), so that a cheaper configuration gets more iterations;
  ``hard-seeing`` gets Hard's, and a table of Hard players too. The iterations do not depend
  on timing, so the deals run in parallel processes with one search process each, as with
  ``--iterations``; inference weights as many candidate worlds as at the table
  (:class:`~gamecore.arena_budget.EqualTimeHardAgent`). (One search of the two workers'
  iterations together, where the table merges two searches of half as many each.)

The Hard configurations (:data:`~gamecore.agents.hard_configs.HARD_CONFIGS`, each a set of
:class:`~gamecore.agents.levels.HardAgent` keyword arguments): ``hard`` (inference, exact
endings, value ties: as it ships), ``hard-plain`` (none of them), ``hard-inference``
(inference and value ties, no exact endings) and ``hard-endgame`` (exact endings and value
ties, no inference). At the table's clock they search on the pool's workers, which must
honour their settings; until :meth:`SearchPool.search` takes them, a configuration other
than ``hard`` searches there as ``hard`` does and the report warns of it.

A Normal player at a table of Hard players, its seat rotated: ``--agent normal --table
hard`` (the margin: the Normal seat's counters minus Hard's in the same seat of the all-Hard
baseline).

Per-deal results go to a JSON file. Deals run in worker processes (``--workers``, default
2) and the results do not depend on their number (except at the table's clock).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass, field, replace
from typing import Any

from gamecore import arena_journal
from gamecore.actions import Action
from gamecore.agents import agent_for_level
from gamecore.agents.hard_configs import hard_kwargs
from gamecore.agents.levels import HardAgent
from gamecore.arena_budget import (
    SEEING,
    TABLE_WORKERS,
    EqualTimeHardAgent,
    budget_words,
    calibrated,
    config_of,
    hard_budget,
)
from gamecore.errors import OptionError
from gamecore.games import TRICKS, available_games, descriptor, make_game
from gamecore.interface import Rules as Game
from gamecore.match import Session, shuffled
from gamecore.search.determinize import fast_state_for
from gamecore.search.fast_spoilfive import FastSpoilFive
from gamecore.search.fast_stops import FastStops
from gamecore.search.ismcts import SearchPool, search

#: Players the arena can test: the levels, then the measurement-only ones (the Hard
#: configurations of :data:`~gamecore.agents.hard_configs.HARD_CONFIGS` among them).
PLAYERS = (
    "easy",
    "normal",
    "hard",
    "hard-seeing",
    "hard-full",
    "hard-plain",
    "hard-inference",
    "hard-endgame",
    "reference",
)
#: Players a table can be made of.
TABLES = ("easy", "normal", "hard")
#: Hard as issue 7 left it (measurement only): no inference from play, no exact endings,
#: ties to the smallest code.
PLAIN = "hard-plain"


@dataclass(frozen=True)
class ArenaConfig:
    """One arena run: ``game`` and ``options`` (record name and house rules), ``players``
    (seats), ``tested`` (see :data:`PLAYERS`) and ``table`` (see :data:`TABLES`), ``deals``,
    ``seed``, ``iterations`` (Hard's fixed budget per decision), ``reference`` (also measure
    the best-response reference's margin), ``also`` (further players tested on the same
    deals, see :data:`PLAYERS`), ``time_ms`` (when set, Hard's budget is this many
    milliseconds per decision instead of ``iterations``; with ``table_clock``, the table's
    budget instead of the default one), ``table_clock`` (every Hard player thinks as at the
    table: for its time budget on a two-worker :class:`SearchPool`, deals one at a time),
    ``iterations_for`` (Hard configuration name → iterations per decision, in place of
    ``iterations``: what each reaches in the table's budget, from a calibration file) and
    ``calibration`` (where those figures come from, for the report)."""

    game: str
    options: dict[str, Any]
    players: int
    tested: str
    table: str
    deals: int
    seed: int
    iterations: int
    reference: bool = False
    also: tuple[str, ...] = ()
    time_ms: int | None = None
    table_clock: bool = False
    iterations_for: dict[str, int] = field(default_factory=dict)
    calibration: str = ""

    def kinds(self) -> list[str]:
        """The result keys of one deal: ``tested``, then each of :attr:`also` by name, then
        ``reference`` when measured."""
        also = [a for a in dict.fromkeys(self.also) if a not in (self.tested, "reference")]
        reference = self.reference or ("reference" in self.also and self.tested != "reference")
        return ["tested"] + also + (["reference"] if reference else [])

    def player_of(self, kind: str) -> str:
        """The player (see :data:`PLAYERS`) behind result key ``kind``."""
        return self.tested if kind == "tested" else kind


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

    def choose_with_state(
        self,
        game: Game,
        session: Session,
        seat: int,
        rngs: list[random.Random],
        own_rng: random.Random,
    ) -> Action:
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


class SeeingHardAgent(HardAgent):
    """Evaluation-only: Hard's search, with the same budget, run over the true deal instead
    of worlds sampled from its observation (never offered at the table). The gap between
    its margin and Hard's is what Hard loses by not seeing the cards; Hard's margin divided
    by its margin is Hard's *information share*. Its staking and forced moves are Hard's."""

    sees_all = True

    def choose_with_state(
        self,
        game: Game,
        session: Session,
        seat: int,
        rngs: list[random.Random],
        own_rng: random.Random,
    ) -> Action:
        """Hard's choice for ``seat`` with the search over ``session``'s true deal."""
        deal = session.deal
        assert deal is not None
        self._deal = deal
        return self.choose(game, deal.observation(seat), own_rng)

    def run_search(self, game: Any, obs: Any, seed: int) -> tuple[dict[int, int], int]:
        """The search of :class:`HardAgent`, every iteration over the true deal."""
        root = fast_state_for(self._deal)
        return search(
            game,
            obs,
            iterations=self.iterations,
            seed=seed,
            time_budget=None if self.iterations is not None else self.time_budget,
            worlds=TrueWorld(root),
            endgame=self.endgame,
        )


class TrueWorld:
    """A world source (see :func:`gamecore.search.ismcts.search`) that always gives the
    same state: a copy of ``state`` (a fast search state of the true deal)."""

    def __init__(self, state: FastStops | FastSpoilFive) -> None:
        self.state = state

    def fast_state(self, rng: random.Random) -> FastStops | FastSpoilFive:
        """A fresh copy of the true state (``rng`` unused)."""
        return self.state.clone()


def make_agent(
    game: Game, player: str, cfg: ArenaConfig, table: list[Any], pool: SearchPool | None = None
) -> Any:
    """A fresh player ``player`` (see :data:`PLAYERS`) for one seat with ``cfg``'s budget
    (:func:`hard_budget`; ``pool`` is the run's two-worker pool at the table's clock);
    ``table`` (the table's players) is what the reference answers."""
    if player == "reference":
        return ReferenceAgent(table)
    config = config_of(player)
    if config is None:
        return agent_for_level(game, player)
    budget = hard_budget(cfg, config, pool)
    if player == SEEING:
        if cfg.table_clock:
            raise ValueError("hard-seeing searches in-process: not at the table's clock")
        return SeeingHardAgent(game, **budget)
    if cfg.iterations_for:
        return EqualTimeHardAgent(game, **budget, **hard_kwargs(config))
    return HardAgent(game, **budget, **hard_kwargs(config))


def play_deal(
    game: Game,
    n: int,
    deck: list[int],
    dealer: int,
    agents: list[Any],
    deal_seed: int,
    searches: list[list[int]] | None = None,
) -> tuple[list[int], int | None]:
    """Play one deal from ``deck`` with ``agents`` (one per seat); returns (counters won per
    seat, winner). Seat ``s`` uses the random source ``Random(f"{deal_seed}:{s}")``. With
    ``searches`` (one list per seat), each decision a player searched appends its
    iterations (``last_iterations``) to its seat's list."""
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
        done = getattr(agent, "last_iterations", 0)
        if searches is not None and done:
            searches[d.seat].append(done)
        session.apply(action)
    return [b - a for a, b in zip(start, deal.balances, strict=True)], deal.winner


def run_deal(cfg: ArenaConfig, i: int, pool: SearchPool | None = None) -> dict[str, Any]:
    """Deal ``i`` of the run: the baseline and one play per seat (see the module doc);
    ``pool``: the run's two-worker pool at the table's clock. Per result key: ``won``,
    ``winners``, ``margins``, ``margin``, ``first``, and ``searches`` / ``iterations`` (the
    tested player's searched decisions and their iterations, all seats together)."""
    game = make_game(cfg.game, cfg.options)
    n = cfg.players
    deal_seed = cfg.seed * 1_000_003 + i
    deck = shuffled(game.pack, random.Random(deal_seed))
    dealer = i % n
    table = [make_agent(game, cfg.table, cfg, [], pool) for _ in range(n)]
    base, base_winner = play_deal(game, n, deck, dealer, table, deal_seed)
    out: dict[str, Any] = {
        "deal": i,
        "seed": deal_seed,
        "dealer": dealer,
        "baseline": base,
        "baseline_winner": base_winner,
    }
    for kind in cfg.kinds():
        won, winners, searched = [], [], []
        for s in range(n):
            agents = list(table)
            agents[s] = make_agent(game, cfg.player_of(kind), cfg, table, pool)
            searches: list[list[int]] = [[] for _ in range(n)]
            deltas, winner = play_deal(game, n, deck, dealer, agents, deal_seed, searches)
            won.append(deltas[s])
            winners.append(winner)
            searched += searches[s]
        out[kind] = {
            "won": won,
            "winners": winners,
            "margins": [w - base[s] for s, w in enumerate(won)],
            "margin": sum(w - base[s] for s, w in enumerate(won)) / n,
            "first": sum(1 for s, w in enumerate(winners) if w == s) / n,
            "searches": len(searched),
            "iterations": sum(searched),
        }
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


def bootstrap_ratio(
    num: list[float], den: list[float], *, resamples: int = 2000, seed: int = 0
) -> tuple[float, float, float]:
    """``(ratio, low, high)``: ``sum(num) / sum(den)`` (per-deal margins of two players on
    the same deals) and its 95% interval by a paired percentile bootstrap over deals
    (``resamples`` draws of the deals with replacement, each taking both players' margins
    of a deal together; ``Random(seed)``, so reproducible). Resamples whose denominator is
    not above 0 count as −∞ (a ratio with no meaning). Raises ``ValueError`` when the lists
    differ in length or are empty, or ``sum(den)`` is not above 0."""
    n = len(num)
    if n != len(den) or not n:
        raise ValueError("two margins per deal, at least one deal")
    if sum(den) <= 0:
        raise ValueError("the denominator's margin is not above 0")
    rng = random.Random(seed)
    ratios = []
    for _ in range(resamples):
        a = b = 0.0
        for _ in range(n):
            j = int(rng.random() * n)
            a += num[j]
            b += den[j]
        ratios.append(a / b if b > 0 else -math.inf)
    ratios.sort()
    lo = ratios[int(0.025 * resamples)]
    hi = ratios[min(resamples - 1, int(0.975 * resamples))]
    return sum(num) / sum(den), lo, hi


def summarize(cfg: ArenaConfig, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The run's numbers from its per-deal results (see the module docstring): per result
    key (:meth:`ArenaConfig.kinds`) ``mean``, ``ci95``, ``first_rate`` and, for a player
    that searched, ``iterations_per_search`` (its mean iterations a decision); ``difference``
    (the first tested player minus each other non-reference one, paired: ``mean``,
    ``ci95``); ``information_share`` (each player's margin ÷ hard-seeing's, with a bootstrap
    ``ci95``); ``share_of_reference`` and ``share_of_reference_ci95``."""
    out: dict[str, Any] = {"deals": len(deals)}
    kinds = [k for k in cfg.kinds() if deals and k in deals[0]]
    margins = {k: [d[k]["margin"] for d in deals] for k in kinds}
    for kind in kinds:
        m, lo, hi = mean_ci(margins[kind])
        out[kind] = {
            "player": cfg.player_of(kind),
            "mean": m,
            "ci95": [lo, hi],
            "first_rate": sum(d[kind]["first"] for d in deals) / len(deals),
        }
        searches = sum(d[kind].get("searches", 0) for d in deals)
        if searches:
            done = sum(d[kind]["iterations"] for d in deals)
            out[kind]["iterations_per_search"] = done / searches
    out["baseline_first_rate"] = (
        sum(d["baseline_first"] for d in deals) / len(deals) if deals else 0.0
    )
    others = [k for k in kinds if k not in ("tested", "reference")]
    if others:
        out["difference"] = {}
        for k in others:
            m, lo, hi = mean_ci([a - b for a, b in zip(margins["tested"], margins[k], strict=True)])
            out["difference"][k] = {"mean": m, "ci95": [lo, hi]}
    seeing = next((k for k in kinds if cfg.player_of(k) == SEEING), None)
    if seeing is not None and sum(margins[seeing]) > 0:
        out["information_share"] = {}
        for k in kinds:
            if k not in (seeing, "reference"):
                r, lo, hi = bootstrap_ratio(margins[k], margins[seeing])
                out["information_share"][k] = {"share": r, "ci95": [lo, hi]}
    if "reference" in out and out["reference"]["mean"] > 0:
        r, lo, hi = bootstrap_ratio(margins["tested"], margins["reference"])
        out["share_of_reference"] = r
        out["share_of_reference_ci95"] = [lo, hi]
    return out


def run(
    cfg: ArenaConfig, workers: int = 2, progress: bool = True, journal: str | None = None
) -> dict[str, Any]:
    """Play the run (deals in ``workers`` processes; at the table's clock one at a time in
    this process, every Hard player on one two-worker :class:`SearchPool` as at the table)
    and return config, summary, deals. With ``journal`` (a path, :mod:`gamecore.arena_journal`)
    the deals already there are taken from it and every new one is added as it finishes.
    Raises ``ValueError`` for a journal of another run."""
    kept = arena_journal.read(journal, cfg.__dict__) if journal else {}
    if journal:
        arena_journal.start(journal, cfg.__dict__)
    jobs = [(cfg, i) for i in range(cfg.deals) if i not in kept]
    results: list[dict[str, Any]] = [kept[i] for i in range(cfg.deals) if i in kept]
    taken = len(results)
    t0 = time.monotonic()
    last = 0.0

    def report(done: int) -> None:
        nonlocal last
        now = time.monotonic() - t0
        if journal and done > len(kept):
            arena_journal.append(journal, results[-1])
        if progress and (now - last >= 2.0 or done == cfg.deals):
            last = now
            played = done - taken
            eta = now / played * (cfg.deals - done) if played else 0.0
            print(
                f"\rdeal {done}/{cfg.deals}  elapsed {now:.0f} s  left ~{eta:.0f} s",
                end="" if done < cfg.deals else "\n",
                file=sys.stderr,
                flush=True,
            )

    if cfg.table_clock:
        search_pool = SearchPool(TABLE_WORKERS)
        try:
            search_pool.start()
            for job in jobs:
                results.append(run_deal(*job, pool=search_pool))
                report(len(results))
        finally:
            search_pool.shutdown()
    elif workers <= 1:
        for job in jobs:
            results.append(run_deal(*job))
            report(len(results))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers) as pool:
            for r in pool.imap(_run_deal_star, jobs, chunksize=1):
                results.append(r)
                report(len(results))
    results.sort(key=lambda d: int(d["deal"]))
    return {"config": cfg.__dict__, "summary": summarize(cfg, results), "deals": results}


def format_summary(cfg: ArenaConfig, summary: dict[str, Any]) -> str:
    """The report for people."""
    tested = ", ".join(cfg.player_of(k) for k in cfg.kinds() if k != "reference")
    lines = [
        f"{cfg.game} {cfg.options or ''} {cfg.players} players: {tested} vs a "
        f"table of {cfg.table}, {summary['deals']} duplicate deals × {cfg.players} "
        f"seats, seed {cfg.seed}",
        f"  {budget_words(cfg)}",
    ]
    what = "pool-win" if descriptor(cfg.game).family == TRICKS else "first-out"
    for kind in cfg.kinds():
        if kind in summary:
            s = summary[kind]
            lo, hi = s["ci95"]
            done = s.get("iterations_per_search")
            lines.append(
                f"  {s['player']:11} margin {s['mean']:+.3f} counters/deal "
                f"(95% CI {lo:+.3f} … {hi:+.3f}); {what} rate {s['first_rate']:.3f}"
                + (f"; {done:,.0f} iterations a searched decision" if done else "")
            )
    lines.append(f"  {'baseline':11} {what} rate {summary['baseline_first_rate']:.3f}")
    for k, d in summary.get("difference", {}).items():
        lo, hi = d["ci95"]
        lines.append(
            f"  {cfg.tested} − {k}: {d['mean']:+.3f} counters/deal "
            f"(paired 95% CI {lo:+.3f} … {hi:+.3f})"
        )
    for k, d in summary.get("information_share", {}).items():
        lo, hi = d["ci95"]
        lines.append(
            f"  information share of {cfg.player_of(k)} (÷ {SEEING}): "
            f"{d['share']:.1%} (bootstrap 95% CI {lo:.1%} … {hi:.1%})"
        )
    if "share_of_reference" in summary:
        lo, hi = summary["share_of_reference_ci95"]
        lines.append(
            f"  share of the reference margin captured: "
            f"{summary['share_of_reference']:.1%} (bootstrap 95% CI {lo:.1%} … "
            f"{hi:.1%})"
        )
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m gamecore.arena", description=__doc__.split("\n\n")[0]
    )
    games = available_games()
    p.add_argument("--game", default=games[0], choices=games)
    p.add_argument("--profile", help="the game's profile (Pope Joan: F, M or C)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=JSON",
        help="a house rule, e.g. nm.aceHigh=true",
    )
    p.add_argument("--players", type=int)
    p.add_argument(
        "--agent",
        action="append",
        choices=PLAYERS,
        help="the tested player (default hard); repeat it to test more players on "
        "the same deals, e.g. --agent hard --agent hard-seeing",
    )
    p.add_argument("--table", default="normal", choices=TABLES)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--iterations", type=int, default=200, help="Hard's iterations per move")
    p.add_argument(
        "--time-ms",
        type=int,
        metavar="MS",
        help="Hard's time per move in milliseconds instead of --iterations (in one "
        "process; with --clock table on the pool; with --iterations-from, which "
        "budget's calibration to use)",
    )
    p.add_argument(
        "--clock",
        choices=("arena", "table"),
        default="arena",
        help="table: every Hard player thinks for the table's time budget on its own "
        "two-worker pool, deals one at a time (--workers is not used)",
    )
    p.add_argument(
        "--iterations-from",
        metavar="FILE",
        help="a calibration file (python -m gamecore.search.calibrate): each Hard "
        "configuration gets the iterations it reaches in the table's budget",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument(
        "--reference",
        action="store_true",
        help="also measure the best-response reference and the share captured",
    )
    p.add_argument("--json", metavar="FILE", help="write the per-deal results here")
    p.add_argument(
        "--journal",
        metavar="FILE",
        help="add each finished deal to this file and take the deals already in it from "
        "it: a long run stopped and started again with the same options goes on where it "
        "stopped",
    )
    p.add_argument("--quiet", action="store_true", help="no progress line")
    return p


def main(argv: list[str] | None = None) -> int:
    """Command line (see ``--help``)."""
    p = _parser()
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
    agents = a.agent or ["hard"]
    if a.time_ms is not None and a.time_ms <= 0:
        p.error("--time-ms must be above 0")
    table_clock = a.clock == "table"
    if table_clock and a.iterations_from:
        p.error("--clock table and --iterations-from: one or the other")
    if table_clock and SEEING in agents:
        p.error("hard-seeing searches in one process: not at the table's clock")
    cfg = ArenaConfig(
        a.game,
        options,
        players,
        agents[0],
        a.table,
        a.deals,
        a.seed,
        a.iterations,
        a.reference,
        tuple(agents[1:]),
        a.time_ms,
        table_clock,
    )
    try:
        make_game(cfg.game, cfg.options)  # validate before starting workers
    except OptionError as e:
        p.error(str(e))
    if a.iterations_from:
        try:
            each, where = calibrated(a.iterations_from, cfg, a.profile)
        except (LookupError, ValueError, OSError) as e:
            p.error(str(e))
        cfg = replace(cfg, time_ms=None, iterations_for=each, calibration=where)
    try:
        result = run(cfg, a.workers, progress=not a.quiet, journal=a.journal)
    except ValueError as e:
        p.error(str(e))
    print(format_summary(cfg, result["summary"]))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
