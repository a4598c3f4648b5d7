"""Who sits in each seat: a person at this screen, or a computer player thinking on a worker
thread. The computer is given only its seat's observation (GEN-9)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

from PySide6.QtCore import QObject, Signal

from gamecore.actions import Action
from gamecore.agents.base import Agent
from gamecore.agents.levels import HardAgent
from gamecore.interface import Observation, Rules
from gamecore.search.ismcts import SearchCancelled
from gui.model.setup import SeatKind

__all__ = ["Advice", "SeatKind", "Thinker"]

_T = TypeVar("_T")

#: Seconds a thread of the app may hold the GIL while another waits for it (Python's
#: default is 0.005). A computer player that thinks in this process (Michigan's widow
#: and bids, Matrimony's Hard stakes, a Normal player) runs pure Python on the thinker's
#: thread; the GUI thread gives the GIL up at each call into Qt and, at 5 ms a turn,
#: waited up to 150 ms to draw one play (issue 29); at 1 ms a turn it draws at once.
GIL_SWITCH_INTERVAL = 0.001


@dataclass(frozen=True)
class Advice:
    """What the Hard player would do at the person's decision: ``action``, ``reason`` (one
    sentence), ``purpose`` ("hint" or "coach": who asked) and ``moment`` (deal number,
    actions applied in it) when it was asked, so that advice arriving late is recognised."""

    action: Action
    reason: str
    purpose: str
    moment: tuple[int, int]


class Thinker(QObject):
    """Runs computer decisions and advice off the GUI thread; the results arrive on the GUI
    thread, each with the token it was asked with: :attr:`decided` (an action),
    :attr:`advised` (an :class:`Advice`), :attr:`failed` (the exception raised). A token
    that no longer matches (new game, undo, quit) is to be ignored; a search cancelled for
    that reason reports nothing."""

    #: A computer player's action, and its token.
    decided = Signal(object, int)
    #: An :class:`Advice` for the person, and its token.
    advised = Signal(object, int)
    #: What a computer player or the advice raised (an exception), and its token.
    failed = Signal(object, int)

    def __init__(self) -> None:
        super().__init__()
        sys.setswitchinterval(min(sys.getswitchinterval(), GIL_SWITCH_INTERVAL))
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-ai")

    def think(
        self, agent: Agent, game: Rules, obs: Observation, rng: random.Random, token: int
    ) -> None:
        """Ask ``agent`` for an action from ``obs`` on the worker thread (a Hard player's
        search then runs in worker processes); the GUI thread never waits for it."""
        self._submit(
            lambda: agent.choose(game, obs, rng),
            token,
            lambda action: self.decided.emit(action, token),
        )

    def advise(
        self,
        agent: HardAgent,
        game: Rules,
        obs: Observation,
        rng: random.Random,
        token: int,
        purpose: str,
        moment: tuple[int, int],
    ) -> None:
        """Ask the Hard ``agent`` what it would do from ``obs``, and why, on the worker
        thread (after any decision queued before); arrives as :attr:`advised`."""

        def deliver(hint: tuple[Action, str]) -> None:
            self.advised.emit(Advice(hint[0], hint[1], purpose, moment), token)

        self._submit(lambda: agent.hint(game, obs, rng), token, deliver)

    def _submit(self, fn: Callable[[], _T], token: int, deliver: Callable[[_T], None]) -> None:
        future = self._pool.submit(fn)

        def done(f: Future[_T]) -> None:
            # Runs on the worker thread: Qt queues the signals to the Thinker's (GUI) thread.
            if f.cancelled():
                return  # the window is closing
            try:
                result = f.result()
            except SearchCancelled:
                return  # dropped on purpose: a newer decision or session replaced it
            except BaseException as e:  # any failure is reported to the table, never lost
                self.failed.emit(e, token)
                return
            deliver(result)

        future.add_done_callback(done)

    def shutdown(self) -> None:
        """Stop the worker (pending decisions are dropped) and any search processes."""
        from gamecore.search.ismcts import shutdown_search

        self._pool.shutdown(wait=False, cancel_futures=True)
        shutdown_search()
