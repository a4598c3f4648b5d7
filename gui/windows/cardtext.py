"""Counters and cards as text for Parlour's dialogs: amounts with a real minus sign, and cards
(``int`` in ``0..51``, see :mod:`gamecore.cards`) written as ``10♦`` through
:func:`gamecore.cards.card_label`, inside rich-text spans: hearts and diamonds red, spades and
clubs in the palette's ordinary text colour. Every colour except that red comes from the
widget's palette, so light and dark themes both work.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from PySide6.QtGui import QPalette

from gamecore.cards import card_label
from gui.model.amounts import MINUS, number, signed

__all__ = ["MINUS", "cards_html", "number", "signed", "text_html"]

#: Red ink for hearts and diamonds on a light background, and on a dark one.
_RED_ON_LIGHT = "#b3161f"
_RED_ON_DARK = "#ff7a7a"

_RED_SUITS = "♥♦"
# A card written either way round: "♥A", "A♥", "10♦", "♦10".
_CARD_TOKEN = re.compile(r"[♠♥♦♣](?:10|[AJQK2-9])|(?:10|[AJQK2-9])[♠♥♦♣]")


def _red(palette: QPalette) -> str:
    """The red ink that reads well on ``palette``'s window background."""
    return (
        _RED_ON_DARK
        if palette.color(QPalette.ColorRole.Window).lightness() < 128
        else (_RED_ON_LIGHT)
    )


def _dark(palette: QPalette) -> str:
    """The ink for spades and clubs: the palette's ordinary text colour."""
    return palette.color(QPalette.ColorRole.WindowText).name()


def _span(text: str, red: bool, palette: QPalette) -> str:
    """``text`` (already HTML-escaped) in a span of suit colour."""
    colour = _red(palette) if red else _dark(palette)
    return f'<span style="color:{colour}; white-space:nowrap">{text}</span>'


def cards_html(cards: Sequence[int], palette: QPalette, empty: str = "—") -> str:
    """Rich text for ``cards`` (ints 0..51), each as a coloured label (``10♦``), separated by
    spaces; ``empty`` (plain text) when there are none. Colours follow ``palette``."""
    if not cards:
        return html.escape(empty)
    parts = []
    for c in cards:
        label = card_label(c)
        parts.append(_span(html.escape(label), label[-1] in _RED_SUITS, palette))
    return " ".join(parts)


def text_html(text: str, palette: QPalette) -> str:
    """Plain ``text`` as rich text, with every card written in it (``♣K``, ``10♦``) coloured
    by suit."""
    out: list[str] = []
    pos = 0
    for m in _CARD_TOKEN.finditer(text):
        out.append(html.escape(text[pos : m.start()]))
        token = m.group()
        out.append(_span(html.escape(token), any(s in token for s in _RED_SUITS), palette))
        pos = m.end()
    out.append(html.escape(text[pos:]))
    return "".join(out)
