"""A seat in debt (debt allowed) shows its counters on the plate with a real minus sign,
in the plate's long line and in its short form: the plates wrote a hyphen ("9 cards · -7")."""

from __future__ import annotations

from game_driver import open_game, wait_settled


def test_a_plate_in_debt_shows_a_minus_sign(qtbot):
    win = open_game(qtbot, "newmarket", 11)
    wait_settled(qtbot, win)
    c = win.controller
    c.session.balances[1] = -7  # as a deal with debt allowed can leave it
    c.refresh()
    plate = win.view.plates[1]
    assert plate.detail.endswith(" · \u22127"), plate.detail
    assert plate.short.endswith(" · \u22127"), plate.short
    assert plate.detail_shown()[1].endswith("\u22127")
