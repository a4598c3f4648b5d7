"""The coach: the first time a person plays a game it explains, at each of their decisions
in one deal, what the rules allow and why (with the legal cards named) and what the Hard
player would choose; one click turns it off, and it stays off."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from gamecore.cards import card_label
from gamecore.decisions import PlayChoice
from gui import settings
from gui.mainwindow import MainWindow

WAIT = 20_000


def _window(qtbot) -> MainWindow:
    window = MainWindow(pace=0, seed=6, remember=True)
    qtbot.addWidget(window)
    window.game_name, window.players, window.seats = "spoil-five", 3, None
    window.resize(1280, 800)
    window.show()
    return window


def _my_play(qtbot, window: MainWindow) -> PlayChoice:
    c = window.controller
    qtbot.waitUntil(lambda: c.state == "human" and isinstance(c.session.decision(), PlayChoice)
                    and c.session.decision().seat == 0, timeout=WAIT)
    return c.session.decision()


def test_the_coach_explains_the_first_deal_and_stays_off_once_turned_off(qtbot):
    settings.settings().clear()
    try:
        window = _window(qtbot)
        window.start()
        d = _my_play(qtbot, window)
        coach = window.coach
        qtbot.waitUntil(lambda: coach.isVisible(), timeout=WAIT)
        text = coach.text.text()
        legal = ", ".join(card_label(c) for c in sorted({a.card for a in d.actions
                                                         if hasattr(a, "card")}))
        assert f"You may play: {legal}." in text or "rob" in text.lower()
        if len(d.actions) > 1:  # the Hard player's choice follows, off the GUI thread
            qtbot.waitUntil(lambda: "The Hard player would" in coach.text.text(), timeout=WAIT)
        qtbot.mouseClick(coach.findChild(QPushButton, "coachOff"), Qt.MouseButton.LeftButton)
        assert not coach.isVisible() and not window.controller.coaching
        assert settings.load_prefs().coach_off
        window.close()
        again = _window(qtbot)  # the next run: still off, even for a game never coached
        again.game_name = "spinado"
        again.start()
        assert not again.controller.coaching
    finally:
        settings.settings().clear()


def test_the_coach_is_for_the_first_deal_of_a_game_only(qtbot):
    settings.settings().clear()
    try:
        window = _window(qtbot)
        window.start()
        assert window.controller.coaching
        window.controller.coached.emit("Spoil Five")  # as the end of that deal does
        assert settings.load_prefs().coached == ("Spoil Five",)
        window.close()
        again = _window(qtbot)
        again.start()
        assert not again.controller.coaching  # Spoil Five has been coached already
        again.coach_action.trigger()  # Help → Coach me through this deal
        assert again.controller.coaching
    finally:
        settings.settings().clear()
