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
