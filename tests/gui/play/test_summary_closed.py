"""Escape on the deal summary closes it and leaves the finished deal in view: the way on
("Next deal") and the summary again wait on the table's panel. Escape went on to the next
deal, and two testers closing the summary to look at the table found the next one dealt."""

from __future__ import annotations

from PySide6.QtCore import Qt

from game_driver import prompt_button
from gui.model import prompts
from gui.windows.dialogs import DealSummaryDialog
from table_driver import WAIT, first_cards_to_summary, open_window, status


def _summary(qtbot, win) -> DealSummaryDialog:
    qtbot.waitUntil(lambda: isinstance(win.controller.dialog, DealSummaryDialog), timeout=WAIT)
    dlg = win.controller.dialog
    qtbot.waitUntil(dlg.isVisible, timeout=WAIT)
    dlg.key_guard.release()  # as its first 400 ms have passed
    return dlg


def test_escape_closes_the_summary_and_the_table_offers_the_next_deal(qtbot):
    win = open_window(qtbot)
    c = win.controller
    first_cards_to_summary(qtbot, win)
    dlg = _summary(qtbot, win)
    finished = c.session.deal
    qtbot.keyClick(dlg, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dlg.isVisible(), timeout=WAIT)
    assert c.session.deal is finished and len(c.session.logs) == 1  # no new deal
    assert win.view.prompt.label.text() == "The deal is over." == status(win)
    assert prompt_button(win, prompts.GO_ON).text() == "Next deal"
    # the summary again, and closed again
    qtbot.mouseClick(prompt_button(win, prompts.SUMMARY_AGAIN), Qt.MouseButton.LeftButton)
    again = _summary(qtbot, win)
    assert again is not dlg and not win.view.prompt.isVisible()
    qtbot.keyClick(again, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: win.view.prompt.isVisible(), timeout=WAIT)
    assert c.session.deal is finished
    # Enter on the table's panel goes on, as the summary's default button does
    qtbot.keyClick(prompt_button(win, prompts.GO_ON), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(c.session.logs) == 2, timeout=WAIT)
    assert c.session.deal is not finished and not win.view.prompt.isVisible()


def test_closing_the_window_at_the_summary_closes_the_summary_too(qtbot):
    # A tester closed the window with the summary up: the summary stayed on its own, and
    # its "Next deal" played the session on in a process with no window and no autosave.
    win = open_window(qtbot)
    first_cards_to_summary(qtbot, win)
    dlg = _summary(qtbot, win)
    win.close()
    assert not win.isVisible() and not dlg.isVisible()
