"""Cards as small ints and sets of cards as int bitmasks.

A card is an ``int`` in ``0..51``: ``suit * 13 + rank``, where ``suit`` is 0..3 in the order
of the record letters ``S H D C`` (spades, hearts, diamonds, clubs) and ``rank`` is 0..12 for
``A 2 3 4 5 6 7 8 9 10 J Q K``. A set of cards is an ``int`` with bit ``card`` set for each
member. Cards as objects exist only at the edges (record notation, GUI names).

The deal-record notation (``../shared/formats/deal-record.md``, "Cards") is read leniently
(``10D``, ``TD``, ``10d``, ``10♦``) and written canonically (``10D``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from gamecore.limits import json_words, shown

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

ACE, JACK, QUEEN, KING = 0, 10, 11, 12
RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)

FULL_PACK = (1 << 52) - 1
#: ``SUIT_MASK[s]``: every card of suit ``s``.
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in SUITS)


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (0 = ace … 12 = king) and ``suit`` (0..3, ``S H D C``)."""
    return suit * 13 + rank


def suit_of(c: int) -> int:
    """Suit index 0..3 of card ``c``."""
    return c // 13


def rank_of(c: int) -> int:
    """Rank index 0 (ace) … 12 (king) of card ``c``."""
    return c % 13


def bit(c: int) -> int:
    """The one-card set holding ``c``."""
    return 1 << c


def mask_of(cards: Iterable[int]) -> int:
    """The set (bitmask) of the given cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> Iterator[int]:
    """The cards of set ``mask``, in increasing int order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    """Number of cards in set ``mask``."""
    return mask.bit_count()


class CardSyntaxError(ValueError):
    """A card written in a way the record notation does not allow."""


_SUIT_BY_CHAR = {
    **{ch: i for i, ch in enumerate(SUIT_LETTERS)},
    **{ch: i for i, ch in enumerate(SUIT_SYMBOLS)},
}
_RANK_BY_CODE = {code: i for i, code in enumerate(RANK_CODES)} | {"T": 9}


def parse_card(text: str) -> int:
    """Read one card in record notation and return its int.

    Accepts ``10D``, ``QS``, ``T`` for ten, lower case, and suit symbols (``10♦``): exactly
    what the format's "Cards" allows, nothing around it (no spaces, and only ASCII letters
    and digits besides the four suit symbols). Raises :class:`CardSyntaxError` for anything
    else.
    """
    if not isinstance(text, str):  # e.g. JSON null or a number where a card belongs
        raise CardSyntaxError(f'not a card: {json_words(text)} (a card is text such as "QS")')
    rank, suit = text[:-1], text[-1:]
    if suit.isascii():
        suit = suit.upper()
    r = _RANK_BY_CODE.get(rank.upper()) if rank.isascii() else None
    s = _SUIT_BY_CHAR.get(suit)
    if r is None or s is None:
        raise CardSyntaxError(f"not a card: {shown(repr(text))}")
    return card(r, s)


def card_code(c: int) -> str:
    """Canonical record notation of card ``c`` (``10D``, ``QS``)."""
    return RANK_CODES[rank_of(c)] + SUIT_LETTERS[suit_of(c)]


def card_label(c: int) -> str:
    """Short label for people, with the suit symbol (``10♦``)."""
    return RANK_CODES[rank_of(c)] + SUIT_SYMBOLS[suit_of(c)]


def card_name(c: int) -> str:
    """Spoken name (``ten of diamonds``)."""
    return f"{RANK_NAMES[rank_of(c)]} of {SUIT_NAMES[suit_of(c)]}"


def rank_word(rank: int, plural: bool = False) -> str:
    """Rank as announced at the table: ``nine`` / ``nines``, ``six`` / ``sixes``."""
    word = RANK_NAMES[rank]
    if not plural:
        return word
    return word + ("es" if word.endswith("x") else "s")


AH, KC, QD, JS = card(ACE, HEARTS), card(KING, CLUBS), card(QUEEN, DIAMONDS), card(JACK, SPADES)
AD = card(ACE, DIAMONDS)
EIGHT_D = card(7, DIAMONDS)
