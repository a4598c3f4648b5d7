"""The review window on an 800×600 screen (issue 24): every plate shows its counters (they
read "5 cards · …", the balance elided away)."""

from __future__ import annotations

import random

import pytest

from gamecore.games import make_game
from gamecore.match import Session
from gui.windows.reviewwindow import ReviewWindow
from helpers import random_action

NAMES = ["You", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def _played(game: str, n: int) -> Session:
    session = Session(make_game(game), NAMES[:n], 0)
    rng = random.Random(8)
    session.start_deal_seeded(8)
    while session.deal_in_progress:
        session.apply(random_action(session.decision(), rng))
    return session


@pytest.mark.parametrize(("game", "n"), [("spoil-five", 10), ("spinado", 7), ("newmarket", 8)])
def test_every_plate_shows_its_balance(qtbot, game, n):
    session = _played(game, n)
    win = ReviewWindow(None, session, 1, people=[0], person=0, reveal=True)
    qtbot.addWidget(win)
    win.show()
    win.resize(796, 576)
    qtbot.waitExposed(win)
    view = win.view
    qtbot.waitUntil(
        lambda: view.layout_ is not None and view.layout_.width == view.viewport().width()
    )
    for k in (0, win.review.last):
        win.go(k)
        for seat, plate in view.plates.items():
            _font, shown = plate.detail_shown()
            balance = str(view.snapshot.seats[seat].balance)
            assert shown.endswith(f" · {balance}"), (seat, shown, plate.detail)
