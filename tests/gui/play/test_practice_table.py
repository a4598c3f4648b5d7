"""Deal again from another seat at the table (issue 24): the table names the chosen seat by
its name in the deal itself, and when the practice deal ends its own result is shown, marked
as the practice deal's and set against the deal itself (a practice deal whose every card
was forced goes as the deal did, and its summary passed for the deal's own)."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QPushButton

from gui.windows.dialogs import DealSummaryDialog
from table_driver import WAIT, click_button, first_cards_to_summary, open_window, status


def _summary(win) -> DealSummaryDialog:
    dlg = win.controller.dialog
    assert isinstance(dlg, DealSummaryDialog) and dlg.isVisible()
    return dlg


def _text(dlg: DealSummaryDialog, name: str) -> str:
    label = dlg.findChild(QLabel, name)
    assert label is not None, name
    return label.text()


def test_the_practice_deal_names_the_chosen_seat_and_ends_with_its_own_result(qtbot):
    win = open_window(qtbot)
    c = win.controller
    first_cards_to_summary(qtbot, win)
    real = _summary(win)
    assert real.windowTitle() == "Deal over"
    assert real.findChild(QLabel, "practiceNote") is None
    assert not any("hand)" in _text(real, f"name_{s}") for s in range(c.session.n))
    original = c.session
    home, dan = c.human, original.players.index("Dan")
    real_delta = original.deal.settlement().deltas[home]
    dans_delta = original.deal.settlement().deltas[original.players.index("Dan")]
    assert win.windowTitle() == "Parlour — Newmarket: deal 1 of 4"  # the deal in the title
    real.findChild(QAction, f"seat_{dan}").trigger()
    qtbot.waitUntil(lambda: c.practice.active, timeout=WAIT)
    assert win.windowTitle() == "Parlour — Newmarket: practice deal"
    opening = (
        "Practice deal: the same cards and stakes, now from Dan's seat. You and Dan swap "
        "seats: you "
        "play Dan's hand and Dan plays yours. It counts in no statistics and is not saved."
    )
    assert status(win) == opening
    practice = c.session
    # Staked as the deal itself was (GEN-9): the dealer's named stake, then every split.
    named = original.logs[-1].actions[0]
    assert named.split()[1] == "stake"
    dealer = practice.players[original.logs[-1].dealer]
    assert c.log[:2] == [opening, f"{dealer} names a stake of {named.split()[2]}"]
    assert len(c.log) == 2 + practice.n
    assert practice.logs[0].actions == original.logs[-1].actions[: 1 + practice.n]
    assert practice.players[dan] == "You" and c.human == dan
    # The plate of the seat holding the person's own hand says so (as the summary).
    plates = win.view.plates
    assert plates[dan].name == "You" and plates[home].name == "Dan (in your seat)"
    assert all(
        plates[s].name == practice.players[s] for s in range(practice.n) if s not in (dan, home)
    )
    first_cards_to_summary(qtbot, win)
    dlg = _summary(win)
    assert dlg is not real and dlg.summary.names == list(practice.players)
    assert dlg.windowTitle() == "Practice deal over"
    assert _text(dlg, "heading").startswith("Practice deal: ")
    mine = practice.deal.settlement().deltas[dan]
    assert dlg.summary.deltas[dan] == mine
    # The names moved with the person; each row says whose hand it holds, else "You" and
    # "Dan" read as the deal itself's (a tester could not follow them).
    assert _text(dlg, f"name_{dan}").startswith("You ")
    assert _text(dlg, f"name_{dan}").endswith("(in Dan's seat)")
    assert _text(dlg, f"name_{home}").startswith("Dan ")
    assert _text(dlg, f"name_{home}").endswith("(in your seat)")
    assert not any(
        "hand)" in _text(dlg, f"name_{s}") for s in range(practice.n) if s not in (dan, home)
    )

    def result(delta: int) -> str:
        if delta == 0:
            return "came out even"
        word = "counter" if abs(delta) == 1 else "counters"
        return f"{'won' if delta > 0 else 'lost'} {abs(delta)} {word}"

    assert _text(dlg, "practiceNote") == (
        f"From Dan's seat you {result(mine)}, where Dan {result(dans_delta)} in the deal "
        f"itself; from your own seat you {result(real_delta)}."
    )
    # Back to your game: the deal's own number again, then the next deal's
    click_button(qtbot, dlg, dlg.findChild(QPushButton, "next"))
    qtbot.waitUntil(lambda: not c.practice.active, timeout=WAIT)
    assert win.windowTitle() == "Parlour — Newmarket: deal 1 of 4"
    assert [win.view.plates[s].name for s in range(original.n)] == list(original.players)
    qtbot.waitUntil(lambda: isinstance(c.dialog, DealSummaryDialog), timeout=WAIT)
    click_button(qtbot, c.dialog, c.dialog.findChild(QPushButton, "next"))
    qtbot.waitUntil(lambda: len(c.session.logs) == 2, timeout=WAIT)
    assert win.windowTitle() == "Parlour — Newmarket: deal 2 of 4"


def test_a_new_game_begun_from_a_practice_deal_leaves_the_game_itself(qtbot, tmp_path):
    """New Game during a practice deal, with fewer players: it asked to leave "deal 1 of 1"
    (the practice), then failed to start ("zip() argument 2 is shorter …") and the table
    stuck. The game itself is what is left (kept), and the new game is a game, not a
    practice deal."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox, QSpinBox

    from table_driver import window_with_autosave

    win = window_with_autosave(qtbot, tmp_path)
    win.start()
    c = win.controller
    first_cards_to_summary(qtbot, win)
    real = _summary(win)
    original = c.session
    real.findChild(QAction, "seat_1").trigger()
    qtbot.waitUntil(lambda: c.practice.active, timeout=WAIT)
    win.new_action.trigger()
    dlg = win.new_dialog
    dlg.findChild(QSpinBox, "players").setValue(3)
    qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(win.message, QMessageBox), timeout=WAIT)
    assert f"deal 1 of {original.total_deals}" in win.message.text()
    qtbot.mouseClick(win.message.findChild(QPushButton, "leave"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.session is not original and c.session.n == 3, timeout=WAIT)
    assert not c.practice.active and not c.session.practice
    assert win.windowTitle() == f"Parlour — Newmarket: deal 1 of {c.session.total_deals}"
    kept = [p for p in (tmp_path / "abandoned").glob("*.parlour.json") if ".table." not in p.name]
    assert len(kept) == 1  # the game itself, its first deal played
