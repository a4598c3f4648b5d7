"""Card faces, the card back and counters (chips), drawn by Parlour's own code with QPainter.

No image files and no third-party art: every suit symbol is a :class:`QPainterPath` built here,
so the pips look the same whatever fonts the machine has. Fonts are used only for the rank
indices and the court letters, and those are turned into paths and fitted to a measured box, so
a missing font changes the letter shapes a little but never the layout.

Each picture is rendered once per (card, size, device pixel ratio, colour scheme) and kept in a
cache owned by :class:`CardArt`. Sizes are in logical (device-independent) pixels; ``dpr`` is
the device pixel ratio of the screen the picture is for (1.0 ordinary, 2.0 "retina"), and the
returned pixmap has that many device pixels per logical pixel.

The pictures are painted by :mod:`gui.table.cardfaces`, :mod:`gui.table.cardbacks` and
:mod:`gui.table.chipart`; this module keeps them. It knows Qt, not game rules.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QImage,
    QPainter,
    QPixmap,
)

from gamecore.cards import RANK_CODES, SUIT_SYMBOLS, card_name, rank_of, suit_of
from gui.table.cardbacks import BACKS, paint_back
from gui.table.cardcanvas import new_image
from gui.table.cardfaces import paint_face, suit_colour, suit_path
from gui.table.chipart import CHIP_COLOUR_NAMES, CHIP_COLOURS, paint_chip

__all__ = [
    "ASPECT",
    "CHIP_COLOUR_NAMES",
    "CardArt",
    "describe",
    "render_sheet",
    "suit_colour",
    "suit_path",
]

#: Card height divided by card width.
ASPECT = 1.4


# ---------------------------------------------------------------------------------------------
# The public cache


CacheKey = tuple[int | str, int, float, bool]


class CardArt:
    """Renders and caches card faces, the card back and chips.

    ``four_colour`` selects the four-colour pack (spades black, hearts red, diamonds blue, clubs
    green) instead of the usual red and black. Every picture is painted once per size and
    device pixel ratio and then served from the cache; call :meth:`clear` to drop it (for
    instance after a change of screen). Needs a ``QGuiApplication`` (pixmaps do).
    """

    def __init__(self, four_colour: bool = False, back_style: str = "burgundy") -> None:
        """``four_colour``: diamonds blue and clubs green; ``back_style``: a key of
        :data:`BACKS`."""
        self.four_colour = four_colour
        self.back_style = back_style if back_style in BACKS else "burgundy"
        self._cache: dict[CacheKey, QPixmap] = {}

    @staticmethod
    def height_for(width: int) -> int:
        """Card height in logical pixels for a card ``width`` logical pixels wide."""
        return round(width * ASPECT)

    def face(self, card: int, width: int, dpr: float = 1.0) -> QPixmap:
        """The face of ``card`` (0..51), ``width`` logical pixels wide.

        The pixmap is ``width * dpr`` by ``height_for(width) * dpr`` device pixels and carries
        device pixel ratio ``dpr``, so it paints at ``width`` logical pixels, sharp on a screen
        of that ratio. Corners outside the rounded rectangle are transparent.
        """
        if not isinstance(card, int) or not 0 <= card <= 51:
            raise ValueError(f"not a card: {card!r}")
        return self._get(
            card, width, dpr, lambda img, w, h, r: paint_face(img, card, w, h, r, self.four_colour)
        )

    def back(self, width: int, dpr: float = 1.0) -> QPixmap:
        """The card back, ``width`` logical pixels wide, at device pixel ratio ``dpr``."""
        style = self.back_style
        return self._get(
            f"back-{style}", width, dpr, lambda img, w, h, r: paint_back(img, w, h, r, style)
        )

    def chip(self, colour_index: int, diameter: int, dpr: float = 1.0) -> QPixmap:
        """A round counter ``diameter`` logical pixels across, at device pixel ratio ``dpr``.

        ``colour_index`` picks the colour from :data:`CHIP_COLOUR_NAMES` (0 ivory, 1 red,
        2 blue, 3 green, 4 black). Outside the disc the pixmap is transparent.
        """
        if not 0 <= colour_index < len(CHIP_COLOURS):
            raise ValueError(f"no chip colour {colour_index!r}")
        _check_size(diameter, dpr)
        key: CacheKey = (f"chip{colour_index}", diameter, float(dpr), False)
        pix = self._cache.get(key)
        if pix is None:
            img = new_image(diameter, diameter, dpr)
            paint_chip(img, colour_index, diameter, dpr)
            pix = QPixmap.fromImage(img)
            pix.setDevicePixelRatio(dpr)
            self._cache[key] = pix
        return pix

    def clear(self) -> None:
        """Forget every cached picture."""
        self._cache.clear()

    @property
    def cache_size(self) -> int:
        """Number of pictures in the cache."""
        return len(self._cache)

    def _get(
        self,
        what: int | str,
        width: int,
        dpr: float,
        paint: Callable[[QImage, int, int, float], None],
    ) -> QPixmap:
        _check_size(width, dpr)
        key: CacheKey = (what, width, float(dpr), self.four_colour)
        pix = self._cache.get(key)
        if pix is None:
            height = self.height_for(width)
            img = new_image(width, height, dpr)
            paint(img, width, height, dpr)
            pix = QPixmap.fromImage(img)
            pix.setDevicePixelRatio(dpr)
            self._cache[key] = pix
        return pix


def _check_size(size: int, dpr: float) -> None:
    if not isinstance(size, int) or size < 8:
        raise ValueError(f"size must be an int of at least 8 logical pixels, not {size!r}")
    if not dpr > 0:
        raise ValueError(f"device pixel ratio must be positive, not {dpr!r}")


# ---------------------------------------------------------------------------------------------
# Contact sheet


def render_sheet(path: str, width: int = 80, *, four_colour: bool = False) -> None:
    """Render all 52 faces, the back and the five chips in a grid and save it as PNG.

    ``width`` is the card width in logical pixels (the sheet is drawn at device pixel ratio 1).
    Rows are spades, hearts, diamonds, clubs (ace to king), then the back and the chips, on a
    green baize background. Creates a ``QGuiApplication`` if none exists.
    """
    app = QGuiApplication.instance()
    if app is None:
        app = QGuiApplication(sys.argv[:1])
    art = CardArt(four_colour=four_colour)
    h = CardArt.height_for(width)
    gap = max(6, width // 8)
    cols, rows = 13, 5
    sheet = QImage(
        gap + cols * (width + gap),
        gap + rows * (h + gap),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    sheet.fill(QColor("#1f5a3a"))
    p = QPainter(sheet)
    try:
        for c in range(52):
            x = gap + (c % 13) * (width + gap)
            y = gap + (c // 13) * (h + gap)
            p.drawPixmap(x, y, art.face(c, width))
        y = gap + 4 * (h + gap)
        p.drawPixmap(gap, y, art.back(width))
        d = width
        for k in range(len(CHIP_COLOUR_NAMES)):
            x = gap + (k + 1) * (width + gap)
            p.drawPixmap(x, y + (h - d) // 2, art.chip(k, d))
        # Chips at a smaller, table-sized diameter too.
        small = max(16, width // 2)
        for k in range(len(CHIP_COLOUR_NAMES)):
            x = gap + (k + 6) * (width + gap)
            p.drawPixmap(x + (width - small) // 2, y + (h - small) // 2, art.chip(k, small))
    finally:
        p.end()
    # PySide6 takes the format as text, though its stub declares bytes
    if not sheet.save(path, "PNG"):  # type: ignore[call-overload]
        raise OSError(f"could not write {path}")


def describe(card: int) -> str:
    """Accessible description of a card face (``ten of diamonds, 10♦``)."""
    return f"{card_name(card)}, {RANK_CODES[rank_of(card)]}{SUIT_SYMBOLS[suit_of(card)]}"


if __name__ == "__main__":  # python -m gui.table.cardart out.png [width]
    render_sheet(
        sys.argv[1] if len(sys.argv) > 1 else "card-sheet.png",
        int(sys.argv[2]) if len(sys.argv) > 2 else 80,
    )
