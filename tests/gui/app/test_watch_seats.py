"""``parlour --watch``: every seat a computer's, at any table size the game allows."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gui.app import app


@pytest.mark.parametrize(("game", "players"), [("matrimony", 14), ("newmarket", 3)])
def test_watch_seats_every_player_as_a_computer(game, players):
    """Matrimony seats 14: above ten players the person was left in the first seat."""
    window = SimpleNamespace(game_name=game, options={}, seats=None, players=4)
    assert app._choose_table(window, game, None, players, True) is None
    assert len(window.seats) == players
    assert all(not person for _, person, _ in window.seats)
    assert len({name for name, _, _ in window.seats}) == players


def test_the_game_last_chosen_asked_for_again_keeps_its_table():
    """``--game pope-joan`` after a New Game of Pope Joan for Ann, Bob and an Easy Cat
    began one person and three computers; another game, or another layout, starts afresh."""
    seats = [("Ann", True, "normal"), ("Bob", True, "normal"), ("Cat", False, "easy")]
    options = {"pj.profile": "M", "gen.rounds": 2}
    window = SimpleNamespace(game_name="pope-joan", options=dict(options), seats=seats, players=3)
    assert app._choose_table(window, "pope-joan", None, None, False) is None
    assert (window.seats, window.options, window.players) == (seats, options, 3)
    assert app._choose_table(window, "pope-joan", "M", None, False) is None
    assert (window.seats, window.options) == (seats, options)
    assert app._choose_table(window, "pope-joan", "F", None, False) is None
    assert (window.seats, window.options) == (None, {"pj.profile": "F"})
    window.seats, window.options = seats, dict(options)
    assert app._choose_table(window, "newmarket", None, None, False) is None
    assert (window.game_name, window.seats, window.options) == ("newmarket", None, {})
