"""The table's question panel never covers a seat's plate, a pool or the round board:
"The game is over." covered the board's King and Ace (Pope Joan's classic board for 8 at
800×600) and a seat's plate (Matrimony for 14), whose ring of seats leaves no room beside
your cards; it now sits just below the board, or in a free band of the table's middle."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from game_driver import open_game, wait_settled
from gui.model import prompts
from table_driver import WAIT

#: The window on an 800×600 screen, its frame and title bar taken off.
SMALL_SCREEN = (796, 576)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("pope-joan", 8, {"pj.profile": "C"}), ("matrimony", 14, {}), ("newmarket", 4, {})],
    ids=["pope-joan-c-8", "matrimony-14", "newmarket-4"],
)
def test_the_game_over_panel_covers_no_plate_pool_or_board(qtbot, game, players, options):
    win = open_game(qtbot, game, seed=4, players=players, options=options)
    win.resize(*SMALL_SCREEN)
    view = win.view

    def laid_out() -> bool:
        lay, vp = view.layout_, view.viewport().rect()
        return lay is not None and (lay.width, lay.height) == (vp.width(), vp.height())

    qtbot.waitUntil(lambda: win.size().toTuple() == SMALL_SCREEN and laid_out(), timeout=WAIT)
    wait_settled(qtbot, win)
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
