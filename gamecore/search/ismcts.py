"""Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse
2012, "SO-ISMCTS"), and its root-parallel, cancellable run in worker processes.

One iteration: sample one world consistent with the searching seat's observation
(:mod:`gamecore.search.determinize`), descend the one tree (every seat's moves, keyed by
seat and action code) choosing by UCB with availability counts among the actions legal in
that world, expand one untried action, finish the deal with a random rollout on the fast
path, and back up per-player rewards: the counters each seat wins or loses from here to the
end of the deal, divided by :func:`reward_scale`. The answer is the most visited action at
the root.

:func:`search` runs in the calling process for a fixed number of iterations (reproducible:
the arena and the tests) or a time budget. :class:`SearchPool` runs one search per worker
process (two by default: one per core) with different seeds and merges the root visit
counts; its :meth:`SearchPool.cancel` stops a search at once (new game, undo, quit).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import random
import sys
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from contextlib import suppress
from dataclasses import replace
from math import log, sqrt
from typing import Any

from gamecore.interface import Observation
from gamecore.interface import Rules as Game
from gamecore.search.determinize import worlds_for
from gamecore.search.endgame import EndgameSolver
from gamecore.search.inference import CANDIDATES, weighted_worlds
from gamecore.search.launch import spawn_context
from gamecore.search.settings import SearchSettings
from gamecore.spoilfive.deal import SpoilFiveObservation

#: UCB exploration constant for rewards scaled to about [−1, 1].
EXPLORATION = 0.7
#: The most of a timed search's budget spent weighting worlds (inference from play).
INFERENCE_SHARE = 0.3
_CHECK_EVERY = 16


class SearchCancelled(Exception):
    """The search was cancelled (:meth:`SearchPool.cancel`) before it finished."""


class Node:
    """A tree node: the move of seat ``mover`` that leads here, its visit count, the sum of
    ``mover``'s rewards through it, and how often it was available when its parent was
    visited (ISMCTS availability count)."""

    __slots__ = ("mover", "visits", "total", "avail", "children")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.children: dict[int, Node] = {}


def reward_scale(game: Game, obs: Observation) -> float:
    """The counters that make a reward of about 1: the pools plus the cards still held
    (stops games: per-card payments, STOP-10), or the pool plus the jink bonuses (SF-31)."""
    n = len(obs.hand_counts)
    if isinstance(obs, SpoilFiveObservation):
        bonus = int(getattr(game, "jink_bonus", 1))
        return float(max(1, sum(obs.pools) + bonus * (n - 1)))
    return float(max(1, sum(obs.pools) + sum(obs.hand_counts)))


def search(
    game: Game,
    obs: Observation,
    *,
    iterations: int | None = None,
    time_budget: float | None = None,
    seed: int = 0,
    exploration: float = EXPLORATION,
    cancel: Any = None,
    worlds: Any = None,
    inference: bool | None = None,
    endgame: bool | None = None,
    settings: SearchSettings | None = None,
) -> tuple[dict[int, int], int]:
    """Run SO-ISMCTS for ``obs.seat`` and return ``(visits, iterations_done)``.

    Args: ``game`` (rules), ``obs`` (the seat's observation, in play, its decision pending),
    ``iterations`` (stop after this many) and/or ``time_budget`` (seconds), ``seed`` (the
    random source: same seed and iterations → same result), ``exploration`` (UCB constant),
    ``cancel`` (an object with ``is_set()``, polled every few iterations; when set the search
    stops and raises :class:`SearchCancelled`), ``worlds`` (the world source, an object
    whose ``fast_state(rng)`` returns a fresh search state; default
    :func:`~gamecore.search.determinize.worlds_for` of ``obs``; the arena's all-seeing
    measurement passes the true deal), ``inference`` (weight the sampled worlds by the
    other seats' decisions, :mod:`gamecore.search.inference`; ignored with ``worlds``),
    ``endgame`` (search small endings exactly instead of a rollout,
    :mod:`gamecore.search.endgame`): each, when given, overrides ``settings`` (a
    :class:`~gamecore.search.settings.SearchSettings`; default the game's declaration,
    ``game.search_settings``), which also gives the candidate worlds and the endings'
    limits. ``visits`` (a :class:`RootVisits`) maps the seat's root action codes (see
    :mod:`gamecore.search`) to visit counts.
    """
    if iterations is None and time_budget is None:
        raise ValueError("give iterations or a time budget")
    settings = resolve_settings(game, settings, inference=inference, endgame=endgame)
    rng = random.Random(seed)
    rnd = rng.random
    if worlds is None:
        worlds = worlds_for(game, obs)
        if settings.inference:
            worlds = weighted_worlds(
                game,
                obs,
                worlds,
                candidates=_candidates(iterations, settings.candidates),
                time_limit=None if time_budget is None else INFERENCE_SHARE * time_budget,
            )
    me = obs.seat
    inv = 1.0 / reward_scale(game, obs)
    root = Node(-1)
    guided = _guided_rollout if isinstance(obs, SpoilFiveObservation) else None
    solver = EndgameSolver.for_settings(settings) if settings.endgame else None
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    limit = iterations if iterations is not None else 1 << 62
    done = 0
    while done < limit:
        if done % _CHECK_EVERY == 0 and cancel is not None and cancel.is_set():
            raise SearchCancelled
        # every iteration: an exact ending can take a few milliseconds
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
        st = worlds.fast_state(rng)
        node = root
        path = []
        while not st.over:
            acts = st.acts
            base = st.who << 8
            ch = node.children
            untried = None
            for a in acts:
                child = ch.get(base | a)
                if child is None:
                    if untried is None:
                        untried = [a]
                    else:
                        untried.append(a)
                else:
                    child.avail += 1
            if untried is not None:
                a = untried[int(rnd() * len(untried))] if len(untried) > 1 else untried[0]
                child = Node(st.who)
                ch[base | a] = child
                st.apply(a)
                path.append(child)
                break
            best_a, best_v, best = -1, -1e300, None
            for a in acts:
                child = ch[base | a]
                v = child.total / child.visits + exploration * sqrt(log(child.avail) / child.visits)
                if v > best_v:
                    best_a, best_v, best = a, v, child
            assert best is not None
            st.apply(best_a)
            node = best
            path.append(best)
        if st.over:
            deltas = st.deltas
        else:
            exact = solver.value(st) if solver is not None else None
            if exact is not None:
                deltas = [d + e for d, e in zip(st.deltas, exact, strict=True)]
            else:
                deltas = guided(st, rnd) if guided else st.rollout(rnd)
        for nd in path:
            nd.visits += 1
            nd.total += deltas[nd.mover] * inv
        done += 1
    visits = RootVisits()
    for key, child in root.children.items():
        if key >> 8 == me:
            visits[key & 255] = child.visits
            visits.totals[key & 255] = child.total
    return visits, done


class RootVisits(dict[int, int]):
    """The root's visit counts (action code → visits), with ``totals`` (action code → sum
    of the searching seat's scaled rewards through it) for tie-breaks by value. Merging
    the results of several searches adds both (:func:`merge_visits`)."""

    def __init__(self) -> None:
        super().__init__()
        self.totals: dict[int, float] = {}

    def mean(self, code: int) -> float:
        """The mean scaled reward of ``code`` (0.0 if never visited)."""
        v = self.get(code, 0)
        return self.totals.get(code, 0.0) / v if v else 0.0


def merge_visits(results: list[Mapping[int, int]]) -> RootVisits:
    """The root statistics of several searches of one position added up."""
    merged = RootVisits()
    for r in results:
        totals = getattr(r, "totals", {})
        for a, v in r.items():
            merged[a] = merged.get(a, 0) + v
            merged.totals[a] = merged.totals.get(a, 0.0) + totals.get(a, 0.0)
    return merged


def resolve_settings(
    game: Game, settings: SearchSettings | None = None, **given: Any
) -> SearchSettings:
    """``settings`` (default the game's declaration, ``game.search_settings``) with each
    of ``given``'s fields that is not ``None`` (``inference=False`` …) in its place."""
    base = game.search_settings if settings is None else settings
    changes = {k: v for k, v in given.items() if v is not None}
    return replace(base, **changes) if changes else base


def _candidates(iterations: int | None, declared: int | None = None) -> int:
    """Worlds weighted per decision: ``declared`` when the settings give a number, else as
    many as the iterations (a fixed budget, at least 64, at most 1,000), else
    :data:`~gamecore.search.inference.CANDIDATES`."""
    if declared is not None:
        return declared
    if iterations is None:
        return CANDIDATES
    return max(64, min(iterations, 1000))


def _guided_rollout(st: Any, rnd: Any) -> list[int]:
    return st.guided_rollout(rnd)


def best_code(visits: Mapping[int, int], prefer: Callable[[], int | None] | None = None) -> int:
    """The most visited action code. Ties: the higher mean value when ``visits`` has
    ``totals`` (a :class:`RootVisits`), then the code ``prefer()`` gives (e.g. the
    rule-based player's choice; asked only on a tie) if it is among the tied codes, then
    the smallest code. ``visits`` must not be empty."""
    top = max(visits.values())
    tied = sorted(a for a, v in visits.items() if v == top)
    if len(tied) > 1 and isinstance(visits, RootVisits):
        best = max(visits.mean(a) for a in tied)
        tied = [a for a in tied if visits.mean(a) >= best - 1e-9]
    if len(tied) > 1 and prefer is not None:
        want = prefer()
        if want in tied:
            return want
    return tied[0]


# ---- worker processes --------------------------------------------------------------------

_worker_cancel: Any = None
_worker_games: dict[tuple[str, str], Game] = {}

#: How much lower a search worker's scheduling priority is than the app's (POSIX nice
#: increment; on Windows: the "below normal" class), so the GUI keeps its time under load.
WORKER_NICENESS = 10
#: Seconds between a worker's checks that its parent (the app) is still alive.
PARENT_POLL = 0.25


def _init_worker(cancel: Any, parent_pid: int | None = None) -> None:
    global _worker_cancel
    _worker_cancel = cancel
    _lower_priority()
    _watch_parent(parent_pid if parent_pid is not None else os.getppid())


def _lower_priority() -> None:
    """Give this worker process a lower scheduling priority than the app."""
    if hasattr(os, "nice"):
        with suppress(OSError):
            os.nice(WORKER_NICENESS)
    elif sys.platform == "win32":  # pragma: no cover (Windows only)
        import ctypes

        below_normal = 0x4000  # BELOW_NORMAL_PRIORITY_CLASS
        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), below_normal)


def _watch_parent(parent_pid: int) -> None:
    """Exit this worker at once when its parent dies, however it dies (SIGKILL included):
    a daemon thread waits on the parent's sentinel (the end of a pipe from the parent that
    closes with it on POSIX, the parent's process handle on Windows) and, as a second
    check, notices on POSIX that the parent pid is no longer this process's parent."""
    parent = multiprocessing.parent_process()
    sentinel = parent.sentinel if parent is not None else None

    def watch() -> None:
        while True:
            if sentinel is not None:
                if multiprocessing.connection.wait([sentinel], timeout=PARENT_POLL):
                    os._exit(0)
            else:
                time.sleep(PARENT_POLL)
            if os.name == "posix" and os.getppid() != parent_pid:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _worker_game(name: str, options: dict[str, Any]) -> Game:
    from gamecore.games import make_game

    key = (name, repr(sorted(options.items())))
    game = _worker_games.get(key)
    if game is None:
        game = _worker_games[key] = make_game(name, options)
    return game


def _worker_search(
    name: str,
    options: dict[str, Any],
    obs: Observation,
    iterations: int | None,
    time_budget: float | None,
    wall_deadline: float | None,
    seed: int,
    settings: SearchSettings | None = None,
) -> tuple[dict[int, int], int] | None:
    if wall_deadline is not None:
        left = wall_deadline - time.time()
        time_budget = max(0.005, min(time_budget or left, left))
    try:
        return search(
            _worker_game(name, options),
            obs,
            iterations=iterations,
            time_budget=time_budget,
            seed=seed,
            cancel=_worker_cancel,
            settings=settings,
        )
    except SearchCancelled:
        return None


def _noop() -> int:
    return 0


class SearchPool:
    """Worker processes for root-parallel search (one search per worker, visits merged).

    Args: ``workers`` (processes; default 2, one per core). The processes start on first
    use or on :meth:`start` (do it when a game begins: starting takes a moment), use the
    ``spawn`` method (safe beside Qt's threads and in frozen builds, with
    ``multiprocessing.freeze_support()`` in the entry point) and live until
    :meth:`shutdown`, or until the app dies however it dies (each worker watches its parent
    from its first instruction, :mod:`gamecore.search.launch`, and exits within a fraction
    of a second; the resource tracker follows once they are gone). Workers run at a lower
    scheduling priority (:data:`WORKER_NICENESS`), so the GUI keeps its time.
    :meth:`cancel` may be called from any thread.
    """

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._ctx = spawn_context()
        self._cancel = self._ctx.Event()
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start the worker processes now (and wait until they are ready)."""
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=self._ctx,
                initializer=_init_worker,
                initargs=(self._cancel, os.getpid()),
            )
            for f in [self._executor.submit(_noop) for _ in range(self.workers)]:
                f.result()

    def search(
        self,
        game: Game,
        obs: Observation,
        *,
        time_budget: float | None = None,
        iterations: int | None = None,
        seed: int = 0,
        settings: SearchSettings | None = None,
    ) -> tuple[dict[int, int], int]:
        """Search ``obs`` in every worker (seeds ``seed``, ``seed + 1`` …) for
        ``time_budget`` seconds (measured from this call) or ``iterations`` each, with
        ``settings`` (default the game's declaration); returns the merged root visits and
        the total iterations. Raises :class:`SearchCancelled` if :meth:`cancel` was called
        meanwhile."""
        with self._lock:
            self._cancel.clear()
            self.start()
            assert self._executor is not None
            wall = None if time_budget is None else time.time() + time_budget
            futures = [
                self._executor.submit(
                    _worker_search,
                    game.name,
                    dict(game.options),
                    obs,
                    iterations,
                    time_budget,
                    wall,
                    seed + i,
                    settings,
                )
                for i in range(self.workers)
            ]
            results = [f.result() for f in futures]
            if self._cancel.is_set() or any(r is None for r in results):
                raise SearchCancelled
            done = [r for r in results if r is not None]
            return merge_visits([r[0] for r in done]), sum(r[1] for r in done)

    def cancel(self) -> None:
        """Stop the search in progress (if any) as soon as possible; it raises
        :class:`SearchCancelled` in the thread that started it."""
        self._cancel.set()

    def shutdown(self) -> None:
        """Cancel any search and stop the worker processes."""
        self.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


_default_pool: SearchPool | None = None
_default_lock = threading.Lock()


def default_pool() -> SearchPool:
    """The process-wide :class:`SearchPool` (two workers), created on first use."""
    global _default_pool
    with _default_lock:
        if _default_pool is None:
            _default_pool = SearchPool()
        return _default_pool


def search_in_processes(
    game: Game,
    obs: Observation,
    *,
    time_budget: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
    pool: SearchPool | None = None,
    settings: SearchSettings | None = None,
) -> tuple[dict[int, int], int]:
    """:meth:`SearchPool.search` on ``pool`` (default: :func:`default_pool`)."""
    return (pool or default_pool()).search(
        game, obs, time_budget=time_budget, iterations=iterations, seed=seed, settings=settings
    )


def cancel_search() -> None:
    """Cancel the search running on the default pool, if any (new game, undo, quit)."""
    if _default_pool is not None:
        _default_pool.cancel()


def shutdown_search() -> None:
    """Stop the default pool's worker processes (at quit)."""
    global _default_pool
    with _default_lock:
        if _default_pool is not None:
            _default_pool.shutdown()
            _default_pool = None
