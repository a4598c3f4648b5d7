"""Game → Open shows what each saved game is before it is opened: the chooser lists the
abandoned games (game, players, deal k of n, the person's balance, the date), says which
file is damaged, reads them off the GUI thread, finds any other game by Browse…, and opens
the one chosen as Game → Open always has. Games left one after another are said in one
notice. Every test drives the real window at ``pace=0`` and waits on conditions."""

from __future__ import annotations

import html
import json
import os
import random
import threading
from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFileDialog, QPushButton, QSpinBox

from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gui.store import persistence, savedgames
from gui.store.savedgames import summarize
from gui.windows import openchooser
from gui.windows.mainwindow import MainWindow
from gui.windows.newgame import NewGameDialog
from gui.windows.openchooser import OpenChooser, summary_lines
from helpers import play_session

WAIT = 10_000
WHEN = datetime(2024, 3, 9, 14, 5, 30)
POPE_JOAN = "20240309-140530-000002-pope-joan.parlour.json"
NEWMARKET = "20240308-100000-000001-newmarket.parlour.json"
DAMAGED = "20240307-090000-000001-spin.parlour.json"
POPE_JOAN_ROW = (
    "Pope Joan (Foster's layout) · deal 3 of 6 · Ben: 88 counters\n"
    "Ann, Ben, Cat · 9 Mar 2024, 14:05"
)
NEWMARKET_ROW = (  # 98: the final standings', after the split of the pools left (GEN-6)
    "Newmarket · finished after 3 deals · You: 98 counters\nYou, Dan, Eve · 9 Mar 2024, 14:05"
)
DAMAGED_ROW = f"Cannot be opened: it is not a Parlour game file\n{DAMAGED} · 9 Mar 2024, 14:05"


def _keep(path, session: Session, people: list[bool]) -> None:
    persistence.save(session, path, persistence.TableMeta(people))
    os.utime(path, (WHEN.timestamp(), WHEN.timestamp()))


def _abandoned_games(data) -> None:
    """Three abandoned games: Pope Joan at its third deal (Ben at this screen), a finished
    Newmarket and a damaged file."""
    folder = data / persistence.ABANDONED
    folder.mkdir(parents=True)
    pope_joan = Session(make_game("pope-joan", {"gen.rounds": 2}), ["Ann", "Ben", "Cat"], 0)
    play_session(pope_joan, random.Random(5), max_deals=2)
    pope_joan.start_deal_seeded(9)
    _keep(folder / POPE_JOAN, pope_joan, [False, True, False])
    newmarket = Session(make_game("newmarket", {"gen.rounds": 1}), ["You", "Dan", "Eve"], 0)
    play_session(newmarket, random.Random(2))
    _keep(folder / NEWMARKET, newmarket, [True, False, False])
    (folder / DAMAGED).write_text("[1, 2]", encoding="utf-8")
    os.utime(folder / DAMAGED, (WHEN.timestamp(), WHEN.timestamp()))


def _window(qtbot, data) -> MainWindow:
    data.mkdir(parents=True, exist_ok=True)
    window = MainWindow(pace=0, seed=4, autosave=data / persistence.AUTOSAVE)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.start()
    return window


def _chooser(qtbot, window: MainWindow) -> OpenChooser:
    window.open_action.trigger()
    dlg = window.open_chooser
    assert isinstance(dlg, OpenChooser) and dlg.isVisible()
    return dlg


def _rows(dlg: OpenChooser) -> list[str]:
    return [dlg.games.item(k).text() for k in range(dlg.games.count())]


def _click_row(qtbot, dlg: OpenChooser, row: int) -> None:
    rect = dlg.games.visualItemRect(dlg.games.item(row))
    qtbot.mouseClick(dlg.games.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_the_chooser_shows_each_abandoned_game_and_opens_the_one_chosen(qtbot, tmp_path):
    data = tmp_path / "data"
    _abandoned_games(data)
    window = _window(qtbot, data)
    dlg = _chooser(qtbot, window)
    qtbot.waitUntil(lambda: len(dlg.summaries) == 3, timeout=WAIT)
    assert _rows(dlg) == [POPE_JOAN_ROW, NEWMARKET_ROW, DAMAGED_ROW]
    assert not dlg.findChild(type(dlg.empty), "noGames").isVisible()
    assert dlg.games.item(2).foreground().color().name() == openchooser.DAMAGED_COLOUR
    assert dlg.games.item(0).foreground().style() == Qt.BrushStyle.NoBrush
    # A damaged file can be looked at, not opened.
    _click_row(qtbot, dlg, 2)
    assert dlg.selected() == data / persistence.ABANDONED / DAMAGED
    assert not dlg.open_button.isEnabled()
    qtbot.mouseClick(dlg.open_button, Qt.MouseButton.LeftButton)
    assert dlg.isVisible()
    _click_row(qtbot, dlg, 0)
    assert dlg.open_button.isEnabled()
    qtbot.mouseClick(dlg.open_button, Qt.MouseButton.LeftButton)
    assert not dlg.isVisible()
    c = window.controller
    qtbot.waitUntil(
        lambda: window.loading is None and c.session is not None and c.session.n == 3,
        timeout=WAIT,
    )
    assert c.session.game.name == "pope-joan" and c.session.players == ["Ann", "Ben", "Cat"]
    assert len(c.session.logs) == 3 and c.session.balances[1] == 88
    assert window.windowTitle() == "Parlour — Pope Joan (Foster's layout): deal 3 of 6"


def test_browse_finds_any_saved_game_and_shows_it_first(qtbot, tmp_path):
    data = tmp_path / "data"
    _abandoned_games(data)
    elsewhere = tmp_path / "mine.parlour.json"
    newmarket = Session(make_game("newmarket", {"gen.rounds": 1}), ["You", "Dan", "Eve"], 0)
    play_session(newmarket, random.Random(2), max_deals=1)
    newmarket.start_deal_seeded(3)
    _keep(elsewhere, newmarket, [True, False, False])
    window = _window(qtbot, data)
    dlg = _chooser(qtbot, window)
    assert (dlg.open_button.text(), dlg.browse_button.text()) == ("&Open", "&Browse…")  # Alt+B
    qtbot.mouseClick(dlg.findChild(QPushButton, "browse"), Qt.MouseButton.LeftButton)
    files = dlg.file_dialog
    assert isinstance(files, QFileDialog) and files.isVisible()
    assert os.path.samefile(files.directory().absolutePath(), data / persistence.ABANDONED)
    assert dlg.heading.text() == "Abandoned games"
    files.selectFile(str(elsewhere))
    files.accept()
    assert not files.isVisible()
    assert dlg.selected() == elsewhere and dlg.games.currentRow() == 0
    # the list is no longer the abandoned games alone
    assert dlg.heading.text() == "Games you found, then the abandoned games"
    assert dlg.heading.wordWrap()  # it never widens the window past a small screen
    qtbot.waitUntil(lambda: elsewhere in dlg.summaries and len(dlg.summaries) == 4, timeout=WAIT)
    assert _rows(dlg)[0] == (
        "Newmarket · deal 2 of 3 · You: 95 counters\n"
        "mine.parlour.json · You, Dan, Eve · 9 Mar 2024, 14:05"  # found: named by its file
    )
    dlg.games.setFocus()
    qtbot.keyClick(dlg.games, Qt.Key.Key_Return)
    assert not dlg.isVisible()
    c = window.controller
    qtbot.waitUntil(
        lambda: window.loading is None and c.session is not None and c.session.n == 3,
        timeout=WAIT,
    )
    assert c.session.players == ["You", "Dan", "Eve"] and len(c.session.logs) == 2


def test_summaries_are_read_off_the_gui_thread(qtbot, tmp_path, monkeypatch):
    """While every file is still being read, the chooser is up, says so, and answers."""
    data = tmp_path / "data"
    _abandoned_games(data)
    gate = threading.Event()
    real = openchooser.summarize

    def slow(path):
        gate.wait(WAIT / 1000)
        return real(path)

    monkeypatch.setattr(openchooser, "summarize", slow)
    window = _window(qtbot, data)
    dlg = _chooser(qtbot, window)
    assert _rows(dlg) == [
        f"Reading…\n{POPE_JOAN}",
        f"Reading…\n{NEWMARKET}",
        f"Reading…\n{DAMAGED}",
    ]
    assert not dlg.open_button.isEnabled()
    qtbot.mouseClick(dlg.findChild(QPushButton, "cancel"), Qt.MouseButton.LeftButton)
    assert not dlg.isVisible() and dlg.summaries == {}
    gate.set()


def test_no_abandoned_games_says_so(qtbot, tmp_path):
    window = _window(qtbot, tmp_path / "data")
    dlg = _chooser(qtbot, window)
    assert dlg.games.count() == 0 and dlg.empty.isVisible()
    assert dlg.empty.text() == "No abandoned games. Browse… finds any other saved game."
    assert not dlg.open_button.isEnabled()
    # no empty list to look at, and Enter browses
    assert not dlg.games.isVisible() and dlg.browse_button.isDefault()
    qtbot.keyClick(dlg, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dlg.file_dialog is not None and dlg.file_dialog.isVisible())
    dlg.file_dialog.reject()
    assert window.save_file(tmp_path / "mine")
    dlg.add_file(tmp_path / "mine.parlour.json")  # a game found: the list, and Open
    assert dlg.games.isVisible() and dlg.open_button.isDefault()
    assert not dlg.browse_button.isDefault() and not dlg.empty.isVisible()
    dlg.reject()


def _person_decides(qtbot, window: MainWindow) -> None:
    """Wait for the person's card decision (stakes as proposed) and make it: progress."""
    c = window.controller

    def ready() -> bool:
        if c.state == "staking" and c.view.stake_panel.isVisible():
            c.view.stake_panel.accept()
            return False
        d = c.session.decision() if c.session is not None else None
        return c.state == "human" and isinstance(d, PlayChoice) and d.seat == 0

    qtbot.waitUntil(lambda: ready() and not c._timer.isActive(), timeout=WAIT)
    c.person.chose_card(c.session.decision().actions[0].card)


def _leave_for_a_new_game(qtbot, window: MainWindow) -> None:
    first = window.controller.session
    _person_decides(qtbot, window)
    window.new_action.trigger()
    dlg = window.new_dialog
    assert isinstance(dlg, NewGameDialog)
    qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.message.findChild(QPushButton, "leave"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.session is not first, timeout=WAIT)


def test_games_left_one_after_another_are_said_in_one_notice(qtbot, tmp_path):
    window = _window(qtbot, tmp_path / "data")
    _leave_for_a_new_game(qtbot, window)
    (kept,) = (tmp_path / "data" / persistence.ABANDONED).glob("*.parlour.json")
    # the game as the person knows it, not its file (20261205-003933-…-newmarket.parlour.json)
    first = savedgames.described(persistence.load(kept)[0])
    assert first.startswith("Newmarket (deal 1 of ")
    assert window.notices.texts() == [
        f"Your game of {first} was kept among the abandoned games (Game → Open)."
    ]
    _leave_for_a_new_game(qtbot, window)
    _leave_for_a_new_game(qtbot, window)
    newest = max((tmp_path / "data" / persistence.ABANDONED).glob("*.parlour.json"))
    last = savedgames.described(persistence.load(newest)[0])
    assert window.notices.texts() == [
        f"3 games were kept among the abandoned games; the last was your game of {last}. "
        "Game → Open lists them, newest first."
    ]
    window.notices.dismiss(window.notices.texts()[0])
    _leave_for_a_new_game(qtbot, window)
    assert len(window.notices.texts()) == 1
    assert window.notices.texts()[0].startswith("Your game of Newmarket (deal 1 of ")
    # that game opened again (over a game not begun, so not kept): the notice no longer
    # says it was kept (it stayed up over the game at the table, and counted it twice when
    # it was left again)
    newest = max((tmp_path / "data" / persistence.ABANDONED).glob("*.parlour.json"))
    window.open_file(newest)
    qtbot.waitUntil(lambda: window.loading is None, timeout=WAIT)
    assert len(window.controller.session.logs) == 1 and window.notices.texts() == []
    # over a game begun, the box names the game to open (it named its file), and the notice
    # is of the game left for it alone
    _person_decides(qtbot, window)
    older = min((tmp_path / "data" / persistence.ABANDONED).glob("*.parlour.json"))
    wanted = savedgames.described(persistence.load(older)[0])
    window.open_file(older)
    qtbot.waitUntil(lambda: window.loading is None, timeout=WAIT)
    assert f"to open your game of {wanted}?" in window.message.text()
    qtbot.mouseClick(window.message.findChild(QPushButton, "leave"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not older.exists(), timeout=WAIT)
    (notice,) = window.notices.texts()
    assert notice.startswith("Your game of Newmarket (deal 1 of ") and " moves made) " in notice
    assert wanted not in notice
    # and it leaves the abandoned games, now that the autosave holds it: it stayed listed at
    # its old place, and a game finished at the table could be opened there and played again
    assert not newest.exists() and not persistence.meta_path(newest).exists()
    assert newest not in savedgames.abandoned_games(tmp_path / "data")


def test_a_file_that_opens_only_in_part_is_marked_and_still_opens(qtbot, tmp_path):
    """A record whose second deal stops at a refused move: its row says "partly damaged",
    hovering says what Open leaves out, and Open opens the good part."""
    data = tmp_path / "data"
    folder = data / persistence.ABANDONED
    folder.mkdir(parents=True)
    session = Session(make_game("newmarket", {"gen.rounds": 1}), ["You", "Dan", "Eve"], 0)
    play_session(session, random.Random(2), max_deals=1)
    session.start_deal_seeded(3)
    for _ in range(4):
        session.apply(session.decision().default_action())
    path = folder / NEWMARKET
    _keep(path, session, [True, False, False])
    record = json.loads(path.read_text(encoding="utf-8"))
    record["deals"][1]["actions"][3] = record["deals"][1]["actions"][2]  # played twice
    path.write_text(json.dumps(record), encoding="utf-8")
    os.utime(path, (WHEN.timestamp(), WHEN.timestamp()))
    window = _window(qtbot, data)
    dlg = _chooser(qtbot, window)
    qtbot.waitUntil(lambda: len(dlg.summaries) == 1, timeout=WAIT)
    (row,) = _rows(dlg)
    assert row.splitlines()[0].endswith(" · partly damaged")
    tip = dlg.games.item(0).toolTip()  # rich text, so that a long note wraps
    assert tip.startswith("<p>") and tip.endswith("</p>")
    note = html.unescape(tip[3:-4])
    assert note.startswith(f"{NEWMARKET} is damaged at deal 2, action 4 ")
    assert note.endswith("the first 3 moves of deal 2. The file was left as it is.")
    _click_row(qtbot, dlg, 0)
    assert dlg.open_button.isEnabled()
    qtbot.mouseClick(dlg.open_button, Qt.MouseButton.LeftButton)
    c = window.controller
    qtbot.waitUntil(
        lambda: window.loading is None and c.session is not None and len(c.session.logs) == 2,
        timeout=WAIT,
    )
    # the good part (a computer may already have played on from it)
    assert c.session.logs[1].actions[:3] == record["deals"][1]["actions"][:3]
    assert note in window.notices.texts()
    # once that game has left the table its notice goes with it (it stayed up over the
    # next game; the notice of the game kept is the new one)
    _leave_for_a_new_game(qtbot, window)
    assert note not in window.notices.texts()
    assert window.notices.texts()[0].startswith("Your game of ")


def test_new_game_after_opening_a_game_starts_from_its_table_not_the_one_before(qtbot, tmp_path):
    """A Spoil Five game opened over Newmarket: New Game offered Spoil Five with Newmarket's
    100 counters at the start (its generic house rule carried over) and dealt with them."""
    data = tmp_path / "data"
    folder = data / persistence.ABANDONED
    folder.mkdir(parents=True)
    spoil_five = Session(make_game("spoil-five", {"gen.rounds": 3}), ["Ann", "Ben", "Cat"], 0)
    spoil_five.start_deal_seeded(9)
    _keep(
        folder / "20240309-140530-000003-spoil-five.parlour.json", spoil_five, [True] * 2 + [False]
    )
    window = MainWindow(pace=0, seed=4, autosave=data / persistence.AUTOSAVE)
    qtbot.addWidget(window)
    window.options = {"gen.startCounters": 100}  # Newmarket's, as New Game remembers them
    window.show()
    window.start()
    c = window.controller
    assert c.session.game.name == "newmarket" and c.session.options["gen.startCounters"] == 100
    dlg = _chooser(qtbot, window)
    qtbot.waitUntil(lambda: len(dlg.summaries) == 1, timeout=WAIT)
    _click_row(qtbot, dlg, 0)
    qtbot.mouseClick(dlg.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: window.loading is None and c.session.game.name == "spoil-five", timeout=WAIT
    )
    opened = c.session
    window.ask_new_game()
    new = window.new_dialog
    assert isinstance(new, NewGameDialog)
    assert new.findChild(QComboBox, "game").currentText() == "Spoil Five"
    assert new.findChild(QSpinBox, "gen.startCounters").value() == 20  # Spoil Five's own
    assert new.findChild(QSpinBox, "gen.rounds").value() == 3  # the opened game's
    assert new.players() == 3
    # seat 1 is yours (named by New Game); the others as the opened game had them
    assert [(n, p) for n, p, _level in new.seats()[1:]] == [("Ben", True), ("Cat", False)]
    qtbot.mouseClick(new.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    assert window.message is None  # no card played yet: nothing at stake, nothing asked
    qtbot.waitUntil(lambda: c.session is not opened, timeout=WAIT)
    assert c.session.game.name == "spoil-five" and c.session.options["gen.startCounters"] == 20
    assert c.session.players[1:] == ["Ben", "Cat"] and c.session.options["gen.rounds"] == 3


def test_only_the_files_found_by_browse_name_their_file(qtbot, tmp_path):
    """Browse… starts in the folder last used: the rows were named by comparing with that
    folder, so the abandoned games were named and the game found was not."""
    data = tmp_path / "data"
    _abandoned_games(data)
    elsewhere = tmp_path / "mine.parlour.json"
    newmarket = Session(make_game("newmarket", {"gen.rounds": 1}), ["You", "Dan", "Eve"], 0)
    newmarket.start_deal_seeded(3)
    _keep(elsewhere, newmarket, [True, False, False])
    folder = data / persistence.ABANDONED
    dlg = OpenChooser(None, [folder / POPE_JOAN, folder / NEWMARKET], tmp_path)
    qtbot.addWidget(dlg)
    dlg.add_file(elsewhere)
    qtbot.waitUntil(lambda: len(dlg.summaries) == 3, timeout=WAIT)
    assert _rows(dlg) == [
        "Newmarket · deal 1 of 3 · You: 100 counters\n"
        "mine.parlour.json · You, Dan, Eve · 9 Mar 2024, 14:05",
        POPE_JOAN_ROW,
        NEWMARKET_ROW,
    ]


def test_a_hot_seat_game_lists_every_person_at_the_screen(tmp_path):
    """A hot-seat Pope Joan was listed as "Alice: 87 counters" alone: Bob, at the same
    screen, was not named."""
    session = Session(make_game("pope-joan", {"gen.rounds": 1}), ["Alice", "Bob", "Cat"], 0)
    play_session(session, random.Random(4), max_deals=1)
    path = tmp_path / "hot.parlour.json"
    _keep(path, session, [True, True, False])
    summary = summarize(path)
    final, _pools = session.final_accounts()
    assert (summary.person, summary.balance, summary.others) == (
        "Alice",
        final[0],
        (("Bob", final[1]),),
    )
    first = summary_lines(summary).split("\n")[0]
    assert first.endswith(f"· Alice: {final[0]}, Bob: {final[1]} counters")
