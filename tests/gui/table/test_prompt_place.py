"""The table's question panel never covers a seat's plate, a pool or the round board:
"The game is over." covered the board's King and Ace (Pope Joan's classic board for 8 at
800×600) and a seat's plate (Matrimony for 14), whose ring of seats leaves no room beside
your cards; it now sits just below the board, or in a free band of the table's middle."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from game_driver import open_game_at
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
