"""View → This deal so far: every line the table has said in this deal, in a window (the
table keeps only its last few lines in view, and a deal with fast computers went by
faster than a tester could read it). The game waits while it is open."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPlainTextEdit, QPushButton

from gui.windows.deallog import DealLogDialog
from gui.windows.mainwindow import MainWindow

WAIT = 10_000


def _started(qtbot, size: tuple[int, int]) -> MainWindow:
    """A started window of ``size`` whose person is to act (a card or a stake)."""
    window = MainWindow(pace=0, seed=4)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    window.start()
    qtbot.waitUntil(lambda: window.controller.state in ("human", "staking"), timeout=WAIT)
    return window


def test_the_deal_so_far_shows_every_line_and_holds_the_game(qtbot):
    window = _started(qtbot, (800, 600))
    c = window.controller
    assert len(c.log) >= 2
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    dlg = window.log_window
    assert isinstance(dlg, DealLogDialog) and dlg.isVisible()
    assert dlg.findChild(QPlainTextEdit, "dealLog").toPlainText().split("\n") == c.log
    assert c.held  # nothing moves behind it
    qtbot.mouseClick(dlg.findChild(QPushButton, "close"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.isVisible() and not c.held, timeout=WAIT)


def test_the_deal_so_far_is_this_deals_lines_only(qtbot):
    """A tester's deal 3 opened on "Deal 1 of 4: Dan deals.": the window showed the whole
    session's log. It begins at the current deal's own first line."""
    from gui.windows.dialogs import DealSummaryDialog
    from table_driver import click_button, first_cards_to_summary

    window = _started(qtbot, (1280, 800))
    c = window.controller
    first_cards_to_summary(qtbot, window)
    before = len(c.log)
    click_button(qtbot, c.dialog, c.dialog.findChild(QPushButton, "next"))
    qtbot.waitUntil(
        lambda: len(c.session.logs) == 2 and c.state in ("human", "staking"), timeout=WAIT
    )
    assert not isinstance(c.dialog, DealSummaryDialog)
    window.deal_log_action.trigger()  # View → This deal so far (its key: the test above)
    shown = window.log_window.findChild(QPlainTextEdit, "dealLog").toPlainText().split("\n")
    assert shown[0].startswith("Deal 2 of ") and shown == c.log[before:]
    window.log_window.reject()


def test_a_click_on_the_tables_recent_lines_opens_the_deal_so_far(qtbot):
    """The table keeps three lines; a tester found the deal's log hard to find. A click on
    them opens it, and their tooltip says so."""
    window = _started(qtbot, (800, 600))
    recent = window.view.log_label
    qtbot.waitUntil(recent.isVisible, timeout=WAIT)
    assert recent.toolTip() == "Click for this whole deal so far (Ctrl+L)"
    qtbot.mouseClick(recent, Qt.MouseButton.LeftButton)
    dlg = window.log_window
    assert isinstance(dlg, DealLogDialog) and dlg.isVisible()
    assert (
        dlg.findChild(QPlainTextEdit, "dealLog").toPlainText().split("\n") == window.controller.log
    )
    dlg.reject()
