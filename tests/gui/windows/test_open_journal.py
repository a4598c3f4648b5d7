"""Game → Open and ``parlour review`` on a record whose journal cannot all be used: the good
moves are used, the person is told how many, and the journal is left where it is."""

from __future__ import annotations

import json

from PySide6.QtWidgets import QPushButton

from gui.app import cli
from gui.store import persistence
from journals import autosave
from table_driver import window_with_autosave

BASE, MOVES = 8, 10


def _saved_game(tmp_path, good: int, people: list[bool]):
    """``mine.parlour.json`` in ``tmp_path`` with a journal of ``good`` moves and then a
    refused one (the last good move again); returns the path and the journal's bytes."""
    game = autosave(BASE, MOVES)
    lines = [json.dumps(m) for m in game.moves[:good]] + [json.dumps(game.moves[good - 1])]
    path = tmp_path / "mine.parlour.json"
    path.write_bytes(game.record)
    journal = game.journal(lines)
    persistence.journal_path(path).write_bytes(journal)
    persistence.meta_path(path).write_text(json.dumps({"people": people, "allow_undo": True}))
    return path, journal


def test_open_says_how_many_moves_of_the_journal_it_used(qtbot, tmp_path):
    path, journal = _saved_game(tmp_path, 6, [True] * 4)  # people only: nothing plays on
    window = window_with_autosave(qtbot, tmp_path / "data")
    window.start()
    qtbot.waitUntil(lambda: window.controller.session is not None, timeout=10_000)
    window.open_file(path)
    qtbot.waitUntil(lambda: window.loading is None, timeout=20_000)
    if window.message is not None and window.message.isVisible():  # the game had progress
        window.message.findChild(QPushButton, "leave").click()
    # People only: the opened game goes straight to its privacy screen, whose line (never
    # the last person's) replaces "Opened mine.parlour.json." in the status line.
    qtbot.waitUntil(lambda: window.controller.privacy_up, timeout=10_000)
    name = window.controller.session.players[window.controller.pending_person]
    assert window.status_label.text() == f"Pass to {name} — click or press Space when ready"
    session = window.controller.session
    assert len(session.logs) == 1 and len(session.logs[-1].actions) == BASE + 6
    notes = [t for t in window.notices.texts() if t.startswith("The moves in mine.parlour")]
    assert len(notes) == 1
    assert "(its move 7 does not follow the saved game" in notes[0]
    assert notes[0].endswith(
        f"the game goes on after the first 6 of its moves ({BASE + 6} moves into deal 1). "
        "The journal was left as it is."
    )
    assert persistence.journal_path(path).read_bytes() == journal


def test_parlour_review_says_how_many_moves_of_the_journal_it_used(tmp_path, monkeypatch, capsys):
    path, journal = _saved_game(tmp_path, 3, [True, False, False, False])
    shown = []

    def run_review(session, deal, **kw):
        shown.append(len(session.logs[-1].actions))
        return 0

    import gui.windows.reviewwindow as reviewwindow

    monkeypatch.setattr(reviewwindow, "run_review", run_review)
    assert cli.main(["review", str(path)]) == 0
    assert shown == [BASE + 3]
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert err[0].startswith(
        "parlour review: The moves in mine.parlour.journal could not all be used (its move 4 "
        "does not follow the saved game ("
    )
    assert err[0].endswith(
        f"the game goes on after the first 3 of its moves ({BASE + 3} moves into deal 1). "
        "The journal was left as it is."
    )
    assert persistence.journal_path(path).read_bytes() == journal
