"""End-to-end tests of the table: the real MainWindow, driven with mouse events on the view's
viewport and clicks on the real dialog buttons, checked against the engine.

Everything runs with ``pace=0``: no pauses, but every step still goes through the Qt event
loop (single-shot timers, the computer players' worker thread), so the tests wait on
conditions with ``qtbot.waitUntil`` and never sleep.
"""

from __future__ import annotations

import random
import threading

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QPushButton,
    QSpinBox,
)

from gamecore.actions import Play, Split, format_action, parse_action
from gamecore.cards import card_code, card_label, suit_of
from gamecore.decisions import SplitChoice, StakeChoice
from gamecore.match import first_jack_dealer, shuffled
from gamecore.stops.deal import StopsObservation
from gui.model import tablewords
from gui.model.tablesnap import SUIT_DISPLAY, rank_position
from gui.play import controller as ctl
from gui.table.items import CardItem
from gui.windows.dialogs import DealSummaryDialog
from gui.windows.mainwindow import MainWindow
from table_driver import (
    LEFT,
    NOMOD,
    WAIT,
    advance,
    advance_to_next_deal,
    check_places,
    click_button,
    click_card,
    click_stake_ok,
    drag,
    engine_hand,
    find_illegal_choice,
    grab_point,
    hand_items,
    open_window,
    play_deal_by_clicks,
    status,
    table_point,
    wait_for_person,
)

# ---------------------------------------------------------------------------------------------
# Playing cards with the mouse


def test_drag_legal_card_onto_table_plays_it(qtbot):
    win = open_window(qtbot)
    d = advance(qtbot, win)
    session, view = win.controller.session, win.view
    lay = view.layout_
    legal = [a.card for a in d.actions]
    item = next(it for it in hand_items(win) if it.card in legal)
    assert item.playable and item.in_hand
    assert item.pos() == item.home
    assert item.home.y() == pytest.approx(lay.hand_y - lay.raise_by)  # raised: playable
    card = item.card
    n_actions = len(session.logs[-1].actions)

    drag(qtbot, win, item, table_point(win))

    assert card not in engine_hand(win)
    assert session.logs[-1].actions[n_actions] == f"0 {card_code(card)}"
    assert any(p.seat == 0 and p.card == card for p in session.deal.history)
    assert view.cards[card] is item and not item.in_hand and not item.playable
    qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
    # On its place among the played cards: its suit's row, its rank's column.
    row = SUIT_DISPLAY.index(suit_of(card))
    col = rank_position(card, session.game.ace_high)
    assert item.pos() == item.home == QPointF(*lay.played_pos(row, col))


def test_click_legal_card_plays_it(qtbot):
    win = open_window(qtbot)
    d = advance(qtbot, win)
    session = win.controller.session
    legal = [a.card for a in d.actions]
    item = [it for it in hand_items(win) if it.card in legal][-1]
    card = item.card
    n_actions = len(session.logs[-1].actions)

    click_card(win, item)

    assert card not in engine_hand(win)
    assert session.logs[-1].actions[n_actions] == f"0 {card_code(card)}"
    assert not item.in_hand


def test_illegal_drop_is_refused_with_engine_reason(qtbot):
    win = open_window(qtbot)
    d, card = find_illegal_choice(qtbot, win)
    session, view = win.controller.session, win.view
    deal = session.deal
    why = deal.explain_illegal(Play(0, card))
    assert why is not None
    hand_before = deal.hands[0]
    actions_before = list(session.logs[-1].actions)
    history_before = len(deal.history)
    item = view.cards[card]
    assert item.in_hand and not item.playable
    home = QPointF(item.home)

    drag(qtbot, win, item, table_point(win))

    assert deal.hands[0] == hand_before
    assert session.logs[-1].actions == actions_before
    assert len(deal.history) == history_before
    assert deal.decision() == d
    assert status(win).startswith("Not allowed:")
    # The engine's reason, in plain words (its rule id is for the rules browser).
    assert status(win) == f"Not allowed: {tablewords.plain_words(why)}."
    # and a call on the table, where the eyes are (said only below, it went unseen)
    assert view.announced[-1] == f"{card_label(card)}: not allowed"
    assert win.controller.state == ctl.HUMAN
    qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
    assert item.in_hand
    assert item.pos() == item.home == home


def test_drag_released_over_hand_returns_home(qtbot):
    win = open_window(qtbot)
    d = advance(qtbot, win)
    session, view = win.controller.session, win.view
    lay = view.layout_
    item = next(it for it in hand_items(win) if it.playable)
    card, home = item.card, QPointF(item.home)
    hand_before = session.deal.hands[0]
    actions_before = list(session.logs[-1].actions)
    status_before = status(win)
    # Carry the card over the table, then back down and let go over the hand, below the
    # drop line.
    below = QPointF(
        item.sceneBoundingRect().center().x() + lay.card_w * 0.8, lay.drop_line + lay.card_h * 0.6
    )
    assert below.y() > lay.drop_line and below.y() < lay.height
    drag(qtbot, win, item, below, via=(table_point(win),))

    assert session.deal.hands[0] == hand_before
    assert session.logs[-1].actions == actions_before
    assert session.deal.decision() == d
    assert not status(win).startswith("Not allowed")
    assert status(win) == status_before
    qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
    assert item.in_hand and item.playable
    assert item.pos() == item.home == home
    assert card in engine_hand(win)


# ---------------------------------------------------------------------------------------------
# Staking through the dialogs


def _seed_where_person_deals_first() -> int:
    for seed in range(1000):
        if first_jack_dealer(shuffled((1 << 52) - 1, random.Random(seed)), 4) == 0:
            return seed
    raise AssertionError("no seed found")


@pytest.mark.parametrize("answer", ["change", "stake"])
def test_a_stake_that_runs_players_into_debt_is_asked_first_NM_5(qtbot, answer):
    """With debts allowed a stake has no upper bound: 500 typed for 50 was paid at once by
    every player. It is asked first: "Change the stake" brings it back to be changed,
    "Stake N" names it."""
    win = open_window(qtbot, seed=_seed_where_person_deals_first())
    session = win.controller.session
    for _ in range(session.n + 1):
        if session.deal.dealer == 0:
            break
        advance_to_next_deal(qtbot, win)
    wait_for_person(qtbot, win)
    choice = session.deal.decision()
    assert isinstance(choice, StakeChoice) and choice.seat == 0 and choice.high is None
    big = max(session.balances) + 50
    panel, prompt = win.view.stake_panel, win.view.prompt
    spin = panel.findChild(QSpinBox, "stake")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(big))
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert prompt.isVisible() and not panel.isVisible()
    owing = [
        f"{'you' if s == 0 else session.players[s]} {big - session.balances[s]}"
        for s in range(session.n)
    ]
    assert prompt.findChild(QLabel, "promptText").text() == (
        f"Stake {big}? Paid, it leaves {', '.join(owing[:-1])} and {owing[-1]} in debt."
    )
    assert session.deal.decision() == choice  # nothing staked yet
    assert win.status_label.text() == (
        "That stake is more than every player has: stake it, or change it."
    )
    if answer == "change":
        qtbot.mouseClick(prompt.findChild(QPushButton, "restake"), Qt.MouseButton.LeftButton)
        assert panel.isVisible() and not prompt.isVisible()
        spin = panel.spins[0]  # the panel asked afresh
        assert spin.value() == big and spin.lineEdit().selectedText() == str(big)
        qtbot.keyClicks(spin, str(choice.low + 1))
        qtbot.keyClick(spin, Qt.Key.Key_Return)
        assert session.deal.stake == choice.low + 1
    else:
        qtbot.mouseClick(
            prompt.findChild(QPushButton, f"surestake:{big}"), Qt.MouseButton.LeftButton
        )
        assert session.deal.stake == big and not prompt.isVisible()


def test_stake_and_split_on_the_table_move_counters_NM_5(qtbot):
    win = open_window(qtbot, seed=_seed_where_person_deals_first())
    c = win.controller
    session = c.session
    # Normally seat 0 deals first with this seed; if the controller draws differently, play
    # on (deals rotate, GEN-3) until seat 0 deals.
    for _ in range(session.n + 1):
        if session.deal.dealer == 0:
            break
        advance_to_next_deal(qtbot, win)
    assert session.deal.dealer == 0
    deals_before = len(session.logs)
    wait_for_person(qtbot, win)
    panel = win.view.stake_panel
    assert c.state == ctl.STAKING and panel.isVisible() and c.dialog is None
    # The pools are in view: the panel covers none of them.
    for pool in win.view.pool_items:
        rect = win.view.mapFromScene(pool.sceneBoundingRect()).boundingRect()
        assert not panel.geometry().intersects(rect)
    assert not {it.card for it in win.view.cards.values() if it.in_hand}  # GEN-9
    choice = session.deal.decision()
    assert isinstance(choice, StakeChoice) and choice.seat == 0
    spin = panel.findChild(QSpinBox, "stake")
    assert spin.minimum() == choice.low
    if choice.high is not None:
        assert spin.maximum() == choice.high
    assert spin.value() == choice.default
    assert panel.text.text().startswith("You deal: name the stake")
    if choice.low > 1:
        # A stake below the least is refused in words, not raised to it without a word.
        spin.setFocus()
        spin.selectAll()
        qtbot.keyClicks(spin, str(choice.low - 1))
        qtbot.keyClick(spin, Qt.Key.Key_Return)
        assert panel.isVisible() and session.deal.decision() == choice
        assert win.status_label.text() == (
            f"A stake of {choice.low - 1} is too small: the stake is {choice.low} counters or more."
        )
    stake = choice.low + 3
    assert spin.minimum() <= stake <= spin.maximum() and stake != choice.default
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(stake))
    assert panel.amounts() == (stake,)
    click_stake_ok(qtbot, win)
    assert session.deal.stake == stake
    assert session.logs[-1].actions[0] == f"0 stake {stake}"

    # The computers split first (clockwise from the dealer's left), then the dealer.
    wait_for_person(qtbot, win)
    assert c.state == ctl.STAKING and panel.isVisible()
    sc = session.deal.decision()
    assert isinstance(sc, SplitChoice) and sc.seat == 0 and sc.total == stake
    assert panel.text.text() == f"Spread your {stake} counters over the layout."
    others = [parse_action(a, session.game.pools) for a in session.logs[-1].actions[1:]]
    assert [a.seat for a in others] == [1, 2, 3]
    start = session.start_pools
    assert session.pools == [
        start[i] + sum(a.amounts[i] for a in others) for i in range(len(start))
    ]
    pools_before, balance_before = list(session.pools), session.balances[0]
    others_before = session.balances[1:]
    # Mess the spin boxes up, then put the default back with the button.
    qtbot.mouseClick(panel.findChild(QPushButton, "all_1"), LEFT)
    assert panel.amounts() == (0, stake, 0, 0) != sc.default
    qtbot.mouseClick(panel.findChild(QPushButton, "defaultSplit"), LEFT)
    assert panel.amounts() == sc.default
    assert [panel.findChild(QSpinBox, f"pool_{i}").value() for i in range(4)] == list(sc.default)

    # Read the accounts the moment the split is applied, before anything else can happen
    # (slots run in connection order: the controller's first).
    seen: dict[str, list[int]] = {}
    panel.decided.connect(
        lambda _v: seen.update(pools=list(session.pools), balances=list(session.balances))
    )
    click_stake_ok(qtbot, win)
    assert seen["balances"][0] == balance_before - stake
    assert seen["balances"][1:] == others_before
    assert seen["pools"] == [p + a for p, a in zip(pools_before, sc.default, strict=True)]
    assert session.logs[-1].actions[4] == format_action(Split(0, sc.default), session.game.pools)
    assert len(session.logs) == deals_before
    assert session.deal.phase == "play"
    # Staking moves counters but never creates or destroys them.
    assert session.conserved_total() == sum(session.start_balances) + sum(start)


def test_the_staking_panel_keys_and_the_menus_stay_usable(qtbot):
    """Enter makes the proposed split, the arrows change it, Escape decides nothing; while
    the panel waits, the menus and F1 still work (the panel is not modal)."""
    win = open_window(qtbot, seed=_seed_where_person_deals_first())
    c = win.controller
    for _ in range(4):
        wait_for_person(qtbot, win)
        if isinstance(c.session.decision(), SplitChoice):
            break
        advance(qtbot, win) if c.state != ctl.STAKING else click_stake_ok(qtbot, win)
    sc = c.session.decision()
    assert isinstance(sc, SplitChoice) and sc.seat == 0
    panel = win.view.stake_panel
    n = len(c.session.logs[-1].actions)
    first = panel.findChild(QSpinBox, "pool_0")
    assert first.hasFocus() or QApplication.focusWidget() is first
    QTest.keyClick(first, Qt.Key.Key_Escape)
    assert not first.hasFocus() and panel.isVisible()
    assert len(c.session.logs[-1].actions) == n  # nothing decided
    win.rules_action.trigger()  # F1: the rules open beside the waiting panel
    assert win.rules_window.isVisible()
    win.rules_window.close()
    first.setFocus()
    QTest.keyClick(first, Qt.Key.Key_Up)  # one more on the first pool: too many now
    assert panel.amounts()[0] == sc.default[0] + 1 and not panel.valid()
    QTest.keyClick(first, Qt.Key.Key_Return)
    assert len(c.session.logs[-1].actions) == n  # Enter cannot spread too many
    QTest.keyClick(first, Qt.Key.Key_Down)
    QTest.keyClick(first, Qt.Key.Key_Return)
    assert c.session.logs[-1].actions[n] == format_action(
        Split(0, sc.default), c.session.game.pools
    )


# ---------------------------------------------------------------------------------------------
# A whole deal


def test_whole_deal_through_the_view(qtbot):
    win = open_window(qtbot)
    c = win.controller
    session = c.session
    total = sum(session.start_balances) + sum(session.start_pools)
    clicks: list[int] = []
    play_deal_by_clicks(qtbot, win, clicks)

    deal = session.deal
    assert c.state == ctl.SUMMARY
    dlg = c.dialog
    assert isinstance(dlg, DealSummaryDialog) and dlg.isVisible()
    assert deal.over and deal.winner is not None
    assert dlg.summary.winner == deal.winner
    assert session.logs[-1].finished and session.logs[-1].winner == deal.winner
    assert not deal.hands[deal.winner]
    assert sum(session.balances) + sum(session.pools) == total
    assert dlg.summary.balances == session.balances
    assert sum(dlg.summary.deltas) + sum(session.pools) - sum(session.start_pools) == 0
    # Everything the person clicked was played by seat 0, in that order.
    mine = [p.card for p in deal.history if p.seat == 0]
    assert [x for x in mine if x in clicks] == clicks
    assert len(session.logs) == 1

    click_button(qtbot, dlg, dlg.findChild(QPushButton, "next"))
    qtbot.waitUntil(lambda: c.state in (ctl.STAKING, ctl.COMPUTER, ctl.HUMAN), timeout=WAIT)
    assert len(session.logs) == 2
    assert session.deal is not deal and not session.deal.over
    assert session.deal.dealer == (deal.dealer + 1) % session.n


# ---------------------------------------------------------------------------------------------
# What the computers see


class SpyAgent:
    """Wraps an agent and records, on the worker thread, what it was given and the engine's
    state at that moment (copied: the deal changes later)."""

    def __init__(self, inner, seat: int, win: MainWindow, calls: list[dict]) -> None:
        self.inner, self.seat, self.win, self.calls = inner, seat, win, calls

    def choose(self, game, obs, rng):
        deal = self.win.controller.session.deal
        record = {
            "thread": threading.get_ident(),
            "seat": self.seat,
            "game": game,
            "obs": obs,
            "phase": deal.phase,
            "hand": deal.hands[self.seat],
            "hands": tuple(deal.hands),
            "decision": deal.decision(),
        }
        action = self.inner.choose(game, obs, rng)
        record["action"] = action
        record["why"] = deal.explain_illegal(action)
        self.calls.append(record)
        return action


def test_computers_see_only_their_own_cards(qtbot):
    calls: list[dict] = []

    def spy(win: MainWindow) -> None:
        c = win.controller
        # start() only scheduled the first step: no computer has been asked anything yet.
        assert c.state == ctl.IDLE
        c.agents = {s: SpyAgent(a, s, win, calls) for s, a in c.agents.items()}

    win = open_window(qtbot, on_start=spy)
    c = win.controller
    play_deal_by_clicks(qtbot, win)

    session = c.session
    assert calls
    assert {r["seat"] for r in calls} == set(range(1, session.n))
    assert all(r["thread"] != threading.get_ident() for r in calls)
    phases = {r["phase"] for r in calls}
    assert phases == {"staking", "play"}
    for r in calls:
        obs = r["obs"]
        assert isinstance(obs, StopsObservation)
        assert r["game"] is session.game
        assert obs.seat == r["seat"]
        assert obs.decision == r["decision"] and obs.decision.seat == r["seat"]
        assert obs.revealed is None
        if r["phase"] == "staking":
            assert obs.hand == 0 and set(obs.hand_counts) == {0}
        else:
            assert obs.hand == r["hand"]
            assert obs.hand_counts == tuple(h.bit_count() for h in r["hands"])
            for other, h in enumerate(r["hands"]):
                if other != r["seat"]:
                    assert obs.hand & h == 0
        assert r["why"] is None, f"seat {r['seat']} chose {r['action']}: {r['why']}"
    assert session.deal.over


# ---------------------------------------------------------------------------------------------
# Cards stay in exactly one place


def test_every_card_in_one_place_after_clicks(qtbot):
    win = open_window(qtbot)
    c, view = win.controller, win.view
    session = c.session
    refused = 0
    for _round in range(6):
        d = advance(qtbot, win, allow_end=True, check=True)
        if d is None:
            break
        legal = {a.card for a in d.actions}
        items = hand_items(win)
        # An illegal card: clicked, then dragged onto the table.
        bad = [it for it in items if it.card not in legal]
        for it in bad[:1]:
            before = session.deal.hands[0]
            click_card(win, it)
            assert status(win).startswith("Not allowed:")
            qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
            check_places(win)
            drag(qtbot, win, it, table_point(win))
            qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
            assert session.deal.hands[0] == before
            check_places(win)
            refused += 1
        # A legal card, then at once another card while it is no longer the person's turn.
        good = next(it for it in items if it.card in legal)
        click_card(win, good)
        assert not good.in_hand
        rest = hand_items(win)
        if rest and session.deal.decision() is not None and session.deal.decision().seat != 0:
            hand_before = session.deal.hands[0]
            click_card(win, rest[0])
            assert session.deal.hands[0] == hand_before
            assert status(win).startswith(("Not allowed:", "Wait:"))
        qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
        check_places(win)
    assert refused


# ---------------------------------------------------------------------------------------------
# Stacking of the hand after a drag that did not play


def _shared_point(win: MainWindow, top: CardItem, other: CardItem) -> QPoint | None:
    """A viewport point inside both cards where ``top`` is the topmost hand card."""
    view = win.view
    both = top.sceneBoundingRect().intersected(other.sceneBoundingRect())
    if both.isEmpty():
        return None
    for i in range(1, 10):
        for j in range(1, 10):
            p = view.mapFromScene(
                QPointF(both.left() + both.width() * i / 10, both.top() + both.height() * j / 10)
            )
            if view.hand_card_at(p) is top:
                return p
    return None


def _click_at(win: MainWindow, p: QPoint) -> None:
    QTest.mousePress(win.view.viewport(), LEFT, NOMOD, p)
    QTest.mouseRelease(win.view.viewport(), LEFT, NOMOD, p)


def test_refused_drop_leaves_right_neighbour_clickable(qtbot):
    win = open_window(qtbot)
    view, session = win.view, win.controller.session
    # An illegal card with a playable card to its right.
    for _ in range(20):
        d, _card = find_illegal_choice(qtbot, win)
        legal = {a.card for a in d.actions}
        items = hand_items(win)
        pairs = [
            (a, b)
            for a, b in zip(items, items[1:], strict=False)
            if a.card not in legal and b.card in legal
        ]
        if pairs:
            break
        click_card(win, next(it for it in items if it.playable))
    else:
        pytest.fail("no illegal card with a playable right neighbour")
    bad, right = pairs[0]
    p = _shared_point(win, right, bad)
    if p is None:
        pytest.fail("the cards do not overlap")
    drag(qtbot, win, bad, table_point(win))
    qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
    assert status(win).startswith("Not allowed:")
    assert bad.pos() == bad.home
    # The person clicks the playable card where it is visible: it should be played.
    n = len(session.logs[-1].actions)
    _click_at(win, p)
    assert session.logs[-1].actions[n : n + 1] == [f"0 {card_code(right.card)}"], status(win)


def test_cancelled_drag_leaves_card_clickable(qtbot):
    win = open_window(qtbot)
    view, session = win.view, win.controller.session
    # Two playable cards side by side (a lead in two suits).
    for _ in range(20):
        advance(qtbot, win)
        items = hand_items(win)
        pairs = [
            (a, b) for a, b in zip(items, items[1:], strict=False) if a.playable and b.playable
        ]
        if pairs:
            break
        click_card(win, next(it for it in items if it.playable))
    else:
        pytest.fail("no two playable cards side by side")
    left, item = pairs[0]
    p = _shared_point(win, item, left)
    if p is None:
        pytest.fail("the cards do not overlap")
    lay = view.layout_
    drag(
        qtbot,
        win,
        item,
        QPointF(
            item.sceneBoundingRect().center().x() + lay.card_w * 0.8,
            lay.drop_line + lay.card_h * 0.6,
        ),
    )
    qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
    assert item.pos() == item.home
    # A click where the card was visible before the drag plays that card, not its neighbour.
    n = len(session.logs[-1].actions)
    _click_at(win, p)
    assert session.logs[-1].actions[n : n + 1] == [f"0 {card_code(item.card)}"]


def test_the_log_steps_aside_where_the_staking_panel_must_cover_it(qtbot):
    """On a small table the staking panel can leave no room for the recent-events log:
    the log is then hidden while the panel is up (never shown half covered), and back as
    soon as the stakes are made."""
    from gui.model.setup import Setup
    from gui.play.seats import SeatKind
    from gui.windows.mainwindow import MainWindow

    win = MainWindow(pace=0, seed=2)
    qtbot.addWidget(win)
    win.resize(660, 540)
    win.show()
    c = win.controller
    c.new_session(
        Setup(
            "pope-joan",
            options={"pj.profile": "M"},
            seats=[
                SeatKind(n, n == "Ann", "normal")
                for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")
            ],
        )
    )
    view = win.view
    panel, log = view.stake_panel, view.log_label
    saw_cover = False
    for _ in range(12):
        qtbot.waitUntil(
            lambda: (
                c.state in (ctl.STAKING, ctl.HUMAN)
                and (c.state != ctl.STAKING or panel.isVisible())
            ),
            timeout=WAIT,
        )
        if c.state != ctl.STAKING:
            break
        overlaps = panel.geometry().intersects(log.geometry())
        assert not (overlaps and log.isVisible())  # never half covered
        saw_cover |= overlaps
        panel.accept()
    qtbot.waitUntil(lambda: not panel.isVisible(), timeout=WAIT)
    assert log.isVisible()
    assert saw_cover  # this table is small enough that the panel needed the log's room


# ---------------------------------------------------------------------------------------------
# The hand stays put under the pointer


def test_after_a_click_the_hand_stays_put_until_the_pointer_leaves_it(qtbot):
    """A card clicked: the cards left keep their places while the pointer stays on the hand
    (in a run, a quick second click hit the card that had slid under the pointer), and
    close up, centred, once it moves up off the hand."""
    win = open_window(qtbot)
    d = advance(qtbot, win)
    view = win.view
    legal = [a.card for a in d.actions]
    item = [it for it in hand_items(win) if it.card in legal][0]
    before = {it.card: it.home.x() for it in hand_items(win)}
    p = grab_point(win, item)
    click_card(win, item)
    assert not item.in_hand
    QTest.mouseMove(view.viewport(), p)  # still on the hand
    rest = hand_items(win)
    assert rest and {it.card: it.home.x() for it in rest} == {
        c: x for c, x in before.items() if c != item.card
    }
    # the log and the prompt keep clear of the hand where it is held (the log covered a card)
    band = view._hand_band()
    assert band.left() == min(it.home.x() for it in rest)
    assert band.right() == pytest.approx(max(it.home.x() for it in rest) + view.layout_.hand_w)
    above = view.mapFromScene(QPointF(p.x(), view.layout_.drop_line - 40))
    QTest.mouseMove(view.viewport(), above)
    qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
    lay = view.layout_
    centred = [x for x, _y in lay.hand_positions(len(hand_items(win)))]
    assert sorted(it.home.x() for it in hand_items(win)) == pytest.approx(centred)
    check_places(win)


def test_the_hand_closes_up_when_the_turn_passes_though_the_pointer_rests_on_it(qtbot):
    """A card clicked and the pointer left resting on the hand: once the others are to play
    the cards left close up, centred (they kept their gaps to the next lead, where a tester
    saw "8♠, a gap, 8♣ 10♣")."""
    win = open_window(qtbot)
    d = advance(qtbot, win)
    view, c = win.view, win.controller
    item = next(it for it in hand_items(win) if it.card in {a.card for a in d.actions})
    p = grab_point(win, item)
    played = len(c.session.deal.history)
    click_card(win, item)
    QTest.mouseMove(view.viewport(), p)  # the pointer rests on the hand
    wait_for_person(qtbot, win)
    assert any(e.seat != c.human for e in c.session.deal.history[played:])  # the others played
    qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
    centred = [x for x, _y in view.layout_.hand_positions(len(hand_items(win)))]
    assert sorted(it.home.x() for it in hand_items(win)) == pytest.approx(centred)


def test_the_stock_shown_at_the_end_of_a_deal_keeps_its_name_under_it(qtbot):
    """Once a deal ends the stock's cards are shown face up; "Stock · 4" went with the
    face-down pile, and the cards had no name. It now stands under them, with their
    number, and no back is drawn."""
    win = open_window(qtbot)
    play_deal_by_clicks(qtbot, win)
    qtbot.waitUntil(lambda: not win.view.busy, timeout=WAIT)
    view = win.view
    shown = view.snapshot.stock_cards
    assert shown and view.stock.isVisible() and view.stock.face_up
    assert view.stock._label() == f"{view.snapshot.stock_name} · {len(shown)}"
    label = view.stock.mapRectToScene(view.stock._label_rect())
    lowest = max(view.cards[c].sceneBoundingRect().bottom() for c in shown)
    assert lowest - 2 <= label.top() and label.top() - lowest < 8  # just under the cards
