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


def test_the_deal_so_far_shows_every_line_and_holds_the_game(qtbot):
    window = MainWindow(pace=0, seed=4)
    qtbot.addWidget(window)
    window.resize(800, 600)
    window.show()
    window.start()
    c = window.controller
    qtbot.waitUntil(lambda: c.state in ("human", "staking"), timeout=WAIT)
    assert len(c.log) >= 2
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    dlg = window.log_window
    assert isinstance(dlg, DealLogDialog) and dlg.isVisible()
    assert dlg.findChild(QPlainTextEdit, "dealLog").toPlainText().split("\n") == c.log
    assert c.held  # nothing moves behind it
    qtbot.mouseClick(dlg.findChild(QPushButton, "close"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.isVisible() and not c.held, timeout=WAIT)
