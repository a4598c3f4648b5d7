"""Michigan's auction with two people at one screen (issue 27, MI-8): a person bids with the
panel's button between privacy screens, the high bid and its bidder are in view for the
next bidder, the widow goes unseen to the high bidder and no one else's hand, the widow or
the dead hand is ever face up."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from gamecore.actions import Play, Widow
from gamecore.decisions import BidChoice
from gui.model.setup import Setup
from gui.play.seats import SeatKind
from gui.table.items import CardItem
from gui.windows.dialogs import DealSummaryDialog
from gui.windows.mainwindow import MainWindow

SEATS = [
    SeatKind("Ann", True),
    SeatKind("Ben", False),
    SeatKind("Cat", True),
    SeatKind("Dan", False),
]
PEOPLE = {0, 2}
#: A deal where the dealer sells the widow and a person's bid takes it (MI-8).
SEED = 2


def _face_up(window: MainWindow) -> set[int]:
    return {
        item.card
        for item in window.view.scene().items()
        if isinstance(item, CardItem) and item.face_up and item.isVisible()
    }


def _click(qtbot, window: MainWindow, card: int) -> None:
    view = window.view
    pos = view.mapFromScene(view.cards[card].sceneBoundingRect().center())
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos
    )


def _button(window: MainWindow, key: str) -> QPushButton:
    button = window.view.prompt.findChild(QPushButton, key)
    assert button is not None and button.isVisible(), key
    return button


def _ready(c) -> bool:
    return c.privacy_up or c.dialog is not None or c.state in ("human", "summary")


def _check_hidden(window: MainWindow, widow: int) -> None:
    """Only the person at the screen's own hand is face up: no other hand, and neither the
    widow (before the sale) nor the dead hand (after it)."""
    c = window.controller
    deal = c.session.deal
    shown = _face_up(window) - {card for card, _row, _col in window.view.snapshot.played}
    mine = {card for card in shown if deal.holder(card) == c.human}
    assert shown == mine, f"someone else's cards are face up: {sorted(shown - mine)}"
    if deal.widow_to is None:
        assert not shown & _cards(widow)


def _cards(mask: int) -> set[int]:
    return {card for card in range(52) if mask >> card & 1}


def test_mi8_a_person_bids_for_the_widow_at_one_screen_and_takes_it_unseen(qtbot):
    window = MainWindow(pace=0, seed=SEED)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    c = window.controller
    c.new_session(Setup("michigan", seats=SEATS))
    widow = c.session.deal.stock  # MI-6: the widow, dealt first
    before = list(c.session.deal.balances)
    bids: list[tuple[int, int]] = []
    high_bids_seen: list[str] = []
    sold = False
    for _ in range(400):
        qtbot.waitUntil(lambda: _ready(c), timeout=5000)
        deal = c.session.deal
        if c.privacy_up:
            assert _face_up(window) <= {card for card, _r, _c in window.view.snapshot.played}
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        if isinstance(c.dialog, DealSummaryDialog):
            break
        _check_hidden(window, widow)
        if deal.widow_to is not None and not sold:  # just sold: the buyer holds the widow
            sold = True
            assert all(deal.holder(card) == deal.widow_to for card in _cards(widow))
            paid = [now - then for now, then in zip(deal.balances, before, strict=True)]
            assert paid == [0, deal.widow_price, -deal.widow_price, 0]  # to Ben, the dealer
        d = deal.decision()
        assert d.seat == c.human and d.seat in PEOPLE
        if isinstance(d, BidChoice):
            text = window.view.prompt.label.text()
            if deal.high_bidder is not None:  # the high bid and its bidder in view
                who = c.session.players[deal.high_bidder]
                assert f"High bid: {deal.high_bid} ({who})." in text
                high_bids_seen.append(f"{c.session.players[d.seat]} sees {deal.high_bid} ({who})")
            else:
                assert "No bid yet." in text
            if bids:  # one bid each is enough: a later turn passes, for good
                qtbot.mouseClick(_button(window, "pass"), Qt.MouseButton.LeftButton)
                continue
            qtbot.mouseClick(_button(window, f"bid:{d.low}"), Qt.MouseButton.LeftButton)
            bids.append((d.seat, d.low))
            assert (deal.high_bid, deal.high_bidder) == (d.low, d.seat)
            continue
        action = d.actions[0]
        if isinstance(action, Widow):  # a person dealing puts the widow up for sale
            qtbot.mouseClick(_button(window, "auction"), Qt.MouseButton.LeftButton)
        else:
            assert isinstance(action, Play)
            _click(qtbot, window, action.card)
    else:
        raise AssertionError("the deal did not end")
    deal = c.session.deal
    assert deal.over and len(bids) == 1
    bidder, price = bids[0]
    # Cat, the eldest, bids the least (1); Dan passes; Ann sees Cat's bid and passes; Cat
    # pays Ben, the dealer, and takes the widow unseen (MI-8).
    assert (bidder, price, deal.dealer) == (2, 1, 1)
    assert (deal.widow_to, deal.widow_price) == (bidder, price) and sold
    assert high_bids_seen == ["Ann sees 1 (Cat)"]
