"""Fair dealing shown, not claimed (deal-record format, "Version 2"): the fingerprint shown
before a deal matches the cards revealed after it; "deal again from another seat" deals the
same cards and changes no statistics."""

from __future__ import annotations

import hashlib
import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMenu, QPushButton

from gamecore import stats as gstats
from gamecore.cards import card_code
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import read_record
from gui.model import dealsummary
from gui.model.setup import Setup
from gui.play.seats import SeatKind
from gui.store import persistence
from gui.windows.dialogs import DealSummaryDialog
from gui.windows.mainwindow import MainWindow
from table_driver import first_cards_to_summary, window_with_autosave

WAIT = 20_000


def _window(qtbot, tmp_path) -> MainWindow:
    return window_with_autosave(qtbot, tmp_path, seed=11)


def _to_summary(qtbot, window: MainWindow) -> None:
    first_cards_to_summary(qtbot, window, WAIT)


def test_the_fingerprint_before_the_deal_matches_the_cards_after_it(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    c = window.controller
    c.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", True), SeatKind("Ben", False), SeatKind("Cat", False)],
        )
    )
    shown = window.fingerprint.text()
    assert shown.startswith("Fingerprint ") and len(shown.split()) == 5  # 4 groups of 4
    log = c.session.logs[-1]
    _to_summary(qtbot, window)
    summary = c.dialog.summary
    salt, sha = summary.fingerprint
    assert sha.startswith(shown.removeprefix("Fingerprint ").replace(" ", ""))
    assert hashlib.sha256(summary.fingerprint_text.encode()).hexdigest() == sha
    hands = summary.fingerprint_text.split("|")[2].split("/")
    assert hands == [" ".join(card_code(x) for x in sorted(h)) for h in log.hands]
    assert salt in summary.fingerprint_text
    # The saved game is a version-2 record carrying that fingerprint; the reader checks it.
    assert c.keeper.flush_autosave()
    record = read_record(tmp_path / persistence.AUTOSAVE)
    assert record.version == 2 and record.deals[0].fingerprint.sha256 == sha


def test_deal_again_from_another_seat_is_the_same_cards_and_no_statistics(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    c = window.controller
    c.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("Ann", True), SeatKind("Ben", False), SeatKind("Cat", False)],
            options={"gen.rounds": 2},
        )
    )
    _to_summary(qtbot, window)
    real = c.session
    dealt = [list(h) for h in real.logs[-1].hands]
    assert c.keeper.flush_autosave()
    stats_before = (tmp_path / persistence.STATISTICS).read_bytes()
    autosave_before = (tmp_path / persistence.AUTOSAVE).read_bytes()
    again = c.dialog.findChild(QPushButton, "dealAgain")
    assert again is not None and again.isVisible()
    menu = again.findChild(QMenu, "seats")
    assert [a.objectName() for a in menu.actions()] == ["seat_1", "seat_2"]  # not your own
    menu.findChild(type(menu.actions()[0]), "seat_1").trigger()  # Ben's seat
    practice = c.session
    assert practice is not real and practice.practice and c.practice.active
    assert practice.players[1] == "Ann" and c.human == 1  # the person now sits in seat 1
    assert [list(h) for h in practice.logs[0].hands] == dealt  # the very same cards
    assert practice.logs[0].dealer == real.logs[-1].dealer
    _to_summary(qtbot, window)
    next_button = c.dialog.findChild(QPushButton, "next")
    assert next_button.text() == "&Back to your game"
    qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.session is real and c.state == "summary", timeout=WAIT)
    assert c.keeper.flush_autosave()
    assert (tmp_path / persistence.STATISTICS).read_bytes() == stats_before
    assert (tmp_path / persistence.AUTOSAVE).read_bytes() == autosave_before
    assert gstats.read(tmp_path / persistence.STATISTICS).player("Newmarket", "Ann").deals == 1


def _spoil_five_finished() -> Session:
    """A fingerprinted Spoil Five deal played to its end by its first legal actions."""
    session = Session(make_game("spoil-five"), ["Ann", "Ben", "Cat", "Dan"], 0)
    session.start_deal_seeded(2024, fingerprinted=True)
    rng = random.Random(3)
    while session.deal_in_progress:
        session.apply(rng.choice(session.legal_actions()))
    return session


@pytest.mark.parametrize(
    ("reveal", "people"), [(False, 1), (True, 2)], ids=["setting-off", "several-people"]
)
def test_spoil_five_summary_keeps_the_salt_hidden_with_the_unplayed_cards(qtbot, reveal, people):
    """GEN-9: where the unplayed cards stay hidden, so does the salt: with it and the
    hash, trying the few deals the played cards leave open would give those cards away."""
    session = _spoil_five_finished()
    fp = session.fingerprint
    summary = dealsummary.deal_summary(session, reveal=reveal, people=people)
    assert summary.fingerprint == (None, fp.sha256) and summary.fingerprint_text == ""
    dlg = DealSummaryDialog(None, summary)
    qtbot.addWidget(dlg)
    text = dlg.findChild(QLabel, "fingerprint").text()
    assert fp.sha256 in text.replace(" ", "") and fp.salt not in text and "Salt" not in text
    assert fp.shown() in text  # the groups the status line showed before the deal
    assert dlg.findChild(QLabel, "fingerprintText") is None


def test_spoil_five_summary_shows_salt_and_cards_to_one_person_with_the_setting(qtbot):
    session = _spoil_five_finished()
    fp = session.fingerprint
    summary = dealsummary.deal_summary(session, reveal=True, people=1)
    assert summary.fingerprint == (fp.salt, fp.sha256)
    assert hashlib.sha256(summary.fingerprint_text.encode()).hexdigest() == fp.sha256
    dlg = DealSummaryDialog(None, summary)
    qtbot.addWidget(dlg)
    assert f"Salt: {fp.salt}" in dlg.findChild(QLabel, "fingerprintCheck").text()
    assert dlg.findChild(QLabel, "fingerprintText").text() == summary.fingerprint_text
