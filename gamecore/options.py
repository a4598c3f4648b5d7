"""Rule options (house rules): their keys, allowed values and defaults.

Keys and value ranges are those of the rules spec (section 9A.2, 7.9) and of the deal-record
format ("Option values"). The option table is the general rows below (``gen.``, and the
stops engine's ``stop.``) plus the rows each game's descriptor brings
(:mod:`gamecore.games`); which game takes which key follows from the key's prefix.
:func:`resolve_options` validates a mapping supplied by a record or by New Game and returns
the complete option set for one game, defaults filled in.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from gamecore.cards import SUIT_LETTERS, SUIT_SYMBOLS, CardSyntaxError, card_code, parse_card
from gamecore.errors import OptionError
from gamecore.limits import MAX_AMOUNT, MAX_ROUNDS, quoted, shown
from gamecore.registry import descriptor, descriptors

if TYPE_CHECKING:
    from gamecore.games import GameDescriptor


@dataclass(frozen=True)
class OptionSpec:
    """One option: its key, its kind and default. The games it belongs to follow from its
        key's prefix (:attr:`games`): ``gen.`` every game, ``stop.`` the stops games, any other
        prefix the games whose descriptor names it (:mod:`gamecore.games`, read through the
        registry, :mod:`gamecore.registry`).

        ``kind`` is ``"bool"``, ``"int"`` (an int from ``minimum`` to ``maximum``), ``"int?"``
        (``None`` or such an int), ``"choice"`` (one of ``choices``; with ``cards`` the choices
        are cards, read in any card syntax), ``"suits"`` (four suit letters or symbols) or
        ``"false"`` (a reserved key that accepts only ``False``) or ``"text"`` (a string the game's
    own checks read, its ``choices`` the named values New Game offers besides a free field:
    Michigan's ``mi.layout``, MI-3). ``maximum`` is the format's
        limit (:mod:`gamecore.limits`).
    """

    key: str
    kind: str
    default: Any
    minimum: int = 0
    choices: tuple[str, ...] = ()
    maximum: int = MAX_AMOUNT
    cards: bool = False
    #: False for table settings and reserved keys: valid in records, not offered by New Game.
    house_rule: bool = True
    #: The option's name for people ("Aces high"); New Game and the rules pages show it.
    caption: str = ""
    #: Each choice in words for people, as ``(choice, words)`` pairs ("firstJack", "the
    #: first Jack dealt face up").
    words: tuple[tuple[str, str], ...] = ()

    @property
    def games(self) -> frozenset[str]:
        """Record names of the registered games that take this option."""
        return frozenset(d.name for d in descriptors() if d.takes(self.key))


#: One line for people about each general house rule (New Game shows it beside the control);
#: each game's descriptor brings the lines of its own rows (see :data:`HELP`).
_GENERAL_HELP: dict[str, str] = {
    "gen.rounds": "Whole rounds in a session: every player deals this many times (GEN-4).",
    "gen.startCounters": "Counters each player starts the session with (GEN-5).",
    # not the caption again ("Players may go below zero: Players may go below zero; …")
    "gen.allowDebt": "On: a player short of counters plays on in debt; off: the session ends "
    "when someone cannot stake (GEN-5).",
    "gen.endPools": "What happens to counters left in the pools when the session ends (GEN-6).",
    "gen.firstDealer": "How the first dealer is chosen: the first Jack dealt face up, at "
    "random, the first seat or, in the games that take it, the lowest card drawn (GEN-2, "
    "cousins §1).",
}

#: The rows every game shares (``gen.``) and those of the stops engine (``stop.``).
_GENERAL_SPECS = (
    OptionSpec("gen.rounds", "int", 1, minimum=1, maximum=MAX_ROUNDS, caption="Rounds"),
    OptionSpec("gen.startCounters", "int", 100, minimum=0, caption="Counters at the start"),
    OptionSpec("gen.allowDebt", "bool", True, caption="Players may go below zero"),
    OptionSpec(
        "gen.endPools",
        "choice",
        "split",
        choices=("split", "carryToNextSession"),
        caption="Pools left at the end",
        words=(
            ("split", "shared out among the players"),
            ("carryToNextSession", "kept for the next session"),
        ),
    ),
    OptionSpec(
        "gen.firstDealer",
        "choice",
        "firstJack",
        choices=("firstJack", "random", "seat"),
        caption="First dealer",
        words=(
            ("firstJack", "the first Jack dealt face up"),
            ("random", "at random"),
            ("seat", "the first seat"),
            # a choice only of the games whose descriptor adds it (more_choices)
            ("lowestCard", "the lowest card drawn"),
        ),
    ),
    OptionSpec(
        "stop.autoPlayForced",
        "bool",
        True,
        house_rule=False,
        caption="Play forced cards automatically",
    ),
)


def _descriptor(game: str) -> GameDescriptor:
    return descriptor(game)


def specs() -> dict[str, OptionSpec]:
    """The whole option table: key → row, the general rows first, then each registered
    game's own rows (in the registry's order)."""
    out = {s.key: s for s in _GENERAL_SPECS}
    for d in descriptors():
        for spec in d.options:
            out.setdefault(spec.key, spec)
    return out


class _Help(Mapping[str, str]):
    """Key → one line for people, over the general rows and every registered game's."""

    def _all(self) -> dict[str, str]:
        out = dict(_GENERAL_HELP)
        for d in descriptors():
            out.update(d.help)
        return out

    def __getitem__(self, key: str) -> str:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


#: One line for people about each house rule (New Game shows it beside the control).
HELP: Mapping[str, str] = _Help()


def not_house_rules() -> frozenset[str]:
    """Table settings and reserved keys: valid in records, not house rules for New Game."""
    return frozenset(k for k, s in specs().items() if not s.house_rule)


def _is_int(v: Any) -> bool:
    # JSON true/false are bools, which Python also counts as ints; the format is strict.
    return isinstance(v, int) and not isinstance(v, bool)


def _check_value(spec: OptionSpec, v: Any) -> Any:
    """``v`` in canonical form (``"7D"``, ``"DCSH"``), or :class:`OptionError` naming the key."""
    key = spec.key
    got = quoted(v)
    if spec.kind == "bool":
        if not isinstance(v, bool):
            raise OptionError(f"options: {key} must be true or false (got {got})")
    elif spec.kind in ("int", "int?"):
        if v is None and spec.kind == "int?":
            return v
        if not _is_int(v) or v < spec.minimum:
            extra = "null or " if spec.kind == "int?" else ""
            raise OptionError(
                f"options: {key} must be {extra}an integer ≥ {spec.minimum} (got {got})"
            )
        if v > spec.maximum:
            raise OptionError(f"options: {key} must be at most {spec.maximum} (got {got})")
    elif spec.kind == "choice":
        if spec.cards:  # format "Limits": a card option takes any card syntax ("7♦")
            with suppress(CardSyntaxError):
                v = card_code(parse_card(v))
        if v not in spec.choices:
            allowed = ", ".join(f'"{c}"' for c in spec.choices)
            raise OptionError(f"options: {key} must be one of {allowed} (got {got})")
    elif spec.kind == "suits":
        suits = _canonical_suits(v)
        if suits is None:
            raise OptionError(
                f'options: {key} must be four suit letters such as "DCSH" (got {got})'
            )
        return suits
    elif spec.kind == "text":  # checked further by the game's own checks (MI-3)
        if not isinstance(v, str):
            raise OptionError(f"options: {key} must be a string (got {got})")
        if len(v) > 1000:
            raise OptionError(f"options: {key} is longer than 1000 characters")
    elif spec.kind == "false" and v is not False:
        raise OptionError(f"options: {key} is reserved and accepts only false (got {got})")
    return v


def _canonical_suits(v: Any) -> str | None:
    """Four suit characters (letters of either case, or symbols) as canonical letters."""
    if not (isinstance(v, str) and len(v) == 4):
        return None
    out = ""
    for ch in v:
        if ch in SUIT_SYMBOLS:
            out += SUIT_LETTERS[SUIT_SYMBOLS.index(ch)]
        elif ch.isascii() and ch.upper() in SUIT_LETTERS:
            out += ch.upper()
        else:
            return None
    return out


def for_game(game: str, spec: OptionSpec) -> OptionSpec:
    """Row ``spec`` as game ``game`` takes it: with the choices its descriptor adds to a
    shared row (``more_choices``: ``gen.firstDealer``'s ``lowestCard`` in Commit, Michigan
    and Matrimony, cousins §1), else as it is."""
    more = _descriptor(game).more_choices.get(spec.key, ())
    return replace(spec, choices=spec.choices + tuple(more)) if more else spec


def house_rules(game: str, profile: str | None = None) -> list[OptionSpec]:
    """The options New Game offers for ``game`` (and ``profile``, e.g. a Pope Joan profile):
    every option of the game except table settings, reserved keys and the profile key
    itself, except the keys its descriptor fixes (Spin's ``nm.aceHigh``, SP-9), and, for a
    profile, except the game's own keys that profile fixes or ignores (PJ-13, PJ-C-2)."""
    desc = _descriptor(game)
    entry = None if profile is None else desc.entry_for(profile=profile)
    offered = None if entry is None else entry.house_rules
    out = []
    for key, spec in specs().items():
        if (
            not desc.takes(key)
            or not spec.house_rule
            or key == desc.profile_key
            or key in desc.fixed
        ):
            continue
        if (
            offered is not None
            and key.startswith(desc.option_prefixes)
            and not key.startswith(offered)
        ):
            continue
        out.append(for_game(game, spec))
    return out


def defaults(game: str) -> dict[str, Any]:
    """Every option of ``game`` with its default value: the row's, else the descriptor's
    (``option_defaults``), else the value it pins (``fixed``: Spin's ``nm.aceHigh``)."""
    desc = _descriptor(game)
    out = {k: s.default for k, s in specs().items() if desc.takes(k)}
    out.update(desc.option_defaults)
    out.update({key: value for key, (value, _rule) in desc.fixed.items()})
    return out


def resolve_options(game: str, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate ``given`` for ``game`` and return the full option dict, defaults filled in.

    Raises :class:`OptionError` naming the key for: an unknown game, an unknown key, a key of
    another game, a value of the wrong type or out of range, or a combination the spec
    forbids (the game's own checks, e.g. ``nm.minStake ≤ nm.stake ≤ nm.maxStake``; a key
    the game fixes, e.g. ``nm.aceHigh`` refused for Spin, SP-9).
    """
    desc = _descriptor(game)
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise OptionError("options: must be an object of option keys")
    table = specs()
    canonical: dict[str, Any] = {}
    for key, value in given.items():
        spec = table.get(key)
        if spec is None:
            raise OptionError(f"options: unknown key {shown(str(key))}")
        if not desc.takes(key):
            raise OptionError(f"options: {key} is not an option of {game}")
        canonical[key] = _check_value(for_game(game, spec), value)
    out = defaults(game)
    out.update(canonical)
    if desc.check_options is not None:
        desc.check_options(out)
    for key, (value, rule) in desc.fixed.items():
        if out[key] != value:
            raise OptionError(
                f"options: {key} must be {json.dumps(value)} in {desc.title} ({rule})"
            )
    return out
