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
counts; its :meth:`SearchPool.cancel` stops a search at once (new game, undo, quit), and a
timed search answers within its budget plus :data:`DEADLINE_GRACE` whatever the load, with
the results of the workers that were on time.
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
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from dataclasses import replace
from math import log, sqrt
from multiprocessing.connection import Connection
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

#: The pool's search generation (a shared ``RawValue``), set in each worker by its
#: initializer: a task whose generation is no longer this one belongs to a search that is
#: over (cancelled, or given up by a parent that could not wait longer).
_worker_generation: Any = None
_worker_games: dict[tuple[str, str], Game] = {}

#: How much lower a search worker's scheduling priority is than the app's (POSIX nice
#: increment; on Windows: the "below normal" class), so the GUI keeps its time under load.
WORKER_NICENESS = 10
#: Seconds between a worker's checks that its parent (the app) is still alive.
PARENT_POLL = 0.25
#: Seconds a timed search waits past its budget for the workers' results before it answers
#: with those that have arrived (issue 29: a decision at most 100 ms late whatever the
#: load; the rest of the 100 ms is left for merging and choosing).
DEADLINE_GRACE = 0.08
#: Seconds :meth:`SearchPool.shutdown` gives a worker to end before it is killed.
SHUTDOWN_WAIT = 2.0


def _init_worker(generation: Any, parent_pid: int | None = None) -> None:
    global _worker_generation
    _worker_generation = generation
    _lower_priority()
    _watch_parent(parent_pid if parent_pid is not None else os.getppid())
    # Every game's modules now (the registry imports them when first read), not inside the
    # first timed search, which they would make late.
    from gamecore.registry import descriptors

    descriptors()


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


class _Stale:
    """The cancel flag of one task in a worker: set once the pool's generation has moved
    on from ``generation`` (the task's search was cancelled or given up)."""

    __slots__ = ("generation",)

    def __init__(self, generation: int) -> None:
        self.generation = generation

    def is_set(self) -> bool:
        return _worker_generation is not None and _worker_generation.value != self.generation


def _worker_search(
    name: str,
    options: dict[str, Any],
    obs: Observation,
    iterations: int | None,
    time_budget: float | None,
    wall_deadline: float | None,
    settings: SearchSettings | None,
    seed: int,
    generation: int = 0,
) -> tuple[dict[int, int], int] | None:
    stale = _Stale(generation)
    if stale.is_set():
        return None  # queued behind a late search: nobody waits for it any more
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
            cancel=stale,
            settings=settings,
        )
    except SearchCancelled:
        return None


def _serve(conn: Connection, generation: Any, parent_pid: int) -> None:
    """A search worker's life: set up (:func:`_init_worker`), say it is ready (``None``),
    then answer each task read from ``conn`` (a job's name in :data:`_JOBS` and its
    arguments) with ``("ok", result)`` or ``("error", exception)``, until ``None`` or the pool's end
    of the pipe closes."""
    _init_worker(generation, parent_pid)
    conn.send(None)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            job, *args = task
            answer: tuple[str, Any] = ("ok", _JOBS[job](*args))
        except Exception as e:  # reported to the search that asked
            answer = ("error", e)
        conn.send(answer)


def _worker_weigh(
    name: str,
    options: dict[str, Any],
    obs: Observation,
    time_budget: float,
    wall_deadline: float,
    seed: int,
    generation: int = 0,
) -> tuple[list[float], int] | None:
    """A worker's part of a choice before the first lead (MI-7, MI-8): each option's
    counters summed over the worlds it plays out until ``wall_deadline`` (at most
    ``time_budget`` seconds), and how many worlds
    (:func:`gamecore.agents.prelead.weigh_options`); ``None`` for a stale task."""
    from gamecore.agents.prelead import weigh_options

    if _Stale(generation).is_set():
        return None
    budget = max(0.005, min(time_budget, wall_deadline - time.time()))
    game = _worker_game(name, options)
    return weigh_options(game, obs, random.Random(seed), None, budget)  # type: ignore[arg-type]


#: The jobs a worker does, by the name a task starts with.
_JOBS: dict[str, Callable[..., Any]] = {"search": _worker_search, "weigh": _worker_weigh}


#: A worker's task while it starts (its first message says it is ready).
_STARTING = (-1, -1)


class _Worker:
    """One worker process of a :class:`SearchPool`, its end of their pipe, and ``task``:
    ``(generation, seed offset)`` of the task it was given and has not answered yet, or
    ``None`` when it is free."""

    __slots__ = ("process", "conn", "task")

    def __init__(self, process: Any, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.task: tuple[int, int] | None = _STARTING


class SearchPool:
    """Worker processes for root-parallel search (one search per worker, visits merged).

    Args: ``workers`` (processes; default 2, one per core), ``grace`` (seconds a timed
    search waits past its budget for late workers, default :data:`DEADLINE_GRACE`). The
    processes start on first use or on :meth:`start` (do it when a game begins: starting
    takes a moment), use the ``spawn`` method
    (safe beside Qt's threads and in frozen builds, with
    ``multiprocessing.freeze_support()`` in the entry point) and live until
    :meth:`shutdown`, or until the app dies however it dies (each worker watches its parent
    from its first instruction, :mod:`gamecore.search.launch`, and exits within a fraction
    of a second; the resource tracker follows once they are gone). Workers run at a lower
    scheduling priority (:data:`WORKER_NICENESS`), so the GUI keeps its time.
    :meth:`cancel` may be called from any thread.

    Each worker has its own pipe and at most one task at a time: a worker that is late (the
    OS did not run it in time, or stopped it) delays no other worker, and a timed search
    gives its tasks only to the workers that are free (a late worker that comes free while
    the search waits gets its task then). (A ``ProcessPoolExecutor``'s workers share one
    task queue whose lock an idle worker holds while it waits: one stopped worker starves
    them all.) Each search has a generation number, kept in shared memory that the workers
    read: a task carries the generation it was given with and stops (or is dropped
    unstarted) once the number has moved on. :meth:`cancel` moves it on, and so does a
    timed search that stops waiting for a late worker, so that the late worker drops its
    stale search as soon as it runs again and the next search is not cancelled by accident.
    The number is a lock-free ``RawValue`` (only the pool writes it, under a thread lock):
    a worker stopped while reading it holds no lock that anyone would wait on.
    """

    def __init__(self, workers: int = 2, grace: float = DEADLINE_GRACE) -> None:
        self.workers = workers
        self.grace = grace
        self._ctx = spawn_context()
        self._generation = self._ctx.RawValue("q", 0)
        self._workers: list[_Worker] = []
        #: Held by the search (or start) that talks to the workers.
        self._lock = threading.Lock()
        #: Guards the generation and the count of cancels.
        self._cancel_lock = threading.Lock()
        self._cancels = 0
        # cancel() writes to this pipe to wake a search waiting for its workers.
        self._wake_r, self._wake_w = multiprocessing.Pipe(duplex=False)

    def start(self) -> None:
        """Start the worker processes now and wait until they are ready (or a
        :meth:`cancel`)."""
        with self._lock:
            self._await_start(self._begin()[0])

    def _await_start(self, cancels: int) -> None:
        """Start the worker processes that are missing and wait until every one is ready,
        or until a cancel (``cancels`` is the count of cancels to compare with)."""
        self._launch()
        while any(w.task == _STARTING for w in self._workers) and self._cancels == cancels:
            self._collect(None)

    def pids(self) -> list[int]:
        """The worker processes' ids (for diagnostics and tests)."""
        return [w.process.pid for w in self._workers]

    def _launch(self) -> None:
        """Start worker processes until there are :attr:`workers` (at first, or after one
        died); they import in the background."""
        while len(self._workers) < self.workers:
            mine, theirs = self._ctx.Pipe()
            process = self._ctx.Process(
                target=_serve,
                args=(theirs, self._generation, os.getpid()),
                name="parlour-search",
                daemon=True,
            )
            process.start()
            theirs.close()
            self._workers.append(_Worker(process, mine))

    def _drop(self, w: _Worker) -> None:
        """Forget worker ``w``, which died (its pipe broke)."""
        self._workers.remove(w)
        w.conn.close()
        w.process.join(0)

    def _begin(self) -> tuple[int, int]:
        """A search begins: the cancels made before it are forgotten; returns the count
        of cancels to compare with, and the search's generation."""
        with self._cancel_lock:
            while self._wake_r.poll():
                self._wake_r.recv_bytes()
            return self._cancels, self._generation.value

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
        the total iterations. Raises :class:`SearchCancelled`
        if :meth:`cancel` was called meanwhile.

        A timed search returns within ``time_budget`` plus :attr:`grace` seconds of this
        call whatever the load: the results that have arrived by then are merged (the best
        answer found so far), the late workers are told to drop their search, and if none
        has arrived the visits are empty and the iterations 0 (the caller then has the
        rule-based player's answer, :class:`~gamecore.agents.levels.HardAgent`). Two
        waits come before the budget's clock starts: for the start of the workers when
        none is ready yet (once per pool: the table starts it when a game with a Hard seat
        begins, so that it is ready at the first decision; a pool :meth:`start` is
        starting is waited for too), and for a search of another thread on this pool (the
        table asks one at a time). A search of ``iterations`` alone waits for every
        worker."""

        def task(wall: float | None) -> tuple[Any, ...]:
            return (
                "search",
                game.name,
                dict(game.options),
                obs,
                iterations,
                time_budget,
                wall,
                settings,
            )

        done = self._run(task, time_budget, seed)
        return merge_visits([r[0] for r in done]), sum(r[1] for r in done)

    def weigh(
        self, game: Game, obs: Observation, *, time_budget: float, seed: int = 0
    ) -> tuple[list[float], int]:
        """Hard's choice before the first lead (MI-7, MI-8) in every worker (seeds
        ``seed``, ``seed + 1`` …) for ``time_budget`` seconds, under the same deadline as
        :meth:`search`: each option of ``obs.decision`` (in the order of
        :func:`gamecore.agents.prelead.options`) with its counters summed over the worlds
        played out, and how many worlds; ``([], 0)`` when no worker answered in time.
        Raises :class:`SearchCancelled` if :meth:`cancel` was called meanwhile."""

        def task(wall: float | None) -> tuple[Any, ...]:
            return ("weigh", game.name, dict(game.options), obs, time_budget, wall)

        done = self._run(task, time_budget, seed)
        if not done:
            return [], 0
        totals = [sum(col) for col in zip(*(r[0] for r in done), strict=True)]
        return totals, sum(r[1] for r in done)

    def _run(
        self,
        make_task: Callable[[float | None], tuple[Any, ...]],
        time_budget: float | None,
        seed: int,
    ) -> list[Any]:
        """One job in every worker: the task ``make_task(wall)`` (``wall``: the
        ``time.time()`` its budget ends, ``None`` without one), with the deadline and the
        cancels of :meth:`search`; the answers that arrived, in the workers' seed order."""
        with self._lock:
            cancels, generation = self._begin()
            if all(w.task == _STARTING for w in self._workers):
                self._await_start(cancels)  # not started yet: once, not a matter of load
            wall = None if time_budget is None else time.time() + time_budget
            deadline = None if time_budget is None else time.monotonic() + time_budget + self.grace
            try:
                answers = self._gather(make_task(wall), seed, generation, cancels, deadline)
            finally:
                if any(w.task and w.task[0] == generation for w in self._workers):
                    # given up (late workers, a cancel, an error): they drop it, and
                    # their answers are not taken for the next search's
                    with self._cancel_lock:
                        self._generation.value += 1
        if self._cancels != cancels:
            raise SearchCancelled
        if deadline is None and (len(answers) < self.workers or None in answers.values()):
            raise SearchCancelled  # a worker saw the cancel first
        return [answers[i] for i in sorted(answers) if answers[i] is not None]

    def _gather(
        self,
        task: tuple[Any, ...],
        seed: int,
        generation: int,
        cancels: int,
        deadline: float | None,
    ) -> dict[int, Any]:
        """Give ``task`` (seed ``seed + i`` for the i-th) to each free worker, while a
        timed search's budget lasts (until ``deadline`` less :attr:`grace`), until every
        one has been given; collect the answers of this ``generation`` (seed offset →
        result, ``None`` for a search the worker dropped) until none is outstanding, or
        until the ``time.monotonic()`` ``deadline`` (``None``: none), when the late workers
        are told to drop it. Raises :class:`SearchCancelled` after a cancel."""
        answers: dict[int, Any] = {}
        unsent = list(range(self.workers))
        while True:
            if deadline is None or time.monotonic() < deadline - self.grace:
                self._hand_out(task, seed, generation, unsent)
            else:
                unsent.clear()  # no budget left for a worker that comes free now
            if self._cancels != cancels:
                raise SearchCancelled
            if not unsent and not any(w.task and w.task[0] == generation for w in self._workers):
                return answers
            timeout = None if deadline is None else deadline - time.monotonic()
            if timeout is not None and timeout <= 0:
                return answers  # the late workers are told to drop it (search)
            for (gen, i), (kind, value) in self._collect(timeout):
                if gen != generation:
                    continue  # a late answer to an earlier search
                if kind == "error":
                    raise value
                if kind == "died":
                    if deadline is None:
                        raise BrokenProcessPool("a search worker died")
                    unsent.append(i)  # for the worker that replaces it
                    continue
                answers[i] = value

    def _hand_out(
        self, task: tuple[Any, ...], seed: int, generation: int, unsent: list[int]
    ) -> None:
        """Give ``task`` with the seed offsets of ``unsent`` (taken from it) to the free
        workers, starting a worker for one that died."""
        self._launch()
        for w in list(self._workers):
            if w.task is None and unsent:
                try:
                    w.conn.send((*task, seed + unsent[0], generation))
                except OSError:  # it died while free: replaced at the next turn
                    self._drop(w)
                else:
                    w.task = (generation, unsent.pop(0))

    def _collect(self, timeout: float | None) -> list[tuple[tuple[int, int], tuple[str, Any]]]:
        """Wait up to ``timeout`` seconds (``None``: no limit) for a busy worker's message
        or a cancel; the answers read, each with the task it answers: ``("ok", result)``,
        ``("error", exception)`` or ``("died", None)`` (the worker is gone)."""
        busy = {w.conn: w for w in self._workers if w.task is not None}
        out: list[tuple[tuple[int, int], tuple[str, Any]]] = []
        for ready in multiprocessing.connection.wait([*busy, self._wake_r], timeout):
            w = busy.get(ready)  # type: ignore[call-overload]
            if w is None:
                continue  # a cancel: the caller looks
            task, w.task = w.task, None
            assert task is not None
            try:
                message = w.conn.recv()
            except (EOFError, OSError):
                self._drop(w)
                message = ("died", None)
            if message is not None:  # None: the worker is ready
                out.append((task, message))
        return out

    def cancel(self) -> None:
        """Stop the search in progress (if any) as soon as possible; it raises
        :class:`SearchCancelled` in the thread that started it."""
        with self._cancel_lock:
            self._generation.value += 1
            self._cancels += 1
            self._wake_w.send_bytes(b"")

    def shutdown(self) -> None:
        """Cancel any search and stop the worker processes."""
        self.cancel()
        with self._lock:
            for w in self._workers:
                with suppress(OSError):
                    w.conn.send(None)
            for w in self._workers:
                w.process.join(SHUTDOWN_WAIT)
                if w.process.is_alive():  # stopped, or stuck: it must not outlive the pool
                    w.process.kill()
                    w.process.join()
                w.conn.close()
            self._workers = []
            self._begin()


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
