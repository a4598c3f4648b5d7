"""Michigan at the table (cousins §4): the dealer's widow choice and the auction as questions
in the panel above the hand, answered by the mouse and by the keyboard, the high bid and its
bidder in view (MI-7, MI-8), and a whole deal played through the table's widgets with the
auction included."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

from game_driver import (
    actions,
    drive,
    find_seed,
    open_game,
    perform,
    plain_first,
    reach,
    wait_settled,
)
from gamecore.actions import AUCTION, EXCHANGE, Play, Widow
from gamecore.cards import cards_in
from gamecore.decisions import BidChoice, PlayChoice
from gui.play import controller as ctl
from gui.windows.dialogs import DealSummaryDialog
from table_driver import LEFT, WAIT, click_button, key_button, key_play, prompt_keys


def dealer_to_choose(deal, d) -> bool:
    """The person (seat 0) deals and chooses what to do with the widow (MI-7)."""
    return (
        isinstance(d, PlayChoice) and d.seat == 0 and any(isinstance(a, Widow) for a in d.actions)
    )


def asked_to_bid_after_a_bid(deal, d) -> bool:
    """The person is asked to bid for the widow with a bid already made (MI-8)."""
    return isinstance(d, BidChoice) and d.seat == 0 and deal.high_bid is not None


def test_the_dealer_auctions_the_widow_with_the_mouse_mi_7(qtbot):
    seed, expected = find_seed("michigan", 4, {}, dealer_to_choose)
    win = open_game(qtbot, "michigan", seed)
    d = reach(qtbot, win, dealer_to_choose, expected)
    offered = [a.choice for a in d.actions]
    assert prompt_keys(win) == offered and AUCTION in offered
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
    assert (
        d.low == high + 1
        and prompt_keys(win)[0] == f"bid:{d.low}"
        and prompt_keys(win)[-1] == "pass"
    )
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


def test_the_table_and_the_summary_name_the_dead_hand_after_an_exchange_mi_7(qtbot):
    """The spare hand is the widow until the dealer exchanges, then his laid-down hand is
    the dead hand, on the table and in the summary (both said "Widow")."""
    seed, expected = find_seed("michigan", 4, {}, dealer_to_choose)
    win = open_game(qtbot, "michigan", seed)
    reach(qtbot, win, dealer_to_choose, expected)
    assert win.view.stock._label() == "Widow · 11"
    dealt = set(cards_in(win.controller.session.deal.hands[0]))
    perform(qtbot, win, Widow(0, EXCHANGE))
    qtbot.waitUntil(lambda: win.view.stock._label() == "Dead hand · 10", timeout=WAIT)
    assert drive(qtbot, win) is None
    dialog = win.controller.dialog
    assert isinstance(dialog, DealSummaryDialog)
    stock = dialog.findChild(QLabel, "stock")
    assert stock.text().startswith("Dead hand: ")
    assert dialog.summary.stock_name == "Dead hand" and set(dialog.summary.stock) == dealt


def _widow_key(d, answered: int) -> str:
    """The person's answer at the widow (MI-7, MI-8) as a prompt key: the dealer's choices
    in turn (the auction first), the least bid at a first chance to bid, else a pass."""
    if isinstance(d, BidChoice):
        return f"bid:{d.low}" if d.can_bid and answered % 2 == 0 else "pass"
    offered = [a.choice for a in d.actions]
    return AUCTION if AUCTION in offered else offered[answered % len(offered)]


def test_a_whole_session_through_the_table_mouse_and_keyboard(qtbot):
    """Four players, one round: every deal played to its summary through the table's
    widgets, the person's cards alternately clicked and played by the keyboard, the widow's
    choice and every bid or pass answered with a prompt button, by the mouse and the
    keyboard in turn (MI-7, MI-8); the final standings show and the counters are conserved
    (GEN-5)."""
    win = open_game(qtbot, "michigan", 3, players=4, options={"gen.rounds": 1})
    c = win.controller
    session = c.session
    total = sum(session.start_balances) + sum(session.start_pools)
    moves = answered = 0
    answers: list[str] = []
    for _ in range(600):
        wait_settled(qtbot, win)
        if c.state == ctl.OVER:
            break
        if c.state == ctl.SUMMARY:
            click_button(qtbot, c.dialog, c.dialog.findChild(QPushButton, "next"))
            continue
        deal = session.deal
        d = deal.decision()
        n = len(actions(win))
        if isinstance(d, BidChoice) or any(isinstance(a, Widow) for a in d.actions):
            key = _widow_key(d, answered)
            answered += 1
            answers.append(key)
            if answered % 2:
                qtbot.mouseClick(win.view.prompt.findChild(QPushButton, key), LEFT)
            else:
                key_button(qtbot, win, key)
        else:
            action = plain_first(deal, d)
            assert isinstance(action, Play)
            moves += 1
            if moves % 2:
                perform(qtbot, win, action)
            else:
                key_play(qtbot, win, action.card)
        qtbot.waitUntil(lambda n=n: len(actions(win)) > n or c.state == ctl.SUMMARY, timeout=WAIT)
    else:
        pytest.fail("the session did not end")
    assert c.state == ctl.OVER and c.dialog is not None and c.dialog.isVisible()
    assert len(session.logs) == 4 and all(log.finished for log in session.logs)
    assert sum(session.balances) + sum(session.pools) == total
    assert moves >= 6 and AUCTION in answers, answers
    assert any(k.startswith("bid:") for k in answers) and "pass" in answers


def test_a_bid_of_any_size_is_typed_in_the_amount_box_mi_8(qtbot):
    """MI-8: a bidder bids any whole number above the high bid; the panel offered only
    the three least. Beside the two least is a box for any other: typed, then Enter."""
    seed, expected = find_seed("michigan", 4, {}, asked_to_bid_after_a_bid)
    win = open_game(qtbot, "michigan", seed)
    d = reach(qtbot, win, asked_to_bid_after_a_bid, expected)
    prompt = win.view.prompt
    assert prompt_keys(win)[:2] == [f"bid:{d.low}", f"bid:{d.low + 1}"]
    box = prompt.amount
    assert box is not None and box.minimum() == d.low + 2
    jump = d.low + 6 if d.high is None else min(d.high, d.low + 6)
    n = len(actions(win))
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, str(jump))
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(actions(win)) > n, timeout=WAIT)
    assert actions(win)[n] == f"0 bid {jump}"
    assert not prompt.isVisible()


def test_a_bid_typed_out_of_range_is_shown_corrected_before_it_is_made_mi_8(qtbot):
    """A number under the least bid, then Enter: nothing is bid, the box shows the least
    allowed (it had bid the box's last good number, unseen); Enter again bids it."""
    seed, expected = find_seed("michigan", 4, {}, asked_to_bid_after_a_bid)
    win = open_game(qtbot, "michigan", seed)
    reach(qtbot, win, asked_to_bid_after_a_bid, expected)
    box = win.view.prompt.amount
    n = len(actions(win))
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "99")
    box.selectAll()
    qtbot.keyClicks(box, "0")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert len(actions(win)) == n and win.view.prompt.isVisible()
    assert box.value() == box.minimum() and box.text() == str(box.minimum())
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(actions(win)) > n, timeout=WAIT)
    assert actions(win)[n] == f"0 bid {box.minimum()}"


def test_a_bid_of_ten_digits_shows_whole_in_the_amount_box_mi_8(qtbot):
    """The box was as wide as five digits: typed, a bid of 1000000000 (debt allowed, MI-8
    sets no upper bound) showed only its first seven. The box widens with what is typed,
    and the panel stays on the table."""
    seed, expected = find_seed("michigan", 4, {}, asked_to_bid_after_a_bid)
    win = open_game(qtbot, "michigan", seed)
    reach(qtbot, win, asked_to_bid_after_a_bid, expected)
    prompt = win.view.prompt
    box = prompt.amount
    narrow = box.width()
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "1000000000")
    assert box.text() == "1000000000"
    assert box.width() > narrow
    shown = box.lineEdit().width()
    assert shown >= box.fontMetrics().horizontalAdvance("1000000000")
    assert win.view.viewport().rect().contains(prompt.geometry())


def test_a_bid_beyond_what_you_have_is_asked_before_it_is_made_mi_8(qtbot):
    """Debts allowed, any bid is legal (MI-8), and 100000 typed for 10 was paid at once
    from a stack of 99. A bid the bidder's counters do not cover is asked first: "Change
    the bid" brings the auction back with nothing bid; "Bid 100,000" makes it."""
    seed, expected = find_seed("michigan", 4, {}, asked_to_bid_after_a_bid)
    win = open_game(qtbot, "michigan", seed)
    d = reach(qtbot, win, asked_to_bid_after_a_bid, expected)
    prompt, balance = win.view.prompt, win.controller.session.balances[0]
    n = len(actions(win))

    def type_bid() -> None:
        box = prompt.amount
        box.setFocus()
        box.selectAll()
        qtbot.keyClicks(box, "100000")
        qtbot.keyClick(box, Qt.Key.Key_Return)

    type_bid()
    assert len(actions(win)) == n
    assert prompt.label.text() == (
        f"Bid 100,000 for the widow? Paid, it leaves you {100_000 - balance:,} in debt "
        f"(you have {balance:,})."
    )
    qtbot.waitUntil(lambda: prompt_keys(win) == ["rebid", "sure-bid:100000"], timeout=WAIT)
    for key in ("rebid", "sure-bid:100000"):  # asked on show, it was squeezed into the old size
        button = prompt.findChild(QPushButton, key)
        assert button.size().expandedTo(button.sizeHint()) == button.size(), key
    assert prompt.label.width() >= prompt.label.sizeHint().width()
    qtbot.mouseClick(prompt.findChild(QPushButton, "rebid"), LEFT)
    assert len(actions(win)) == n
    qtbot.waitUntil(lambda: prompt_keys(win)[:2] == [f"bid:{d.low}", f"bid:{d.low + 1}"])
    box = prompt.amount  # the bid typed is there to change, selected
    assert box.value() == 100_000 and box.lineEdit().selectedText() == "100000"
    type_bid()
    qtbot.mouseClick(prompt.findChild(QPushButton, "sure-bid:100000"), LEFT)
    qtbot.waitUntil(lambda: len(actions(win)) > n, timeout=WAIT)
    assert actions(win)[n] == "0 bid 100000"
