"""Hard's budget in the arena (:mod:`gamecore.arena`, issue 29): how each Hard player of a
run is given its time or its iterations, and how the report says so.

Three ways besides the fixed ``--iterations`` and the in-process ``--time-ms``:

* **the table's clock** (``--clock table``): every Hard player (tested or at the table)
  thinks as at the table, for its time budget on a two-worker
  :class:`~gamecore.search.ismcts.SearchPool` (one pool for the run, as the table has one);
  the run then plays its deals one at a time, so that each decision has the machine's two
  cores, as at the table;
* **equal time, reproducibly** (``--iterations-from FILE``): each Hard configuration gets,
  in-process, the iterations it reaches in the table's budget on this machine (a calibration
  file of :mod:`gamecore.search.calibrate`): a cheaper configuration gets more. Since the
  iterations no longer depend on timing, deals may run in parallel processes. Such a Hard
  player (:class:`EqualTimeHardAgent`) weights as many candidate worlds as at the table;
* a configuration is a set of :class:`~gamecore.agents.levels.HardAgent` keyword arguments
  (:data:`~gamecore.agents.hard_configs.HARD_CONFIGS`); at the table's clock the pool's
  workers search with them (the agent's settings go with each search).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamecore.agents.hard_configs import HARD_CONFIGS
from gamecore.agents.levels import HardAgent
from gamecore.games import make_game
from gamecore.search import calibrate as calibration
from gamecore.search.determinize import worlds_for
from gamecore.search.inference import CANDIDATES, weighted_worlds
from gamecore.search.ismcts import SearchPool, search

if TYPE_CHECKING:
    from gamecore.arena import ArenaConfig

#: The measurement-only player that searches the true deal
#: (:class:`gamecore.arena.SeeingHardAgent`).
SEEING = "hard-seeing"
#: Worker processes of Hard's pool at the table.
TABLE_WORKERS = 2


def hard_budget(cfg: ArenaConfig, config: str, pool: SearchPool | None = None) -> dict[str, Any]:
    """The budget keyword arguments of :class:`HardAgent` for Hard configuration ``config``
    (a key of :data:`HARD_CONFIGS`) in run ``cfg``: at the table's clock, its time budget on
    ``pool`` (two workers); else in-process (``workers=1``) for the calibrated iterations of
    ``config``, the fixed ``iterations`` or ``time_ms``."""
    if cfg.table_clock:
        if pool is None:
            raise ValueError("the table's clock needs the run's SearchPool")
        ms = cfg.time_ms
        return {"iterations": None, "time_budget": ms and ms / 1000, "workers": 2, "pool": pool}
    if cfg.iterations_for:
        return {"iterations": cfg.iterations_for[config], "workers": 1}
    if cfg.time_ms is not None:
        return {"iterations": None, "time_budget": cfg.time_ms / 1000, "workers": 1}
    return {"iterations": cfg.iterations, "workers": 1}


class EqualTimeHardAgent(HardAgent):
    """Hard for a calibrated number of iterations (``--iterations-from``), in-process, with
    the table's inference: :data:`~gamecore.search.inference.CANDIDATES` candidate worlds
    weighted, as a timed search at the table weights (a fixed-iteration search weights as
    many as its iterations, up to 1,000: more, and better placed, than the table's, for
    the thousands of iterations a calibration gives). Same arguments as
    :class:`HardAgent`."""

    def run_search(self, game: Any, obs: Any, seed: int) -> tuple[dict[int, int], int]:
        """The search of :class:`HardAgent` over the table's number of weighted worlds."""
        worlds = None
        if self.inference:
            worlds = weighted_worlds(game, obs, worlds_for(game, obs), candidates=CANDIDATES)
        return search(
            game,
            obs,
            iterations=self.iterations,
            seed=seed,
            worlds=worlds,
            inference=self.inference,
            endgame=self.endgame,
        )


def config_of(player: str) -> str | None:
    """The Hard configuration (key of :data:`HARD_CONFIGS`) behind ``player``: its own name,
    Hard's for ``hard-seeing`` (the same search with the same budget), ``None`` for a player
    that does not search."""
    if player == SEEING:
        return "hard"
    return player if player in HARD_CONFIGS else None


def table_budget(cfg: ArenaConfig) -> float:
    """Seconds per Hard decision at the table's clock: ``time_ms``, else the game's table
    budget (:data:`~gamecore.agents.levels.STOPS_BUDGET` or ``SPOIL_FIVE_BUDGET``)."""
    if cfg.time_ms is not None:
        return cfg.time_ms / 1000
    return HardAgent(make_game(cfg.game, cfg.options)).time_budget


def budget_words(cfg: ArenaConfig) -> str:
    """How Hard's budget was given, in words (a line of the report)."""
    if cfg.table_clock:
        return (
            f"Hard at the table's clock: {table_budget(cfg)} s per decision on its own "
            f"two-worker pool; deals played one at a time"
        )
    if cfg.iterations_for:
        each = ", ".join(f"{k} {v:,}" for k, v in cfg.iterations_for.items())
        return (
            f"Hard at equal time: per decision the iterations each configuration reaches "
            f"in the table's budget ({cfg.calibration}): {each}"
        )
    if cfg.time_ms is not None:
        return f"Hard {cfg.time_ms} ms per decision in one process"
    return f"Hard {cfg.iterations} iterations per decision"


def calibrated(path: str, cfg: ArenaConfig, profile: str | None) -> tuple[dict[str, int], str]:
    """For run ``cfg`` (game ``profile``): Hard configuration name → iterations per
    decision from the calibration file at ``path``, at ``cfg``'s budget (``time_ms`` or the
    table's), for every searching player of the run, and the source in words. Raises
    ``LookupError`` if the file lacks the game, budget or a configuration, ``ValueError``
    if it is not a calibration file."""
    data = calibration.read_calibration(path)
    budget = table_budget(cfg)
    entry = calibration.find_entry(data, cfg.game, profile, cfg.players, budget)
    players = [cfg.player_of(k) for k in cfg.kinds()] + [cfg.table]
    names = list(dict.fromkeys(c for c in map(config_of, players) if c is not None))
    where = (
        f"{path}: {budget} s on two workers, measured {entry['date']} on "
        f"{entry['machine']['host']}, median of {entry['positions']} positions"
    )
    return calibration.iterations_for(entry, names), where
