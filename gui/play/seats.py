"""Who sits in each seat: a person at this screen, or a computer player thinking on a worker
thread. The computer is given only its seat's observation (GEN-9)."""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from gamecore.actions import Action
from gamecore.agents.base import Agent
from gamecore.stops.deal import StopsObservation
from gamecore.stops.game import StopsGame


@dataclass(frozen=True)
class SeatKind:
    """A seat: ``person`` true for someone at this screen, else a computer ``level``."""

    name: str
    person: bool
    level: str = "normal"


class Thinker(QObject):
    """Runs computer decisions off the GUI thread; :attr:`decided` (action, token) arrives on
    the GUI thread. A token that no longer matches (new game, quit) is to be ignored."""

    decided = Signal(object, int)

    def __init__(self) -> None:
        super().__init__()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-ai")

    def think(self, agent: Agent, game: StopsGame, obs: StopsObservation, rng: random.Random,
              token: int) -> None:
        """Ask ``agent`` for an action from ``obs`` on the worker thread (a Hard player's
        search then runs in worker processes); the GUI thread never waits for it."""
        future = self._pool.submit(agent.choose, game, obs, rng)

        def done(f: Future[Action]) -> None:
            # Emitted from the worker thread: Qt queues it to the Thinker's (GUI) thread.
            if f.cancelled():
                return  # the window is closing
            self.decided.emit(f.result() if f.exception() is None else f.exception(), token)

        future.add_done_callback(done)

    def run(self, fn: object, token: int) -> None:
        """Run ``fn()`` on the worker thread; its result arrives as :attr:`decided`."""
        future = self._pool.submit(fn)  # type: ignore[arg-type]

        def done(f: Future[object]) -> None:
            if f.cancelled():
                return
            self.decided.emit(f.result() if f.exception() is None else f.exception(), token)

        future.add_done_callback(done)

    def shutdown(self) -> None:
        """Stop the worker (pending decisions are dropped) and any search processes."""
        from gamecore.search.ismcts import shutdown_search

        self._pool.shutdown(wait=False, cancel_futures=True)
        shutdown_search()
