"""The table's question panel never covers a seat's plate, a pool or the round board:
"The game is over." covered the board's King and Ace (Pope Joan's classic board for 8 at
800×600) and a seat's plate (Matrimony for 14), whose ring of seats leaves no room beside
your cards; it now sits just below the board, or in a free band of the table's middle."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from game_driver import actions, drive, find_seed, open_game_at, plain_first
from gamecore.actions import Pass
from gamecore.cards import parse_card
from gamecore.decisions import PlayChoice
from gui.model import prompts
from table_driver import SMALL_SCREEN, WAIT


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("pope-joan", 8, {"pj.profile": "C"}), ("matrimony", 14, {}), ("newmarket", 4, {})],
    ids=["pope-joan-c-8", "matrimony-14", "newmarket-4"],
)
def test_the_game_over_panel_covers_no_plate_pool_or_board(qtbot, game, players, options):
    win = open_game_at(qtbot, SMALL_SCREEN, game, seed=4, players=players, options=options)
    view = win.view
    view.stake_panel.hide()  # Matrimony's opens with your stake; the panel is not at issue
    text, buttons = prompts.game_over_words()
    view.prompt.ask(text, buttons)
    qtbot.waitUntil(view.prompt.isVisible, timeout=WAIT)
    panel = QRectF(view.prompt.geometry())
    assert QRectF(view.viewport().rect()).contains(panel)
    items = [*view.plates.values(), *view.pool_items, view.board]
    for item in items:
        if item.isVisible() and not item.boundingRect().isEmpty():
            box = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
            assert not panel.intersects(QRectF(box)), (type(item).__name__, box, panel)


def test_the_commits_offer_covers_no_card_played_to_the_table(qtbot):
    """At 800×600 "K♦ ends the run: play the 9♦, the Commit, now?" sat over the foot of
    the rows of played cards, the K♦ it speaks of among them (CM-10)."""

    def offered(deal, d) -> bool:  # with the K♦ at the end of the lowest row, by the hand
        king = deal.played >> parse_card("KD") & 1
        return king and isinstance(d, PlayChoice) and d.seat == 0 and Pass(0) in d.actions

    def keep_the_commit(deal, d):  # pass each offer: a later one comes with more played
        return Pass(0) if Pass(0) in d.actions else plain_first(deal, d)

    seed, expected = find_seed("commit", 4, {}, offered, keep_the_commit)
    win = open_game_at(qtbot, SMALL_SCREEN, "commit", seed=seed)
    assert drive(qtbot, win, offered, keep_the_commit) is not None
    assert actions(win) == expected  # as the search found it
    view = win.view
    qtbot.waitUntil(view.prompt.isVisible, timeout=WAIT)
    panel = QRectF(view.prompt.geometry())
    played = [c for c in view.cards.values() if not c.in_hand and c.isVisible()]
    assert played  # the offer follows a card played
    for card in played:
        box = QRectF(view.mapFromScene(card.sceneBoundingRect()).boundingRect())
        assert not panel.intersects(box), (card.card, box, panel)
