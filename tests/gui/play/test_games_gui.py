"""End-to-end tests of every game at the table: Pope Joan (three profiles), Spin, Spinado and
Spoil Five, played through the real MainWindow with mouse events on the view's viewport and
clicks on the real dialog and prompt buttons, checked against the engine.

Situations (a Spin offered, a rob, a claim or jink) are found by trying seeds on a headless
mirror of the controller: the same random stream (first dealer, deal seed, one draw per
computer decision), the same computer players, and the same choices for the person as the
tests make with the mouse. The GUI run then checks that it reached the same position.
Everything runs at ``pace=0`` and waits on conditions, never on time.
"""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QPushButton, QSpinBox, QWidget

from game_driver import (
    SEARCH,
    GatedAgent,
    Stop,
    _inside,
    _overlap,
    _ten_seat_stop,
    actions,
    claim_offered,
    drive,
    find_seed,
    hand,
    mirror,
    open_game,
    perform,
    plain_first,
    prompt_button,
    reach,
    rob_offered,
    search,
    settled,
    spin_offered,
    wait_settled,
)
from gamecore.actions import (
    Decline,
    Play,
    Rob,
)
from gamecore.cards import AD, card_code, card_label
from gamecore.events import Stopped
from gui.model import prompts
from gui.model.housewords import choice_text
from gui.play import controller as ctl
from gui.table.calls import Announcement
from gui.windows.dialogs import DealSummaryDialog, SpinChoiceDialog
from gui.windows.mainwindow import MainWindow
from gui.windows.newgame import NewGameDialog
from helpers import entry_key, played_entries
from table_driver import LEFT, WAIT, click_button, click_card, drag, table_point

# ---------------------------------------------------------------------------------------------
# 1. A whole deal of every game


#: Every registered entry with card play but plain Newmarket (tests/gui/play/test_table_gui.py
#: plays that one), by short name ("pope-joan-m"); a game without play (Matrimony) has its own
#: session by mouse (tests/gui/play/test_matrimony_table.py).
GAMES = {
    entry_key(d, e): (d.name, d.entry_options(e))
    for d, e in played_entries()
    if entry_key(d, e) != "newmarket"
}
#: The entries whose deals have staking decisions (a stake named, splits made).
STAKING_GAMES = {"pope-joan-m", "spin"}


def _whole_deal_seed(key: str) -> int:
    """A seed where the person plays at least three times, and deals where the person
    names a stake (so both staking dialogs are clicked)."""
    game, options = GAMES[key]
    for seed in range(SEARCH):
        session, _ = mirror(game, 4, options, seed, lambda deal, d: False)
        mine = [a for a in session.logs[-1].actions if a.startswith("0 ")]
        cards = [a for a in mine if "stake" not in a and "split" not in a]
        if len(cards) >= 3 and (key not in STAKING_GAMES or session.deal.dealer == 0):
            return seed
    pytest.fail(f"no seed for a whole deal of {key}")


@pytest.mark.parametrize("key", list(GAMES))
def test_whole_deal_by_mouse(qtbot, key):
    game, options = GAMES[key]
    win = open_game(qtbot, game, _whole_deal_seed(key), options=options)
    c = win.controller
    session = c.session
    assert session.game.name == game
    total = sum(session.start_balances) + sum(session.start_pools)

    assert drive(qtbot, win) is None

    deal = session.deal
    assert deal.over and c.state == ctl.SUMMARY
    dlg = c.dialog
    assert isinstance(dlg, DealSummaryDialog) and dlg.isVisible()
    log = session.logs[-1]
    assert log.finished and log.winner == deal.winner
    mine = [a for a in log.actions if a.startswith("0 ")]
    assert len(mine) >= 3
    if key in STAKING_GAMES:
        assert deal.dealer == 0
        assert mine[0].startswith("0 stake ") and any(a.startswith("0 split") for a in mine)
    assert sum(session.balances) + sum(session.pools) == total
    assert dlg.summary.balances == session.balances
    assert dlg.summary.winner == deal.winner

    click_button(qtbot, dlg, dlg.findChild(QPushButton, "next"))
    qtbot.waitUntil(lambda: len(session.logs) == 2, timeout=WAIT)
    assert session.deal is not deal
    assert session.logs[1].dealer == (deal.dealer + 1) % session.n
    assert sum(session.balances) + sum(session.pools) == total


# ---------------------------------------------------------------------------------------------
# 2. Spin and Spinado with the mouse


def _spin_stop(lead: bool | None = None) -> Stop:
    def stop(deal, d) -> bool:
        if spin_offered(deal, d) is None:
            return False
        return lead is None or (deal.top is None) == lead

    return stop


@pytest.mark.parametrize("game", ["spin", "spinado"])
def test_spin_by_mouse(qtbot, game):
    # Spinado may go down on a lead too (SN-8): take one on a lead if a seed has it.
    on_lead = game == "spinado"
    found = search(game, 4, {}, _spin_stop(lead=True)) if on_lead else None
    if found is None:
        on_lead = False
        found = find_seed(game, 4, {}, _spin_stop())
    seed, expected = found
    stop = _spin_stop(lead=True) if on_lead else _spin_stop()
    win = open_game(qtbot, game, seed)
    c, view = win.controller, win.view
    session = c.session
    d = reach(qtbot, win, stop, expected)
    deal = session.deal
    card = spin_offered(deal, d)
    lead = deal.top is None
    assert lead == on_lead  # a Spin is never made on a lead (SP-5)
    assert AD in hand(win) and card in hand(win)
    balances = list(session.balances)

    click_card(win, view.cards[card])
    dlg = c.dialog
    assert isinstance(dlg, SpinChoiceDialog) and dlg.isVisible()
    assert actions(win) == expected and card in hand(win)
    # the line before the question (a refusal, say) gives way to the question
    assert win.status_label.text() == f"Play {card_label(card)} alone, or with the ♦A?"
    click_button(qtbot, dlg, dlg.findChild(QPushButton, "spin"))

    assert actions(win)[len(expected)] == f"0 spin {card_code(card)}"
    assert card not in hand(win) and AD not in hand(win)
    played = deal.history[-1]
    assert (played.seat, played.card, played.spin, played.lead) == (0, card, True, lead)
    assert not view.cards[card].in_hand
    # The ♦A has left the hand (the table does not show it among the played cards).
    assert AD not in view.cards or not view.cards[AD].in_hand
    if game == "spinado":
        pay = session.options["sn.spinadoPayment"]
        assert session.balances[0] >= balances[0] + 3 * pay  # and any card effects
    if not deal.over:
        # The sequence stopped at the card: the person leads next.
        assert Stopped(0, card, None) in c.session.deal_events
        assert deal.top is None and deal.decision().seat == 0

    # Same deal in another window: "plain" plays the card alone, the ♦A stays in hand.
    win2 = open_game(qtbot, game, seed)
    d2 = reach(qtbot, win2, stop, expected)
    assert spin_offered(win2.controller.session.deal, d2) == card
    click_card(win2, win2.view.cards[card])
    dlg2 = win2.controller.dialog
    assert isinstance(dlg2, SpinChoiceDialog)
    # Escape: nothing is played, and the line says again what may be
    qtbot.keyClick(dlg2, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: win2.controller.dialog is None)
    assert actions(win2) == expected and card in hand(win2)
    assert win2.status_label.text() == prompts.lead_hint(win2.controller.session, 0) != ""
    click_card(win2, win2.view.cards[card])
    dlg2 = win2.controller.dialog
    assert isinstance(dlg2, SpinChoiceDialog)
    click_button(qtbot, dlg2, dlg2.findChild(QPushButton, "plain"))
    assert actions(win2)[len(expected)] == f"0 {card_code(card)}"
    assert card not in hand(win2) and AD in hand(win2)
    assert win2.view.cards[AD].in_hand
    assert not win2.controller.session.deal.history[-1].spin


# ---------------------------------------------------------------------------------------------
# 3. Spoil Five: robbing, claiming and jinking with the mouse


def test_rob_by_dragging_a_card(qtbot):
    seed, expected = find_seed("spoil-five", 4, {}, rob_offered)
    win = open_game(qtbot, "spoil-five", seed)
    c, view = win.controller, win.view
    d = reach(qtbot, win, rob_offered, expected)
    deal = c.session.deal
    turnup = deal.turnup
    assert view.prompt.isVisible()
    prompt_button(win, "decline")
    discard = next(a.card for a in d.actions if isinstance(a, Rob))
    item = view.cards[discard]
    assert item.in_hand and item.playable

    drag(qtbot, win, item, table_point(win))

    assert actions(win)[len(expected)] == f"0 rob {card_code(discard)}"
    assert turnup in hand(win) and discard not in hand(win)
    assert deal.robbed_by == 0
    assert not view.prompt.isVisible()
    qtbot.waitUntil(lambda: not view.busy, timeout=WAIT)
    assert view.cards[turnup].in_hand
    assert discard not in view.cards  # the discard stays hidden


def test_decline_to_rob_by_button(qtbot):
    # Another deal than the rob test's, where the person declines.
    seed, expected = find_seed("spoil-five", 4, {}, rob_offered, skip=1)
    win = open_game(qtbot, "spoil-five", seed)
    c = win.controller
    reach(qtbot, win, rob_offered, expected)
    deal = c.session.deal
    before = hand(win)

    qtbot.mouseClick(prompt_button(win, "decline"), LEFT)

    assert actions(win)[len(expected)] == "0 decline"
    assert hand(win) == before and deal.robbed_by is None
    assert not win.view.prompt.isVisible()
    assert not any(isinstance(a, Rob | Decline) for a in deal.legal_actions())


def _claim_seed() -> tuple[int, list[str]]:
    return find_seed("spoil-five", 2, {"gen.startCounters": 20}, claim_offered)


def test_jink_by_button(qtbot):
    seed, expected = _claim_seed()
    win = open_game(qtbot, "spoil-five", seed, players=2, options={"gen.startCounters": 20})
    c = win.controller
    reach(qtbot, win, claim_offered, expected)
    deal = c.session.deal
    assert deal.tricks_won[0] == 3 and len(deal.tricks) == 3
    prompt_button(win, "claim")

    qtbot.mouseClick(prompt_button(win, "jink"), LEFT)

    assert actions(win)[len(expected)] == "0 jink"
    assert not deal.over and deal.jinker == 0
    # The deal goes on: the person leads trick 4.
    wait_settled(qtbot, win)
    d = deal.decision()
    assert c.state == ctl.HUMAN and d.seat == 0
    assert all(isinstance(a, Play) for a in d.actions)
    assert not win.view.prompt.isVisible()


def test_claim_by_button(qtbot):
    seed, expected = _claim_seed()
    win = open_game(qtbot, "spoil-five", seed, players=2, options={"gen.startCounters": 20})
    c = win.controller
    session = c.session
    total = sum(session.start_balances) + sum(session.start_pools)
    reach(qtbot, win, claim_offered, expected)
    deal = session.deal
    pool = session.pools[0]
    balance = session.balances[0]

    qtbot.mouseClick(prompt_button(win, "claim"), LEFT)

    assert actions(win)[len(expected)] == "0 claim"
    assert deal.over and deal.winner == 0
    assert session.balances[0] == balance + pool and session.pools[0] == 0
    assert sum(session.balances) + sum(session.pools) == total
    qtbot.waitUntil(lambda: isinstance(c.dialog, DealSummaryDialog), timeout=WAIT)
    assert c.state == ctl.SUMMARY


# ---------------------------------------------------------------------------------------------
# 4. New Game


def _new_game_dialog(qtbot, win: MainWindow) -> NewGameDialog:
    win.ask_new_game()
    dlg = win.new_dialog
    assert isinstance(dlg, NewGameDialog)
    qtbot.waitUntil(dlg.isVisible, timeout=WAIT)
    return dlg


def _choose(combo: QComboBox, label: str) -> None:
    index = combo.findText(label)
    assert index >= 0, f"no entry {label!r}"
    combo.setCurrentIndex(index)


def _set_spin(qtbot, spin: QSpinBox, value: int) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    spin.interpretText()
    assert spin.value() == value


def _click_ok(qtbot, dlg: NewGameDialog) -> None:
    ok = dlg.findChild(QPushButton, "ok")
    assert ok is not None and ok.isEnabled()
    click_button(qtbot, dlg, ok)


def test_new_game_spoil_five_with_ten_players(qtbot):
    win = open_game(qtbot, "newmarket", 1)
    dlg = _new_game_dialog(qtbot, win)
    _choose(dlg.findChild(QComboBox, "game"), "Spoil Five")
    spin = dlg.findChild(QSpinBox, "players")
    assert spin.maximum() == 10
    _set_spin(qtbot, spin, 10)
    # Spoil Five's house rules replace Newmarket's.
    assert dlg.findChild(QWidget, "sf.robbing") is not None
    assert dlg.findChild(QWidget, "nm.stake") is None

    _click_ok(qtbot, dlg)

    c = win.controller
    session = c.session
    assert session.game.name == "spoil-five" and session.n == 10
    assert len(session.players) == 10 and session.players[0] == "You"
    assert win.windowTitle() == "Parlour — Spoil Five: deal 1 of 10"
    qtbot.waitUntil(lambda: len(win.view.plates) == 10, timeout=WAIT)
    qtbot.waitUntil(lambda: settled(win), timeout=WAIT)
    assert len(hand(win)) == 5


@pytest.mark.parametrize(
    "label, profile, key, value, absent",
    [
        ("Pope Joan (classic board)", "C", "pj.c.popeTurnUp", "popeOnly", "pj.pope"),
        (
            "Pope Joan (trump layout: Matrimony, Intrigue…)",
            "M",
            "pj.m.dealerStake",
            7,
            "pj.c.popeTurnUp",
        ),
    ],
)
def test_new_game_pope_joan_profile_rules(qtbot, label, profile, key, value, absent):
    win = open_game(qtbot, "newmarket", 1)
    dlg = _new_game_dialog(qtbot, win)
    _choose(dlg.findChild(QComboBox, "game"), label)
    control = dlg.findChild(QWidget, key)
    assert control is not None
    qtbot.waitUntil(lambda: control.isVisibleTo(dlg), timeout=WAIT)
    assert dlg.findChild(QWidget, absent) is None
    if isinstance(control, QComboBox):
        _choose(control, choice_text(key, value))  # the words shown, not the key
    elif isinstance(control, QSpinBox):
        _set_spin(qtbot, control, value)
    else:
        assert isinstance(control, QCheckBox)
        control.setChecked(value)

    _click_ok(qtbot, dlg)

    session = win.controller.session
    assert session.game.name == "pope-joan"
    assert session.options["pj.profile"] == profile
    assert session.options[key] == value
    assert win.options["pj.profile"] == profile and win.options[key] == value
    assert win.windowTitle() == f"Parlour — {label}: deal 1 of 4"


# ---------------------------------------------------------------------------------------------
# 5. Spoil Five with ten seats: nothing overlaps, everything inside the view


def test_ten_seat_table_layout(qtbot):
    seed, expected = find_seed("spoil-five", 10, {}, _ten_seat_stop)
    win = open_game(qtbot, "spoil-five", seed, players=10)
    view = win.view
    reach(qtbot, win, _ten_seat_stop, expected)
    deal = win.controller.session.deal
    assert len(deal.trick) >= 4 and len(view.plates) == 10
    scene = view.scene()
    area = QRectF(view.viewport().rect())
    assert scene.sceneRect() == area

    plates = [view.plates[s].rect for s in range(10)]
    for i in range(10):
        for j in range(i + 1, 10):
            assert not _overlap(plates[i], plates[j]), f"plates {i} and {j} overlap"

    trick = [view.cards[c] for _seat, c in deal.trick]
    assert all(not it.in_hand and it.pos() == it.home for it in trick)
    rects = [it.sceneBoundingRect() for it in trick]
    for i in range(len(rects)):
        for j in range(i + 1, len(rects)):
            assert not _overlap(rects[i], rects[j]), (
                f"trick cards {card_code(trick[i].card)} and {card_code(trick[j].card)} overlap"
            )
    # Nor do they cover a plate, a fan or the last trick.
    others = plates + [f.sceneBoundingRect() for f in view.fans.values() if f.isVisible()]
    others += [view.cards[c].sceneBoundingRect() for _s, c in deal.tricks[-1].cards]
    for r in rects:
        assert not any(_overlap(r, o) for o in others)

    for item in scene.items():
        if not item.isVisible() or item.sceneBoundingRect().isEmpty():
            continue
        if isinstance(item, Announcement) and not item.text:
            continue  # an empty call paints nothing
        assert _inside(area, item.sceneBoundingRect()), (
            f"{type(item).__name__} {item.sceneBoundingRect()} outside {area}"
        )
    if view.prompt.isVisible():
        assert view.viewport().rect().contains(view.prompt.geometry())


def test_ten_seat_acting_plate_stays_clear(qtbot):
    gate = threading.Semaphore(0)

    def gated(win: MainWindow) -> None:
        c = win.controller
        c.agents = {s: GatedAgent(a, gate) for s, a in c.agents.items()}

    win = open_game(qtbot, "spoil-five", 0, players=10, on_start=gated)
    c, view = win.controller, win.view
    area = QRectF(view.viewport().rect())
    checked: set[int] = set()
    try:
        while len(checked) < 10:
            qtbot.waitUntil(lambda: c.state == ctl.COMPUTER or settled(win), timeout=WAIT)
            seat = c.session.deal.decision().seat
            plate = view.plates[seat]
            qtbot.waitUntil(lambda p=plate: p.acting, timeout=WAIT)
            painted = plate.sceneBoundingRect()  # all the plate paints, its arrow included
            assert _inside(area, painted), f"seat {seat}'s plate leaves the view"
            for other, p in view.plates.items():
                if other != seat:
                    assert not _overlap(painted, p.rect), (
                        f"seat {seat}'s plate reaches into seat {other}'s"
                    )
            checked.add(seat)
            n = len(actions(win))
            if seat == 0:
                wait_settled(qtbot, win)
                perform(qtbot, win, plain_first(c.session.deal, c.session.deal.decision()))
            else:
                gate.release()
                qtbot.waitUntil(lambda n=n: len(actions(win)) > n, timeout=WAIT)
    finally:
        for _ in range(20):
            gate.release()


def test_spin_diamond_ace_shown_among_played_cards(qtbot):
    seed, expected = find_seed("spin", 4, {}, _spin_stop())
    win = open_game(qtbot, "spin", seed)
    d = reach(qtbot, win, _spin_stop(), expected)
    card = spin_offered(win.controller.session.deal, d)
    perform(qtbot, win, Play(0, card, spin=True))
    qtbot.waitUntil(lambda: not win.view.busy, timeout=WAIT)
    assert AD in win.view.cards, "the ♦A is not on the table"
    item = win.view.cards[AD]
    assert not item.in_hand and item.isVisible()
