"""The turn round in the hot seat (CM-10: offers are private): with several people at one
screen, the table reaches every person the round passes, each of whom says "No six" with a
button, so that whether the screen is handed to a person during a round never depends on
who holds the Commit. Which seats the round reaches is the engine's
(:func:`gamecore.stops.turnround.next_visited`); computers and the person already at the
screen say it silently. With one person at the screen nothing is asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.actions import Action, Pass, Play
from gamecore.stops.deal import StopsDeal
from gamecore.stops.turnround import next_visited, round_opens
from gui.model import prompts
from gui.play import hotseat
from gui.play.offerclock import offer_wait_ms
from gui.play.states import HUMAN

if TYPE_CHECKING:
    from gui.play.controller import Controller

#: The key of the "No six" button.
NO_SIX = "nosix"


class TurnRound:
    """The round in progress at ``table``: the player and card it follows and the next
    seat it goes on from (see the module docstring)."""

    def __init__(self, table: Controller) -> None:
        self.table = table
        self.origin: int | None = None
        self.card = 0
        self.start = 0
        #: the person the round waits on to say "No six"
        self.asking: int | None = None

    def clear(self) -> None:
        """No round in progress (a new deal, a resumed or rewound game)."""
        self.origin = self.asking = None

    def after(self, action: Action) -> None:
        """``action`` was just applied: a card starts a round (when the game offers a
        substitute and several people share the screen); a pass sends it on past the
        seat that passed; the substitute played ends it."""
        t = self.table
        deal = None if t.session is None else t.session.deal
        if not isinstance(deal, StopsDeal) or len(t.people) < 2:
            self.origin = None
            return
        if isinstance(action, Pass) and self.origin is not None:
            self.start = (action.seat + 1) % deal.n
        elif isinstance(action, Play) and round_opens(deal, action.card):
            self.origin, self.card = action.seat, action.card
            self.start = (action.seat + 1) % deal.n
        else:
            self.origin = None

    def pending(self) -> int | None:
        """The person the round must reach now before play goes on, or ``None``; the seats
        it passes silently (computers, the person already at the screen, who is asked
        nothing) are passed here."""
        t = self.table
        deal = None if t.session is None else t.session.deal
        if self.origin is None or not isinstance(deal, StopsDeal):
            return None
        while True:
            seat = next_visited(deal, self.origin, self.card, self.start)
            if seat is None:
                if deal.round_from is None:  # not at an offer: the round is over
                    self.origin = self.asking = None
                return None
            at_screen = seat == t.human and t.viewer_ready and seat != self.asking
            if t.seats[seat].person and not at_screen:
                return seat
            self.start = (seat + 1) % deal.n

    def step(self) -> bool:
        """Reach the next person of the round, if any: hand the screen over to them, or ask
        the one now at the screen to say "No six". False when the round has nobody left to
        reach and play goes on."""
        t = self.table
        seat = self.pending()
        if seat is None:
            return False
        self.asking = seat
        if seat != t.human or not t.viewer_ready:
            hotseat.hand_over(t, seat)
        else:
            self.ask(seat)
        return True

    def ask(self, seat: int) -> None:
        """Ask the person at the screen (``seat``) to say "No six"."""
        t = self.table
        assert t.session is not None
        t.set_state(HUMAN)
        t.refresh()
        text, buttons, line = prompts.no_six_question(t.session.game, self.card)
        t.view.prompt.ask(text, buttons)
        t.status(line)

    def said(self) -> None:
        """The person asked said "No six": the round goes on past them."""
        t = self.table
        if self.origin is None or self.asking is None or t.session is None:
            return
        deal = t.session.deal
        assert deal is not None
        self.start = (self.asking + 1) % deal.n
        self.asking = None
        t.offer_clock.restart(offer_wait_ms(t.agents))  # then the same wait as a card's
        t.view.prompt.hide()
        t.schedule(0)
