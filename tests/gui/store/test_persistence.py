"""Never lose a game: autosave after every action survives SIGKILL at any moment and resumes at
exactly the last completed action; Save As / Open; undo; damaged files never crash."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox, QMessageBox, QPushButton

from gamecore import stats as gstats
from gamecore.decisions import PlayChoice
from gamecore.events import PoolTaken
from gamecore.record import outcome, parse_record, record_of, replay
from gui.model.setup import Setup
from gui.play.seats import SeatKind
from gui.store import persistence, settings
from gui.windows.mainwindow import MainWindow
from paths import DATA, ROOT
from table_driver import first_cards_to_summary

KILL_CYCLES = int(os.environ.get("PARLOUR_KILL_CYCLES", "12"))


def _records_continue(before: dict, after: dict) -> bool:
    """``after`` goes on from ``before``: the same deals and cards, every earlier action kept."""
    if len(after["deals"]) < len(before["deals"]):
        return False
    for i, (a, b) in enumerate(zip(before["deals"], after["deals"], strict=False)):
        if {k: a[k] for k in ("dealer", "hands", "stock")} != {
            k: b[k] for k in ("dealer", "hands", "stock")
        }:
            return False
        last = i == len(before["deals"]) - 1
        if (b["actions"][: len(a["actions"])] if last else b["actions"]) != a["actions"]:
            return False
    return True


# The person in seat 0 plays by itself: a launcher (test only) makes every decision of the
# person's as soon as it is theirs, through the same calls the table's input makes.
AUTO_PERSON = """\
import sys
from PySide6.QtCore import QTimer
from gamecore.actions import Claim, Decline, Jink, Rob
from gamecore.decisions import PlayChoice
from gui.play import controller as ctl

def act(c):
    if c.state == ctl.HUMAN and c.session is not None:
        d = c.session.decision()
        if isinstance(d, PlayChoice) and d.seat == c.human:
            a = d.actions[0]
            if isinstance(a, Decline | Claim | Jink):
                c.person.answered(type(a).__name__.lower())
            else:
                c.person.chose_card(a.card)
    elif c.state == ctl.STAKING:
        c.view.stake_panel.accept()
    elif c.state == ctl.SUMMARY and c.dialog is not None:
        c.dialog.accept()

_set_state = ctl.Controller.set_state
def set_state(self, state):
    _set_state(self, state)
    QTimer.singleShot(0, lambda: act(self))
ctl.Controller.set_state = set_state
from gui.app.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _app_processes(marker: str) -> list[int]:
    """Processes (the app and any it started, e.g. Hard's search workers) whose environment
    holds ``marker`` (this test's data folder)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if marker.encode() in (entry / "environ").read_bytes():
                out.append(int(entry.name))
        except OSError:
            continue
    return out


def _deal_events(record) -> list[list]:
    """Each finished deal's events, by replaying the record deal by deal."""
    from gamecore.actions import parse_action
    from gamecore.record import new_session

    session = new_session(record)
    out = []
    for entry in record.deals:
        session.start_deal(entry.hands, entry.stock, entry.turnup)
        for text in entry.actions:
            game = session.game
            session.apply(
                parse_action(text, game.pools, passes=game.has_pass, widow=game.has_widow)
            )
        if session.logs[-1].finished:
            out.append(list(session.deal_events))
    return out


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_sigkill_at_random_moments_then_resume(tmp_path):
    """The app plays by itself (a person who plays at once, a Hard and two Normal computer
    players); it is killed with SIGKILL at random moments and restarted with --resume, many
    times. Every autosave (record and journal) is a complete record and every restart goes
    on from exactly the last completed action; the record alone is a complete record too;
    no process of the app outlives it by more than 5 s; the person's statistics count each
    finished deal once, with its counters and pools taken."""
    data = tmp_path / "data"
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        PARLOUR_DATA_DIR=str(data),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    setup = (
        "from gui.store import settings; "
        "settings.save_table('newmarket', {'gen.rounds': 200}, "
        "[('Ann', True), ('Ben', False, 'hard'), ('Cat', False), ('Dan', False)])"
    )
    subprocess.run([sys.executable, "-c", setup], env=env, cwd=ROOT, check=True, timeout=60)
    autosave = data / persistence.AUTOSAVE
    journal = persistence.journal_path(autosave)
    rng = random.Random(2026)
    previous: dict | None = None
    actions_seen = []

    def stamp() -> tuple[int, int]:
        return tuple(p.stat().st_mtime_ns if p.exists() else 0 for p in (autosave, journal))

    for cycle in range(KILL_CYCLES):
        log = tmp_path / f"cycle{cycle}.log"
        before = stamp()
        with log.open("w") as err:
            proc = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    AUTO_PERSON,
                    "--resume",
                    "--pace",
                    "0",
                    "--seed",
                    str(cycle),
                ],
                env=env,
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=err,
            )
        # Wait until this run has saved something (start-up is slow on a busy machine), then
        # let it play on for a random moment before the kill.
        for _ in range(1200):
            if stamp() != before:
                break
            try:
                proc.wait(timeout=0.05)
                pytest.fail(f"the app exited with {proc.returncode}: {log.read_text()[-2000:]}")
            except subprocess.TimeoutExpired:
                pass
        try:
            proc.wait(timeout=rng.uniform(0.0, 1.5))
            pytest.fail(f"the app exited with {proc.returncode}: {log.read_text()[-2000:]}")
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
        deadline = time.monotonic() + 5.0  # the workers notice their parent is gone
        while _app_processes(str(data)) and time.monotonic() < deadline:
            time.sleep(0.05)  # polling for a condition, not timing the app
        assert not _app_processes(str(data)), f"cycle {cycle}: processes outlived the app"
        assert autosave.exists(), log.read_text()[-2000:]
        alone = json.loads(autosave.read_text())  # the record alone: complete, never torn
        replay(parse_record(alone))
        session, meta = persistence.load(autosave)  # replays to its last completed action
        assert meta.people == [True, False, False, False]
        current = record_of(session)
        if previous is not None:
            assert _records_continue(previous, current), f"cycle {cycle} lost actions"
        actions_seen.append(sum(len(d["actions"]) for d in current["deals"]))
        previous = current
        # Statistics: never a deal the autosave lacks, never one lost or counted twice.
        record = parse_record(current)
        finished = _deal_events(record)
        ann = gstats.read(data / persistence.STATISTICS).player("Newmarket", "Ann")
        assert ann.deals in (len(finished), len(finished) - 1), cycle
        counted = finished[: ann.deals]
        deltas = [
            log.balances[0] - (session.logs[i - 1].balances[0] if i else session.start_balances[0])
            for i, log in enumerate(session.logs[: ann.deals])
        ]
        assert ann.won - ann.lost == sum(deltas)
        assert ann.pools_taken == sum(
            1
            for events in counted
            for e in events
            if isinstance(e, PoolTaken) and e.seat == 0 and e.amount
        )
    assert actions_seen == sorted(actions_seen) and actions_seen[-1] > actions_seen[0]
    assert ann.deals >= 1  # the statistics were checked against real deals


def _window(qtbot, tmp_path, **kw) -> MainWindow:
    tmp_path.mkdir(parents=True, exist_ok=True)
    window = MainWindow(
        pace=0, seed=kw.pop("seed", 4), autosave=tmp_path / "auto.parlour.json", **kw
    )
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    return window


def _until_person(qtbot, c) -> None:
    """Wait for exactly a card decision of the person's (stakes are made as proposed).
    Every card of the person's waits for the test: a forced card playing itself between two
    looks at the table could leave none to wait for before the deal's summary."""
    c.auto_play = False

    def ready() -> bool:
        if c.state == "staking" and c.view.stake_panel.isVisible():
            c.view.stake_panel.accept()  # as Enter does: the amounts proposed
            return False
        d = c.session.decision() if c.session is not None else None
        return c.state == "human" and isinstance(d, PlayChoice) and d.seat == c.human

    qtbot.waitUntil(ready, timeout=10_000)


def test_autosave_after_every_action_and_resume_offer(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    window.start()
    c = window.controller
    _until_person(qtbot, c)
    c.person.chose_card(c.session.deal.decision().actions[0].card)
    _until_person(qtbot, c)
    assert c.keeper.flush_autosave()
    saved, _meta = persistence.load(tmp_path / "auto.parlour.json")  # record and journal
    assert record_of(saved) == record_of(c.session)
    expected = outcome(c.session)
    window.close()  # quit
    # A new window offers to resume and, when accepted, is exactly where the last one was.
    again = _window(qtbot, tmp_path, seed=99)
    again.start()
    qtbot.waitUntil(lambda: again.loading is None, timeout=10_000)  # read off the GUI thread
    box = again.message
    assert isinstance(box, QMessageBox) and "Resume your game of Newmarket" in box.text()
    assert box.informativeText() == (
        "A new game keeps this one: Game → Open finds it among the abandoned games. "
        "Not now leaves it waiting on the table."
    )
    box.findChild(QPushButton, "resume").click()
    qtbot.waitUntil(lambda: again.controller.session is not None)
    assert outcome(again.controller.session) == expected


def test_a_game_resumed_on_its_summary_says_so_in_the_status_line(qtbot, tmp_path):
    """Resumed where a deal's summary was up, the status line kept the offer's "Resume your
    saved game, or start a new one" under the summary: it says the game has resumed."""
    window = _window(qtbot, tmp_path)
    window.start()
    first_cards_to_summary(qtbot, window)
    assert window.controller.keeper.flush_autosave()
    window.close()
    again = _window(qtbot, tmp_path, seed=99)
    again.start()
    qtbot.waitUntil(lambda: again.loading is None, timeout=10_000)
    again.message.findChild(QPushButton, "notNow").click()  # the offer waits on the table
    assert "Resume your saved game" in again.status_label.text()
    again.view.prompt.findChild(QPushButton, "resume").click()
    qtbot.waitUntil(lambda: again.controller.state == "summary", timeout=10_000)
    assert again.status_label.text() == "Resumed: deal 1 of 4."


def test_a_finished_session_is_not_offered_once_its_standings_are_shown(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    window.controller.new_session(
        Setup(
            "newmarket",
            seats=[SeatKind("A", False), SeatKind("B", False), SeatKind("C", False)],
            options={"gen.rounds": 1},
        )
    )
    qtbot.waitUntil(lambda: window.controller.state == "over", timeout=20000)
    assert window.controller.keeper.flush_autosave()
    # the final standings are up: seen, the finished game is not offered again
    assert persistence.resumable(tmp_path / "auto.parlour.json") is None
    window.close()
    fresh = _window(qtbot, tmp_path, seed=5)
    fresh.start()
    qtbot.waitUntil(lambda: fresh.loading is None, timeout=10_000)  # read off the GUI thread
    assert fresh.message is None and fresh.controller.session is not None


def test_save_as_and_open_round_trip(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    window.start()
    c = window.controller
    _until_person(qtbot, c)
    path = tmp_path / "mine.parlour.json"
    c.keeper.save_as(path)
    other = _window(qtbot, tmp_path / "elsewhere", seed=8)  # another computer
    other.start()
    other.open_file(path)
    qtbot.waitUntil(lambda: other.loading is None, timeout=10_000)
    # The opened game goes on from exactly where it was saved.
    assert _records_continue(json.loads(path.read_text()), record_of(other.controller.session))


def _damaged(text: str, damage: str) -> str:
    """The saved game ``text`` with one kind of damage (issue: Open shows every reason)."""
    data = json.loads(text)
    if damage == "truncate":
        return text[: len(text) // 2]
    if damage == "foreign":
        return '{"hello": 1}'
    if damage == "newer":
        data["version"] = 7
        return json.dumps(data)
    if damage == "garbage":
        return "\x00\x01 not a record"
    if damage == "4,301 digits":
        return text.replace('"first_dealer": ', '"first_dealer": ' + "1" * 4301 + ', "x": ')
    if damage == "a superscript digit":
        action = data["deals"][0]["actions"][0]
        data["deals"][0]["actions"][0] = "\u00b9" + action[1:]  # "¹ stake 4"
    if damage == "a float dealer":
        data["deals"][0]["dealer"] = float(data["deals"][0]["dealer"])
    if damage == "a long unknown key":
        data["k" * 5000] = 1
    return json.dumps(data)


@pytest.mark.parametrize(
    "damage",
    [
        "truncate",
        "foreign",
        "newer",
        "garbage",
        "4,301 digits",
        "a float dealer",
        "a long unknown key",
        "over the size limit",
    ],
)
def test_opening_a_bad_file_keeps_the_current_game(qtbot, tmp_path, damage):
    window = _window(qtbot, tmp_path)
    window.start()
    c = window.controller
    _until_person(qtbot, c)
    before = outcome(c.session)
    good = tmp_path / "good.parlour.json"
    c.keeper.save_as(good)
    bad = tmp_path / "bad.parlour.json"
    if damage == "over the size limit":
        with bad.open("wb") as f:  # 33 MiB of spaces around a good record
            f.write(good.read_bytes())
            f.write(b" " * (33 << 20))
    else:
        bad.write_text(_damaged(good.read_text(), damage))
    window.open_file(bad)
    qtbot.waitUntil(lambda: window.loading is None, timeout=10_000)
    assert isinstance(window.message, QMessageBox) and window.message.isVisible()
    text = window.message.text()
    assert text.startswith("bad.parlour.json: ") and len(text) > len("bad.parlour.json: ")
    assert "\n" not in text and len(text) <= 300
    assert "internal" not in text and "Error" not in text
    assert outcome(c.session) == before


def test_the_window_stays_responsive_while_a_file_is_read(qtbot, tmp_path, monkeypatch):
    """Open reads on a worker thread: while it reads, the event loop runs, the busy
    indication shows and the game holds."""
    import threading

    window = _window(qtbot, tmp_path)
    window.start()
    c = window.controller
    _until_person(qtbot, c)
    path = tmp_path / "mine.parlour.json"
    c.keeper.save_as(path)
    gate = threading.Event()
    real_load = persistence.load_noted

    def slow_load(p):
        gate.wait(10)  # a long session being replayed
        return real_load(p)

    monkeypatch.setattr(persistence, "load_noted", slow_load)
    window.open_file(path)
    ticks = []
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, lambda: ticks.append(window.loading))
    qtbot.waitUntil(lambda: bool(ticks), timeout=5000)
    assert ticks == [path]  # the event loop ran while the file was being read
    assert window.busy.isVisible() and c.held
    gate.set()
    qtbot.waitUntil(lambda: window.loading is None, timeout=10_000)
    assert not window.busy.isVisible()
    leave = window.message.findChild(QPushButton, "leave")  # this game had a decision
    leave.click()
    assert not c.held
    assert window.status_label.text() == "Opened mine.parlour.json."


def test_undo_takes_back_to_the_persons_previous_decision(qtbot, tmp_path):
    window = _window(qtbot, tmp_path, seed=12)
    window.start()
    c = window.controller
    _until_person(qtbot, c)
    while c.state != "human" or c.session.deal.decision().forced:
        c.person.chose_card(c.session.deal.decision().actions[0].card)
        _until_person(qtbot, c)
    hand_before = c.session.deal.hands[0]
    actions_before = list(c.session.logs[-1].actions)
    view_before = sorted(c.view.cards)
    choice = c.session.deal.decision().actions[-1]
    c.person.chose_card(choice.card)
    _until_person(qtbot, c)
    assert len(c.session.logs[-1].actions) > len(actions_before)
    window.undo()
    qtbot.waitUntil(lambda: c.state == "human", timeout=5000)
    # The status line is the prompt for the decision undone to, not a line from before.
    from gui.model import prompts

    qtbot.waitUntil(
        lambda: window.status_label.text() == prompts.lead_hint(c.session, 0), timeout=5000
    )
    assert c.session.logs[-1].actions == actions_before  # computers' replies undone too
    # The log says the undo, not "Resumed: deal 1 of …": the game was never left. The
    # deal so far stays before it (View → This deal so far).
    assert c.log[-1] == c.view.log_lines[-1] == "Undone: back to your last decision."
    assert c.log[0].startswith("Deal 1 of") and not any("Resumed" in x for x in c.log)
    assert c.session.deal.hands[0] == hand_before
    assert sorted(c.view.cards) == view_before  # the view is restored with the model
    assert {i.card for i in c.view.cards.values() if i.in_hand} == set(
        x for x in range(52) if hand_before >> x & 1
    )


def test_undo_is_off_by_default_with_several_people(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    window.controller.new_session(
        Setup("newmarket", seats=[SeatKind("A", True), SeatKind("B", True), SeatKind("C", False)])
    )
    assert window.controller.allow_undo is False
    window.undo()
    assert "Undo is off" in window.status_label.text()
    settings.settings().clear()


def test_load_noted_says_whether_the_side_file_said_who_sat_where(tmp_path):
    """A record's own side file gives its seats (``known``); none, or a damaged one (a
    record from elsewhere), gives one person in seat 0 with ``known`` off."""
    record = DATA / "conformance" / "newmarket" / "002.json"
    path = tmp_path / "g.parlour.json"
    path.write_bytes(record.read_bytes())
    _s, meta, _note = persistence.load_noted(path)
    n = len(meta.people)
    assert (meta.people, meta.known) == ([True] + [False] * (n - 1), False)
    side = persistence.meta_path(path)
    side.write_text(json.dumps({"people": [False, True] + [False] * (n - 2)}))
    _s, meta, _note = persistence.load_noted(path)
    assert (meta.people, meta.known) == ([False, True] + [False] * (n - 2), True)
    # a side file from before the standings were kept says nothing waits; a wrong value
    # is damage
    assert meta.standings_shown
    side.write_text(json.dumps({"people": [True] * n, "standings_shown": False}))
    assert not persistence.load_noted(path)[1].standings_shown
    side.write_text(json.dumps({"people": [True] * n, "standings_shown": "no"}))
    assert not persistence.load_noted(path)[1].known
    side.write_text('{"people": [tru')
    _s, meta, _note = persistence.load_noted(path)
    assert (meta.people[:2], meta.known) == ([True, False], False)
    assert side.read_text() == '{"people": [tru'  # someone else's: left as it is


def test_the_resume_offer_says_new_game_opens_at_the_game_asked_for(qtbot, tmp_path):
    """``--game spin`` with a game of Newmarket saved: the question asked only about
    Newmarket, and a tester took the Spin asked for to be ignored."""
    window = _window(qtbot, tmp_path)
    window.start()
    c = window.controller
    _until_person(qtbot, c)
    c.person.chose_card(c.session.deal.decision().actions[0].card)
    assert c.keeper.flush_autosave()
    window.close()
    again = _window(qtbot, tmp_path, seed=99)
    again.game_name, again.options = "spin", {}  # as the command line sets it
    again.start()
    qtbot.waitUntil(lambda: again.loading is None, timeout=10_000)
    box = again.message
    assert "Resume your game of Newmarket" in box.text()
    assert box.informativeText().startswith(
        "New game… opens New Game set to Spin, and keeps this one: Game → Open finds it"
    )
    box.findChild(QPushButton, "newGame").click()
    qtbot.waitUntil(lambda: again.new_dialog is not None, timeout=10_000)
    assert again.new_dialog.findChild(QComboBox, "game").currentText() == "Spin"
    again.new_dialog.reject()
