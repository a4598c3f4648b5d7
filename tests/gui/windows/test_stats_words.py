"""Statistics say counters won and lost, not "Won 1, Lost 20", which reads like games
(issue 24)."""

from gamecore.stats import Stats
from gui.windows.statswindow import StatsWindow


def test_the_statistics_name_counters_won_and_lost(qtbot):
    stats = Stats()
    you = stats.player("newmarket", "You")
    you.add_deal(1, 0)
    you.add_deal(-20, 0)
    you.end_session()
    win = StatsWindow(None, stats, lambda: None)
    qtbot.addWidget(win)
    table = win.table
    heads = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert heads == [
        "Player",
        "Sessions",
        "Deals",
        "Counters won",
        "Counters lost",
        "Pools taken",
        "Best session",
        "Worst session",
    ]
    row = [table.item(0, c).text() for c in range(table.columnCount())]
    assert row == ["You", "1", "2", "1", "20", "0", "-19", "-19"]
