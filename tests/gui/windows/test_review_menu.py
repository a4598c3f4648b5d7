"""The ways into review from the main window (issue 18, point 1): the deal summary's
"Review this deal", Game → Review this game (Ctrl+R) on the game at the table, and Game →
Review a saved game on a record, read off the GUI thread; a bad file is refused in one
message and the game at the table is not touched."""

from __future__ import annotations

import json
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton  # noqa: E402

from gamecore.decisions import PlayChoice  # noqa: E402
from gamecore.review import review_deal  # noqa: E402
from gui.model.setup import Setup  # noqa: E402
from gui.play.seats import SeatKind  # noqa: E402
from gui.windows.mainwindow import MainWindow  # noqa: E402
from gui.windows.reviewwindow import ReviewWindow  # noqa: E402
from gui.windows.sidewindows import REVIEW_WAITS  # noqa: E402
from table_driver import first_cards_to_summary, window_with_autosave  # noqa: E402

WAIT = 20_000
SEATS = [SeatKind("Ann", True), SeatKind("Ben", False), SeatKind("Cat", False)]


def _window(qtbot, tmp_path) -> MainWindow:
    return window_with_autosave(qtbot, tmp_path, seed=5)


def _to_summary(qtbot, window: MainWindow) -> None:
    first_cards_to_summary(qtbot, window, WAIT)


def _review(window: MainWindow) -> ReviewWindow:
    win = window.review_window
    assert isinstance(win, ReviewWindow) and win.isVisible()
    return win


def _review_saved(qtbot, window: MainWindow, saved) -> ReviewWindow:
    """Game → Review a saved game on ``saved``, chosen in its file dialog: the review."""
    window.review_file_action.trigger()
    qtbot.waitUntil(
        lambda: window.file_dialog is not None and window.file_dialog.isVisible(), timeout=WAIT
    )
    window.file_dialog.fileSelected.emit(str(saved))
    qtbot.waitUntil(
        lambda: isinstance(window.review_window, ReviewWindow) and window.review_window.isVisible(),
        timeout=WAIT,
    )
    win = _review(window)
    qtbot.addWidget(win)
    return win


def test_the_summarys_review_button_opens_the_deal_just_finished_face_up(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    c = window.controller
    c.new_session(Setup("newmarket", seats=SEATS, options={"gen.rounds": 2}))
    _to_summary(qtbot, window)
    button = c.dialog.findChild(QPushButton, "review")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    win = _review(window)
    qtbot.addWidget(win)
    assert win.review.number == 1 and win.seat_box.isEnabled()
    win.go(win.last)
    expected = review_deal(c.session, 1)
    assert win.review.last == expected.last
    # Finished: every hand as dealt is on the table at the start, face up.
    win.go(0)
    dealt = set().union(*(set(h) for h in c.session.logs[0].hands))
    assert dealt <= set(win.view.cards)
    win.close()
    assert c.state == "summary"  # the summary still waits for "Next deal"


def test_ctrl_r_reviews_the_game_at_the_table_and_its_unfinished_deal_only_as_seen(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    c = window.controller
    c.new_session(Setup("newmarket", seats=SEATS, options={"gen.rounds": 2}))
    _to_summary(qtbot, window)
    qtbot.mouseClick(c.dialog.findChild(QPushButton, "next"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(c.session.logs) == 2, timeout=WAIT)
    session_before = len(c.session.logs), c.session.logs[-1].actions[:]
    window.review_action.trigger()
    win = _review(window)
    qtbot.addWidget(win)
    assert [win.deal_box.itemData(i) for i in range(win.deal_box.count())] == [1, 2]
    assert window.status_label.text() == "Review: Newmarket, deal 1" + REVIEW_WAITS
    win.choose_deal(2)
    # the status line names the deal shown (it said deal 1 while deal 4 was reviewed)
    assert window.status_label.text() == "Review: Newmarket, deal 2" + REVIEW_WAITS
    # The deal being played is seen only from the person's own seat, with no other choice.
    assert win.viewpoint == 0 and not win.seat_box.isEnabled()
    snap = win.view.snapshot
    assert snap is not None and not snap.revealed
    win.close()
    assert (len(c.session.logs), c.session.logs[-1].actions) == session_before


def test_review_a_saved_game_reads_the_file_and_leaves_the_table_alone(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    c = window.controller
    c.new_session(Setup("newmarket", seats=SEATS, options={"gen.rounds": 2}))
    _to_summary(qtbot, window)
    saved = tmp_path / "kept.parlour.json"
    assert window.save_file(saved)
    table = c.session
    win = _review_saved(qtbot, window, saved)
    assert win.session is not table and win.review.number == 1
    assert win.session.logs[0].hands == table.logs[0].hands
    assert c.session is table and c.state == "summary"


def test_review_of_a_file_damaged_midway_says_so_in_the_review(qtbot, tmp_path):
    """A record whose fourth move is refused is reviewed up to it. What the review leaves
    out was said on the table ("It was opened with what came before that"), where it read
    as if the game at the table had been replaced; it is said in the review window now."""
    window = _window(qtbot, tmp_path)
    c = window.controller
    c.new_session(Setup("newmarket", seats=SEATS, options={"gen.rounds": 2}))
    _to_summary(qtbot, window)
    saved = tmp_path / "kept.parlour.json"
    assert window.save_file(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    actions = data["deals"][0]["actions"]
    actions[3] = actions[2]
    saved.write_text(json.dumps(data), encoding="utf-8")
    notices = list(window.notices.texts())
    win = _review_saved(qtbot, window, saved)
    note = win.findChild(QLabel, "damageNote")
    assert note is not None and note.isVisible()
    assert note.text().startswith("kept.parlour.json is damaged at deal 1, action 4 ")
    assert note.text().endswith(
        ". The review shows what came before that: the first 3 moves of deal 1. The file was "
        "left as it is."
    )
    assert list(window.notices.texts()) == notices  # nothing said on the table


def test_review_of_a_damaged_file_says_why_in_one_message(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    c = window.controller
    c.new_session(Setup("newmarket", seats=SEATS))
    qtbot.waitUntil(lambda: c.state in ("human", "staking"), timeout=WAIT)
    table, actions = c.session, list(c.session.logs[-1].actions)
    bad = tmp_path / "bad.parlour.json"
    bad.write_text('{"format": "parlour-deal-record", "version": 1, "game": "newmarket"')
    window._read(bad, "review")
    qtbot.waitUntil(
        lambda: isinstance(window.message, QMessageBox) and window.message.isVisible(), timeout=WAIT
    )
    text = window.message.text()
    assert text.startswith("bad.parlour.json: ") and "\n" not in text
    assert window.review_window is None
    window.message.done(0)
    assert c.session is table and c.session.logs[-1].actions == actions


def test_the_game_waits_while_a_review_is_open(qtbot, tmp_path):
    """A review is a window in front of the table: the computer's turn after the person's
    card waits until it closes, so the deal under review does not run on behind it."""
    window = _window(qtbot, tmp_path)
    c = window.controller
    # Every card of the person's is played here, a forced one too, so that the card played
    # with the review open is always the test's own.
    c.auto_play = False
    c.new_session(Setup("newmarket", seats=SEATS))
    for _ in range(40):
        qtbot.waitUntil(
            lambda: c.state == "human" or (c.state == "staking" and c.view.stake_panel.isVisible()),
            timeout=WAIT,
        )
        if c.state != "human" or not isinstance(c.session.decision(), PlayChoice):
            c.view.stake_panel.accept()
            continue
        window.review_action.trigger()
        win = _review(window)
        qtbot.addWidget(win)
        assert "waits" in window.status_label.text()
        d = c.session.decision()
        c.person.chose_card(d.actions[0].card)
        after_mine = len(c.session.logs[-1].actions)
        if c.session.decision() is not None and not c.seats[c.session.decision().seat].person:
            break
        win.close()  # the person plays on: look for a card a computer follows
    else:
        raise AssertionError("no computer was to play after the person")
    # The table looked at the computer's turn and put it off (a decision already made would
    # be held instead): nothing is applied behind the review.
    qtbot.waitUntil(lambda: c._step_wanted or c._held is not None, timeout=WAIT)
    assert len(c.session.logs[-1].actions) == after_mine
    win.close()
    qtbot.waitUntil(
        lambda: len(c.session.logs[-1].actions) > after_mine or c.session.deal.over, timeout=WAIT
    )


def test_the_status_line_is_the_tables_again_once_the_reviews_close(qtbot, tmp_path):
    """The status line says the game waits while a review is open; closed with Escape, it
    kept saying so until the next card. It is the table's line again, the turn's prompt,
    once the last review is closed (two reviews open: the first closed leaves the wait
    said), and after a review of a saved file too (reading the file had emptied it, and
    the empty line came back)."""
    window = _window(qtbot, tmp_path)
    c = window.controller
    c.new_session(Setup("newmarket", seats=SEATS))
    qtbot.waitUntil(
        lambda: c.state == "human" or (c.state == "staking" and c.view.stake_panel.isVisible()),
        timeout=WAIT,
    )
    prompt = window.status_label.text()
    assert prompt and "waits" not in prompt
    window.review_action.trigger()
    first = _review(window)
    qtbot.addWidget(first)
    assert (
        window.status_label.text() == f"{first.windowTitle()}: the game waits until it is closed."
    )
    window.review_action.trigger()  # a second review over the first
    second = _review(window)
    qtbot.addWidget(second)
    assert second is not first
    qtbot.keyClick(first, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not first.isVisible(), timeout=WAIT)
    assert window.status_label.text().endswith("the game waits until it is closed.")
    qtbot.keyClick(second, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not second.isVisible(), timeout=WAIT)
    assert window.status_label.text() == prompt
    saved = tmp_path / "kept.parlour.json"
    assert window.save_file(saved)
    window.show_status(prompt)  # as the table said it ("Saved kept.parlour.json." aside)
    window.review_file_action.trigger()
    qtbot.waitUntil(
        lambda: window.file_dialog is not None and window.file_dialog.isVisible(), timeout=WAIT
    )
    window.file_dialog.selectFile(str(saved))
    window.file_dialog.accept()  # as Open does: the dialog closes, the file is read
    qtbot.waitUntil(
        lambda: window.review_window not in (None, second) and window.review_window.isVisible(),
        timeout=WAIT,
    )
    from_file = _review(window)
    qtbot.addWidget(from_file)
    from_file.close()
    assert window.status_label.text() == prompt
