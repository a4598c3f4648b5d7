"""The hot seat: with several people at one screen, the table is covered between their
turns until the next person says they are ready, so nobody sees another's hand (GEN-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gui.model.registryview import chance_game
from gui.play.states import IDLE

if TYPE_CHECKING:
    from gui.play.controller import Controller


def hand_over(table: Controller, seat: int) -> None:
    """Another person (in ``seat``) is to act at ``table``: cover it until they are ready,
    showing them what happened since their last turn."""
    session = table.session
    assert session is not None
    if chance_game(session.game):
        # A game without play: every decision comes before a card is dealt, so nothing is
        # hidden from anyone still to act; the next person takes the screen at once (GEN-9).
        table.pending_person = seat
        taken(table)
        return
    if table.human in table.seen:
        table.seen[table.human] = len(table.log)
    table.privacy_up, table.pending_person = True, seat
    table.set_state(IDLE)
    table.refresh()  # no hand is face up while the screen is up
    table.advisor.hush()
    table.privacy.ask(session.players[seat], table.log[table.seen.get(seat, 0) :])


def taken(table: Controller) -> None:
    """The person waited for has taken the screen: their hand is shown, play goes on."""
    if table.pending_person is None:
        return
    table.human, table.pending_person, table.privacy_up = table.pending_person, None, False
    table.viewer_ready = True
    table.refresh()
    table.schedule(0)
