"""The review window through the real widgets (issue 18, points 1 to 4): a deal step by step
with exactly its cards, each seat's view, an unfinished deal only as the person saw it, the
play check off the GUI thread, the fingerprint; and ``parlour review FILE``."""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel

from gamecore.actions import Claim, Jink, Play, parse_action
from gamecore.agents.playcheck import action_words as playcheck_words
from gamecore.cards import card_label, cards_in, parse_card
from gamecore.events import Played
from gamecore.games import make_game
from gamecore.interface import STOPS
from gamecore.match import Session
from gamecore.record import dumps_record, load_record, read_record, replay_session
from gamecore.review import (
    SEVERAL_UNFINISHED,
    review_deal,
    show_rule,
    shown_table,
)
from gui.app.cli import review_target
from gui.model import dealsummary, reviewtext, tablewords
from gui.windows.reviewcheck import PlayCheckRun
from gui.windows.reviewwindow import ReviewWindow
from helpers import cards, play_session, played_conformance_folders, random_action
from paths import DATA, ROOT

WAIT = 20000  # ms: an upper bound for a small play check on a slow machine
#: The conformance folders of the games with card play: their hands are drawn as the play
#: leaves them (a game without play has its own review tests, test_matrimony_review.py).
FOLDERS = played_conformance_folders()


def _record(folder: str, name: str = "001.json"):
    return read_record(DATA / "conformance" / folder / name)


def _finished_record(folder: str):
    """The first record of ``folder`` whose first deal is finished (Michigan's 001 stops
    inside its deal)."""
    for path in sorted((DATA / "conformance" / folder).glob("[0-9][0-9][0-9].json")):
        expected = json.loads(path.with_suffix(".expected.json").read_text())
        if expected["deals"][0]["finished"]:
            return read_record(path)
    raise AssertionError(f"no finished first deal in {folder}")


def _window(qtbot, source, deal=None, *, people=(0,), person=0, reveal=False) -> ReviewWindow:
    win = ReviewWindow(None, source, deal, people=list(people), person=person, reveal=reveal)
    qtbot.addWidget(win)
    win.show()
    win.resize(1280, 800)
    qtbot.waitExposed(win)
    return win


def _drawn(win: ReviewWindow) -> set[int]:
    """The face-up cards the table draws (the fans of backs are not cards)."""
    return set(win.view.cards)


def _by_seat(win: ReviewWindow) -> dict[int, set[int]]:
    """The face-up cards of each seat's hand as drawn: the bottom seat's hand, the other
    seats' face-up fans."""
    snap = win.view.snapshot
    assert snap is not None
    out = {s: set(c) for s, c in snap.revealed.items()}
    out[snap.bottom] = set(snap.hand)
    assert all(set(win.view.cards) >= cs for cs in out.values())
    return out


def _public(review, k: int) -> set[int]:
    """What lies face up on the table at step ``k`` for everyone, from the engine's state:
    the played cards (stops, the widow's cards its taker played included) or the trick in
    progress, the last trick and the turn-up not robbed (Spoil Five)."""
    state = review.state(k)
    if review.game.family == STOPS:
        # The engine's played cards, not each seat's dealt cards less its hand: in Michigan
        # the widow's taker plays cards he was never dealt (MI-7, MI-8).
        return set(cards_in(state.played))
    out = {c for _, c in state.trick}
    if state.tricks:
        out |= {c for _, c in state.tricks[-1].cards}
    if state.robbed_by is None:
        out.add(state.turnup)
    return out


def _expected(review, k: int, rule, bottom: int) -> tuple[dict[int, set[int]], set[int]]:
    shown = shown_table(review, k, rule)
    hands = {s: set(cards_in(h)) for s, h in enumerate(shown.hands)}
    table = set().union(*hands.values()) | _public(review, k)
    if review.game.family == STOPS:
        table |= set(cards_in(shown.stock))
    else:
        discard = reviewtext.discard_drawn(review, shown)
        table |= set() if discard is None else {discard}
    return {s: cs for s, cs in hands.items() if cs or s == bottom}, table


# ---- point 1: a deal of every game, step by step ---------------------------------------


@pytest.mark.parametrize("reveal", [True, False], ids=["reveal", "hidden"])
@pytest.mark.parametrize("folder", FOLDERS)
def test_a_recorded_deal_steps_to_the_end_and_back_with_exactly_its_cards(qtbot, folder, reveal):
    record = _finished_record(folder)
    win = _window(qtbot, record, reveal=reveal)
    review = win.review
    assert review is not None and review.finished
    number = reviewtext.first_review_deal(replay_session(record))
    assert review.number == number and win.deal_box.currentData() == number
    assert win.seat_box.isEnabled() and win.seat_box.currentData() is None  # whole table
    rule = show_rule(True, review.game.family, 1, reveal, None, 0)
    entry = record.deals[number - 1]
    stops = review.game.family == STOPS
    if stops or reveal:
        # Before the first decision every dealt card of the record is face up, and the
        # stock of a stops game.
        win.go(0)
        assert _by_seat(win) == {s: set(h) for s, h in enumerate(entry.hands)}
        if stops:
            assert _drawn(win) == set().union(*map(set, entry.hands)) | set(entry.stock)
    seen_steps = []

    def check(k: int) -> None:
        assert win.step == k and win.slider.value() == k
        hands, table = _expected(review, k, rule, win.bottom())
        assert _by_seat(win) == hands, k
        assert _drawn(win) == table, k
        snap = win.view.snapshot
        assert [sv.balance for sv in snap.seats] == list(review.steps[k].balances)
        assert [pv.amount for pv in snap.pools] == list(review.steps[k].pools)
        seen_steps.append(k)

    win.slider.setFocus()
    qtbot.keyClick(win.slider, Qt.Key.Key_Home)
    check(0)
    for k in range(1, review.last + 1):
        qtbot.keyClick(win.view.viewport(), Qt.Key.Key_Right)
        check(k)
    qtbot.keyClick(win.slider, Qt.Key.Key_Right)  # no step beyond the last
    check(review.last)
    for k in range(review.last - 1, -1, -1):
        qtbot.mouseClick(win.back_btn, Qt.MouseButton.LeftButton)
        check(k)
    qtbot.keyClick(win.deal_box, Qt.Key.Key_End)
    check(review.last)
    assert seen_steps.count(review.last) == 3
    # the end: the deal's result in words, from the engine
    text = win.step_text.toPlainText()
    assert "The deal is over" in text
    if not stops and not reveal:
        assert "Face-down cards stay hidden: they were never played." in text


def test_each_step_names_its_choices_its_action_and_why(qtbot):
    record = _record("newmarket")
    win = _window(qtbot, record)
    review = win.review
    k = next(
        s.index
        for s in review.steps
        if s.action is not None and s.index and len(s.legal_actions) > 1
    )
    win.go(k)
    step = review.steps[k]
    text = win.step_text.toPlainText()
    names = tablewords.spoken(list(review.players), [0])
    assert f"Step {k} of {review.last}" in text
    who = names[step.seat]
    assert f"{who} to play." in text
    assert (
        "Choices: "
        + ", ".join(
            playcheck_words(a, review.observation(k, step.seat), review.game)
            for a in step.legal_actions
        )
        + "."
        in text
    )
    assert f"Taken: {card_label(step.action.card)}" in text
    from gamecore.explain import scene_before
    from gui.model.ledger import event_sentences

    for sentence in event_sentences(
        [step.events], scene_before(review.state(k - 1), names, show_stock=True)
    ):
        assert tablewords.plain_words(sentence) in text  # without its rule ids
    # the acting seat's legal cards are raised when it sits at the bottom
    win.choose_seat(step.seat)
    assert win.view.snapshot.playable == {a.card for a in step.legal_actions}


def test_the_deal_chooser_lists_every_deal_and_the_slider_moves(qtbot):
    record = _record("newmarket", "002.json")  # four finished deals, then one unfinished
    session = replay_session(record)
    win = _window(qtbot, record)
    assert [win.deal_box.itemData(i) for i in range(win.deal_box.count())] == list(
        range(1, len(session.logs) + 1)
    )
    assert win.deal_box.itemText(4).endswith("unfinished")
    win.deal_box.setCurrentIndex(2)
    assert win.review.number == 3 and win.step == 0
    win.slider.setValue(5)
    assert win.step == 5
    assert win.step_label.text() == f"5 / {win.review.last}"


# ---- point 2: what each player saw --------------------------------------------------------


def _seen_by(review, k: int, seat: int) -> set[int]:
    """Every card ``seat`` could see at step ``k``, from its observation (GEN-9)."""
    obs = review.observation(k, seat)
    out = set(cards_in(obs.hand))
    if review.game.family == STOPS:
        out |= set(cards_in(obs.played))
        out |= set(cards_in(getattr(obs, "seen", 0)))  # the dead hand its taker gave up
        if obs.turnup is not None:
            out.add(obs.turnup)
    else:
        out |= {c for _, c in obs.trick} | {c for t in obs.tricks for _, c in t.cards}
        if obs.robbed_by is None:
            out.add(obs.turnup)
    return out


@pytest.mark.parametrize("folder", FOLDERS)
def test_a_seats_view_shows_no_card_that_seat_could_not_see(qtbot, folder):
    # Michigan's: a deal whose widow was taken; no seat's view shows the widow or the dead
    # hand but the taker's own new hand (MI-7, MI-8, GEN-9)
    record = _finished_record(folder)
    win = _window(qtbot, record, reveal=True)
    review = win.review
    labels = {c: card_label(c) for c in range(52)}
    for seat in range(len(review.players)):
        win.seat_box.setCurrentIndex(win.seat_box.findData(seat))
        assert win.viewpoint == seat and win.bottom() == seat
        for k in range(len(review)):
            win.go(k)
            k = win.step  # a seat's view passes over another seat's private offer (CM-10)
            snap = win.view.snapshot
            obs = review.observation(k, seat)
            assert snap.revealed == {} and set(snap.hand) == set(cards_in(obs.hand))
            assert _drawn(win) <= _seen_by(review, k, seat), (seat, k)
            assert [sv.count for sv in snap.seats] == list(obs.hand_counts)
            # the words name no card of another hand, but the one played next
            state, text = review.state(k), win.step_text.toPlainText()
            nxt = review.steps[k].action
            hidden = {
                c for s in range(len(review.players)) if s != seat for c in cards_in(state.hands[s])
            } - {getattr(nxt, "card", None)}
            named = {c for c in hidden if re.search(rf"(?<![0-9]){re.escape(labels[c])}", text)}
            assert not named, (seat, k, [labels[c] for c in named])


# ---- an unfinished deal ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["newmarket/020.json", "spoil-five/026.json"])
def test_an_unfinished_deal_is_only_seen_as_the_persons_seat_saw_it(qtbot, name):
    folder, file = name.split("/")
    record = _record(folder, file)
    win = _window(qtbot, record, person=1, people=[1], reveal=True)
    review = win.review
    assert not review.finished
    assert not win.seat_box.isEnabled() and win.seat_box.count() == 1
    assert win.seat_box.currentData() == 1 and win.viewpoint == 1
    win.choose_seat(None)  # no choice of seat: nothing changes
    assert win.viewpoint == 1
    for k in range(len(review)):
        win.go(k)
        snap = win.view.snapshot
        assert snap.bottom == 1 and snap.revealed == {}
        assert set(snap.hand) == set(cards_in(review.observation(k, 1).hand))
        assert _drawn(win) <= _seen_by(review, k, 1)
        assert snap.stock_cards == ()
    # nothing face up beyond that, whatever the reveal setting
    assert "Salt" not in win.fingerprint.toPlainText()


def test_with_several_people_an_unfinished_deal_cannot_be_reviewed(qtbot):
    record = _record("newmarket", "002.json")
    win = _window(qtbot, record, 5, people=[0, 1], person=None, reveal=True)
    assert win.review is None
    assert win.refused.text() == SEVERAL_UNFINISHED + "."
    assert not win.view.isVisible() and not win.slider.isEnabled()
    assert not win.seat_box.isEnabled()
    model = win.deal_box.model()
    assert isinstance(model, QStandardItemModel)
    assert [model.item(i).isEnabled() for i in range(5)] == [True] * 4 + [False]
    win.deal_box.setCurrentIndex(0)  # a finished deal: reviewed, with a choice of seat
    assert win.review is not None and win.review.number == 1 and win.view.isVisible()
    assert win.seat_box.isEnabled()


def test_spoil_five_with_several_people_keeps_unplayed_cards_hidden_even_with_reveal(qtbot):
    record = _record("spoil-five")
    win = _window(qtbot, record, people=[0, 1], person=None, reveal=True)
    review = win.review
    win.go(0)
    public = [review.played_by[s] for s in range(len(review.players))]
    assert all(set(cs) <= set(cards_in(public[s])) for s, cs in _by_seat(win).items())
    assert win.check_seat() is None and not win.check_btn.isEnabled()


# ---- point 3: the play check ----------------------------------------------------------------


def _jinked_session() -> Session:
    """The engine tests' known position (tests/gamecore/test_playcheck.py): Spoil Five, three
    players, diamonds trumps, no robbing; you win tricks 1-3 with 5♦, J♦, ♥A and hold the
    two worst hearts. Claiming takes the pool of 3 for sure (SF-31): Hard claims. Here you
    jinked, and lost the jink."""
    game = make_game("spoil-five", {"sf.robbing": "off"})
    hands = [cards("5D JD AH 2H 3H"), cards("2S 3S 4S 6S 7S"), cards("2C 3C 4C 5C 6C")]
    held = {c for h in hands for c in h} | {parse_card("2D")}
    session = Session(game, ["You", "Ben", "Cat"], 2)
    session.start_deal(hands, [c for c in range(52) if c not in held], parse_card("2D"))
    for lead, b, c in (("5D", "2S", "2C"), ("JD", "3S", "3C"), ("AH", "4S", "4C")):
        session.apply(Play(0, parse_card(lead)))
        session.apply(Play(1, parse_card(b)))
        session.apply(Play(2, parse_card(c)))
    session.apply(Jink(0))
    while session.deal_in_progress:
        session.apply(session.legal_actions()[0])
    return session


def _wait_idle(qtbot) -> None:
    qtbot.waitUntil(lambda: not PlayCheckRun._running, timeout=WAIT)


def test_the_play_check_names_hards_choice_where_it_is_known(qtbot, monkeypatch):
    monkeypatch.setattr(ReviewWindow, "check_iterations", 300)
    session = _jinked_session()
    win = _window(qtbot, session, 1, people=[0], person=0, reveal=False)
    win.tabs.setCurrentIndex(1)
    assert win.check_seat() == 0 and win.check_btn.isEnabled()
    qtbot.mouseClick(win.check_btn, Qt.MouseButton.LeftButton)
    # three leads, the jink, and the lead of trick 4 from 2♥ 3♥
    assert win.progress.maximum() == 5
    qtbot.waitUntil(lambda: win.run is None, timeout=WAIT)
    assert win.progress.value() == 5 and win.run is None
    assert win.check_list.count() == 5
    jink_step = next(s.index for s in win.review.steps if isinstance(s.action, Jink))
    assert [r.step for r in win.results] == [0, 3, 6, jink_step, jink_step + 1]
    result = win.results[3]
    assert result.preferred == Claim(0) and result.taken == Jink(0)
    assert result.words.startswith("your jink: Hard prefers claim, +")
    item = win.check_list.item(3)
    assert item.text() == f"Step {jink_step}: {result.words}"
    assert win.check_status.text().startswith("Done: Hard agrees with ")
    win.go(0)
    rect = win.check_list.visualItemRect(item)
    qtbot.mouseClick(win.check_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert win.step == jink_step  # selecting a result shows its step
    _wait_idle(qtbot)


def test_the_play_check_can_be_cancelled(qtbot, monkeypatch):
    monkeypatch.setattr(ReviewWindow, "check_iterations", 400)
    session = Session(make_game("newmarket"), ["You", "Ben", "Cat"], 0)
    rng = random.Random(6)
    session.start_deal_seeded(6)
    while session.deal_in_progress:
        session.apply(random_action(session.decision(), rng))
    win = _window(qtbot, session, 1)
    win.tabs.setCurrentIndex(1)
    qtbot.mouseClick(win.check_btn, Qt.MouseButton.LeftButton)
    run = win.run
    assert run is not None and run.total >= 3
    qtbot.mouseClick(win.cancel_btn, Qt.MouseButton.LeftButton)
    assert run.cancelled and win.run is None
    assert win.check_btn.isEnabled() and not win.cancel_btn.isEnabled()
    assert win.check_status.text().startswith("Cancelled after ")
    _wait_idle(qtbot)  # the worker stops before its next decision
    assert len(win.results) < run.total


def test_closing_the_window_stops_the_check(qtbot, monkeypatch):
    monkeypatch.setattr(ReviewWindow, "check_iterations", 400)
    record = _record("pope-joan-f")
    win = _window(qtbot, record)
    seat = win.check_seat()
    assert seat == 0
    qtbot.mouseClick(win.check_btn, Qt.MouseButton.LeftButton)
    run = win.run
    if run is None:  # the deal gave seat 0 no choice: nothing to stop
        assert "no card decision" in win.check_status.text()
        return
    win.close()
    assert run.cancelled
    _wait_idle(qtbot)


# ---- point 4: the fingerprint -----------------------------------------------------------


def _fingerprinted(finished: bool) -> Session:
    session = Session(make_game("newmarket"), ["You", "Ben", "Cat"], 0)
    rng = random.Random(3)
    session.start_deal_seeded(11, fingerprinted=True)
    for _ in range(12 if not finished else 10**4):
        if not session.deal_in_progress:
            break
        session.apply(random_action(session.decision(), rng))
    return session


def test_a_finished_deal_shows_its_salt_hash_and_cards_and_how_to_check(qtbot):
    session = _fingerprinted(True)
    record = load_record(dumps_record(session))  # version 2, read back and checked
    fp = session.logs[0].fingerprint
    win = _window(qtbot, record)
    text = win.fingerprint.toPlainText()
    assert fp.salt in text and fp.sha256 in text and fp.shown() in text
    hashed = next(line for line in text.splitlines() if line.startswith("parlour-deal|"))
    assert hashlib.sha256(hashed.encode("utf-8")).hexdigest() == fp.sha256
    assert "sha256sum" in text and "It matches" in text


def test_an_unfinished_deal_shows_the_hash_only(qtbot):
    session = _fingerprinted(False)
    assert session.deal_in_progress
    fp = session.logs[0].fingerprint
    win = _window(qtbot, session, 1)
    text = win.fingerprint.toPlainText()
    assert fp.sha256 in text and fp.salt not in text and "parlour-deal|" not in text
    assert "once the deal is over" in text


def test_a_deal_without_a_fingerprint_says_so(qtbot):
    win = _window(qtbot, _record("spinado"))
    assert win.fingerprint.toPlainText().startswith("This deal has no fingerprint")


# ---- parlour review FILE -------------------------------------------------------------------


def _cli(args: list[str], tmp_path) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        PARLOUR_DATA_DIR=str(tmp_path / "d"),
        XDG_CONFIG_HOME=str(tmp_path / "c"),
    )
    code = (
        "import sys; from gui.app.cli import main; rc = main(sys.argv[1:]); "
        "print('qt' if 'PySide6' in sys.modules else 'no qt'); sys.exit(rc)"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _unfinished_with_two_people(tmp_path) -> Path:
    path = tmp_path / "hot.parlour.json"
    path.write_bytes((DATA / "conformance" / "newmarket" / "020.json").read_bytes())
    n = len(json.loads(path.read_text())["players"])
    (tmp_path / "hot.parlour.table.json").write_text(
        json.dumps({"people": [True, True] + [False] * (n - 2), "allow_undo": False})
    )
    return path


@pytest.mark.parametrize("case", ["not json", "wrong hash", "missing", "hot seat"])
def test_parlour_review_of_a_bad_file_exits_2_with_one_line(tmp_path, case):
    if case == "not json":  # broken inside, not cut short (a cut file opens up to the cut)
        text = (DATA / "conformance" / "newmarket" / "001.json").read_text()
        path = tmp_path / "broken.json"
        path.write_text(text.replace('"players"', '"players" "', 1))
        want = "parlour review: the file is damaged"
    elif case == "wrong hash":
        data = json.loads(dumps_record(_fingerprinted(True)))
        data["deals"][0]["fingerprint"]["sha256"] = "0" * 64
        path = tmp_path / "x.parlour.json"
        path.write_text(json.dumps(data))
        want = "parlour review: deal 1: fingerprint does not match its cards"
    elif case == "missing":
        path = tmp_path / "nothing.parlour.json"
        want = f"parlour review: cannot read {path}"
    else:
        path = _unfinished_with_two_people(tmp_path)
        want = "parlour review: deal 1: with several people at one screen only a finished"
    done = _cli(["review", str(path)], tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(want), lines
    assert done.stdout.strip() == "no qt"  # refused before any window (or Qt) opens


def test_parlour_review_opens_the_first_finished_deal_or_the_persons_view(tmp_path):
    path = DATA / "conformance" / "newmarket" / "002.json"
    session, deal, people, person, reveal = review_target(str(path))
    assert (deal, people, person, reveal) == (1, [], 0, True)  # no side file: nobody known
    session, deal, people, person, reveal = review_target(
        str(DATA / "conformance" / "newmarket" / "020.json")
    )
    assert deal == 1 and not session.logs[0].finished and person == 0
    hot = _unfinished_with_two_people(tmp_path)
    hot.write_bytes(path.read_bytes())  # a finished first deal: reviewed by both
    n = len(json.loads(path.read_text())["players"])
    (tmp_path / "hot.parlour.table.json").write_text(
        json.dumps({"people": [True, True] + [False] * (n - 2), "allow_undo": False})
    )
    _, deal, people, person, reveal = review_target(str(hot))
    assert (deal, people, person, reveal) == (1, [0, 1], None, False)


def test_the_window_parlour_review_opens(qtbot):
    """The window ``parlour review`` opens for an unfinished deal: the person's own view."""
    session, deal, people, person, reveal = review_target(
        str(DATA / "conformance" / "spoil-five" / "026.json")
    )
    win = _window(qtbot, session, deal, people=people, person=person, reveal=reveal)
    assert win.review.number == deal and win.viewpoint == 0 and not win.seat_box.isEnabled()
    assert review_deal(session, deal).last == win.review.last
    # A record without its side file: seat 0's view, but nobody at this screen is "You".
    assert win.words == list(session.players) and "You" not in win.words


def _no_choice_for_you() -> Session:
    """A Spinado deal of seven in which seat 0 ("You") never had a card decision with a
    choice (the first such seed)."""
    from gamecore.agents.playcheck import checkable_steps

    game = make_game("spinado")
    for seed in range(200):
        session = Session(game, ["You", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"], 0)
        session.start_deal_seeded(seed)
        rng = random.Random(seed)
        while session.deal_in_progress:
            session.apply(random_action(session.decision(), rng))
        if not checkable_steps(review_deal(session, 1), 0):
            return session
    pytest.fail("every deal gave seat 0 a choice")


def test_a_deal_without_a_choice_says_so_before_any_check_and_counts_nothing(qtbot):
    """Issue 24: the tab said "0 of 1 decisions" before the check had run, beside "There is
    no card decision with a choice to check in this deal"."""
    win = _window(qtbot, _no_choice_for_you(), 1)
    win.tabs.setCurrentIndex(1)
    assert win.check_seat() == 0
    assert win.check_status.text() == (
        "There is no card decision with a choice to check in this deal."
    )
    assert not win.check_btn.isEnabled()
    assert not win.progress.isVisible()


def test_the_decisions_are_counted_only_once_the_check_runs(qtbot, monkeypatch):
    monkeypatch.setattr(ReviewWindow, "check_iterations", 300)
    win = _window(qtbot, _jinked_session(), 1, people=[0], person=0, reveal=False)
    win.tabs.setCurrentIndex(1)
    assert win.check_btn.isEnabled() and win.check_status.text() == ""
    assert not win.progress.isVisible()
    qtbot.mouseClick(win.check_btn, Qt.MouseButton.LeftButton)
    assert win.progress.isVisible() and win.progress.maximum() == 5
    qtbot.waitUntil(lambda: win.run is None, timeout=WAIT)
    assert win.progress.isVisible() and win.progress.text() == "5 of 5 decisions"
    _wait_idle(qtbot)


def test_the_review_reads_plainly_and_says_you_deal(qtbot):
    """Issue 24: no rule ids such as "(GEN-9)" in the review's sentences, and "You deal" in
    the deal chooser (it read "Deal 2 · You deals")."""
    rule_id = re.compile(r"\([A-Z]{2,4}(-[A-Z])?-\d+")
    session = Session(make_game("pope-joan", {"pj.profile": "C"}), ["You", "Ben", "Cat"], 0)
    rng = random.Random(2)
    for seed in (5, 6):
        session.start_deal_seeded(seed)
        while session.deal_in_progress:
            session.apply(random_action(session.decision(), rng))
    win = _window(qtbot, session, 1)
    labels = [win.deal_box.itemText(i) for i in range(win.deal_box.count())]
    assert labels == ["Deal 1 · You deal · finished", "Deal 2 · Ben deals · finished"]
    for seat in (None, 0):
        win.choose_seat(seat)
        for k in range(win.review.last + 1):
            win.go(k)
            text = win.step_text.toPlainText()
            assert not rule_id.search(text), (k, text)
    win.choose_seat(None)
    win.go(0)
    text = win.step_text.toPlainText()
    assert "1 on the King pool" in text  # the dealer's stakes in one sentence
    assert text.count(", your stake as dealer, paid before the cards are seen.") == 1


def test_michigans_auction_is_named_step_by_step(qtbot):
    """MI-7, MI-8: the Step tab names the widow's choice, each bid and each pass (it read
    "Choices: ." and "Taken: pass (keep the )." at a bid)."""
    game = make_game("michigan")
    session = Session(game, ["You", "Ben", "Cat", "Dan"], 3)
    session.start_deal_from_deck(list(range(52)))
    for text in ("3 auction", "0 bid 2", "1 pass"):
        session.apply(parse_action(text, game.pools, passes=True, widow=True))
    win = _window(qtbot, session, 1)
    win.go(0)
    assert "Taken: auction the widow." in win.step_text.toPlainText()
    win.go(1)
    text = win.step_text.toPlainText()
    assert "You to bid for the widow or pass." in text
    assert "Choices: a bid of 1 or more, or pass (out of the auction)." in text
    assert "Taken: bid 2." in text
    win.go(2)
    assert "Taken: pass (out of the auction)." in win.step_text.toPlainText()


def test_a_seats_view_counts_only_its_own_steps_so_no_commit_offer_shows(qtbot):
    """CM-10 and GEN-9: another seat's offer of the Commit is private. A seat's view passes
    over it, and its step count and slider pass over it too: "4 / 30" then "5 / 30", never a
    gap that tells an offer was made. The whole table counts every step."""
    win = _window(qtbot, _record("commit", "005.json"), reveal=True)
    review = win.review
    # seat -1 is nobody: every offer is to "another"
    offered = {review.steps[k].seat for k in range(review.last) if review.private_to_another(k, -1)}
    seat = next(s for s in range(len(review.players)) if s not in offered)
    seen = review.steps_seen(seat)
    assert len(seen) < len(review)  # the deal has an offer to someone else
    win.seat_box.setCurrentIndex(win.seat_box.findData(seat))
    win.go(0)
    n = len(seen) - 1
    labels, headings, steps = [], [], []
    while True:
        labels.append(win.step_label.text())
        text = win.step_text.toPlainText()
        headings.append(text.splitlines()[0])
        steps.append(win.step)
        # a card played just before another's offer is told at the step after it
        before = steps[-2] if len(steps) > 1 else 0
        for j in range(before + 1, win.step + 1):
            for e in review.steps[j].events:
                if isinstance(e, Played):
                    assert card_label(e.card) in text, (win.step, j, card_label(e.card))
        if not win.forward_btn.isEnabled():
            break
        qtbot.mouseClick(win.forward_btn, Qt.MouseButton.LeftButton)
    assert steps == list(seen)
    assert labels == [f"{i} / {n}" for i in range(n + 1)]
    assert [h.split(":")[0] for h in headings] == [f"Step {i} of {n}" for i in range(n + 1)]
    assert win.slider.maximum() == n
    win.slider.setValue(n - 1)
    assert win.step == seen[n - 1]
    win.choose_seat(None)  # the whole table: every step
    assert win.slider.maximum() == review.last and win.step == seen[n - 1]
    assert win.step_label.text() == f"{seen[n - 1]} / {review.last}"


def test_another_deal_keeps_the_seat_whose_view_was_chosen(qtbot):
    """Choosing another deal keeps the seat's view chosen (it went back to the whole
    table), where that deal offers a choice of seat."""
    win = _window(qtbot, _record("commit", "005.json"), reveal=True)
    finished = [
        i for i in range(win.deal_box.count()) if win.deal_box.itemText(i).endswith("finished")
    ]
    assert len(finished) >= 2
    win.choose_seat(2)
    assert win.viewpoint == 2
    win.deal_box.setCurrentIndex(finished[1])
    assert win.review.number == win.deal_box.itemData(finished[1])
    assert win.viewpoint == 2 and win.seat_box.currentData() == 2
    win.choose_seat(None)
    win.deal_box.setCurrentIndex(finished[0])
    assert win.viewpoint is None


def test_parlour_review_says_it_is_reading_a_long_record_first(tmp_path):
    """A record of a megabyte or more takes seconds to replay before any window: a line
    says so first (here a padded record with no deal, refused once read)."""
    record = json.loads((DATA / "conformance" / "newmarket" / "002.json").read_text())
    record["deals"] = []
    path = tmp_path / "long.parlour.json"
    path.write_text(json.dumps(record) + " " * (1 << 20), encoding="utf-8")
    done = _cli(["review", str(path)], tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert lines[0] == "parlour review: reading long.parlour.json (1.0 MB)…"
    assert lines[1:] == ["parlour review: deals: must be a non-empty list"]
    assert done.stdout.strip() == "no qt"


def test_the_dead_hand_shown_face_up_keeps_clear_of_the_round_boards_names(qtbot):
    """Pope Joan's classic board in the review at 800×600: the dead hand, face up at the
    end of the deal, spread leftwards over the "Matrimony" name. The board keeps to the
    left of it, and its names are still whole."""
    win = _window(qtbot, _finished_record("pope-joan-c"), reveal=True)
    win.resize(800, 600)
    win.go(len(win.review) - 1)  # the deal over: the whole table shows the stock
    view = win.view
    qtbot.waitUntil(lambda: view.layout_ is not None and view.snapshot is not None, timeout=5000)
    qtbot.waitUntil(lambda: view.layout_.width == view.viewport().width(), timeout=5000)
    stock = view.snapshot.stock_cards
    assert stock and view.board.isVisible()
    cards = [view.cards[c].sceneBoundingRect() for c in stock]
    board = view.board
    for name in board.label_rects():
        box = board.mapRectToScene(name)
        assert not any(box.intersects(r) for r in cards), box
    assert all(board.rect.contains(r) for r in board.label_rects())  # whole, in its place


def test_the_turn_up_lies_on_top_of_the_stock_shown_face_up_and_is_named(qtbot):
    """Pope Joan's trump layout after the deal: the whole dead hand face up, the turn-up
    (trumps, PJ-22) was one card among the others. It lies last, on top, and is named."""
    win = _window(qtbot, _finished_record("pope-joan-m"), reveal=True)
    win.go(len(win.review) - 1)
    snap = win.view.snapshot
    turnup = win.review.state(0).turnup
    assert turnup is not None and snap.stock_cards[-1] == turnup
    assert snap.card_notes[turnup] == "the turn-up"
    assert win.view.cards[turnup].accessible_name().endswith(", the turn-up")


def test_at_its_smallest_the_review_keeps_a_table_the_board_fits_on_an_800_screen(qtbot):
    """Shrunk as far as it goes, the review's table keeps 500 × 340 pixels (at 420 × 320
    a classic board's names ran into its disc), and the window still fits a screen 800
    pixels wide."""
    session = Session(make_game("pope-joan", {"pj.profile": "C"}), ["You", "Ben", "Cat"], 0)
    session.start_deal_from_deck(list(range(52)))
    win = _window(qtbot, session, 1)
    win.resize(100, 100)
    qtbot.waitUntil(lambda: win.width() < 1280, timeout=5000)
    assert win.view.width() >= 500 and win.view.height() >= 340
    assert win.width() <= 780


def test_the_last_step_of_a_sessions_last_deal_says_how_the_pools_left_were_shared(qtbot):
    """GEN-6: the review of a finished Spinado match ended with 42 counters on the layout,
    where the final standings had shared them out. Its last step now says so, as the
    standings do; no earlier step, nor the last of an earlier deal, says it."""
    for seed in range(40):
        session = Session(make_game("spinado", {"gen.rounds": 1}), ["You", "Ben", "Cat"], 0)
        play_session(session, random.Random(seed))
        if sum(session.pools) >= session.n:
            break
    split = dealsummary.split_line(session)
    assert split.startswith(f"The {sum(session.pools)} counters left in the pools were shared")
    last = len(session.logs)
    win = _window(qtbot, session, last)
    win.go(win.review.last)
    text = win.step_text.toPlainText()
    assert "The session's end" in text and split in text
    win.go(win.review.last - 1)
    assert "The session's end" not in win.step_text.toPlainText()
    win.choose_deal(last - 1)
    win.go(win.review.last)
    assert "The session's end" not in win.step_text.toPlainText()
