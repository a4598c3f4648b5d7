"""The review window of a game without play (Matrimony), through the real widgets: each step's
stakes with no card on the table (none is dealt while the stakes are made), then every
seat's cards as dealt, face up, at the last step, for the whole table and for each seat's
view alike (every card is public once the deal is resolved, GEN-9); the undealt pack is
never shown (MT-6); the words of the steps and of the end."""

from __future__ import annotations

import pytest

from gamecore.record import read_record, replay_session
from gui.model import reviewtext
from gui.windows.reviewwindow import ReviewWindow
from paths import DATA


def _window(qtbot, record, deal: int | None = None) -> ReviewWindow:
    win = ReviewWindow(None, record, deal, people=[0], person=0, reveal=False)
    qtbot.addWidget(win)
    win.show()
    win.resize(1280, 800)
    qtbot.waitExposed(win)
    return win


@pytest.mark.parametrize("folder", ["matrimony-f", "matrimony-h"])
def test_the_stakes_step_by_step_then_the_cards_as_dealt(qtbot, folder):
    record = read_record(DATA / "conformance" / folder / "001.json")
    win = _window(qtbot, record)
    review = win.review
    number = reviewtext.first_review_deal(replay_session(record))
    assert review.number == number and review.finished
    for seat in (None, *range(len(review.players))):
        if seat is not None:
            win.seat_box.setCurrentIndex(win.seat_box.findData(seat))
        for k in range(len(review)):
            win.go(k)
            snap = win.view.snapshot
            assert snap.mode == "chance"
            assert [pv.amount for pv in snap.pools] == list(review.steps[k].pools)
            assert [sv.balance for sv in snap.seats] == list(review.steps[k].balances)
            if k < review.last:
                assert set(win.view.cards) == set() and snap.stock_count == 52
                continue
            dealt = {c for hand in review.hands for c in hand}
            assert set(win.view.cards) == dealt  # every card public: no stock card
            assert all(item.face_up for item in win.view.cards.values())
            assert snap.stock_count == 52 - len(dealt)
    text = win.step_text.toPlainText()
    assert "The deal is over" in text
    assert "The undealt pack" not in text


def test_a_step_says_the_stake_the_split_and_what_the_cards_did(qtbot):
    record = read_record(DATA / "conformance" / "matrimony-f" / "001.json")
    win = _window(qtbot, record)
    review = win.review
    win.go(0)
    text = win.step_text.toPlainText()
    dealer = review.dealer
    assert f"{review.players[dealer]} names the stake." in text or "name the stake" in text
    assert "Choices: a stake of 1 or more." in text
    win.go(1)
    text = win.step_text.toPlainText()
    assert "Choices: any spread of 4 counters over the pools." in text
    win.go(review.last)
    text = win.step_text.toPlainText()
    assert "The cards are dealt: one card face down and one face up to each player" in text
    # deal 2: Cat's face-up card is the A♦, which sweeps the layout (MT-7)
    win = _window(qtbot, record, 2)
    win.go(win.review.last)
    text = win.step_text.toPlainText()
    assert "Cat turns up the A♦: the whole layout is Cat's" in text
    for label in ("Matrimony", "Intrigue", "Confederacy", "Pair", "Best"):
        assert f"Cat takes {label} (" in text
