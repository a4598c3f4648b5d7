"""The deal record and ``parlour replay`` (../shared/formats/deal-record.md): conformance
records, refusals of bad records, and write → read → replay round trips."""

import json
import os
import random
import subprocess
import sys
import textwrap

import pytest

from gamecore.errors import RecordError
from gamecore.match import Session
from gamecore.record import dumps_record, load_record, outcome, replay, save_record
from gui.app.cli import main
from helpers import conformance_folders, nm, play_session
from paths import DATA, ROOT

CONFORMANCE = DATA / "conformance"
#: One folder per New Game entry of every game the record format lists.
STOPS_FOLDERS = conformance_folders()
RECORDS = sorted(
    p
    for folder in STOPS_FOLDERS
    for p in (CONFORMANCE / folder).glob("[0-9]*.json")
    if not p.name.endswith(".expected.json")
)
BAD = sorted(p for folder in STOPS_FOLDERS for p in (CONFORMANCE / folder).glob("bad-*.json"))
NM_RECORDS = [p for p in RECORDS if p.parent.name == "newmarket"]
NM_BAD = [p for p in BAD if p.parent.name == "newmarket"]


def _compared(out: dict) -> tuple:
    """The fields the conformance README says to compare; ``next.legal`` as a set."""
    return (
        [(d["winner"], d["balances"], d["pools"]) for d in out["deals"]],
        out["balances"],
        out["pools"],
        out["next"]["seat"],
        sorted(out["next"]["legal"]),
    )


def test_there_are_conformance_records_for_every_game():
    assert len(RECORDS) == 36 * len(STOPS_FOLDERS) and len(BAD) == 10 * len(STOPS_FOLDERS)


def _id(p) -> str:
    return f"{p.parent.name}/{p.stem}"


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_conformance(path, capsys):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert _compared(json.loads(out)) == _compared(expected)


BAD_REASONS = {
    "newmarket/bad-001": "the file is not valid JSON",
    "newmarket/bad-002": "version: a version-2 record has at least one deal with a "
    "fingerprint; this one has none",
    "newmarket/bad-003": "options: unknown key nm.jokers",
    "newmarket/bad-004": "options: nm.stake must be an integer ≥ 1 (got 0)",
    "newmarket/bad-005": "deal 1: QH appears twice",
    "newmarket/bad-006": "deal 1: cards missing from hands and stock: AC",
    "newmarket/bad-007": "deal 2: dealer must be seat 5 (rotation, GEN-3), not seat 6",
    "newmarket/bad-008": 'deal 1, action 31 ("1 9S"): seat 1 does not hold 9S',
    "newmarket/bad-009": "deal 1, action 10 (\"2 9D\"): it is seat 0's turn, not seat 2's",
    "newmarket/bad-010": "deal 1: hands[2]: not a card: '1X'",
    "pope-joan-f/bad-002": "format: expected \"parlour-record\", got 'parlour-save'",
    "pope-joan-f/bad-004": 'options: pj.pope must be one of "7D", "9D" (got \'8D\')',
    "pope-joan-f/bad-008": 'deal 2, action 15 ("2 10S"): seat 2 does not hold 10S',
    "pope-joan-m/bad-002": "version: a version-2 record has at least one deal with a "
    "fingerprint; this one has none",
    "pope-joan-m/bad-004": "options: pj.m.dealerStake must be an integer ≥ 1 (got 0)",
    "pope-joan-m/bad-009": "deal 4, action 39 (\"0 2H\"): it is seat 2's turn, not seat 0's",
    "pope-joan-c/bad-004": "options: pj.c.popeTurnUp must be one of",
    "pope-joan-c/bad-007": "deal 2: dealer must be seat 3 (rotation, GEN-3), not seat 4",
    "spin/bad-002": "version: a version-2 record has at least one deal with a fingerprint",
    "spin/bad-003": "options: unknown key sp.doubleSpin",
    "spin/bad-004": "options: nm.aceHigh must be false in Spin (SP-9)",
    "spinado/bad-002": "version: a version-2 record has at least one deal with a fingerprint",
    "spinado/bad-004": 'options: sn.intrigue must be one of "QJ", "KJ" (got \'KQ\')',
    "spinado/bad-008": 'deal 3, action 9 ("0 spin AH"): seat 0 does not hold AH',
    "spoil-five/bad-004": 'options: sf.packets must be one of "3-2", "2-3" (got \'4-1\')',
    "spoil-five/bad-007": "start.first_dealer: must equal deals[0].dealer (1)",
    "spoil-five/bad-009": "deal 1, action 25 (\"0 10S\"): it is seat 6's turn, not seat 0's",
    "matrimony-f/bad-003": "options: unknown key mt.pope",
    "matrimony-f/bad-008": 'deal 2, action 9 ("8 split pair:1000"): the split must put '
    "exactly 5 counters on the compartments, not 1000 (MT-5)",
    "matrimony-f/bad-009": 'deal 6, action 7 ("1 split matrimony:1"): it is seat 7\'s turn',
    "matrimony-h/bad-004": 'options: mt.h.best must be one of "highestCard", "highestDiamond"',
    "matrimony-h/bad-008": 'deal 6, action 7 ("3 split pair:1000"): the split must put '
    "exactly 1 counter on the compartments, not 1000 (MT-5)",
    "matrimony-h/bad-010": "deal 1: hands[1]: not a card: 'QQ'",
}


@pytest.mark.parametrize("path", BAD, ids=_id)
def test_bad_records_are_refused(path, capsys):
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("parlour replay: ")
    assert "internal error" not in err
    expected = BAD_REASONS.get(_id(path))
    if expected is not None:
        assert err.startswith("parlour replay: " + expected)


def test_replay_as_a_command_in_a_fresh_process_exit_codes():
    good = subprocess.run(
        [sys.executable, "-m", "gui.app.cli", "replay", str(NM_RECORDS[0])],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert good.returncode == 0 and json.loads(good.stdout)["game"] == "newmarket"
    bad = subprocess.run(
        [sys.executable, "-m", "gui.app.cli", "replay", str(NM_BAD[0])],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert len(bad.stderr.splitlines()) == 1 and "Traceback" not in bad.stderr


def test_replay_never_imports_qt():
    """``parlour replay`` must run on a machine with no display and no Qt."""
    script = textwrap.dedent(f"""
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("PySide6", "shiboken6"):
                    raise ImportError("Qt is blocked in this test: " + name)
        sys.meta_path.insert(0, Block())
        from gui.app.cli import main
        code = main(["replay", {str(NM_RECORDS[0])!r}])
        assert not any(m.startswith(("PySide6", "shiboken6")) for m in sys.modules)
        sys.exit(code)
    """)
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    run = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["deals"]


@pytest.mark.parametrize(
    ("patch", "reason"),
    [
        (lambda r: r.update(format="pgn"), 'format: expected "parlour-record"'),
        (lambda r: r.update(extra=1), "unknown key extra"),
        (lambda r: r.update(game="bridge"), "game: unknown game 'bridge'"),
        # another file's JSON: a missing key is said to be missing, not quoted as None
        (lambda r: r.pop("format"), "format: missing, so this is not a deal record"),
        (lambda r: r.pop("version"), "version: missing (expected 1 or 2)"),
        (lambda r: r.pop("game"), "game: missing, so the record names no game"),
        # a JSON value in the file's own spelling, not Python's None or True
        (lambda r: r.update(format=None), 'format: expected "parlour-record", got null'),
        (lambda r: r.update(version=True), "version: expected 1 or 2, got true"),
        (lambda r: r.update(game=None), "game: unknown game null"),
        (lambda r: r["options"].update({"nm.stake": None}), "(got null)"),
        (lambda r: r.update(players=["A", "B"]), "players: newmarket is for 3 to 8 players"),
        (
            lambda r: r["start"].update(first_dealer=(r["deals"][0]["dealer"] + 1) % 4),
            "start.first_dealer: must equal deals[0].dealer",
        ),
        (lambda r: r["start"].update(pools={"XX": 1}), "start.pools: unknown pool XX"),
        (lambda r: r["deals"][0].update(turnup="2S"), "newmarket turns no trump"),
        (lambda r: r["deals"][0]["hands"][0].pop(), "deal 1: hands[0] has 11 cards"),
        (lambda r: r["deals"][0]["actions"].insert(5, "0 hello"), "deal 1, action 6"),
        (
            lambda r: r["deals"].append(dict(r["deals"][0], dealer=r["deals"][0]["dealer"])),
            "deal 2: dealer must be seat",
        ),
    ],
)
def test_bad_record_variants(patch, reason):
    session = Session(nm(), ["A", "B", "C", "D"], first_dealer=1)
    play_session(session, random.Random(5), max_deals=1)
    data = json.loads(dumps_record(session))
    patch(data)
    with pytest.raises(RecordError) as e:
        replay(load_record(json.dumps(data)))
    assert reason in str(e.value)
    assert "\n" not in str(e.value)


def test_deal_beyond_the_end_of_the_session_is_refused():
    session = Session(nm(gen_rounds=1), ["A", "B", "C"], first_dealer=0)
    play_session(session, random.Random(8))
    data = json.loads(dumps_record(session))
    data["deals"].append(dict(data["deals"][0]))
    with pytest.raises(RecordError, match="deal 4: the session is already over"):
        replay(load_record(json.dumps(data)))


@pytest.mark.parametrize("seed", range(12))
def test_write_read_replay_gives_the_same_outcome(seed, tmp_path):
    rng = random.Random(seed)
    n = 3 + seed % 6
    options = [
        {},
        {"nm.aceHigh": True},
        {"nm.mustChangeSuit": True, "gen.rounds": 2},
        {"nm.removeEightOfDiamonds": True, "gen.endPools": "carryToNextSession"},
        {"gen.allowDebt": False, "gen.startCounters": 15},
        {"nm.maxStake": 9},
    ][seed % 6]
    session = Session(
        nm(**{k.replace(".", "_"): v for k, v in options.items()}),
        [f"P{i}" for i in range(n)],
        first_dealer=rng.randrange(n),
    )
    play_session(session, rng, max_deals=rng.randrange(1, 2 * n + 1))
    # Leave the last deal half played about half of the time (a saved game in progress).
    if not session.complete and rng.random() < 0.5:
        session.start_deal_seeded(rng.randrange(1 << 30))
        for _ in range(rng.randrange(12)):
            if not session.deal_in_progress:
                break
            session.apply(rng.choice(session.legal_actions()))
    path = tmp_path / "game.parlour.json"
    save_record(session, path)
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind
    assert replay(load_record(path.read_text())) == outcome(session)


def test_record_without_staking_actions_uses_the_default_stake_nm5():
    session = Session(nm(), ["A", "B", "C", "D"], first_dealer=0)
    play_session(session, random.Random(3), max_deals=1)
    data = json.loads(dumps_record(session))
    actions = data["deals"][0]["actions"]
    assert actions[:5] == ["0 stake " + actions[0].split()[2], *actions[1:5]]
    data["deals"][0]["actions"] = actions[5:]
    out = replay(load_record(json.dumps(data)))
    # Default stake 4, automatic split 1 on each boodle card, from every player.
    assert out["deals"][0]["finished"] is True
    assert sum(out["balances"]) + sum(out["deals"][0]["pools"].values()) == 400


def test_unfinished_staking_lists_the_next_staking_decision():
    session = Session(nm(nm_maxStake=20), ["A", "B", "C"], first_dealer=2)
    session.start_deal_seeded(1)
    assert replay(load_record(dumps_record(session)))["next"] == {
        "seat": 2,
        "legal": ["2 stake 4..20"],
    }
    session = Session(nm(), ["A", "B", "C"], first_dealer=2)
    session.start_deal_seeded(1)
    assert replay(load_record(dumps_record(session)))["next"]["legal"] == ["2 stake 4.."]
    from gamecore.actions import NameStake

    session.apply(NameStake(2, 6))
    assert replay(load_record(dumps_record(session)))["next"] == {"seat": 0, "legal": ["0 split 6"]}


def test_unreadable_file_gives_one_line(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["replay", str(binary)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not" in err
