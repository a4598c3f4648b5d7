"""Never lose a game by a slip: a game with progress is never replaced without a
confirmation and is kept among the abandoned games; Escape on the resume question means "not
now"; the game waits behind every window; notices stay until dismissed; one table per data
folder; undo never goes back to a stake or split.

Every test drives the real window (menus' actions, dialog buttons, keys) at ``pace=0`` and
waits on conditions, never on time.
"""

from __future__ import annotations

import errno
import json
import os
import random
import threading
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QPushButton

from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import outcome, read_record, replay
from gui.store import persistence, savedgames
from gui.store.tablelock import LockState, TableLock
from gui.windows.mainwindow import MainWindow
from gui.windows.newgame import NewGameDialog
from gui.windows.notices import Notice
from helpers import play_session

WAIT = 10_000


def _window(qtbot, folder, game: str = "spoil-five", seed: int = 4) -> MainWindow:
    folder.mkdir(parents=True, exist_ok=True)
    window = MainWindow(pace=0, seed=seed, autosave=folder / persistence.AUTOSAVE)
    qtbot.addWidget(window)
    window.game_name = game
    window.resize(1280, 800)
    window.show()
    return window


def _my_turn(qtbot, window: MainWindow) -> PlayChoice:
    """Wait until the person (seat 0) has a card decision; stakes are made as proposed."""
    c = window.controller

    def ready() -> bool:
        if c.state == "staking" and c.view.stake_panel.isVisible():
            c.view.stake_panel.accept()  # as Enter does: the amounts proposed
            return False
        d = c.session.decision() if c.session is not None else None
        return (
            c.state == "human"
            and isinstance(d, PlayChoice)
            and d.seat == 0
            and not c._timer.isActive()
        )

    qtbot.waitUntil(ready, timeout=WAIT)
    return c.session.decision()


def _play_once(qtbot, window: MainWindow) -> None:
    """The person makes one card decision (a decision: progress)."""
    d = _my_turn(qtbot, window)
    window.controller.person.chose_card(d.actions[0].card)


def _button(box: QMessageBox, name: str) -> QPushButton:
    b = box.findChild(QPushButton, name)
    assert b is not None and b.isVisible(), name
    return b


def _abandoned(folder) -> list:
    return sorted(
        p
        for p in (folder / persistence.ABANDONED).glob("*.parlour.json")
        if not p.name.endswith(".table.json")
    )


def _accept_new_game(qtbot, window: MainWindow) -> None:
    """Game → New Game (its action, as the menu and Ctrl+N trigger it), then Deal."""
    window.new_action.trigger()
    dlg = window.new_dialog
    assert isinstance(dlg, NewGameDialog) and dlg.isVisible()
    qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)


# ---- 1. a game with progress is never discarded without a confirmation ------------------


def test_new_game_before_any_progress_starts_without_asking(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    window.start()
    first = window.controller.session
    _my_turn(qtbot, window)  # the person has not decided anything yet
    _accept_new_game(qtbot, window)
    qtbot.waitUntil(lambda: window.controller.session is not first, timeout=WAIT)
    assert not (tmp_path / persistence.ABANDONED).exists()


def test_new_game_asks_and_keeps_the_game_it_leaves(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    window.start()
    _play_once(qtbot, window)
    _my_turn(qtbot, window)
    c = window.controller
    before = outcome(c.session)
    # The autosave is written on the keeper's writer thread: the record compared is the one
    # on disk once everything queued so far is written, and so is the one after the box.
    assert c.keeper.flush_autosave()
    saved = (tmp_path / persistence.AUTOSAVE).read_bytes()
    _accept_new_game(qtbot, window)
    box = window.message
    assert isinstance(box, QMessageBox) and box.windowTitle() == "Leave this game?"
    assert "Spoil Five (deal 1 of" in box.text()
    qtbot.mouseClick(_button(box, "keepPlaying"), Qt.MouseButton.LeftButton)
    assert c.keeper.flush_autosave()
    assert outcome(c.session) == before  # nothing changed
    assert (tmp_path / persistence.AUTOSAVE).read_bytes() == saved
    assert not (tmp_path / persistence.ABANDONED).exists()
    _accept_new_game(qtbot, window)
    qtbot.mouseClick(_button(window.message, "leave"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: outcome(c.session) != before, timeout=WAIT)
    kept = _abandoned(tmp_path)
    assert len(kept) == 1 and kept[0].name.endswith("-spoil-five.parlour.json")
    assert replay(read_record(kept[0])) == before
    assert persistence.load(kept[0])[1].people == [True, False, False, False]
    assert any("abandoned games" in t for t in window.notices.texts())


def test_escape_keeps_the_confirmation_box_answer_keep_playing(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    window.start()
    _play_once(qtbot, window)
    _my_turn(qtbot, window)
    before = outcome(window.controller.session)
    _accept_new_game(qtbot, window)
    QTest.keyClick(window.message, Qt.Key.Key_Escape)
    assert not window.message.isVisible()
    assert outcome(window.controller.session) == before
    assert not (tmp_path / persistence.ABANDONED).exists()


def test_open_asks_first_and_keeps_the_game_it_leaves(qtbot, tmp_path):
    other = tmp_path / "other.parlour.json"
    window = _window(qtbot, tmp_path / "data")
    window.start()
    _my_turn(qtbot, window)
    window.controller.keeper.save_as(other)  # a game from before any progress of this one
    _play_once(qtbot, window)
    _my_turn(qtbot, window)
    before = outcome(window.controller.session)
    window.open_file(other)
    qtbot.waitUntil(lambda: window.loading is None, timeout=WAIT)
    box = window.message
    assert isinstance(box, QMessageBox) and f"to open {other.name}?" in box.text()
    qtbot.mouseClick(_button(box, "leave"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: outcome(window.controller.session) == replay(read_record(other)), timeout=WAIT
    )
    assert [replay(read_record(p)) for p in _abandoned(tmp_path / "data")] == [before]
    # The opened game is now the autosave.
    assert window.controller.keeper.flush_autosave()
    autosaved = persistence.load(tmp_path / "data" / persistence.AUTOSAVE)[0]
    assert outcome(autosaved) == outcome(window.controller.session)
    assert autosaved.logs[0].hands == read_record(other).deals[0].hands


def test_a_game_left_again_unchanged_is_not_kept_twice(qtbot, tmp_path):
    """Save As, Open that file (leaving the game: kept), then New Game at once (leaving
    the opened game, the same game unchanged): one copy among the abandoned games, and
    the notice names it, not "2 games were kept"."""
    mine = tmp_path / "mine.parlour.json"
    window = _window(qtbot, tmp_path / "data")
    window.start()
    _play_once(qtbot, window)
    _my_turn(qtbot, window)
    window.controller.keeper.save_as(mine)
    window.open_file(mine)
    qtbot.waitUntil(lambda: isinstance(window.message, QMessageBox), timeout=WAIT)
    qtbot.mouseClick(_button(window.message, "leave"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(_abandoned(tmp_path / "data")) == 1, timeout=WAIT)
    _my_turn(qtbot, window)
    opened = window.controller.session
    _accept_new_game(qtbot, window)
    qtbot.mouseClick(_button(window.message, "leave"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.session is not opened, timeout=WAIT)
    kept = _abandoned(tmp_path / "data")
    assert len(kept) == 1 and kept[0].read_bytes() == mine.read_bytes()
    assert "Your game of Spoil Five (deal 1 of " in " ".join(window.notices.texts())
    assert not any("games were kept" in t for t in window.notices.texts())


def test_open_starts_in_the_abandoned_games(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    window.start()
    _play_once(qtbot, window)
    _my_turn(qtbot, window)
    _accept_new_game(qtbot, window)
    qtbot.mouseClick(_button(window.message, "leave"), Qt.MouseButton.LeftButton)
    _my_turn(qtbot, window)
    window.open_action.trigger()
    chooser = window.open_chooser
    qtbot.mouseClick(chooser.findChild(QPushButton, "browse"), Qt.MouseButton.LeftButton)
    dlg = chooser.file_dialog
    assert isinstance(dlg, QFileDialog) and dlg.isVisible()
    assert os.path.samefile(dlg.directory().absolutePath(), tmp_path / persistence.ABANDONED)
    dlg.reject()


def test_save_as_and_browse_start_in_the_folder_last_used(qtbot, tmp_path):
    """Save As and Browse… started in the home folder (Browse…: the abandoned games)
    whatever folder the person had just saved in."""
    mine = tmp_path / "my games"
    mine.mkdir()
    window = _window(qtbot, tmp_path / "data")
    window.start()
    _my_turn(qtbot, window)
    window.save_action.trigger()  # Game → Save As, with the dialog's own file chosen
    dlg = window.file_dialog
    assert isinstance(dlg, QFileDialog) and dlg.isVisible()
    game = window.controller.session.game.name  # the suggested name says the game and day
    assert dlg.selectedFiles()[0].endswith(f"/{game}-{date.today():%Y-%m-%d}.parlour.json")
    dlg.fileSelected.emit(str(mine / "evening"))
    dlg.reject()
    assert (mine / "evening.parlour.json").is_file()
    window.save_action.trigger()
    dlg = window.file_dialog
    assert os.path.samefile(dlg.directory().absolutePath(), mine)
    dlg.reject()
    window.open_action.trigger()
    chooser = window.open_chooser
    qtbot.mouseClick(chooser.findChild(QPushButton, "browse"), Qt.MouseButton.LeftButton)
    assert os.path.samefile(chooser.file_dialog.directory().absolutePath(), mine)
    chooser.file_dialog.reject()
    chooser.reject()


def test_only_the_newest_ten_abandoned_games_are_kept(tmp_path):
    window_free = tmp_path / "data"
    window_free.mkdir()
    from gamecore.games import make_game
    from gamecore.match import Session

    paths = []
    for i in range(12):
        session = Session(make_game("newmarket", {}), ["Ann", "Ben", "Cat"], 0)
        session.start_deal_seeded(i)
        paths.append(
            savedgames.abandon(session, persistence.TableMeta([True, False, False]), window_free)
        )
    kept = _abandoned(window_free)
    assert len(kept) == persistence.KEEP_ABANDONED == 10
    assert kept == sorted(paths[2:])
    assert not paths[0].exists() and not persistence.meta_path(paths[0]).exists()
    assert all(persistence.meta_path(p).exists() for p in kept)


def test_only_the_newest_ten_finished_games_are_kept_apart_from_the_abandoned(tmp_path):
    paths = []
    for i in range(11):
        session = Session(make_game("spin", {}), ["Ann", "Ben", "Cat"], 0)
        session.start_deal_seeded(i)
        meta = persistence.TableMeta([True, False, False])
        paths.append(savedgames.keep_finished(session, meta, tmp_path))
        assert savedgames.keep_finished(session, meta, tmp_path) == paths[-1]  # not twice
    kept = savedgames.finished_games(tmp_path)
    assert kept == sorted(paths[1:], reverse=True) and len(kept) == persistence.KEEP_FINISHED
    assert not paths[0].exists() and not persistence.meta_path(paths[0]).exists()
    assert savedgames.abandoned_games(tmp_path) == []


def _saved_game_with_progress(qtbot, folder) -> dict:
    """Play one decision in a first window, then quit it; returns the autosave's outcome."""
    window = _window(qtbot, folder)
    window.start()
    _play_once(qtbot, window)
    _my_turn(qtbot, window)
    expected = outcome(window.controller.session)
    window.close()
    return expected


def test_escape_on_the_resume_question_means_not_now(qtbot, tmp_path):
    expected = _saved_game_with_progress(qtbot, tmp_path)
    saved = (tmp_path / persistence.AUTOSAVE).read_bytes()
    for restart in range(2):  # Escape, quit, restart, Escape: still the same game offered
        window = _window(qtbot, tmp_path, seed=50 + restart)
        window.start()
        qtbot.waitUntil(lambda w=window: w.loading is None, timeout=WAIT)  # read off the GUI thread
        box = window.message
        assert isinstance(box, QMessageBox) and "Resume your game of Spoil Five" in box.text()
        QTest.keyClick(box, Qt.Key.Key_Escape)
        assert not box.isVisible()
        assert window.controller.session is None  # no game begins
        assert window.windowTitle().startswith("Parlour — Spoil Five (saved game")
        prompt = window.view.prompt
        assert prompt.isVisible() and "is waiting" in prompt.label.text()
        assert (tmp_path / persistence.AUTOSAVE).read_bytes() == saved  # nothing written
        assert window.view.scene().items()  # the table is drawn behind the offer
        if restart == 0:
            window.close()
    qtbot.mouseClick(prompt.findChild(QPushButton, "resume"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.session is not None, timeout=WAIT)
    assert outcome(window.controller.session) == expected
    assert window.windowTitle() == "Parlour — Spoil Five: deal 1 of 4"


def test_new_game_on_the_resume_question_keeps_the_saved_game(qtbot, tmp_path):
    """New game… opens the New Game dialog (it began the last game chosen at once, another
    game than a player expected); cancelled, the saved game waits on the table; the game
    chosen there begins and the saved one is kept, without a second question."""
    expected = _saved_game_with_progress(qtbot, tmp_path)
    window = _window(qtbot, tmp_path, seed=60)
    window.game_name, window.options = "commit", {}  # as `parlour --game commit` sets them
    window.start()
    qtbot.waitUntil(lambda: window.loading is None, timeout=WAIT)  # read off the GUI thread
    assert _button(window.message, "newGame").text() == "&New game…"
    qtbot.mouseClick(_button(window.message, "newGame"), Qt.MouseButton.LeftButton)
    dlg = window.new_dialog
    assert isinstance(dlg, NewGameDialog) and dlg.isVisible()
    assert dlg.choice() == ("commit", None)  # the game asked for (it offered Newmarket)
    QTest.keyClick(dlg, Qt.Key.Key_Escape)
    prompt = window.view.prompt
    assert window.controller.session is None and prompt.isVisible()
    assert "is waiting" in prompt.label.text() and not _abandoned(tmp_path)
    qtbot.mouseClick(prompt.findChild(QPushButton, "newgame"), Qt.MouseButton.LeftButton)
    dlg = window.new_dialog
    assert isinstance(dlg, NewGameDialog) and dlg.isVisible()
    qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.session is not None, timeout=WAIT)
    assert not isinstance(window.message, QMessageBox) or not window.message.isVisible()
    kept = _abandoned(tmp_path)
    assert [replay(read_record(p)) for p in kept] == [expected]
    assert outcome(window.controller.session) != expected


# ---- 2. the game does not move on behind a window ---------------------------------------


OPENERS = {
    "new game": lambda w: w.new_action.trigger(),
    "open": lambda w: w.open_action.trigger(),
    "save as": lambda w: w.save_action.trigger(),
    "settings": lambda w: w.prefs_action.trigger(),
    "statistics": lambda w: w.stats_action.trigger(),
    "keyboard shortcuts": lambda w: w.show_keys(),
}


def _front_window(window: MainWindow) -> QDialog:
    for dlg in (
        window.file_dialog,
        window.open_chooser,
        window.new_dialog,
        getattr(window, "prefs_dialog", None),
        getattr(window, "stats_window", None),
        window.message,
    ):
        if dlg is not None and dlg.isVisible():
            return dlg
    raise AssertionError("no window is up")


class GatedAgent:
    """A computer player that answers only when the test opens its gate (on the worker
    thread), so a window can be opened while it thinks."""

    def __init__(self, inner, gate: threading.Semaphore) -> None:
        self.inner, self.gate = inner, gate

    def choose(self, game, obs, rng):
        self.gate.acquire(timeout=10)
        return self.inner.choose(game, obs, rng)


@pytest.mark.parametrize("opener", list(OPENERS))
def test_a_computers_decision_waits_behind_every_window(qtbot, tmp_path, opener):
    window = _window(qtbot, tmp_path)
    window.start()
    c = window.controller
    d = _my_turn(qtbot, window)
    gate = threading.Semaphore(0)
    c.agents = {s: GatedAgent(a, gate) for s, a in c.agents.items()}
    try:
        c.person.chose_card(d.actions[0].card)
        qtbot.waitUntil(lambda: c.state == "computer", timeout=WAIT)  # seat 1 thinks …
        n = len(c.session.logs[-1].actions)
        OPENERS[opener](window)  # … a window opens …
        front = _front_window(window)
        gate.release()  # … and seat 1 decides while it is up
        qtbot.waitUntil(lambda: c._held is not None, timeout=WAIT)
        assert len(c.session.logs[-1].actions) == n  # nothing was applied
        assert c.dialog is None
        front.reject()
        qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) > n, timeout=WAIT)
    finally:
        for _ in range(40):
            gate.release()


@pytest.mark.parametrize("opener", ["open", "settings"])
def test_no_computer_starts_behind_a_window(qtbot, tmp_path, opener):
    window = _window(qtbot, tmp_path)
    window.start()
    c = window.controller
    d = _my_turn(qtbot, window)
    n = len(c.session.logs[-1].actions)
    c.person.chose_card(d.actions[0].card)  # the computers are to play next …
    OPENERS[opener](window)  # … and a window opens before they are asked
    front = _front_window(window)
    qtbot.waitUntil(lambda: c._step_wanted, timeout=WAIT)
    assert len(c.session.logs[-1].actions) == n + 1 and c.state == "idle"
    front.reject()
    qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) > n + 1, timeout=WAIT)


def test_no_deal_over_window_behind_the_open_dialog(qtbot, tmp_path):
    """Ctrl+O after the person's last card: the deal ends only once the dialog closes."""
    window = _window(qtbot, tmp_path, seed=8)
    window.start()
    c = window.controller
    while True:
        d = _my_turn(qtbot, window)
        if c.session.deal.hands[0].bit_count() == 1:
            break
        c.person.chose_card(d.actions[0].card)
    c.person.chose_card(d.actions[0].card)
    window.open_action.trigger()
    dlg = window.open_chooser
    qtbot.waitUntil(lambda: c._held is not None or c._step_wanted, timeout=WAIT)
    assert c.state != "summary" and c.dialog is None
    assert not c.session.deal.over or c.dialog is None
    dlg.reject()
    qtbot.waitUntil(lambda: c.state == "summary" and c.dialog is not None, timeout=WAIT)


# ---- 5, 6. saving fails: said in a notice that stays -------------------------------------


def test_a_full_disk_is_said_once_and_what_was_saved_is_kept(qtbot, tmp_path, monkeypatch):
    _saved_game_with_progress(qtbot, tmp_path)
    saved = (tmp_path / persistence.AUTOSAVE).read_bytes()

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    window = _window(qtbot, tmp_path, seed=70)
    window.start(resume=True)
    _play_once(qtbot, window)
    _my_turn(qtbot, window)
    assert window.controller.keeper.flush_autosave()  # the writes (and their failures) are done
    qtbot.waitUntil(
        lambda: any(t.startswith("Games cannot be saved") for t in window.notices.texts()),
        timeout=WAIT,
    )
    texts = window.notices.texts()
    assert [t for t in texts if t.startswith("Games cannot be saved")] == [
        f"Games cannot be saved: No space left on device ({tmp_path}). You can play on; "
        "what was saved before is kept."
    ]
    assert (tmp_path / persistence.AUTOSAVE).read_bytes() == saved
    assert not list(tmp_path.glob("*.tmp"))


def test_a_notice_stays_until_dismissed(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    window.add_notice("Your statistics could not be read.")
    window.start()
    _play_once(qtbot, window)
    _my_turn(qtbot, window)  # many status lines later
    assert window.notices.texts() == ["Your statistics could not be read."]
    notice = window.notices.findChild(Notice)
    assert notice.isVisible()
    qtbot.mouseClick(notice.findChild(QPushButton, "dismiss"), Qt.MouseButton.LeftButton)
    assert window.notices.texts() == [] and not window.notices.isVisible()


# ---- 7. one table per data folder --------------------------------------------------------


def test_a_second_copy_may_quit(qtbot, tmp_path):
    holder = TableLock(tmp_path)
    assert holder.take() is LockState.TAKEN
    window = _window(qtbot, tmp_path)
    window.start()
    box = window.message
    assert box.windowTitle() == "Parlour is already open"
    qtbot.mouseClick(_button(box, "quit"), Qt.MouseButton.LeftButton)
    assert not window.isVisible() and window.controller.session is None
    holder.release()


def test_a_second_copy_that_goes_on_keeps_nothing(qtbot, tmp_path):
    first = _window(qtbot, tmp_path)
    first.start()  # holds the table
    _my_turn(qtbot, first)
    saved = (tmp_path / persistence.AUTOSAVE).read_bytes()
    second = _window(qtbot, tmp_path, seed=9)
    second.start()
    qtbot.mouseClick(_button(second.message, "playWithoutSaving"), Qt.MouseButton.LeftButton)
    _play_once(qtbot, second)
    _my_turn(qtbot, second)
    keeper = second.controller.keeper
    assert keeper.autosave_path is None and keeper.stats_path is None
    assert any("keeps no autosave and no statistics" in t for t in second.notices.texts())
    assert (tmp_path / persistence.AUTOSAVE).read_bytes() == saved


@pytest.mark.parametrize("damage", ["empty", "garbage", "folder"])
def test_a_damaged_lock_file_is_set_aside_and_the_saved_game_offered(qtbot, tmp_path, damage):
    """A lock file no running copy wrote (a power cut's leftover) never locks the player out:
    it is set aside like any damaged file, said in a notice, and the game is offered."""
    first = _window(qtbot, tmp_path)
    first.start()
    _my_turn(qtbot, first)
    assert first.controller.keeper.flush_autosave()
    first.lock.release()
    first.close()
    lock = tmp_path / "parlour.lock"
    lock.unlink(missing_ok=True)
    if damage == "folder":
        lock.mkdir()
    else:
        lock.write_bytes(b"" if damage == "empty" else b"\x00\xff not a lock\n")
    window = _window(qtbot, tmp_path, seed=9)
    window.start()
    qtbot.waitUntil(lambda: window.loading is None, timeout=WAIT)  # read off the GUI thread
    assert window.lock is not None and window.controller.keeper.autosave_path is not None
    aside = sorted(tmp_path.glob("parlour.lock.damaged-*"))
    assert len(aside) == 1 and aside[0].is_dir() == (damage == "folder")
    assert any(aside[0].name in text for text in window.notices.texts())
    assert window.offer is not None  # the saved game waits on the table, not hidden
    window.lock.release()


def test_leftover_temporary_files_are_removed_once_the_table_is_held(qtbot, tmp_path):
    own = [
        tmp_path / "autosave.parlour.json.k3j_x9.tmp",
        tmp_path / "statistics.json.a1.tmp",
        tmp_path / "autosave.parlour.table.json.zz.tmp",
    ]
    others = [tmp_path / "notes.tmp", tmp_path / "statistics.json.bak"]
    for p in own + others:
        p.write_text("x")
    window = _window(qtbot, tmp_path)
    window.start()
    assert [p.exists() for p in own] == [False] * 3
    assert [p.exists() for p in others] == [True, True]


def test_leftovers_stay_while_another_copy_holds_the_table(qtbot, tmp_path):
    holder = TableLock(tmp_path)
    assert holder.take() is LockState.TAKEN
    leftover = tmp_path / "autosave.parlour.json.k3j_x9.tmp"
    leftover.write_text("x")  # perhaps the other copy's write in progress
    window = _window(qtbot, tmp_path)
    window.start()
    qtbot.mouseClick(_button(window.message, "playWithoutSaving"), Qt.MouseButton.LeftButton)
    assert leftover.exists()
    holder.release()


# ---- 8. undo never goes back to a stake or split ------------------------------------------


def test_undo_does_not_go_back_to_a_split_GEN_9(qtbot, tmp_path):
    window = _window(qtbot, tmp_path, game="newmarket", seed=3)
    window.controller.auto_play = False  # the person's very first card is theirs to play
    window.start()
    c = window.controller
    _my_turn(qtbot, window)
    actions = list(c.session.logs[-1].actions)
    assert any(a.startswith("0 split") for a in actions)  # the person has split
    assert not any(
        a.split()[0] == "0" and "split" not in a and "stake" not in a for a in actions
    )  # and played no card yet
    window.undo_action.trigger()
    assert window.status_label.text() == "Nothing to undo in this deal."
    assert c.session.logs[-1].actions == actions


# ---- 3. remembered New Game choices that no longer validate -------------------------------


@pytest.mark.parametrize(
    "last, game, options, seats, dropped",
    [
        (
            {"game": "spinado", "options": {"nm.jokers": True, "sn.spinadoPayment": 3}},
            "spinado",
            {"sn.spinadoPayment": 3},
            None,
            "the house rule nm.jokers",
        ),
        (
            {"game": "spoil-five", "options": {}, "seats": [["Ann", True], "Ben", [3, False]]},
            "spoil-five",
            {},
            None,
            "the seats",
        ),
        (
            {
                "game": "newmarket",
                "options": {"nm.stake": "4", "gen.rounds": 2},
                "seats": [["Ann", 1, "hard"], ["Ben", False]],
            },
            "newmarket",
            {"gen.rounds": 2},
            None,
            "the house rule nm.stake, the seats",
        ),
        ({"game": "cribbage", "options": {"x": 1}}, "newmarket", {}, None, "the game"),
    ],
)
def test_remembered_choices_that_no_longer_fit_fall_back_to_defaults(
    qtbot, tmp_path, last, game, options, seats, dropped
):
    from gui.store import settings

    settings.settings().setValue("newgame/last", json.dumps(last))
    try:
        window = MainWindow(pace=0, seed=1, remember=True, autosave=tmp_path / persistence.AUTOSAVE)
        qtbot.addWidget(window)
        window.show()
        window.start()
        assert (window.game_name, window.options, window.seats) == (game, options, seats)
        assert window.controller.session.game.name == game
        assert window.notices.texts() == [
            f"Some of your last New Game choices no longer fit this version ({dropped}); "
            "their defaults are used."
        ]
    finally:
        settings.settings().clear()


# ---- 4. statistics that turn bad never block the end of a deal ----------------------------


def test_damaged_statistics_at_the_end_of_a_deal_are_set_aside(qtbot, tmp_path):
    window = _window(qtbot, tmp_path, game="spoil-five", seed=21)
    window.start()
    c = window.controller
    stats = tmp_path / persistence.STATISTICS
    bad = json.dumps({"games": {"Spoil Five": {"You": {"deals": "many"}}}}).encode()
    stats.write_bytes(bad)  # damaged while the table is open (another program)
    while c.state != "summary":
        d = _my_turn_or_summary(qtbot, window)
        if d is None:
            break
        c.person.chose_card(d.actions[0].card)
    qtbot.waitUntil(lambda: c.state == "summary" and c.dialog is not None, timeout=WAIT)
    assert c.keeper.flush_autosave()  # the statistics are written after the deal's autosave
    qtbot.waitUntil(
        lambda: any(
            t.startswith("Your statistics could not be read") for t in window.notices.texts()
        ),
        timeout=WAIT,
    )
    kept = list(tmp_path.glob(persistence.STATISTICS + ".damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == bad
    from gamecore import stats as gstats

    assert gstats.read(stats).player("Spoil Five", "You").deals == 1
    assert any(t.startswith("Your statistics could not be read") for t in window.notices.texts())


def _my_turn_or_summary(qtbot, window: MainWindow) -> PlayChoice | None:
    c = window.controller
    qtbot.waitUntil(
        lambda: (
            c.state == "summary"
            or (
                c.state == "human"
                and not c._timer.isActive()
                and isinstance(c.session.decision(), PlayChoice)
            )
        ),
        timeout=WAIT,
    )
    return None if c.state == "summary" else c.session.decision()


# ---- 4. a damaged journal: the moves that can be read, and the journal kept ------------------


def _journal_game(qtbot, folder) -> tuple[list[str], list[str]]:
    """A Newmarket game with three of the person's card decisions in its journal: the
    record's actions of the deal and the journal's lines after its header."""
    window = _window(qtbot, folder, game="newmarket", seed=3)
    window.start()
    for _ in range(3):
        _play_once(qtbot, window)
    _my_turn(qtbot, window)
    c = window.controller
    assert c.keeper.flush_autosave()
    window.lock.release()
    journal = persistence.journal_path(folder / persistence.AUTOSAVE)
    lines = journal.read_text(encoding="utf-8").split("\n")[1:-1]
    record = read_record(folder / persistence.AUTOSAVE)
    return list(record.deals[-1].actions), lines


@pytest.mark.parametrize("damage", ["bad-line", "bad-header", "folder"])
def test_a_damaged_journal_is_set_aside_and_its_good_moves_kept(qtbot, tmp_path, damage):
    base, lines = _journal_game(qtbot, tmp_path)
    assert len(lines) >= 3
    path = tmp_path / persistence.AUTOSAVE
    journal = persistence.journal_path(path)
    text = journal.read_text(encoding="utf-8").split("\n")
    if damage == "bad-line":
        text[2] = "0 XX"  # the second move: the first is still good
        journal.write_text("\n".join(text), encoding="utf-8")
        kept = [json.loads(lines[0])]
    elif damage == "bad-header":
        journal.write_text("\n".join(["garbage", *text[1:]]), encoding="utf-8")
        kept = []
    else:
        journal.unlink()
        journal.mkdir()
        kept = []
    checked = persistence.check_autosave(path)
    assert checked.writable and checked.saved is not None
    session, _meta = checked.saved
    assert list(session.logs[-1].actions) == base + kept
    aside = sorted(tmp_path.glob("autosave.parlour.journal.damaged-*"))
    assert len(aside) == 1 and not journal.exists()
    assert len(checked.notices) == 1 and aside[0].name in checked.notices[0]
    assert "could not all be read" in checked.notices[0]


def test_a_journal_of_another_record_is_set_aside(qtbot, tmp_path):
    """A journal naming another record (a crash between the record's rewrite and the
    journal's, or a record edited since) is not used: it is set aside with a notice, never
    left to be written over in silence."""
    base, lines = _journal_game(qtbot, tmp_path)
    path = tmp_path / persistence.AUTOSAVE
    journal = persistence.journal_path(path)
    text = journal.read_text(encoding="utf-8").split("\n")
    head = json.loads(text[0])
    head["record"] = "0" * 64
    journal.write_text("\n".join([json.dumps(head), *text[1:]]), encoding="utf-8")
    checked = persistence.check_autosave(path)
    assert checked.saved is not None
    assert list(checked.saved[0].logs[-1].actions) == base
    aside = sorted(tmp_path.glob("autosave.parlour.journal.damaged-*"))
    assert len(aside) == 1 and not journal.exists()
    assert checked.notices == [
        "The moves of your saved game's last deal could not all be read (its header names "
        "another record): none of its moves were used; the game goes on from the saved "
        f"record. The journal was set aside as {aside[0].name}."
    ]


def _partly_damaged(folder) -> Path:
    """A Newmarket record whose second deal stops at its fourth action (the third again)."""
    session = Session(make_game("newmarket", {"gen.rounds": 1}), ["Ann", "Dan", "Eve"], 0)
    play_session(session, random.Random(2), max_deals=1)
    session.start_deal_seeded(3)
    for _ in range(4):
        session.apply(session.decision().default_action())
    path = folder / "mine.parlour.json"
    persistence.save(session, path, persistence.TableMeta([True, False, False]))
    record = json.loads(path.read_text(encoding="utf-8"))
    record["deals"][1]["actions"][3] = record["deals"][1]["actions"][2]
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_a_damaged_files_notice_comes_only_once_it_is_opened(qtbot, tmp_path):
    """Open of a file that opens only in part, with a game at stake: nothing is said of
    the file while "Leave this game?" is asked, nor after "Keep playing"; once left, the
    notice says what was left out of the file opened."""
    path = _partly_damaged(tmp_path)
    window = _window(qtbot, tmp_path / "data")
    window.start()
    _play_once(qtbot, window)
    c = window.controller
    first = c.session
    window.open_file(path)
    qtbot.waitUntil(lambda: isinstance(window.message, QMessageBox), timeout=WAIT)
    box = window.message
    assert box.windowTitle() == "Leave this game?" and window.notices.texts() == []
    qtbot.mouseClick(_button(box, "keepPlaying"), Qt.MouseButton.LeftButton)
    assert c.session is first and window.notices.texts() == []
    # the file was read, not opened: the table's own line again, not an empty one
    assert window.status_label.text() == c.table_line != ""
    window.open_file(path)
    qtbot.waitUntil(
        lambda: isinstance(window.message, QMessageBox) and window.message is not box,
        timeout=WAIT,
    )
    qtbot.mouseClick(_button(window.message, "leave"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.session is not first, timeout=WAIT)
    kept, note = window.notices.texts()  # the game left, kept; then the file opened
    assert kept.startswith("Your game of ")
    assert note.startswith("mine.parlour.json is damaged at deal 2, action 4 ")


def test_keep_playing_keeps_the_new_games_choices_for_the_next_new_game(qtbot, tmp_path):
    """A tester filled in New Game (another game, five players), chose Deal, then Keep
    playing at "Leave this game?": New Game opened again on the table's own game, and
    everything had to be chosen again. The choices wait for the next New Game; once a
    game starts, New Game offers that game's."""
    from PySide6.QtWidgets import QComboBox, QSpinBox

    window = _window(qtbot, tmp_path)
    window.start()
    _play_once(qtbot, window)
    _my_turn(qtbot, window)
    window.new_action.trigger()
    dlg = window.new_dialog
    assert isinstance(dlg, NewGameDialog)
    game = dlg.findChild(QComboBox, "game")
    newmarket = game.findText("Newmarket")
    assert newmarket >= 0 and game.currentText() == "Spoil Five"
    game.setCurrentIndex(newmarket)
    dlg.findChild(QSpinBox, "players").setValue(5)
    qtbot.mouseClick(dlg.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(_button(window.message, "keepPlaying"), Qt.MouseButton.LeftButton)
    assert window.controller.session.game.name == "spoil-five"  # still the game at table

    window.new_action.trigger()
    again = window.new_dialog
    assert again is not dlg and isinstance(again, NewGameDialog)
    assert again.findChild(QComboBox, "game").currentText() == "Newmarket"
    assert again.findChild(QSpinBox, "players").value() == 5
    qtbot.mouseClick(again.findChild(QPushButton, "ok"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(_button(window.message, "leave"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.session.game.name == "newmarket", timeout=WAIT)
    assert window.new_game_draft is None and window.controller.session.n == 5
