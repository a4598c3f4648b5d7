"""The notice bar: a notice stays until dismissed; with two or more up, "Dismiss all"
clears them with one click (a start that set several files aside stacked a notice for
each, each wanting its own click)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from gui.windows.mainwindow import MainWindow

FILES = [
    "Your last game was kept as 2026-12-01-1.json in the abandoned games.",
    "A damaged lock file was set aside as parlour.lock.damaged.",
    "Your last game was kept as 2026-12-02-1.json in the abandoned games.",
]


def _window(qtbot) -> MainWindow:
    win = MainWindow(pace=0, seed=1)
    qtbot.addWidget(win)
    win.resize(800, 600)
    win.show()
    qtbot.waitExposed(win)
    return win


def _click(qtbot, button: QPushButton) -> None:
    qtbot.waitUntil(button.isVisible)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_dismiss_all_clears_every_notice_with_one_click(qtbot):
    win = _window(qtbot)
    bar = win.notices
    win.add_notice(FILES[0])
    assert bar.isVisible() and not bar.all.isVisible()  # one notice: its own Dismiss
    for text in FILES[1:]:
        win.add_notice(text)
    assert bar.texts() == FILES and bar.all.isVisible()
    # the button sits below the notices, whichever came last
    assert bar.all.y() > bar.notice(FILES[-1]).y()
    _click(qtbot, bar.all)
    assert bar.texts() == [] and not bar.isVisible() and not win.top_bars.isVisible()
    # and a notice after that is shown alone again
    win.add_notice(FILES[1])
    assert bar.texts() == [FILES[1]] and bar.isVisible() and not bar.all.isVisible()


def test_dismissing_one_of_two_leaves_the_other_with_its_own_button(qtbot):
    win = _window(qtbot)
    bar = win.notices
    win.add_notice(FILES[0])
    win.add_notice(FILES[1])
    _click(qtbot, bar.notice(FILES[0]).findChild(QPushButton, "dismiss"))
    assert bar.texts() == [FILES[1]] and not bar.all.isVisible()


def test_a_dismiss_button_with_the_keys_shows_it_with_a_blue_rim(qtbot):
    """Tab onto a notice's Dismiss: its rim turns from the notice's gold to blue (the
    style's thin focus line went unseen, and a person pressed Space on it unknowing)."""
    win = _window(qtbot)
    win.add_notice(FILES[0])
    button = win.notices.notice(FILES[0]).findChild(QPushButton, "dismiss")
    qtbot.waitUntil(button.isVisible)
    rim = button.grab().toImage().pixelColor(1, button.height() // 2).name()
    button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(button.hasFocus)
    focused = button.grab().toImage().pixelColor(1, button.height() // 2).name()
    assert (rim, focused) == ("#c8a400", "#1f4e9c")
    qtbot.keyClick(button, Qt.Key.Key_Space)
    assert win.notices.texts() == []
