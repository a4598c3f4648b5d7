"""A long saved game never freezes the start: the window is up and handles events, with its
busy bar, while the autosave is read and replayed on a worker thread; the resume question,
or ``--resume``, follows once the game arrives. Waits on conditions, never on time."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox, QPushButton

from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import outcome, read_record, replay, save_record
from gui.store import persistence
from gui.windows.mainwindow import MainWindow

WAIT = 60_000
DEALS = 300  # a few hundred finished deals: replaying them takes the worker a while


def _long_saved_game(folder: Path) -> Path:
    """An autosave in ``folder`` of ``DEALS`` finished deals of Newmarket for four (of 400),
    each played by the first legal action; returns its path."""
    game = make_game("newmarket", {"gen.rounds": 100, "gen.allowDebt": True})
    session = Session(game, ["You", "Ben", "Cat", "Dan"], 0)
    for k in range(DEALS):
        session.start_deal_seeded(k)
        while not session.deal.over:
            d = session.decision()
            session.apply(d.actions[0] if isinstance(d, PlayChoice) else d.default_action())
    path = folder / persistence.AUTOSAVE
    save_record(session, path)
    return path


@pytest.mark.parametrize("resume", [False, True])
def test_a_long_saved_game_does_not_block_the_start(qtbot, tmp_path, monkeypatch, resume):
    path = _long_saved_game(tmp_path)
    expected = replay(read_record(path))
    replayed = threading.Event()  # set by the worker once the whole game is replayed
    # The worker waits until the window has ticked while it reads: a fast machine may replay
    # the game before the first tick, which would prove nothing either way.
    ticked = threading.Event()
    real_check = persistence.check_autosave

    def check(p: Path) -> persistence.Checked:
        ticked.wait(WAIT / 1000)
        try:
            return real_check(p)
        finally:
            replayed.set()

    monkeypatch.setattr(persistence, "check_autosave", check)
    window = MainWindow(pace=0, seed=1, autosave=path)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    seen: list[tuple[bool, bool, bool]] = []  # (visible, busy bar shown, replay done)

    def tick() -> None:
        if window.loading is not None:
            seen.append((window.isVisible(), window.busy.isVisible(), replayed.is_set()))
            ticked.set()

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(10)
    window.start(resume=resume)
    assert window.loading == path and window.controller.session is None  # not replayed here
    # nothing names a game yet, and nothing can start, open or change one meanwhile
    assert window.windowTitle() == "Parlour — reading your saved game"
    assert not window.new_action.isEnabled() and not window.open_action.isEnabled()
    assert not window.review_action.isEnabled() and not window.undo_action.isEnabled()
    assert window.stats_action.isEnabled() and window.rules_action.isEnabled()
    window.ask_new_game()  # refused while the game is at stake, and said so
    assert window.status_label.text() == (
        "Your saved game is being read: New Game can be chosen once it is open."
    )
    qtbot.waitUntil(lambda: window.loading is None, timeout=WAIT)
    timer.stop()
    # The event loop ran, the window shown with its busy bar, while the worker replayed.
    assert (True, True, False) in seen
    assert not window.busy.isVisible()
    assert window.new_action.isEnabled() and window.open_action.isEnabled()
    assert window.status_label.text() not in (  # not left saying so
        "Reading your saved game…",
        "Your saved game is being read: New Game can be chosen once it is open.",
    )
    c = window.controller
    if resume:
        assert c.session is not None and outcome(c.session) == expected
        assert not c.held  # nothing in front of the table
        assert window.windowTitle() == "Parlour — Newmarket: deal 300 of 400"
    else:
        box = window.message
        assert isinstance(box, QMessageBox)
        assert box.text() == f"Resume your game of Newmarket (deal {DEALS} of 400)?"
        assert c.session is None and c.held  # the question holds the table
        box.findChild(QPushButton, "resume").click()
        qtbot.waitUntil(lambda: c.session is not None, timeout=WAIT)
        assert outcome(c.session) == expected
