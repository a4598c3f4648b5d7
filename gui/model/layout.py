"""Where everything sits on the table, in card units, for a window size (no Qt here).

Every position is computed from the card width ``w`` (the largest that fits the window) so the
table fills any window: opponents across the top, the played cards by suit on the left, the
layout with its pools in the middle, the stock on the right, your hand along the bottom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

ASPECT = 1.4  # card height / width (the card art uses the same)
UNITS_WIDE = 16.0  # table width in card widths
UNITS_HIGH = 8.0  # table height in card widths


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in scene pixels: ``x``, ``y`` (top left), ``w``, ``h``."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """y of the bottom edge."""
        return self.y + self.h

    def intersects(self, o: Rect) -> bool:
        """True when the two rectangles overlap (touching edges do not count)."""
        return self.x < o.right and o.x < self.right and self.y < o.bottom and o.y < self.bottom


@dataclass(frozen=True)
class TableLayout:
    """Positions for one window size and seat count (scene pixels)."""

    width: float
    height: float
    card_w: float
    card_h: float
    #: Seat plates and the face-down fans under them, by display index (0 = you, bottom;
    #: 1 … n-1 = the others clockwise, left to right across the top). ``fans[0]`` is unused.
    plates: tuple[Rect, ...]
    fans: tuple[Rect, ...]
    fan_card_w: float
    #: Played cards (``played_w`` wide): row r (suit), column c (rank position) sits at
    #: ``(played_x + c * played_dx, played_y + r * played_dy)``.
    played_w: float
    played_x: float
    played_y: float
    played_dx: float
    played_dy: float
    #: One card rect per layout pool, and the chip area under it.
    pool_cards: tuple[Rect, ...]
    pool_chips: tuple[Rect, ...]
    #: Each pool's whole place, its card centred in it: a named compartment with no card
    #: draws its plate there, wider than a card when its name needs it.
    pool_plates: tuple[Rect, ...]
    #: Where the classic round board (Pope Joan PJ-C) is drawn, its compartments' names
    #: around it: the band between the played cards and the stock, clear of the calls.
    board: Rect
    stock: Rect
    #: Your hand: cards ``hand_w`` wide (the card width times the zoom), centred on
    #: ``hand_center_x``, tops at ``hand_y`` (playable cards are raised by ``raise_by``), at
    #: most ``hand_max_w`` wide in all.
    hand_w: float
    hand_center_x: float
    hand_y: float
    hand_max_w: float
    raise_by: float
    announce_y: float
    #: A card released above this y lands on the table (a play).
    drop_line: float
    #: Trick games: the centre of the trick, and where the last trick is shown (top left).
    trick_center: tuple[float, float] = (0.0, 0.0)
    last_trick: Rect = Rect(0, 0, 0, 0)
    #: A game without play (:func:`compute_ring_layout`): ``fans`` are where each seat's
    #: cards lie, ``fan_card_w`` wide and ``seat_card_h`` high; ``inner`` the free band
    #: under the compartments, for the staking panel and the recent events.
    seat_card_h: float = 0.0
    inner: Rect = Rect(0, 0, 0, 0)

    @property
    def trick_w(self) -> float:
        """The width of a trick's cards in the centre (pixels), a little under a card's."""
        return 0.78 * self.card_w

    def played_pos(self, row: int, col: int) -> tuple[float, float]:
        """Top-left of the played card in suit row ``row`` and rank column ``col``."""
        return self.played_x + col * self.played_dx, self.played_y + row * self.played_dy

    def hand_positions(self, count: int) -> list[tuple[float, float]]:
        """Top-left of each of ``count`` hand cards, left to right, unraised."""
        if count <= 0:
            return []
        dx = self.hand_w * 0.62
        if count > 1:
            dx = min(dx, (self.hand_max_w - self.hand_w) / (count - 1))
        total = self.hand_w + dx * (count - 1)
        x0 = self.hand_center_x - total / 2
        return [(x0 + i * dx, self.hand_y) for i in range(count)]

    def stock_fan_positions(self, count: int) -> list[tuple[float, float]]:
        """Top-left of each of ``count`` cards of the stock shown face up at the end of a
        deal (cards of :attr:`played_w`, whole pixels): a fan that ends at the stock's
        right edge and reaches no further left than just right of the pools' band (0.35
        card widths left of the stock), closer together or in overlapping rows, each row
        showing the corners of the one above, as it needs (a dead hand of ten cards
        spread over the last pay card of a long Michigan layout)."""
        if count <= 0:
            return []
        small = round(self.played_w)  # the fans' size read 6♠ as 6♣
        right = self.stock.x + self.card_w
        room = max(0.0, right - (self.stock.x - 0.35 * self.card_w) - small)
        step = 0.45 * small  # the whole index and a little more of each card in view
        per_row = max(1, int(room // step) + 1)
        rows = -(-count // per_row)
        per = -(-count // rows)
        dx = min(step, room / (per - 1)) if per > 1 else 0.0
        dy = 0.6 * small  # the rank and suit in the corner above stay in view
        left = right - small - (per - 1) * dx
        return [(left + (i % per) * dx, self.stock.y + (i // per) * dy) for i in range(count)]

    def stock_fan_foot(self, count: int) -> float:
        """The bottom edge (pixels) of the stock's face-up fan of ``count`` cards
        (:meth:`stock_fan_positions`), or the stock's own when there is none."""
        spots = self.stock_fan_positions(count)
        if not spots:
            return self.stock.bottom
        return max(y for _x, y in spots) + round(self.played_w) * ASPECT

    def stock_fan_left(self, count: int) -> float:
        """The left edge (pixels) of the stock's face-up fan of ``count`` cards
        (:meth:`stock_fan_positions`)."""
        return min((x for x, _ in self.stock_fan_positions(count)), default=self.stock.x)

    def fan_positions(self, display: int, count: int) -> list[tuple[float, float]]:
        """Top-left of each face-down card of an opponent's fan (small cards)."""
        fan = self.fans[display]
        if count <= 0:
            return []
        dx = self.fan_card_w * 0.22
        if count > 1:
            dx = min(dx, (fan.w - self.fan_card_w) / (count - 1))
        total = self.fan_card_w + dx * (count - 1)
        x0 = fan.x + (fan.w - total) / 2
        return [(x0 + i * dx, fan.y) for i in range(count)]

    def shown_hand_positions(self, display: int, count: int) -> list[tuple[float, float]]:
        """Top-left of each of ``count`` cards of an opponent's hand shown face up at the
        end of a deal (cards :attr:`played_w` wide, as the played rows' cards: at the fans'
        size, overlapped as the backs are, a spade read as a club and "10" as "1("), in
        the fan's place, each showing up to 0.45 of its width: its whole index."""
        fan = self.fans[display]
        if count <= 0:
            return []
        cw = round(self.played_w)
        dx = 0.45 * cw
        if count > 1:
            dx = min(dx, max(0.0, fan.w - cw) / (count - 1))
        total = cw + dx * (count - 1)
        x0 = fan.x + (fan.w - total) / 2
        return [(x0 + i * dx, fan.y) for i in range(count)]


ZOOM_MIN, ZOOM_MAX = 0.8, 1.25


def compute_layout(
    width: float, height: float, seats: int, pools: int, zoom: float = 1.0, pool_w: float = 1.0
) -> TableLayout:
    """The table for a ``width`` × ``height`` pixel view, ``seats`` players (2–10) and
    ``pools`` layout pools (0–8); ``zoom`` (0.8–1.25) scales your hand's cards; the pools
    are up to ``pool_w`` card widths wide where the band allows (a long compartment name)."""
    zoom = min(ZOOM_MAX, max(ZOOM_MIN, zoom))
    w = max(20.0, min(width / UNITS_WIDE, height / UNITS_HIGH))  # the card's width
    h = w * ASPECT
    # Centre the table's card-unit box in the window; spare space goes to the margins.
    box_w, box_h = w * UNITS_WIDE, w * UNITS_HIGH
    ox, oy = (width - box_w) / 2, (height - box_h) / 2
    margin = 0.2 * w
    # Top band: the other players, left to right, on a gentle arc.
    fan_card_w = 0.55 * w
    plates, fans, top_bottom = _top_band(seats, w, ox, oy, box_w, margin, fan_card_w)
    # Middle band: played cards by suit (left), layout pools (centre), stock (right).
    mid = _middle_band(w, h, ox, box_w, margin, top_bottom + 0.3 * w, pools, pool_w)
    mid_y = mid.y

    # Bottom: your plate on the left of your hand.
    hand_y = oy + box_h - margin - h * zoom
    raise_by = 0.2 * h * min(1.0, zoom)
    played_bottom = mid_y + 3 * mid.played_dy + mid.played_w * ASPECT
    announce_y = (played_bottom + hand_y - raise_by) / 2 - 0.15 * w
    # The board takes the whole band, down to just above the calls (their pill is about
    # 0.45 card widths high): its names go left and right of the disc.
    board_top = mid_y - 0.1 * h
    board = Rect(mid.free_l, board_top, mid.free_r - mid.free_l, announce_y - 0.3 * w - board_top)
    my_plate = Rect(ox + margin + 0.35 * w, oy + box_h - margin - 0.75 * h, 2.3 * w, 0.55 * w * 1.6)
    plates[0] = my_plate
    hand_left, hand_right = my_plate.right + 0.3 * w, ox + box_w - margin
    return TableLayout(
        width=width,
        height=height,
        card_w=w,
        card_h=h,
        plates=tuple(plates),
        fans=tuple(fans),
        fan_card_w=fan_card_w,
        played_w=mid.played_w,
        played_x=mid.played_x,
        played_y=mid_y,
        played_dx=mid.played_dx,
        played_dy=mid.played_dy,
        pool_cards=mid.pool_cards,
        pool_chips=mid.pool_chips,
        pool_plates=mid.pool_plates,
        board=board,
        stock=mid.stock,
        hand_w=w * zoom,
        hand_center_x=(hand_left + hand_right) / 2,
        hand_y=hand_y,
        hand_max_w=hand_right - hand_left,
        raise_by=raise_by,
        announce_y=announce_y,
        drop_line=hand_y - raise_by - 0.05 * h,
        trick_center=(ox + box_w / 2, mid_y + 1.2 * h),
        last_trick=Rect(mid.played_x, mid_y + 1.45 * h, 3.3 * w, 0.55 * w * ASPECT),
    )


class _Middle(NamedTuple):
    """The middle band of the table (see :func:`_middle_band`)."""

    y: float
    played_w: float
    played_x: float
    played_dx: float
    played_dy: float
    stock: Rect
    free_l: float
    free_r: float
    pool_cards: tuple[Rect, ...]
    pool_chips: tuple[Rect, ...]
    pool_plates: tuple[Rect, ...]


def _middle_band(
    w: float,
    h: float,
    ox: float,
    box_w: float,
    margin: float,
    mid_y: float,
    pools: int,
    pool_w: float = 1.0,
) -> _Middle:
    """The middle band at height ``mid_y``: the played cards by suit on the left, the stock
    on the right and the ``pools`` layout pools in the free space between (card ``w`` ×
    ``h``; ``ox`` and ``box_w`` the table box's left edge and width, pixels; ``pool_w``
    the width a pool wants, in card widths)."""
    # Smaller played cards: a row hides the bottom fifth of the row above (it hid half), and
    # two columns are a card's width, so a gap in a row shows (4♠ 6♠ read as one run).
    played_w = 0.7 * w
    played_dx, played_dy = played_w / 2, 0.8 * played_w * ASPECT
    played_x = ox + margin + 0.45 * w  # room for the suit labels
    played_right = played_x + 12 * played_dx + played_w
    stock = Rect(ox + box_w - margin - 1.25 * w, mid_y + 0.1 * h, w, h)
    free_l, free_r = played_right + 0.4 * w, stock.x - 0.4 * w
    # Wide pools stop short of a turn-up, which lies across the stock's left side.
    wide_r = stock.x - 0.7 * w
    pool_cards, pool_chips, pool_plates = _layout_pools(
        pools, w, h, mid_y, free_l, free_r if pool_w <= 1 else wide_r, pool_w
    )
    return _Middle(
        mid_y,
        played_w,
        played_x,
        played_dx,
        played_dy,
        stock,
        free_l,
        free_r,
        pool_cards,
        pool_chips,
        pool_plates,
    )


def _top_band(
    seats: int, w: float, ox: float, oy: float, box_w: float, margin: float, fan_card_w: float
) -> tuple[list[Rect], list[Rect], float]:
    """The top band: the other players' plates and fans (:func:`_other_seats`, fans of
    cards ``fan_card_w`` wide) and the band's bottom edge (pixels)."""
    plate_h = 0.5 * w
    fan_h = fan_card_w * ASPECT
    plates, fans = _other_seats(seats, w, ox, oy, box_w, margin, plate_h, fan_h)
    return plates, fans, oy + margin + 0.25 * w + plate_h + 0.08 * w + fan_h


def _other_seats(
    seats: int,
    w: float,
    ox: float,
    oy: float,
    box_w: float,
    margin: float,
    plate_h: float,
    fan_h: float,
) -> tuple[list[Rect], list[Rect]]:
    """The plates and fans of the other players (``seats`` in all) across the top, left to
    right on a gentle arc, by display index; index 0 (you) is left empty. ``w`` is the card
    width, ``ox``, ``oy`` the top left of the table's box, ``box_w`` its width (pixels)."""
    others = max(0, seats - 1)
    plates: list[Rect] = [Rect(0, 0, 0, 0)]
    fans: list[Rect] = [Rect(0, 0, 0, 0)]
    if others:
        slot = (box_w - 2 * margin) / others
        pw = min(slot * 0.92, 3.0 * w)
        for i in range(others):
            cx = ox + margin + slot * (i + 0.5)
            dip = 0.25 * w * (1 - math.sin(math.pi * (i + 0.5) / others)) if others > 2 else 0
            y = oy + margin + dip
            plates.append(Rect(cx - pw / 2, y, pw, plate_h))
            fans.append(Rect(cx - pw / 2, y + plate_h + 0.08 * w, pw, fan_h))
    return plates, fans


def _layout_pools(
    pools: int, w: float, h: float, mid_y: float, free_l: float, free_r: float, pool_w: float
) -> tuple[tuple[Rect, ...], tuple[Rect, ...], tuple[Rect, ...]]:
    """The layout pools side by side, centred between ``free_l`` and ``free_r`` (pixels):
    their cards (``w`` × ``h``, tops at ``mid_y``), the chip area under each, and each
    pool's whole place, up to ``pool_w`` card widths wide where the band has room (the
    gaps narrow a little then: the plates' own borders part them). Where the pools do not
    fit side by side at the card size (a Michigan layout of eight items), they are drawn
    smaller, so that the row keeps clear of the stock (it ran over the dead hand)."""
    room = free_r - free_l
    if pools and room > 0 and pools * w + (pools - 1) * 0.3 * w > room:
        scale = room / (pools * w + (pools - 1) * 0.3 * w)
        w, h = w * scale, h * scale
    gap, slot = 0.3 * w, w
    if pools and pool_w > 1:
        gap = 0.2 * w
        slot = max(w, min(pool_w * w, (free_r - free_l - (pools - 1) * gap) / pools))
    pools_w = pools * slot + max(0, pools - 1) * gap
    px0 = free_l + max(0.0, (free_r - free_l - pools_w) / 2)
    plates = tuple(Rect(px0 + i * (slot + gap), mid_y, slot, h) for i in range(pools))
    pool_cards = tuple(Rect(p.x + (slot - w) / 2, mid_y, w, h) for p in plates)
    pool_chips = tuple(Rect(r.x, r.bottom + 0.08 * w, w, 0.5 * h) for r in pool_cards)
    return pool_cards, pool_chips, plates
