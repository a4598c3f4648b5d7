"""A record file cut short (a copy stopped part way) is read as far as its last whole
element: the deals before the cut, the last perhaps unfinished, with the fault "cut
short"; a file cut before anything whole is still refused with its reason."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.errors import RecordError
from gamecore.games import make_game
from gamecore.jsoncut import close_cut
from gamecore.match import Session
from gamecore.record import CUT_SHORT, dumps_record, load_record, replay_salvaged
from helpers import random_action


def test_the_cut_goes_back_to_the_last_whole_element_and_closes_what_is_open():
    assert close_cut('{"a": [1, 2, 3') == '{"a": [1, 2]}'
    assert close_cut('{"a": [1, 2, "thr') == '{"a": [1, 2]}'
    assert close_cut('{"a": "x, y", "b": {"c": [') == '{"a": "x, y", "b": {"c": []}}'
    assert close_cut('{"a": "q\\", [", "b') == '{"a": "q\\", ["}'  # an escaped quote
    assert close_cut('{"a": 1') == "{}"  # the first pair not known whole: nothing kept
    assert close_cut('"just a string') is None and close_cut("") is None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(JSON, st.data())
def test_every_cut_of_any_json_closes_to_json_or_to_nothing(value, data):
    text = json.dumps(value, ensure_ascii=False)
    cut = data.draw(st.integers(0, len(text)))
    closed = close_cut(text[:cut])
    if closed is not None:
        json.loads(closed)  # whole JSON: never a value that was not in the file


def _three_deals() -> str:
    game = make_game("newmarket")
    session = Session(game, ["Ann", "Ben", "Cat"], 0)
    rng = random.Random(1)
    for _ in range(3):
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            session.apply(random_action(session.decision(), rng))
    return dumps_record(session)


def test_a_record_cut_short_keeps_the_deals_before_the_cut():
    text = _three_deals()
    whole = load_record(text)
    cut = text[: text.index('"actions"', text.index('"dealer"', text.index('"deals"')) + 1) + 60]
    with pytest.raises(RecordError, match="ends too early"):
        load_record(cut)  # read as a file it is refused; only the salvage reads the cut
    record = load_record(cut, salvage=True)
    assert record.fault == CUT_SHORT
    assert len(record.deals) == 1 and record.deals[0].actions  # deal 1 cut in its actions
    first = record.deals[0].actions
    assert first == whole.deals[0].actions[: len(first)] and len(first) < len(
        whole.deals[0].actions
    )
    salvaged = replay_salvaged(record)
    assert salvaged is not None and salvaged.fault == CUT_SHORT
    assert salvaged.actions == len(first) and salvaged.session.deal_in_progress


def test_a_cut_in_a_later_deal_keeps_every_deal_before_it_whole():
    text = _three_deals()
    third = text.index('"dealer"', text.rindex('"hands"') - 200)
    record = load_record(text[: third + 30], salvage=True)  # cut inside deal 3's head
    assert record.fault == CUT_SHORT and len(record.deals) == 2
    assert record.deals == load_record(text).deals[:2]


def test_a_file_cut_before_any_deal_is_refused_with_its_reason():
    text = _three_deals()
    with pytest.raises(RecordError, match="ends too early"):
        load_record(text[: text.index('"deals"') + 12], salvage=True)


def test_a_record_broken_in_the_middle_keeps_what_came_before_the_break():
    """Junk written over the middle of a file (not inside a string): the part before it
    reads as a file cut there, and the fault says where the text is broken."""
    text = _three_deals()
    whole = load_record(text)
    at = (
        text.index(
            ",", text.index('"actions"', text.index('"dealer"', text.rindex('"hands"') - 200)) + 40
        )
        + 1
    )
    broken = text[:at] + " garbage " + text[at:]
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(broken)
    record = load_record(broken, salvage=True)
    line = broken[:at].count("\n") + 1
    assert record.fault is not None and record.fault.startswith(f"line {line}, column ")
    assert record.fault.endswith("where its text is broken (what came after is lost)")
    assert record.deals[:2] == whole.deals[:2] and len(record.deals) == 3
    kept = record.deals[2].actions
    assert kept and kept == whole.deals[2].actions[: len(kept)]
