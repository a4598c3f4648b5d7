"""The hot seat: with several people at one screen, the table is covered between their
turns until the next person says they are ready, so nobody sees another's hand (GEN-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from gamecore.actions import Action
from gamecore.decisions import Decision, PlayChoice
from gui.model import prompts
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
    table.privacy_up, table.pending_person = True, seat
    table.set_state(IDLE)
    table.refresh()  # no hand is face up while the screen is up
    table.advisor.hush()
    # The status line is the hand-over's: the last person's line may name their cards or
    # their offer (CM-10: "Play the 9♦ for the 6♥…").
    table.status(prompts.hand_over_words(session.players[seat])[0])
    mark = table.seen.get(seat, 0)  # 0: no turn of theirs yet, the log is this deal's
    since = table.log[mark:]
    table.privacy.ask(session.players[seat], prompts.recap_lines(since), first=mark == 0)


def plays_unseen(table: Controller, d: Decision) -> bool:
    """Whether another person's decision ``d`` plays itself without handing them the
    screen: a forced card (one legal play) with forced moves played for the person (Settings) leaves
    them nothing to decide or see (a run of hearts in Michigan handed the screen round
    eight times in a row). It is played after one pace, as a computer's card is."""
    if not isinstance(d, PlayChoice) or not table.plays_itself(d):
        return False
    table.set_state(IDLE)
    action, token = d.actions[0], table.token
    QTimer.singleShot(table.pace, lambda: _play_unseen(table, token, action))
    return True


def _play_unseen(table: Controller, token: int, action: Action) -> None:
    if token != table.token or table.session is None or table.session.deal is None:
        return
    if table.held:
        table.step_when_released()  # looked at again once the window is gone
        return
    if action in table.session.deal.legal_actions():
        table.apply(action, delay=table.pace)


def taken(table: Controller) -> None:
    """The person waited for has taken the screen: their hand is shown, play goes on."""
    if table.pending_person is None:
        return
    table.human, table.pending_person, table.privacy_up = table.pending_person, None, False
    table.viewer_ready = True
    table.refresh()
    table.schedule(0)
