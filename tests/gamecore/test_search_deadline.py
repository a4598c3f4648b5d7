"""A Hard decision at the table has a deadline that holds whatever the load (issue 29, point
4): its search workers are starved here by stopping them (SIGSTOP) in the middle of a
decision. The decision still arrives: the rule-based Normal player's answer when no worker
answered, the other worker's when one did; and once the workers run again (SIGCONT) the
next decision is a real search again, not cancelled by the one they were late for.

No timing is asserted: a decision that never arrived fails after :data:`NO_HANG` seconds
instead of hanging the suite."""

from __future__ import annotations

import os
import random
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from gamecore.actions import Action
from gamecore.agents import agent_for
from gamecore.agents.levels import HardAgent
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.search.ismcts import SearchCancelled, SearchPool, merge_visits, search

pytestmark = pytest.mark.skipif(
    os.name != "posix" or not hasattr(signal, "SIGSTOP"), reason="stops processes (POSIX)"
)

#: Hard's time budget in these tests, seconds (small: the tests stay quick).
BUDGET = 0.2
#: Seconds after which a decision that has not arrived fails the test (never reached when
#: the deadline holds: the decision comes after about BUDGET + the pool's grace).
NO_HANG = 60.0
#: The grace of a pool whose decisions must be real searches: so long that a loaded
#: machine cannot make them fall back (they check the workers' recovery, not the deadline).
PATIENT = 2.0


def newmarket_choice() -> tuple[Any, Any]:
    """``(game, observation)`` at the first real choice of a seeded Newmarket deal."""
    game = make_game("newmarket")
    session = Session(game, ["a", "b", "c", "d"], 0)
    session.start_deal_seeded(3)
    deal = session.deal
    assert deal is not None
    deal.auto_stake()  # type: ignore[union-attr]
    while True:
        d = deal.decision()
        assert isinstance(d, PlayChoice)
        if len(d.actions) > 1:
            return game, deal.observation(d.seat)
        deal.apply(d.actions[0])


@pytest.fixture
def pool() -> Iterator[SearchPool]:
    """A started two-worker pool; its workers are let run again before it shuts down."""
    p = SearchPool(workers=2)
    p.start()
    try:
        yield p
    finally:
        for pid in p.pids():
            os.kill(pid, signal.SIGCONT)
        p.shutdown()


def stop_during_search(pool: SearchPool, pids: list[int], then: Callable[[], None] = lambda: None):
    """Make ``pool``'s next search stop (SIGSTOP) the workers ``pids`` once it has handed
    them their tasks, before it waits for an answer (then call ``then``): within the
    decision, before any worker can have answered (each searches for its whole budget)."""
    collect = pool._collect

    def stopping(timeout: float | None) -> Any:
        pool._collect = collect  # type: ignore[method-assign]
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        then()
        return collect(timeout)

    pool._collect = stopping  # type: ignore[method-assign]


def decide(agent: HardAgent, game: Any, obs: Any, seed: int) -> Action:
    """``agent.choose`` on a thread (``random.Random(seed)``); fails if it never returns."""
    out: list[Action] = []
    thread = threading.Thread(
        target=lambda: out.append(agent.choose(game, obs, random.Random(seed))), daemon=True
    )
    thread.start()
    thread.join(NO_HANG)
    assert out, "the decision never arrived"
    return out[0]


def normal_answer(game: Any, obs: Any, seed: int) -> Action:
    """What the Normal player answers in :meth:`HardAgent.choose` with ``Random(seed)``
    (Hard draws its search's seed from it first)."""
    rng = random.Random(seed)
    rng.getrandbits(62)
    return agent_for(game).choose(game, obs, rng)


def test_a_decision_with_both_workers_stopped_is_the_normal_players_and_they_recover(pool):
    game, obs = newmarket_choice()
    agent = HardAgent(game, time_budget=BUDGET, pool=pool)
    workers = pool.pids()
    stop_during_search(pool, workers)
    action = decide(agent, game, obs, 5)
    assert (agent.fell_back, agent.last_iterations) == (True, 0)
    assert action == normal_answer(game, obs, 5)
    # Still stopped at the next decision (a hint): it does not wait for them either.
    hint: list[tuple[Action, str]] = []
    asking = threading.Thread(target=lambda: hint.append(agent.hint(game, obs, random.Random(6))))
    asking.start()
    asking.join(NO_HANG)
    assert hint == [
        (
            normal_answer(game, obs, 6),
            "the computer was too busy to search in time, so this is the Normal player's choice",
        )
    ]
    for pid in workers:
        os.kill(pid, signal.SIGCONT)
    pool.grace = PATIENT
    decide(agent, game, obs, 7)
    assert agent.fell_back is False and agent.last_iterations > 0
    assert pool.pids() == workers  # the same workers, recovered


def test_with_one_worker_stopped_the_answer_comes_from_the_other(pool):
    game, obs = newmarket_choice()
    agent = HardAgent(game, time_budget=BUDGET, pool=pool)
    pool.grace = PATIENT
    late, other = pool.pids()
    stop_during_search(pool, [late])
    action = decide(agent, game, obs, 5)
    assert agent.fell_back is False and agent.last_iterations > 0
    assert agent.last_visits[max(agent.last_visits, key=agent.last_visits.__getitem__)] > 0
    assert action in obs.decision.actions
    # The stopped worker is still late at the next decision: the other one answers again.
    decide(agent, game, obs, 6)
    assert agent.fell_back is False and agent.last_iterations > 0
    os.kill(late, signal.SIGCONT)
    decide(agent, game, obs, 7)
    assert agent.fell_back is False and agent.last_iterations > 0
    assert pool.pids() == [late, other]


def test_a_cancel_reaches_a_search_whose_workers_are_stopped_and_the_next_one_is_exact(pool):
    """``cancel()`` (new game, undo, quit) wakes a search of a fixed number of iterations
    whose workers are stopped: it raises :class:`SearchCancelled`. Once they run again,
    the next search is exactly the two in-process searches of its seeds merged."""
    game, obs = newmarket_choice()
    workers = pool.pids()
    stop_during_search(pool, workers, then=pool.cancel)
    raised: list[BaseException] = []

    def run() -> None:
        try:
            pool.search(game, obs, iterations=400, seed=3)
        except SearchCancelled as e:
            raised.append(e)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(NO_HANG)
    assert len(raised) == 1
    for pid in workers:
        os.kill(pid, signal.SIGCONT)
    visits, done = pool.search(game, obs, iterations=60, seed=11)
    alone = [search(game, obs, iterations=60, seed=s) for s in (11, 12)]
    assert (visits, done) == (merge_visits([v for v, _ in alone]), 120)
    assert visits.totals == merge_visits([v for v, _ in alone]).totals  # type: ignore[attr-defined]


def test_a_worker_that_died_is_replaced_and_the_decision_does_not_wait_for_it(pool):
    """A worker killed between decisions (SIGKILL): the next timed decision comes from the
    other worker, a new worker takes the dead one's place, and a fixed search is then
    exactly the in-process searches of its seeds merged."""
    game, obs = newmarket_choice()
    agent = HardAgent(game, time_budget=BUDGET, pool=pool)
    pool.grace = PATIENT
    dead, other = pool.pids()
    os.kill(dead, signal.SIGKILL)
    decide(agent, game, obs, 5)
    assert agent.fell_back is False and agent.last_iterations > 0
    visits, done = pool.search(game, obs, iterations=60, seed=11)
    alone = [search(game, obs, iterations=60, seed=s) for s in (11, 12)]
    assert (visits, done) == (merge_visits([v for v, _ in alone]), 120)
    assert other in pool.pids() and dead not in pool.pids() and len(pool.pids()) == 2
