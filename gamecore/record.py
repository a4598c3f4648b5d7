"""The deal record (``../shared/formats/deal-record.md``): read strictly, write, replay.

:func:`load_record` turns JSON text into a checked :class:`Record` (file-level faults raise
:class:`RecordError` naming the key). :func:`replay` plays it through the same
:class:`~gamecore.match.Session` the table uses and returns the outcome the format defines;
a fault in a deal or an action names the deal and action, counted from 1.
:func:`record_of` writes a session back, and :func:`save_record` writes it atomically.

Versions (format, "Version 2: deal fingerprints"): the reader reads version 1 and
version 2; the writer writes version 2 exactly when some deal carries a fingerprint and
version 1 otherwise, byte for byte as before fingerprints existed.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeGuard

from gamecore.actions import ActionSyntaxError, NameStake, Split, format_action, parse_action
from gamecore.atomicfile import write_atomic
from gamecore.cards import CardSyntaxError, card_code, parse_card
from gamecore.decisions import BidChoice, Decision, PlayChoice, SplitChoice, StakeChoice
from gamecore.errors import IllegalAction, OptionError, RecordError
from gamecore.fingerprint import SALT_RE, SHA_RE, Fingerprint, matches
from gamecore.games import TRICKS, descriptor, descriptors, make_game
from gamecore.jsoncut import close_cut
from gamecore.limits import (
    MAX_AMOUNT,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_INT_DIGITS,
    SEED_LIMIT,
    char_name,
    exact_ints,
    forbidden_char,
    json_fault,
    name_problem,
    quoted,
    shown,
)
from gamecore.match import DealLog, Game, Session

FORMAT = "parlour-record"
#: The newest version this program reads and writes; it writes :data:`PLAIN_VERSION` when
#: no deal has a fingerprint.
VERSION = 2
#: The version of a record without fingerprints.
PLAIN_VERSION = 1
_TOP_KEYS = {"format", "version", "game", "options", "players", "start", "deals"}
_START_KEYS = {"balances", "pools", "first_dealer"}
_DEAL_KEYS = {"dealer", "hands", "stock", "turnup", "seed", "actions"}
_FINGERPRINT_KEYS = ("salt", "sha256")


def record_games() -> tuple[str, ...]:
    """The format's list of game names (deal-record.md, "game"): the games a record may
    hold, in menu order; the registered games whose descriptor says so
    (:attr:`~gamecore.games.GameDescriptor.recorded`). A game the registry knows but the
    format does not list (a test's own game) is never a record."""
    return tuple(d.name for d in descriptors() if d.recorded)


@dataclass
class DealEntry:
    """One deal of a record: ``dealer`` (seat); ``hands``/``stock`` (card lists) and
    ``turnup`` (card or ``None``), or ``seed`` (int) instead; ``actions`` (strings);
    ``fingerprint`` (version 2; checked against the cards when read)."""

    dealer: int
    hands: list[list[int]] | None
    stock: list[int] | None
    turnup: int | None
    seed: int | None
    actions: list[str]
    stock_given: bool = True
    fingerprint: Fingerprint | None = None


@dataclass
class Record:
    """A read deal record, checked at the level of the whole file and its keys;
    ``version`` is the format version it was written in (1 or 2)."""

    game: Game
    options: dict[str, Any]
    players: list[str]
    balances: list[int] | None
    pools: list[int] | None
    first_dealer: int
    deals: list[DealEntry]
    version: int = PLAIN_VERSION
    #: Read with ``salvage``: why the deal after the last of :attr:`deals` could not be
    #: read (its cards damaged), and the deals from it on were left out; else ``None``.
    fault: str | None = None


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: must be a list of cards")
    try:
        return [parse_card(c) for c in value]
    except CardSyntaxError as e:
        raise RecordError(f"{where}: {e}") from None


def parse_record(data: Any, *, salvage: bool = False) -> Record:
    """Check the decoded JSON ``data`` of a record and return a :class:`Record`.

    Raises :class:`RecordError` with a one-line reason naming the faulty key. With
    ``salvage``, a deal after the first that cannot be read (a card changed, a fingerprint
    that no longer matches) ends the record there instead: the deals before it are kept
    and its reason is the record's :attr:`Record.fault`.
    """
    if not isinstance(data, dict):
        raise RecordError("the file is not a deal record (expected a JSON object)")
    if "format" not in data:  # some other JSON: say so rather than quote a None
        raise RecordError(f'format: missing, so this is not a deal record ("{FORMAT}")')
    if data.get("format") != FORMAT:
        raise RecordError(f'format: expected "{FORMAT}", got {_got(data.get("format"))}')
    version = data.get("version")
    if "version" not in data:
        raise RecordError("version: missing (expected 1 or 2)")
    if not _is_int(version):
        raise RecordError(f"version: expected 1 or 2, got {_got(version)}")
    if version > VERSION:
        raise RecordError(f"version: {version} is newer than this program reads ({VERSION})")
    if version not in (PLAIN_VERSION, VERSION):
        raise RecordError(f"version: expected 1 or 2, got {version!r}")
    for key in data:
        if key not in _TOP_KEYS:
            raise RecordError(f"unknown key {shown(key)}")
    name = data.get("game")
    if "game" not in data:
        raise RecordError("game: missing, so the record names no game")
    if name not in record_games():
        raise RecordError(f"game: unknown game {_got(name)}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options: must be an object")
    try:
        game = make_game(name, options)
    except OptionError as e:
        raise RecordError(str(e)) from None
    players = data.get("players")
    if not (isinstance(players, list) and players and all(isinstance(p, str) for p in players)):
        raise RecordError("players: must be a list of names")
    for i, player in enumerate(players):
        problem = name_problem(player)
        if problem is not None:
            raise RecordError(f"players[{i}]: {problem}")
    n = len(players)
    if not game.min_players <= n <= game.max_players:
        raise RecordError(
            f"players: {name} is for {game.min_players} to {game.max_players} players, not {n}"
        )
    deals_data = data.get("deals")
    if not isinstance(deals_data, list) or not deals_data:
        raise RecordError("deals: must be a non-empty list")
    deals, fault = _parse_deals(deals_data, n, name, version, salvage)
    # (of the whole file: the deals a salvage left out may hold its fingerprints)
    if version == VERSION and fault is None and all(d.fingerprint is None for d in deals):
        raise RecordError(
            "version: a version-2 record has at least one deal with a "
            "fingerprint; this one has none"
        )
    start = data.get("start", {})
    if not isinstance(start, dict):
        raise RecordError("start: must be an object")
    for key in start:
        if key not in _START_KEYS:
            raise RecordError(f"start: unknown key {shown(key)}")
    balances = start.get("balances")
    if balances is not None:
        if not (isinstance(balances, list) and len(balances) == n and all(map(_is_int, balances))):
            raise RecordError(f"start.balances: must be {n} whole numbers")
        for i, amount in enumerate(balances):
            if abs(amount) > MAX_AMOUNT:
                raise RecordError(
                    f"start.balances[{i}]: {amount} is beyond the format's limit "
                    f"(at most {MAX_AMOUNT} either way)"
                )
    pools = None
    if "pools" in start:
        given = start["pools"]
        if not isinstance(given, dict):
            raise RecordError("start.pools: must be an object of pool names")
        pools = [0] * len(game.pools)
        for pool, amount in given.items():
            if pool not in game.pools:
                raise RecordError(f"start.pools: unknown pool {shown(pool)}")
            if not _is_int(amount) or amount < 0:
                raise RecordError(f"start.pools.{pool}: must be a whole number ≥ 0")
            if amount > MAX_AMOUNT:
                raise RecordError(
                    f"start.pools.{pool}: {amount} is over the format's limit of {MAX_AMOUNT}"
                )
            pools[game.pools.index(pool)] = amount
    first = start.get("first_dealer", deals[0].dealer)
    if not _is_int(first) or first != deals[0].dealer:
        raise RecordError(f"start.first_dealer: must equal deals[0].dealer ({deals[0].dealer})")
    return Record(game, dict(options), list(players), balances, pools, first, deals, version, fault)


def _parse_deals(
    deals_data: list[Any], n: int, name: str, version: int, salvage: bool
) -> tuple[list[DealEntry], str | None]:
    """Each deal of ``deals_data`` read (:func:`_parse_deal`); with ``salvage`` those
    before the first that cannot be read, after the first deal, and its reason."""
    deals: list[DealEntry] = []
    for i, d in enumerate(deals_data):
        try:
            deals.append(_parse_deal(d, i + 1, n, name, version))
        except RecordError as e:
            if not salvage or not deals:
                raise
            return deals, str(e)
    return deals, None


def _parse_deal(d: Any, k: int, n: int, game_name: str, version: int = PLAIN_VERSION) -> DealEntry:
    where = f"deal {k}"
    if not isinstance(d, dict):
        raise RecordError(f"{where}: must be an object")
    for key in d:
        if key == "fingerprint" and version == PLAIN_VERSION:
            raise RecordError(f"{where}: unknown key fingerprint (a fingerprint needs version 2)")
        if key not in _DEAL_KEYS and key != "fingerprint":
            raise RecordError(f"{where}: unknown key {shown(key)}")
    fingerprint = _fingerprint(d["fingerprint"], where) if "fingerprint" in d else None
    dealer = d.get("dealer")
    if not _is_int(dealer) or not 0 <= dealer < n:
        raise RecordError(f"{where}: dealer must be a seat from 0 to {n - 1}")
    actions = d.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(f"{where}: actions must be a list of strings")
    seed = d.get("seed")
    if seed is not None:
        if not _is_int(seed) or not 0 <= seed < SEED_LIMIT:
            raise RecordError(f"{where}: seed must be a whole number from 0 to 2^63 - 1")
        if any(key in d for key in ("hands", "stock", "turnup")):
            raise RecordError(f"{where}: give either seed or hands/stock/turnup, not both")
        if fingerprint is not None:
            raise RecordError(
                f"{where}: a fingerprinted deal lists its cards (hands, stock, "
                "turnup), never a seed"
            )
        return DealEntry(dealer, None, None, None, seed, list(actions))
    if "hands" not in d:
        raise RecordError(f"{where}: hands missing")
    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise RecordError(f"{where}: hands must list {n} hands, one per seat")
    hand_cards = [_cards(h, f"{where}: hands[{i}]") for i, h in enumerate(hands)]
    if "stock" not in d and descriptor(game_name).family != TRICKS:
        raise RecordError(f"{where}: stock missing")
    if "stock" not in d and fingerprint is not None:
        raise RecordError(f"{where}: a fingerprinted deal lists its cards: stock missing")
    stock = _cards(d.get("stock", []), f"{where}: stock")
    turnup = d.get("turnup")
    if turnup is not None:
        if not isinstance(turnup, str):
            raise RecordError(f"{where}: turnup must be a card or null")
        try:
            turnup = parse_card(turnup)
        except CardSyntaxError as e:
            raise RecordError(f"{where}: turnup: {e}") from None
    if fingerprint is not None and not matches(fingerprint, hand_cards, stock, turnup):
        raise RecordError(f"{where}: fingerprint does not match its cards")
    return DealEntry(
        dealer, hand_cards, stock, turnup, None, list(actions), "stock" in d, fingerprint
    )


def _fingerprint(value: Any, where: str) -> Fingerprint:
    """A deal's ``fingerprint`` object (format "Version 2"): exactly ``salt`` (32 lower-case
    hex digits) and ``sha256`` (64), nothing else."""
    if not isinstance(value, dict):
        raise RecordError(f'{where}: fingerprint must be an object {{"salt": …, "sha256": …}}')
    for key in value:
        if key not in _FINGERPRINT_KEYS:
            raise RecordError(f"{where}: fingerprint: unknown key {shown(key)}")
    for key, pattern, digits in (("salt", SALT_RE, 32), ("sha256", SHA_RE, 64)):
        text = value.get(key)
        if key not in value:
            raise RecordError(f"{where}: fingerprint.{key} missing")
        if not (isinstance(text, str) and pattern.fullmatch(text)):
            raise RecordError(f"{where}: fingerprint.{key} must be {digits} lower-case hex digits")
    return Fingerprint(value["salt"], value["sha256"])


class _LongInt:
    """A JSON integer with more digits than any integer of a record (format "Limits"): it
    is never converted, and refused wherever it stands, by the check of that key."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"a {self.digits}-digit number"


class _Twice(dict[str, Any]):
    """A JSON object that named the key :attr:`twice` twice (refused by :func:`_check_tree`)."""

    twice: str = ""


def _json_int(text: str) -> int | _LongInt:
    # Called with the digits of every JSON integer: count them before converting, so a
    # number of thousands of digits costs nothing and never meets Python's own limit.
    digits = len(text) - text.startswith("-")
    return _LongInt(digits) if digits > MAX_INT_DIGITS else int(text)


def _json_constant(text: str) -> Any:
    raise RecordError(f"the file is not valid JSON ({text} is not a JSON number)")


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            break
        seen.add(key)
    twice = _Twice(out)
    twice.twice = key
    return twice


_DECODER = json.JSONDecoder(
    object_pairs_hook=_json_object, parse_int=_json_int, parse_constant=_json_constant
)
# What can put a forbidden character into a decoded string: an escape (any backslash) or the
# raw character itself (raw U+0000–001F inside a string is already invalid JSON). A file
# with neither needs no look at its strings.
_SUSPECT = re.compile("[\\\\\x7f-\x9f\ud800-\udfff\u2028\u2029]")


_TOO_LARGE = f"the file is larger than the format's limit of {MAX_FILE_BYTES >> 20} MiB"


def _key_text(key: str) -> str:
    return shown(key) if forbidden_char(key) is None else shown(repr(key))


def _where(path: tuple[str | int, ...], value: Any = None) -> str:
    """A place in the record as messages name it: ``options.nm.stake``, ``players[2]``,
    ``deal 3: hands[1]``, ``deal 3, action 4 ("…")`` (deals and actions counted from 1)."""
    head = ""
    if len(path) >= 2 and path[0] == "deals" and isinstance(path[1], int):
        head, path = f"deal {path[1] + 1}", path[2:]
        if len(path) == 2 and path[0] == "actions" and isinstance(path[1], int):
            quoted = shown(repr(value)[1:-1], 80) if isinstance(value, str) else "…"
            return f'{head}, action {path[1] + 1} ("{quoted}")'
        if not path:
            return head
        head += ": "
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + _key_text(part)
    return head + (text or "the file")


def _check_tree(data: Any, strings: bool) -> None:
    """Refuse nesting deeper than :data:`~gamecore.limits.MAX_DEPTH`, a key twice in one
    object, and (when ``strings``) a string holding a character of category Cc, Cs, Zl or
    Zp, naming the place. Looks at each value once, mostly at C speed."""

    def bad_string(text: str, path: tuple[str | int, ...]) -> None:
        ch = forbidden_char(text)
        if ch is not None:
            raise RecordError(f"{_where(path, text)}: a {char_name(ch)} is not allowed in a record")

    def walk(value: Any, level: int, path: tuple[str | int, ...]) -> None:
        if level > MAX_DEPTH:
            raise RecordError(
                f"{_where(path)}: nested deeper than the format allows "
                f"({MAX_DEPTH} levels of objects and arrays)"
            )
        if isinstance(value, dict):
            if type(value) is _Twice:
                raise RecordError(
                    f'{_where(path)}: key "{_key_text(value.twice)}" given twice in one object'
                )
            if strings and forbidden_char(" ".join(value)) is not None:
                for key in value:
                    bad_string(key, (*path, key))
            keys: Any = value.keys()
            items: list[Any] = list(value.values())
        else:
            keys, items = range(len(value)), value
        # The common case at C speed: no container among the items, no forbidden character
        # in their strings; only then look at them one by one.
        kinds = set(map(type, items))
        if strings and str in kinds:
            texts = [x for x in items if type(x) is str]
            if forbidden_char(" ".join(texts)) is not None:
                for key, item in zip(keys, items, strict=True):
                    if type(item) is str:
                        bad_string(item, (*path, key))
        if dict in kinds or list in kinds or _Twice in kinds:
            for key, item in zip(keys, items, strict=True):
                if isinstance(item, dict | list):
                    walk(item, level + 1, (*path, key))

    if isinstance(data, dict | list):
        walk(data, 1, ())
    elif strings and isinstance(data, str):
        bad_string(data, ())


#: Characters :func:`_suspect` looks at in one call. The search holds the interpreter for
#: its whole call, and a game read at start-up shares it with the window (about 4 ms a
#: slice; a 10,000-deal record is 13 slices).
_SEARCH_SLICE = 1 << 20


def _suspect(text: str) -> bool:
    """Whether ``text`` has a character that can make a decoded string forbidden
    (:data:`_SUSPECT`), searched a slice at a time."""
    return any(
        _SUSPECT.search(text, at, at + _SEARCH_SLICE) is not None
        for at in range(0, len(text), _SEARCH_SLICE)
    )


def load_record(text: str, *, salvage: bool = False) -> Record:
    """Parse and check record JSON ``text`` within the format's limits ("Limits"): at most
    :data:`~gamecore.limits.MAX_FILE_BYTES` of UTF-8, a byte-order mark at the start
    ignored. Raises :class:`RecordError` with a one-line reason."""
    if (
        len(text) > MAX_FILE_BYTES // 4
        and len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES
    ):
        raise RecordError(_TOO_LARGE)
    return _load_checked_size(text, salvage)


def _load_checked_size(text: str, salvage: bool = False) -> Record:
    """:func:`load_record` for ``text`` already known to be within the size limit."""
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        data = _DECODER.decode(text)
    except json.JSONDecodeError as e:
        fault = json_fault(e, text)
        if fault == "the file is empty":
            raise RecordError(fault) from None
        if salvage:  # the good part before the cut, or before the broken text
            short = fault.startswith("it ends too early")
            where = CUT_SHORT if short else f"line {e.lineno}, column {e.colno}, {_BROKEN}"
            cut = _read_cut(text if short else text[: e.pos], where)
            if cut is not None:
                return cut
        raise RecordError(f"the file is not valid JSON: {fault}") from None
    except RecursionError:
        raise RecordError(
            f"the file is nested deeper than the format allows ({MAX_DEPTH} "
            "levels of objects and arrays)"
        ) from None
    _check_tree(data, _suspect(text))
    return parse_record(data, salvage=salvage)


#: The fault of a record read from a file cut short (:func:`_read_cut`).
#: Said as the place of the damage ("… is damaged at its end, …").
CUT_SHORT = "its end, where it was cut short (what came after the cut is lost)"
#: What follows the place of broken text in the middle of a file (junk written over it).
_BROKEN = "where its text is broken (what came after is lost)"


def _read_cut(text: str, fault: str) -> Record | None:
    """A record file cut short (a copy stopped part way), or ``text`` the part of one
    before its text is broken, read as far as its last whole element
    (:func:`gamecore.jsoncut.close_cut`) with ``salvage``: the deals before the cut, the
    last perhaps unfinished, with ``fault`` (the place: :data:`CUT_SHORT`, or the line and
    column of the broken text) as its fault (a deal the cut left unreadable is the cut's
    doing, not damage of its own). ``None`` when what is left is no record with a deal."""
    closed = close_cut(text)
    if closed is None:
        return None
    try:
        data = _DECODER.decode(closed)
        _check_tree(data, _suspect(closed))
        record = parse_record(data, salvage=True)
    except (RecordError, ValueError, RecursionError):
        return None
    return replace(record, fault=fault)


def read_record(path: str | os.PathLike[str], *, salvage: bool = False) -> Record:
    """Read and check the record at ``path`` (see :func:`load_record_bytes`; ``salvage``
    as :func:`parse_record`); a file over the size limit is refused before it is read
    whole. Raises :class:`RecordError`."""
    file = Path(path)
    try:
        info = file.stat()
        if stat.S_ISREG(info.st_mode):
            if info.st_size > MAX_FILE_BYTES:
                raise RecordError(_TOO_LARGE)
            raw = file.read_bytes()
        else:  # a pipe or a device has no size: read no more than the limit and one byte
            with file.open("rb") as f:
                raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    return load_record_bytes(raw, salvage=salvage)


def load_record_bytes(raw: bytes, *, salvage: bool = False) -> Record:
    """Check the bytes of a record file: at most :data:`~gamecore.limits.MAX_FILE_BYTES`
    (refused before decoding), UTF-8 (a byte-order mark at the start is ignored), then as
    :func:`load_record`. Raises :class:`RecordError`."""
    if len(raw) > MAX_FILE_BYTES:
        raise RecordError(_TOO_LARGE)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the file is not a deal record (not UTF-8 text)") from None
    return _load_checked_size(text, salvage)  # the bytes' size is checked above


def _got(value: Any) -> str:
    """A value from the file as a message quotes it (:func:`gamecore.limits.quoted`)."""
    return quoted(value)


# ---- replay ----------------------------------------------------------------------------


def _check_cards(game: Game, entry: DealEntry, n: int, where: str) -> None:
    """Hands of the deal table's size, every card of the pack exactly once, and a turn-up
    where the game turns one (in the stock for the stops games, apart from it in Spoil Five,
    whose stock may be left out)."""
    assert entry.hands is not None and entry.stock is not None
    sizes = game.hand_sizes(n, entry.dealer)
    for i, hand in enumerate(entry.hands):
        k = sizes[i]
        if len(hand) != k and len(set(sizes)) > 1:  # MI-6: unequal hands are correct
            raise RecordError(f"{where}: seat {i} was dealt {len(hand)} cards, not {k}")
        if len(hand) != k:
            raise RecordError(
                f"{where}: hands[{i}] has {len(hand)} cards; {game.name} with {n} players deals {k}"
            )
    if entry.turnup is not None and not game.turns_trump:
        raise RecordError(f"{where}: turnup: {game.name} turns no trump; it must be null")
    if game.turns_trump and entry.turnup is None:
        rule = {"M": " (PJ-22)", "C": " (PJ-C-4)"}.get(getattr(game, "profile", ""), "")
        raise RecordError(f"{where}: turnup missing: {game.name} turns a trump{rule}")
    if game.turns_trump and not game.turnup_in_stock and entry.stock_given is False:
        held = {c for h in entry.hands for c in h} | {entry.turnup}
        entry.stock = [c for c in range(52) if game.pack >> c & 1 and c not in held]
    seen: set[int] = set()
    extra = [entry.turnup] if entry.turnup is not None and not game.turnup_in_stock else []
    for c in [*(c for h in entry.hands for c in h), *entry.stock, *extra]:
        if c in seen:
            raise RecordError(f"{where}: {card_code(c)} appears twice")
        if not game.pack >> c & 1:
            raise RecordError(f"{where}: {card_code(c)} is not in the {game.name} pack")
        seen.add(c)
    if len(seen) != game.pack_size():
        missing = [card_code(c) for c in range(52) if game.pack >> c & 1 and c not in seen]
        raise RecordError(f"{where}: cards missing from hands and stock: {' '.join(missing)}")
    if entry.turnup is not None and game.turnup_in_stock and entry.turnup not in entry.stock:
        raise RecordError(f"{where}: turnup {card_code(entry.turnup)} is not a stock card")


def new_session(record: Record) -> Session:
    """An empty session set up as ``record`` describes (players, options, start)."""
    return Session(record.game, record.players, record.first_dealer, record.balances, record.pools)


def replay_session(record: Record) -> Session:
    """Play ``record`` through a :class:`Session`, action by action.

    Raises :class:`RecordError` naming the deal and action (counted from 1) at the first
    inconsistency or illegal action.
    """
    with exact_ints():  # messages may quote balances of any size
        return _replay_deals(record, [0, 0])


@dataclass(frozen=True)
class Salvaged:
    """A record replayed up to its first fault (:func:`replay_salvaged`): the ``session``
    as it stood just before it (its last deal in progress when the faulty deal could be
    dealt, or left unfinished by the record) and the ``fault``, as
    :func:`replay_session` says it. ``actions``: how many of the faulty deal's actions, as
    the record writes them, were kept (an int; 0 when the deal could not be dealt). The
    session's own log may hold more: staking a record leaves out is applied as its default.
    """

    session: Session
    fault: str
    actions: int = 0


def replay_salvaged(record: Record) -> Salvaged | None:
    """The part of ``record`` that replays, when a fault stops it: every deal before the
    faulty one, and of that deal (if its cards could be dealt) every action before the
    faulty one; a record read with ``salvage`` whose deals replay, with its
    :attr:`Record.fault`. ``None`` when the whole record replays. A session is never left half
    changed by a fault: the good part is replayed afresh. Raises :class:`RecordError` only
    if even that fails (it cannot, the good part having replayed once already)."""
    at = [0, 0]  # the deal and action being replayed (from 1; action 0: the deal itself)
    try:
        with exact_ints():
            session = _replay_deals(record, at)
    except RecordError as e:
        fault = str(e)
    else:
        if record.fault is None:
            return None
        # the deals read replay; the next could not be read (the last may be unfinished,
        # cut short: its moves as the record writes them)
        going = session.deal_in_progress
        return Salvaged(session, record.fault, len(record.deals[-1].actions) if going else 0)
    k, j = at
    kept = record.deals[: k - 1]
    if j >= 1:  # the deal was dealt: keep it with the actions before the faulty one
        kept.append(replace(record.deals[k - 1], actions=record.deals[k - 1].actions[: j - 1]))
    return Salvaged(replay_session(replace(record, deals=kept)), fault, max(0, j - 1))


def _replay_deals(record: Record, at: list[int]) -> Session:
    """Replay ``record`` (see :func:`replay_session`), keeping in ``at`` the deal and the
    action being replayed (from 1; action 0 while the deal itself is checked and dealt)."""
    session = new_session(record)
    game, n = record.game, len(record.players)
    for k, entry in enumerate(record.deals, start=1):
        at[:] = [k, 0]
        where = f"deal {k}"
        if session.deal_in_progress:
            raise RecordError(f"deal {k - 1}: unfinished, but another deal follows it")
        if session.complete:
            raise RecordError(f"{where}: the session is already over")
        if entry.dealer != session.next_dealer():
            raise RecordError(
                f"{where}: dealer must be seat {session.next_dealer()} "
                f"(rotation, GEN-3), not seat {entry.dealer}"
            )
        if entry.seed is not None:
            session.start_deal_seeded(entry.seed)
        else:
            _check_cards(game, entry, n, where)
            assert entry.hands is not None and entry.stock is not None
            session.start_deal(entry.hands, entry.stock, entry.turnup, entry.fingerprint)
        deal = session.deal
        assert deal is not None
        for j, text in enumerate(entry.actions, start=1):
            at[1] = j
            here = f'{where}, action {j} ("{shown(text, 80)}")'
            try:
                action = parse_action(text, game.pools, passes=game.has_pass, widow=game.has_widow)
            except ActionSyntaxError as e:
                raise RecordError(f"{here}: {e}") from None
            if j == 1 and not isinstance(action, NameStake | Split) and deal.phase == "staking":
                # (Spoil Five has no staking decisions: its stakes are paid at the deal.)
                # Staking may be left out of a deal with at least one play: apply the
                # default stake and the automatic splits (format "Actions", NM-5).
                for auto in _auto_staking(session):
                    session.apply(auto)
            try:
                session.apply(action)
            except IllegalAction as e:
                raise RecordError(f"{here}: {e}") from None
    return session


def _auto_staking(session: Session) -> list[Any]:
    out = []
    probe = session.deal.clone()  # type: ignore[union-attr]
    while probe.phase == "staking":
        d = probe.decision()
        assert isinstance(d, StakeChoice | SplitChoice)
        act = d.default_action()
        probe.apply(act)
        out.append(act)
    return out


def decision_texts(d: Decision | None, pools: Sequence[str]) -> list[str]:
    """The legal actions of decision ``d`` in action syntax, as the replay output's
    ``next.legal`` lists them: every card play, rob or claim; a staking decision as one
    entry giving its bounds (``"3 stake 4..20"``, ``"3 stake 4.."``, ``"0 split 5"``);
    nothing for ``None``. ``pools``: the game's pool names."""
    if d is None:
        return []
    if isinstance(d, StakeChoice):
        high = "" if d.high is None else str(d.high)
        return [f"{d.seat} stake {d.low}..{high}"]
    if isinstance(d, SplitChoice):
        if d.ranged:  # cousins §6.6: a total the player chooses (Matrimony, atMost)
            return [f"{d.seat} split {d.lowest}..{d.total}"]
        return [f"{d.seat} split {d.total}"]
    if isinstance(d, BidChoice):  # MI-8, cousins §6.6
        high = "" if d.high is None else str(d.high)
        bid = [f"{d.seat} bid {d.low}..{high}"] if d.can_bid else []
        return [*bid, f"{d.seat} pass"]
    assert isinstance(d, PlayChoice)
    return [format_action(a, pools) for a in d.actions]


def legal_texts(session: Session) -> tuple[int | None, list[str]]:
    """``next`` of the replay output: the seat to act and its legal actions as text."""
    d = session.decision()
    return (None if d is None else d.seat), decision_texts(d, session.game.pools)


def outcome(session: Session) -> dict[str, Any]:
    """The replay output of the format ("Replay") for ``session``."""
    pools = session.game.pools
    deals = [
        {
            "dealer": log.dealer,
            "winner": log.winner,
            "finished": log.finished,
            "balances": list(log.balances),
            "pools": dict(zip(pools, log.pools, strict=True)),
            **log.facts,
        }
        for log in session.logs
    ]
    balances, final_pools = session.final_accounts()
    seat, legal = legal_texts(session)
    return {
        "game": session.game.name,
        "deals": deals,
        "balances": balances,
        "pools": dict(zip(pools, final_pools, strict=True)),
        "next": {"seat": seat, "legal": legal},
    }


def replay(record: Record) -> dict[str, Any]:
    """Replay ``record`` and return its outcome. Raises :class:`RecordError`."""
    with exact_ints():  # "next" may quote a stake bound of any size
        return outcome(replay_session(record))


# ---- writing ---------------------------------------------------------------------------


def record_version(session: Session) -> int:
    """The version the record of ``session`` is written in: 2 when some deal carries a
    fingerprint, else 1 (format "Version 2")."""
    return VERSION if any(log.fingerprint is not None for log in session.logs) else PLAIN_VERSION


def record_head(session: Session) -> dict[str, Any]:
    """Every key of the record of ``session`` but ``deals``: what a deal cannot change,
    except ``version``, which turns 2 once a deal of the session has a fingerprint
    (:func:`record_version`). Raises :class:`RecordError` for a game the format does not
    list (:func:`record_games`)."""
    game = session.game
    if game.name not in record_games():
        raise RecordError(f"game: {shown(repr(game.name))} is not a game of the record format")
    return {
        "format": FORMAT,
        "version": record_version(session),
        "game": game.name,
        "options": dict(session.options),
        "players": list(session.players),
        "start": {
            "balances": list(session.start_balances),
            "pools": dict(zip(game.pools, session.start_pools, strict=True)),
            "first_dealer": session.first_dealer,
        },
    }


def deal_entry(log: DealLog) -> dict[str, Any]:
    """One deal of a record, JSON-ready (canonical card notation), with its
    ``fingerprint`` (``{"salt": …, "sha256": …}``, before ``actions``) when it has one."""
    entry: dict[str, Any] = {
        "dealer": log.dealer,
        "hands": [[card_code(c) for c in h] for h in log.hands],
        "stock": [card_code(c) for c in log.stock],
        "turnup": None if log.turnup is None else card_code(log.turnup),
    }
    if log.fingerprint is not None:
        entry["fingerprint"] = {"salt": log.fingerprint.salt, "sha256": log.fingerprint.sha256}
    entry["actions"] = list(log.actions)
    return entry


def record_of(session: Session) -> dict[str, Any]:
    """The deal record of ``session`` as a JSON-ready dict (canonical card notation)."""
    return {**record_head(session), "deals": [deal_entry(log) for log in session.logs]}


def dumps_record(session: Session) -> str:
    """``record_of(session)`` as JSON text."""
    return json.dumps(record_of(session), ensure_ascii=False, indent=1) + "\n"


def save_record(session: Session, path: str | os.PathLike[str]) -> None:
    """Write the record of ``session`` to ``path`` atomically: a temporary file in the same
    folder, flushed and synced, then renamed over ``path``."""
    write_atomic(path, dumps_record(session))
