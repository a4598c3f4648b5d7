"""Forced moves follow each game's rules unless the person says otherwise: the Settings'
"Play my forced moves for me" was on by default and played Spoil Five's forced cards,
whose rules leave them to the player by default (SF-44, `sf.autoPlayForced = false`), as the
stops games' rules play them (STOP-14, `stop.autoPlayForced = true`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton

from gamecore.games import make_game
from gui.model.intents import plays_by_itself
from gui.store import settings
from gui.windows.mainwindow import MainWindow


class _Forced:
    """A decision with one legal card (what :func:`plays_by_itself` reads of it)."""

    forced = True


def test_forced_moves_follow_each_games_rules_by_default_stop_14_sf_44(qtbot):
    settings.settings().clear()
    window = MainWindow(pace=0, seed=1, remember=True)
    qtbot.addWidget(window)
    assert window.prefs.auto_play is None and window.controller.auto_play is None
    assert not plays_by_itself(_Forced(), make_game("spoil-five"), None)  # SF-44
    assert plays_by_itself(_Forced(), make_game("newmarket"), None)  # STOP-14


def test_the_forced_moves_setting_has_three_answers_and_is_remembered(qtbot):
    settings.settings().clear()
    window = MainWindow(pace=0, seed=1, remember=True)
    qtbot.addWidget(window)
    for text, value in (
        ("Let me play them", False),
        ("Play them for me", True),
        ("As each game's rules have it", None),
    ):
        window.ask_prefs()
        dlg = window.prefs_dialog
        box = dlg.findChild(QComboBox, "autoPlay")
        assert box.count() == 3
        # what a forced move is, and what the choice shown does with it, beside it
        note = dlg.findChild(QLabel, "forcedNote")
        box.setCurrentText("As each game's rules have it")
        assert note.text() == (
            "When only one card may be played: in Newmarket, Michigan and the other\n"
            "games of sequences it is played for you, after the first card you chose\n"
            "in the deal; in Spoil Five you play it yourself."
        )
        box.setCurrentText(text)
        if value is not None:
            assert note.text() == (
                "When only one card may be played:\n"
                + (
                    "it is played for you in every game."
                    if value
                    else "you play it yourself in every game."
                )
            )
        qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
        assert window.controller.auto_play is value
        assert settings.load_prefs().auto_play is value
    settings.settings().clear()
