"""Mutation fuzz of deal records: damaged and hostile files through the reader and replay.

Every case is a conformance record (a deal or two of every game) damaged in one way: the
plain damage of a file (truncated, a character changed, an action or a card moved, a key
removed, junk values) and every kind of fault of the format's "Limits": huge and non-ASCII
digits, bools and floats where integers belong, lone surrogates and control characters,
a key twice, nesting, a byte-order mark, amounts at and beyond 10^9, oversized files,
separators inside actions, names outside the name rule, a Pope Joan turn-up left out.
Each must give an outcome or a one-line :class:`~gamecore.errors.ParlourError`; anything
else is an internal error, and a case taking over :data:`HANG_SECONDS` is a hang.

``python -m tests.support.fuzz_records --cases 12000 --command 300`` runs a long share (in this
process, then ``--command`` cases through ``parlour replay`` in subprocesses) and prints
the counts; ``tests/gamecore/test_record_fuzz.py`` runs a short share in CI.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamecore.errors import ParlourError
from gamecore.games import entries
from gamecore.limits import MAX_AMOUNT, MAX_FILE_BYTES
from gamecore.record import load_record_bytes, replay

ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE = ROOT / "tests" / "data" / "conformance"
#: One conformance folder per New Game entry that has a conformance set, from the registry
#: (as tests/support/helpers.py's conformance_folders; this module also runs on its own).
FOLDERS = tuple(
    d.name if e.profile is None else f"{d.name}-{e.profile.lower()}"
    for d, e in entries()
    if e.conformance
)
#: A case that takes longer than this, seconds, is a hang.
HANG_SECONDS = 3.0
#: Through ``parlour replay``: the same, plus the start of a Python process on a busy machine.
COMMAND_HANG_SECONDS = HANG_SECONDS + 7.0


def seeds() -> list[dict[str, Any]]:
    """One or two deals of four records of every game: small enough to replay fast."""
    out = []
    for folder in FOLDERS:
        for path in sorted((CONFORMANCE / folder).glob("0[0-1][0-9].json"))[:4]:
            data = json.loads(path.read_text())
            data["deals"] = data["deals"][:2]
            out.append(data)
    return out


JUNK: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    2**70,
    1.5,
    2.0,
    -0.0,
    1e308,
    "",
    "XX",
    "10Z",
    [],
    {},
    [1, 2],
    {"a": 1},
    "0 AH",
    "9 stake 4",
    "0 split AH:99",
    "0 spin AD",
    "0 rob 2C",
    MAX_AMOUNT,
    MAX_AMOUNT + 1,
    -MAX_AMOUNT - 1,
    (1 << 63) - 1,
    1 << 63,
    "4",
    "²",
    "\u0663",
    "\ud800",
    "a\nb",
    "\u2028",
    [[[[[[1]]]]]],
    "7♦",
    "9d",
    "♦♣♠♥",
]
#: Text pieces that make a record's strings hostile: escapes of forbidden characters
#: (written raw into the JSON text) and odd but allowed characters.
HOSTILE = [
    "\\u0000",
    "\\n",
    "\\t",
    "\\u001f",
    "\\u007f",
    "\\u0085",
    "\\ud800",
    "\\udfff",
    "\\ud83d\\ude00",
    "\\u2028",
    "\\u2029",
    "\\u00a0",
    "\\u3000",
    "\\ufeff",
    "é",
    "♦",
    "\\u0301",
    "\\\\",
    '\\"',
]
ODD_DIGITS = ["²", "¹", "\u0664", "\uff11", "\u0966", "\u00bd", "\u2167", "\U0001d7ce"]
INT_PLACES = ("dealer", "first_dealer", "version", "seed", "balance", "pool", "option")


def _pick_deal(d: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    deal = rng.choice(d["deals"])
    return deal if isinstance(deal, dict) else {}


def _actions(deal: dict[str, Any]) -> list[Any]:
    acts = deal.get("actions")
    return acts if isinstance(acts, list) else []


def _text(d: Any) -> str:
    return json.dumps(d, ensure_ascii=False)


def _replace_number(text: str, rng: random.Random, new: str) -> str:
    """``text`` with one JSON number (a run of digits outside strings, roughly) replaced."""
    spots = [i for i in range(1, len(text)) if text[i].isdigit() and text[i - 1] in " [:,-"]
    if not spots:
        return text
    i = rng.choice(spots)
    j = i
    while j < len(text) and text[j].isdigit():
        j += 1
    return text[:i] + new + text[j:]


def _insert_in_string(text: str, rng: random.Random, piece: str) -> str:
    """``text`` with ``piece`` written inside one of its JSON strings (a key or a value)."""
    quotes = [i for i, ch in enumerate(text) if ch == '"' and text[i - 1] != "\\"]
    if len(quotes) < 2:
        return text
    k = rng.randrange(len(quotes) // 2) * 2
    start, end = quotes[k], quotes[k + 1]
    at = rng.randint(start + 1, end)
    return text[:at] + piece + text[at:]


# ---- the kinds of damage ----------------------------------------------------------------


def _truncated(d: dict, rng: random.Random) -> bytes:
    text = _text(d)
    return text[: rng.randrange(len(text))].encode("utf-8", "surrogatepass")


def _flipped_char(d: dict, rng: random.Random) -> bytes:
    text = _text(d)
    i = rng.randrange(len(text))
    return (text[:i] + chr(rng.randrange(0, 0x2660)) + text[i + 1 :]).encode(
        "utf-8", "surrogatepass"
    )


def _flipped_byte(d: dict, rng: random.Random) -> bytes:
    raw = bytearray(_text(d).encode())
    raw[rng.randrange(len(raw))] = rng.randrange(256)
    return bytes(raw)


def _action_moved(d: dict, rng: random.Random) -> Any:
    acts = _actions(_pick_deal(d, rng))
    if acts:
        i = rng.randrange(len(acts))
        op = rng.randrange(3)
        if op == 0:
            del acts[i]
        elif op == 1:
            acts.insert(i, acts[i])
        else:
            j = rng.randrange(len(acts))
            acts[i], acts[j] = acts[j], acts[i]
    return d


def _card_moved(d: dict, rng: random.Random) -> Any:
    deal = _pick_deal(d, rng)
    hands = deal.get("hands") or [[]]
    a, b = rng.choice(hands), rng.choice(hands + [deal.setdefault("stock", [])])
    if a:
        b.append(a.pop(rng.randrange(len(a))))
    return d


def _key_removed(d: dict, rng: random.Random) -> Any:
    target = rng.choice([d, _pick_deal(d, rng), d.get("start", d)])
    if target:
        target.pop(rng.choice(list(target)), None)
    return d


def _junk_value(d: dict, rng: random.Random) -> Any:
    target = rng.choice([d, _pick_deal(d, rng), d.get("start") or d])
    if target:
        target[rng.choice(list(target))] = copy.deepcopy(rng.choice(JUNK))
    return d


def _junk_option(d: dict, rng: random.Random) -> Any:
    key = rng.choice(
        [
            "nm.stake",
            "nm.minStake",
            "nm.maxStake",
            "gen.rounds",
            "gen.startCounters",
            "pj.profile",
            "pj.pope",
            "pj.honourSuits",
            "pj.m.dealerStake",
            "sf.robbing",
            "sf.ante",
            "sp.spinPayment",
            "sn.spinadoPayment",
            "x.y",
        ]
    )
    d.setdefault("options", {})[key] = copy.deepcopy(rng.choice(JUNK))
    return d


def _junk_action(d: dict, rng: random.Random) -> Any:
    acts = _actions(_pick_deal(d, rng))
    if acts:
        acts[rng.randrange(len(acts))] = copy.deepcopy(rng.choice(JUNK))
    return d


def _version_or_game(d: dict, rng: random.Random) -> Any:
    d[rng.choice(["version", "format", "game"])] = rng.choice(JUNK + [2, "spoil-six"])
    return d


def _huge_digits(d: dict, rng: random.Random) -> bytes:
    """A number of 11 to 100,000 digits in place of one of the record's numbers."""
    digits = rng.choice([11, 19, 20, 21, 400, 4301, 5000, 100_000])
    new = rng.choice(["-", ""]) + str(rng.randrange(1, 10)) + "9" * (digits - 1)
    return _replace_number(_text(d), rng, new).encode()


def _odd_digits(d: dict, rng: random.Random) -> Any:
    """A superscript, Arabic-Indic, full-width … digit in an action, or in a number's
    place in the JSON text."""
    if rng.random() < 0.3:
        return _replace_number(_text(d), rng, rng.choice(ODD_DIGITS)).encode()
    acts = _actions(_pick_deal(d, rng))
    if acts and isinstance(acts[0], str):
        i = rng.randrange(len(acts))
        a = acts[i] if isinstance(acts[i], str) else "0 stake 4"
        spots = [k for k, ch in enumerate(a) if ch.isdigit()] or [0]
        k = rng.choice(spots)
        acts[i] = a[:k] + rng.choice(ODD_DIGITS) + a[k + 1 :]
    return d


def _bool_or_float(d: dict, rng: random.Random) -> Any:
    """``true``, ``2.0`` or a string where the format has an integer."""
    value = rng.choice([True, False, 1.0, 2.0, 0.0, -1.0, 1e20, "1", "0"])
    place = rng.choice(INT_PLACES)
    deal = _pick_deal(d, rng)
    start = d.setdefault("start", {}) if isinstance(d.get("start"), dict) else {}
    if place == "dealer":
        deal["dealer"] = value
    elif place == "first_dealer":
        start["first_dealer"] = value
    elif place == "version":
        d["version"] = value
    elif place == "seed":
        deal.clear()
        deal.update(
            {
                "dealer": d["deals"][0].get("dealer", 0) if isinstance(d["deals"][0], dict) else 0,
                "seed": value,
            }
        )
    elif place == "balance" and isinstance(start.get("balances"), list) and start["balances"]:
        start["balances"][rng.randrange(len(start["balances"]))] = value
    elif place == "pool":
        start.setdefault("pools", {})[rng.choice(["AH", "pool", "pope", "game"])] = value
    else:
        d.setdefault("options", {})[
            rng.choice(["nm.stake", "gen.rounds", "sf.ante", "pj.m.dealerStake"])
        ] = value
    return d


def _hostile_string(d: dict, rng: random.Random) -> bytes:
    """A control character, lone surrogate, line separator … (mostly as a JSON escape)
    inside a key, a name, a card, an action."""
    text = _text(d)
    for _ in range(rng.randint(1, 3)):
        text = _insert_in_string(text, rng, rng.choice(HOSTILE))
    if rng.random() < 0.2:  # raw C1 controls and separators, valid UTF-8
        text = _insert_in_string(text, rng, rng.choice(["\x85", "\x9f", "\u2028", "\u2029"]))
    return text.encode("utf-8", "surrogatepass")


def _duplicate_key(d: dict, rng: random.Random) -> bytes:
    text = _text(d)
    opens = [i for i, ch in enumerate(text) if ch == "{"]
    i = rng.choice(opens)
    key = rng.choice(
        [
            "dealer",
            "format",
            "game",
            "actions",
            "nm.stake",
            "balances",
            "first_dealer",
            "hands",
            "x",
        ]
    )
    value = rng.choice(["0", '"newmarket"', "[]", "1", '"parlour-record"'])
    return (text[: i + 1] + f'"{key}": {value}, ' + text[i + 1 :]).encode()


def _nesting(d: dict, rng: random.Random) -> Any:
    depth = rng.choice([1, 2, 3, 5, 8, 50, 900, 5000, 100_000])
    if depth > 10:
        text = _text(d)
        at = text.index('"deals": [') + len('"deals": [') if '"deals": [' in text else 1
        return (text[:at] + "[" * depth + "]" * depth + ", " + text[at:]).encode()
    value: Any = rng.choice(["AS", 0, None, {"a": 1}])
    for _ in range(depth):
        value = [value]
    target = rng.choice(["hand", "option", "start", "deal"])
    deal = _pick_deal(d, rng)
    if target == "hand" and isinstance(deal.get("hands"), list) and deal["hands"]:
        deal["hands"][0] = value if rng.random() < 0.3 else [*deal["hands"][0], value]
    elif target == "option":
        d.setdefault("options", {})["nm.stake"] = value
    elif target == "start":
        d["start"] = {"balances": value}
    else:
        deal["actions"] = value
    return d


def _bom(d: dict, rng: random.Random) -> bytes:
    raw = _text(d).encode()
    if rng.random() < 0.5:
        raw = rng.choice(_PLAIN)(copy.deepcopy(d), rng)
        raw = raw if isinstance(raw, bytes) else _text(raw).encode("utf-8", "surrogatepass")
    return rng.choice([b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf", b"\xef\xbb", b""]) + raw


def _huge_amounts(d: dict, rng: random.Random) -> Any:
    """Amounts at the limit and just beyond: stakes (named, split, or left to the default
    split at 10^9), start balances and pools, integer options, seeds."""
    big = rng.choice(
        [MAX_AMOUNT, MAX_AMOUNT - 1, MAX_AMOUNT + 1, -MAX_AMOUNT, -MAX_AMOUNT - 1, 10**12]
    )
    choice = rng.randrange(5)
    deal = _pick_deal(d, rng)
    if choice == 0:
        opts = d.setdefault("options", {})
        game = d.get("game")
        if game in ("newmarket", "spin"):
            opts.update({"nm.stake": big, "nm.minStake": min(max(big, 1), 4)})
        elif game == "pope-joan":
            opts["pj.m.dealerStake"] = big
        elif game == "spoil-five":
            opts[rng.choice(["sf.ante", "sf.dealerAdd", "sf.jinkBonus"])] = big
        else:
            opts["sn.spinadoPayment"] = big
        opts["gen.startCounters"] = abs(big)
        for dl in d["deals"]:  # leave staking to the default stake and automatic splits
            if isinstance(dl, dict) and isinstance(dl.get("actions"), list):
                dl["actions"] = [
                    a
                    for a in dl["actions"]
                    if not isinstance(a, str) or " stake " not in a and " split " not in a
                ]
    elif choice == 1:
        acts = _actions(deal)
        for i, a in enumerate(acts):
            if isinstance(a, str) and " stake " in a:
                acts[i] = a.rsplit(" ", 1)[0] + f" {big}"
            elif isinstance(a, str) and " split " in a and ":" in a:
                seat, _, first = a.split(" ")[:3]
                acts[i] = f"{seat} split {first.split(':')[0]}:{big}"
    elif choice == 2 and isinstance(d.get("start"), dict):
        bal = d["start"].get("balances")
        if isinstance(bal, list) and bal:
            bal[rng.randrange(len(bal))] = big
    elif choice == 3:
        d.setdefault("start", {}).setdefault("pools", {})[
            rng.choice(["AH", "pool", "pope", "game", "matrimony"])
        ] = big
    else:
        deal.clear()
        deal.update({"dealer": 0, "seed": rng.choice([0, (1 << 63) - 1, 1 << 63, -1])})
    return d


def _oversized(d: dict, rng: random.Random) -> bytes:
    raw = _text(d).encode()
    size = rng.choice([MAX_FILE_BYTES + 1, MAX_FILE_BYTES - len(raw), 2 * MAX_FILE_BYTES])
    return raw[:-1] + b" " * max(0, size - len(raw)) + raw[-1:]


def _separators(d: dict, rng: random.Random) -> Any:
    acts = _actions(_pick_deal(d, rng))
    if acts:
        i = rng.randrange(len(acts))
        a = acts[i] if isinstance(acts[i], str) else "0 AS"
        sep = rng.choice(["  ", "\t", "\u00a0", "\u3000", "\u2003", " \n", ""])
        op = rng.randrange(3)
        acts[i] = a.replace(" ", sep, 1) if op == 0 else " " + a if op == 1 else a + " "
    return d


def _names(d: dict, rng: random.Random) -> Any:
    players = d.get("players")
    if isinstance(players, list) and players:
        players[rng.randrange(len(players))] = rng.choice(
            [
                "",
                " ",
                "x" * 40,
                "x" * 41,
                "é" * 40,
                "😀" * 40,
                "😀" * 41,
                " Ann",
                "Ann ",
                "A\u2028n",
                "A\u2029n",
                "A\u0085n",
                "Ann\u3000",
                "\u200bAnn",
                "A" * 5000,
            ]
        )
    return d


def _pope_joan(d: dict, rng: random.Random) -> Any:
    """PJ-22, PJ-C-4: a Pope Joan M or C deal without its turn-up; card syntax in the
    card and suit options."""
    deal = _pick_deal(d, rng)
    op = rng.randrange(3)
    if op == 0:
        deal["turnup"] = None
    elif op == 1:
        deal.pop("turnup", None)
    else:
        opts = d.setdefault("options", {})
        opts["pj.pope"] = rng.choice(["7♦", "9♦", "7d", "9D", "8♦", "7 ♦", "7\u2666\ufe0f"])
        opts["pj.honourSuits"] = rng.choice(["♦♣♠♥", "dcsh", "DCSH", "DDDD", "DCS", "D♣S♥"])
    return d


_PLAIN: list[Callable[[dict, random.Random], Any]] = [
    _truncated,
    _flipped_char,
    _flipped_byte,
    _action_moved,
    _card_moved,
    _key_removed,
    _junk_value,
    _junk_option,
    _junk_action,
    _version_or_game,
]
_LIMITS: list[Callable[[dict, random.Random], Any]] = [
    _huge_digits,
    _odd_digits,
    _bool_or_float,
    _hostile_string,
    _duplicate_key,
    _nesting,
    _bom,
    _huge_amounts,
    _separators,
    _names,
    _pope_joan,
]
_MUTATIONS = _PLAIN + _LIMITS
#: Every kind by name; oversized files are rarer (each is 32 MiB of memory).
KINDS: dict[str, Callable[[dict, random.Random], Any]] = {
    f.__name__.lstrip("_"): f for f in _MUTATIONS
}


def mutate(data: dict[str, Any], rng: random.Random, kind: str | None = None) -> tuple[str, bytes]:
    """``(kind, file bytes)``: a damaged copy of ``data``; ``kind`` random unless given
    (``oversized`` about one case in 400)."""
    if kind is None:
        kind = "oversized" if rng.random() < 1 / 400 else rng.choice(list(KINDS))
    func = _oversized if kind == "oversized" else KINDS[kind]
    out = func(copy.deepcopy(data), rng)
    if not isinstance(out, bytes):  # sometimes with every non-ASCII character escaped
        out = json.dumps(out, ensure_ascii=rng.random() < 0.3).encode("utf-8", "surrogatepass")
    return kind, out


# ---- running cases ----------------------------------------------------------------------


@dataclass
class Tally:
    """Counts of a fuzz run; ``internal`` and ``hangs`` list ``(kind, what)`` examples."""

    cases: int = 0
    accepted: int = 0
    refused: int = 0
    internal: list[tuple[str, str]] = field(default_factory=list)
    hangs: list[tuple[str, str]] = field(default_factory=list)
    kinds: Counter = field(default_factory=Counter)
    refused_kinds: Counter = field(default_factory=Counter)
    slowest: float = 0.0

    def line(self) -> str:
        """The counts as one line."""
        return (
            f"{self.cases} cases: {self.accepted} accepted, {self.refused} refused, "
            f"{len(self.internal)} internal errors, {len(self.hangs)} hangs "
            f"(slowest case {self.slowest:.2f} s)"
        )


class _Hang(Exception):
    pass


def _alarm(_signum: int, _frame: Any) -> None:
    raise _Hang


def run_in_process(cases: int, seed: int = 20261129) -> Tally:
    """Read and replay ``cases`` mutated records in this process."""
    rng = random.Random(seed)
    base = seeds()
    tally = Tally()
    timer = hasattr(signal, "setitimer")
    if timer:
        old = signal.signal(signal.SIGALRM, _alarm)
    try:
        for _ in range(cases):
            kind, raw = mutate(rng.choice(base), rng)
            tally.cases += 1
            tally.kinds[kind] += 1
            t0 = time.perf_counter()
            if timer:
                signal.setitimer(signal.ITIMER_REAL, 4 * HANG_SECONDS)
            try:
                out = replay(load_record_bytes(raw))
            except _Hang:
                tally.hangs.append((kind, "interrupted"))
                continue
            except ParlourError as e:
                message = str(e)
                if not message or "\n" in message or len(message) > 2000:
                    tally.internal.append((kind, f"bad message: {message[:200]!r}"))
                else:
                    tally.refused += 1
                    tally.refused_kinds[kind] += 1
            except Exception as e:  # an internal error: what the fuzz is for
                tally.internal.append((kind, f"{type(e).__name__}: {str(e)[:200]}"))
            else:
                if set(out) != {"game", "deals", "balances", "pools", "next"}:
                    tally.internal.append((kind, f"outcome keys {sorted(out)}"))
                else:
                    tally.accepted += 1
            finally:
                if timer:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            took = time.perf_counter() - t0
            tally.slowest = max(tally.slowest, took)
            if took > HANG_SECONDS:
                tally.hangs.append((kind, f"{took:.1f} s"))
    finally:
        if timer:
            signal.signal(signal.SIGALRM, old)
    return tally


def run_by_command(cases: int, seed: int = 7, jobs: int = 2) -> Tally:
    """``cases`` mutated records through ``parlour replay`` in subprocesses: exit 0 with a
    JSON outcome and nothing on standard error, or exit 2 with one line on standard error
    and nothing on standard output; never a traceback, never over
    :data:`COMMAND_HANG_SECONDS`."""
    rng = random.Random(seed)
    base = seeds()
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="parlour-fuzz-") as tmp:
        files = []
        for i in range(cases):
            kind, raw = mutate(rng.choice(base), rng)
            if kind == "oversized" and i % 4:  # keep the disk use small
                kind, raw = mutate(rng.choice(base), rng, "bom")
            path = Path(tmp) / f"m{i}.parlour.json"
            path.write_bytes(raw)
            files.append((kind, path))
            tally.kinds[kind] += 1

        def run(item: tuple[str, Path]) -> tuple[str, Any, float]:
            t0 = time.perf_counter()
            try:
                r = subprocess.run(
                    [sys.executable, "-m", "gui.app.cli", "replay", str(item[1])],
                    capture_output=True,
                    cwd=ROOT,
                    timeout=60 + HANG_SECONDS,
                )
            except subprocess.TimeoutExpired:
                return item[0], None, time.perf_counter() - t0
            return item[0], r, time.perf_counter() - t0

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for kind, r, took in pool.map(run, files):
                tally.cases += 1
                tally.slowest = max(tally.slowest, took)
                if r is None or took > COMMAND_HANG_SECONDS:
                    tally.hangs.append((kind, f"{took:.1f} s"))
                    continue
                out, err = r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
                if b"Traceback" in r.stderr or "internal error" in err:
                    tally.internal.append((kind, err[-300:]))
                elif r.returncode == 0 and err == "" and "deals" in json.loads(out):
                    tally.accepted += 1
                elif r.returncode == 2 and out == "" and len(err.splitlines()) == 1:
                    tally.refused += 1
                    tally.refused_kinds[kind] += 1
                else:
                    tally.internal.append((kind, f"exit {r.returncode}: {err[-300:]}"))
    return tally


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz; exit 1 if any internal error or hang was found."""
    parser = argparse.ArgumentParser(prog="python -m tests.support.fuzz_records")
    parser.add_argument("--cases", type=int, default=12_000, help="cases in this process")
    parser.add_argument(
        "--command", type=int, default=0, help="cases through `parlour replay` in subprocesses"
    )
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--jobs", type=int, default=2, help="subprocesses at a time")
    args = parser.parse_args(argv)
    bad = 0
    if args.cases:
        t0 = time.perf_counter()
        tally = run_in_process(args.cases, args.seed)
        print(f"in process: {tally.line()}, {time.perf_counter() - t0:.0f} s")
        print(
            "  by kind (cases/refused): "
            + ", ".join(
                f"{k} {tally.kinds[k]}/{tally.refused_kinds[k]}" for k in sorted(tally.kinds)
            )
        )
        for kind, what in tally.internal[:20] + tally.hangs[:20]:
            print(f"  {kind}: {what}")
        bad += len(tally.internal) + len(tally.hangs)
    if args.command:
        t0 = time.perf_counter()
        tally = run_by_command(args.command, args.seed + 1, args.jobs)
        print(f"parlour replay: {tally.line()}, {time.perf_counter() - t0:.0f} s")
        for kind, what in tally.internal[:20] + tally.hangs[:20]:
            print(f"  {kind}: {what}")
        bad += len(tally.internal) + len(tally.hangs)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
