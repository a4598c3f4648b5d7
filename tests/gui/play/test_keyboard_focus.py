"""The keyboard stays on the table: after the stake and the spread are made with Enter, with
the coach and a notice above the table, the arrows and Enter play a card without a click
first (the focus used to be left on the bars above the table, where the keys did nothing);
turning the coach off with a click gives the keys back to what was waiting for them; the
table has the keys from the start; a rob never has the ring ready for one stray Enter."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from game_driver import actions, find_seed, open_game, reach, rob_offered
from gamecore.actions import Play
from gamecore.cards import card_code, card_label
from gamecore.decisions import PlayChoice, SplitChoice, StakeChoice
from gamecore.match import first_jack_dealer, shuffled
from gui.play import controller as ctl
from gui.play.advisor import HINT
from gui.play.seats import Advice
from gui.windows.mainwindow import MainWindow
from table_driver import WAIT, open_window


def _seed_where_person_deals_first() -> int:
    for seed in range(1000):
        if first_jack_dealer(shuffled((1 << 52) - 1, random.Random(seed)), 4) == 0:
            return seed
    raise AssertionError("no seed found")


def _coached(qtbot) -> MainWindow:
    win = open_window(qtbot, seed=_seed_where_person_deals_first())
    win.resize(796, 576)
    win.add_notice("Your last game was kept as 2024-06-11-1.json in the abandoned games.")
    c = win.controller
    c.advisor.coaching = True
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=WAIT)
    qtbot.waitUntil(
        lambda: c.state == ctl.STAKING and isinstance(c.session.decision(), StakeChoice),
        timeout=WAIT,
    )
    return win


def _key(qtbot, key: Qt.Key) -> None:
    """A key pressed where the keyboard focus is, as a person's key goes."""
    target = QApplication.focusWidget()
    assert target is not None
    qtbot.keyClick(target, key)


def test_after_the_stake_and_spread_by_keyboard_the_arrows_and_enter_play_a_card(qtbot):
    win = _coached(qtbot)
    c = win.controller
    _key(qtbot, Qt.Key.Key_Return)  # the stake
    qtbot.waitUntil(lambda: isinstance(c.session.decision(), SplitChoice), timeout=WAIT)
    qtbot.waitUntil(lambda: c.state == ctl.STAKING, timeout=WAIT)
    _key(qtbot, Qt.Key.Key_Return)  # the spread
    qtbot.waitUntil(
        lambda: (
            c.state == ctl.HUMAN
            and isinstance(c.session.decision(), PlayChoice)
            and c.session.decision().seat == 0
        ),
        timeout=WAIT,
    )
    qtbot.waitUntil(win.coach.isVisible, timeout=WAIT)
    assert QApplication.focusWidget() is win.view
    played = len(c.session.logs[-1].actions)
    _key(qtbot, Qt.Key.Key_Right)
    assert win.view.focus_card is not None
    _key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) > played, timeout=WAIT)
    assert c.session.logs[-1].actions[played].startswith("0 ")


def test_turning_the_coach_off_with_a_click_leaves_the_keys_with_the_spread_panel(qtbot):
    win = _coached(qtbot)
    c = win.controller
    _key(qtbot, Qt.Key.Key_Return)  # the stake
    qtbot.waitUntil(
        lambda: c.state == ctl.STAKING and isinstance(c.session.decision(), SplitChoice),
        timeout=WAIT,
    )
    qtbot.waitUntil(win.coach.isVisible, timeout=WAIT)
    qtbot.mouseClick(win.coach.findChild(QPushButton, "coachOff"), Qt.MouseButton.LeftButton)
    assert not win.coach.isVisible()
    panel = win.view.stake_panel
    assert panel.isAncestorOf(QApplication.focusWidget()) or QApplication.focusWidget() is panel
    _key(qtbot, Qt.Key.Key_Return)  # the spread
    qtbot.waitUntil(
        lambda: not isinstance(c.session.decision(), SplitChoice) or c.session.decision().seat != 0,
        timeout=WAIT,
    )


def test_the_table_has_the_keys_when_the_window_opens(qtbot):
    """Without a staking panel first (Spoil Five), Enter and the arrows did nothing until a
    Tab: nothing had the focus."""
    seed, expected = find_seed("spoil-five", 4, {}, _a_choice_of_cards)
    win = open_game(qtbot, "spoil-five", seed)
    assert win.focusWidget() is win.view  # the window's focus, given when it is activated
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=WAIT)
    reach(qtbot, win, _a_choice_of_cards, expected)
    assert QApplication.focusWidget() is win.view
    _key(qtbot, Qt.Key.Key_Right)
    assert win.view.focus_card is not None


def _a_choice_of_cards(deal, d) -> bool:
    return isinstance(d, PlayChoice) and d.seat == 0 and not d.forced and not rob_offered(deal, d)


def test_a_rob_never_starts_with_the_ring_ready_and_a_card_come_in_turns_it_off(qtbot):
    """At a rob every card of the hand is a discard: one stray Enter must not throw one
    away, even after cards played with Enter. The turn-up robbed into the hand (as a new
    deal, an undo, another person's hand) ends the ring's readiness."""
    seed, expected = find_seed("spoil-five", 4, {}, rob_offered)
    win = open_game(qtbot, "spoil-five", seed)
    c, view = win.controller, win.view
    d = reach(qtbot, win, rob_offered, expected)
    assert view.prompt.isVisible()
    view.keys_play = True  # as after a card played with Enter
    c.person.ask(d)
    assert view.focus_card is None
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Return)  # the first Enter only shows the ring
    ringed = view.focus_card
    assert actions(win) == expected and ringed is not None
    qtbot.keyClick(view, Qt.Key.Key_Return)  # the second robs with the card in the ring
    qtbot.waitUntil(lambda: len(actions(win)) > len(expected), timeout=WAIT)
    assert actions(win)[len(expected)] == f"0 rob {card_code(ringed)}"
    assert c.session.deal.robbed_by == 0
    qtbot.waitUntil(lambda: c.session.deal.turnup in view.snapshot.hand, timeout=WAIT)
    assert not view.keys_play


def test_at_a_rob_enter_presses_the_button_with_the_focus_and_a_ring_ends_with_the_rob(qtbot):
    """Tab to Decline and Enter declines (Enter fell through to the table and robbed with
    the ringed card); the ring put at the rob (a discard) is gone at the lead."""
    seed, expected = find_seed("spoil-five", 4, {}, rob_offered)
    win = open_game(qtbot, "spoil-five", seed)
    c, view = win.controller, win.view
    reach(qtbot, win, rob_offered, expected)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Return)  # the ring on a discard
    assert view.focus_card is not None
    decline = view.prompt.findChild(QPushButton, "decline")
    rim = decline.grab().toImage().pixelColor(1, decline.height() // 2).name()
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is decline
    # the focus shows on the dark panel: a gold rim (the style's thin blue line did not)
    focused = decline.grab().toImage().pixelColor(1, decline.height() // 2).name()
    assert (rim, focused) == ("#8c8066", "#f2c94c")
    _key(qtbot, Qt.Key.Key_Return)
    assert actions(win)[len(expected)] == "0 decline"
    qtbot.waitUntil(
        lambda: c.state == ctl.HUMAN and c.session.deal.decision().seat == 0, timeout=WAIT
    )
    assert view.focus_card is None


def test_at_a_rob_tab_goes_round_the_buttons_and_the_hand_and_the_ring_shows_where_the_keys_are(
    qtbot,
):
    """Tab at the rob kept the keys among the buttons (no way back to the hand to rob);
    the ring stayed on a card while Enter would press Decline."""
    seed, expected = find_seed("spoil-five", 4, {}, rob_offered)
    win = open_game(qtbot, "spoil-five", seed)
    view = win.view
    reach(qtbot, win, rob_offered, expected)
    win.activateWindow()
    view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view, timeout=WAIT)
    _key(qtbot, Qt.Key.Key_Right)
    ringed = view.cards[view.focus_card]
    assert ringed.focused
    decline = view.prompt.findChild(QPushButton, "decline")
    _key(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is decline and not ringed.focused
    _key(qtbot, Qt.Key.Key_Tab)  # past the last button: the hand
    assert QApplication.focusWidget() is view and ringed.focused
    _key(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is decline
    _key(qtbot, Qt.Key.Key_Escape)  # Escape on a button: back to the hand
    assert QApplication.focusWidget() is view and ringed.focused
    assert actions(win) == expected  # nothing answered by any of it


def test_a_hint_arriving_after_the_ring_was_moved_leaves_it_where_the_person_put_it(
    qtbot, monkeypatch
):
    """Asked for a hint, then moved the ring with the arrows: the hint arriving later moved
    it to its own card, and an Enter at that moment played a card nobody chose."""
    seed, expected = find_seed("spoil-five", 4, {}, _a_choice_of_cards)
    win = open_game(qtbot, "spoil-five", seed)
    c, view = win.controller, win.view
    d = reach(qtbot, win, _a_choice_of_cards, expected)
    monkeypatch.setattr(c.thinker, "advise", lambda *a: None)  # the search is late
    win.hint_action.trigger()
    assert win.status_label.text() == "Thinking about a hint…"
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    mine = view.focus_card
    hinted = next(a.card for a in d.actions if a.card != mine)
    moment = (len(c.session.logs), len(c.session.logs[-1].actions))
    c.thinker.advised.emit(Advice(Play(0, hinted), "a reason", HINT, moment), c.token)
    assert win.status_label.text() == f"Hint: play {card_label(hinted)} — a reason."
    assert view.focus_card == mine
