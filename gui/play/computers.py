"""The computer players' side of the table: the controller asks a computer seat for its
decision, the seat's agent thinks on the thinker's worker thread (given only its seat's
observation, GEN-9), and its action (or its failure) comes back here on the GUI thread, to
be applied by the controller (:meth:`~gui.play.controller.Controller.apply`) unless a
window holds the table or the decision is no longer wanted."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from gamecore.actions import Action, Pass
from gamecore.agents.base import Agent
from gamecore.agents.levels import HardAgent, agent_for_level
from gamecore.match import Session
from gamecore.search.ismcts import default_pool
from gui.model import registryview
from gui.play.seats import SeatKind
from gui.play.states import COMPUTER

if TYPE_CHECKING:
    from gui.play.controller import Controller


class Computers(QObject):
    """The computer players at ``table`` (a :class:`~gui.play.controller.Controller`),
    each seat played by its agent in ``table.agents`` over ``table.thinker``. A QObject, so
    that the thinker's results are queued to the GUI thread."""

    def __init__(self, table: Controller) -> None:
        super().__init__()
        self.table = table
        table.thinker.decided.connect(self.decided)
        table.thinker.failed.connect(self.failed)

    def sit(self, session: Session, seats: list[SeatKind]) -> dict[int, Agent]:
        """The agents for ``session``'s computer seats (seat number → agent), each at the
        level ``seats`` gives it."""
        agents = {
            s: agent_for_level(session.game, seats[s].level)
            for s in range(session.n)
            if not seats[s].person
        }
        searching = not registryview.chance_game(session.game)  # a game without play: stakes
        if searching and any(isinstance(a, HardAgent) for a in agents.values()):
            # Start Hard's worker processes now, off the GUI thread, not at its first turn.
            threading.Thread(target=default_pool().start, daemon=True).start()
        return agents

    def ask(self, seat: int) -> None:
        """Ask the computer in ``seat`` (an int) for the pending decision, off the GUI
        thread; the table shows it thinking."""
        t = self.table
        session = t.session
        assert session is not None and session.deal is not None
        t.set_state(COMPUTER)
        t.refresh(thinking=True)
        t.advisor.waits()
        obs = session.deal.observation(seat)
        t.thinker.think(t.agents[seat], session.game, obs, random.Random(t.rng.random()), t.token)

    def decided(self, action: Action, token: int) -> None:
        """A computer chose ``action``, asked with ``token`` (stale tokens are ignored)."""
        t = self.table
        if token != t.token or t.session is None:
            return
        if t.held:  # applied when the window in front is gone
            t.when_released(lambda: self.decided(action, token))
            return
        wait = t.offer_clock.hold()
        if wait:  # an answer to an offer shows when a round without one would go on
            self.later(wait, lambda: self.decided(action, token))
            return
        # a declined offer shows nothing, and takes no longer than a "No six" (CM-10)
        t.apply(action, delay=0 if isinstance(action, Pass) else t.pace)

    def later(self, ms: int, then: Callable[[], None]) -> None:
        """Call ``then`` on the GUI thread in ``ms`` milliseconds (unless this table is
        gone by then)."""
        QTimer.singleShot(ms, self, then)

    def failed(self, error: BaseException, token: int) -> None:
        """A computer asked with ``token`` raised ``error``: said in the status line."""
        t = self.table
        if token != t.token or t.session is None:
            return
        if t.held:  # said when the window in front is gone
            t.when_released(lambda: self.failed(error, token))
            return
        t.status(f"A computer player failed: {error}")
