"""Version 2 of the deal record (../shared/formats/deal-record.md, "Version 2: deal
fingerprints"): the session keeps each deal's fingerprint, the writer writes version 2 exactly
when some deal has one (version 1, as before, otherwise), and the reader checks every rule."""

import copy
import hashlib
import json
import random
from pathlib import Path

import pytest

from gamecore import fingerprint as fp
from gamecore.cards import card_code
from gamecore.errors import RecordError
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import (
    deal_entry,
    dumps_record,
    load_record,
    outcome,
    record_head,
    record_of,
    replay,
    replay_session,
)
from helpers import cards, game_configs, nm, random_action
from paths import DATA

SALT = "3f9c0a6e1b2d4c5e6f708192a3b4c5d6"


def _play(session: Session, rng: random.Random, deals: int, fingerprinted: list[bool]) -> None:
    for k in range(deals):
        session.start_deal_seeded(rng.randrange(1 << 30), fingerprinted=fingerprinted[k])
        while session.deal_in_progress:
            session.apply(random_action(session.decision(), rng))


def _session(fingerprinted: list[bool], seed: int = 3) -> Session:
    session = Session(nm(), ["Ann", "Ben", "Cat"], 0)
    _play(session, random.Random(seed), len(fingerprinted), fingerprinted)
    return session


def _refused(data: dict) -> str:
    with pytest.raises(RecordError) as e:
        replay(load_record(json.dumps(data)))
    return str(e.value)


# ---- writing ------------------------------------------------------------------------------


def test_a_session_without_fingerprints_is_written_as_version_1_exactly_as_before():
    session = _session([False, False])
    # Version 1 as the writer has always written it: these keys, in this order.
    expected = {
        "format": "parlour-record",
        "version": 1,
        "game": "newmarket",
        "options": dict(session.options),
        "players": ["Ann", "Ben", "Cat"],
        "start": {
            "balances": [100, 100, 100],
            "pools": {"AH": 0, "KC": 0, "QD": 0, "JS": 0},
            "first_dealer": 0,
        },
        "deals": [
            {
                "dealer": log.dealer,
                "hands": [[card_code(c) for c in h] for h in log.hands],
                "stock": [card_code(c) for c in log.stock],
                "turnup": None,
                "actions": log.actions,
            }
            for log in session.logs
        ],
    }
    assert dumps_record(session) == json.dumps(expected, ensure_ascii=False, indent=1) + "\n"
    assert "fingerprint" not in dumps_record(session)


def test_one_fingerprinted_deal_makes_the_record_version_2_with_its_fingerprint():
    session = _session([False, True])
    data = record_of(session)
    assert data["version"] == 2 == record_head(session)["version"]
    assert "fingerprint" not in data["deals"][0]
    made = session.logs[1].fingerprint
    assert made is not None and data["deals"][1]["fingerprint"] == {
        "salt": made.salt,
        "sha256": made.sha256,
    }
    assert list(data["deals"][1]) == [
        "dealer",
        "hands",
        "stock",
        "turnup",
        "fingerprint",
        "actions",
    ]
    assert fp.matches(made, session.logs[1].hands, session.logs[1].stock, None)


def test_record_head_turns_version_2_when_the_current_deal_is_fingerprinted():
    """The autosave writes ``record_head`` and ``deal_entry``: both carry version 2 and the
    fingerprint from the moment the deal is dealt, before its first decision."""
    session = Session(nm(), ["Ann", "Ben", "Cat"], 0)
    session.start_deal_seeded(5)
    assert record_head(session)["version"] == 1
    assert "fingerprint" not in deal_entry(session.logs[-1])
    made = session.fingerprint_deal(SALT)
    assert made.salt == SALT and session.fingerprint == made
    assert record_head(session)["version"] == 2
    assert deal_entry(session.logs[-1])["fingerprint"] == {"salt": SALT, "sha256": made.sha256}


def test_a_fingerprint_comes_before_the_first_decision_only():
    session = Session(nm(), ["Ann", "Ben", "Cat"], 0)
    with pytest.raises(ValueError, match="no current deal"):
        session.fingerprint_deal()
    session.start_deal_seeded(5)
    with pytest.raises(ValueError, match="32 lower-case hex digits"):
        session.fingerprint_deal(SALT.upper())
    session.apply(random_action(session.decision(), random.Random(1)))
    with pytest.raises(ValueError, match="before its first decision"):
        session.fingerprint_deal()
    assert session.fingerprint is None


def test_start_deal_refuses_a_fingerprint_of_other_cards():
    session = Session(nm(), ["Ann", "Ben", "Cat"], 0)
    hands, stock, turnup = session.game.deal_from_deck(list(range(52)), 3, 0)
    wrong = fp.make(hands[::-1], stock, turnup, SALT)
    with pytest.raises(ValueError, match="does not match"):
        session.start_deal(hands, stock, turnup, wrong)
    right = fp.make(hands, stock, turnup, SALT)
    session.start_deal(hands, stock, turnup, right)
    assert session.fingerprint == right


def test_undo_keeps_the_deals_fingerprint():
    session = Session(nm(), ["Ann", "Ben", "Cat"], 0)
    session.start_deal_seeded(9, fingerprinted=True)
    made = session.fingerprint
    rng = random.Random(2)
    for _ in range(8):
        session.apply(random_action(session.decision(), rng))
    session.rewind(3)
    assert session.fingerprint == made and len(session.logs[-1].actions) == 3


@pytest.mark.parametrize("config", game_configs(variants=False), ids=lambda c: c[0])
def test_write_read_replay_keeps_every_fingerprint_in_every_game(config):
    name, options = config
    if name not in ("pope-joan", "newmarket", "spin", "spinado", "spoil-five"):
        pytest.skip("not a record game")
    game = make_game(name, options)
    n = max(game.min_players, 3)
    session = Session(game, [f"P{i}" for i in range(n)], 1)
    _play(session, random.Random(11), 3, [True, False, True])
    text = dumps_record(session)
    record = load_record(text)
    assert record.version == 2
    assert [d.fingerprint for d in record.deals] == [log.fingerprint for log in session.logs]
    again = replay_session(record)
    assert [log.fingerprint for log in again.logs] == [log.fingerprint for log in session.logs]
    assert dumps_record(again) == text
    assert outcome(again) == outcome(session)


# ---- reading ------------------------------------------------------------------------------


def _v2() -> dict:
    return record_of(_session([True, False, True], seed=8))


def test_a_version_2_record_reads_and_replays_with_the_same_outcome_as_version_1():
    data = _v2()
    plain = copy.deepcopy(data)
    plain["version"] = 1
    for d in plain["deals"]:
        d.pop("fingerprint", None)
    assert replay(load_record(json.dumps(data))) == replay(load_record(json.dumps(plain)))


def test_a_version_2_record_without_any_fingerprint_is_refused():
    data = _v2()
    for d in data["deals"]:
        d.pop("fingerprint", None)
    assert _refused(data) == (
        "version: a version-2 record has at least one deal with a fingerprint; this one has none"
    )


def test_a_fingerprint_in_a_version_1_record_is_an_unknown_key():
    data = _v2()
    data["version"] = 1
    assert _refused(data) == "deal 1: unknown key fingerprint (a fingerprint needs version 2)"


def test_a_newer_version_is_refused():
    data = _v2()
    data["version"] = 3
    assert _refused(data) == "version: 3 is newer than this program reads (2)"
    data["version"] = 0
    assert _refused(data) == "version: expected 1 or 2, got 0"


def test_a_changed_card_is_caught_by_the_fingerprint():
    data = _v2()
    deal = data["deals"][2]
    a, b = deal["hands"][0][0], deal["hands"][1][0]
    deal["hands"][0][0], deal["hands"][1][0] = b, a  # still a whole pack: only the hash sees it
    assert _refused(data) == "deal 3: fingerprint does not match its cards"


def test_a_changed_stock_card_is_caught_too():
    data = _v2()
    deal = data["deals"][0]
    deal["hands"][2][0], deal["stock"][0] = deal["stock"][0], deal["hands"][2][0]
    assert _refused(data) == "deal 1: fingerprint does not match its cards"


def test_the_order_of_the_cards_in_a_hand_does_not_matter():
    data = _v2()
    for hand in data["deals"][0]["hands"]:
        hand.reverse()
    data["deals"][0]["stock"].reverse()
    load_record(json.dumps(data))


def test_a_fingerprinted_deal_never_gives_a_seed():
    data = _v2()
    data["deals"][0] = {"dealer": 0, "seed": 5, "fingerprint": data["deals"][0]["fingerprint"]}
    assert _refused(data) == (
        "deal 1: a fingerprinted deal lists its cards (hands, stock, turnup), never a seed"
    )


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("3f9c", 'fingerprint must be an object {"salt": …, "sha256": …}'),
        ({"salt": SALT}, "fingerprint.sha256 missing"),
        ({"sha256": "0" * 64}, "fingerprint.salt missing"),
        ({"salt": SALT, "sha256": "0" * 64, "pepper": 1}, "fingerprint: unknown key pepper"),
        (
            {"salt": SALT.upper(), "sha256": "0" * 64},
            "fingerprint.salt must be 32 lower-case hex digits",
        ),
        (
            {"salt": SALT[:-1], "sha256": "0" * 64},
            "fingerprint.salt must be 32 lower-case hex digits",
        ),
        ({"salt": 12, "sha256": "0" * 64}, "fingerprint.salt must be 32 lower-case hex digits"),
        (
            {"salt": SALT, "sha256": "0" * 63 + "g"},
            "fingerprint.sha256 must be 64 lower-case hex digits",
        ),
        ({"salt": SALT, "sha256": "0" * 65}, "fingerprint.sha256 must be 64 lower-case hex digits"),
        ({"salt": SALT, "sha256": "0" * 64}, "fingerprint does not match its cards"),
    ],
)
def test_salt_and_hash_syntax(value, reason):
    data = _v2()
    data["deals"][1]["fingerprint"] = value
    assert _refused(data) == "deal 2: " + reason


def _spoil_five_record(hashed_text: str) -> dict:
    hands = [["AS", "2S", "3S", "4S", "5S"], ["AH", "2H", "3H", "4H", "5H"]]
    held = {*cards(" ".join(hands[0] + hands[1])), cards("7D")[0]}
    stock = [card_code(c) for c in range(52) if c not in held]
    return {
        "format": "parlour-record",
        "version": 2,
        "game": "spoil-five",
        "players": ["Ann", "Ben"],
        "deals": [
            {
                "dealer": 1,
                "hands": hands,
                "stock": stock,
                "turnup": "7D",
                "fingerprint": {
                    "salt": SALT,
                    "sha256": hashlib.sha256(hashed_text.encode()).hexdigest(),
                },
                "actions": [],
            }
        ],
    }


def test_a_spoil_five_fingerprint_hashes_the_stock_without_the_turnup():
    """The hashed text written out by hand, hashed by hashlib (not by gamecore)."""
    rest = [c for c in range(52) if c not in cards("AS 2S 3S 4S 5S AH 2H 3H 4H 5H 7D")]
    text = (
        f"parlour-deal|{SALT}|AS 2S 3S 4S 5S/AH 2H 3H 4H 5H|"
        + " ".join(card_code(c) for c in rest)
        + "|7D"
    )
    assert text.count("7D") == 1 and "6D 8D" in text
    record = load_record(json.dumps(_spoil_five_record(text)))
    assert record.deals[0].fingerprint is not None
    wrong = text.replace("|7D", "|-")
    assert _refused(_spoil_five_record(wrong)) == "deal 1: fingerprint does not match its cards"


def test_a_fingerprinted_spoil_five_deal_lists_its_stock():
    rest = [c for c in range(52) if c not in cards("AS 2S 3S 4S 5S AH 2H 3H 4H 5H 7D")]
    text = (
        f"parlour-deal|{SALT}|AS 2S 3S 4S 5S/AH 2H 3H 4H 5H|"
        + " ".join(card_code(c) for c in rest)
        + "|7D"
    )
    data = _spoil_five_record(text)
    del data["deals"][0]["stock"]
    assert _refused(data) == "deal 1: a fingerprinted deal lists its cards: stock missing"


def _version(path: Path) -> object:
    try:
        return json.loads(path.read_text()).get("version")
    except ValueError:
        return None  # the bad record that is not JSON at all


VERSION_2_BAD = sorted(p for p in (DATA / "conformance").glob("*/bad-*.json") if _version(p) == 2)


def test_the_version_2_conformance_records_that_must_be_refused_still_are():
    assert [f"{p.parent.name}/{p.name}" for p in VERSION_2_BAD] == [
        "matrimony-f/bad-002.json",
        "matrimony-h/bad-002.json",
        "michigan/bad-002.json",
        "newmarket/bad-002.json",
        "pope-joan-m/bad-002.json",
        "spin/bad-002.json",
        "spinado/bad-002.json",
    ]
    for path in VERSION_2_BAD:
        with pytest.raises(RecordError, match="at least one deal with a fingerprint"):
            replay(load_record(Path(path).read_text()))


def test_the_autosave_writes_version_2_and_resumes_with_the_fingerprints(tmp_path):
    """gui/store/autosave.py builds its record from ``record_head`` and ``deal_entry``: a session
    whose deals are fingerprinted is autosaved as version 2, mid-deal and at deal ends, and
    resumes with the same fingerprints."""
    from gui.store import persistence
    from gui.store.autosave import Autosaver

    path = tmp_path / "autosave.parlour.json"
    errors: list[OSError] = []
    saver = Autosaver(path, lambda e: errors.append(e) if e is not None else None)
    meta = persistence.TableMeta([True, False, False])
    session = Session(nm(), ["Ann", "Ben", "Cat"], 0)
    rng = random.Random(4)
    try:
        for _ in range(2):
            session.start_deal_seeded(rng.randrange(1 << 30), fingerprinted=True)
            saver.save(session, meta)
            while session.deal_in_progress:
                session.apply(random_action(session.decision(), rng))
                saver.save(session, meta)
        session.start_deal_seeded(rng.randrange(1 << 30), fingerprinted=True)
        saver.save(session, meta)
        for _ in range(6):
            session.apply(random_action(session.decision(), rng))
            saver.save(session, meta)
        assert saver.flush()
    finally:
        saver.close()
    assert errors == []
    assert json.loads(path.read_text())["version"] == 2
    resumed, _ = persistence.load(path)
    assert [log.fingerprint for log in resumed.logs] == [log.fingerprint for log in session.logs]
    assert resumed.logs[-1].actions == session.logs[-1].actions
