"""Damaged and hostile records never crash (``tests/support/fuzz_records.py``): CI runs a share of
the mutation fuzz, every kind of damage and every kind of fault of the format's "Limits",
in process and through ``parlour replay``; each case gives a valid outcome or a one-line
refusal, never an internal error, never a hang. ``python -m tests.support.fuzz_records --cases
12000 --command 300`` runs the long share. Old record versions stay loadable."""

import json
import os
import random

from fuzz_records import _LIMITS, KINDS, mutate, run_by_command, run_in_process, seeds
from gamecore.errors import RecordError
from gamecore.limits import MAX_FILE_BYTES
from gamecore.record import load_record, load_record_bytes, replay
from paths import DATA

#: The share CI runs (the environment may ask for more).
CASES_IN_PROCESS = int(os.environ.get("PARLOUR_FUZZ_CASES", "3000"))
CASES_BY_COMMAND = int(os.environ.get("PARLOUR_FUZZ_COMMAND_CASES", "16"))


def test_mutated_records_in_process():
    tally = run_in_process(CASES_IN_PROCESS)
    assert tally.internal == [] and tally.hangs == []
    assert tally.cases == CASES_IN_PROCESS == tally.accepted + tally.refused
    assert tally.refused > CASES_IN_PROCESS // 2 and tally.accepted > CASES_IN_PROCESS // 20
    # Every kind of damage came up, and each kind of limit fault was refused in some case.
    assert set(tally.kinds) >= set(KINDS)
    assert all(tally.refused_kinds[f.__name__.lstrip("_")] > 0 for f in _LIMITS)


def test_every_kind_of_limit_fault_gives_an_outcome_or_a_reason():
    """A few cases of each kind of "Limits" fault, and of an oversized file, named."""
    base = seeds()
    rng = random.Random(3)
    for kind in [f.__name__.lstrip("_") for f in _LIMITS] + ["oversized"]:
        for _ in range(2 if kind == "oversized" else 25):
            _, raw = mutate(rng.choice(base), rng, kind)
            try:
                out = replay(load_record_bytes(raw))
            except RecordError as e:
                assert str(e) and "\n" not in str(e), kind
                assert (len(raw) > MAX_FILE_BYTES) == str(e).startswith(
                    "the file is larger than"
                ), kind
            else:
                assert len(raw) <= MAX_FILE_BYTES, kind
                assert set(out) == {"game", "deals", "balances", "pools", "next"}, kind


def test_mutated_records_through_the_command():
    tally = run_by_command(CASES_BY_COMMAND)
    assert tally.internal == [] and tally.hangs == []
    assert tally.cases == CASES_BY_COMMAND == tally.accepted + tally.refused


def test_version_1_fixtures_stay_loadable():
    """Records written by earlier builds (format version 1) load and replay forever."""
    fixtures = sorted((DATA / "records" / "v1").glob("*.parlour.json"))
    assert len(fixtures) >= 3
    for path in fixtures:
        expected = json.loads(
            path.with_name(path.name.replace(".parlour.json", ".parlour.expected.json")).read_text()
        )
        assert replay(load_record(path.read_text())) == expected
