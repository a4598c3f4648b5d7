"""Counters as people read them: amounts and changes written with a real minus sign (U+2212),
the same on the table's plates, in the windows and in the review. Plain text, no Qt."""

from __future__ import annotations

__all__ = ["MINUS", "counters", "number", "short_number", "signed"]

#: The real minus sign, for amounts shown to people (a hyphen reads as a dash, and is shorter).
MINUS = "\u2212"


def signed(n: int) -> str:
    """``n`` counters (int) as a change: ``+5``, ``−3`` (real minus sign), ``0``,
    ``+1,200`` (thousands separated, as in every panel and question)."""
    if n > 0:
        return f"+{n:,}"
    if n < 0:
        return f"{MINUS}{-n:,}"
    return "0"


def number(n: int) -> str:
    """``n`` counters (int) as an amount: ``12``, ``−4`` (real minus sign), ``4,900``
    (thousands separated, as in every panel and question: a plate read "4900" beside a
    question's "4,900")."""
    return f"{MINUS}{-n:,}" if n < 0 else f"{n:,}"


def counters(n: int) -> str:
    """``n`` counters (int) in words: "1 counter", "5 counters", "1,200 counters"."""
    return f"{number(n)} counter{'' if n == 1 else 's'}"


#: Letters for thousands, millions and billions in :func:`short_number`, largest first.
_SCALES = ((1_000_000_000, "B"), (1_000_000, "M"), (1_000, "k"))


def short_number(n: int) -> str:
    """``n`` counters (int) in at most three figures and a letter, for a place too narrow for
    every digit (a pool holding a stake made in debt): ``9999``, ``12.3k``, ``800M``,
    ``1.5B``, ``−12k``. Rounded towards zero, so never more than there is; below 10,000
    the same as :func:`number` (``9,999``)."""
    size = abs(n)
    if size < 10_000:
        return number(n)
    scale, letter = next((s, x) for s, x in _SCALES if size >= s)
    digits = len(str(size // scale))  # 1 to 3 figures before the point (or more, past 999B)
    tenths = 10 ** max(0, 3 - digits)  # keep three figures in all
    whole = size * tenths // scale
    text = str(whole) if tenths == 1 else f"{whole / tenths:.{len(str(tenths)) - 1}f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return ("" if n > 0 else MINUS) + text + letter
