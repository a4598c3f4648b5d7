"""Commit at the table (cousins §2): the Commit offer as a prompt on the table with two
answers, by the mouse and by the keyboard (CM-10), a whole session played through the
table's widgets against computer players, a computer's offer that shows nobody to play,
and the hot seat, where whether the screen is handed to a person during a turn round
does not depend on who holds the 9♦ (offers are private)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

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
from gamecore.actions import Pass, Play
from gamecore.cards import cards_in, parse_card
from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gui.model.prompts import hand_over_words
from gui.play import controller as ctl
from gui.play.turnround import NO_SIX
from gui.windows.dialogs import DealSummaryDialog
from gui.windows.mainwindow import MainWindow
from table_driver import LEFT, WAIT, click_button, key_button, key_play, prompt_keys

NINE_D = parse_card("9D")


def offered_to_you(deal, d) -> bool:
    """The person (seat 0) is offered the Commit (CM-10)."""
    return isinstance(d, PlayChoice) and d.seat == 0 and Pass(0) in d.actions


def test_the_offer_by_mouse_pass_then_the_deal_played_out(qtbot):
    """The prompt offers "Play the Commit (9♦)" and "Pass"; the 9♦ is raised in the hand.
    A pass by the mouse is recorded ``0 pass``; the deal is then played to its summary by
    the mouse (a later offer answered by clicking the 9♦)."""
    seed, expected = find_seed("commit", 4, {}, offered_to_you)
    win = open_game(qtbot, "commit", seed)
    reach(qtbot, win, offered_to_you, expected)
    assert prompt_keys(win) == ["commit", "pass"]
    assert win.view.prompt.findChild(QPushButton, "commit").text() == "Play the Commit (9♦)"
    text = win.view.prompt.label.text()  # in place of the next card, or after a stop
    assert "in place of the" in text or "ends the run" in text
    assert win.view.cards[NINE_D].playable
    perform(qtbot, win, Pass(0))
    assert drive(qtbot, win) is None
    assert isinstance(win.controller.dialog, DealSummaryDialog)


def test_the_offer_by_keyboard_plays_the_commit(qtbot):
    """Tab reaches the prompt's first button, Space plays the Commit: every other player
    pays 2 (CM-11) and the table calls it."""
    seed, expected = find_seed("commit", 4, {}, offered_to_you)
    win = open_game(qtbot, "commit", seed)
    reach(qtbot, win, offered_to_you, expected)
    c = win.controller
    before = list(c.session.balances)
    n = len(actions(win))
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_Tab)
    focused = win.view.prompt.findChild(QPushButton, "commit")
    qtbot.waitUntil(focused.hasFocus, timeout=WAIT)
    qtbot.keyClick(focused, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: len(actions(win)) > n, timeout=WAIT)
    assert actions(win)[n] == "0 9D"
    assert c.session.balances[0] - before[0] == 6  # 2 from each of three
    assert any(line == "You play 9♦: Commit!" for line in c.log)
    assert not win.view.prompt.isVisible()


def test_a_whole_session_through_the_table_mouse_and_keyboard(qtbot):
    """Three players, one round: every deal played to its summary through the table's
    widgets, the person's cards alternately clicked and played by the keyboard, each offer
    of the Commit answered with a prompt button (keyboard and mouse in turn); the final
    standings show, and the counters are conserved (GEN-5)."""
    win = open_game(qtbot, "commit", 3, players=3, options={"gen.rounds": 1})
    c = win.controller
    session = c.session
    total = sum(session.start_balances) + sum(session.start_pools)
    moves = offers = 0
    for _ in range(400):
        wait_settled(qtbot, win)
        if c.state == ctl.OVER:
            break
        if c.state == ctl.SUMMARY:
            click_button(qtbot, c.dialog, c.dialog.findChild(QPushButton, "next"))
            continue
        deal = session.deal
        d = deal.decision()
        n = len(actions(win))
        if Pass(0) in d.actions:
            offers += 1
            key = "pass" if offers % 2 else "commit"
            button = win.view.prompt.findChild(QPushButton, key)
            if offers % 4 < 2:
                qtbot.mouseClick(button, LEFT)
            else:  # Tab to the button: it must take the focus before Space presses it
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
    assert len(session.logs) == 3 and all(log.finished for log in session.logs)
    assert sum(session.balances) + sum(session.pools) == total
    assert moves >= 6 and offers >= 2


def test_a_computers_offer_shows_nobody_to_play(qtbot):
    """While a computer decides about the Commit, the person's table shows no seat acting
    and a card of the person's is refused with "the turn is going round" (CM-10)."""
    game = make_game("commit")
    hands = ["4S 5S 10C 2H", "KH 7C 8C", "9D JH QH 3C", "6S 7S 2D"]
    session = Session(game, ["You", "Ben", "Cat", "Dan"], first_dealer=3)
    cards = [[parse_card(x) for x in h.split()] for h in hands]
    held = {x for h in cards for x in h}
    session.start_deal(cards, [x for x in cards_in(game.pack) if x not in held], None)
    for text in ("0 4S", "0 5S"):
        session.apply(Play(0, parse_card(text.split()[1])))
    assert session.deal.round_from == 0 and session.deal.current == 2
    win = MainWindow(pace=0, seed=1)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    c = win.controller
    c.resume(session, [True, False, False, False])
    c._timer.stop()  # the computer's turn is not asked: the table stays at its offer
    c.refresh(thinking=True)
    snap = win.view.snapshot
    assert not any(s.acting or s.thinking for s in snap.seats)
    c.set_state(ctl.HUMAN)
    c.person.chose_card(parse_card("10C"))
    assert win.status_label.text() == "Wait: the turn is going round."


def _hot_seat_twin(qtbot, nine_at: int) -> tuple[list[int], list[str]]:
    """Two people (seats 0, 1) and two computers; the computer in seat 3 leads, and the
    turn round after its card visits seats 0 and 1, who lack the next card; the 9♦ lies
    with seat ``nine_at`` (exchanged with the 8♥). The people pass every offer and say "No
    six" when asked, until one of them has a card to play or the deal ends. Returns the
    seats the screen was handed to, in order, and the table's log until then (the hands
    shown at the end of the deal aside)."""
    game = make_game("commit")
    first, second = (["9D", "4H", "5H"], ["6H", "7H", "8H"])
    if nine_at == 1:
        first, second = (["8H", "4H", "5H"], ["6H", "7H", "9D"])
    hands = [first, second, ["3S", "4S", "3C", "10H"], ["2S", "2C"]]
    cards = [[parse_card(x) for x in h] for h in hands]
    held = {x for h in cards for x in h}
    session = Session(game, ["Ann", "Bob", "Cy", "Di"], first_dealer=2)
    session.start_deal(cards, [x for x in cards_in(game.pack) if x not in held], None)
    win = MainWindow(pace=0, seed=5)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    c = win.controller
    c.resume(session, [True, True, False, False])
    screens: list[int] = []
    for _ in range(80):
        qtbot.waitUntil(
            lambda: c.privacy_up or c.state == ctl.SUMMARY or _prompt_or_card(c, win),
            timeout=WAIT,
        )
        if c.privacy_up:
            screens.append(c.pending_person)
            # The status line is the hand-over's, never the last person's (their offer)
            name = c.session.players[c.pending_person]
            assert win.status_label.text() == hand_over_words(name)[0]
            qtbot.mouseClick(c.privacy.button, LEFT)
            continue
        if c.state == ctl.SUMMARY or not win.view.prompt.isVisible():
            break  # a person's own card to play, or the deal is over
        keys = prompt_keys(win)
        if NO_SIX in keys:  # the round waits on this person: the marker is theirs alone
            acting = [s for s, v in enumerate(win.view.snapshot.seats) if v.acting]
            assert acting == [c.human]
        qtbot.mouseClick(win.view.prompt.findChild(QPushButton, keys[-1]), LEFT)
    else:
        pytest.fail("the round never came to a person's card")
    log = list(c.log)
    out = next((i for i, line in enumerate(log) if line.endswith(" out!")), len(log))
    return screens, log[: out + 1]


def _prompt_or_card(c, win: MainWindow) -> bool:
    """The person at the screen is asked something and nothing else is pending."""
    return c.state == ctl.HUMAN and not c._timer.isActive() and not win.view.busy


def test_hot_seat_hands_over_alike_whoever_holds_the_commit(qtbot):
    """CM-10, offers are private: with the 9♦ in seat 0's hand (offered, he passes) or in
    seat 1's (seat 0 says "No six", seat 1 is offered and passes), the screen is handed to
    the same people in the same order, and the table's log says the same."""
    one = _hot_seat_twin(qtbot, 0)
    two = _hot_seat_twin(qtbot, 1)
    assert one == two
    screens, log = one
    assert screens[:2] == [0, 1]  # the round after the computer's lead reaches both
    resumed = next(i for i, line in enumerate(log) if line.startswith("Resumed: "))
    assert log[resumed + 1].startswith("Di leads 2")


def _saving_window(qtbot, path, seed: int) -> MainWindow:
    win = MainWindow(pace=0, seed=seed, autosave=path)
    qtbot.addWidget(win)
    win.game_name, win.players, win.options = "commit", 4, {}
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_autosave_and_resume_in_the_middle_of_an_offer(qtbot, tmp_path):
    """The game is saved while the person is offered the Commit; resumed, the table asks
    the same question again, and the pass is recorded after the same actions."""
    seed, expected = find_seed("commit", 4, {}, offered_to_you)
    path = tmp_path / "auto.parlour.json"
    win = _saving_window(qtbot, path, seed)
    win.start()
    reach(qtbot, win, offered_to_you, expected)
    assert win.controller.keeper.flush_autosave()
    win.close()
    again = _saving_window(qtbot, path, 99)
    again.start(resume=True)
    qtbot.waitUntil(lambda: again.loading is None and again.controller.session is not None)
    wait_settled(qtbot, again)
    c = again.controller
    assert actions(again) == expected
    assert offered_to_you(c.session.deal, c.session.deal.decision())
    assert prompt_keys(again) == ["commit", "pass"]
    perform(qtbot, again, Pass(0))
    assert actions(again)[: len(expected) + 1] == [*expected, "0 pass"]


def test_the_review_window_passes_over_another_seats_offer_in_a_seat_view(qtbot):
    """An unfinished deal reviewed as the person saw it: stepping forward from the 5♠ goes
    straight past Cat's offer (she passed) to the D's 6♠ (CM-10, GEN-9)."""
    from gui.windows.reviewwindow import ReviewWindow

    game = make_game("commit")
    hands = ["4S 5S 10C 2H", "KH 7C 8C", "9D JH QH 3C", "6S 7S 2D"]
    session = Session(game, ["You", "Ben", "Cat", "Dan"], first_dealer=3)
    cards = [[parse_card(x) for x in h.split()] for h in hands]
    held = {x for h in cards for x in h}
    session.start_deal(cards, [x for x in cards_in(game.pack) if x not in held], None)
    for seat, card in ((0, "4S"), (0, "5S")):
        session.apply(Play(seat, parse_card(card)))
    session.apply(Pass(2))
    session.apply(Play(3, parse_card("6S")))
    win = ReviewWindow(None, session, 1, people=[0], person=0, reveal=False)
    qtbot.addWidget(win)
    win.go(1)
    win.go(2)  # Cat's offer: not in the person's view
    assert win.step == 3
    win.go(2)  # and back over it
    assert win.step == 1
