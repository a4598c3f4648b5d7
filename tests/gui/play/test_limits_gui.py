"""Parlour never writes a record its own reader refuses (deal-record format, "Limits"): New
Game, Settings and the table's stake and split boxes stop at the format's limits, and a
session of every game at the largest values they allow writes a record that reads and
replays to the same outcome. The real dialogs are driven with pytest-qt."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton, QSpinBox, QWidget

from gamecore.actions import NameStake, Split
from gamecore.decisions import PlayChoice, SplitChoice, StakeChoice
from gamecore.games import make_game
from gamecore.limits import MAX_AMOUNT, MAX_ROUNDS, NAME_MAX, name_problem
from gamecore.match import Session
from gamecore.record import outcome, read_record, replay, save_record
from gui.model import prompts, registryview
from gui.store.settings import Prefs
from gui.table.stakepanel import StakePanel
from gui.windows.newgame import NewGameDialog
from gui.windows.prefsdialog import PrefsDialog

LONG = "Lady Augusta Fitzwilliam-Featherstonehaugh the Third"  # 52 characters


def _retype(qtbot, widget: QSpinBox | QLineEdit, text: str) -> None:
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)


def _largest_new_game(qtbot, label: str) -> NewGameDialog:
    """New Game for ``label`` with the most players, the longest names and every integer
    house rule typed in at the largest value its box takes."""
    dlg = NewGameDialog(None, registryview.game_choices(), current=label)
    qtbot.addWidget(dlg)
    dlg.show()
    players = dlg.findChild(QSpinBox, "players")
    _retype(qtbot, players, str(players.maximum()))
    for i in range(players.value()):
        edit = dlg.findChild(QLineEdit, "name" if i == 0 else f"seatname_{i}")
        assert edit.maxLength() == NAME_MAX
        _retype(qtbot, edit, f"{i} {LONG}")
    for spec in dlg.chosen().rules:
        if spec.kind not in ("int", "int?"):
            continue
        spin = dlg.findChild(QSpinBox, spec.key)
        top = MAX_ROUNDS if spec.key == "gen.rounds" else MAX_AMOUNT
        assert spin.maximum() == top, spec.key
        _retype(qtbot, spin, str(top) + "9")  # the box refuses the digit beyond its limit
        assert spin.value() == top, spec.key
    suits = dlg.findChild(QComboBox, "pj.honourSuits")
    if suits is not None:  # any suit syntax is written canonically
        suits.setCurrentText("♥c♠♦")
    return dlg


def _panel(qtbot) -> StakePanel:
    host = QWidget()
    qtbot.addWidget(host)
    host.show()
    panel = StakePanel(host)
    panel.host = host  # kept alive with the panel
    return panel


def _stake_by_panel(qtbot, name: str, d: StakeChoice) -> int:
    """The dealer types the largest stake the stake box takes, as the controller asks it."""
    panel, chosen = _panel(qtbot), []
    panel.decided.connect(chosen.append)
    panel.ask_stake(prompts.stake_prompt(name, d.low, d.high), d.low, d.high, d.default)
    spin = panel.findChild(QSpinBox, "stake")
    assert spin.maximum() == (MAX_AMOUNT if d.high is None else min(d.high, MAX_AMOUNT))
    _retype(qtbot, spin, str(spin.maximum()))
    panel.findChild(QPushButton, "ok").click()
    return chosen[0]


def _split_by_panel(qtbot, name: str, game, d: SplitChoice) -> tuple[int, ...]:
    """Everything on the last pool, with the split box's "All here" button."""
    panel, chosen = _panel(qtbot), []
    panel.decided.connect(chosen.append)
    panel.ask_split(
        prompts.split_prompt(name, d.total), d.total, registryview.pool_labels(game), d.default
    )
    last = len(d.pools) - 1
    assert panel.findChild(QSpinBox, f"pool_{last}").maximum() == d.total
    panel.findChild(QPushButton, f"all_{last}").click()
    panel.findChild(QPushButton, "ok").click()
    return chosen[0]


@pytest.mark.parametrize("label", [label for label, _, _ in registryview.GAME_ENTRIES])
def test_a_session_at_the_largest_values_writes_a_record_the_reader_accepts(qtbot, tmp_path, label):
    prefs_dlg = PrefsDialog(None, Prefs())
    qtbot.addWidget(prefs_dlg)
    prefs_dlg.show()
    name_edit = prefs_dlg.findChild(QLineEdit, "name")
    _retype(qtbot, name_edit, "  " + LONG)
    prefs_dlg.findChild(QPushButton, "ok").click()
    your_name = prefs_dlg.prefs().name
    assert your_name == LONG[: NAME_MAX - 2].rstrip() and name_problem(your_name) is None

    dlg = _largest_new_game(qtbot, label)
    game_name, _profile = dlg.choice()
    options = dlg.options()
    names = [your_name] + [s[0] for s in dlg.seats()[1:]]
    assert [len(n) for n in names[1:]] == [NAME_MAX] * (len(names) - 1)
    game = make_game(game_name, options)
    assert game.options["gen.rounds"] == MAX_ROUNDS
    session = Session(game, names, first_dealer=len(names) - 1)
    rng = random.Random(label)
    for _ in range(2):
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            d = session.decision()
            if isinstance(d, StakeChoice):
                session.apply(NameStake(d.seat, _stake_by_panel(qtbot, names[d.seat], d)))
            elif isinstance(d, SplitChoice):
                session.apply(Split(d.seat, _split_by_panel(qtbot, names[d.seat], game, d)))
            else:
                assert isinstance(d, PlayChoice)
                session.apply(rng.choice(d.actions))
    path = tmp_path / "largest.parlour.json"
    save_record(session, path)
    record = read_record(path)
    assert replay(record) == outcome(session)
    assert record.players == names
    if "pj.honourSuits" in options:
        assert record.options["pj.honourSuits"] == "HCSD"
    if game_name in ("newmarket", "spin"):
        assert session.logs[0].actions[0] == f"{len(names) - 1} stake {MAX_AMOUNT}"


def test_the_stake_box_never_goes_past_the_format_limit(qtbot):
    """Rules with no upper limit (NM-5) or a cap above 10^9 (GEN-5 with large balances)."""
    panel = _panel(qtbot)
    panel.ask_stake("You deal.", 4, 5 * MAX_AMOUNT, 4)
    spin = panel.findChild(QSpinBox, "stake")
    assert (spin.minimum(), spin.maximum()) == (4, MAX_AMOUNT)
    panel.ask_stake("You deal.", 4, None, 4)
    assert panel.findChild(QSpinBox, "stake").maximum() == MAX_AMOUNT


def test_names_typed_with_control_characters_are_fitted(qtbot):
    dlg = NewGameDialog(None, registryview.game_choices(), name="Ann")
    qtbot.addWidget(dlg)
    dlg.findChild(QLineEdit, "seatname_1").setText("\tBen\u2028 ")
    dlg.findChild(QLineEdit, "name").setText("   ")
    assert dlg.seats()[:2] == [("You", True, "normal"), ("Ben", False, "normal")]
    prefs = PrefsDialog(None, Prefs(name="x" * 60))
    qtbot.addWidget(prefs)
    assert prefs.prefs().name == "x" * NAME_MAX


def test_settings_say_the_name_is_for_the_next_new_game(qtbot):
    """A tester set "Zoe" and looked for it on the plate of the game at the table: the
    dialog says, under the field, that the game at the table keeps its names."""
    from PySide6.QtWidgets import QLabel

    dlg = PrefsDialog(None, Prefs())
    qtbot.addWidget(dlg)
    dlg.show()
    note = dlg.findChild(QLabel, "nameLater")
    field = dlg.findChild(QLineEdit, "name")
    assert note.isVisible() and note.text() == "From your next new game; this game keeps its names."
    assert note.geometry().top() >= field.geometry().bottom()
