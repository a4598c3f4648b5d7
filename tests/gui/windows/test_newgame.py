"""New Game: games and profiles, house rules, seats (people and computers), remembered."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QWidget,
)

from gui.model import registryview
from gui.store import settings
from gui.windows.mainwindow import MainWindow
from gui.windows.newgame import NewGameDialog


def _dialog(qtbot, **kw) -> NewGameDialog:
    dlg = NewGameDialog(None, registryview.game_choices(), **kw)
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def test_every_game_and_its_player_range(qtbot):
    dlg = _dialog(qtbot)
    combo = dlg.findChild(QComboBox, "game")
    labels = [combo.itemText(i) for i in range(combo.count())]
    assert labels == [label for label, _, _ in registryview.GAME_ENTRIES]
    players = dlg.findChild(QSpinBox, "players")
    combo.setCurrentText("Spoil Five")
    assert (players.minimum(), players.maximum()) == (2, 10)
    combo.setCurrentText("Spinado")
    assert (players.minimum(), players.maximum()) == (2, 7)
    combo.setCurrentText("Newmarket")
    assert (players.minimum(), players.maximum()) == (3, 8)


def test_a_game_with_wider_house_rules_widens_the_dialog(qtbot):
    """Michigan's and Commit's house rules are wider than Newmarket's: chosen in a dialog
    opened on Newmarket, they got a sideways scroll bar (at 800×600 too). The dialog now
    widens to them, and does not narrow again."""
    dlg = _dialog(qtbot, current="Newmarket")
    qtbot.waitExposed(dlg)
    scroll = dlg.findChild(QScrollArea, "content")
    bar = scroll.horizontalScrollBar()
    for label in ("Michigan", "Commit", "Newmarket"):
        dlg.findChild(QComboBox, "game").setCurrentText(label)
        qtbot.waitUntil(lambda: not bar.isVisible(), timeout=5000)
        content = scroll.widget()
        assert scroll.viewport().width() >= content.minimumSizeHint().width(), label


def test_house_rules_of_the_chosen_profile_with_defaults(qtbot):
    dlg = _dialog(qtbot)
    dlg.findChild(QComboBox, "game").setCurrentText("Pope Joan (classic board)")
    assert dlg.findChild(QComboBox, "pj.c.popeTurnUp") is not None
    assert dlg.findChild(QComboBox, "pj.pope") is None  # fixed by PJ-C
    assert dlg.findChild(QCheckBox, "stop.autoPlayForced") is None  # a table setting
    turn_up = dlg.findChild(QComboBox, "pj.c.popeTurnUp")
    assert [turn_up.itemText(i) for i in range(turn_up.count())] == [
        "the dealer takes Pope and Game, no play",
        "the dealer takes the Pope pool, then play",
    ]
    turn_up.setCurrentText("the dealer takes the Pope pool, then play")
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
    assert dlg.seats() == [
        ("Ann", True, "normal"),
        ("Ben", False, "normal"),
        ("Cat", True, "normal"),
        ("Dan", False, "hard"),
    ]
    assert dlg.findChild(QPushButton, "ok").isEnabled()
    for i in (0, 2):
        dlg.findChild(QComboBox, f"kind_{i}").setCurrentIndex(1)
    assert not dlg.findChild(QPushButton, "ok").isEnabled()  # nobody at the screen


def test_choices_are_remembered_for_next_time(qtbot):
    settings.save_table(
        "spinado", {"sn.spinadoPayment": 4}, [("Ann", True), ("Ben", False), ("Cat", True)]
    )
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
    assert window.windowTitle() == "Parlour — Spoil Five: deal 1 of 6"
    settings.settings().clear()


# ---------------------------------------------------------------------------------------------
# The mouse wheel over the house rules (issue 15, point 4)


def _wheel(widget, steps: int = -1) -> None:
    """Turn the mouse wheel ``steps`` notches (negative: towards you) over the middle of
    ``widget``. A real wheel event goes to the child under the pointer (a spin box's line
    edit), which passes it on to the editor: it is given to the editor here. (Qt does not
    pass on a synthesized event, nor give focus for one: hence the focus policy check.)"""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    assert widget.focusPolicy() != Qt.FocusPolicy.WheelFocus  # the wheel gives no focus
    local = QPointF(widget.rect().center())
    event = QWheelEvent(
        local,
        QPointF(widget.mapToGlobal(local.toPoint())),
        QPoint(),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def _small_screen(monkeypatch) -> None:
    from PySide6.QtCore import QRect

    from gui.windows import screenfit

    monkeypatch.setattr(screenfit, "available_geometry", lambda _w: QRect(0, 0, 800, 600))


def test_wheel_over_house_rules_scrolls_the_list_and_changes_nothing(qtbot, monkeypatch):
    _small_screen(monkeypatch)
    dlg = _dialog(qtbot, current="Newmarket", players=4)
    qtbot.waitExposed(dlg)
    dlg.findChild(QPushButton, "cancel").setFocus()
    bar = dlg._scroll.verticalScrollBar()
    assert bar.maximum() > 0  # the list is longer than the dialog
    before = dict(dlg.options())
    kinds = [dlg.findChild(QComboBox, f"kind_{i}").currentIndex() for i in range(4)]
    for key in ("nm.stake", "gen.endPools", "gen.firstDealer", "nm.maxStake", "gen.rounds"):
        editor = dlg.findChild(QWidget, key)
        dlg._scroll.ensureWidgetVisible(editor)
        start = bar.value()
        for steps in (-1, -1, 1, -3):
            _wheel(editor, steps)
        assert not editor.hasFocus()
        assert dlg.options() == before, key
        assert bar.value() != start or bar.value() in (0, bar.maximum()), key
    for i in range(4):
        _wheel(dlg.findChild(QComboBox, f"kind_{i}"), -2)
    _wheel(dlg.findChild(QSpinBox, "players"), 1)
    _wheel(dlg.findChild(QComboBox, "game"), 1)
    assert [dlg.findChild(QComboBox, f"kind_{i}").currentIndex() for i in range(4)] == kinds
    assert dlg.players() == 4 and dlg.choice() == ("newmarket", None)
    assert dlg.options() == before


def test_wheel_changes_the_editor_that_has_the_focus(qtbot, monkeypatch):
    _small_screen(monkeypatch)
    dlg = _dialog(qtbot, current="Newmarket", players=4)
    qtbot.waitExposed(dlg)
    with qtbot.waitActive(dlg):
        dlg.activateWindow()
    stake = dlg.findChild(QSpinBox, "nm.stake")
    dlg._scroll.ensureWidgetVisible(stake)
    qtbot.mouseClick(stake, Qt.MouseButton.LeftButton)  # a click gives it the focus
    assert stake.hasFocus()
    bar = dlg._scroll.verticalScrollBar()
    start, value = bar.value(), stake.value()
    _wheel(stake, 1)
    assert stake.value() == value + 1
    assert bar.value() == start  # the list stays put while the stake changes


# ---------------------------------------------------------------------------------------------
# House rules in plain words; the same defaults as the command line (issue 15, point 10)

_CAMEL = __import__("re").compile(r"[a-z][A-Z]")
_RULE_ID = __import__("re").compile(r"\b[A-Z]{2,4}(?:-[A-Z])?-\d+\b")


def test_house_rules_read_as_plain_words(qtbot):
    dlg = _dialog(qtbot)
    combo = dlg.findChild(QComboBox, "game")
    for i in range(combo.count()):
        combo.setCurrentIndex(i)
        game = dlg.chosen()
        form = dlg._rules_layout
        assert form.rowCount() == len(game.rules) > 0
        for spec in game.rules:
            control = dlg.findChild(QWidget, spec.key)
            cell = control.parentWidget()
            caption = form.labelForField(cell).text()
            note = next(w for w in cell.findChildren(QLabel))
            texts = [caption, note.text(), control.toolTip()]
            if isinstance(control, QComboBox):
                items = [control.itemText(k) for k in range(control.count())]
                texts += items
                if spec.kind == "choice":  # words shown, the option's values kept
                    assert [control.itemData(k) for k in range(control.count())] == list(
                        spec.choices
                    )
            for text in texts:
                assert not _CAMEL.search(text), f"{spec.key}: {text!r}"
                assert not _RULE_ID.search(text), f"{spec.key}: {text!r}"
                assert spec.key not in text
    combo.setCurrentText("Newmarket")
    end_pools = dlg.findChild(QComboBox, "gen.endPools")
    assert end_pools.currentText() == "shared out among the players"
    note = dlg.findChild(QSpinBox, "gen.rounds").parentWidget().findChild(QLabel)
    assert note.text() == (
        "Whole rounds in a session: every player deals this many times. Usually: 1."
    )
    dealer = dlg.findChild(QComboBox, "gen.firstDealer")
    assert dealer.currentText() == "the first Jack dealt face up"
    dealer.setCurrentText("at random")
    assert dlg.options()["gen.firstDealer"] == "random"  # the value kept is the option's


@pytest.mark.parametrize("label", [label for label, _, _ in registryview.GAME_ENTRIES])
def test_new_game_and_command_line_start_with_the_same_counters(qtbot, label):
    _, name, profile = next(e for e in registryview.GAME_ENTRIES if e[0] == label)
    window = MainWindow(pace=0, seed=3)
    qtbot.addWidget(window)
    # As `parlour --game NAME [--profile P]` sets the window up.
    window.game_name = name
    window.options = {"pj.profile": profile} if profile else {}
    window.show()
    window.start()
    from_command_line = list(window.controller.session.start_balances)
    window.ask_new_game()
    dlg = window.new_dialog
    dlg.findChild(QComboBox, "game").setCurrentText("Newmarket")  # away and back again
    dlg.findChild(QComboBox, "game").setCurrentText(label)
    dlg.findChild(QSpinBox, "players").setValue(window.controller.session.n)
    qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.new_dialog is dlg and not dlg.isVisible())
    assert list(window.controller.session.start_balances) == from_command_line
    start = 20 if name == "spoil-five" else 100  # GEN-5
    assert from_command_line == [start] * window.controller.session.n
    settings.settings().clear()


def test_house_rules_of_another_game_start_from_its_own_defaults(qtbot):
    # The table's rules (Newmarket, 100 counters given) do not carry over to Spoil Five.
    dlg = _dialog(qtbot, current="Newmarket", options={"gen.startCounters": 100, "gen.rounds": 2})
    assert dlg.findChild(QSpinBox, "gen.rounds").value() == 2
    dlg.findChild(QComboBox, "game").setCurrentText("Spoil Five")
    assert dlg.findChild(QSpinBox, "gen.startCounters").value() == 20
    assert dlg.findChild(QSpinBox, "gen.rounds").value() == 1
    dlg.findChild(QComboBox, "game").setCurrentText("Newmarket")
    assert dlg.findChild(QSpinBox, "gen.rounds").value() == 2


def test_seat_ones_default_name_follows_who_sits_there(qtbot):
    """With two people at the screen, seat 1 kept the name "You", and the table's lines
    read to the other person as their own ("You put 4 on the layout"); a computer in seat 1
    was called "You" too ("You play 6♠"). Seat 1's default is "Player 1" once a second
    person sits down, "You" again when they leave, and "Ann" for a computer; a typed name
    is kept."""
    dlg = _dialog(qtbot, players=4)
    name = dlg.findChild(QLineEdit, "name")
    first, second = dlg.findChild(QComboBox, "kind_0"), dlg.findChild(QComboBox, "kind_1")
    assert name.text() == "You"
    second.setCurrentIndex(0)  # Ben becomes a person
    assert name.text() == "Player 1"
    assert [s[0] for s in dlg.seats()] == ["Player 1", "Ben", "Cat", "Dan"]
    first.setCurrentIndex(2)  # seat 1 a computer, Ben the one person
    assert dlg.seats()[:2] == [("Ann", False, "normal"), ("Ben", True, "normal")]
    first.setCurrentIndex(0)
    second.setCurrentIndex(2)  # Ben a computer again
    assert name.text() == "You"
    name.setText("Zoe")
    second.setCurrentIndex(0)
    first.setCurrentIndex(3)
    assert name.text() == "Zoe"


# ---------------------------------------------------------------------------------------------
# The name given in New Game is the person's name in Settings too


def _new_game_with_name(qtbot, window, name: str, people: int = 1) -> None:
    window.ask_new_game()
    dlg = window.new_dialog
    if people > 1:
        for i in range(1, people):
            dlg.findChild(QComboBox, f"kind_{i}").setCurrentIndex(0)  # a person here
    if name:
        edit = dlg.findChild(QLineEdit, "name")
        edit.clear()
        qtbot.keyClicks(edit, name)
    ok = dlg.findChild(QPushButton, "ok")
    assert (ok.text(), dlg.findChild(QPushButton, "cancel").text()) == ("&Deal", "&Cancel")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.session.players[0] == window.player_name)


def test_the_name_given_in_new_game_is_kept_as_your_name(qtbot):
    settings.settings().clear()
    window = MainWindow(pace=0, seed=2, remember=True)
    qtbot.addWidget(window)
    window.show()
    window.start()
    _new_game_with_name(qtbot, window, "Maud")
    assert window.controller.session.players[0] == "Maud"
    assert settings.load_prefs().name == "Maud"  # the next start's name
    window.ask_prefs()
    dlg = window.prefs_dialog
    assert dlg.findChild(QLineEdit, "name").text() == "Maud"
    qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    assert window.player_name == "Maud"  # a Settings change does not bring back "You"
    window.ask_new_game()
    assert window.new_dialog.findChild(QLineEdit, "name").text() == "Maud"
    window.new_dialog.reject()
    settings.settings().clear()


def test_seat_1s_automatic_name_among_several_people_is_not_kept(qtbot):
    settings.settings().clear()
    window = MainWindow(pace=0, seed=2, remember=True)
    qtbot.addWidget(window)
    window.show()
    window.start()
    _new_game_with_name(qtbot, window, "", people=2)
    assert window.controller.session.players[0] == "Player 1"
    assert settings.load_prefs().name == "You"
    # Nor a name typed for seat 1 among several: whoever sits first at the hot seat (Bob,
    # named for one game, became Your name in the next game against the computers)
    window.controller.session = None  # nothing at stake: no question before the next game
    _new_game_with_name(qtbot, window, "Bob", people=2)
    assert window.controller.session.players[0] == "Bob"
    assert settings.load_prefs().name == "You"
    settings.settings().clear()


def test_two_seats_may_not_share_a_name(qtbot):
    """A person "Ben" in seat 3 beside the computer Ben: the log, "Pass to Ben" and the
    statistics could not tell them apart. Deal waits until each seat has its own name."""
    dlg = _dialog(qtbot, players=4)
    ok, who = dlg.findChild(QPushButton, "ok"), dlg._who
    dlg.findChild(QComboBox, "kind_2").setCurrentIndex(0)  # a person
    edit = dlg.findChild(QLineEdit, "seatname_2")
    edit.clear()
    row = edit.mapTo(dlg, edit.rect().topLeft()).y()
    qtbot.keyClicks(edit, "ben")
    assert not ok.isEnabled()
    for _ in range(3):  # the layout requests the longer line posted, handled in turn
        QApplication.processEvents()
    assert edit.mapTo(dlg, edit.rect().topLeft()).y() == row  # the warning moved no seat
    assert who.text().endswith("Two seats are called ben (seats 2 and 3): give each its own name.")
    assert dlg.findChild(QScrollArea).horizontalScrollBar().maximum() == 0  # no wider
    qtbot.keyClicks(edit, "jamin")
    assert ok.isEnabled() and "Two seats" not in who.text()
    assert [s[0] for s in dlg.seats()] == ["Player 1", "Ben", "benjamin", "Dan"]


def test_no_computer_is_named_as_you_are(qtbot):
    """Your name is Ben: the computers are Cat, Dan, Eve, not Ben beside you."""
    dlg = _dialog(qtbot, players=4, name="Ben")
    assert [s[0] for s in dlg.seats()] == ["Ben", "Cat", "Dan", "Eve"]
    assert dlg.findChild(QPushButton, "ok").isEnabled()
    dlg.findChild(QComboBox, "game").setCurrentText("Matrimony")
    dlg.findChild(QSpinBox, "players").setValue(14)  # the largest table: fourteen names
    names = [s[0] for s in dlg.seats()]
    assert len(names) == 14 and len(set(names)) == 14 and names[-2:] == ["Ned", "Ann"]


def test_a_computer_of_the_last_table_called_as_you_are_now_is_renamed(qtbot):
    """Your name set to "Cat" in Settings after a table with the computer Cat: New Game
    offered both, then refused to deal until one was renamed."""
    seats = [("You", True, "normal"), ("Ben", False, "normal"), ("Cat", False, "hard")]
    dlg = _dialog(qtbot, players=3, name="Cat", seats=seats)
    assert dlg.seats() == [
        ("Cat", True, "normal"),
        ("Ben", False, "normal"),
        ("Dan", False, "hard"),
    ]
    assert dlg.findChild(QPushButton, "ok").isEnabled()


def test_an_empty_name_shows_the_name_it_will_get(qtbot):
    """A seat's name cleared became "Cat" at the table with nothing on the dialog to say
    so. The field shows the name it will get, greyed, and follows the seat's kind."""
    dlg = _dialog(qtbot, players=4)
    edit = dlg.findChild(QLineEdit, "seatname_2")
    edit.clear()
    assert edit.placeholderText() == "Cat" == dlg.seats()[2][0]
    dlg.findChild(QComboBox, "kind_2").setCurrentIndex(0)  # a person sits there now
    assert edit.placeholderText() == "Player 3" == dlg.seats()[2][0]
    dlg.findChild(QLineEdit, "name").clear()
    assert dlg.findChild(QLineEdit, "name").placeholderText() == dlg.seats()[0][0]


def test_michigans_layout_is_shown_in_cards_and_kept_in_record_notation_mi_3(qtbot):
    """The layout read "AH KC QD JS": letters for files. It is shown as the table labels
    the pools ("♥A ♣K ♦Q ♠J"), may be typed either way, and is kept as the record's."""
    from gui.windows.textoption import TextOption

    dlg = _dialog(qtbot)
    dlg.findChild(QComboBox, "game").setCurrentText("Michigan")
    layout = dlg.findChild(TextOption, "mi.layout")
    combo = layout.combo
    shown = [combo.itemText(i) for i in range(combo.count())]
    assert shown == ["♥A ♣K ♦Q ♠J", "♠A ♥K ♣Q ♦J", "♥A ♣K ♦Q ♠J ♦K+♦Q"]
    assert combo.currentText() == "♥A ♣K ♦Q ♠J" and dlg.options()["mi.layout"] == "AH KC QD JS"
    combo.setCurrentIndex(1)
    assert dlg.options()["mi.layout"] == "AS KH QC JD"
    combo.setEditText("A♥ ks 10♦ ♣J")  # typed: rank first or suit first, letters or symbols
    assert layout.valid and dlg.options()["mi.layout"] == "AH KS 10D JC"
    combo.setEditText("♥A ah")  # the reason in the field's terms: no key, no letters
    assert not layout.valid and layout.reason.text() == "The item ♥A appears twice."
    combo.setEditText("")
    reason = layout.reason
    assert reason.text() == "Write at least one item, as in ♥A ♣K ♦Q ♠J."
    combo.setEditText("♥A+ ♣K")
    assert layout.reason.text() == "A + in '♥A+' has no card beside it."
    combo.setEditText("")
    # the field takes the row's width, and its reason wraps there whole (it was cut off)
    qtbot.waitUntil(lambda: reason.height() >= reason.heightForWidth(reason.width()), timeout=5000)
    assert layout.width() > layout.combo.sizeHint().width()


def test_deal_waits_for_counters_enough_for_the_first_stake_gen_5_sn_5(qtbot):
    """Spinado, 10 counters at the start, nobody below zero: the dealer cannot put in 24
    (SN-5). Deal was enabled, and the table began Newmarket instead with only a notice."""
    dlg = _dialog(qtbot, current="Spinado", players=3)
    ok, who = dlg.findChild(QPushButton, "ok"), dlg._who
    counters = dlg.findChild(QSpinBox, "gen.startCounters")
    debt = dlg.findChild(QCheckBox, "gen.allowDebt")
    counters.selectAll()
    qtbot.keyClicks(counters, "10")
    assert counters.value() == 10 and ok.isEnabled()  # players may go below zero
    qtbot.mouseClick(debt, Qt.MouseButton.LeftButton)
    assert not debt.isChecked() and not ok.isEnabled()
    assert who.text().endswith(
        "With 10 counters at the start, the dealer could not pay the first stake of 24: "
        "give more counters at the start, or let players go below zero."
    )
    counters.selectAll()
    qtbot.keyClicks(counters, "24")
    assert ok.isEnabled() and "could not" not in who.text()


def test_the_first_stake_warning_moves_no_field_and_counts_one_counter_gen_5(qtbot):
    """The warning took a third line at the dialog's width and pushed the seats and rules
    down as it came and went; from one counter it said "With 1 counters"."""
    dlg = _dialog(qtbot, current="Spinado", players=3)
    dlg.resize(560, 540)  # about the width an 800x600 screen leaves it
    seats = dlg.findChild(QComboBox, "kind_0")
    counters = dlg.findChild(QSpinBox, "gen.startCounters")
    qtbot.waitUntil(lambda: seats.mapTo(dlg, seats.rect().topLeft()).y() > 0, timeout=5000)
    before = seats.mapTo(dlg, seats.rect().topLeft())
    qtbot.mouseClick(dlg.findChild(QCheckBox, "gen.allowDebt"), Qt.MouseButton.LeftButton)
    counters.selectAll()
    qtbot.keyClicks(counters, "1")
    who = dlg._who
    assert "With 1 counter at the start, nobody could pay the first stake of 3:" in who.text()
    qtbot.waitUntil(lambda: who.height() >= who.heightForWidth(who.width()), timeout=5000)
    assert seats.mapTo(dlg, seats.rect().topLeft()) == before


def test_new_game_after_a_restart_keeps_seat_1s_name_with_several_people(qtbot):
    """Two people, Al and Bea, at the table remembered: after a restart New Game showed
    seat 1 as "Player 1" (your name, "You", is no name of a hot seat's), Bea kept hers."""
    from PySide6.QtWidgets import QLineEdit

    settings.settings().clear()
    try:
        seats = [("Al", True, "normal"), ("Bea", True, "normal"), ("Cat", False, "easy")]
        settings.save_table("spinado", {}, seats)
        window = MainWindow(pace=0, seed=1, remember=True)
        qtbot.addWidget(window)
        window.start()
        qtbot.waitUntil(lambda: window.controller.session is not None, timeout=5000)
        assert window.controller.session.players == ["Al", "Bea", "Cat"]
        window.ask_new_game()
        dlg = window.new_dialog
        assert dlg.findChild(QLineEdit, "name").text() == "Al"
        assert dlg.findChild(QLineEdit, "seatname_1").text() == "Bea"
        dlg.reject()
    finally:
        settings.settings().clear()


def test_a_long_house_rule_note_wraps_rather_than_widen_the_dialog(qtbot):
    """Commit's note on its deal widened New Game by about 200 pixels after Newmarket's
    rules, and the Deal button moved under the pointer (a tester). A note now wraps into
    more lines; the widest control of any game's rules widens it a little at most."""
    dlg = _dialog(qtbot, current="Newmarket")
    qtbot.waitExposed(dlg)
    combo = dlg.findChild(QComboBox, "game")
    first = dlg.width()
    combo.setCurrentText("Commit")
    qtbot.waitUntil(lambda: dlg.findChild(QComboBox, "cm.deal") is not None)
    QApplication.processEvents()  # it widens, if it must, once the new rows are laid out
    assert dlg.width() - first < 40
    (note,) = [
        w
        for w in dlg.findChildren(QLabel)
        if w.isVisible() and w.text().startswith("The deal: by Foster's table")
    ]
    assert note.height() >= note.heightForWidth(note.width())  # every line of it shown
