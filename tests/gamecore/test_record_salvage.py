"""A record that reads but stops replaying at a fault gives back the part before it: the
deals before the faulty one and the moves of that deal before the faulty move (no saved
move is lost to a damaged file beyond the damage itself)."""

from __future__ import annotations

import json
import random

import pytest

from gamecore.agents import agent_for
from gamecore.errors import RecordError
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import dumps_record, load_record, replay_salvaged, replay_session


def _played(deals: int, moves_of_next: int) -> Session:
    """Newmarket, four players: ``deals`` whole deals by Normal players, then
    ``moves_of_next`` moves of the next one."""
    game = make_game("newmarket")
    session = Session(game, ["Ann", "Ben", "Cat", "Dan"], first_dealer=0)
    normal, rng = agent_for(game), random.Random(5)
    for k in range(deals + 1):
        session.start_deal_seeded(1000 + k)
        moves = 0
        while session.deal_in_progress and (k < deals or moves < moves_of_next):
            seat = session.decision().seat
            session.apply(normal.choose(game, session.deal.observation(seat), rng))
            moves += 1
    return session


def _text(session: Session) -> dict:
    return json.loads(dumps_record(session))


def test_a_whole_record_has_nothing_to_salvage() -> None:
    assert replay_salvaged(load_record(dumps_record(_played(2, 6)))) is None


def test_a_refused_move_keeps_the_deals_before_it_and_the_moves_before_it() -> None:
    data = _text(_played(2, 6))
    data["deals"][2]["actions"][3] = data["deals"][2]["actions"][2]  # the 3rd move again
    salvaged = replay_salvaged(load_record(json.dumps(data)))
    assert salvaged is not None
    assert salvaged.fault.startswith(f'deal 3, action 4 ("{data["deals"][2]["actions"][2]}"): ')
    session = salvaged.session
    assert [log.finished for log in session.logs] == [True, True, False]
    assert session.logs[2].actions == data["deals"][2]["actions"][:3]
    good = _played(2, 3)  # the same game, three moves into its third deal
    assert dumps_record(session) == dumps_record(good)


def test_a_deal_out_of_turn_keeps_the_deals_before_it() -> None:
    data = _text(_played(2, 6))
    data["deals"][1]["dealer"] = 3  # deal 2's dealer is seat 1 (GEN-3)
    salvaged = replay_salvaged(load_record(json.dumps(data)))
    assert salvaged is not None
    assert salvaged.fault == "deal 2: dealer must be seat 1 (rotation, GEN-3), not seat 3"
    first = replay_session(load_record(json.dumps({**data, "deals": data["deals"][:1]})))
    assert dumps_record(salvaged.session) == dumps_record(first)
    assert [log.finished for log in salvaged.session.logs] == [True]


def test_a_fault_in_the_first_deal_s_cards_keeps_nothing() -> None:
    data = _text(_played(0, 4))
    hands = data["deals"][0]["hands"]
    hands[0][0] = hands[1][0]  # a card dealt twice
    salvaged = replay_salvaged(load_record(json.dumps(data)))
    assert salvaged is not None and salvaged.session.logs == []
    assert salvaged.fault.startswith("deal 1: ")


def test_a_later_deal_whose_cards_cannot_be_read_is_salvaged_only_when_asked() -> None:
    """A card changed in deal 3's hands of a fingerprinted record: a strict reading refuses
    the file; read with ``salvage`` it keeps deals 1 and 2, and the fault is the record's.
    A damaged first deal leaves nothing to keep: refused either way."""
    data = _text(_played(2, 6))
    data["deals"][2]["hands"][0][0] = "ZZ"
    text = json.dumps(data)
    fault = "deal 3: hands[0]: not a card: 'ZZ'"
    with pytest.raises(RecordError) as strict:
        load_record(text)
    assert str(strict.value) == fault
    record = load_record(text, salvage=True)
    assert record.fault == fault and len(record.deals) == 2
    salvaged = replay_salvaged(record)
    assert salvaged is not None and salvaged.fault == fault and salvaged.actions == 0
    assert dumps_record(salvaged.session) == dumps_record(_played(1, 10_000))
    data["deals"][0]["hands"][0][0] = "ZZ"
    with pytest.raises(RecordError, match="deal 1: "):
        load_record(json.dumps(data), salvage=True)
