"""The one checked reader of the small values Parlour keeps outside its deal records: each
value of the settings file and the JSON of the side files (the seats beside a record, the
journal's header and lines). A damaged value — nested too deeply, of the wrong type, a
number too large, text that is not text or not UTF-8 — is never an exception here: the
reader says what is wrong (:class:`Damaged`, or a problem in words) and the caller falls
back to that value's default and says so in a notice. No Qt here.
"""

from __future__ import annotations

import json
import math
from typing import Any

#: The longest JSON text read (characters): far more than Parlour ever writes in one value.
MAX_TEXT = 1_000_000
#: The deepest nesting of lists and objects accepted: Parlour's own values nest 3 deep.
MAX_DEPTH = 16
#: The largest integer accepted (in size): beyond it no count, seat or stake makes sense.
MAX_INT = 2**53


class Damaged(ValueError):
    """A value that cannot be read; ``str(e)`` says why, in a few words."""


def _int(text: str) -> int:
    # Python refuses integers of thousands of digits with a ValueError; smaller huge ones
    # are refused here so no caller meets a number it cannot use.
    if len(text) > 20:
        raise Damaged("holding a number too large")
    value = int(text)
    if abs(value) > MAX_INT:
        raise Damaged("holding a number too large")
    return value


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_INT:
        raise Damaged("holding a number too large")
    return value


def _constant(name: str) -> Any:
    raise Damaged(f"holding {name}, which is not a JSON number")


def _depth(value: Any) -> int:
    """How deeply ``value`` nests lists and dicts (0 for a scalar), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level + 1)
            if deepest > MAX_DEPTH:
                return deepest
            stack.extend((x, level + 1) for x in item)
    return deepest


def text_problem(text: str, limit: int) -> str | None:
    """What is wrong with ``text`` read from a file as the text of a value (``None`` when
    nothing): longer than ``limit`` characters, or holding U+FFFD, which is what the
    settings reader makes of bytes that are not UTF-8 (Parlour never writes it: its JSON is
    ASCII)."""
    if len(text) > limit:
        return f"longer than {limit} characters"
    if "\ufffd" in text:
        return "not valid UTF-8 text"
    return None


def parse(raw: bytes | str, limit: int = MAX_TEXT) -> Any:
    """The JSON value in ``raw`` (bytes are UTF-8), checked. Raises :class:`Damaged` (never
    anything else) when ``raw`` is not UTF-8, longer than ``limit`` characters, not JSON,
    nested more than :data:`MAX_DEPTH` deep, or holds a number beyond :data:`MAX_INT`, NaN
    or an infinity."""
    if isinstance(raw, bytes):
        if len(raw) > 4 * limit:
            raise Damaged(f"longer than {limit} characters")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Damaged("not valid UTF-8 text") from None
    if not isinstance(raw, str):
        raise Damaged("not text")
    problem = text_problem(raw, limit)
    if problem is not None:
        raise Damaged(problem)
    try:
        value = json.loads(raw, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except Damaged:
        raise
    except RecursionError:
        raise Damaged("nested too deeply") from None
    except (ValueError, TypeError, MemoryError):
        raise Damaged("not valid JSON") from None
    if _depth(value) > MAX_DEPTH:
        raise Damaged("nested too deeply")
    return value


def parse_or_none(raw: bytes | str, limit: int = MAX_TEXT) -> Any:
    """The checked JSON value of ``raw`` (see :func:`parse`), ``None`` when it is damaged
    (for a caller to whom a damaged value and a missing one mean the same)."""
    try:
        return parse(raw, limit)
    except Damaged:
        return None
