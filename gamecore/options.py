"""Rule options (house rules): their keys, allowed values and defaults.

Keys and value ranges are those of the rules spec (section 9A.2, 7.9) and of the deal-record
format ("Option values"). :func:`resolve_options` validates a mapping supplied by a record or
by New Game and returns the complete option set for one game, defaults filled in.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from gamecore.cards import SUIT_LETTERS, SUIT_SYMBOLS, CardSyntaxError, card_code, parse_card
from gamecore.errors import OptionError
from gamecore.limits import MAX_AMOUNT, MAX_ROUNDS, shown

POPE_JOAN, NEWMARKET, SPIN, SPINADO, SPOIL_FIVE = (
    "pope-joan", "newmarket", "spin", "spinado", "spoil-five")
GAMES = (POPE_JOAN, NEWMARKET, SPIN, SPINADO, SPOIL_FIVE)
STOPS_GAMES = (POPE_JOAN, NEWMARKET, SPIN, SPINADO)
_ALL = frozenset(GAMES)
_STOPS = frozenset(STOPS_GAMES)
_NM = frozenset((NEWMARKET, SPIN))


@dataclass(frozen=True)
class OptionSpec:
    """One option: its key, the games it belongs to, its kind and default.

    ``kind`` is ``"bool"``, ``"int"`` (an int from ``minimum`` to ``maximum``), ``"int?"``
    (``None`` or such an int), ``"choice"`` (one of ``choices``; with ``cards`` the choices
    are cards, read in any card syntax), ``"suits"`` (four suit letters or symbols) or
    ``"false"`` (a reserved key that accepts only ``False``). ``maximum`` is the format's
    limit (:mod:`gamecore.limits`).
    """

    key: str
    games: frozenset[str]
    kind: str
    default: Any
    minimum: int = 0
    choices: tuple[str, ...] = ()
    maximum: int = MAX_AMOUNT
    cards: bool = False


#: One line for people about each house rule (New Game shows it beside the control).
HELP: dict[str, str] = {
    "gen.rounds": "Whole rounds in a session: every player deals this many times (GEN-4).",
    "gen.startCounters": "Counters each player starts the session with (GEN-5).",
    "gen.allowDebt": "Players may go below zero; off: the session ends when someone cannot "
                     "stake (GEN-5).",
    "gen.endPools": "What happens to counters left in the pools when the session ends "
                    "(GEN-6).",
    "gen.firstDealer": "How the first dealer is chosen: the first Jack dealt face up, at "
                       "random, or the first seat (GEN-2).",
    "pj.profile": "Foster's simple layout, Foster's trump layout (Matrimony…), or the classic "
                  "eight-compartment board.",
    "pj.pope": "Which card is the Pope: the Seven or the Nine of diamonds (PJ-4).",
    "pj.honourSuits": "Suits of the Ten, Jack, Queen and King layout cards, in that order "
                      "(PJ-4).",
    "pj.removeEightOfDiamonds": "Take the 8♦ out of the pack, making the 7♦ a known stop "
                                "(PJ-2).",
    "pj.doubling": "A player caught holding a layout card doubles its compartment (PJ-11, "
                   "PJ-24, PJ-27).",
    "pj.m.doubleCombos": "Unplayed trump honours double their Matrimony, Intrigue or "
                         "Confederacy pool (PJ-27).",
    "pj.c.popeExcuses": "A player still holding the Pope pays nothing for his cards at the "
                        "end (PJ-C-7).",
    "pj.c.parlettLead": "Ace high, and every lead must be the lowest card of its suit "
                        "(PJ-C-2).",
    "pj.m.dealerStake": "The dealer's usual stake D; everyone else stakes D − 1 (PJ-21).",
    "pj.m.turnUpAwards": "A turned-up Pope gives the dealer the Pope pool (classic) or nothing "
                         "(PJ-26).",
    "pj.c.popeTurnUp": "A turned-up Pope: the dealer takes Pope and Game and the deal ends, "
                       "or he takes the Pope only (PJ-C-5).",
    "nm.stake": "The stake a computer dealer names (NM-5).",
    "nm.minStake": "The smallest stake a dealer may name (NM-5).",
    "nm.maxStake": "The largest stake a dealer may name; empty for no limit (NM-5).",
    "nm.aceHigh": "Aces rank above Kings (modern British play, NM-3).",
    "nm.removeEightOfDiamonds": "Take the 8♦ out of the pack (NM-2).",
    "nm.mustChangeSuit": "Each new sequence must be in a different suit from the one that "
                         "just stopped (NM-11).",
    "sp.diamondAceOrdinary": "The ♦A may also be led as an ordinary card (SP-6).",
    "sp.mustChangeSuit": "The lead right after a Spin must change suit (SP-10).",
    "sp.leftWithSpinPenalty": "A player caught holding the ♦A pays 2 per card (SP-7).",
    "sp.spinPayment": "Counters each other player pays the spinner (SP-7).",
    "sn.spinadoPayment": "Counters each other player pays for a Spinado (SN-8).",
    "sn.allowSpinadoAlone": "The ♦A may be led alone (Cassell, SN-9).",
    "sn.intrigue": "Intrigue is the ♦Q and ♦J, or the ♦K and ♦J (Cassell, SN-12).",
    "sf.staking": "Each player antes, or the dealer stakes for everybody (SF-6).",
    "sf.ante": "Each player's stake to a fresh pool (SF-6).",
    "sf.dealerAdd": "What each later dealer adds while the pool is running (SF-6).",
    "sf.jinkBonus": "What each other player pays a player who jinks and wins all five "
                    "(SF-32).",
    "sf.dealerAddsOnFresh": "The dealer of a fresh pool also adds his dealer's counter "
                            "(AMB-16).",
    "sf.jinking": "After winning three tricks a player may play on for all five (SF-31).",
    "sf.misdealForfeit": "A dealer who misdeals may pay 2 counters into the pool and deal "
                         "again (SF-42; automatic dealing never misdeals).",
    "sf.playOutDeadTricks": "Play the remaining tricks when the deal is already decided "
                            "(AMB-18).",
    "sf.robbing": "Robbing the turned-up trump: optional, compulsory or not played (SF-21).",
    "sf.packets": "Deal in packets of three then two, or two then three (SF-9).",
}

#: Table settings and reserved keys: valid in records, not house rules for New Game.
NOT_HOUSE_RULES = frozenset(("stop.autoPlayForced", "sf.autoPlayForced",
                             "pj.dealerMayViewStock", "nm.kitty", "nm.dealerMayTakeDeadHand"))


_SPECS = (
    OptionSpec("gen.rounds", _ALL, "int", 1, minimum=1, maximum=MAX_ROUNDS),
    OptionSpec("gen.startCounters", _ALL, "int", 100, minimum=0),
    OptionSpec("gen.allowDebt", _ALL, "bool", True),
    OptionSpec("gen.endPools", _ALL, "choice", "split", choices=("split", "carryToNextSession")),
    OptionSpec("gen.firstDealer", _ALL, "choice", "firstJack",
               choices=("firstJack", "random", "seat")),
    OptionSpec("stop.autoPlayForced", _STOPS, "bool", True),
    OptionSpec("pj.dealerMayViewStock", frozenset((POPE_JOAN,)), "bool", False),
    OptionSpec("pj.profile", frozenset((POPE_JOAN,)), "choice", "F", choices=("F", "M", "C")),
    OptionSpec("pj.pope", frozenset((POPE_JOAN,)), "choice", "7D", choices=("7D", "9D"),
               cards=True),
    OptionSpec("pj.honourSuits", frozenset((POPE_JOAN,)), "suits", "DCSH"),
    OptionSpec("pj.removeEightOfDiamonds", frozenset((POPE_JOAN,)), "bool", False),
    OptionSpec("pj.doubling", frozenset((POPE_JOAN,)), "bool", True),
    OptionSpec("pj.m.doubleCombos", frozenset((POPE_JOAN,)), "bool", True),
    OptionSpec("pj.c.popeExcuses", frozenset((POPE_JOAN,)), "bool", True),
    OptionSpec("pj.c.parlettLead", frozenset((POPE_JOAN,)), "bool", False),
    OptionSpec("pj.m.dealerStake", frozenset((POPE_JOAN,)), "int", 5, minimum=1),
    OptionSpec("pj.m.turnUpAwards", frozenset((POPE_JOAN,)), "choice", "none",
               choices=("none", "classic")),
    OptionSpec("pj.c.popeTurnUp", frozenset((POPE_JOAN,)), "choice", "popeGameAndEnd",
               choices=("popeGameAndEnd", "popeOnly")),
    OptionSpec("nm.stake", _NM, "int", 4, minimum=1),
    OptionSpec("nm.minStake", _NM, "int", 4, minimum=1),
    OptionSpec("nm.maxStake", _NM, "int?", None, minimum=1),
    OptionSpec("nm.aceHigh", _NM, "bool", False),
    OptionSpec("nm.removeEightOfDiamonds", _NM, "bool", False),
    OptionSpec("nm.mustChangeSuit", _NM, "bool", False),
    OptionSpec("nm.kitty", _NM, "false", False),
    OptionSpec("nm.dealerMayTakeDeadHand", _NM, "false", False),
    OptionSpec("sp.diamondAceOrdinary", frozenset((SPIN,)), "bool", False),
    OptionSpec("sp.mustChangeSuit", frozenset((SPIN,)), "bool", False),
    OptionSpec("sp.leftWithSpinPenalty", frozenset((SPIN,)), "bool", False),
    OptionSpec("sp.spinPayment", frozenset((SPIN,)), "int", 0, minimum=0),
    OptionSpec("sn.spinadoPayment", frozenset((SPINADO,)), "int", 3, minimum=0),
    OptionSpec("sn.allowSpinadoAlone", frozenset((SPINADO,)), "bool", False),
    OptionSpec("sn.intrigue", frozenset((SPINADO,)), "choice", "QJ", choices=("QJ", "KJ")),
    OptionSpec("sf.staking", frozenset((SPOIL_FIVE,)), "choice", "foster",
               choices=("foster", "dealerPaysAll")),
    OptionSpec("sf.ante", frozenset((SPOIL_FIVE,)), "int", 1, minimum=0),
    OptionSpec("sf.dealerAdd", frozenset((SPOIL_FIVE,)), "int", 1, minimum=0),
    OptionSpec("sf.jinkBonus", frozenset((SPOIL_FIVE,)), "int", 1, minimum=0),
    OptionSpec("sf.dealerAddsOnFresh", frozenset((SPOIL_FIVE,)), "bool", False),
    OptionSpec("sf.jinking", frozenset((SPOIL_FIVE,)), "bool", True),
    OptionSpec("sf.misdealForfeit", frozenset((SPOIL_FIVE,)), "bool", False),
    OptionSpec("sf.playOutDeadTricks", frozenset((SPOIL_FIVE,)), "bool", False),
    OptionSpec("sf.autoPlayForced", frozenset((SPOIL_FIVE,)), "bool", False),
    OptionSpec("sf.robbing", frozenset((SPOIL_FIVE,)), "choice", "optional",
               choices=("optional", "compulsory", "off")),
    OptionSpec("sf.packets", frozenset((SPOIL_FIVE,)), "choice", "3-2", choices=("3-2", "2-3")),
)
SPECS: dict[str, OptionSpec] = {s.key: s for s in _SPECS}

#: Per-game defaults that differ from the spec's general default (GEN-5).
_GAME_DEFAULTS: dict[str, dict[str, Any]] = {SPOIL_FIVE: {"gen.startCounters": 20}}


def _is_int(v: Any) -> bool:
    # JSON true/false are bools, which Python also counts as ints; the format is strict.
    return isinstance(v, int) and not isinstance(v, bool)


def _check_value(spec: OptionSpec, v: Any) -> Any:
    """``v`` in canonical form (``"7D"``, ``"DCSH"``), or :class:`OptionError` naming the key."""
    key = spec.key
    got = shown(repr(v))
    if spec.kind == "bool":
        if not isinstance(v, bool):
            raise OptionError(f"options: {key} must be true or false (got {got})")
    elif spec.kind in ("int", "int?"):
        if v is None and spec.kind == "int?":
            return v
        if not _is_int(v) or v < spec.minimum:
            extra = "null or " if spec.kind == "int?" else ""
            raise OptionError(
                f"options: {key} must be {extra}an integer ≥ {spec.minimum} (got {got})")
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
            raise OptionError(f"options: {key} must be four suit letters such as \"DCSH\" "
                              f"(got {got})")
        return suits
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


def house_rules(game: str, profile: str | None = None) -> list[OptionSpec]:
    """The options New Game offers for ``game`` (and Pope Joan ``profile``): every rule option
    except table settings and reserved keys, and except the Pope Joan keys the chosen profile
    fixes or ignores (PJ-13, PJ-C-2)."""
    only = {"F": ("pj.pope", "pj.honourSuits", "pj.removeEightOfDiamonds", "pj.doubling"),
            "M": ("pj.pope", "pj.removeEightOfDiamonds", "pj.doubling", "pj.m."),
            "C": ("pj.c.",)}
    out = []
    for spec in _SPECS:
        if game not in spec.games or spec.key in NOT_HOUSE_RULES or spec.key == "pj.profile":
            continue
        if spec.key.startswith("pj.") and profile in only and not spec.key.startswith(
                only[profile]):
            continue
        if game == SPIN and spec.key == "nm.aceHigh":
            continue  # SP-9: always false in Spin
        out.append(spec)
    return out


def defaults(game: str) -> dict[str, Any]:
    """Every option of ``game`` with its default value."""
    out = {k: s.default for k, s in SPECS.items() if game in s.games}
    out.update(_GAME_DEFAULTS.get(game, {}))
    return out


def resolve_options(game: str, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate ``given`` for ``game`` and return the full option dict, defaults filled in.

    Raises :class:`OptionError` naming the key for: an unknown key, a key of another game,
    a value of the wrong type or out of range, or a combination the spec forbids
    (``nm.minStake ≤ nm.stake ≤ nm.maxStake``; ``nm.aceHigh`` refused for Spin, SP-9).
    """
    if game not in GAMES:
        raise OptionError(f"game: unknown game {shown(repr(game))}")
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise OptionError("options: must be an object of option keys")
    canonical: dict[str, Any] = {}
    for key, value in given.items():
        spec = SPECS.get(key)
        if spec is None:
            raise OptionError(f"options: unknown key {shown(str(key))}")
        if game not in spec.games:
            raise OptionError(f"options: {key} is not an option of {game}")
        canonical[key] = _check_value(spec, value)
    out = defaults(game)
    out.update(canonical)
    if game in _NM:
        lo, st, hi = out["nm.minStake"], out["nm.stake"], out["nm.maxStake"]
        if st < lo:
            raise OptionError(f"options: nm.stake ({st}) is below nm.minStake ({lo})")
        if hi is not None and hi < lo:
            raise OptionError(f"options: nm.maxStake ({hi}) is below nm.minStake ({lo})")
        if hi is not None and st > hi:
            raise OptionError(f"options: nm.stake ({st}) is above nm.maxStake ({hi})")
    if game == SPIN and out["nm.aceHigh"]:
        raise OptionError("options: nm.aceHigh must be false in Spin (SP-9)")
    return out
