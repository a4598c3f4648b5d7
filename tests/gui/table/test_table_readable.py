"""Readability (issue 15, point 12): the classic Pope Joan board's names and counts stay
readable and clear of the chips at every size; the recent-events log is never smaller
than the status line's font."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontInfo, QFontMetricsF
from PySide6.QtWidgets import QLabel

from game_driver import open_game
from gui.model.layout import compute_layout
from gui.table.board import RoundBoard
from gui.table.cardart import CardArt
from table_driver import WAIT

NAMES = ["Pope", "Matrimony", "Intrigue", "Ace", "King", "Queen", "Jack", "Game"]
DETAILS = ["9♦", "", "", "A♦", "K♦", "Q♦", "J♦", ""]
SIZES = [(640, 400), (640, 440), (800, 540), (1024, 700), (1280, 740), (1920, 1020), (3840, 2100)]


def _overlap(a: QRectF, b: QRectF) -> bool:
    i = a.intersected(b)
    return i.width() > 0.5 and i.height() > 0.5


def check_board(board: RoundBoard, min_px: int) -> None:
    labels = board.label_rects()
    assert len(labels) == len(board.pools) == 8
    font = board.label_font()
    assert font.pixelSize() >= min_px and board.count_font().pixelSize() >= min_px
    metrics = QFontMetricsF(font)
    disc = board.disc()
    texts = [f"{label} {detail}".strip() for label, _n, detail in board.pools]
    stacks = [board.chip_rect(i) for i in range(8)] + [board.count_rect(i) for i in range(8)]
    for i, (box, text) in enumerate(zip(labels, texts, strict=True)):
        assert metrics.horizontalAdvance(text) <= box.width() + 0.5, text  # not cut off
        assert box.height() >= metrics.height() - 0.5
        assert board.rect.contains(box), f"{text} leaves the board's room"
        assert not any(_overlap(box, s) for s in stacks if not s.isEmpty()), text
        assert not any(_overlap(box, other) for other in labels[i + 1 :]), text
        # Outside the tray, beside its own compartment.
        corners = (box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight())
        r = disc.width() / 2
        assert all((p - disc.center()).manhattanLength() >= r * 0.99 for p in corners)
        anchor = board.anchor(i)
        assert (box.center().x() > disc.center().x()) == (anchor.x() > disc.center().x())
    for i in range(8):
        count, chips = board.count_rect(i), board.chip_rect(i)
        assert not _overlap(count, chips)
        for part in (count, chips):  # inside the tray
            if not part.isEmpty():
                corners = (part.topLeft(), part.topRight(), part.bottomLeft(), part.bottomRight())
                assert all(
                    math.dist((p.x(), p.y()), (disc.center().x(), disc.center().y()))
                    <= disc.width() / 2
                    for p in corners
                ), board.pools[i]
        assert (count.center() - board.anchor(i)).manhattanLength() < disc.width() * 0.2
        width = QFontMetricsF(board.count_font()).horizontalAdvance(str(board.pools[i][1]))
        assert width <= count.width()
    assert board.boundingRect().contains(board.disc())


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("amount", [0, 7, 120])
def test_board_names_readable_and_clear_of_the_chips(qtbot, width, height, amount):
    lay = compute_layout(width, height, 4, 8)
    b = lay.board
    board = RoundBoard(CardArt())
    pools = [(n, amount + i, d) for i, (n, d) in enumerate(zip(NAMES, DETAILS, strict=True))]
    board.set_state(QRectF(b.x, b.y, b.w, b.h), pools, 1.0, 12)
    check_board(board, 12)


@pytest.mark.parametrize(("width", "height"), [(800, 600), (1280, 800), (3840, 2160)])
def test_board_at_the_table_and_the_log_font(qtbot, width, height):
    win = open_game(qtbot, "pope-joan", 4, options={"pj.profile": "C"})
    win.resize(width, height)
    view = win.view
    qtbot.waitUntil(
        lambda: view.layout_ is not None and view.layout_.width == view.viewport().width(),
        timeout=WAIT,
    )
    status_px = QFontInfo(win.findChild(QLabel, "status").font()).pixelSize()
    assert view.board.isVisible()
    check_board(view.board, status_px)
    log = view.findChild(QLabel, "recent")
    assert log.text()
    assert QFontInfo(log.font()).pixelSize() >= status_px
    assert QFontInfo(log.font()).pixelSize() >= round(view.layout_.card_w * 0.11)
    assert view.viewport().rect().contains(log.geometry())


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_thinking_mark_never_cuts_the_counters(qtbot, width, height):
    """Watching the computers, your plate is a computer's at work: "11 cards · 96" with
    its acting arrow and "thinking" mark read "11 cards · 9…"; the mark gives way."""
    from gui.table.plates import SeatPlate

    lay = compute_layout(width, height, 4, 1)
    r = lay.plates[0]
    plate = SeatPlate()
    for detail, short in (("11 cards · 96", "11 · 96"), ("15 cards · 1000", "15 · 1000")):
        plate.set_state(
            QRectF(r.x, r.y, r.w, r.h),
            "Ann",
            detail,
            acting=True,
            thinking=True,
            dealer=True,
            short=short,
        )
        _font, shown = plate.detail_shown()
        assert shown in (detail + " · thinking…", detail + " …", short + " …", detail), shown


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("acting", [True, False], ids=["acting", "waiting"])
def test_your_plate_never_elides_your_counters(qtbot, width, height, acting):
    """Pope Joan with three players deals you 15 cards: "15 cards · 100" stays whole on
    your plate (with the dealer's chip and the acting mark), a little smaller if need be."""
    from gui.table.plates import SeatPlate

    lay = compute_layout(width, height, 3, 8)
    r = lay.plates[0]
    plate = SeatPlate()
    for detail in ("15 cards · 100", "15 cards · 1000", "10 cards · 250"):
        plate.set_state(
            QRectF(r.x, r.y, r.w, r.h),
            "You",
            detail,
            acting=acting,
            thinking=False,
            dealer=True,
            winner=False,
        )
        font, shown = plate.detail_shown()
        assert shown == detail, (width, height, shown)
        assert font.pixelSize() >= round(r.h * 0.28 * 0.8) - 1


def test_the_winners_star_is_said_in_the_plates_tooltip(qtbot):
    """The ★ after the deal's winner's name was explained nowhere at the table."""
    from gui.table.plates import SeatPlate

    plate = SeatPlate()
    rect = QRectF(0, 0, 220, 44)
    plate.set_state(
        rect,
        "Ben",
        "2 cards · 22",
        acting=False,
        thinking=False,
        dealer=True,
        winner=True,
        tricks=3,
    )
    assert plate.toolTip() == "Ben: 2 cards · 22, dealer, 3 tricks won, won the deal (★)"
    assert plate.shown_name().endswith("★")
    plate.set_state(rect, "Ben", "2 cards · 22", acting=True, thinking=False, dealer=False)
    assert plate.toolTip() == "Ben: 2 cards · 22, to play"
