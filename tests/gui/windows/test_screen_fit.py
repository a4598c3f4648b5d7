"""Every window fits the screen it opens on, its buttons always in view; long content
scrolls inside the dialog (issue 15, point 2).

Qt's offscreen platform has one 800×800 screen and no window manager, so the screens of
the issue (800×600, 1280×800) are given to :mod:`gui.windows.screenfit` in place of the real one,
and the frame a window manager would add is :data:`gui.windows.screenfit.DEFAULT_FRAME`.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QScrollArea, QWidget

from game_driver import drive, open_game
from gamecore.cards import card
from gamecore.stats import Stats
from gui.model import registryview
from gui.model.snapshot import DealSummary
from gui.store.settings import Prefs
from gui.windows import screenfit
from gui.windows.dialogs import DealSummaryDialog, StandingsDialog
from gui.windows.newgame import NewGameDialog
from gui.windows.prefsdialog import PrefsDialog
from gui.windows.rules import RulesWindow
from gui.windows.statswindow import StatsWindow
from table_driver import WAIT, click_button

SCREENS = {"800x600": QRect(0, 0, 800, 600), "1280x800": QRect(0, 0, 1280, 800)}


@pytest.fixture(params=list(SCREENS), ids=list(SCREENS))
def screen(request, monkeypatch) -> QRect:
    """The available geometry the windows are fitted to."""
    avail = SCREENS[request.param]
    monkeypatch.setattr(screenfit, "available_geometry", lambda _w: QRect(avail))
    return avail


def fits(window: QWidget, avail: QRect) -> bool:
    """The window, with its frame (as the platform draws it, else the frame a window
    manager is assumed to add), is no larger than ``avail``."""
    frame = screenfit.frame_margins(window)
    return (
        window.width() + frame.left() + frame.right() <= avail.width()
        and window.height() + frame.top() + frame.bottom() <= avail.height()
    )


def buttons_in_view(dlg: QDialog) -> list[str]:
    """Names of the dialog's buttons that are not wholly inside it (empty: all in view)."""
    out = []
    for box in dlg.findChildren(QDialogButtonBox):
        for b in box.buttons():
            rect = QRect(b.mapTo(dlg, QPoint(0, 0)), b.size())
            if not (b.isVisible() and dlg.rect().contains(rect)):
                out.append(b.text())
    return out


def show(qtbot, dlg: QDialog) -> QDialog:
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


# ---------------------------------------------------------------------------------------------
# The arithmetic (shared with the main window's placement)


def test_fit_size_takes_the_frame_off_the_room():
    avail = QRect(0, 0, 800, 600)
    margins = QMargins(5, 30, 5, 5)
    assert screenfit.fit_size(QSize(560, 620), avail, margins) == QSize(560, 565)
    assert screenfit.fit_size(QSize(960, 680), avail, margins) == QSize(790, 565)
    assert screenfit.fit_size(QSize(300, 200), avail, margins) == QSize(300, 200)


def test_fit_geometry_moves_the_window_in_the_least():
    avail = QRect(0, 24, 1280, 776)  # a panel 24 px high at the top
    margins = QMargins(4, 28, 4, 4)
    # Below the bottom edge: moved up so its frame ends at the screen's bottom.
    assert screenfit.fit_geometry(QRect(100, 600, 400, 300), avail, margins) == QRect(
        100, 800 - 4 - 300, 400, 300
    )
    # Under the panel: its title bar comes below the panel.
    assert screenfit.fit_geometry(QRect(-50, 0, 400, 300), avail, margins) == QRect(
        4, 24 + 28, 400, 300
    )
    # Too tall: shrunk to the room and put at the top.
    assert screenfit.fit_geometry(QRect(0, 0, 1280, 800), avail, margins) == QRect(
        4, 52, 1272, 776 - 32
    )
    # Inside already: left alone.
    assert screenfit.fit_geometry(QRect(200, 200, 300, 200), avail, margins) == QRect(
        200, 200, 300, 200
    )


def test_a_shown_window_is_moved_inside(qtbot, monkeypatch):
    monkeypatch.setattr(screenfit, "available_geometry", lambda _w: QRect(0, 0, 800, 600))
    w = QWidget()
    qtbot.addWidget(w)
    w.resize(500, 400)
    w.show()
    qtbot.waitExposed(w)
    w.move(600, 500)
    frame = screenfit.frame_margins(w)  # the platform's own frame, once it is drawn
    screenfit.fit_to_screen(w, QSize(900, 700))
    room = QSize(800 - frame.left() - frame.right(), 600 - frame.top() - frame.bottom())
    assert w.size() == room
    assert w.geometry() == QRect(QPoint(frame.left(), frame.top()), room)
    assert w.frameGeometry() == QRect(0, 0, 800, 600)


# ---------------------------------------------------------------------------------------------
# The deal summary, reached by playing at the table


def test_spinado_seven_players_summary_fits_and_scrolls(qtbot, screen):
    win = open_game(qtbot, "spinado", 3, players=7)
    assert drive(qtbot, win) is None
    dlg = win.controller.dialog
    assert isinstance(dlg, DealSummaryDialog)
    qtbot.waitExposed(dlg)
    assert fits(dlg, screen)
    assert buttons_in_view(dlg) == []
    scroll = dlg.findChild(QScrollArea, "content")
    body = scroll.widget()
    if body.sizeHint().height() > scroll.viewport().height():
        assert scroll.verticalScrollBar().maximum() > 0  # the rest is reached by scrolling
    click_button(qtbot, dlg, dlg.findChild(QPushButton, "next"))


def test_newmarket_second_summary_with_its_chart_fits(qtbot, monkeypatch):
    avail = SCREENS["800x600"]
    monkeypatch.setattr(screenfit, "available_geometry", lambda _w: QRect(avail))
    win = open_game(qtbot, "newmarket", 5)
    assert drive(qtbot, win) is None
    click_button(qtbot, win.controller.dialog, win.controller.dialog.findChild(QPushButton, "next"))
    qtbot.waitUntil(lambda: len(win.controller.session.logs) == 2, timeout=WAIT)
    assert drive(qtbot, win) is None
    dlg = win.controller.dialog
    qtbot.waitExposed(dlg)
    assert dlg.findChild(QWidget, "chart") is not None
    assert fits(dlg, avail)
    assert buttons_in_view(dlg) == []
    scroll = dlg.findChild(QScrollArea, "content")
    assert scroll.verticalScrollBar().maximum() > 0  # the chart is further down
    qtbot.mouseClick(scroll.viewport(), Qt.MouseButton.LeftButton)
    click_button(qtbot, dlg, dlg.findChild(QPushButton, "next"))


def _long_summary(players: int, lines: int, deals: int = 4) -> DealSummary:
    names = [f"Player {i}" for i in range(players)]
    return DealSummary(
        names=names,
        winner=1,
        dealer=0,
        hands_left=[[card(r, s) for r in range(5) for s in range(2)]] * players,
        stock=[card(r, 3) for r in range(13)],
        lines=[f"Player {i % players} paid Player 1 {i} (King)" for i in range(lines)],
        deltas=[0] * players,
        balances=[100] * players,
        pools=[("Matrimony", 12), ("Intrigue", 6), ("Game", 0)],
        last_deal=False,
        history=[(n, list(range(deals))) for n in names],
    )


def test_summary_of_any_length_keeps_its_button(qtbot, screen):
    dlg = show(qtbot, DealSummaryDialog(None, _long_summary(10, 40)))
    assert fits(dlg, screen)
    assert buttons_in_view(dlg) == []
    assert dlg.findChild(QScrollArea, "content").verticalScrollBar().maximum() > 0


def test_a_short_summary_is_not_stretched(qtbot, screen):
    dlg = show(qtbot, DealSummaryDialog(None, _long_summary(3, 2, deals=1)))
    assert dlg.findChild(QScrollArea, "content").verticalScrollBar().maximum() == 0
    assert dlg.height() < screen.height() - 150


# ---------------------------------------------------------------------------------------------
# Every other window


def _windows() -> dict[str, object]:
    return {
        "new game": lambda: NewGameDialog(None, registryview.game_choices(), "Newmarket", 10),
        "rules": lambda: RulesWindow(None, "newmarket"),
        "statistics": lambda: StatsWindow(None, Stats(), lambda: None),
        "settings": lambda: PrefsDialog(None, Prefs()),
        "standings": lambda: StandingsDialog(
            None, [f"Player {i}" for i in range(10)], list(range(10)), [0] * 10
        ),
    }


@pytest.mark.parametrize("which", list(_windows()))
def test_every_window_fits_with_its_buttons(qtbot, screen, which):
    dlg = show(qtbot, _windows()[which]())
    assert fits(dlg, screen), f"{which}: {dlg.size()} on {screen.size()}"
    assert buttons_in_view(dlg) == []


def test_new_game_and_rules_keep_their_size_where_there_is_room(qtbot, monkeypatch):
    monkeypatch.setattr(screenfit, "available_geometry", lambda _w: QRect(0, 0, 1920, 1050))
    new = show(qtbot, NewGameDialog(None, registryview.game_choices()))
    assert new.height() == 640 and new.width() >= 560
    rules = show(qtbot, RulesWindow(None, "newmarket"))
    assert rules.size() == QSize(960, 680)
