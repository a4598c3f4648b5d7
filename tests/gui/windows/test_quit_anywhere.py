"""Ctrl+Q quits from a window in front of the table too: with a deal's summary up (it opens
by itself, and has the keyboard) the shortcut did nothing until the summary was closed."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gamecore.cards import card
from gui.model.snapshot import DealSummary
from gui.windows.dialogs import DealSummaryDialog
from gui.windows.mainwindow import MainWindow

WAIT = 10_000


def test_ctrl_q_quits_with_the_summary_in_front(qtbot, tmp_path):
    window = MainWindow(pace=0, seed=3, autosave=tmp_path / "autosave.parlour.json")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    summary = DealSummary(
        names=["You", "Ben", "Cass"],
        winner=1,
        dealer=0,
        hands_left=[[card(9, 2)], [], [card(12, 3)]],
        stock=[],
        lines=[],
        deltas=[-1, 2, -1],
        balances=[19, 22, 19],
        pools=[("♥A", 0)],
        last_deal=False,
    )
    dlg = DealSummaryDialog(window, summary)
    dlg.show()
    dlg.activateWindow()
    qtbot.waitUntil(dlg.isActiveWindow, timeout=WAIT)
    dlg.key_guard.release()  # its first moments have passed
    qtbot.keyClick(dlg.focusWidget() or dlg, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=WAIT)
