"""Matrimony at the table, through the real widgets (issue 28): the first table of a game
without play. Whole sessions of both profiles staked in the on-table panel with the mouse
and the keyboard; the deal dealt card by card and turned over from the eldest, each
compartment paid to its winner with its reason, or everything at once with the animation
speed Off; fourteen seats on an 800×600 window; three people at one screen staking in turn
with no privacy screen (every decision comes before the deal, GEN-9); a game resumed in the
middle of its staking. Waits on conditions, never on time."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QPushButton, QSpinBox

from gamecore.decisions import SplitChoice, StakeChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.matrimony.deal import MatrimonyDeal
from gamecore.record import save_record
from gui.model.setup import COMPUTER_NAMES, Setup
from gui.play import controller as ctl
from gui.play.seats import SeatKind
from gui.store import persistence, settings
from gui.windows.dialogs import DealSummaryDialog, StandingsDialog
from gui.windows.mainwindow import MainWindow
from table_driver import LEFT, WAIT, click_button

NAMES = ("You", *COMPUTER_NAMES)  # the table's own seats, up to fourteen


def _window(qtbot, size: tuple[int, int] = (1280, 800), pace: int = 0, seed: int = 3) -> MainWindow:
    win = MainWindow(pace=pace, seed=seed)
    qtbot.addWidget(win)
    win.show()
    win.resize(*size)
    qtbot.waitExposed(win)
    return win


def _start(win: MainWindow, options: dict[str, Any], seats: list[SeatKind]) -> None:
    win.controller.new_session(Setup("matrimony", options, seats))


def _computers(n: int, people: int = 1) -> list[SeatKind]:
    return [SeatKind(NAMES[i], i < people) for i in range(n)]


def _panel_or_dialog(win: MainWindow) -> bool:
    c = win.controller
    if c.state == ctl.STAKING:
        return win.view.stake_panel.isVisible()
    return c.dialog is not None and c.dialog.isVisible()


def _stake_by_mouse(qtbot, win: MainWindow, amount: int) -> None:
    """Type ``amount`` into the stake box and click Stake."""
    panel = win.view.stake_panel
    spin = panel.findChild(QSpinBox, "stake")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(amount))
    qtbot.mouseClick(panel.findChild(QPushButton, "ok"), LEFT)


def _all_on(qtbot, win: MainWindow, pool: int) -> None:
    """Click "All here" on compartment ``pool``, then Spread."""
    panel = win.view.stake_panel
    qtbot.mouseClick(panel.findChild(QPushButton, f"all_{pool}"), LEFT)
    qtbot.mouseClick(panel.findChild(QPushButton, "ok"), LEFT)


def _drawn_at_the_end(win: MainWindow) -> None:
    """The deal's end as the table draws it: every dealt card face up under its seat, the
    compartments and the plates with the engine's counters."""
    deal = win.controller.session.deal
    assert isinstance(deal, MatrimonyDeal) and deal.over
    view, snap = win.view, win.view.snapshot
    assert snap.mode == "chance" and not win.controller.unveil.running
    dealt = {c for hand in deal.order for c in hand}
    assert set(view.cards) == dealt
    assert all(item.face_up and not item.in_hand for item in view.cards.values())
    assert [seat_cards for seat_cards in snap.seat_cards] == [
        tuple((c, True) for c in hand) for hand in deal.order
    ]
    assert [item.amount for item in view.pool_items] == win.controller.session.final_accounts()[1]


@pytest.mark.parametrize("options", [{"mt.profile": "F"}, {"mt.profile": "H", "gen.rounds": 1}])
def test_a_whole_session_staked_in_the_panel_mt_5(qtbot, options):
    win = _window(qtbot)
    _start(win, {**options, "gen.rounds": 1}, _computers(3))
    c = win.controller
    session = c.session
    total = sum(session.start_balances)
    for _ in range(60):
        qtbot.waitUntil(lambda: _panel_or_dialog(win), timeout=WAIT)
        if c.state == ctl.STAKING:
            d = session.decision()
            assert d.seat == 0 and c.human == 0
            if isinstance(d, StakeChoice):
                bound = f"{d.low} or more" if d.high is None else f"{d.low} to {d.high}"
                assert win.view.stake_panel.text.text() == (
                    f"You deal: name your stake ({bound} counters); every other player "
                    "stakes one fewer."
                )  # not "every player puts on the layout": the others put one fewer (MT-5)
                _stake_by_mouse(qtbot, win, 3)
                assert session.logs[-1].actions[-1] == "0 stake 3"
            else:
                assert isinstance(d, SplitChoice)
                _all_on(qtbot, win, 3)  # everything on Pair
                assert session.logs[-1].actions[-1] == f"0 split pair:{d.total}"
            continue
        dlg = c.dialog
        if isinstance(dlg, StandingsDialog):
            break
        assert isinstance(dlg, DealSummaryDialog) and c.state == ctl.SUMMARY
        _drawn_at_the_end(win)
        # the last deal's summary shows the balances after the end-of-session split (GEN-6)
        balances = session.final_accounts()[0]
        assert dlg.summary.balances == balances and dlg.summary.stock == []
        if dlg.summary.last_deal:  # nothing carries past the last deal: it is shared out
            assert not any("next deal" in line for line in dlg.summary.lines)
        assert sum(session.balances) + sum(session.pools) == total
        click_button(qtbot, dlg, dlg.findChild(QPushButton, "next"))
    else:
        pytest.fail("the session did not end")
    assert len(session.logs) == 3 and session.complete
    assert [log.dealer for log in session.logs] == [
        session.first_dealer,
        (session.first_dealer + 1) % 3,
        (session.first_dealer + 2) % 3,
    ]
    mine = [a for log in session.logs for a in log.actions if a.startswith("0 ")]
    assert sum(a.startswith("0 split") for a in mine) == 3 and "0 stake 3" in mine
    balances, pools = session.final_accounts()
    assert sum(balances) == total and pools == [0] * 5


def test_at_most_one_fewer_the_person_chooses_the_total_mt_5(qtbot):
    win = _window(qtbot)
    options = {"mt.profile": "H", "mt.othersStake": "atMost", "gen.firstDealer": "seat"}
    _start(win, options, [SeatKind(n, i == 1) for i, n in enumerate(NAMES[:4])])
    c = win.controller
    qtbot.waitUntil(
        lambda: c.state == ctl.STAKING and win.view.stake_panel.isVisible(), timeout=WAIT
    )
    d = c.session.decision()  # seat 0 deals and names a stake; seat 1, the person, is eldest
    assert isinstance(d, SplitChoice) and d.seat == 1 and d.ranged
    panel = win.view.stake_panel
    assert panel.text.text() == (
        f"Stake and spread from 1 to {d.total} counters over the layout. The dealer's stake "
        f"is {c.session.deal.stake}; the others stake at most one fewer."
    )
    for i in range(5):
        spin = panel.findChild(QSpinBox, f"pool_{i}")
        spin.setValue(1 if i == 4 else 0)
    assert panel.findChild(QPushButton, "ok").isEnabled()
    qtbot.mouseClick(panel.findChild(QPushButton, "ok"), LEFT)
    assert c.session.logs[-1].actions[-1] == "1 split best:1"


def _recording(win: MainWindow) -> list[Any]:
    """Every snapshot the view is given from now on."""
    shown: list[Any] = []
    view = win.view
    real = view.show

    def show(snapshot, duration=None):
        shown.append(snapshot)
        real(snapshot, duration)

    view.show = show  # type: ignore[method-assign]
    return shown


def test_the_deal_is_dealt_card_by_card_then_turned_from_the_eldest_mt_6_mt_8(qtbot):
    win = _window(qtbot, pace=12, seed=11)
    _start(win, {"gen.firstDealer": "seat"}, _computers(5))
    c = win.controller
    session = c.session
    qtbot.waitUntil(
        lambda: c.state == ctl.STAKING and win.view.stake_panel.isVisible(), timeout=WAIT
    )
    # Seat 0 deals, so the person spreads last: this split deals the cards.
    while session.decision().seat != 0 or isinstance(session.decision(), StakeChoice):
        qtbot.mouseClick(win.view.stake_panel.findChild(QPushButton, "ok"), LEFT)
        qtbot.waitUntil(lambda: win.view.stake_panel.isVisible(), timeout=WAIT)
    shown = _recording(win)
    qtbot.mouseClick(win.view.stake_panel.findChild(QPushButton, "ok"), LEFT)
    deal = session.deal
    assert deal.over and c.unveil.running  # resolved in the engine, shown beat by beat
    qtbot.waitUntil(lambda: c.state == ctl.SUMMARY, timeout=WAIT)
    counts = [sum(len(cards) for cards in s.seat_cards) for s in shown]
    deltas = {b - a for a, b in zip(counts, counts[1:], strict=False)}
    assert counts[0] == 0 and max(counts) == 10 and deltas <= {0, 1}  # one card at a time
    first_cards = [s for s in shown if sum(len(x) for x in s.seat_cards) == 1]
    assert first_cards[0].seat_cards[1] == ((deal.order[1][0], False),)  # eldest, face down
    five = next(s for s in shown if sum(len(x) for x in s.seat_cards) == 6)
    assert five.seat_cards[1] == ((deal.order[1][0], False), (deal.order[1][1], True))
    # then the face-down cards are turned over one hand at a time, from the eldest
    turned: list[int] = []
    for s in shown:
        for seat, cards in enumerate(s.seat_cards):
            if len(cards) == 2 and cards[0][1] and seat not in turned:
                turned.append(seat)
    if deal.winner is None:
        assert turned == [1, 2, 3, 4, 0]
    _drawn_at_the_end(win)
    won = [a for a in win.view.announced if " takes " in a]
    assert len(won) == len(deal.awards)


def test_with_the_animation_speed_off_the_end_is_shown_at_once(qtbot):
    win = _window(qtbot, pace=0, seed=5)
    _start(win, {"mt.profile": "H", "gen.firstDealer": "seat"}, _computers(4))
    c = win.controller
    qtbot.waitUntil(
        lambda: c.state == ctl.STAKING and win.view.stake_panel.isVisible(), timeout=WAIT
    )
    while not (isinstance(c.session.decision(), SplitChoice) and c.session.decision().seat == 0):
        qtbot.mouseClick(win.view.stake_panel.findChild(QPushButton, "ok"), LEFT)
        qtbot.waitUntil(lambda: win.view.stake_panel.isVisible(), timeout=WAIT)
    qtbot.mouseClick(win.view.stake_panel.findChild(QPushButton, "ok"), LEFT)
    assert not c.unveil.running  # nothing waits for a timer
    _drawn_at_the_end(win)
    qtbot.waitUntil(lambda: c.state == ctl.SUMMARY, timeout=WAIT)


def _rect(r) -> QRect:
    return QRect(round(r.x), round(r.y), round(r.w), round(r.h))


def test_fourteen_seats_fit_an_800_by_600_window(qtbot):
    win = _window(qtbot, size=(800, 600), seed=2)
    _start(win, {"mt.profile": "H"}, _computers(14))
    c = win.controller
    view = win.view
    qtbot.waitUntil(lambda: c.state == ctl.STAKING and view.stake_panel.isVisible(), timeout=WAIT)
    lay = view.layout_
    vp = view.viewport().rect()
    assert vp.width() <= 800 and vp.height() <= 600 and len(lay.plates) == 14
    # (what, its number, its rect): a seat's plate and its cards are one box, and so are a
    # compartment and its counters
    parts = [("seat", i, _rect(p)) for i, p in enumerate(lay.plates)]
    parts += [("seat", i, _rect(f)) for i, f in enumerate(lay.fans)]
    parts += [("pool", i, _rect(p)) for i, p in enumerate(lay.pool_cards)]
    parts += [("pool", i, _rect(p)) for i, p in enumerate(lay.pool_chips)]
    parts.append(("pack", 0, _rect(lay.stock)))
    everything = [r for _, _, r in parts]
    assert all(vp.contains(r) for r in everything)
    for i, (kind, k, a) in enumerate(parts):
        for kind2, k2, b in parts[i + 1 :]:
            assert (kind, k) == (kind2, k2) or not a.intersects(b), (kind, k, kind2, k2)
    panel = view.stake_panel.geometry()
    assert vp.contains(panel)
    assert not any(panel.intersects(r) for r in everything)
    assert lay.fan_card_w >= 40  # the cards stay readable
    qtbot.waitUntil(lambda: c.state == ctl.STAKING, timeout=WAIT)


def test_three_people_at_one_screen_stake_in_turn_with_no_privacy_screen(qtbot):
    win = _window(qtbot, seed=7)
    _start(win, {"gen.firstDealer": "seat"}, _computers(4, people=3))
    c = win.controller
    session = c.session
    asked: list[int] = []
    for _ in range(12):
        qtbot.waitUntil(lambda: _panel_or_dialog(win), timeout=WAIT)
        if c.state != ctl.STAKING:
            break
        d = session.decision()
        assert not c.privacy.isVisible() and not c.privacy_up
        assert c.human == d.seat and win.view.snapshot.bottom == d.seat
        text = win.view.stake_panel.text.text()
        assert text.startswith(session.players[d.seat]) or session.players[d.seat] in text
        asked.append(d.seat)
        qtbot.mouseClick(win.view.stake_panel.findChild(QPushButton, "ok"), LEFT)
    assert asked == [0, 1, 2, 0]  # the dealer's stake, then splits from the eldest (MT-5)
    assert isinstance(c.dialog, DealSummaryDialog)


def test_a_game_saved_in_the_middle_of_its_staking_resumes_there(qtbot, tmp_path):
    game = make_game("matrimony", {"mt.othersStake": "atMost"})
    session = Session(game, ["You", "Ben", "Cat", "Dan"], 3)
    session.start_deal_seeded(42)
    path = tmp_path / persistence.AUTOSAVE
    from gamecore.actions import NameStake

    session.apply(NameStake(3, 6))
    save_record(session, path)
    win = MainWindow(pace=0, seed=1, autosave=path)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    win.start(resume=True)
    qtbot.waitUntil(lambda: win.loading is None, timeout=WAIT)
    c = win.controller
    qtbot.waitUntil(
        lambda: c.state == ctl.STAKING and win.view.stake_panel.isVisible(), timeout=WAIT
    )
    d = c.session.decision()
    assert isinstance(d, SplitChoice) and d.seat == 0 and (d.lowest, d.total) == (1, 5)
    assert c.session.logs[-1].actions == ["3 stake 6"]
    qtbot.mouseClick(win.view.stake_panel.findChild(QPushButton, "ok"), LEFT)
    assert c.session.logs[-1].actions == [
        "3 stake 6",
        "0 split matrimony:1 intrigue:1 confederacy:1 pair:1 best:1",
    ]


def _coached_at_800(qtbot, seats: int) -> MainWindow:
    """Matrimony (F) with ``seats`` seats, you and computers, seed 2, in an 800×600 window,
    the coach explaining the deal, once the panel asks you to spread your stake (another
    seat deals) and has left out its "All here" buttons."""
    win = MainWindow(pace=0, seed=2, remember=True)
    qtbot.addWidget(win)
    win.show()
    win.resize(800, 600)
    qtbot.waitExposed(win)
    _start(win, {"mt.profile": "F"}, _computers(seats))
    c, panel = win.controller, win.view.stake_panel
    win.coach_this_deal()
    qtbot.waitUntil(
        lambda: c.state == ctl.STAKING and panel.isVisible() and win.coach.isVisible(),
        timeout=WAIT,
    )
    assert isinstance(c.session.decision(), SplitChoice)
    assert panel.every  # a split's "All here" buttons, left out once the coach is up
    qtbot.waitUntil(lambda: not any(b.isVisible() for b in panel.every), timeout=WAIT)
    return win


def test_fourteen_seats_under_the_coach_keep_your_plate_in_view(qtbot):
    """On an 800×600 window the coach's explanation takes the top of the window: the band
    under the compartments is then too short for the whole staking panel, so the panel
    leaves out its "All here" buttons and stays clear of every seat, your own plate among
    them; the split is still made with the mouse."""
    settings.settings().clear()
    try:
        win = _coached_at_800(qtbot, 14)
        c, view = win.controller, win.view
        panel = view.stake_panel
        lay = view.layout_
        panel.set_compact(False)
        assert panel.height() > lay.inner.h  # the whole panel is too tall for the band
        view.place_stake_panel()
        assert not any(b.isVisible() for b in panel.every)
        box = panel.geometry()
        assert view.viewport().rect().contains(box)
        assert not any(box.intersects(_rect(p)) for p in lay.plates)
        spent = c.session.balances[0]
        qtbot.mouseClick(panel.findChild(QPushButton, "ok"), LEFT)
        qtbot.waitUntil(lambda: c.session.balances[0] < spent, timeout=WAIT)
    finally:
        settings.settings().clear()


def test_four_seats_under_the_coach_leave_the_compartments_counters_in_view(qtbot):
    """On an 800×600 window under the coach, the split's panel was still too tall for the
    band under the compartments without its "All here" buttons, and covered the counters
    staked on them. Its buttons now go beside the amounts: the panel sits in the band,
    clear of every compartment's counters and of every seat, and the split is made with
    the mouse."""
    settings.settings().clear()
    try:
        win = _coached_at_800(qtbot, 4)
        c, view = win.controller, win.view
        panel = view.stake_panel
        ok, first = panel.findChild(QPushButton, "ok"), panel.spins[0]
        assert ok.geometry().intersects(QRect(0, first.y(), 9999, first.height()))  # beside
        lay, box = view.layout_, panel.geometry()
        assert view.viewport().rect().contains(box)
        assert box.height() <= lay.inner.h
        for item in view.pool_items:
            counters = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
            assert not box.intersects(counters), item.label
        assert not any(box.intersects(_rect(p)) for p in lay.plates)
        spent = c.session.balances[0]
        qtbot.mouseClick(ok, LEFT)
        qtbot.waitUntil(lambda: c.session.balances[0] < spent, timeout=WAIT)
    finally:
        settings.settings().clear()
