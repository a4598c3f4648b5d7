"""Names on the table: who played each card of a Spoil Five trick, who won the last trick
and why (issue 15, point 7); long names elided with the whole name as tooltip and
accessible name, and the dealer chip clear of the name (point 11)."""

from __future__ import annotations

import threading

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QLabel

from game_driver import (
    GatedAgent,
    _inside,
    _overlap,
    _ten_seat_stop,
    actions,
    perform,
    plain_first,
    settled,
    wait_settled,
)
from gamecore.explain import trick_reason
from gui.model.layout import compute_layout
from gui.model.snapshot import DealSummary
from gui.play import controller as ctl
from gui.table.plates import SeatPlate
from gui.windows.dialogs import DealSummaryDialog, StandingsDialog
from gui.windows.mainwindow import MainWindow
from table_driver import WAIT

LONG = [
    "Maximilian Fotheringay-Phipps",
    "Bartholomew Higginbottom",
    "Cat",
    "Wolfgang Amadeus Mozart",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo-Anne Featherstonehaugh",
]


def _table(qtbot, names: list[str], gate: threading.Semaphore) -> MainWindow:
    """Spoil Five, ten seats named ``names`` (you in seat 0), the computers waiting on
    ``gate`` before each card, shown at 1280×800."""
    win = MainWindow(pace=0, seed=11)
    qtbot.addWidget(win)
    win.game_name, win.players = "spoil-five", len(names)
    win.seats = [(names[0], True, "normal")] + [(n, False, "normal") for n in names[1:]]
    win.show()
    win.resize(1280, 800)
    qtbot.waitExposed(win)
    win.start()
    c = win.controller
    c.agents = {s: GatedAgent(a, gate) for s, a in c.agents.items()}
    return win


def _play_until(qtbot, win: MainWindow, gate: threading.Semaphore, stop) -> None:
    """Let the computers play (one card per token) and play your first legal card, until
    ``stop(deal, decision)`` holds at your decision."""
    c = win.controller
    for _ in range(400):
        qtbot.waitUntil(lambda: c.state == ctl.COMPUTER or settled(win), timeout=WAIT)
        deal = c.session.deal
        d = deal.decision()
        if c.state == ctl.COMPUTER:
            n = len(actions(win))
            gate.release()
            qtbot.waitUntil(lambda n=n: len(actions(win)) > n, timeout=WAIT)
            continue
        wait_settled(qtbot, win)
        assert c.state == ctl.HUMAN, "the deal ended first"
        if stop(deal, d):
            return
        perform(qtbot, win, plain_first(deal, d))
    raise AssertionError("never reached")


def test_each_trick_card_carries_its_players_name(qtbot):
    gate = threading.Semaphore(0)
    win = _table(qtbot, LONG, gate)
    c, view = win.controller, win.view
    try:
        # Trick 3 or later, four or more cards down and somebody still to play after you.
        _play_until(
            qtbot, win, gate, lambda deal, d: _ten_seat_stop(deal, d) and len(deal.trick) <= 8
        )
        deal = c.session.deal
        card = plain_first(deal, deal.decision()).card
        perform(qtbot, win, plain_first(deal, deal.decision()))  # your card joins the trick
        qtbot.waitUntil(lambda: card in view.trick_tags and not view.busy, timeout=WAIT)
        qtbot.waitUntil(lambda: c.state == ctl.COMPUTER, timeout=WAIT)  # at the gate
        names = c.session.players
        trick = list(deal.trick)
        assert len(trick) >= 5 and (0, card) in trick
        assert set(view.trick_tags) == {x for _s, x in trick}
        area = QRectF(view.viewport().rect())
        tags, cards = [], []
        for seat, x in trick:
            tag, item = view.trick_tags[x], view.cards[x]
            assert item.pos() == item.home and not item.in_hand
            assert tag.name == names[seat] and tag.toolTip() == names[seat]
            assert tag.accessible_name() == names[seat]
            metrics = QFontMetricsF(tag.font())
            assert metrics.horizontalAdvance(tag.shown) <= tag.boundingRect().width()
            if len(names[seat]) > 20:
                assert tag.shown.endswith("…") and names[seat].startswith(tag.shown[:-1])
            elif len(names[seat]) <= 3:
                assert tag.shown == names[seat]
            t, r = tag.sceneBoundingRect(), item.sceneBoundingRect()
            assert abs(t.center().x() - r.center().x()) < 1.0  # on its card
            card_rect = item.mapRectToScene(item.card_rect())
            if seat == 0:  # your card: the name just below it
                assert card_rect.bottom() <= t.top() <= card_rect.bottom() + 0.2 * r.width()
            else:  # across the table: the name just above it
                assert card_rect.top() - 0.2 * r.width() <= t.bottom() <= card_rect.top()
            assert _inside(area, t)
            tags.append(t)
            cards.append(card_rect)
        # Each card lies toward its player: left to right in the order of the plates.
        across = sorted((s for s, _x in trick if s != 0))
        xs = [view.cards[dict(trick)[s]].pos().x() for s in across]
        plates = [view.plates[s].rect.center().x() for s in across]
        assert sorted(xs) == xs and sorted(plates) == plates
        # The names cover no card, plate or fan, nor each other.
        others = [p.rect for p in view.plates.values()]
        others += [f.sceneBoundingRect() for f in view.fans.values() if f.isVisible()]
        others += [it.mapRectToScene(it.card_rect()) for it in view.cards.values()]
        for i, t in enumerate(tags):
            assert not any(_overlap(t, o) for o in others)
            assert not any(_overlap(t, u) for u in tags[i + 1 :])
        # The last trick says who won it and why.
        last = deal.tricks[-1]
        who = "you" if last.seat == 0 else names[last.seat]
        assert view.reason_text.text() == (
            f"Last trick to {who}: {trick_reason(deal.trump, last.cards, last.seat)}"
        )
        assert view.reason_text.isVisible()
    finally:
        for _ in range(50):
            gate.release()


def test_names_go_with_the_trick(qtbot):
    gate = threading.Semaphore(0)
    win = _table(qtbot, ["You", "Ben", "Cat", "Dan"], gate)
    view = win.view
    try:
        _play_until(qtbot, win, gate, lambda deal, d: len(deal.tricks) == 1)
        deal = win.controller.session.deal
        assert set(view.trick_tags) == {x for _s, x in deal.trick}
        assert all(t.scene() is view.scene() for t in view.trick_tags.values())
    finally:
        for _ in range(50):
            gate.release()


# ---------------------------------------------------------------------------------------------
# Long names (point 11)


def _check_plate(plate: SeatPlate, name: str) -> None:
    metrics = QFontMetricsF(plate.name_font())
    shown = plate.shown_name()
    assert plate.toolTip().startswith(f"{name}: ") and plate.accessible_name() == (plate.toolTip())
    assert metrics.horizontalAdvance(shown) <= plate.name_rect().width() + 0.5, shown
    shown = shown.removesuffix("  ★")
    assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1]))
    assert plate.name_rect().right() <= plate.rect.right()
    if plate.dealer:  # the chip has its own corner
        assert plate.name_rect().right() < plate.chip_rect().left()
        assert not plate.name_rect().intersects(plate.chip_rect())


def test_long_names_on_the_plates_are_elided_clear_of_the_dealer_chip(qtbot):
    gate = threading.Semaphore(0)
    win = _table(qtbot, LONG, gate)
    view = win.view
    try:
        qtbot.waitUntil(lambda: len(view.plates) == 10 and view.layout_ is not None, timeout=WAIT)
        dealer = win.controller.session.deal.dealer
        assert view.plates[dealer].dealer
        for seat, plate in view.plates.items():
            _check_plate(plate, LONG[seat])
            if len(LONG[seat]) > 20:
                assert plate.shown_name().endswith("…")
    finally:
        for _ in range(50):
            gate.release()


def test_plate_names_at_every_size(qtbot):
    for width, height in ((640, 440), (800, 600), (1280, 800), (1920, 1080), (3840, 2160)):
        for seats in (2, 5, 10):
            lay = compute_layout(width, height, seats, 4)
            for d in range(seats):
                r = lay.plates[d]
                for acting in (False, True):
                    plate = SeatPlate()
                    plate.set_state(
                        QRectF(r.x, r.y, r.w, r.h),
                        LONG[0],
                        "5 cards · 100",
                        acting=acting,
                        thinking=acting,
                        dealer=True,
                        winner=True,
                        tricks=3,
                    )
                    _check_plate(plate, LONG[0])
                    assert plate.shown_name().endswith("★")


def test_long_names_in_the_summary_and_the_standings(qtbot):
    names = [LONG[0], "Ben", LONG[3]]
    summary = DealSummary(
        names=names,
        winner=0,
        dealer=2,
        hands_left=[[], [1], [2]],
        stock=[],
        lines=[],
        deltas=[2, -1, -1],
        balances=[102, 99, 99],
        pools=[],
        last_deal=True,
    )
    dlg = DealSummaryDialog(None, summary)
    qtbot.addWidget(dlg)
    dlg.show()
    first = dlg.findChild(QLabel, "name_0")
    assert first.text().endswith("… ★ out") and first.toolTip() == LONG[0]
    assert first.accessibleName() == f"{LONG[0]} ★ out"
    assert dlg.findChild(QLabel, "name_1").text() == "Ben"
    dealer = dlg.findChild(QLabel, "name_2")
    assert dealer.text().endswith("(dealer)") and dealer.toolTip() == LONG[3]
    assert dlg.findChild(QLabel, "name_0").width() < 400
    standings = StandingsDialog(None, names, [102, 99, 99], [100, 100, 100])
    qtbot.addWidget(standings)
    standings.show()
    top = standings.findChild(QLabel, "name_0")
    assert top.text().endswith("…") and top.toolTip() == LONG[0]
    assert top.accessibleName() == LONG[0]
    assert standings.findChild(QLabel, "name_1").text() == "Ben"


def test_your_plate_writes_a_ten_letter_name_whole_when_you_deal_and_act(qtbot):
    """Your plate, the arrow and the dealer chip in it, at 800×600 and 1280×800: "Margaret"
    read "Marg…" whenever you dealt; the name is written smaller before it is cut."""
    for width, height in ((796, 576), (1276, 776)):
        for seats in (2, 4, 10):
            r = compute_layout(width, height, seats, 5).plates[0]
            for name in ("Margaret", "Wilhelmina"):
                plate = SeatPlate()
                plate.set_state(
                    QRectF(r.x, r.y, r.w, r.h),
                    name,
                    "5 cards · 100",
                    acting=True,
                    thinking=False,
                    dealer=True,
                )
                assert plate.shown_name() == name, (width, seats, name)
                _check_plate(plate, name)
                assert plate.name_font().pixelSize() >= 10  # smaller, never tiny


def test_a_plates_tooltip_counts_the_tricks_won(qtbot):
    """Spoil Five's marks beside a name had no words: the tooltip says what they count."""
    plate = SeatPlate()
    said = []
    for tricks in (0, 1, 2):
        plate.set_state(
            QRectF(0, 0, 200, 50), "Ben", "4 cards · 20", acting=False, thinking=False,
            dealer=False, tricks=tricks,
        )  # fmt: skip
        said.append(plate.toolTip())
    assert said == [f"Ben: 4 cards · 20, {n} won" for n in ("0 tricks", "1 trick", "2 tricks")]


def test_a_short_name_over_a_trick_card_is_written_whole_at_800x600(qtbot):
    """Spoil Five at three, 800×600: the name over Player 2's card read "Pla…" although
    the table had room for it; a name may take up to two cards' width where the
    neighbours' cards leave it."""
    from gui.model.setup import Setup
    from gui.play.seats import SeatKind
    from gui.windows.mainwindow import MainWindow

    win = MainWindow(pace=0, seed=3)
    qtbot.addWidget(win)
    win.resize(800, 600)
    win.show()
    seats = [SeatKind("Player 1", True), SeatKind("Player 2", False), SeatKind("Cat", False)]
    win.controller.new_session(Setup("spoil-five", seats=seats))
    view = win.view

    def tag_of(name: str):
        return next((t for t in view.trick_tags.values() if t.name == name and t.isVisible()), None)

    qtbot.waitUntil(lambda: tag_of("Player 2") is not None and not view.busy, timeout=WAIT)
    assert tag_of("Player 2").shown == "Player 2"


def test_trick_marks_close_up_before_the_plates_words_are_shortened(qtbot):
    """Spoil Five at 1280×800: after four tricks the person's plate read "1 · 18" (the
    short form) beside marks spread with gaps. The marks close up like a stack of cards,
    and the words stay whole; they are never covered."""
    plate = SeatPlate()
    for tricks in (1, 3, 4, 5):
        plate.set_state(
            QRectF(0, 0, 185, 70), "Ann", "1 card · 18", acting=True, thinking=False,
            dealer=False, tricks=tricks, short="1 · 18",
        )  # fmt: skip
        font, shown = plate.detail_shown()
        assert shown == "1 card · 18", tricks
        width = QFontMetricsF(font).horizontalAdvance(shown)
        assert plate.detail_rect().left() + width <= plate._marks_left()
    assert plate._mark_step() < plate._mark_size()[0]  # five marks overlap
    assert plate._mark_step() >= 0.4 * plate._mark_size()[0]  # and still count apart


def test_a_name_with_tags_is_shown_as_typed_on_the_table(qtbot):
    # "<b>Zoë</b> & Co" showed as a bold "Zoë & Co" in the status line, the recent lines
    # and the summary's heading, and the recent lines ran together as rich text.
    from PySide6.QtCore import Qt

    from gui.model.setup import Setup
    from gui.play.seats import SeatKind
    from gui.windows.dialogkit import heading_label
    from gui.windows.mainwindow import MainWindow

    win = MainWindow(pace=0, seed=3)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    c = win.controller
    name = "<b>Zoë</b> & Co"
    seats = [SeatKind("Ann", False), SeatKind(name, False), SeatKind("Cat", False)]
    c.new_session(Setup("newmarket", seats=seats))  # computers only: the deal goes on
    qtbot.waitUntil(lambda: name in "".join(c.log[-3:]), timeout=20_000)
    c.hold()  # the table stays as it is while it is read
    heading = heading_label(f"{name} went out", win)
    for label in (win.status_label, win.view.log_label, win.view.prompt.label, heading):
        assert label.textFormat() == Qt.TextFormat.PlainText, label.objectName()
    shown = c.log[-3:]
    assert any(name in line for line in shown)
    assert win.view.log_label.text() == "\n".join(shown)  # each its own line, as typed
