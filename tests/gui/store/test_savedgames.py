"""What Game → Open shows of a saved game before opening it: the summary as plain data
(game, players, deal k of n, the person's balance, the date) and the abandoned games in
order, newest first; a damaged file is summarised as damaged, never raised."""

from __future__ import annotations

import os
import random
from datetime import datetime

from gamecore.games import make_game
from gamecore.match import Session
from gui.store import persistence
from gui.store.savedgames import GameSummary, abandoned_games, summarize
from helpers import play_session, random_action

WHEN = datetime(2024, 3, 9, 14, 5, 30)


def _saved(path, session: Session, people: list[bool]):
    persistence.save(session, path, persistence.TableMeta(people))
    os.utime(path, (WHEN.timestamp(), WHEN.timestamp()))
    return path


def test_an_unfinished_pope_joan_game_is_summarised_with_the_persons_balance(tmp_path):
    session = Session(make_game("pope-joan", {"gen.rounds": 2}), ["Ann", "Ben", "Cat"], 0)
    assert play_session(session, random.Random(5), max_deals=2) == 2
    session.start_deal_seeded(9)  # the third deal begun, its stakes paid
    path = _saved(tmp_path / "a.parlour.json", session, [False, True, False])
    summary = summarize(path)
    assert summary == GameSummary(
        path,
        WHEN,
        label="Pope Joan (Foster's layout)",
        players=("Ann", "Ben", "Cat"),
        deal=3,
        deals=6,
        finished=False,
        person="Ben",
        balance=88,
    )
    assert summary.progress == "deal 3 of 6"


def test_a_deal_under_way_says_how_many_moves_it_has_had(tmp_path):
    """Two games left at the same deal and minute read apart: the moves made in the deal
    (every seat's) follow "deal k of n" while that deal is unfinished."""
    session = Session(make_game("newmarket", {"gen.rounds": 1}), ["Ann", "Ben", "Cat"], 0)
    session.start_deal_seeded(4)
    rng = random.Random(3)
    for _ in range(5):
        session.apply(random_action(session.decision(), rng))
    path = _saved(tmp_path / "d.parlour.json", session, [True, False, False])
    summary = summarize(path)
    assert (summary.deal, summary.moves) == (1, 5)
    assert summary.progress == "deal 1 of 3, 5 moves made"
    one = Session(make_game("newmarket", {"gen.rounds": 1}), ["Ann", "Ben", "Cat"], 0)
    one.start_deal_seeded(4)
    one.apply(random_action(one.decision(), rng))
    path = _saved(tmp_path / "e.parlour.json", one, [True, False, False])
    assert summarize(path).progress == "deal 1 of 3, 1 move made"


def test_a_finished_game_of_computers_has_no_person(tmp_path):
    session = Session(make_game("newmarket", {"gen.rounds": 1}), ["Ann", "Ben", "Cat"], 0)
    assert play_session(session, random.Random(2)) == 3
    path = _saved(tmp_path / "b.parlour.json", session, [False, False, False])
    summary = summarize(path)
    assert (summary.label, summary.deal, summary.deals, summary.finished) == (
        "Newmarket",
        3,
        3,
        True,
    )
    assert (summary.person, summary.balance, summary.damaged) == (None, None, None)
    assert summary.progress == "finished after 3 deals"


def test_a_finished_games_balance_is_the_final_standings_after_the_split_gen_6(tmp_path):
    """A finished Spinado match was listed with "You: 39 counters" where its final
    standings said 53: the pools left were shared out at the end (GEN-6)."""
    for seed in range(40):
        session = Session(make_game("spinado", {"gen.rounds": 1}), ["Ann", "Ben", "Cat"], 0)
        play_session(session, random.Random(seed))
        if sum(session.pools) >= session.n:  # every seat gets a share
            break
    final, _pools = session.final_accounts()
    assert final[0] > session.balances[0]
    path = _saved(tmp_path / "f.parlour.json", session, [True, False, False])
    summary = summarize(path)
    assert summary.finished and summary.balance == final[0]


def test_a_damaged_file_is_summarised_as_damaged(tmp_path):
    path = tmp_path / "c.parlour.json"
    path.write_text('{"format": "parlour-record", "version": 9}', encoding="utf-8")
    os.utime(path, (WHEN.timestamp(), WHEN.timestamp()))
    assert summarize(path) == GameSummary(
        path, WHEN, damaged="version: 9 is newer than this program reads (2)"
    )


def test_a_missing_file_is_damaged_and_has_no_date(tmp_path):
    summary = summarize(tmp_path / "gone.parlour.json")
    assert summary.when is None and summary.label == ""
    assert summary.damaged is not None and summary.damaged.startswith("cannot read")


def test_the_abandoned_games_are_listed_newest_first(tmp_path):
    folder = tmp_path / persistence.ABANDONED
    folder.mkdir()
    for name in (
        "20240101-100000-000001-spin.parlour.json",
        "20240301-090000-000001-newmarket.parlour.json",
        "20240301-090000-000001-newmarket.parlour.table.json",
        "20240201-120000-000001-spoil-five.parlour.json",
        "notes.txt",
    ):
        (folder / name).write_text("{}", encoding="utf-8")
    assert [p.name for p in abandoned_games(tmp_path)] == [
        "20240301-090000-000001-newmarket.parlour.json",
        "20240201-120000-000001-spoil-five.parlour.json",
        "20240101-100000-000001-spin.parlour.json",
    ]
    assert abandoned_games(None) == []
    assert abandoned_games(tmp_path / "nowhere") == []
