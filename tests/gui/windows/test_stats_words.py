"""Statistics say counters won and lost, not "Won 1, Lost 20", which reads like games
(issue 24); their columns fit the window, a loss has a real minus sign, and the chart says
when its last session is the one being played."""

from gamecore.stats import Stats
from gui.model.amounts import MINUS
from gui.windows.statswindow import StatsWindow


def _window(qtbot, stats: Stats) -> StatsWindow:
    win = StatsWindow(None, stats, lambda: None)
    qtbot.addWidget(win)
    return win


def test_the_statistics_name_counters_won_and_lost(qtbot):
    stats = Stats()
    you = stats.player("newmarket", "You")
    you.add_deal(1, 0)
    you.add_deal(-20, 0)
    you.end_session()
    win = _window(qtbot, stats)
    table = win.table
    heads = [table.horizontalHeaderItem(c).text().replace("\n", " ") for c in range(8)]
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
    assert row == ["You", "1", "2", "1", "20", "0", f"{MINUS}19", f"{MINUS}19"]


def test_the_columns_fit_the_window_without_a_sideways_scroll_bar(qtbot):
    """At its own size (640 wide) and at 800×600's: the eight columns had a scroll bar
    that moved a few pixels, and "Worst session" was cut to "Worst sessio"."""
    stats = Stats()
    for name in ("Margaret", "You"):
        stats.player("spoil-five", name).add_deal(-2, 0)
    win = _window(qtbot, stats)
    win.show()
    qtbot.waitExposed(win)
    table = win.table
    header = table.horizontalHeader()
    assert header.length() <= table.viewport().width()
    assert not table.horizontalScrollBar().isVisible()
    for c in range(table.columnCount()):  # every heading and cell whole
        assert header.sectionSize(c) >= header.sectionSizeHint(c)
        assert header.sectionSize(c) >= table.sizeHintForColumn(c)


def test_the_chart_says_its_last_session_is_being_played(qtbot):
    stats = Stats()
    you = stats.player("newmarket", "You")
    you.add_deal(-12, 1)
    win = _window(qtbot, stats)
    assert [win.table.item(0, c).text() for c in (1, 2)] == ["0", "1"]  # none finished
    assert win.chart.axis_caption(1) == "start, session 1 (the last not finished)"
    you.end_session()
    win.refresh()
    assert win.chart.axis_caption(1) == "start, session 1"
    assert win.chart.axis_caption(4) == "start, session 1 … 4"


def test_enter_closes_the_statistics_and_never_forgets_them(qtbot):
    """Enter pressed "Reset statistics…" (the dialog's first button took Enter) and a
    second Enter answered its question with Reset: two keys forgot every game's record."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QPushButton

    stats = Stats()
    stats.player("newmarket", "You").add_deal(3, 1)
    resets: list[bool] = []
    win = StatsWindow(None, stats, lambda: resets.append(True))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.table.setFocus()
    qtbot.keyClick(win.table, Qt.Key.Key_Return)
    assert not win.isVisible() and getattr(win, "confirm", None) is None  # Close, no question
    win.show()
    qtbot.mouseClick(win.findChild(QPushButton, "reset"), Qt.MouseButton.LeftButton)
    box = win.confirm
    qtbot.waitUntil(box.isVisible)
    assert box.defaultButton() is box.findChild(QPushButton, "keep")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not box.isVisible())
    assert resets == [] and stats.games["newmarket"]["You"].won == 3


def test_a_long_name_in_the_charts_legend_keeps_its_balance(qtbot):
    """The legend cut "Wilhelmina (Mina) Fairweather −12" to "Wilhelmina (": the name is
    elided, the balance stays."""
    from gui.windows.chart import BalanceChart

    chart = BalanceChart()
    qtbot.addWidget(chart)
    text = chart.legend_text("Wilhelmina (Mina) Fairweather", -12, 90)
    assert text.endswith(f"… {MINUS}12") and text.startswith("Wil")
    assert chart.legend_text("Ann", 5, 90) == "Ann +5"


def test_lines_with_the_same_values_are_drawn_side_by_side(qtbot):
    """Four players each −1 after a spoiled deal: one line showed (the last drawn), the
    legend named four. Lines at the same value lie side by side; one alone is not moved."""
    from PySide6.QtGui import QColor

    from gui.windows.chart import COLOURS, LANE, BalanceChart, lanes

    assert lanes([[-1, 2], [-1, 3]]) == [[0.0, -LANE / 2, 0.0], [0.0, LANE / 2, 0.0]]
    assert lanes([[5], [-1], [-1], [-1]])[0] == [0.0, 0.0]  # all meet at the start
    assert [o[1] for o in lanes([[5], [-1], [-1], [-1]])[1:]] == [-LANE, 0.0, LANE]

    chart = BalanceChart()
    qtbot.addWidget(chart)
    chart.resize(480, 220)
    names = ["You", "Ben", "Dan", "Eve"]
    chart.set_series([(n, [-1, -1, 0]) for n in names])
    image = chart.grab().toImage()
    area = (44, 10, 480 - 54 - 120, 220 - 40)  # the plot, left of the legend

    def shown(colour: str) -> bool:
        want = QColor(colour)
        for x in range(area[0] + 2, area[0] + area[2] - 2, 2):
            for y in range(area[1] + 2, area[1] + area[3] - 2):
                c = image.pixelColor(x, y)
                if abs(c.red() - want.red()) + abs(c.green() - want.green()) < 30 and (
                    abs(c.blue() - want.blue()) < 30
                ):
                    return True
        return False

    assert all(shown(COLOURS[k]) for k in range(len(names)))


def test_the_statistics_open_on_the_game_at_the_table(qtbot, tmp_path):
    """Game → Statistics during a game of Spin opened on Matrimony, the first game in the
    alphabet."""
    from game_driver import show_and_start
    from gamecore import stats as gstats
    from gui.windows.mainwindow import MainWindow

    window = MainWindow(pace=0, seed=4, autosave=tmp_path / "autosave.parlour.json")
    window.game_name, window.players, window.options = "spin", 4, {}
    show_and_start(qtbot, window)
    stats = Stats()
    for label in ("Matrimony", "Newmarket", "Spin"):
        stats.player(label, "You").add_deal(3, 0)
    path = window.controller.keeper.stats_path
    assert path is not None
    gstats.save(stats, path)
    window.stats_action.trigger()
    shown = window.stats_window
    assert shown.game.currentText() == "Spin"
    assert shown.table.item(0, 0).text() == "You"
    shown.reject()


def test_the_scale_keeps_the_minus_sign_of_a_large_loss(qtbot):
    from PySide6.QtGui import QFontMetricsF

    from gui.windows.chart import BalanceChart

    chart = BalanceChart()
    qtbot.addWidget(chart)
    width = QFontMetricsF(chart.font()).horizontalAdvance(f"{MINUS}5019")
    assert chart.scale_width(-5019, 3740) >= width + 8 > 40
    assert chart.scale_width(-3, 5) == 44.0


def test_the_statistics_say_what_won_and_lost_count(qtbot):
    """A tester took a pool of 5 in two deals each lost by 1 and read "Counters won 0" as
    wrong: the window says, under the table, that each deal's result is counted."""
    from PySide6.QtWidgets import QLabel

    stats = Stats()
    you = stats.player("spinado", "You")
    you.add_deal(-1, 1)
    you.add_deal(-1, 0)
    win = _window(qtbot, stats)
    win.show()
    row = [win.table.item(0, c).text() for c in range(6)]
    assert row == ["You", "0", "2", "0", "2", "1"]
    note = win.findChild(QLabel, "wonAndLost")
    assert note.isVisible() and note.text() == (
        "Counters won and lost add up each deal's result: what you were ahead at the end of "
        "a deal counts as won, what you were behind as lost."
    )
    assert note.geometry().top() >= win.table.geometry().bottom()


def test_the_scale_marks_results_with_their_signs_and_the_start(qtbot):
    """The scale read a bare "43" at the top beside a legend of "Dan +43", with no mark
    at the start's 0: the marks are results, as the legend's, and the 0 is marked."""
    from gui.windows.chart import BalanceChart

    assert BalanceChart.scale_labels(-28, 43) == [(43, "+43"), (0, "0"), (-28, f"{MINUS}28")]
    assert BalanceChart.scale_labels(0, 5) == [(5, "+5"), (0, "0")]
    assert BalanceChart.scale_labels(-1_200, 0) == [(0, "0"), (-1_200, f"{MINUS}1,200")]


def test_the_summary_says_what_its_chart_counts(qtbot):
    from PySide6.QtWidgets import QLabel

    from gui.model.snapshot import DealSummary
    from gui.windows.chart import BalanceChart
    from gui.windows.dealsummary import DealSummaryDialog

    summary = DealSummary(
        names=["Ann", "Ben"],
        winner=1,
        dealer=0,
        hands_left=[[], []],
        stock=[],
        lines=[],
        deltas=[-3, 3],
        balances=[97, 103],
        pools=[],
        last_deal=False,
        history=[("Ann", [-1, -3]), ("Ben", [1, 3])],
    )
    dlg = DealSummaryDialog(None, summary)
    qtbot.addWidget(dlg)
    caption = dlg.findChild(QLabel, "chartCaption")
    assert dlg.findChild(BalanceChart) is not None and caption is not None
    assert caption.text() == (
        f"Counters won (+) or lost ({MINUS}) by each player since the session began:"
    )
