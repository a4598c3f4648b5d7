"""Statistics per game and player: counted once per deal, saved atomically, shown, reset."""

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton, QTableWidget

from gamecore import stats as gstats
from gui.model.setup import Setup
from gui.play.seats import SeatKind
from gui.windows.chart import BalanceChart
from gui.windows.dialogs import DealSummaryDialog
from gui.windows.mainwindow import MainWindow


def test_player_stats_deals_and_sessions():
    ps = gstats.PlayerStats()
    ps.add_deal(5, 1)
    ps.add_deal(-8, 0)
    assert (ps.deals, ps.won, ps.lost, ps.pools_taken, ps.current) == (2, 5, 8, 1, [5, -3])
    ps.end_session()
    ps.add_deal(4, 2)
    ps.end_session()
    assert (ps.sessions, ps.best_session, ps.worst_session, ps.past) == (2, 4, -3, [-3, 4])
    assert ps.current == []


def test_save_load_round_trip_and_damaged_file(tmp_path):
    stats = gstats.Stats()
    stats.player("Newmarket", "Ann").add_deal(3, 1)
    stats.counted["s1"] = 1
    path = tmp_path / "statistics.json"
    gstats.save(stats, path)
    again = gstats.load(path)
    assert again.to_json() == stats.to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["statistics.json"]  # no temporary left
    path.write_text("{not json")
    assert gstats.load(path).games == {}
    path.write_text(json.dumps({"games": {"X": {"Ann": {"deals": 2, "bogus": 1}}}}))
    assert gstats.load(path).player("X", "Ann").deals == 2


def _play_deal(qtbot, window: MainWindow) -> None:
    c = window.controller
    while True:
        qtbot.waitUntil(lambda: c.state in ("human", "staking", "summary"), timeout=5000)
        if c.state == "summary":
            return
        if c.state == "staking":
            c.view.stake_panel.accept()
            continue
        c.person.chose_card(c.session.deal.decision().actions[0].card)


def test_a_deal_is_counted_once_and_charted(qtbot, tmp_path):
    window = MainWindow(pace=0, seed=3, autosave=tmp_path / "auto.parlour.json")
    qtbot.addWidget(window)
    window.show()
    c = window.controller
    c.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", True), SeatKind("Ben", False), SeatKind("Cat", False)],
            options={"gen.rounds": 2},
        )
    )
    _play_deal(qtbot, window)
    assert c.keeper.flush_autosave()  # statistics are written after the deal's autosave
    stats = gstats.load(tmp_path / "statistics.json")
    ann = stats.player("Newmarket", "Ann")
    delta = c.session.logs[-1].balances[0] - c.session.start_balances[0]
    assert ann.deals == 1 and ann.current == [delta]
    assert "Ben" not in stats.games["Newmarket"]  # computers keep no statistics
    c.keeper.count_deal()  # again, as after a resume: no effect
    assert c.keeper.flush_autosave()
    assert gstats.load(tmp_path / "statistics.json").player("Newmarket", "Ann").deals == 1
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "next"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(c.session.logs) == 2)
    _play_deal(qtbot, window)
    assert isinstance(c.dialog, DealSummaryDialog)
    chart = c.dialog.findChild(BalanceChart, "chart")
    assert chart is not None and [len(v) for _, v in chart.series] == [2, 2, 2]


def test_statistics_window_shows_and_resets(qtbot, tmp_path):
    window = MainWindow(pace=0, seed=3, autosave=tmp_path / "auto.parlour.json")
    qtbot.addWidget(window)
    stats = gstats.Stats()
    stats.player("Spinado", "Ann").add_deal(7, 1)
    stats.player("Spinado", "Ann").end_session()
    gstats.save(stats, tmp_path / "statistics.json")
    window.show_stats()
    w = window.stats_window
    table = w.findChild(QTableWidget, "table")
    assert table.rowCount() == 1 and table.item(0, 0).text() == "Ann"
    assert [table.item(0, c).text() for c in range(1, 8)] == ["1", "1", "7", "0", "1", "+7", "+7"]
    qtbot.mouseClick(w.findChild(QPushButton, "reset"), Qt.MouseButton.LeftButton)
    assert isinstance(w.confirm, QMessageBox)
    w.confirm.findChild(QPushButton, "confirmReset").click()
    qtbot.waitUntil(lambda: table.rowCount() == 0)
    assert gstats.load(tmp_path / "statistics.json").games == {}


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"[" * 100_000, "statistics.json is nested too deeply to be statistics"),
        (b"\xff\xfe{}", "statistics.json is not UTF-8 text"),
        (
            b"{not json",
            "statistics.json is not valid JSON: expecting property name enclosed in "
            "double quotes at line 1, column 2",
        ),
        (
            b'{"deals": 3',
            "statistics.json is not valid JSON: it ends too early, at line 1, column 12",
        ),
        (b"  \n", "statistics.json is not valid JSON: the file is empty"),
    ],
)
def test_unreadable_statistics_say_why_in_words(tmp_path, data, reason):
    path = tmp_path / "statistics.json"
    path.write_bytes(data)
    with pytest.raises(gstats.StatsError) as e:
        gstats.read(path)
    assert str(e.value) == reason
