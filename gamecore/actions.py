"""Actions (a player's decisions) as plain frozen dataclasses, and their record syntax.

The record syntax (``../shared/formats/deal-record.md``, "Actions") is ``"<seat> <what>"``:
``"0 7S"``, ``"2 spin 10S"``, ``"3 stake 5"``, ``"1 split AH:2 KC:2"``, ``"0 rob 5H"``,
``"0 decline"``, ``"2 claim"``, ``"2 jink"``, ``"2 pass"`` (decline what the engine offers,
read only in a game that offers something: ``parse_action(..., passes=True)``),
``"3 exchange"``, ``"3 auction"``, ``"3 keep"`` and ``"2 bid 4"`` (the widow's decisions before
the first lead, MI-7, MI-8; read only in a game with a widow: ``parse_action(...,
widow=True)``). Pool names depend on the game, so reading and writing a split takes the
game's pool names.
``spin <card>`` means the card played together with the game's declared special card
(``StopsGame.special_card``: the ♦A in Spin and Spinado), whichever card that is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamecore.cards import CardSyntaxError, card_code, parse_card
from gamecore.limits import MAX_AMOUNT, shown


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` (int 0..51): a lead, a continuation, or a card to a trick.

    ``spin`` is true when the game's special card (``StopsGame.special_card``, the ♦A in Spin
    and Spinado) goes down with it (Spin SP-2, Spinado SN-8).
    """

    seat: int
    card: int
    spin: bool = False


@dataclass(frozen=True, slots=True)
class NameStake:
    """The dealer names the stake ``amount`` (counters, int): NM-5, PJ-21."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Split:
    """A player spreads his stake: ``amounts[i]`` counters (int ≥ 0) on the game's pool ``i``."""

    seat: int
    amounts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline what the engine offers ``seat`` (cousins §6.4): the Commit, CM-10. A declined
    offer is written in the record; the ordinary "No six" is never an action."""

    seat: int


#: The dealer's widow choices (MI-7), in the order the legal set lists them.
EXCHANGE, AUCTION, KEEP = "exchange", "auction", "keep"
WIDOW_CHOICES = (EXCHANGE, AUCTION, KEEP)


@dataclass(frozen=True, slots=True)
class Widow:
    """The dealer's widow choice before the first lead (MI-7): ``choice`` is
    :data:`EXCHANGE` (take the widow unseen, his hand becomes the dead hand),
    :data:`AUCTION` (offer it for sale, MI-8) or :data:`KEEP` (the widow stays dead)."""

    seat: int
    choice: str


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``amount`` counters (int ≥ the game's least bid) for the widow in the auction
    (MI-8); a :class:`Pass` leaves the auction for good."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Rob:
    """Spoil Five: discard ``card`` and take the turn-up (SF-21, SF-22)."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Decline:
    """Spoil Five: do not rob (SF-21, SF-22)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Claim:
    """Spoil Five: take the pool after winning tricks 1 to 3 (SF-31)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Jink:
    """Spoil Five: play on for all five tricks (SF-31)."""

    seat: int


Action = Play | NameStake | Split | Pass | Widow | Bid | Rob | Decline | Claim | Jink


class ActionSyntaxError(ValueError):
    """An action string that does not follow the record syntax."""


def format_action(action: Action, pools: Sequence[str] = ()) -> str:
    """Canonical record text of ``action``; ``pools`` names the game's pools for a split."""
    s = action.seat
    match action:
        case Play(card=c, spin=True):
            return f"{s} spin {card_code(c)}"
        case Play(card=c):
            return f"{s} {card_code(c)}"
        case NameStake(amount=n):
            return f"{s} stake {n}"
        case Split(amounts=amounts):
            parts = [f"{p}:{n}" for p, n in zip(pools, amounts, strict=True) if n]
            return " ".join([f"{s} split", *parts])
        case Pass():
            return f"{s} pass"
        case Widow(choice=choice):
            return f"{s} {choice}"
        case Bid(amount=n):
            return f"{s} bid {n}"
        case Rob(card=c):
            return f"{s} rob {card_code(c)}"
        case Decline():
            return f"{s} decline"
        case Claim():
            return f"{s} claim"
        case Jink():
            return f"{s} jink"
    raise TypeError(f"not an action: {action!r}")


def _int(text: str, what: str) -> int:
    """A seat or an amount: ASCII digits only, at most :data:`~gamecore.limits.MAX_AMOUNT`,
    checked before converting (format "Limits")."""
    if not (text.isascii() and text.isdigit()):
        raise ActionSyntaxError(
            f"{what} must be a whole number written in the digits 0 to 9, not {shown(repr(text))}"
        )
    digits = text.lstrip("0")
    if len(digits) > len(str(MAX_AMOUNT)) or int(digits or "0") > MAX_AMOUNT:
        raise ActionSyntaxError(f"{what} is over the format's limit of {MAX_AMOUNT}")
    return int(digits or "0")


def parse_action(
    text: str, pools: Sequence[str] = (), *, passes: bool = False, widow: bool = False
) -> Action:
    """Read one action in record syntax.

        ``pools`` is the game's pool names, in order (needed for ``split``); ``passes`` whether
        the game offers something a player may decline with ``pass`` (its rules' ``has_pass``:
        cousins §6.4; in any other game ``"0 pass"`` stays a malformed card); ``widow`` whether
    the game has the widow's decisions (``exchange``, ``auction``, ``keep``, ``bid <n>``: its
    rules' ``has_widow``, MI-7, MI-8; elsewhere they stay malformed). Words are separated
        by exactly one ASCII space; seats and amounts are ASCII digits, each at most
        :data:`~gamecore.limits.MAX_AMOUNT`; verbs are ASCII (any case); cards are read as
        :func:`gamecore.cards.parse_card` reads them. Raises :class:`ActionSyntaxError`.
    """
    if not isinstance(text, str):
        raise ActionSyntaxError("an action must be a string")
    words = text.split(" ")
    if "" in words:
        raise ActionSyntaxError("the words of an action are separated by one space")
    if len(words) < 2:
        raise ActionSyntaxError('an action is "<seat> <what>"')
    seat = _int(words[0], "the seat")
    verb = words[1].lower() if words[1].isascii() else words[1]
    rest = words[2:]
    try:
        if verb == "stake" and len(rest) == 1:
            return NameStake(seat, _int(rest[0], "the stake"))
        if verb == "split":
            amounts = dict.fromkeys(pools, 0)
            seen: set[str] = set()
            for part in rest:
                name, sep, num = part.partition(":")
                if not sep or name not in amounts:
                    raise ActionSyntaxError(f"unknown pool in split: {shown(repr(part))}")
                if name in seen:
                    raise ActionSyntaxError(f"pool {name} named twice in split")
                seen.add(name)
                amounts[name] = _int(num, f"the amount on {name}")
            return Split(seat, tuple(amounts.values()))
        if verb == "spin" and len(rest) == 1:
            return Play(seat, parse_card(rest[0]), spin=True)
        if verb == "rob" and len(rest) == 1:
            return Rob(seat, parse_card(rest[0]))
        if not rest and passes and verb == "pass":
            return Pass(seat)
        if widow and not rest and verb in WIDOW_CHOICES:
            return Widow(seat, verb)
        if widow and verb == "bid" and len(rest) == 1:
            return Bid(seat, _int(rest[0], "the bid"))
        if not rest and verb in ("decline", "claim", "jink"):
            bare: dict[str, type[Decline | Claim | Jink]] = {
                "decline": Decline,
                "claim": Claim,
                "jink": Jink,
            }
            return bare[verb](seat)
        if not rest:
            return Play(seat, parse_card(words[1]))
    except CardSyntaxError as e:
        raise ActionSyntaxError(str(e)) from None
    raise ActionSyntaxError(f"not an action: {shown(repr(text))}")
