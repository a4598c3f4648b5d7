"""The deal-record format's limits (``../shared/formats/deal-record.md``, "Limits"), in one
place: the reader enforces them and every writer of a record (New Game, Settings, the table's
stake and split boxes) keeps inside them, so Parlour never writes a record it refuses.

Also here: the name rule for players, a check for characters no string of a record may
hold, and how to shorten a message or a piece of a file for a one-line display.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager

#: Any counter amount (a stake, a split's amounts, ``start.balances``, ``start.pools``, an
#: integer option) is at most this in absolute value.
MAX_AMOUNT = 1_000_000_000
#: ``gen.rounds`` is at most this.
MAX_ROUNDS = 1_000
#: A player's name has 1 to this many code points.
NAME_MAX = 40
#: A deal's ``seed`` is an int with ``0 <= seed < SEED_LIMIT``.
SEED_LIMIT = 1 << 63
#: A record file has at most this many bytes.
MAX_FILE_BYTES = 32 * 1024 * 1024
#: Objects and arrays nest no deeper than this (record, deals, a deal, hands, a hand).
MAX_DEPTH = 5
#: Decimal digits of the longest integer a record can hold (``SEED_LIMIT - 1`` has 19);
#: a JSON integer with more digits is refused without converting it.
MAX_INT_DIGITS = len(str(SEED_LIMIT - 1))
#: Longest message :func:`short_message` lets through, in characters.
MESSAGE_MAX = 300

# Unicode categories Cc (U+0000–001F, U+007F–009F), Cs (U+D800–DFFF), Zl (U+2028) and
# Zp (U+2029): control characters, lone surrogates, line and paragraph separators. No string
# of a record holds one; each of them could break a one-line message or the writing of a file.
_FORBIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")


def forbidden_char(text: str) -> str | None:
    """The first character of ``text`` of category Cc, Cs, Zl or Zp, or ``None``."""
    m = _FORBIDDEN.search(text)
    return None if m is None else m.group()


def char_name(ch: str) -> str:
    """The forbidden character ``ch`` for a message: ``control character U+000A``, ``lone
    surrogate U+D800``, ``line separator U+2028`` (any other: just ``U+…``)."""
    code = ord(ch)
    kind = (
        "control character "
        if code < 0xA0
        else "lone surrogate "
        if 0xD800 <= code <= 0xDFFF
        else "line separator "
        if code == 0x2028
        else "paragraph separator "
        if code == 0x2029
        else ""
    )
    return f"{kind}U+{code:04X}"


def name_problem(name: object) -> str | None:
    """Why ``name`` breaks the record's name rule, or ``None`` if it is a valid name.

    The rule: a str of 1 to :data:`NAME_MAX` code points, none of category Cc, Cs, Zl or Zp,
    no whitespace at either end.
    """
    if not isinstance(name, str):
        return "a name must be a string"
    if not name:
        return "a name must not be empty"
    if len(name) > NAME_MAX:
        return f"a name has at most {NAME_MAX} characters, not {len(name)}"
    bad = forbidden_char(name)
    if bad is not None:
        return f"a name must not hold a {char_name(bad)}"
    if name != name.strip():
        return "a name must not begin or end with a space"
    return None


def fit_name(text: str, fallback: str) -> str:
    """``text`` made to follow the name rule: forbidden characters dropped, spaces at the
    ends removed, cut to :data:`NAME_MAX` code points; ``fallback`` (itself a valid name)
    when nothing is left. For names typed into the GUI."""
    name = _FORBIDDEN.sub("", text).strip()[:NAME_MAX].rstrip()
    return name or fallback


def shown(text: str, limit: int = 40) -> str:
    """``text`` cut to at most ``limit`` characters (an ellipsis marks the cut), to quote a
    piece of a file in a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def json_words(value: object) -> str:
    """A decoded JSON value that is not a string, as the file spells it (``null``,
    ``true``, ``12``) or as what it is (``a list``, ``an object``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return shown(repr(value))
    return "a list" if isinstance(value, list | tuple) else "an object"


def quoted(value: object) -> str:
    """A value from a file as a message quotes it: ``null``, ``true`` and ``false`` as the
    file spells them (not Python's ``None`` and ``True``), anything else its ``repr``, cut
    short (:func:`shown`)."""
    if value is None or isinstance(value, bool):
        return json_words(value)
    return shown(repr(value))


def short_message(message: str, limit: int = MESSAGE_MAX) -> str:
    """``message`` as one displayable line of at most ``limit`` characters: line breaks and
    other forbidden characters become spaces, and a longer message is cut with an
    ellipsis."""
    return shown(_FORBIDDEN.sub(" ", message), limit)


@contextmanager
def exact_ints() -> Iterator[None]:
    """Lift Python's limit on converting long ints to text while the block runs: outcomes
    are exact integers of any size (format "Limits"), and replay prints them whole. Safe
    because the reader never converts a long digit string to an int (it refuses integers
    of more than :data:`MAX_INT_DIGITS` digits first)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


def json_fault(e: ValueError, text: str) -> str:
    """Why ``text`` is not JSON, in words for a person, from the decoder's error ``e`` (a
    :class:`json.JSONDecodeError`, or another ``ValueError`` said as it is): "the file is
    empty", "it ends too early, at line 2, column 99" (or "…, in a string begun at line 62,
    column 6" when it is cut inside one), "expecting ',' delimiter at line 3, column 7".
    Never Python's character offset."""
    if not text.strip():
        return "the file is empty"
    if not isinstance(e, json.JSONDecodeError):
        return shown(str(e), 80)
    where = f"at line {e.lineno}, column {e.colno}"
    if e.pos >= len(text.rstrip()):
        return f"it ends too early, {where}"
    if e.msg.startswith("Unterminated string"):  # cut inside a string: no closing quote at all
        return f"it ends too early, in a string begun {where}"
    msg = e.msg.removesuffix(" at")  # "Unterminated string starting at": one "at"
    return f"{msg[:1].lower()}{msg[1:]} {where}"
