"""Tests for gui.model.layout.compute_layout: a pure function, no Qt.

For common window sizes (landscape and portrait) and every Newmarket seat count, everything
drawn lies inside the window and nothing overlaps what it must not.
"""

from __future__ import annotations

import itertools

import pytest

from gui.model.layout import ASPECT, UNITS_HIGH, UNITS_WIDE, Rect, TableLayout, compute_layout

SIZES = [(800, 600), (1024, 768), (1280, 800), (1920, 1080), (3840, 2160), (900, 1200)]
SEATS = range(3, 9)  # Newmarket: 3 to 8 players (NM-1)
POOLS = 4  # ♥A ♣K ♦Q ♠J (NM-4)
HAND = 15  # more than any Newmarket hand (13 with three players)
CASES = [(w, h, n) for (w, h), n in itertools.product(SIZES, SEATS)]
IDS = [f"{w}x{h}-{n}seats" for w, h, n in CASES]


def played_area(lay: TableLayout) -> Rect:
    """Four suit rows of thirteen rank columns of played cards (``played_w`` wide)."""
    x0, y0 = lay.played_pos(0, 0)
    x1, y1 = lay.played_pos(3, 12)
    return Rect(x0, y0, x1 + lay.played_w - x0, y1 + lay.played_w * ASPECT - y0)


def hand_area(lay: TableLayout, count: int = HAND) -> Rect:
    """The person's hand of ``count`` cards, raised cards included."""
    pos = lay.hand_positions(count)
    left, right = pos[0][0], pos[-1][0] + lay.card_w
    top = lay.hand_y - lay.raise_by
    return Rect(left, top, right - left, lay.hand_y + lay.card_h - top)


def named_rects(lay: TableLayout) -> dict[str, Rect]:
    """Every fixed rectangle of the table by name."""
    out: dict[str, Rect] = {}
    for i, r in enumerate(lay.plates):
        out[f"plate{i}"] = r
    for i, r in enumerate(lay.fans[1:], start=1):
        out[f"fan{i}"] = r
    for i, r in enumerate(lay.pool_cards):
        out[f"pool{i}"] = r
    for i, r in enumerate(lay.pool_chips):
        out[f"chips{i}"] = r
    out["stock"] = lay.stock
    return out


def inside(r: Rect, width: float, height: float) -> bool:
    return r.x >= 0 and r.y >= 0 and r.right <= width and r.bottom <= height and r.w > 0 and r.h > 0


def overlaps(group_a: dict[str, Rect], group_b: dict[str, Rect]) -> list[tuple[str, str]]:
    """Pairs of distinct names (one from each group) whose rectangles overlap; within one
    group, each pair once."""
    if group_a is group_b:
        pairs = itertools.combinations(group_a.items(), 2)
    else:
        pairs = itertools.product(group_a.items(), group_b.items())
    return [(na, nb) for (na, ra), (nb, rb) in pairs if na != nb and ra.intersects(rb)]


@pytest.mark.parametrize(("width", "height", "seats"), CASES, ids=IDS)
def test_everything_inside_the_window(width, height, seats):
    lay = compute_layout(width, height, seats, POOLS)
    assert (lay.width, lay.height) == (width, height)
    rects = named_rects(lay)
    assert len(lay.plates) == len(lay.fans) == seats
    assert len(lay.pool_cards) == len(lay.pool_chips) == POOLS
    outside = [name for name, r in rects.items() if not inside(r, width, height)]
    assert outside == []
    assert inside(played_area(lay), width, height)
    assert inside(hand_area(lay), width, height)
    for d in range(1, seats):
        for count in (1, 7, 13):
            for x, y in lay.fan_positions(d, count):
                card = Rect(x, y, lay.fan_card_w, lay.fan_card_w * ASPECT)
                assert inside(card, width, height)
                assert lay.fans[d].x <= x and x + lay.fan_card_w <= lay.fans[d].right + 1e-9


@pytest.mark.parametrize(("width", "height", "seats"), CASES, ids=IDS)
def test_nothing_overlaps(width, height, seats):
    lay = compute_layout(width, height, seats, POOLS)
    rects = named_rects(lay)
    seat_rects = {k: v for k, v in rects.items() if k.startswith(("plate", "fan"))}
    pools = {k: v for k, v in rects.items() if k.startswith(("pool", "chips"))}
    stock = {"stock": lay.stock}
    # Plates and fans against each other, against the pools and against the stock.
    assert overlaps(seat_rects, seat_rects) == []
    assert overlaps(seat_rects, pools) == []
    assert overlaps(seat_rects, stock) == []
    # Pools against each other (each card above its own chips) and against the stock.
    assert overlaps(pools, pools) == []
    assert overlaps(pools, stock) == []
    # The played cards stay clear of the pools, the stock and the seats.
    played = {"played": played_area(lay)}
    assert overlaps(played, pools) == []
    assert overlaps(played, stock) == []
    assert overlaps(played, seat_rects) == []


@pytest.mark.parametrize(("width", "height", "seats"), CASES, ids=IDS)
def test_hand_fits_below_the_table(width, height, seats):
    lay = compute_layout(width, height, seats, POOLS)
    played = played_area(lay)
    for count in range(1, HAND + 1):
        hand = hand_area(lay, count)
        assert hand.x >= 0 and hand.right <= width
        assert hand.w <= lay.hand_max_w + 1e-9
        # Centred on the hand's axis, at most 0.62 card widths apart, evenly.
        assert (hand.x + hand.right) / 2 == pytest.approx(lay.hand_center_x)
        xs = [x for x, _y in lay.hand_positions(count)]
        steps = {round(b - a, 6) for a, b in itertools.pairwise(xs)}
        assert len(steps) <= 1
        assert all(0 < s <= lay.card_w * 0.62 + 1e-9 for s in steps)
        # Below the played cards, the announcement and the drop line, clear of your plate
        # and everything else on the table.
        assert hand.y >= played.bottom
        assert hand.y > lay.announce_y
        assert hand.y > lay.drop_line
        assert hand.bottom <= height
        assert not hand.intersects(lay.plates[0])
        for name, r in named_rects(lay).items():
            assert name == "plate0" or not hand.intersects(r), name
    # The announcement sits between the played cards and the hand; a card let go over the
    # played cards or the pools lands on the table (above the drop line).
    assert played.bottom < lay.announce_y < lay.drop_line
    assert max(r.bottom for r in lay.pool_chips) < lay.drop_line
    assert played.bottom < lay.drop_line


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_card_size_is_the_largest_that_fits(width, height):
    lay = compute_layout(width, height, 4, POOLS)
    assert lay.card_w == pytest.approx(min(width / UNITS_WIDE, height / UNITS_HIGH))
    assert lay.card_h == pytest.approx(lay.card_w * ASPECT)
    # Scaling the window scales the table: the same layout in card units.
    double = compute_layout(width * 2, height * 2, 4, POOLS)
    assert double.card_w == pytest.approx(lay.card_w * 2)
    assert double.stock.x == pytest.approx(lay.stock.x * 2)
    assert double.hand_y == pytest.approx(lay.hand_y * 2)
    assert double.drop_line == pytest.approx(lay.drop_line * 2)


def test_1280x800_four_seats():
    lay = compute_layout(1280, 800, 4, POOLS)
    w, h = lay.card_w, lay.card_h
    # 1280/16 = 800/8 = 80: the table box fills the width; the spare height is split evenly.
    assert w == 80.0 and h == pytest.approx(112.0)
    box_top = (800 - UNITS_HIGH * w) / 2
    assert box_top == 80.0
    margin = 0.2 * w
    # Top and bottom margins match: the highest plate and the bottom of the hand.
    top = min(r.y for r in lay.plates[1:])
    assert top == pytest.approx(box_top + margin)
    assert lay.hand_y + h == pytest.approx(800 - box_top - margin)
    # The three opponents across the top, left to right, mirror-symmetric.
    others = lay.plates[1:]
    assert [r.x for r in others] == sorted(r.x for r in others)
    assert others[0].x == pytest.approx(1280 - others[-1].right)
    assert others[1].x + others[1].w / 2 == pytest.approx(640)
    assert others[0].y == pytest.approx(others[2].y) and others[1].y <= others[0].y
    for plate, fan in zip(lay.plates[1:], lay.fans[1:], strict=True):
        assert (fan.x, fan.w) == (plate.x, plate.w) and fan.y > plate.bottom
        assert fan.h == pytest.approx(lay.fan_card_w * ASPECT)
    # Pools: card-sized, in a row with equal gaps, left of the stock; chips under each.
    cards = lay.pool_cards
    assert all((r.w, r.h) == (w, h) for r in cards)
    assert {r.y for r in cards} == {lay.played_y}
    gaps = {round(b.x - a.right, 6) for a, b in itertools.pairwise(cards)}
    assert gaps == {round(0.3 * w, 6)}
    for card, chips in zip(cards, lay.pool_chips, strict=True):
        assert chips.x == card.x and chips.y > card.bottom and chips.w == card.w
    assert (lay.stock.w, lay.stock.h) == (w, h)
    assert cards[-1].right < lay.stock.x
    assert played_area(lay).right < cards[0].x
    # Played cards are smaller than hand cards; 13 columns and 4 rows. A card with no card
    # of the next rank beside it shows whole (two columns are a card's width), so a gap in
    # a row shows (4♠ beside 6♠ read as one run); a row hides only the bottom fifth of the
    # row above (it hid the half).
    assert lay.played_w == pytest.approx(0.7 * w)
    assert 2 * lay.played_dx == pytest.approx(lay.played_w)
    assert lay.played_dy == pytest.approx(0.8 * lay.played_w * ASPECT)
    assert lay.played_pos(1, 1)[0] - lay.played_pos(0, 0)[0] == pytest.approx(lay.played_dx)
    assert lay.played_pos(1, 0)[1] - lay.played_pos(0, 0)[1] == pytest.approx(lay.played_dy)
    # Playable cards are raised by a fifth of a card; the drop line is just above them.
    assert lay.raise_by == pytest.approx(0.2 * h)
    assert lay.drop_line == pytest.approx(lay.hand_y - lay.raise_by - 0.05 * h)
    # The hand starts right of your plate; a short hand is spaced 0.62 card widths.
    assert lay.hand_max_w == pytest.approx(1280 - margin - (lay.plates[0].right + 0.3 * w))
    xs = [x for x, _ in lay.hand_positions(10)]
    assert xs[1] - xs[0] == pytest.approx(0.62 * w)
    assert xs[0] > lay.plates[0].right


@pytest.mark.parametrize(("width", "height", "seats"), CASES, ids=IDS)
def test_round_board_clear_of_the_rest(width, height, seats):
    # Eight pools are drawn as the classic round board (Pope Joan PJ-C) instead of a row.
    lay = compute_layout(width, height, seats, 8)
    board = lay.board
    assert inside(board, width, height)
    # The whole band between the played cards and the stock, above the calls' pill.
    assert board.x > played_area(lay).right and board.right < lay.stock.x
    assert board.bottom <= lay.announce_y - 0.25 * lay.card_w
    assert board.h >= 3 * lay.card_w and board.w >= 2 * board.h
    seat_rects = {k: v for k, v in named_rects(lay).items() if k.startswith(("plate", "fan"))}
    assert overlaps({"board": board}, seat_rects) == []
    assert not board.intersects(lay.stock)
    assert not board.intersects(played_area(lay))
    assert not board.intersects(hand_area(lay))
    assert board.bottom < lay.drop_line


def test_few_cards_and_no_pools():
    lay = compute_layout(1280, 800, 4, 0)
    assert lay.pool_cards == () and lay.pool_chips == ()
    assert lay.hand_positions(0) == []
    assert lay.fan_positions(1, 0) == []
    ((x, y),) = lay.hand_positions(1)
    assert x + lay.card_w / 2 == pytest.approx(lay.hand_center_x) and y == lay.hand_y


def test_tiny_window_keeps_a_minimum_card():
    lay = compute_layout(100, 80, 4, POOLS)
    assert lay.card_w == 20.0


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_eight_pools_in_a_row_keep_clear_of_the_stock_and_each_other(width, height):
    """A Michigan layout of eight items (MI-3) ran over the dead hand at 800×600: a row
    that does not fit at the card size is drawn smaller, within the band."""
    lay = compute_layout(width, height, 4, 8)
    plates = lay.pool_plates
    assert all(p.right <= lay.stock.x - 0.3 * lay.card_w + 0.01 for p in plates)
    assert all(a.right <= b.x for a, b in itertools.pairwise(plates))
    assert all(c.w <= lay.card_w + 0.01 for c in lay.pool_cards)
    assert not any(c.intersects(lay.stock) for c in [*lay.pool_cards, *lay.pool_chips])


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_stock_shown_face_up_keeps_clear_of_a_row_of_eight_pools(width, height):
    """The review's dead hand of ten cards, face up, spread over the last pay card of a
    long Michigan layout: the fan keeps right of the pools' band, in rows as it needs, each
    row showing the corners of the one above."""
    lay = compute_layout(width, height, 4, 8)
    small = round(lay.played_w)
    for count in range(1, 17):
        spots = lay.stock_fan_positions(count)
        assert len(spots) == count and len(set(spots)) == count
        cards = [Rect(x, y, small, small * ASPECT) for x, y in spots]
        assert not any(c.intersects(p) for c in cards for p in lay.pool_plates), count
        assert all(c.right <= lay.stock.right + 0.5 for c in cards)
        rows = sorted({y for _, y in spots})
        # the index above in view: its rank and suit reach 0.56 of a small card's width
        assert all(b - a >= 0.58 * small for a, b in itertools.pairwise(rows))
        for row in rows:  # 0.45 of each card beside the next in view (0.3 hid a K's letter)
            xs = sorted(x for x, y in spots if y == row)
            assert all(b - a >= 0.45 * small - 0.01 for a, b in itertools.pairwise(xs))
    assert lay.stock_fan_left(10) >= lay.stock.x - 0.35 * lay.card_w - 0.01


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("seats", [3, 5, 7])
def test_a_hand_shown_at_the_end_shows_every_cards_index(width, height, seats):
    """An opponent's hand shown face up at the end of a deal, 13 cards at most: its cards
    are the played rows' size and each leaves its corner's rank and suit in view (0.235
    of its width), inside its fan's place (at the fans' size, 0.22 apart, a tester read
    spades as clubs and "10" as "1(")."""
    lay = compute_layout(width, height, seats, 4)
    cw = round(lay.played_w)
    for d in range(1, seats):
        fan = lay.fans[d]
        for count in range(1, 14 if seats <= 4 else 11):
            spots = lay.shown_hand_positions(d, count)
            xs = [x for x, _y in spots]
            assert all(b - a >= 0.235 * cw for a, b in itertools.pairwise(xs)), (d, count)
            assert xs[0] >= fan.x - 0.01 and xs[-1] + cw <= fan.right + 0.01
            assert {y for _x, y in spots} == {fan.y}
