"""The final standings agree with the seat plates and with Statistics (GEN-6): the split
of the pools left at the end is its own line in the standings, the plates show the counters
after it, and Statistics counts it once."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

from gamecore import stats as gstats
from gamecore.decisions import PlayChoice
from gui.model.setup import Setup
from gui.play.seats import SeatKind
from gui.store import persistence, savedgames
from gui.windows.dialogs import DealSummaryDialog, StandingsDialog
from gui.windows.mainwindow import MainWindow

WAIT = 10_000


def _play_on(qtbot, c, until) -> None:
    """Play Ann's (seat 0's) first card at each turn, stake as proposed and pass each
    summary, until ``until()`` holds at a pause."""
    for _ in range(2000):
        qtbot.waitUntil(
            lambda: (
                c.state in ("human", "summary", "over")
                or (c.state == "staking" and c.view.stake_panel.isVisible())
            ),
            timeout=WAIT,
        )
        if until():
            return
        if c.state == "staking":
            qtbot.mouseClick(
                c.view.stake_panel.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton
            )
        elif c.state == "summary":
            assert isinstance(c.dialog, DealSummaryDialog)
            qtbot.mouseClick(c.dialog.findChild(QPushButton, "next"), Qt.MouseButton.LeftButton)
        else:
            d = c.session.decision()
            if isinstance(d, PlayChoice) and d.seat == 0:
                c.person.chose_card(d.actions[0].card)
    raise AssertionError("the session never got there")


def test_standings_plates_and_statistics_agree_after_the_split_GEN_6(qtbot, tmp_path):
    window = MainWindow(pace=0, seed=7, autosave=tmp_path / persistence.AUTOSAVE)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    c = window.controller
    c.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", True), SeatKind("Ben", False), SeatKind("Cat", False)],
            options={"gen.rounds": 1},
        )
    )
    _play_on(qtbot, c, lambda: c.state == "over")
    session = c.session
    assert session.complete and c.state == "over"
    left = sum(session.pools)
    assert left > 0, "this seed must leave counters in the pools"
    final, pools = session.final_accounts()
    shares = [final[s] - session.balances[s] for s in range(3)]
    assert sum(shares) == left and pools == [0] * len(pools)
    dlg = c.dialog
    assert isinstance(dlg, StandingsDialog)
    shown = {
        dlg.findChild(QLabel, f"name_{i}").toolTip()
        or dlg.findChild(QLabel, f"name_{i}").text(): int(
            dlg.findChild(QLabel, f"balance_{i}").text().replace("\u2212", "-")
        )
        for i in range(3)
    }
    assert shown == dict(zip(session.players, final, strict=True))
    split = dlg.findChild(QLabel, "split")
    assert split is not None and f"The {left} counter" in split.text()
    for name, n in zip(session.players, shares, strict=True):
        assert f"{name} +{n}" in split.text()
    # The plates show the same counters as the standings.
    plates = {v.name: v.balance for v in c.view.snapshot.seats}
    assert plates == dict(zip(session.players, final, strict=True))
    # Statistics: Ann's session result is her net in the standings, the split counted once.
    assert c.keeper.flush_autosave()
    ann = gstats.read(tmp_path / persistence.STATISTICS).player("Newmarket", "Ann")
    assert ann.sessions == 1 and ann.past == [final[0] - session.start_balances[0]]
    assert ann.won - ann.lost == final[0] - session.start_balances[0]


def _watched(qtbot, tmp_path) -> MainWindow:
    """A table at 1280×800 with its autosave in ``tmp_path``, for computers only."""
    window = MainWindow(pace=0, seed=7, autosave=tmp_path / persistence.AUTOSAVE)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    return window


def test_closing_the_standings_leaves_the_ways_on_at_the_table(qtbot, tmp_path):
    """Closed (Close or Escape), the final standings left the finished table with no way on
    but the menu's New Game. The table now says the game is over, with Play again (the same
    game and players, fresh counters) and New game… (the New Game dialog); cancelling that
    dialog leaves the buttons there. Undo and Hint there say that the game is over (they
    said "Nothing to undo in this deal." and "A hint is given when it is your turn.")."""
    window = _watched(qtbot, tmp_path)
    c = window.controller
    seats = [SeatKind("Ann", False), SeatKind("Ben", False), SeatKind("Cat", False)]
    c.new_session(Setup("newmarket", seats=seats, options={"gen.rounds": 1}))
    for _ in range(40):  # the computers play; the summaries are passed
        qtbot.waitUntil(lambda: c.state in ("summary", "over"), timeout=WAIT)
        if c.state == "over":
            break
        qtbot.mouseClick(c.dialog.findChild(QPushButton, "next"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(c.dialog, StandingsDialog), timeout=WAIT)
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "close"), Qt.MouseButton.LeftButton)
    prompt = window.view.prompt
    qtbot.waitUntil(prompt.isVisible, timeout=WAIT)
    assert prompt.label.text().startswith("The game is over")
    assert window.status_label.text() == prompt.label.text()
    qtbot.mouseClick(prompt.findChild(QPushButton, "newgame"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.new_dialog is not None and window.new_dialog.isVisible())
    qtbot.keyClick(window.new_dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.new_dialog.isVisible(), timeout=WAIT)
    assert prompt.isVisible() and c.state == "over"
    # Undo and Hint answer that the game is over; the table's own line stays its end.
    window.undo_action.trigger()
    assert window.status_label.text() == "The game is over: there is nothing to undo."
    window.hint_action.trigger()
    assert window.status_label.text() == "The game is over: there is no hint to give."
    assert c.table_line == "The game is over."
    # the standings again, and closed again: the ways on come back
    qtbot.mouseClick(prompt.findChild(QPushButton, "standings"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(c.dialog, StandingsDialog), timeout=WAIT)
    assert not prompt.isVisible()
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "close"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(prompt.isVisible, timeout=WAIT)
    finished = c.session
    qtbot.mouseClick(prompt.findChild(QPushButton, "again"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.session is not finished and not prompt.isVisible(), timeout=WAIT)
    assert c.session.game.name == "newmarket" and c.session.players == ["Ann", "Ben", "Cat"]
    assert c.session.options == finished.options and len(c.session.logs) == 1


def test_a_session_ended_by_a_stake_nobody_can_pay_says_why_gen_5(qtbot, tmp_path):
    """Spinado from 30 counters, nobody below zero: after the first deal of three Ben
    holds fewer than the 3 a player who is not the dealer stakes (SN-5), and the session
    ends. A tester saw only "Final standings", and nothing said why."""
    window = _watched(qtbot, tmp_path)
    c = window.controller
    seats = [SeatKind("Ann", False), SeatKind("Ben", False), SeatKind("Cat", False)]
    options = {"gen.rounds": 1, "gen.startCounters": 30, "gen.allowDebt": False}
    c.new_session(Setup("spinado", seats=seats, options=options))
    qtbot.waitUntil(lambda: isinstance(c.dialog, DealSummaryDialog), timeout=WAIT)
    session = c.session
    assert session.complete and len(session.logs) == 1 and session.total_deals == 3
    assert session.next_dealer() != 1 and session.cannot_stake() == [1]
    held = session.balances[1]
    assert held < 3
    expected = (
        f"The session ends after deal 1 of 3: Ben had {held}, fewer than the next deal's "
        "stake (3), and nobody may go below zero."
    )
    assert c.dialog.findChild(QLabel, "ended").text() == expected
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "next"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(c.dialog, StandingsDialog), timeout=WAIT)
    assert c.dialog.findChild(QLabel, "ended").text() == expected


def test_a_crash_at_the_last_summary_brings_the_final_standings_back(qtbot, tmp_path):
    """The program ended at the last deal's summary (a crash, a kill): the finished game
    was not offered again, and the final standings were never seen. Started again, the
    table is at that summary, then the standings; once they are closed, the next start
    begins a new game."""
    window = _watched(qtbot, tmp_path)
    c = window.controller
    seats = [SeatKind("Ann", True), SeatKind("Ben", False), SeatKind("Cat", False)]
    c.new_session(Setup("newmarket", seats=seats, options={"gen.rounds": 1}))
    _play_on(qtbot, c, lambda: c.state == "summary" and c.session.complete)
    finished = c.session
    assert c.keeper.flush_autosave()
    window.controller.keeper.autosave_path = None  # killed: nothing more is written
    window.close()
    again = _watched(qtbot, tmp_path)
    again.start()
    c = again.controller
    qtbot.waitUntil(lambda: isinstance(c.dialog, DealSummaryDialog), timeout=WAIT)
    assert c.session.players == finished.players and c.session.complete
    assert c.session.balances == finished.balances and again.offer is None
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "next"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(c.dialog, StandingsDialog), timeout=WAIT)
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "close"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(again.view.prompt.isVisible, timeout=WAIT)
    assert c.keeper.flush_autosave()
    again.close()
    third = _watched(qtbot, tmp_path)
    third.start()
    qtbot.waitUntil(lambda: third.controller.session is not None, timeout=WAIT)
    assert not third.controller.session.logs[0].finished  # a new game, its first deal


def test_a_finished_game_is_kept_for_review_once_however_often_its_standings_show(qtbot, tmp_path):
    """A finished game was gone once another began: "Review a saved game" had nothing to
    show. Its record is kept among the finished games when the final standings show
    (once, though they show again), and the review's file dialog starts there."""
    window = _watched(qtbot, tmp_path)
    c = window.controller
    seats = [SeatKind("Ann", False), SeatKind("Ben", False), SeatKind("Cat", False)]
    c.new_session(Setup("newmarket", seats=seats, options={"gen.rounds": 1}))
    for _ in range(40):
        qtbot.waitUntil(lambda: c.state in ("summary", "over"), timeout=WAIT)
        if c.state == "over":
            break
        qtbot.mouseClick(c.dialog.findChild(QPushButton, "next"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(c.dialog, StandingsDialog), timeout=WAIT)
    assert c.keeper.flush_autosave()  # kept on the autosave's thread
    (kept,) = savedgames.finished_games(tmp_path)
    assert kept.parent == tmp_path / persistence.FINISHED and kept.name.endswith(
        "-newmarket.parlour.json"
    )
    session, meta = persistence.load(kept)
    assert session.complete and session.balances == c.session.balances
    assert meta.levels == [k.level for k in c.seats]
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "close"), Qt.MouseButton.LeftButton)
    prompt = window.view.prompt
    qtbot.waitUntil(prompt.isVisible, timeout=WAIT)
    qtbot.mouseClick(prompt.findChild(QPushButton, "standings"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(c.dialog, StandingsDialog), timeout=WAIT)
    assert c.keeper.flush_autosave()
    assert savedgames.finished_games(tmp_path) == [kept]  # not kept twice
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "close"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(prompt.isVisible, timeout=WAIT)
    window.review_file_action.trigger()
    chooser = window.open_chooser
    assert chooser.isVisible() and chooser.windowTitle() == "Review a saved game"
    qtbot.waitUntil(lambda: kept in chooser.summaries, timeout=WAIT)
    row = chooser.games.item(0).text()
    assert row.startswith("Newmarket · finished after ") and "Ann, Ben, Cat" in row
    assert chooser.open_button.text() == "&Review"
    qtbot.mouseClick(chooser.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: window.review_window is not None and window.review_window.isVisible(),
        timeout=WAIT,
    )
    qtbot.addWidget(window.review_window)
    assert window.review_window.review.finished  # the last deal of the finished game
    window.review_window.close()
