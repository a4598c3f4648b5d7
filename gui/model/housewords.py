"""House rules in plain words: each option's caption and choice words (declared with the
option, in its game's own rules module: :attr:`gamecore.options.OptionSpec.caption` and
``words``), and the one-line help without the rule ids (no Qt, no rules).

New Game and the rules browser both name the house rules from here, so a rule is called
the same everywhere. The rule ids ("GEN-4", "SN-9") belong to the rules specification and
stay in :data:`gamecore.options.HELP`; people at the table see :func:`plain_help`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gamecore.options import HELP, specs

__all__ = [
    "caption",
    "cards_letters",
    "cards_symbols",
    "cards_text",
    "choice_text",
    "option_fault",
    "plain_help",
    "suit_text",
    "suit_letters",
]

_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_LETTER = {v: k for k, v in _SUIT_SYMBOL.items()}
#: Cards in record notation inside a sentence ("AH", "KD+QD", "AH KC QD JS").
_CARDS = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC](?:\+(?:10|[2-9TJQKA])[SHDC])*\b")
#: One card as typed: rank then suit or suit then rank, letters or symbols ("AH", "♥A").
_CARD = re.compile(r"(10|[2-9TJQKA])([SHDC♠♥♦♣])|([♠♥♦♣])(10|[2-9TJQKA])", re.IGNORECASE)
# A rule id of the specification (GEN-4, SN-12, PJ-C-5, AMB-16) or one of its sections
# ("cousins §1", "§6.6").
_RULE_ID = re.compile(r"\b[A-Z]{2,4}(?:-[A-Z])?-\d+\b|(?:\bcousins\s+)?§\s*\d+(?:\.\d+)*")


def caption(key: str) -> str:
    """The name of house rule ``key`` ("nm.aceHigh" → "Aces high"); an unknown key is
    turned into words from its last part ("nm.someRule" → "Some rule")."""
    spec = specs().get(key)
    if spec is not None and spec.caption:
        return spec.caption
    last = key.split(".")[-1]
    words = "".join(" " + ch.lower() if ch.isupper() else ch for ch in last)
    return words[:1].upper() + words[1:]


def choice_text(key: str, value: Any) -> str:
    """Choice ``value`` of option ``key`` in words ("firstJack" → "the first Jack dealt face
    up"); a value without words is shown as it is."""
    spec = specs().get(key)
    return dict(spec.words).get(str(value), str(value)) if spec is not None else str(value)


def cards_text(key: str, value: Any) -> str:
    """A typed option ``value`` of ``key`` for people (Michigan's layout, MI-3): its words
    where it is one of the named values, else :func:`cards_symbols`."""
    named = choice_text(key, value)
    return named if named != str(value) else cards_symbols(str(value))


def _cards(text: str, write: Callable[[str, str], str]) -> str:
    """``text``'s items (spaces between, a combination's cards joined by +) with each
    card, typed rank then suit or suit then rank, letters or symbols, written by
    ``write(rank, suit letter)``; a word that is not a card stays as it is."""

    def card(word: str) -> str:
        m = _CARD.fullmatch(word)
        if m is None:
            return word
        rank = (m.group(1) or m.group(4)).upper()
        suit = m.group(2) or m.group(3)
        return write("10" if rank == "T" else rank, _SUIT_LETTER.get(suit, suit.upper()))

    return " ".join("+".join(card(w) for w in item.split("+")) for item in text.split())


def cards_symbols(text: str) -> str:
    """Cards in record notation as the table labels them, suit then rank: "AH KC KD+QD"
    → "♥A ♣K ♦K+♦Q" (the letters are for files)."""
    return _cards(text, lambda rank, suit: _SUIT_SYMBOL[suit] + rank)


def cards_letters(text: str) -> str:
    """Cards typed or shown either way ("♥A", "A♥", "ah") in record notation: "♥A ♣K
    ♦K+♦Q" → "AH KC KD+QD", the option's value."""
    return _cards(text, lambda rank, suit: rank + suit)


def option_fault(key: str, message: str) -> str:
    """The game's reason for refusing house rule ``key`` (an
    :class:`~gamecore.errors.OptionError`'s message) for people: without the option's key
    and the rule ids, its cards as the table labels them (:func:`cards_symbols`), a
    sentence: 'options: mi.layout: the item AH appears twice (MI-3)' → "The item ♥A
    appears twice." (a tester read the key and the letters under a field that shows ♥A)."""
    text = message.removeprefix("options: ")
    if text.startswith(key + " "):  # "mi.layout must be …": the rule by its name
        text = caption(key) + text[len(key) :]
    text = text.removeprefix(key).lstrip(": ")
    text = _RULE_ID.sub("", text).replace("()", "").strip()
    text = _CARDS.sub(lambda m: cards_symbols(m.group(0)), text)
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def suit_text(letters: str) -> str:
    """Suit letters as symbols: "DCSH" → "♦♣♠♥" (symbols stay as they are)."""
    return "".join(_SUIT_SYMBOL.get(ch.upper(), ch) for ch in letters)


def suit_letters(text: str) -> str:
    """Suits typed or shown as symbols or letters, as the letters a record keeps:
    "♦♣♠♥" → "DCSH"; spaces are dropped."""
    return "".join(_SUIT_LETTER.get(ch, ch.upper()) for ch in text if not ch.isspace())


def plain_help(key: str) -> str:
    """The one-line help of ``key`` without the rule ids and the specification's sections:
    "Whole rounds in a session: every player deals this many times." (not "… (GEN-4)"; "…
    the lowest card drawn." not "… (GEN-2, cousins §1)"); other words in brackets stay
    ("(Cassell)")."""
    text = HELP.get(key, "")

    def strip(m: re.Match[str]) -> str:
        inner = _RULE_ID.sub("", m.group(1))
        inner = re.sub(r"\s*[,;]\s*(?=[,;]|$)", "", inner)  # separators left dangling
        inner = re.sub(r"^[\s,;]+|[\s,;]+$", "", inner)
        return f" ({inner})" if inner else ""

    text = re.sub(r"\s*\(([^()]*)\)", strip, text)
    return re.sub(r"\s+([.,;:])", r"\1", text).strip()
