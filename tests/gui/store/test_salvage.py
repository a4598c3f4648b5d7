"""A saved game whose record stops replaying at a fault (a move refused, a deal out of
turn) goes on from just before it, not lost whole: at start-up the damaged autosave is set
aside with its journal and the good part resumes with its seats; Open and the review open
the good part of a damaged file and leave the file as it is. Each notice says where the
fault is and what was kept."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gamecore.agents import agent_for
from gamecore.errors import RecordError
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import dumps_record, load_record, replay_session
from gui.store import persistence, readback
from gui.store.journal import journal_path
from gui.store.persistence import TableMeta

META = TableMeta([True, True, False, False], False, ["normal", "normal", "hard", "easy"])


def _damaged(folder: Path, name: str, fingerprinted: bool = False) -> tuple[Path, Session, str]:
    """A Newmarket game saved two deals and six moves in, whose deal 3 has its fourth move
    refused (the third again), with a side file (two people) and a journal beside it.
    Returns the record's path, the game as it stands just before the fault, and the
    refused move."""
    game = make_game("newmarket")
    session = Session(game, ["Ann", "Ben", "Cat", "Dan"], first_dealer=0)
    normal, rng = agent_for(game), random.Random(5)
    for k in range(3):
        session.start_deal_seeded(1000 + k, fingerprinted=fingerprinted)
        moves = 0
        while session.deal_in_progress and (k < 2 or moves < 6):
            seat = session.decision().seat
            session.apply(normal.choose(game, session.deal.observation(seat), rng))
            moves += 1
    path = folder / name
    persistence.save(session, path, META)
    data = json.loads(path.read_text(encoding="utf-8"))
    actions = data["deals"][2]["actions"]
    refused = actions[3] = actions[2]
    path.write_text(json.dumps(data), encoding="utf-8")
    journal_path(path).write_text("a journal written after the whole record\n")
    data["deals"][2]["actions"] = actions[:3]
    return path, replay_session(load_record(json.dumps(data))), refused


def test_a_damaged_autosave_goes_on_from_just_before_the_fault(tmp_path: Path) -> None:
    path, good, refused = _damaged(tmp_path, persistence.AUTOSAVE)
    out = persistence.check_autosave(path)
    assert out.writable and out.saved is not None
    session, meta = out.saved
    assert dumps_record(session) == dumps_record(good)
    assert meta == META  # the seats are kept
    (notice,) = out.notices
    aside = sorted(p.name for p in tmp_path.iterdir() if ".damaged-" in p.name)
    record_aside = next(n for n in aside if n.startswith(persistence.AUTOSAVE + ".damaged-"))
    journal_aside = next(n for n in aside if n.startswith(journal_path(path).name))
    assert notice.startswith(
        f'Your saved game is damaged at deal 3, action 4 ("{refused}"): it is Ben\'s turn, '
        "not Ann's. "
    )
    assert notice.endswith(
        ". The game goes on with what came before that: deals 1 and 2, and the first 3 moves of "
        f"deal 3. The whole file was set aside as {record_aside}, with its journal as "
        f"{journal_aside}, in {tmp_path}."
    )
    assert not journal_path(path).exists()
    # the good part is the autosave at once: kept if the person says "not now" and quits
    again = persistence.check_autosave(path)
    assert again.notices == [] and dumps_record(again.saved[0]) == dumps_record(good)
    assert again.saved[1] == META


def test_open_and_review_read_the_good_part_and_leave_the_file(tmp_path: Path) -> None:
    path, good, refused = _damaged(tmp_path, "mine.parlour.json")
    before = path.read_bytes()
    session, meta, note = persistence.load_noted(path)
    assert dumps_record(session) == dumps_record(good) and meta == META
    assert note is not None
    assert note.startswith(f'mine.parlour.json is damaged at deal 3, action 4 ("{refused}"): ')
    assert note.endswith(
        ". It was opened with what came before that: deals 1 and 2, and the first 3 moves of "
        "deal 3. The file was left as it is."
    )
    assert path.read_bytes() == before and journal_path(path).exists()


def test_a_record_damaged_in_its_first_deal_s_cards_is_still_set_aside_whole(
    tmp_path: Path,
) -> None:
    path, _good, _refused = _damaged(tmp_path, persistence.AUTOSAVE)
    data = json.loads(path.read_text(encoding="utf-8"))
    hands = data["deals"][0]["hands"]
    hands[0][0] = hands[1][0]  # a card dealt twice: nothing before it to keep
    path.write_text(json.dumps(data), encoding="utf-8")
    out = persistence.check_autosave(path)
    assert out.saved is None
    (notice,) = out.notices
    assert notice.startswith("Your saved game could not be read (deal 1: ")


@pytest.mark.parametrize(
    ("said", "names", "words"),
    [
        ("it is seat 1's turn, not seat 0's", ["Ann", "Ben"], "it is Ben's turn, not Ann's"),
        ("it is seat 1's turn, not seat 0's", ["You", "Ben"], "it is Ben's turn, not yours"),
        ("it is seat 0's turn, not seat 1's", ["You", "Ben"], "it is your turn, not Ben's"),
        ("seat 0 does not hold AS", ["You", "Ben"], "You do not hold A♠"),
        ("seat 2 does not hold 5C", ["Ann", "Ben", "Ann"], "Ann (seat 3) does not hold 5♣"),
        (
            'deal 1, action 4 ("1 10H"): seat 1 does not hold 10H',
            ["Ann", "Ben"],
            'deal 1, action 4 ("1 10H"): Ben does not hold 10♥',
        ),
        (
            "deal 3: dealer must be seat 1 (rotation, GEN-3), not seat 0",
            ["Ann", "Ben"],
            "deal 3: dealer must be Ben (rotation), not Ann",
        ),
        (
            "seat 2 has already robbed the turn-up (SF-21, SF-22)",
            ["A", "B", "C"],
            "C has already robbed the turn-up",
        ),
        ("seat 9 does not hold 5C", ["Ann", "Ben"], "seat 9 does not hold 5♣"),
    ],
)
def test_a_notice_names_the_players_as_the_table_does(said, names, words) -> None:
    assert readback.named(said, names) == words


def test_the_open_list_marks_a_file_that_opens_only_in_part(tmp_path: Path) -> None:
    """Game → Open's summary of a damaged file that still opens: its game as Open will open
    it (two deals and the first 3 moves of deal 3), with the note of what is left out; the
    row says "partly damaged"."""
    from gui.store.savedgames import summarize
    from gui.windows.openchooser import summary_lines

    path, good, _refused = _damaged(tmp_path, "mine.parlour.json")
    summary = summarize(path)
    assert summary.damaged is None and summary.deal == 3 and summary.person == "Ann"
    assert summary.balance == good.balances[0]
    assert summary.partly == persistence.load_noted(path)[2]
    assert summary.partly is not None and summary.partly.startswith(
        "mine.parlour.json is damaged at deal 3, action 4 "
    )
    first = summary_lines(summary).splitlines()[0]
    balance = f"Ann: {good.balances[0]}, Ben: {good.balances[1]} counters"  # both people
    assert (
        first
        == f"Newmarket · deal 3 of {good.total_deals}, 3 moves made · {balance} · partly damaged"
    )
    persistence.save(good, tmp_path / "whole.parlour.json", META)
    assert summarize(tmp_path / "whole.parlour.json").partly is None


def test_moves_are_counted_as_the_file_writes_them_when_it_leaves_the_staking_out(
    tmp_path: Path,
) -> None:
    """A record may leave a deal's staking out (it is then made as proposed): the fault's
    "action 2" and the kept "first move" count the same moves, the file's."""
    game = make_game("newmarket")
    session = Session(game, ["Ann", "Ben", "Cat", "Dan"], first_dealer=0)
    normal, rng = agent_for(game), random.Random(5)
    session.start_deal_seeded(1000)
    while session.deal.phase == "staking" or len(session.logs[-1].actions) < 7:
        seat = session.decision().seat
        session.apply(normal.choose(game, session.deal.observation(seat), rng))
    path = tmp_path / "short.parlour.json"
    persistence.save(session, path, META)
    data = json.loads(path.read_text(encoding="utf-8"))
    plays = [a for a in data["deals"][0]["actions"] if " stake " not in a and " split " not in a]
    assert len(plays) >= 2
    data["deals"][0]["actions"] = [plays[0], plays[0], *plays[2:]]  # the first play twice
    path.write_text(json.dumps(data), encoding="utf-8")
    salvaged, _meta, note = persistence.load_noted(path)
    assert len(salvaged.logs[0].actions) == 1 + 4 + 1  # the stake, four splits, one play
    assert note is not None and f'damaged at deal 1, action 2 ("{plays[0]}")' in note
    assert "It was opened with what came before that: the first move of deal 1." in note


def test_a_later_deals_damaged_cards_keep_the_deals_before_it(tmp_path: Path) -> None:
    """Deal 3's cards damaged (two cards swapped between hands: its fingerprint and its
    cards disagree): the whole file was refused, though deals 1 and 2 were whole. Open
    and the autosave keep the deals before it; a strict reading still refuses it."""
    path, _good, _refused = _damaged(tmp_path, "mine.parlour.json", fingerprinted=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    hands = data["deals"][2]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    path.write_text(json.dumps(data), encoding="utf-8")
    data["deals"] = data["deals"][:2]
    whole = replay_session(load_record(json.dumps(data)))
    with pytest.raises(RecordError, match="deal 3: fingerprint does not match its cards"):
        load_record(path.read_text(encoding="utf-8"))
    session, _meta, note = persistence.load_noted(path)
    assert dumps_record(session) == dumps_record(whole) and len(session.logs) == 2
    assert note is not None and note.startswith("mine.parlour.json is damaged at deal 3: ")
    assert note.endswith(
        ". It was opened with what came before that: deals 1 and 2. The file was left as it is."
    )
    path.rename(tmp_path / persistence.AUTOSAVE)
    out = persistence.check_autosave(tmp_path / persistence.AUTOSAVE)
    assert out.saved is not None and dumps_record(out.saved[0]) == dumps_record(whole)
    assert out.notices[0].startswith("Your saved game is damaged at deal 3: ")


HANDS = "deal 1: hands[2]: not a card: 'ZZ'"
NOT_A_GAME = "it is not a Parlour game file"
STOCK = "mine.parlour.json: deal 2: stock missing"  # a file's name is no house rule


@pytest.mark.parametrize(
    ("said", "names", "words"),
    [
        (HANDS, None, "deal 1: hand 3: not a card: 'ZZ'"),
        (HANDS, ["You", "Ben", "Cat"], "deal 1: Cat's hand: not a card: 'ZZ'"),
        (
            "options: gen.startCounters must be at most 1000000000 (got 1000000000000)",
            None,
            'the house rule "Counters at the start" must be at most 1000000000 (got 1000000000000)',
        ),
        ('format: missing, so this is not a deal record ("parlour-record")', None, NOT_A_GAME),
        ("the file is not a deal record (not UTF-8 text)", None, f"{NOT_A_GAME} (it is not text)"),
        (
            "the file is not valid JSON: it ends too early, at line 128, column 2",
            None,
            "the file is damaged: it ends too early, at line 128, column 2",
        ),
        (
            "the file is not valid JSON: expecting property name enclosed in double quotes "
            "at line 3, column 611",
            None,
            "the file is damaged: its text is broken at line 3, column 611",
        ),
        ("the file is not valid JSON: expecting value at line 1, column 1", None, NOT_A_GAME),
        (STOCK, None, STOCK),
    ],
)
def test_a_readers_fault_is_said_in_words_for_people(said, names, words) -> None:
    """A damaged file's notice said "hands[2]", "gen.startCounters" and "not valid JSON"."""
    assert readback.plain_fault(said, names) == words


def test_a_file_cut_short_opens_up_to_the_cut_and_says_so(tmp_path: Path) -> None:
    """A copy stopped part way could not be read at all ("it ends too early"): the deals
    before the cut open, the last where the cut left it, and the notice says so."""
    path, _good, _refused = _damaged(tmp_path, "game.json")
    whole = path.read_text(encoding="utf-8")
    third = json.loads(whole)["deals"][2]["actions"]
    # cut inside the fourth move of deal 3 (the last action the file writes)
    path.write_text(whole[: whole.rindex(json.dumps(third[3])) + 3], encoding="utf-8")
    journal_path(path).unlink()
    session, _meta, note = persistence.load_noted(path)
    assert len(session.logs) == 3 and session.logs[2].actions == third[:3]
    assert note == (
        "game.json is damaged at its end, where it was cut short (what came after the cut "
        "is lost). It was opened with what came before that: deals 1 and 2, and the first 3 "
        "moves of deal 3. The file was left as it is."
    )
