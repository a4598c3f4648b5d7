"""An offer of the Commit takes the table the same time whoever holds the 9♦ (CM-10:
offers are private). After a card that opens a turn round, the table looks at the next
decision after the same pause whether a computer was offered the 9♦ and declined it or
nobody was offered anything: a Hard computer's search at an offer would otherwise show as
a pause that a round without an offer does not have."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt

from game_driver import perform, prompt_button
from gamecore.actions import Pass, Play
from gamecore.agents import agent_for
from gamecore.agents.levels import HardAgent
from gamecore.cards import cards_in, parse_card
from gamecore.games import make_game
from gamecore.match import Session
from gui.play.offerclock import OfferClock, offer_wait_ms
from gui.play.turnround import NO_SIX
from gui.windows.mainwindow import MainWindow
from table_driver import WAIT

GAME = make_game("commit")


def _commit_session(nine: str) -> Session:
    """Seat 0 (the person) leads 4♠ and holds 5♠; the 6♠ is with seat 3. With ``nine`` =
    "9D" seat 2 holds the 9♦ and is offered it after the 5♠; with "9C" the 9♦ is in the
    stock and nobody is offered anything."""
    hands = ["4S 5S 10C 2H", "KH 7C 8C", f"{nine} JH QH 3C", "6S 7S 2D"]
    session = Session(GAME, ["You", "Ben", "Cat", "Dan"], first_dealer=3)
    cards = [[parse_card(x) for x in h.split()] for h in hands]
    held = {x for h in cards for x in h}
    session.start_deal(cards, [x for x in cards_in(GAME.pack) if x not in held], None)
    session.apply(Play(0, parse_card("4S")))
    return session


class Clock:
    """A test's clock for :class:`OfferClock`: seconds, moved by hand."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_the_wait_is_the_longest_hard_may_think() -> None:
    hard = HardAgent(GAME)
    assert hard.time_budget == pytest.approx(0.4)
    assert offer_wait_ms({1: hard, 2: agent_for(GAME)}) == 500
    assert offer_wait_ms({1: agent_for(GAME), 2: agent_for(GAME)}) == 0
    assert offer_wait_ms({1: HardAgent(GAME, iterations=50)}) == 0  # no clock: no wait
    assert offer_wait_ms({}) == 0


def test_after_a_card_that_opens_a_round_the_wait_is_the_same() -> None:
    clock = Clock()
    offers = OfferClock(clock)
    offered, not_offered = _commit_session("9D"), _commit_session("9C")
    five = Play(0, parse_card("5S"))
    for session in (offered, not_offered):
        session.apply(five)
    assert offered.deal.round_from == 0 and offered.deal.decision().seat == 2
    assert not_offered.deal.round_from is None
    computer = lambda seat: seat != 0  # noqa: E731
    # no offer: the table waits the longest an offer may take, not the card's 350 ms
    assert offers.after(not_offered.deal, five, 350, 500)
    clock.t = 100.1
    assert offers.gate(not_offered.deal, computer) == 400
    assert offers.gate(not_offered.deal, computer) == 0  # spent: then it goes on
    assert offers.hold() == 0
    # a computer offered the 9♦: asked at once, its answer held to the same moment
    clock.t = 100.0
    assert offers.after(offered.deal, five, 350, 500)
    clock.t = 100.1
    assert offers.gate(offered.deal, computer) == 0
    assert offers.due == pytest.approx(100.5)
    clock.t = 100.2
    assert offers.hold() == 300
    assert offers.hold() == 0  # spent: the next decision is not held
    # the person offered the 9♦ is asked after the same wait as a round without offer
    clock.t = 100.0
    assert offers.after(offered.deal, five, 350, 500)
    assert offers.gate(offered.deal, lambda seat: False) == 500
    # the card's pause when it is the longer one; Easy and Normal tables wait no longer
    assert offers.after(not_offered.deal, five, 650, 500)
    assert offers.gate(not_offered.deal, computer) == 650
    assert offers.after(not_offered.deal, five, 350, 0)
    assert offers.gate(not_offered.deal, computer) == 350


def test_a_person_saying_no_six_starts_the_wait_again() -> None:
    clock = Clock()
    offers = OfferClock(clock)
    session = _commit_session("9D")
    five = Play(0, parse_card("5S"))
    session.apply(five)
    assert offers.after(session.deal, five, 350, 500)
    clock.t = 103.0  # the person took three seconds to say "No six"
    offers.restart(500)
    clock.t = 103.1
    assert offers.gate(session.deal, lambda seat: True) == 0
    assert offers.due == pytest.approx(103.5)
    offers.restart(500)  # no round waits: nothing starts
    assert offers.start is None


def test_other_moves_keep_their_own_pause() -> None:
    clock = Clock()
    offers = OfferClock(clock)
    session = _commit_session("9D")
    session.apply(Play(0, parse_card("5S")))
    assert not offers.after(session.deal, Pass(2), 0, 500)  # the pass
    assert offers.gate(session.deal, lambda s: True) == 0
    nm = Session(make_game("newmarket"), ["A", "B", "C", "D"], first_dealer=3)
    nm.start_deal_seeded(7)
    normal, rng = agent_for(nm.game), random.Random(1)
    while True:  # the stakes, then the first card
        obs = nm.deal.observation(nm.deal.decision().seat)
        action = normal.choose(nm.game, obs, rng)
        nm.apply(action)
        if isinstance(action, Play):
            break
    assert not offers.after(nm.deal, action, 350, 500)  # no substitute in Newmarket
    assert offers.gate(nm.deal, lambda s: True) == 0


class QuickHard(HardAgent):
    """A Hard player on the table's clock that answers at once (no search in a test): the
    9♦ is declined, and a card is the first legal one."""

    def choose(self, game, obs, rng: random.Random):  # type: ignore[no-untyped-def]
        acts = obs.decision.actions
        return next((a for a in acts if isinstance(a, Pass)), acts[0])


def _window(qtbot, seed: int, clock: Clock) -> MainWindow:
    """A table at 1280×800 whose offers are timed by the test's ``clock``."""
    win = MainWindow(pace=0, seed=seed)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    win.controller.offer_clock.now = clock
    return win


def _table(qtbot, nine: str, clock: Clock) -> MainWindow:
    win = _window(qtbot, 3, clock)
    c = win.controller
    c.auto_play = False  # the 5♠, the person's only card, is played by the mouse
    c.resume(_commit_session(nine), [True, False, False, False])
    c.agents = {s: QuickHard(GAME) for s in (1, 2, 3)}
    qtbot.waitUntil(lambda: c.state == "human" and not c._timer.isActive(), timeout=WAIT)
    return win


def test_the_table_takes_the_same_time_whoever_holds_the_commit(qtbot, monkeypatch):
    """The person plays the 5♠ with the mouse. Without an offer the table looks at the
    next decision 500 ms later (Hard's 0.4 s and the deadline's 0.1 s). With the 9♦ in a
    computer's hand, the computer is asked at once and its pass is held back until those
    same 500 ms have gone by, then the round goes on."""
    clock = Clock()
    win = _table(qtbot, "9C", clock)
    c = win.controller
    perform(qtbot, win, Play(0, parse_card("5S")))
    qtbot.waitUntil(lambda: c._timer.interval() == 500, timeout=WAIT)
    assert c._timer.isActive() and c.offer_clock.due is None
    assert c.session.deal.decision().seat == 3  # Dan's 6♠, after the wait

    held: list[tuple[int, Callable[[], None]]] = []
    win = _table(qtbot, "9D", clock)
    c = win.controller
    monkeypatch.setattr(c.computers, "later", lambda ms, then: held.append((ms, then)))
    perform(qtbot, win, Play(0, parse_card("5S")))
    qtbot.waitUntil(lambda: bool(held), timeout=WAIT)  # Cat asked at once, and declined
    assert held[0][0] == 500
    assert c.session.deal.round_from == 0  # not applied yet: nothing shows
    held[0][1]()
    assert c.session.deal.round_from is None
    assert c.session.deal.decision().seat == 3  # the round goes on to the 6♠


def test_a_dropped_decision_holds_nothing(qtbot) -> None:
    clock = Clock()
    win = _table(qtbot, "9D", clock)
    c = win.controller
    c.offer_clock.due = 101.0
    c.cancel_thinking()
    assert c.offer_clock.hold() == 0


def _hot_seat_round(qtbot, monkeypatch, nine: str) -> tuple[MainWindow, list]:
    """Two people (seats 0, 1) and two computers. Di (seat 3) leads the 2♠ and the 3♠ is
    dead, so the round goes all the way round: Ann and Bob are each handed the screen and
    say "No six", three seconds of the test's clock after the card; then Cy (seat 2) is
    offered the 9♦ if ``nine`` is "9D" (he declines it), or Di leads again if it is "9C".
    Returns the window and the answers held back, as (ms, callback)."""
    hands = [["4H", "5H", "KC"], ["6H", "7H", "8H"], [nine, "4S", "3C", "10H"], ["2S", "2C"]]
    cards = [[parse_card(x) for x in h] for h in hands]
    held_cards = {x for h in cards for x in h}
    session = Session(GAME, ["Ann", "Bob", "Cy", "Di"], first_dealer=2)
    session.start_deal(cards, [x for x in cards_in(GAME.pack) if x not in held_cards], None)
    clock = Clock()
    win = _window(qtbot, 5, clock)
    c = win.controller
    held: list[tuple[int, Callable[[], None]]] = []
    monkeypatch.setattr(c.computers, "later", lambda ms, then: held.append((ms, then)))
    c.resume(session, [True, True, False, False])
    c.agents = {s: QuickHard(GAME) for s in (2, 3)}
    said = 0
    while said < 2:
        qtbot.waitUntil(
            lambda: c.privacy_up or (win.view.prompt.isVisible() and c.state == "human"),
            timeout=WAIT,
        )
        if c.privacy_up:
            qtbot.mouseClick(c.privacy.button, Qt.MouseButton.LeftButton)
            continue
        clock.t += 3.0  # the person takes three seconds to say it
        qtbot.mouseClick(prompt_button(win, NO_SIX), Qt.MouseButton.LeftButton)
        said += 1
    return win, held


def test_in_the_hot_seat_the_wait_runs_from_the_last_no_six(qtbot, monkeypatch) -> None:
    """After the people the round reaches have said "No six", the table waits the same
    500 ms whether Cy declines the 9♦ or nobody holds it."""
    win, held = _hot_seat_round(qtbot, monkeypatch, "9D")
    qtbot.waitUntil(lambda: bool(held), timeout=WAIT)
    assert held[0][0] == 500
    assert win.controller.session.deal.round_from == 3  # Cy's pass not applied yet
    win, held = _hot_seat_round(qtbot, monkeypatch, "9C")
    c = win.controller
    qtbot.waitUntil(lambda: c._timer.interval() == 500, timeout=WAIT)
    assert c._timer.isActive()
    assert c.session.deal.decision().seat == 3 and not held  # Di leads again, after it
