"""The table's log says a forced card's reason once among the lines it shows: a run of
forced cards repeated "the next card of a sequence must be played by its holder" on every
line, and at 800×600 the newest line had no room (a tester)."""

from __future__ import annotations

from table_driver import open_window

CONTINUE = "the next card of a sequence must be played by its holder"


def test_the_log_says_a_forced_cards_reason_once(qtbot):
    win = open_window(qtbot)
    c = win.controller
    c.log += [
        f"You play 6♥, the only card you could play: {CONTINUE}.",
        f"You play 7♥, the only card you could play: {CONTINUE}.",
        "Ben plays 8♥",
    ]
    c.refresh()
    # at the newest forced card: said at the first, it scrolled away as the run went on
    assert win.view.log_label.text().split("\n") == [
        "You play 6♥, the only card you could play.",
        f"You play 7♥, the only card you could play: {CONTINUE}.",
        "Ben plays 8♥",
    ]
    assert c.log[-2].endswith(f"{CONTINUE}.")  # the whole deal's log keeps every reason
