"""Driving every game at the table in tests: a headless mirror of the controller to find
seeds for situations (a Spin offered, a rob, a claim or jink), the person's choices made
with the mouse, and waiting until the table is settled. Shared by the GUI test modules."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QPushButton

from gamecore.actions import (
    Action,
    Bid,
    Claim,
    Decline,
    Jink,
    NameStake,
    Pass,
    Play,
    Rob,
    Split,
    Widow,
    format_action,
)
from gamecore.agents.levels import agent_for_level
from gamecore.cards import cards_in
from gamecore.decisions import BidChoice, PlayChoice, SplitChoice, StakeChoice
from gamecore.games import make_game
from gamecore.match import Session, first_dealer
from gui.play import controller as ctl
from gui.windows.dialogs import DealSummaryDialog, SpinChoiceDialog
from gui.windows.mainwindow import MainWindow
from table_driver import LEFT, WAIT, click_button, click_card, resize_window, show_and_start

Policy = Callable[[Any, Any], Action]
Stop = Callable[[Any, Any], bool]

SEARCH = 400  # seeds tried at most when looking for a situation (the mirror is fast)


# ---------------------------------------------------------------------------------------------
# The person's choices (shared by the mirror and the mouse)


def plain_first(deal, d) -> Action:
    """Stakes and splits as suggested, never rob, claim rather than jink, else the first
    card the engine lists, played alone (without the ♦A) whenever that is legal."""
    if isinstance(d, StakeChoice | SplitChoice | BidChoice):
        return d.default_action()  # a bid for the widow: pass (MI-8)
    for a in d.actions:
        if isinstance(a, Decline | Claim):
            return a
    plain = [a for a in d.actions if isinstance(a, Play) and not a.spin]
    return plain[0] if plain else d.actions[0]


def spin_offered(deal, d) -> int | None:
    """The card the person may play either alone or with the ♦A, if any."""
    if not isinstance(d, PlayChoice) or d.seat != 0:
        return None
    return next(
        (
            a.card
            for a in d.actions
            if isinstance(a, Play) and a.spin and Play(0, a.card) in d.actions
        ),
        None,
    )


def rob_offered(deal, d) -> bool:
    return isinstance(d, PlayChoice) and d.seat == 0 and any(isinstance(a, Rob) for a in d.actions)


def claim_offered(deal, d) -> bool:
    return isinstance(d, PlayChoice) and d.seat == 0 and Claim(0) in d.actions


# ---------------------------------------------------------------------------------------------
# The headless mirror of the controller


def mirror(
    game_name: str, players: int, options: dict, seed: int, stop: Stop, policy: Policy = plain_first
) -> tuple[Session, bool]:
    """Play deal 1 as ``Controller(seed=seed)`` would, the person choosing by ``policy``,
    until ``stop(deal, decision)`` holds at a person's decision (returns the session and
    True) or the deal ends (False)."""
    rng = random.Random(seed)
    game = make_game(game_name, options)
    first = first_dealer(game, players, rng)  # as the controller draws it (GEN-2)
    session = Session(game, ["You", *ctl.COMPUTER_NAMES[: players - 1]], first_dealer=first)
    agents = {s: agent_for_level(game, "normal") for s in range(1, players)}
    session.start_deal_seeded(rng.randrange(1 << 62))
    deal = session.deal
    while not deal.over:
        d = deal.decision()
        if d.seat == 0:
            if stop(deal, d):
                return session, True
            action = policy(deal, d)
        else:
            action = agents[d.seat].choose(
                game, deal.observation(d.seat), random.Random(rng.random())
            )
        session.apply(action)
    return session, False


def search(
    game_name: str,
    players: int,
    options: dict,
    stop: Stop,
    policy: Policy = plain_first,
    skip: int = 0,
) -> tuple[int, list[str]] | None:
    """The first seed (after ``skip`` matches) whose deal 1 reaches ``stop``, with the
    actions recorded up to there; ``None`` if none of the first ``SEARCH`` seeds does."""
    for seed in range(SEARCH):
        session, hit = mirror(game_name, players, options, seed, stop, policy)
        if hit:
            if skip == 0:
                return seed, list(session.logs[-1].actions)
            skip -= 1
    return None


def find_seed(
    game_name: str,
    players: int,
    options: dict,
    stop: Stop,
    policy: Policy = plain_first,
    skip: int = 0,
) -> tuple[int, list[str]]:
    """As :func:`search`, failing the test when no seed is found."""
    found = search(game_name, players, options, stop, policy, skip)
    if found is None:
        pytest.fail(f"no seed in {SEARCH} reaches the situation in {game_name}")
    return found


# ---------------------------------------------------------------------------------------------
# Driving the window


def open_game(
    qtbot,
    game: str,
    seed: int,
    players: int = 4,
    options: dict | None = None,
    on_start: Callable[[MainWindow], None] | None = None,
) -> MainWindow:
    """A MainWindow set to ``game`` before ``start()``, shown at 1280×800 and laid out.
    ``on_start(win)`` runs right after ``start()``, before any event is processed."""
    win = MainWindow(pace=0, seed=seed)
    win.game_name, win.players, win.options = game, players, dict(options or {})
    return show_and_start(qtbot, win, on_start)


def open_game_at(
    qtbot,
    size: tuple[int, int],
    game: str,
    seed: int,
    players: int = 4,
    options: dict | None = None,
) -> MainWindow:
    """``open_game`` resized to ``size`` (width, height in pixels), laid out for it and
    waiting for the person to act."""
    win = open_game(qtbot, game, seed=seed, players=players, options=options)
    resize_window(qtbot, win, size)
    wait_settled(qtbot, win)
    return win


def settled(win: MainWindow) -> bool:
    """The person must act (a card, a prompt or a dialog) and nothing is pending (no step
    scheduled, no card moving); a forced card that plays itself does not count."""
    c = win.controller
    if c._timer.isActive() or win.view.busy:
        return False
    dlg = c.dialog
    if c.state == ctl.STAKING:
        return win.view.stake_panel.isVisible()
    if c.state in (ctl.SUMMARY, ctl.OVER):
        return dlg is not None and dlg.isVisible()
    if c.state != ctl.HUMAN or dlg is not None:
        return False
    d = c.session.deal.decision()
    if isinstance(d, BidChoice):  # a bid for the widow, in the prompt (MI-8)
        return d.seat == 0 and win.view.prompt.isVisible()
    return isinstance(d, PlayChoice) and d.seat == 0 and not c.plays_itself(d)


def wait_settled(qtbot, win: MainWindow) -> None:
    while True:
        qtbot.waitUntil(lambda: settled(win), timeout=WAIT)
        qtbot.wait(1)
        if settled(win):
            return


def prompt_button(win: MainWindow, key: str) -> QPushButton:
    b = win.view.prompt.findChild(QPushButton, key)
    assert b is not None, f"no prompt button {key!r}"
    assert win.view.prompt.isVisible() and b.isVisible() and b.isEnabled()
    return b


def actions(win: MainWindow) -> list[str]:
    return win.controller.session.logs[-1].actions


def perform(qtbot, win: MainWindow, action: Action) -> None:
    """Make ``action`` for the person with the mouse, and check it is what got recorded."""
    c = win.controller
    session = c.session
    n = len(actions(win))
    dlg = c.dialog
    panel = win.view.stake_panel
    if isinstance(action, NameStake | Split):
        amounts = (action.amount,) if isinstance(action, NameStake) else action.amounts
        assert panel.isVisible() and dlg is None and panel.amounts() == amounts
        qtbot.mouseClick(panel.findChild(QPushButton, "ok"), LEFT)
    elif isinstance(action, Decline | Claim | Jink | Pass | Widow | Bid):
        key = type(action).__name__.lower()
        if isinstance(action, Widow):  # the widow's choice (MI-7)
            key = action.choice
        elif isinstance(action, Bid):  # a bid for the widow (MI-8)
            key = f"bid:{action.amount}"
            if win.view.prompt.findChild(QPushButton, key) is None:  # beyond the quick bids
                win.view.prompt.amount.setValue(action.amount)
                key = "amount"
        qtbot.mouseClick(prompt_button(win, key), LEFT)
        assert not win.view.prompt.isVisible()
    else:
        assert isinstance(action, Play | Rob) and dlg is None
        item = win.view.cards[action.card]
        assert item.in_hand and item.playable
        click_card(win, item)
        if isinstance(action, Play) and c.dialog is not None:
            spin = c.dialog
            assert isinstance(spin, SpinChoiceDialog) and spin.isVisible()
            assert len(actions(win)) == n  # nothing played while the question is open
            key = "spin" if action.spin else "plain"
            click_button(qtbot, spin, spin.findChild(QPushButton, key))
    assert actions(win)[n : n + 1] == [format_action(action, session.game.pools)]


def drive(
    qtbot,
    win: MainWindow,
    stop: Stop | None = None,
    policy: Policy = plain_first,
    max_steps: int = 300,
) -> PlayChoice | None:
    """Act for the person by ``policy`` with the mouse until ``stop`` holds at one of the
    person's decisions (returned) or the deal summary shows (``None``)."""
    c = win.controller
    for _ in range(max_steps):
        wait_settled(qtbot, win)
        if c.state == ctl.SUMMARY:
            assert isinstance(c.dialog, DealSummaryDialog)
            return None
        assert c.state != ctl.OVER
        deal = c.session.deal
        d = deal.decision()
        assert d is not None and d.seat == 0
        if stop is not None and stop(deal, d):
            return d
        perform(qtbot, win, policy(deal, d))
    pytest.fail("the deal did not end")


def reach(qtbot, win: MainWindow, stop: Stop, expected: list[str]) -> PlayChoice:
    """Drive to the situation the mirror found; the record must match the mirror's."""
    d = drive(qtbot, win, stop)
    assert d is not None, "the window never reached the mirrored situation"
    assert actions(win) == expected
    return d


def hand(win: MainWindow) -> set[int]:
    return set(cards_in(win.controller.session.deal.hands[0]))


def _inside(outer: QRectF, r: QRectF) -> bool:
    return (
        r.left() >= outer.left() - 0.5
        and r.top() >= outer.top() - 0.5
        and r.right() <= outer.right() + 0.5
        and r.bottom() <= outer.bottom() + 0.5
    )


def _overlap(a: QRectF, b: QRectF) -> bool:
    i = a.intersected(b)
    return i.width() > 0.5 and i.height() > 0.5


def _ten_seat_stop(deal, d) -> bool:
    """The person to play in trick 3 or later with at least four cards on the trick."""
    return (
        isinstance(d, PlayChoice)
        and len(deal.tricks) >= 2
        and len(deal.trick) >= 4
        and all(isinstance(a, Play) for a in d.actions)
    )


class GatedAgent:
    """A computer player that waits for a token before answering (on the worker thread), so
    the table can be looked at while that seat is thinking."""

    def __init__(self, inner, gate: threading.Semaphore) -> None:
        self.inner, self.gate = inner, gate

    def choose(self, game, obs, rng):
        self.gate.acquire(timeout=10)
        return self.inner.choose(game, obs, rng)
