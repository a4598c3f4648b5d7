"""The main window lies inside the screen's available geometry, title bar and frame
included, at the size and place remembered from the last run (shrunk and moved in when the
screen is smaller now). Qt's offscreen platform has no window manager, so the placement
arithmetic is tested directly, and the window through its own screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMargins, QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication

from gui.store import settings
from gui.windows.mainwindow import MainWindow
from gui.windows.screenfit import DEFAULT_FRAME, window_geometry

FRAME = QMargins(4, 30, 4, 4)  # openbox's frame: a title bar and thin borders


def _outer(rect: QRect, m: QMargins) -> QRect:
    return rect.adjusted(-m.left(), -m.top(), m.right(), m.bottom())


@pytest.mark.parametrize(
    "screen",
    [
        QRect(0, 0, 800, 600),
        QRect(0, 0, 1280, 800),
        QRect(0, 24, 1920, 1056),
        QRect(0, 0, 3840, 2160),
    ],
)
def test_the_default_window_with_its_frame_fits_and_is_centred(screen):
    rect = window_geometry(QSize(1280, 800), None, screen, FRAME)
    outer = _outer(rect, FRAME)
    assert screen.contains(outer)
    assert rect.width() == min(1280, screen.width() - 8)
    assert rect.height() == min(800, screen.height() - 34)
    assert abs((outer.left() - screen.left()) - (screen.right() - outer.right())) <= 1
    assert abs((outer.top() - screen.top()) - (screen.bottom() - outer.bottom())) <= 1


def test_at_800x600_the_status_line_stays_on_the_screen():
    screen = QRect(0, 0, 800, 600)
    rect = window_geometry(QSize(1280, 800), None, screen, FRAME)
    assert rect == QRect(4, 30, 792, 566)  # the client area ends 4 px above the bottom


def test_a_remembered_place_off_a_smaller_screen_is_moved_in_and_shrunk():
    screen = QRect(0, 0, 1280, 800)
    rect = window_geometry(QSize(1900, 1000), QPoint(1500, 900), screen, FRAME)
    assert rect.size() == QSize(1272, 766)
    assert screen.contains(_outer(rect, FRAME))


def test_a_remembered_place_that_fits_is_kept():
    screen = QRect(0, 0, 1920, 1080)
    assert window_geometry(QSize(1000, 700), QPoint(100, 80), screen, FRAME) == QRect(
        100, 80, 1000, 700
    )


def test_the_window_remembers_its_size_and_place(qtbot):
    avail = QGuiApplication.primaryScreen().availableGeometry()
    settings.save_window(avail.left() + 40, avail.top() + 60, 700, 500, False)
    try:
        window = MainWindow(pace=0, remember=True)
        qtbot.addWidget(window)
        window.place_on_screen()
        assert window.size() == QSize(700, 500)
        # The frame goes where the client area, inside its frame, lands at the saved place.
        assert window.pos() == QPoint(
            avail.left() + 40 - DEFAULT_FRAME.left(), avail.top() + 60 - DEFAULT_FRAME.top()
        )
        window.show()
        window.resize(720, 520)
        window.close()
        assert settings.load_window()[2:] == (720, 520, False)
        huge = MainWindow(pace=0, remember=False)
        qtbot.addWidget(huge)
        huge.place_on_screen(QSize(99_999, 99_999))  # --size beyond the screen: shrunk
        client = QRect(huge.pos() + QPoint(DEFAULT_FRAME.left(), DEFAULT_FRAME.top()), huge.size())
        assert avail.contains(_outer(client, DEFAULT_FRAME))
    finally:
        settings.settings().clear()


def test_a_kept_size_smaller_than_the_window_can_be_is_placed_at_the_size_it_takes(qtbot):
    """A hand-edited place "-3000,-3000,20000,20": the window cannot be 20 pixels high;
    its place is worked out for the height it takes, so that it lies inside the screen."""
    avail = QGuiApplication.primaryScreen().availableGeometry()
    settings.save_window(-3000, -3000, 20_000, 20, False)
    try:
        window = MainWindow(pace=0, remember=True)
        qtbot.addWidget(window)
        window.place_on_screen()
        least = window.minimumSizeHint()
        assert window.height() >= least.height() > 20
        client = QRect(
            window.pos() + QPoint(DEFAULT_FRAME.left(), DEFAULT_FRAME.top()), window.size()
        )
        assert avail.contains(_outer(client, DEFAULT_FRAME))
    finally:
        settings.settings().clear()
