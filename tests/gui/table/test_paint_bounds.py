"""No paint trails: every item of the table paints only inside its bounding rectangle, at
every scale (issue 15, point 8).

Qt repaints an item's bounding rectangle when it moves or changes; anything painted outside
stays on the baize as a trail (a raised card's gold outline at 3840×2160 did). Each item is
drawn here alone on a transparent image, with room around it, from the geometry the real
layout gives at several window sizes and at device pixel ratios 1 and 2, and no pixel may
be painted outside its bounding rectangle (rounded out to whole pixels).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsItem

from gamecore.cards import card
from gui.model.layout import compute_layout
from gui.table.board import RoundBoard
from gui.table.calls import Announcement
from gui.table.cardart import CardArt
from gui.table.items import CardItem, ChipToken, FanItem
from gui.table.plates import NameTag, SeatPlate
from gui.table.pools import PoolItem, StockItem
from paint_check import outside_pixels

#: Window sizes, smallest (the view's minimum) to a 4K screen, and the hand zoom.
SIZES = [(640, 440, 1.0), (800, 600, 1.0), (1280, 800, 1.0), (1920, 1080, 1.25), (3840, 2160, 1.25)]
RATIOS = [1.0, 2.0]
ART = CardArt()
LONG = "Maximilian Fotheringay-Phipps"


def check(item: QGraphicsItem, dpr: float) -> None:
    bad = outside_pixels(item, dpr)
    assert bad == [], (
        f"{type(item).__name__} paints pixels outside {item.sceneBoundingRect()}, e.g. {bad[:4]}"
    )


def _cases():
    for w, h, zoom in SIZES:
        for dpr in RATIOS:
            yield pytest.param(w, h, zoom, dpr, id=f"{w}x{h}@{dpr:g}")


CASES = list(_cases())


@pytest.mark.parametrize(("width", "height", "zoom", "dpr"), CASES)
@pytest.mark.parametrize("look", ["playable", "focused", "unplayable", "table"])
def test_card(qtbot, width, height, zoom, dpr, look):
    lay = compute_layout(width, height, 4, 4, zoom)
    item = CardItem(card(11, 2), ART)
    item.set_look(round(lay.hand_w), dpr, True)
    item.in_hand = look != "table"
    item.set_playable(look in ("playable", "focused"))
    item.set_focused(look == "focused")
    item.setPos(lay.hand_center_x, lay.hand_y - lay.raise_by)
    check(item, dpr)


@pytest.mark.parametrize(("width", "height", "zoom", "dpr"), CASES)
@pytest.mark.parametrize("seats", [2, 7, 10])
def test_seat_plates_and_fans(qtbot, width, height, zoom, dpr, seats):
    lay = compute_layout(width, height, seats, 4, zoom)
    for d in (0, 1, seats - 1):
        r = lay.plates[d]
        plate = SeatPlate()
        plate.set_state(
            QRectF(r.x, r.y, r.w, r.h),
            LONG,
            "13 cards · 1000",
            acting=True,
            thinking=True,
            dealer=True,
            winner=True,
            tricks=5,
        )
        check(plate, dpr)
    fan = FanItem(ART)
    fan.set_fan(lay.fan_positions(1, 13), lay.fan_card_w, dpr)
    check(fan, dpr)


@pytest.mark.parametrize(("width", "height", "zoom", "dpr"), CASES)
@pytest.mark.parametrize("kind", ["card", "plate", "trick"])
def test_pools(qtbot, width, height, zoom, dpr, kind):
    lay = compute_layout(width, height, 4, 5, zoom)
    cr, ch = lay.pool_cards[4], lay.pool_chips[4]
    item = PoolItem(ART, "Matrimony" if kind == "plate" else "♥A")
    if kind == "trick":
        cr = type(cr)(lay.played_x, lay.played_y, lay.card_w, lay.card_h)
        ch = type(ch)(cr.x + cr.w + 0.1 * lay.card_w, cr.y + 0.25 * cr.h, cr.w, 0.5 * cr.h)
    item.set_state(
        QRectF(cr.x, cr.y, cr.w, cr.h),
        QRectF(ch.x, ch.y, ch.w, ch.h),
        card(0, 1) if kind == "card" else None,
        1234,
        dpr,
        "K♥ Q♥" if kind == "plate" else "",
    )
    check(item, dpr)


@pytest.mark.parametrize(("width", "height", "zoom", "dpr"), CASES)
def test_stock_announcement_board_and_chips(qtbot, width, height, zoom, dpr):
    lay = compute_layout(width, height, 6, 8, zoom)
    stock = StockItem(ART)
    s = lay.stock
    stock.set_state(QRectF(s.x, s.y, s.w, s.h), 27, dpr, "Dead hand")
    check(stock, dpr)
    call = Announcement()
    call.show_text(
        f"Matrimony! {LONG} takes 1234", QPointF(lay.width / 2, lay.announce_y), lay.card_w * 0.26
    )
    check(call, dpr)
    board = RoundBoard(ART)
    b = lay.board
    names = ["Ace", "King", "Queen", "Jack", "Game", "Pope", "Matrimony", "Intrigue"]
    board.set_state(QRectF(b.x, b.y, b.w, b.h), [(n, 120, "K♥ Q♥") for n in names], dpr)
    check(board, dpr)
    chip = ChipToken(ART.chip(1, max(10, round(lay.card_w * 0.32)), dpr))
    chip.setPos(100, 100)
    check(chip, dpr)


@pytest.mark.parametrize(("width", "height", "zoom", "dpr"), CASES)
def test_trick_name_tags(qtbot, width, height, zoom, dpr):
    lay = compute_layout(width, height, 10, 1, zoom)
    for above in (False, True):
        tag = NameTag()
        tag.set_tag(
            LONG,
            QPointF(lay.trick_center[0], lay.trick_center[1]),
            lay.played_w,
            max(10.0, lay.card_w * 0.15),
            above,
        )
        check(tag, dpr)


def test_the_round_board_says_1_counter(qtbot):
    """Its tooltip read "Ace pool, 1 counters" (a tester, Pope Joan's classic board)."""
    board = RoundBoard(ART)
    pools = [("Ace", 1, ""), ("King", 0, ""), ("Game", 1200, "")]
    board.set_state(QRectF(0, 0, 300, 300), pools, 1.0)
    assert (
        board.toolTip() == "Ace pool, 1 counter; King pool, 0 counters; Game pool, 1,200 counters"
    )
