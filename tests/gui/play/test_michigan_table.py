"""Michigan at the table (cousins §4): the dealer's widow choice and the auction as questions
in the panel above the hand, answered by the mouse and by the keyboard, the high bid and its
bidder in view (MI-7, MI-8), and a whole deal played through the table's widgets with the
auction included."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from game_driver import actions, drive, find_seed, open_game, perform, reach
from gamecore.actions import AUCTION, Widow
from gamecore.decisions import BidChoice, PlayChoice
from gui.windows.dialogs import DealSummaryDialog
from table_driver import WAIT


def dealer_to_choose(deal, d) -> bool:
    """The person (seat 0) deals and chooses what to do with the widow (MI-7)."""
    return (
        isinstance(d, PlayChoice) and d.seat == 0 and any(isinstance(a, Widow) for a in d.actions)
    )


def asked_to_bid_after_a_bid(deal, d) -> bool:
    """The person is asked to bid for the widow with a bid already made (MI-8)."""
    return isinstance(d, BidChoice) and d.seat == 0 and deal.high_bid is not None


def _keys(win) -> list[str]:
    return [b.objectName() for b in win.view.prompt.findChildren(QPushButton)]


def test_the_dealer_auctions_the_widow_with_the_mouse_mi_7(qtbot):
    seed, expected = find_seed("michigan", 4, {}, dealer_to_choose)
    win = open_game(qtbot, "michigan", seed)
    d = reach(qtbot, win, dealer_to_choose, expected)
    offered = [a.choice for a in d.actions]
    assert _keys(win) == offered and AUCTION in offered
    assert win.view.prompt.label.text().startswith("The widow: take it unseen")
    perform(qtbot, win, Widow(0, AUCTION))
    assert "You offer the widow for sale" in win.controller.log
    assert drive(qtbot, win) is None
    assert isinstance(win.controller.dialog, DealSummaryDialog)


def test_a_bid_by_the_keyboard_shows_the_high_bid_and_its_bidder_mi_8(qtbot):
    seed, expected = find_seed("michigan", 4, {}, asked_to_bid_after_a_bid)
    win = open_game(qtbot, "michigan", seed)
    d = reach(qtbot, win, asked_to_bid_after_a_bid, expected)
    c = win.controller
    deal = c.session.deal
    high, bidder = deal.high_bid, c.session.players[deal.high_bidder]
    assert win.view.prompt.label.text() == f"The widow is for sale. High bid: {high} ({bidder})."
    assert d.low == high + 1 and _keys(win)[0] == f"bid:{d.low}" and _keys(win)[-1] == "pass"
    n = len(actions(win))
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_Tab)
    first = win.view.prompt.findChild(QPushButton, f"bid:{d.low}")
    qtbot.waitUntil(first.hasFocus, timeout=WAIT)
    qtbot.keyClick(first, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: len(actions(win)) > n, timeout=WAIT)
    assert actions(win)[n] == f"0 bid {d.low}"
    assert f"You bid {d.low}" in c.log
    assert drive(qtbot, win) is None
    assert isinstance(c.dialog, DealSummaryDialog)
