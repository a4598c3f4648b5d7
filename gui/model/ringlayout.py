"""Where everything sits on a table without play (Matrimony), for a window size (no Qt
here): the seats round the edge, each a plate with its cards under it, and the
compartments inside. The card-unit geometry is :mod:`gui.model.layout`'s."""

from __future__ import annotations

from typing import NamedTuple

from gui.model.layout import ASPECT, UNITS_HIGH, UNITS_WIDE, Rect, TableLayout

#: A compartment's plate and the room for its counters under it, in compartment widths: a
#: full stack of counters (twelve) stays inside that room.
POOL_PLATE, POOL_CHIPS = 0.85, 1.05


class _Ring(NamedTuple):
    """The seats of a ring table (see :func:`ring_seats`): each seat's plate and the place
    of its cards, by display index, and the width of those cards."""

    plates: tuple[Rect, ...]
    cards: tuple[Rect, ...]
    card_w: float


def ring_seats(width: float, height: float, seats: int, w: float, cards: int) -> _Ring:
    """``seats`` seats round the edge of a ``width`` × ``height`` view, evenly spaced
    along a rectangle, display index 0 (you) at the bottom centre and the others clockwise
    (left, top, right), each a plate with its ``cards`` cards under it; the cards as wide
    as the seats' spacing allows, from one card unit ``w`` down to 0.6 of it (pixels)."""
    margin = 0.12 * w
    plate_h = 0.5 * w
    c = w
    while True:
        box_w = max(2.0 * w, c * (1 + 0.58 * (cards - 1)) + 0.2 * w)
        box_h = plate_h + 0.06 * w + c * ASPECT
        boxes = _round_the_edge(width, height, seats, margin, box_w, box_h)
        apart = all(
            not _grown(boxes[i], 0.05 * w).intersects(boxes[(i + 1) % seats])
            for i in range(seats if seats > 1 else 0)
        )
        if apart or c <= 0.6 * w:
            break
        c *= 0.95
    plates = tuple(Rect(r.x, r.y, r.w, plate_h) for r in boxes)
    row_w = c * (1 + 0.58 * (cards - 1))
    places = tuple(
        Rect(r.x + (r.w - row_w) / 2, r.y + plate_h + 0.06 * w, row_w, c * ASPECT) for r in boxes
    )
    return _Ring(plates, places, c)


def _round_the_edge(
    width: float, height: float, seats: int, margin: float, box_w: float, box_h: float
) -> list[Rect]:
    """``seats`` boxes of ``box_w`` × ``box_h`` whose centres are evenly spaced round the
    rectangle inset by ``margin`` and half a box, the first at the bottom centre, then
    clockwise on the screen (bottom, left, top, right)."""
    left, right = margin + box_w / 2, width - margin - box_w / 2
    top, bottom = margin + box_h / 2, height - margin - box_h / 2
    across, down = max(0.0, right - left), max(0.0, bottom - top)
    # The path from the bottom centre: leftwards, up, rightwards, down, back to the start.
    legs = (
        (width / 2, bottom, -1, 0, across / 2),
        (left, bottom, 0, -1, down),
        (left, top, 1, 0, across),
        (right, top, 0, 1, down),
        (right, bottom, -1, 0, across / 2),
    )
    perimeter = 2 * (across + down)
    out = []
    for k in range(seats):
        s = perimeter * k / seats
        for i, (x0, y0, dx, dy, length) in enumerate(legs):
            if s <= length or i == len(legs) - 1:
                x, y = x0 + dx * s, y0 + dy * s
                break
            s -= length
        out.append(Rect(x - box_w / 2, y - box_h / 2, box_w, box_h))
    return out


def _grown(r: Rect, by: float) -> Rect:
    return Rect(r.x - by, r.y - by, r.w + 2 * by, r.h + 2 * by)


def compute_ring_layout(
    width: float, height: float, seats: int, pools: int, cards: int
) -> TableLayout:
    """The table of a game without play (Matrimony) for a ``width`` × ``height`` view:
    ``seats`` seats (3–14) round the edge, each with a plate and its ``cards`` cards
    (:func:`ring_seats`); inside them, at the top, the pack and the ``pools`` compartments
    in a row, each with its counters under it, as large as the room between the seats
    allows; under them the calls, then the staking panel or the recent events (``inner``)."""
    w = max(20.0, min(width / UNITS_WIDE, height / UNITS_HIGH))
    ring = ring_seats(width, height, seats, w, cards)
    boxes = [
        Rect(p.x, p.y, p.w, c.bottom - p.y) for p, c in zip(ring.plates, ring.cards, strict=True)
    ]
    pool_w, top = _pool_row(width, height, boxes, w, pools)
    pool_h = POOL_PLATE * pool_w
    gap = 0.22 * pool_w
    row_w = (pools + 1) * pool_w + pools * gap
    x0 = (width - row_w) / 2
    stock = Rect(x0, top, pool_w, pool_w * ASPECT)
    cards_ = tuple(Rect(x0 + (i + 1) * (pool_w + gap), top, pool_w, pool_h) for i in range(pools))
    chips = tuple(Rect(r.x, r.bottom + 0.05 * w, pool_w, POOL_CHIPS * pool_w) for r in cards_)
    below = max([stock.bottom, *(r.bottom for r in chips)])
    return TableLayout(
        width=width,
        height=height,
        card_w=w,
        card_h=w * ASPECT,
        plates=ring.plates,
        fans=ring.cards,
        fan_card_w=ring.card_w,
        played_w=ring.card_w,
        played_x=x0,
        played_y=top,
        played_dx=0.0,
        played_dy=0.0,
        pool_cards=cards_,
        pool_chips=chips,
        pool_plates=cards_,
        board=Rect(x0, top, row_w, below - top),
        stock=stock,
        hand_w=ring.card_w,
        hand_center_x=width / 2,
        hand_y=below + 0.6 * w,
        hand_max_w=row_w,
        raise_by=0.0,
        announce_y=below + 0.3 * w,
        drop_line=-1.0,
        trick_center=(width / 2, height / 2),
        last_trick=Rect(0, 0, 0, 0),
        seat_card_h=ring.card_w * ASPECT,
        inner=_inner(width, height, boxes, below + 0.6 * w),
    )


def _pool_row(
    width: float, height: float, boxes: list[Rect], w: float, pools: int
) -> tuple[float, float]:
    """The widest compartment (pixels, at most 1.3 card units) whose row, with the pack at
    its left and the counters under it, fits under the seats above it and clear of every
    seat; with the row's top (pixels)."""
    pool_w = 1.3 * w
    while True:
        row_w = (pools + 1) * pool_w + pools * 0.22 * pool_w
        x0 = (width - row_w) / 2
        above = [b.bottom for b in boxes if b.y < height / 2 and b.x < x0 + row_w and b.right > x0]
        row_h = (POOL_PLATE + POOL_CHIPS) * pool_w + 0.05 * w
        # just under the seats above it, or a little above the middle where none is
        top = max(max(above, default=0.0) + 0.25 * w, height * 0.45 - row_h)
        row = Rect(x0, top, row_w, row_h)
        if pool_w <= 0.6 * w or not any(row.intersects(_grown(b, 0.1 * w)) for b in boxes):
            return pool_w, top
        pool_w *= 0.95


def _inner(width: float, height: float, boxes: list[Rect], top: float) -> Rect:
    """The free band from ``top`` (pixels) down to the seats below it, between the seats at
    its sides: where the staking panel and the recent events go."""
    middle = [b for b in boxes if b.y >= top and b.x < width / 2 < b.right]
    bottom = min((b.y for b in middle), default=height)
    band = [b for b in boxes if b.bottom > top and b.y < bottom]
    left = max((b.right for b in band if b.x + b.w / 2 < width / 2), default=0.0)
    right = min((b.x for b in band if b.x + b.w / 2 > width / 2), default=width)
    return Rect(left, top, max(0.0, right - left), max(0.0, bottom - top))
