"""The end of a deal of a game without play (Matrimony), shown beat by beat: the last
split deals and resolves the deal at once in the engine, and the table then shows it as
it happens at a real table: the stakes go down, the cards are dealt one at a time, a turned
A♦ sweeps the layout or the face-down cards are turned over from the eldest, each
compartment's counters going to its winner with the reason said. One pause per beat from
the table's pace; with the animation speed Off (pace 0) everything is shown at once. Only
then does the controller look at what comes next (the deal's summary)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from gamecore.events import Event
from gamecore.explain import explain, scene_before
from gamecore.interface import DealState
from gamecore.matrimony.events import AceTurned, CompartmentWon
from gui.model.chancesnap import DEAL, END, PAY, SHOW, STAKES, Beat, Unveiled, unveiling
from gui.model.tablewords import plain_words
from gui.play import feed

if TYPE_CHECKING:
    from gui.play.controller import Controller

#: Each beat's pause, in units of the table's pace (ms per card movement): a card dealt is
#: quick, a hand turned over is a short pause, a compartment paid lets its call be read.
PAUSES = {STAKES: 1.0, DEAL: 0.35, SHOW: 1.2, PAY: 2.2, END: 1.0}


class Unveil:
    """The unveiling at ``table`` (a :class:`~gui.play.controller.Controller`): while it
    runs, :attr:`shown` says how far the deal's end is shown, which every redraw of the
    table keeps to."""

    def __init__(self, table: Controller) -> None:
        self.table = table
        self.shown: Unveiled | None = None
        self._beats: list[Beat] = []
        self._before: DealState | None = None
        self._then: Callable[[], None] | None = None
        self._token = -1
        self._timer = QTimer()
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next)

    @property
    def running(self) -> bool:
        """Whether a deal's end is being shown."""
        return self.shown is not None

    def starts(
        self, before: DealState | None, events: list[Event], then: Callable[[], None]
    ) -> bool:
        """Show the end of the deal ``events`` (of an action applied to ``before``) beat by
        beat and call ``then`` once it is all shown; ``False`` (nothing done) when the
        action dealt no cards: any other action, any other game."""
        beats = [] if before is None else unveiling(before, events)
        if not beats:
            return False
        self._beats, self._before, self._then = beats, before, then
        self._token = self.table.token
        self.shown = beats[0].shown
        self._next()
        return True

    def stop(self) -> None:
        """Show no more (a new game, resume, quit): the table is drawn as it stands."""
        self._timer.stop()
        self._beats, self.shown, self._then = [], None, None

    def _next(self) -> None:
        t = self.table
        if self._token != t.token or not self._beats:
            self.stop()
            return
        beat = self._beats.pop(0)
        self.shown = beat.shown
        self._tell(beat)
        pace = t.pace
        if self._beats and pace > 0:
            self._timer.start(round(pace * PAUSES[beat.kind]))
            return
        if self._beats:  # the animation speed Off: the whole end at once
            self._next()
            return
        then = self._then
        self.stop()
        t.refresh()
        if then is not None:
            then()

    def _tell(self, beat: Beat) -> None:
        """Draw the beat, say its events (the log, the calls, each compartment's reason in
        the status line) and slide its counters."""
        t = self.table
        session = t.session
        if session is None or self._before is None:
            return
        if beat.events:
            step = (self._before, None, list(beat.events))
            feed.tell(t.view, session, step, t.words, t.people, t.say)
            scene = scene_before(self._before, t.words, list(beat.events))
            for e in beat.events:
                if isinstance(e, CompartmentWon | AceTurned):
                    t.status(plain_words(explain(e, scene)))
        t.refresh()
        feed.slide(t.view, list(beat.events))
