"""A data folder whose lock cannot be written at start-up: the notice says why (a full disk
is said to be one, not an unwritable folder), and the saved game is still offered for
resuming, left on disk as it was. The full disk is made by an ``os.fsync`` that fails with
``ENOSPC`` and a lock that cannot be taken (Qt writes the lock file itself)."""

from __future__ import annotations

import errno
import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from gamecore.decisions import PlayChoice
from gui.store import persistence
from gui.store.tablelock import LockState, TableLock
from gui.windows.mainwindow import MainWindow


def _window(qtbot, folder) -> MainWindow:
    window = MainWindow(pace=0, seed=4, autosave=folder / persistence.AUTOSAVE)
    qtbot.addWidget(window)
    window.game_name = "spoil-five"
    window.show()
    return window


def _saved_game(qtbot, folder) -> list[str]:
    """Play one decision of the person in a window, close it; the autosave's actions."""
    window = _window(qtbot, folder)
    window.start()
    c = window.controller

    def my_turn() -> bool:
        if c.state == "staking" and c.view.stake_panel.isVisible():
            c.view.stake_panel.accept()
            return False
        d = c.session.decision() if c.session is not None else None
        return c.state == "human" and isinstance(d, PlayChoice) and d.seat == 0

    qtbot.waitUntil(my_turn, timeout=10_000)
    c.person.chose_card(c.session.decision().actions[0].card)
    qtbot.waitUntil(lambda: len(c.session.logs[-1].actions) > 0)
    actions = list(c.session.logs[-1].actions)
    window.close()
    return actions


def _refuse(code: int):
    def fsync(_fd: int) -> None:
        raise OSError(code, os.strerror(code))

    return fsync


@pytest.mark.parametrize(
    ("code", "why"),
    [
        (errno.ENOSPC, "the disk is full (the data folder is {folder})"),
        (errno.EACCES, "the data folder {folder} is not writable"),
    ],
)
def test_an_unwritable_start_says_why_and_still_offers_the_saved_game(
    qtbot, tmp_path, monkeypatch, code, why
):
    actions = _saved_game(qtbot, tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    autosave = (tmp_path / persistence.AUTOSAVE).read_bytes()
    monkeypatch.setattr(os, "fsync", _refuse(code))
    monkeypatch.setattr(TableLock, "take", lambda self: LockState.UNUSABLE)
    window = _window(qtbot, tmp_path)
    window.start()
    qtbot.waitUntil(lambda: window.loading is None)  # the saved game is read off the GUI thread
    assert window.notices.texts() == [
        f"Games cannot be saved: {why.format(folder=tmp_path)}. You can play, but nothing is kept."
    ]
    assert window.offer is not None and window.offer[0].logs[-1].actions[: len(actions)] == actions
    resume = window.message.findChild(QPushButton, "resume")
    qtbot.mouseClick(resume, Qt.MouseButton.LeftButton)
    c = window.controller
    qtbot.waitUntil(lambda: c.session is not None and c.state in ("human", "computer", "staking"))
    assert c.session.logs[-1].actions[: len(actions)] == actions
    assert c.keeper.autosave_path is None and c.keeper.stats_path is None
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no probe left behind
    assert (tmp_path / persistence.AUTOSAVE).read_bytes() == autosave
