"""Session operations the table relies on, without Qt: a deal's events survive a resume
(statistics count pools from them), rewinding a deal equals replaying it with fewer actions,
and the undo point is the last card decision of a person, never a stake or split (GEN-9)."""

from __future__ import annotations

import random

import pytest

from gamecore.decisions import PlayChoice
from gamecore.events import PoolTaken
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import outcome, parse_record, record_of, replay_session
from helpers import config_id, game_configs, random_action

#: Every registered game and profile that seats four (the sessions below do).
GAMES = [
    c
    for c in game_configs(variants=False)
    if make_game(*c).min_players <= 4 <= make_game(*c).max_players
]


def _mid_deal(name: str, options: dict, seed: int, deals: int = 3) -> Session:
    """A session ``deals`` deals in, stopped in the middle of its last deal."""
    rng = random.Random(seed)
    session = Session(make_game(name, options), ["Ann", "Ben", "Cat", "Dan"], 0)
    for k in range(deals):
        session.start_deal_seeded(rng.randrange(1 << 30))
        stop = rng.randrange(5, 25) if k == deals - 1 else None
        while not session.deal.over and (stop is None or len(session.logs[-1].actions) < stop):
            session.apply(random_action(session.decision(), rng))
        if session.complete:
            break
    return session


@pytest.mark.parametrize("name, options", GAMES, ids=[config_id(c) for c in GAMES])
def test_a_resumed_deal_has_the_same_events(name, options):
    for seed in range(8):
        session = _mid_deal(name, options, seed)
        again = replay_session(parse_record(record_of(session)))
        assert again.deal_events == session.deal_events
        assert [e for e in again.deal_events if isinstance(e, PoolTaken)] == [
            e for e in session.deal_events if isinstance(e, PoolTaken)
        ]


@pytest.mark.parametrize("name, options", GAMES, ids=[config_id(c) for c in GAMES])
def test_rewinding_equals_replaying_fewer_actions(name, options):
    for seed in range(6):
        session = _mid_deal(name, options, 100 + seed)
        if session.deal is None or session.deal.over:
            continue
        actions = list(session.logs[-1].actions)
        keep = len(actions) // 2
        data = record_of(session)
        data["deals"][-1]["actions"] = actions[:keep]
        expected = replay_session(parse_record(data))
        session.rewind(keep)
        assert outcome(session) == outcome(expected)
        assert session.logs[-1].actions == actions[:keep]
        assert session.deal.hands == expected.deal.hands
        assert session.deal_events == expected.deal_events
        assert session.conserved_total() == expected.conserved_total()


def test_rewind_refuses_a_count_beyond_the_deal():
    session = _mid_deal("newmarket", {}, 1)
    n = len(session.logs[-1].actions)
    with pytest.raises(ValueError):
        session.rewind(n + 1)
    assert len(session.logs[-1].actions) == n


def test_the_undo_point_is_the_last_card_decision_never_a_split_GEN_9():
    session = Session(make_game("newmarket", {}), ["Ann", "Ben", "Cat"], 2)
    session.start_deal_seeded(5)
    # Dealer (seat 2) names the stake; everyone splits: no card decision yet.
    while not isinstance(session.decision(), PlayChoice):
        session.apply(session.decision().default_action())
    assert session.undo_point({0}) is None
    _undo_point_is_seat_0s_next_card_decision(session, random.Random(3))


def _undo_point_is_seat_0s_next_card_decision(session: Session, rng: random.Random) -> None:
    """Play on at random until seat 0 has made a card decision with the deal still on:
    the undo point for seat 0 is then that decision's place in the deal."""
    seen = None
    while not session.deal.over:
        d = session.decision()
        if d.seat == 0 and not d.forced:
            seen = len(session.logs[-1].actions)
        session.apply(random_action(d, rng))
        if seen is not None and not session.deal.over:
            assert session.undo_point({0}) == seen
            return
    pytest.fail("seat 0 made no card decision before the deal ended")


def test_the_long_session_bench_runs(capsys, tmp_path):
    """``python -m gui.app.bench_session`` runs (a smoke test with small sessions; the figures
    themselves are reported, never asserted)."""
    from gui.app import bench_session

    assert bench_session.main(["--deals", "8,12", "--measure", "1", "--folder", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "ratio 12 ÷ 8: slowest action" in out


def test_undo_never_goes_back_before_a_widow_the_person_took_mi_7_gen_9():
    """Michigan: the dealer took the widow, saw it, and Undo went back to the widow's
    choice: he could keep his hand knowing the widow's cards. Undo stops at the widow;
    a card decision after it is still taken back."""
    from gamecore.actions import EXCHANGE, Widow

    session = Session(make_game("michigan", {}), ["Ann", "Ben", "Cat", "Dan"], 0)
    session.start_deal_seeded(7)
    while not (isinstance(session.decision(), PlayChoice) and session.decision().seat == 0):
        session.apply(session.decision().default_action())
    d = session.decision()
    assert Widow(0, EXCHANGE) in d.actions  # the dealer's choice (MI-7)
    session.apply(Widow(0, EXCHANGE))
    assert session.undo_point({0}) is None
    assert session.undo_point({1}) is None  # nobody else has decided yet
    _undo_point_is_seat_0s_next_card_decision(session, random.Random(1))
