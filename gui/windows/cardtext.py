"""Counters and cards as text for Parlour's dialogs: amounts with a real minus sign, and cards
(``int`` in ``0..51``, see :mod:`gamecore.cards`) written as ``10♦`` through
:func:`gamecore.cards.card_label`, inside rich-text spans: hearts and diamonds red, spades and
clubs in the palette's ordinary text colour, or with four colours (Settings) diamonds blue
and clubs green. Every colour except those inks comes from the widget's palette, so light
and dark themes both work.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from PySide6.QtGui import QPalette

from gamecore.cards import card_label
from gui.model.amounts import MINUS, number, signed

__all__ = ["MINUS", "cards_html", "number", "signed", "text_html", "use_four_colours"]

#: Red ink for hearts and diamonds on a light background, and on a dark one.
_RED_ON_LIGHT = "#b3161f"
_RED_ON_DARK = "#ff7a7a"

#: Four-colour inks (Settings → four colours), as on the cards: diamonds blue, clubs green;
#: (on a light background, on a dark one).
_FOUR_INKS = {"♦": ("#1747b0", "#8fb3ff"), "♣": ("#11803a", "#6fd896")}
_four = {"on": False}

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


def use_four_colours(on: bool) -> None:
    """Write cards in four colours from now on (``on``), as the table's cards are drawn
    (Settings): the deal summary wrote ♦ red beside a blue ♦ on the table."""
    _four["on"] = on


def _span(text: str, suit: str, palette: QPalette) -> str:
    """``text`` (already HTML-escaped) in a span of ``suit``'s colour (a suit symbol)."""
    dark_ground = palette.color(QPalette.ColorRole.Window).lightness() < 128
    if _four["on"] and suit in _FOUR_INKS:
        colour = _FOUR_INKS[suit][dark_ground]
    else:
        colour = _red(palette) if suit in _RED_SUITS else _dark(palette)
    return f'<span style="color:{colour}; white-space:nowrap">{text}</span>'


def cards_html(cards: Sequence[int], palette: QPalette, empty: str = "—") -> str:
    """Rich text for ``cards`` (ints 0..51), each as a coloured label (``10♦``), separated by
    spaces; ``empty`` (plain text) when there are none. Colours follow ``palette``."""
    if not cards:
        return html.escape(empty)
    parts = []
    for c in cards:
        label = card_label(c)
        parts.append(_span(html.escape(label), label[-1], palette))
    return " ".join(parts)


def text_html(text: str, palette: QPalette) -> str:
    """Plain ``text`` as rich text, with every card written in it (``♣K``, ``10♦``) coloured
    by suit."""
    out: list[str] = []
    pos = 0
    for m in _CARD_TOKEN.finditer(text):
        out.append(html.escape(text[pos : m.start()]))
        token = m.group()
        suit = next(ch for ch in token if ch in "♠♥♦♣")
        out.append(_span(html.escape(token), suit, palette))
        pos = m.end()
    out.append(html.escape(text[pos:]))
    return "".join(out)
