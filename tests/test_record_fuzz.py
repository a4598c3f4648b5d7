"""Damaged and foreign records never crash: 10,000 mutated or truncated records through the
loader in-process and about 100 through ``parlour replay`` — each gives a valid outcome or a
one-line refusal; never a traceback, never a hang. Old record versions stay loadable."""

import copy
import json
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from gamecore.errors import ParlourError
from gamecore.record import load_record, replay
from paths import DATA, ROOT

MUTATIONS_IN_PROCESS = 10_000
MUTATIONS_BY_COMMAND = 100
FOLDERS = ("newmarket", "pope-joan-f", "pope-joan-m", "pope-joan-c", "spin", "spinado",
           "spoil-five")


def _seeds() -> list[dict]:
    """One or two deals of several records of every game: small enough to replay fast."""
    out = []
    for folder in FOLDERS:
        for path in sorted((DATA / "conformance" / folder).glob("0[0-1][0-9].json"))[:4]:
            data = json.loads(path.read_text())
            data["deals"] = data["deals"][:2]
            out.append(data)
    return out


JUNK = [None, True, 0, -1, 2**70, 1.5, "", "XX", "10Z", [], {}, [1, 2], {"a": 1}, "0 AH",
        "9 stake 4", "0 split AH:99", "0 spin AD", "0 rob 2C"]


def _mutate(data: dict, rng: random.Random) -> str:
    """A damaged copy of ``data`` as JSON text (or broken text)."""
    d = copy.deepcopy(data)
    kind = rng.randrange(9)
    if kind == 0:  # truncated file
        text = json.dumps(d)
        return text[: rng.randrange(len(text))]
    if kind == 1:  # a flipped character
        text = json.dumps(d)
        i = rng.randrange(len(text))
        return text[:i] + chr(rng.randrange(32, 0x2660)) + text[i + 1:]
    deal = rng.choice(d["deals"])
    if kind == 2 and deal.get("actions"):  # an action removed, repeated or swapped
        acts = deal["actions"]
        i = rng.randrange(len(acts))
        op = rng.randrange(3)
        if op == 0:
            del acts[i]
        elif op == 1:
            acts.insert(i, acts[i])
        else:
            j = rng.randrange(len(acts))
            acts[i], acts[j] = acts[j], acts[i]
    elif kind == 3:  # a card moved between hands or into the stock
        hands = deal.get("hands") or [[]]
        a, b = rng.choice(hands), rng.choice(hands + [deal.setdefault("stock", [])])
        if a:
            b.append(a.pop(rng.randrange(len(a))))
    elif kind == 4:  # a key removed
        target = rng.choice([d, deal, d.get("start", d)])
        if target:
            target.pop(rng.choice(list(target)), None)
    elif kind == 5:  # a value replaced by junk
        target = rng.choice([d, deal])
        target[rng.choice(list(target))] = rng.choice(JUNK)
    elif kind == 6:  # a junk option
        d.setdefault("options", {})[rng.choice(["nm.stake", "gen.rounds", "pj.profile",
                                                "sf.robbing", "x.y"])] = rng.choice(JUNK)
    elif kind == 7:  # an action replaced by junk
        if deal.get("actions"):
            deal["actions"][rng.randrange(len(deal["actions"]))] = rng.choice(JUNK)
    else:  # a version or format change
        d[rng.choice(["version", "format", "game"])] = rng.choice(JUNK + [2, "spoil-six"])
    return json.dumps(d)


def test_ten_thousand_mutated_records_in_process():
    rng = random.Random(20261129)
    seeds = _seeds()
    refused = accepted = 0
    for _ in range(MUTATIONS_IN_PROCESS):
        text = _mutate(rng.choice(seeds), rng)
        try:
            out = replay(load_record(text))
        except ParlourError as e:
            assert "\n" not in str(e) and str(e)
            refused += 1
        else:
            assert set(out) == {"game", "deals", "balances", "pools", "next"}
            accepted += 1
    assert refused + accepted == MUTATIONS_IN_PROCESS and refused > 1000 and accepted > 100


def test_mutated_records_through_the_command(tmp_path):
    rng = random.Random(7)
    seeds = _seeds()
    paths = []
    for i in range(MUTATIONS_BY_COMMAND):
        p = tmp_path / f"m{i}.parlour.json"
        p.write_text(_mutate(rng.choice(seeds), rng), encoding="utf-8", errors="replace")
        paths.append(p)

    def run(p):
        return subprocess.run([sys.executable, "-m", "gui.cli", "replay", str(p)],
                              capture_output=True, text=True, cwd=ROOT, timeout=60)

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, paths))
    for r in results:
        assert "Traceback" not in r.stderr
        if r.returncode == 0:
            assert json.loads(r.stdout)["deals"] is not None and r.stderr == ""
        else:
            assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1


def test_version_1_fixtures_stay_loadable():
    """Records written by earlier builds (format version 1) load and replay forever."""
    fixtures = sorted((DATA / "records" / "v1").glob("*.parlour.json"))
    assert len(fixtures) >= 3
    for path in fixtures:
        expected = json.loads(path.with_name(path.name.replace(".parlour.json",
                                                               ".parlour.expected.json"))
                              .read_text())
        assert replay(load_record(path.read_text())) == expected
