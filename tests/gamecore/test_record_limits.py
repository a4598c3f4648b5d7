"""The deal-record format's limits (../shared/formats/deal-record.md, "Limits"): every fault
beyond them is refused with its one-line reason naming the key (or ``deal k, action j``),
never an internal error; a byte-order mark and card syntax in card options are accepted;
records at the largest amounts replay at once, and outcomes stay exact integers of any
length."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from gamecore import record as record_module
from gamecore.actions import NameStake, Split, parse_action
from gamecore.decisions import PlayChoice
from gamecore.errors import ParlourError, RecordError
from gamecore.games import make_game
from gamecore.limits import (
    MAX_AMOUNT,
    MAX_FILE_BYTES,
    exact_ints,
    fit_name,
    name_problem,
    short_message,
    shown,
)
from gamecore.match import Session
from gamecore.record import dumps_record, load_record, read_record, record_of, replay
from gui.app.cli import main
from helpers import nm, play_session


def _play(session: Session, rng: random.Random, deals: int) -> None:
    """Play ``deals`` deals: the default stake and automatic splits (worked out by
    arithmetic, whatever the amounts), random card plays."""
    for _ in range(deals):
        if session.complete:
            return
        session.start_deal_seeded(rng.randrange(1 << 30))
        while session.deal_in_progress:
            d = session.decision()
            if isinstance(d, PlayChoice):
                session.apply(rng.choice(d.actions))
            else:
                session.apply(d.default_action())  # type: ignore[union-attr]


def _newmarket_record() -> dict[str, Any]:
    session = Session(nm(), ["Ann", "Ben", "Cat", "Dan"], first_dealer=1)
    play_session(session, random.Random(5), max_deals=1)
    return json.loads(dumps_record(session))


def _pope_joan_record(profile: str) -> dict[str, Any]:
    session = Session(make_game("pope-joan", {"pj.profile": profile}), ["A", "B", "C"], 0)
    _play(session, random.Random(2), 1)
    return json.loads(dumps_record(session))


def _refused(text: str) -> str:
    with pytest.raises(RecordError) as e:
        replay(load_record(text))
    message = str(e.value)
    assert "\n" not in message and message == short_message(message)
    return message


# ---- integers ---------------------------------------------------------------------------


def test_a_number_of_thousands_of_digits_is_refused_at_its_key_without_converting_it():
    """Never Python's "Exceeds the limit (4300 digits)": the digits are counted first."""
    data = _newmarket_record()
    data["options"]["nm.stake"] = 987654321
    text = json.dumps(data).replace("987654321", "9" * 5000)
    assert _refused(text) == "options: nm.stake must be an integer ≥ 1 (got a 5000-digit number)"
    data = _newmarket_record()
    data["start"]["balances"][3] = 987654321
    text = json.dumps(data).replace("987654321", "-" + "1" * 100_000)
    assert _refused(text) == "start.balances: must be 4 whole numbers"


@pytest.mark.parametrize(
    ("key", "value", "reason"),
    [
        (
            "nm.stake",
            MAX_AMOUNT + 1,
            "options: nm.stake must be at most 1000000000 (got 1000000001)",
        ),
        (
            "gen.startCounters",
            10**12,
            "options: gen.startCounters must be at most 1000000000 (got 1000000000000)",
        ),
        ("gen.rounds", 1001, "options: gen.rounds must be at most 1000 (got 1001)"),
        ("nm.stake", True, "options: nm.stake must be an integer ≥ 1 (got true)"),
        ("nm.stake", 4.0, "options: nm.stake must be an integer ≥ 1 (got 4.0)"),
        ("nm.stake", "4", "options: nm.stake must be an integer ≥ 1 (got '4')"),
        ("nm.maxStake", 2.5, "options: nm.maxStake must be null or an integer ≥ 1 (got 2.5)"),
    ],
)
def test_integer_options_beyond_the_limits_or_not_integers_are_refused(key, value, reason):
    data = _newmarket_record()
    data["options"][key] = value
    assert _refused(json.dumps(data)) == reason


def test_the_largest_option_values_are_accepted():
    data = _newmarket_record()
    data["options"].update({"gen.rounds": 1000, "gen.startCounters": MAX_AMOUNT})
    assert replay(load_record(json.dumps(data)))["deals"][0]["finished"] is True


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (True, "start.first_dealer: must equal deals[0].dealer (1)"),
        (1.0, "start.first_dealer: must equal deals[0].dealer (1)"),
        ("1", "start.first_dealer: must equal deals[0].dealer (1)"),
    ],
)
def test_first_dealer_must_be_a_json_integer(value, reason):
    """``first_dealer: true`` used to be accepted (True == 1) and ``2.0`` crashed."""
    data = _newmarket_record()
    assert data["start"]["first_dealer"] == 1
    data["start"]["first_dealer"] = value
    assert _refused(json.dumps(data)) == reason


@pytest.mark.parametrize(
    ("patch", "reason"),
    [
        (
            lambda d: d["start"]["balances"].__setitem__(2, -MAX_AMOUNT - 1),
            "start.balances[2]: -1000000001 is beyond the format's limit "
            "(at most 1000000000 either way)",
        ),
        (
            lambda d: d["start"]["balances"].__setitem__(0, True),
            "start.balances: must be 4 whole numbers",
        ),
        (
            lambda d: d["start"]["pools"].__setitem__("KC", MAX_AMOUNT + 1),
            "start.pools.KC: 1000000001 is over the format's limit of 1000000000",
        ),
        (
            lambda d: d["start"]["pools"].__setitem__("KC", 1.0),
            "start.pools.KC: must be a whole number ≥ 0",
        ),
        (
            lambda d: d["deals"].__setitem__(0, {"dealer": 1, "seed": 1 << 63}),
            "deal 1: seed must be a whole number from 0 to 2^63 - 1",
        ),
        (
            lambda d: d["deals"].__setitem__(0, {"dealer": 1, "seed": -1}),
            "deal 1: seed must be a whole number from 0 to 2^63 - 1",
        ),
        (lambda d: d["deals"][0].update(dealer=1.0), "deal 1: dealer must be a seat from 0 to 3"),
        (lambda d: d.update(version=1.0), "version: expected 1 or 2, got 1.0"),
        (lambda d: d.update(version=True), "version: expected 1 or 2, got true"),
    ],
)
def test_amounts_seeds_and_seats_beyond_the_limits_are_refused(patch, reason):
    data = _newmarket_record()
    patch(data)
    assert _refused(json.dumps(data)) == reason


def test_the_largest_start_amounts_and_seed_are_accepted():
    data = _newmarket_record()
    data["start"]["balances"] = [MAX_AMOUNT, -MAX_AMOUNT, 0, 7]
    data["start"]["pools"] = {"AH": MAX_AMOUNT, "KC": 0, "QD": 0, "JS": 1}
    data["deals"] = [{"dealer": 1, "seed": (1 << 63) - 1, "actions": []}]
    out = replay(load_record(json.dumps(data)))
    assert out["next"] == {"seat": 1, "legal": ["1 stake 4.."]}
    assert out["deals"][0]["pools"] == {"AH": MAX_AMOUNT, "KC": 0, "QD": 0, "JS": 1}


# ---- actions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (
            "1 stake \u00b2",
            "the stake must be a whole number written in the digits 0 to 9, not '²'",
        ),
        (
            "1 stake \u0664",
            "the stake must be a whole number written in the digits 0 to 9, not '٤'",
        ),
        (
            "\uff11 stake 4",
            "the seat must be a whole number written in the digits 0 to 9, not '１'",
        ),
        ("1 stake 1000000001", "the stake is over the format's limit of 1000000000"),
        ("1 stake " + "9" * 5000, "the stake is over the format's limit of 1000000000"),
        ("1  stake 4", "the words of an action are separated by one space"),
        (" 1 stake 4", "the words of an action are separated by one space"),
        ("1 stake 4 ", "the words of an action are separated by one space"),
        (
            "1\u00a0stake 4",
            "the seat must be a whole number written in the digits 0 to 9, not '1\\xa0stake'",
        ),
        ("1 sta\u212ae 4", "not an action: '1 sta\u212ae 4'"),  # the Kelvin sign lower-cases to k
        (
            "1 split AH:\u00b9",
            "the amount on AH must be a whole number written in the digits 0 to 9, not '¹'",
        ),
    ],
)
def test_actions_take_ascii_digits_and_single_spaces(action, reason):
    """Format "Limits": inside an action, seats and amounts are ASCII digits and words are
    separated by one ASCII space."""
    data = _newmarket_record()
    data["deals"][0]["actions"][0] = action
    quoted = shown(action, 80)  # a long action is cut in the message
    assert _refused(json.dumps(data)) == f'deal 1, action 1 ("{quoted}"): {reason}'


def test_an_action_with_a_control_character_names_its_deal_and_action():
    data = _newmarket_record()
    data["deals"][0]["actions"][3] = "1\tstake 4"
    assert _refused(json.dumps(data)) == (
        'deal 1, action 4 ("1\\tstake 4"): a control character U+0009 is not allowed in a record'
    )


def test_parse_action_reads_the_largest_amounts_and_leading_zeros():
    pools = ("AH", "KC", "QD", "JS")
    assert parse_action("3 stake 1000000000", pools) == NameStake(3, MAX_AMOUNT)
    assert parse_action("01 split KC:0001000000000", pools) == Split(1, (0, MAX_AMOUNT, 0, 0))


# ---- names and strings ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("", "players[1]: a name must not be empty"),
        ("x" * 41, "players[1]: a name has at most 40 characters, not 41"),
        (" Ben", "players[1]: a name must not begin or end with a space"),
        ("Ben\u3000", "players[1]: a name must not begin or end with a space"),
        ("B\u2028en", "players[1]: a line separator U+2028 is not allowed in a record"),
        ("B\u2029en", "players[1]: a paragraph separator U+2029 is not allowed in a record"),
        ("B\x85en", "players[1]: a control character U+0085 is not allowed in a record"),
        ("B\ud800en", "players[1]: a lone surrogate U+D800 is not allowed in a record"),
        ("Be\nn", "players[1]: a control character U+000A is not allowed in a record"),
        (7, "players: must be a list of names"),
    ],
)
def test_names_follow_the_name_rule(name, reason):
    """Such a name used to be accepted; then every autosave and Save As failed."""
    data = _newmarket_record()
    data["players"][1] = name
    assert _refused(json.dumps(data)) == reason


def test_the_longest_names_and_any_script_are_accepted():
    data = _newmarket_record()
    data["players"] = ["x" * 40, "Zoë", "Ŝ\U0001f0a1 ♦", "名前"]
    assert replay(load_record(json.dumps(data, ensure_ascii=True)))["deals"][0]["finished"]


@pytest.mark.parametrize(
    ("patch", "reason"),
    [
        (
            lambda t: t.replace('"nm.', '"n\\u0000m.', 1),
            "options.'n\\x00m.stake': a control character U+0000 is not allowed in a record",
        ),
        (
            lambda t: t.replace('"2C"', '"2\\udc00"', 1),
            "a lone surrogate U+DC00 is not allowed in a record",
        ),
        (
            lambda t: t.replace('"newmarket"', '"new\\u2028market"', 1),
            "game: a line separator U+2028 is not allowed in a record",
        ),
    ],
)
def test_forbidden_characters_in_any_string_or_key_name_the_place(patch, reason):
    text = json.dumps(_newmarket_record())
    assert _refused(patch(text)).endswith(reason)


# ---- JSON shape -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("patch", "reason"),
    [
        (
            lambda t: t[:-1] + ', "game": "newmarket"}',
            'the file: key "game" given twice in one object',
        ),
        (
            lambda t: t.replace('"dealer": 1,', '"dealer": 1, "dealer": 1,', 1),
            'deal 1: key "dealer" given twice in one object',
        ),
        (
            lambda t: t.replace('"options": {', '"options": {"nm.stake": 5, ', 1),
            'options: key "nm.stake" given twice in one object',
        ),
    ],
)
def test_a_key_twice_in_one_object_is_refused(patch, reason):
    assert _refused(patch(json.dumps(_newmarket_record()))) == reason


def test_nesting_deeper_than_the_format_is_refused():
    data = _newmarket_record()
    data["deals"][0]["hands"][0].append(["AS"])
    assert _refused(json.dumps(data)) == (
        "deal 1: hands[0][12]: nested deeper than the format "
        "allows (5 levels of objects and arrays)"
    )
    data = _newmarket_record()
    data["options"]["nm.stake"] = [[[[[1]]]]]
    assert _refused(json.dumps(data)) == (
        "options.nm.stake[0][0][0]: nested deeper than the "
        "format allows (5 levels of objects and arrays)"
    )
    assert _refused("[" * 200_000 + "]" * 200_000) == (
        "the file is nested deeper than the format allows (5 levels of objects and arrays)"
    )


def test_nan_and_infinity_are_not_json():
    text = json.dumps(_newmarket_record())
    assert _refused(text[:-1] + ', "x": NaN}') == (
        "the file is not valid JSON (NaN is not a JSON number)"
    )
    assert _refused(text.replace('"nm.', '"x": -Infinity, "nm.', 1)) == (
        "the file is not valid JSON (-Infinity is not a JSON number)"
    )


def test_a_byte_order_mark_is_ignored(tmp_path):
    data = _newmarket_record()
    expected = replay(load_record(json.dumps(data)))
    assert replay(load_record("\ufeff" + json.dumps(data))) == expected
    path = tmp_path / "bom.parlour.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(data).encode())
    assert replay(read_record(path)) == expected


def test_a_file_over_32_mib_is_refused_before_parsing(tmp_path):
    path = tmp_path / "big.parlour.json"
    with open(path, "wb") as f:  # not even JSON: the size alone refuses it
        f.seek(MAX_FILE_BYTES)
        f.write(b"x")
    reason = "the file is larger than the format's limit of 32 MiB"
    with pytest.raises(RecordError, match=reason):
        read_record(path)
    with pytest.raises(RecordError, match=reason):
        load_record(" " * (MAX_FILE_BYTES + 1))
    path.write_bytes(b" " * (MAX_FILE_BYTES - 2) + b"{}")  # exactly the limit: read, parsed
    with pytest.raises(RecordError, match="format: missing"):
        read_record(path)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs a device without end")
def test_a_file_without_size_is_read_no_further_than_the_limit():
    with pytest.raises(RecordError, match="the file is larger than the format's limit"):
        read_record("/dev/zero")


# ---- Pope Joan turn-up (PJ-22, PJ-C-4) and card options ---------------------------------


@pytest.mark.parametrize(("profile", "rule"), [("M", "PJ-22"), ("C", "PJ-C-4")])
def test_pope_joan_m_and_c_deals_need_a_turn_up(profile, rule):
    data = _pope_joan_record(profile)
    assert data["deals"][0]["turnup"] is not None
    data["deals"][0]["turnup"] = None
    assert _refused(json.dumps(data)) == (
        f"deal 1: turnup missing: pope-joan turns a trump ({rule})"
    )
    del data["deals"][0]["turnup"]
    assert _refused(json.dumps(data)) == (
        f"deal 1: turnup missing: pope-joan turns a trump ({rule})"
    )


@pytest.mark.parametrize(("given", "canonical"), [("7♦", "7D"), ("9d", "9D"), ("9♦", "9D")])
def test_card_options_take_card_syntax_and_are_written_canonically(given, canonical):
    """Format "Limits": ``pj.pope`` accepts ``"7♦"``; writers write ``7D``."""
    data = _pope_joan_record("F")
    data["options"]["pj.pope"] = given
    data["options"]["pj.honourSuits"] = "♦c♠H"
    record = load_record(json.dumps(data))
    assert (record.game.options["pj.pope"], record.game.options["pj.honourSuits"]) == (
        canonical,
        "DCSH",
    )
    session = record_module.replay_session(record)
    written = record_of(session)["options"]
    assert (written["pj.pope"], written["pj.honourSuits"]) == (canonical, "DCSH")
    assert replay(load_record(json.dumps(record_of(session)))) == replay(record)


def test_a_pope_that_is_no_card_is_refused():
    data = _pope_joan_record("F")
    data["options"]["pj.pope"] = "8♦"
    assert _refused(json.dumps(data)) == 'options: pj.pope must be one of "7D", "9D" (got \'8♦\')'


# ---- the largest amounts (NM-5, PJ-21) --------------------------------------------------


def test_automatic_split_of_the_largest_stakes_is_exact_nm5_pj21():
    """NM-5: one counter per boodle card cycling ♥A ♣K ♦Q ♠J; PJ-21: Pope, Matrimony,
    Intrigue, Confederacy, Game (pools in game order matrimony, intrigue, confederacy, pope,
    game). Worked out by division: 10^9 counters cost no more than 4."""
    assert nm().auto_split(MAX_AMOUNT) == (250_000_000,) * 4
    assert nm().auto_split(MAX_AMOUNT + 3) == (250_000_001, 250_000_001, 250_000_001, 250_000_000)
    pj_m = make_game("pope-joan", {"pj.profile": "M"})
    assert pj_m.auto_split(MAX_AMOUNT - 1) == (
        200_000_000,
        200_000_000,
        200_000_000,
        200_000_000,
        199_999_999,
    )
    assert pj_m.auto_split(7) == (2, 1, 1, 2, 1)


@pytest.mark.parametrize("staking_written", [True, False])
def test_a_stake_of_a_billion_replays_exactly_nm5(staking_written):
    """A record of Newmarket at stake 10^9 (staking actions written, or left out so that
    replay applies the default stake and automatic splits) replays to the same outcome."""
    game = make_game(
        "newmarket",
        {
            "nm.stake": MAX_AMOUNT,
            "nm.minStake": MAX_AMOUNT,
            "gen.startCounters": MAX_AMOUNT,
            "gen.rounds": 2,
        },
    )
    session = Session(game, ["A", "B", "C", "D"], first_dealer=0)
    _play(session, random.Random(11), 3)
    data = json.loads(dumps_record(session))
    assert data["deals"][0]["actions"][:2] == [
        "0 stake 1000000000",
        "1 split AH:250000000 KC:250000000 QD:250000000 JS:250000000",
    ]
    if not staking_written:
        for deal in data["deals"]:
            deal["actions"] = deal["actions"][5:]
    out = replay(load_record(json.dumps(data)))
    assert out == record_module.outcome(session)
    assert sum(out["balances"]) + sum(out["pools"].values()) == 4 * MAX_AMOUNT
    assert max(map(abs, out["balances"])) > MAX_AMOUNT  # outcomes go past the input limit


def test_pope_joan_m_dealer_stake_of_a_billion_replays_exactly_pj21():
    game = make_game("pope-joan", {"pj.profile": "M", "pj.m.dealerStake": MAX_AMOUNT})
    session = Session(game, ["A", "B", "C", "D", "E"], first_dealer=2)
    _play(session, random.Random(4), 2)
    data = json.loads(dumps_record(session))
    assert data["deals"][0]["actions"][0] == "2 stake 1000000000"
    for deal in data["deals"]:
        deal["actions"] = [a for a in deal["actions"] if " stake " not in a and " split " not in a]
    assert replay(load_record(json.dumps(data))) == record_module.outcome(session)


# ---- exact outcomes of any length, one-line messages ------------------------------------


def test_replay_prints_balances_of_any_length_exactly(tmp_path, capsys, monkeypatch):
    """Python refuses to print an int of more than 4,300 digits; replay lifts that limit
    while it works, and prints the whole number."""
    path = tmp_path / "r.parlour.json"
    path.write_text(json.dumps(_newmarket_record()))
    real = record_module.read_record

    def rich_start(p: str) -> Any:
        rec = real(p)
        rec.balances = [10**5000, -(10**6000), 3, 4]  # beyond any record: an engine state
        return rec

    monkeypatch.setattr(record_module, "read_record", rich_start)
    assert main(["replay", str(path)]) == 0
    printed = capsys.readouterr().out
    start = [10**5000, -(10**6000), 3, 4]
    session = record_module.replay_session(real(path))
    with exact_ints():
        out = json.loads(printed)
        expected = [b + s - 100 for b, s in zip(session.balances, start, strict=True)]
        assert out["balances"] == expected
        assert f'"balances": [\n  {expected[0]},\n  {expected[1]},' in printed


def test_internal_errors_of_replay_are_one_capped_line(tmp_path, capsys, monkeypatch):
    path = tmp_path / "r.parlour.json"
    path.write_text(json.dumps(_newmarket_record()))

    def broken(_record: Any) -> Any:
        raise KeyError("x" * 10_000 + "\nsecond line")

    monkeypatch.setattr(record_module, "replay", broken)
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("parlour replay: internal error: KeyError: 'xxx")
    assert captured.err.count("\n") == 1 and len(captured.err) == 301


def test_every_refusal_is_a_parlour_error():
    assert issubclass(RecordError, ParlourError)


# ---- the limits module ------------------------------------------------------------------


def test_name_rule_and_fitting_a_typed_name():
    assert name_problem("Ann") is None and name_problem("x" * 40) is None
    assert name_problem("x" * 41) == "a name has at most 40 characters, not 41"
    assert name_problem("Ann ") == "a name must not begin or end with a space"
    assert name_problem("A\tn") == "a name must not hold a control character U+0009"
    assert fit_name("  An\tn  ", "You") == "Ann"
    assert fit_name("x" * 39 + " yz", "You") == "x" * 39
    assert fit_name(" \n ", "You") == "You"
    assert fit_name("é" * 60, "You") == "é" * 40


def test_short_message_is_one_line_of_at_most_300_characters():
    assert short_message("deal 1: fine") == "deal 1: fine"
    assert short_message("a\nb\u2028c") == "a b c"
    long = short_message("y" * 1000)
    assert len(long) == 300 and long.endswith("…")
    assert short_message("z" * 50, limit=10) == "z" * 9 + "…"


def test_a_session_fits_names_to_the_name_rule():
    """So that a session started from old settings (a name of any length) still writes a
    record its reader accepts."""
    session = Session(nm(), ["x" * 60, " Ben ", "C\nat", "\t"], first_dealer=0)
    assert session.players == ["x" * 40, "Ben", "Cat", "Player 4"]
    _play(session, random.Random(1), 1)
    assert load_record(dumps_record(session)).players == session.players


def test_the_amounts_benchmark_runs(capsys):
    """``python -m gamecore.bench_record`` (its timings are reported, not asserted)."""
    from gamecore import bench_record

    assert bench_record.main(["--deals", "2", "--runs", "1", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()[:-1]]
    assert [r["game"] for r in rows] == [g[0] for g in bench_record.GAMES]
    assert bench_record.largest_options("newmarket", {})["nm.maxStake"] == MAX_AMOUNT
