"""Counters as people read them: amounts and changes written with a real minus sign (U+2212),
the same on the table's plates, in the windows and in the review. Plain text, no Qt."""

from __future__ import annotations

__all__ = ["MINUS", "number", "signed"]

#: The real minus sign, for amounts shown to people (a hyphen reads as a dash, and is shorter).
MINUS = "\u2212"


def signed(n: int) -> str:
    """``n`` counters (int) as a change: ``+5``, ``−3`` (real minus sign), ``0``."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"{MINUS}{-n}"
    return "0"


def number(n: int) -> str:
    """``n`` counters (int) as an amount: ``12``, ``−4`` (real minus sign)."""
    return f"{MINUS}{-n}" if n < 0 else str(n)
