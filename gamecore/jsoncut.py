"""A JSON text cut short (a copy or download stopped part way, a disk that filled up):
the part before the cut, made whole again so that it can be read.

Only whole elements are kept: the text is cut back to just before the last comma, or just
after the last opening bracket, outside any string, and the brackets still open there are
closed. So a list of deals loses the deal the cut fell in, or keeps it with the actions
before the cut (an unfinished deal, which the reader treats as any other), and never gains
a value that was not in the file. What is read is then checked as a whole file is; the
reader says that the file was cut short.
"""

from __future__ import annotations

__all__ = ["close_cut"]

_CLOSER = {"{": "}", "[": "]"}


def close_cut(text: str) -> str | None:
    """``text`` (JSON cut short) cut back to its last whole element and closed: the
    brackets still open there closed in order. ``None`` when nothing whole is left (no
    bracket was ever opened, or the cut fell before the first one closed anything).
    Pure: decoding the result is the caller's check."""
    stack: list[str] = []
    in_string = escaped = False
    cut: tuple[int, list[str]] | None = None  # the last safe place and the stack there
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in _CLOSER:
            stack.append(ch)
            cut = (i + 1, list(stack))  # just inside a container: empty is whole
        elif ch in "}]":
            if not stack:
                return None
            stack.pop()
        elif ch == "," and stack:
            cut = (i, list(stack))  # just before the comma: every element before is whole
    if cut is None:
        return None
    at, open_ = cut
    return text[:at].rstrip() + "".join(_CLOSER[c] for c in reversed(open_))
