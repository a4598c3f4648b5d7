"""The computers' names at a table of you and computers: none called as you are."""

from __future__ import annotations

from gui.model.setup import COMPUTER_NAMES, Setup, computer_names


def test_the_computers_are_never_called_as_you_are():
    seats = Setup.you_and_computers("newmarket", name="cat", players=4).seats
    assert [s.name for s in seats] == ["cat", "Ben", "Dan", "Eve"]
    assert computer_names(3) == ["Ben", "Cat", "Dan"]
    assert computer_names(13, ["Ned"]) == [*COMPUTER_NAMES[:-1], "Ann"]
