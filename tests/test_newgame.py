"""New Game: games and profiles, house rules, seats (people and computers), remembered."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPushButton, QSpinBox

from gui import presenter, settings
from gui.mainwindow import MainWindow
from gui.newgame import NewGameDialog


def _dialog(qtbot, **kw) -> NewGameDialog:
    dlg = NewGameDialog(None, presenter.game_choices(), **kw)
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def test_every_game_and_its_player_range(qtbot):
    dlg = _dialog(qtbot)
    combo = dlg.findChild(QComboBox, "game")
    labels = [combo.itemText(i) for i in range(combo.count())]
    assert labels == [label for label, _, _ in presenter.GAME_ENTRIES]
    players = dlg.findChild(QSpinBox, "players")
    combo.setCurrentText("Spoil Five")
    assert (players.minimum(), players.maximum()) == (2, 10)
    combo.setCurrentText("Spinado")
    assert (players.minimum(), players.maximum()) == (2, 7)
    combo.setCurrentText("Newmarket")
    assert (players.minimum(), players.maximum()) == (3, 8)


def test_house_rules_of_the_chosen_profile_with_defaults(qtbot):
    dlg = _dialog(qtbot)
    dlg.findChild(QComboBox, "game").setCurrentText("Pope Joan (classic board)")
    assert dlg.findChild(QComboBox, "pj.c.popeTurnUp") is not None
    assert dlg.findChild(QComboBox, "pj.pope") is None  # fixed by PJ-C
    assert dlg.findChild(QCheckBox, "stop.autoPlayForced") is None  # a table setting
    dlg.findChild(QComboBox, "pj.c.popeTurnUp").setCurrentText("popeOnly")
    dlg.findChild(QCheckBox, "pj.c.parlettLead").setChecked(True)
    options = dlg.options()
    assert options["pj.profile"] == "C"
    assert options["pj.c.popeTurnUp"] == "popeOnly" and options["pj.c.parlettLead"] is True
    assert options["pj.c.popeExcuses"] is True  # the default


def test_seats_people_and_computers(qtbot):
    dlg = _dialog(qtbot, players=4, name="Ann")
    dlg.findChild(QComboBox, "kind_2").setCurrentIndex(0)  # a person
    dlg.findChild(QLineEdit, "seatname_2").setText("Cat")
    dlg.findChild(QComboBox, "kind_3").setCurrentText("Computer: Hard")
    assert dlg.seats() == [("Ann", True, "normal"), ("Ben", False, "normal"),
                           ("Cat", True, "normal"), ("Dan", False, "hard")]
    assert dlg.findChild(QPushButton, "ok").isEnabled()
    for i in (0, 2):
        dlg.findChild(QComboBox, f"kind_{i}").setCurrentIndex(1)
    assert not dlg.findChild(QPushButton, "ok").isEnabled()  # nobody at the screen


def test_choices_are_remembered_for_next_time(qtbot):
    settings.save_table("spinado", {"sn.spinadoPayment": 4},
                        [("Ann", True), ("Ben", False), ("Cat", True)])
    window = MainWindow(pace=0, seed=1, remember=True)
    qtbot.addWidget(window)
    window.show()
    window.start()
    session = window.controller.session
    assert session.game.name == "spinado" and session.options["sn.spinadoPayment"] == 4
    assert session.players == ["Ann", "Ben", "Cat"]
    assert [k.person for k in window.controller.seats] == [True, False, True]
    assert [k.level for k in window.controller.seats] == ["normal"] * 3
    settings.settings().clear()


def test_new_game_dialog_starts_the_chosen_game(qtbot):
    window = MainWindow(pace=0, seed=2)
    qtbot.addWidget(window)
    window.show()
    window.start()
    window.ask_new_game()
    dlg = window.new_dialog
    dlg.findChild(QComboBox, "game").setCurrentText("Spoil Five")
    dlg.findChild(QSpinBox, "players").setValue(6)
    qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.session.game.name == "spoil-five")
    assert window.controller.session.n == 6
    assert window.windowTitle() == "Parlour — Spoil Five"
    settings.settings().clear()
