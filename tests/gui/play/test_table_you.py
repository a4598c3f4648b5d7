"""Names at the table: the person's plate shows the name set in Settings; sentences to the
single person at the screen say "you", and with several people at one screen use names."""

from __future__ import annotations

from gamecore.events import LeadPassed, Paid
from gui.model import prompts, registryview, tablewords
from gui.model.setup import Setup
from gui.play.seats import SeatKind
from gui.store import settings
from gui.windows.mainwindow import MainWindow


def test_the_plate_shows_the_settings_name_and_sentences_say_you(qtbot, tmp_path, monkeypatch):
    # A data folder and settings of its own: a game another test left autosaved would be
    # resumed, and the seats it remembered (New Game's last choice) would name the person.
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    settings.settings().clear()
    prefs = settings.Prefs(name="Augusta")
    settings.save_prefs(prefs)
    try:
        window = MainWindow(pace=0, seed=2, remember=True)
        qtbot.addWidget(window)
        window.show()
        window.start()
        c = window.controller
        assert c.session.players[0] == "Augusta"
        assert c.view.snapshot.seats[0].name == "Augusta"  # the plate
        assert c.words[0] == "You" and c.words[1:] == c.session.players[1:]
        dealer = c.session.logs[0].dealer
        line = tablewords.deal_line(c.session, c.words)
        assert (
            line.endswith("you deal.")
            if dealer == 0
            else line.endswith(f"{c.session.players[dealer]} deals.")
        )
        labels = registryview.pool_labels(c.session.game)
        assert (
            tablewords.log_line(Paid(1, 0, 3, "cards left"), c.words, labels)
            == f"{c.session.players[1]} pays you 3 (cards left)"
        )
        assert (
            tablewords.log_line(LeadPassed(1, 0), c.words, labels)
            == f"{c.session.players[1]} cannot lead; you lead"
        )
    finally:
        settings.settings().clear()


def test_with_several_people_everyone_is_named():
    words = tablewords.spoken(["Ann", "Ben", "Cat"], [0, 2])
    assert words == ["Ann", "Ben", "Cat"]
    assert (
        tablewords.log_line(Paid(1, 0, 3, "cards left"), words, []) == "Ben pays Ann 3 (cards left)"
    )
    assert (
        prompts.split_prompt(prompts.addressee("Cat", alone=False), 4)
        == "Cat, spread your 4 counters over the layout."
    )
    assert (
        prompts.stake_prompt(prompts.addressee("Cat", alone=True), 4, 20)
        == "You deal: name the stake every player puts on the layout (4 to 20 counters)."
    )


def test_a_controller_with_two_people_names_them(qtbot):
    window = MainWindow(pace=0, seed=2)
    qtbot.addWidget(window)
    c = window.controller
    c.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", True), SeatKind("Ben", False), SeatKind("Cat", True)],
        )
    )
    assert c.words == ["Ann", "Ben", "Cat"]
    assert not any(line.startswith("You ") for line in c.log)
