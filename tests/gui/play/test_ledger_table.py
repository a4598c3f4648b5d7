"""Every deal is the person's (issue 24), at the real table: their stakes are said as the
cards are dealt, each counter they pay or take is said in the log with its reason, their
forced cards leave their hand as theirs with the reason, and the deal summary opens with
their own lines. Driven through the real window."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from game_driver import drive, find_seed, open_game
from gamecore.actions import Play
from gamecore.cards import card_label
from gamecore.decisions import PlayChoice
from gamecore.review import review_deal
from gui.model import ledger
from gui.windows.dialogs import DealSummaryDialog

FIRST_SEAT = {"gen.firstDealer": "seat"}  # the person deals first


def _forced_card(deal, d) -> bool:
    """The person's card decision with one legal card."""
    return isinstance(d, PlayChoice) and d.seat == 0 and d.forced


def test_the_persons_stake_as_dealer_is_said_and_opens_the_summary(qtbot):
    win = open_game(qtbot, "spinado", 3, options=FIRST_SEAT)
    c = win.controller
    stake = (
        "You put 24 on the layout: 12 on the Matrimony pool, 6 on the Intrigue pool and 6 "
        "on the Game pool, your stake as dealer, paid before the cards are seen."
    )
    assert c.log[1:3] == ["Deal 1 of 4: you deal.", stake]
    assert drive(qtbot, win) is None
    dlg = c.dialog
    assert isinstance(dlg, DealSummaryDialog)
    summary = dlg.summary
    assert summary.ledger[0] == stake
    assert summary.ledger == ledger.deal_ledger(c.session, c.words, 0)
    # every line of the person's ledger was said in the log as the counters moved
    assert all(line in c.log for line in summary.ledger)
    own = dlg.findChild(QLabel, "ledger")
    assert own is not None and own.isVisible()
    assert own.text().startswith("You put 24 on the layout: 12 on the Matrimony pool")
    stock = dlg.findChild(QLabel, "stock").text()
    assert stock.startswith("Widow: ")  # the game's own word (SN-6), not "Stock"


def test_a_forced_card_leaves_the_hand_as_the_persons_with_its_reason(qtbot):
    seed, _ = find_seed("newmarket", 4, {}, _forced_card)
    win = open_game(qtbot, "newmarket", seed)
    c = win.controller
    assert drive(qtbot, win) is None  # the forced cards play themselves
    review = review_deal(c.session, 1)
    # once the person has looked at the hand: a card of theirs chosen before (a forced
    # card before any choice waits for its click)
    plays = [s for s in review.steps if s.seat == 0 and isinstance(s.action, Play)]
    first = next(i for i, step in enumerate(plays) if not step.forced)
    forced = [step.action for step in plays[first:] if step.forced]
    assert forced
    for action in forced:
        label = card_label(action.card)
        assert f"Your only card to play: {label}" in win.view.announced
        said = [line for line in c.log if f" {label}, the only card you could play: " in line]
        assert len(said) == 1 and said[0].startswith(("You play ", "You lead "))


def _first_card_forced(deal, d) -> bool:
    """The person's card decision with one legal card, before any card of theirs."""
    return isinstance(d, PlayChoice) and d.seat == 0 and d.forced


def test_a_forced_card_waits_for_the_person_until_they_have_looked_at_the_hand(qtbot):
    """Forced cards played themselves before the person had looked at the hand: eight
    moves of a first Pope Joan deal were made for "You" before anything was touched. A
    forced card before the person's first choice of the deal waits for their click; the
    forced cards after a choice play themselves (STOP-14). "Play them for me" in Settings
    plays every one."""
    from game_driver import perform

    for seed in range(40):
        win = open_game(qtbot, "pope-joan", seed, players=3)
        c = win.controller
        d = drive(qtbot, win, stop=_first_card_forced)  # a forced card that waits
        if d is not None:
            break
        win.close()
    else:
        raise AssertionError("no deal began with a forced card of the person's")
    assert not c.plays_itself(d) and c.state == "human"  # settled: nothing scheduled
    c.auto_play = True  # Settings: "Play them for me" plays even the first
    assert c.plays_itself(d)
    c.auto_play = None
    perform(qtbot, win, d.actions[0])  # clicked, it is played
    assert drive(qtbot, win) is None
    review = review_deal(c.session, 1)
    plays = [s for s in review.steps if s.seat == 0 and isinstance(s.action, Play)]
    assert plays[0].forced and plays[0].action == d.actions[0]
