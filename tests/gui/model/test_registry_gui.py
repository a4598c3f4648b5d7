"""What the table shows of each game, as the GUI computes it today (gui/model/registryview.py,
gui/windows/rules.py), agrees with the registry's descriptors (gamecore/games.py), so that switching
the GUI to read the registry changes nothing on screen: New Game's entries, labels and house
rules, each pool's label, layout card and detail for every turn-up, the stock's name and
the rules pages."""

from __future__ import annotations

from typing import Any

import pytest

from gamecore.cards import parse_card
from gamecore.games import entries, make_game
from gamecore.options import HELP, defaults, house_rules
from gui.model import registryview
from gui.windows import rules
from helpers import entry_key, game_configs, registry_entries

ENTRIES = [(d, e) for d, e in registry_entries()]
TURNUPS = [None, *(parse_card(c) for c in ("4S", "QH", "7D", "9D", "JC"))]


def test_new_game_entries_are_the_registry_entries() -> None:
    assert list(registryview.GAME_ENTRIES) == [(e.label, d.name, e.profile) for d, e in entries()]
    assert [
        (
            c.label,
            c.game,
            c.profile,
            c.min_players,
            c.max_players,
            [(s.key, s.default) for s in c.rules],
        )
        for c in registryview.game_choices()
    ] == [
        (
            e.label,
            d.name,
            e.profile,
            d.min_players,
            d.max_players,
            [(s.key, defaults(d.name)[s.key]) for s in house_rules(d.name, e.profile)],
        )
        for d, e in entries()
    ]
    assert all(c.help == dict(HELP) for c in registryview.game_choices())


@pytest.mark.parametrize(("desc", "entry"), ENTRIES, ids=[entry_key(d, e) for d, e in ENTRIES])
def test_layout_stock_and_label_agree(desc: Any, entry: Any) -> None:
    game = make_game(desc.name, desc.entry_options(entry))
    pools = [3 * i + 1 for i in range(len(game.pools))]
    for turnup in TURNUPS:
        faces = desc.pool_faces(game, turnup)
        views = registryview.pool_views(game, pools, turnup)
        assert [(v.label, v.card, v.amount, v.detail) for v in views] == [
            (f.label, f.card, a, f.detail) for f, a in zip(faces, pools, strict=True)
        ]
    assert registryview.pool_labels(game) == [f.label for f in desc.pool_faces(game, None)]
    assert registryview.game_label(game) == desc.entry_for(game.options).label
    if desc.family == "stops":
        assert registryview.stock_name(game) == desc.stock_name


def test_rules_pages_agree() -> None:
    game_pages = [(p.key, p.title, p.game, p.profile) for p in rules.PAGES if p.game]
    assert game_pages == [
        (e.rules_page, e.rules_title, d.name, e.profile) for d, e in entries() if e.rules_page
    ]
    for d, e in entries():  # an entry with no page of its own shows the table's page
        assert rules.page_key(d.name, e.profile) == (e.rules_page or "table")
        assert rules.page_key(d.name, None, d.entry_options(e)) == (e.rules_page or "table")


def test_a_pool_whose_card_is_out_of_play_is_marked_for_this_deal() -> None:
    """Pope Joan's trump layout with the Q♠ turned up: Matrimony (K♠ Q♠) and Intrigue
    (Q♠ J♠) cannot be won this deal, and looked like live pools (PJ-C-6). A card announced
    missing at a stop marks its pool too (STOP-7); an empty pool is never marked."""
    game = make_game("pope-joan", {"pj.profile": "M"})
    views = registryview.pool_views(game, [6, 4, 5, 3, 0], parse_card("QS"))
    assert [(v.label, v.dead) for v in views] == [
        ("Matrimony", "Q♠ is turned up"),
        ("Intrigue", "Q♠ is turned up"),
        ("Confederacy", ""),
        ("Pope", ""),
        ("Game", ""),
    ]
    newmarket = make_game("newmarket", {})
    out = 1 << parse_card("QD")
    views = registryview.pool_views(newmarket, [4, 4, 4, 0], None, out)
    assert [v.dead for v in views] == ["", "", "Q♦ is out of play", ""]
    # the jack's own pool, which the dealer took as the J♥ was turned up, stays unmarked
    classic = make_game("pope-joan", {"pj.profile": "C"})
    views = registryview.pool_views(classic, [2, 2, 2, 2, 2, 2, 0, 2], parse_card("JH"))
    assert [v.label for v in views if v.dead] == ["Intrigue"]


def test_a_combination_whose_cards_were_all_played_is_marked_for_this_deal() -> None:
    """Pope Joan's trump layout, spades trumps: Matrimony shared in halves left its odd
    counter, and looked like a live pool beside Intrigue marked "out" (PJ-23). Once every
    card a pool needs is played it cannot be won this deal; one of two played, it can."""
    game = make_game("pope-joan", {"pj.profile": "M"})
    both = (1 << parse_card("KS")) | (1 << parse_card("QS"))
    views = registryview.pool_views(game, [1, 4, 5, 3, 0], parse_card("7S"), 0, both)
    assert [(v.label, v.dead) for v in views] == [
        ("Matrimony", "K♠ and Q♠ were played"),
        ("Intrigue", ""),  # Q♠ J♠: the J♠ is still to come
        ("Confederacy", ""),
        ("Pope", ""),
        ("Game", ""),
    ]
    one = 1 << parse_card("KS")
    views = registryview.pool_views(game, [1, 4, 5, 3, 0], parse_card("7S"), 0, one)
    assert not any(v.dead for v in views)


def test_only_the_classic_board_is_round() -> None:
    """A Michigan layout of eight items (MI-3) was drawn as Pope Joan's round board, which
    the table chose by the number of pools: the entry says which board it has."""
    assert registryview.board_shape(make_game("pope-joan", {"pj.profile": "C"})) == "round"
    eight = {"mi.layout": "AH KC QD JS KD+QD AS+KS+QS 10C 2D"}
    assert registryview.board_shape(make_game("michigan", eight)) == "row"
    for name, options in game_configs(variants=False):
        game = make_game(name, options)
        want = "round" if options.get("pj.profile") == "C" else "row"
        assert registryview.board_shape(game) == want, (name, options)
