"""Michigan's layout at the table (issue 27, point 3): a combination item such as ``KD+QD``
shows both its cards together on its place (MI-12), and the kitty is a plate named "Kitty"
with its counters (MI-5, MI-14), each painting only inside its bounds."""

from __future__ import annotations

from game_driver import open_game, wait_settled
from gamecore.cards import parse_card
from gui.table.pools import PoolItem
from paint_check import outside_pixels

#: The named layout with the King-Queen marriage of diamonds, and the kitty (MI-3, MI-5).
MARRIAGE = {"mi.layout": "AH KC QD JS KD+QD", "mi.kitty": True}


def _pools(qtbot) -> tuple[list[PoolItem], object]:
    win = open_game(qtbot, "michigan", seed=4, players=4, options=MARRIAGE)
    wait_settled(qtbot, win)
    return win.view.pool_items, win


def test_mi12_combination_item_shows_both_its_cards_together(qtbot):
    items, win = _pools(qtbot)
    assert [it.label for it in items] == ["♥A", "♣K", "♦Q", "♠J", "♦K+♦Q", "Kitty"]
    combo = items[4]
    assert combo.cards == (parse_card("KD"), parse_card("QD"))
    assert not combo.name_on_card  # its cards name it
    first, second = combo.combination_rects()
    # Overlapped like a small fan, both inside the item's place on the layout.
    assert first.intersects(second) and first.topLeft() != second.topLeft()
    assert combo.card_rect.contains(first) and combo.card_rect.contains(second)
    # The single-card items show only their own card.
    assert all(it.cards == () and it.card is not None for it in items[:4])
    snap = win.view.snapshot
    assert snap.pools[4].cards == combo.cards


def test_mi5_kitty_is_a_named_plate_with_its_counters(qtbot):
    items, win = _pools(qtbot)
    kitty = items[5]
    assert (kitty.label, kitty.card, kitty.cards) == ("Kitty", None, ())
    # MI-5: the kitty is staked like an item (mi.ante 1, the dealer's doubled): 1+1+1+2.
    assert kitty.amount == 5 == win.view.snapshot.pools[5].amount
    assert kitty.accessible_name() == "Kitty pool, 5 counters"
    _font, box, text = kitty._name_font_and_rect()
    assert text == "Kitty"  # whole
    assert kitty._plate().adjusted(-0.5, -0.5, 0.5, 0.5).contains(box)


def test_michigan_pools_paint_inside_their_bounds(qtbot):
    items, win = _pools(qtbot)
    dpr = win.view.devicePixelRatioF()
    for item in items:
        assert outside_pixels(item, dpr) == [], item.label
