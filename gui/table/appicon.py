"""Parlour's application icon, drawn by our own code with QPainter: a fan of three cards on a
green baize tile, with a gold counter in front.

The same drawing serves the running window (:func:`app_icon`) and the packaged icon files
(``packaging/make_icons.py`` exports PNG, ICO and ICNS from :func:`icon_image`). Every size is
drawn from the vector shapes, not scaled from a large bitmap, and the smallest sizes leave out
detail that would only blur. No fonts are used, so the icon looks the same on every machine.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QIcon,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
)

from gamecore.cards import DIAMONDS, HEARTS, SPADES
from gui.table.cardfaces import suit_path

__all__ = ["ICON_SIZES", "app_icon", "icon_image"]

#: The square sizes exported for the platforms (Linux hicolor, Windows ICO, macOS ICNS).
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

_BAIZE_LIGHT = QColor("#2f8a4e")
_BAIZE_DARK = QColor("#135c2e")
_BAIZE_EDGE = QColor("#0b3d1e")
_CARD = QColor("#fdfbf4")
_CARD_EDGE = QColor("#6f6a60")
_RED = QColor("#c4162a")
_BLACK = QColor("#16161a")
_BACK = QColor("#7a1a28")
_BACK_LINE = QColor("#e6c77a")
_GOLD = QColor("#e2b43c")
_GOLD_DARK = QColor("#8a6418")


def _card(p: QPainter, s: float, angle: float, suit: int | None, ink: QColor, detail: bool) -> None:
    """One card of the fan, rotated ``angle`` degrees about the fan's pivot; ``suit`` None
    draws the card back."""
    w, h = 0.36 * s, 0.50 * s
    p.save()
    p.translate(0.50 * s, 0.80 * s)  # the pivot, below the middle of the tile
    p.rotate(angle)
    rect = QRectF(-w / 2, -0.62 * s, w, h)
    radius = 0.045 * s
    p.setPen(QPen(_CARD_EDGE, max(1.0, s / 128)))
    p.setBrush(_CARD if suit is not None else _BACK)
    p.drawRoundedRect(rect, radius, radius)
    if suit is None:
        inset = rect.adjusted(0.04 * s, 0.04 * s, -0.04 * s, -0.04 * s)
        p.setPen(QPen(_BACK_LINE, max(1.0, s / 96)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(inset, radius / 2, radius / 2)
        if detail:
            lattice = QPainterPath()
            step = inset.width() / 4
            x = inset.left() - inset.height()
            while x < inset.right():
                lattice.moveTo(x, inset.bottom())
                lattice.lineTo(x + inset.height(), inset.top())
                lattice.moveTo(x + inset.height(), inset.bottom())
                lattice.lineTo(x, inset.top())
                x += step
            p.save()
            clip = QPainterPath()
            clip.addRect(inset)
            p.setClipPath(clip)
            p.setPen(QPen(_BACK_LINE.darker(130), max(1.0, s / 200)))
            p.drawPath(lattice)
            p.restore()
    else:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ink)
        p.drawPath(suit_path(suit, rect.center(), 0.24 * s))
        if detail:  # corner pips, as on a real card
            p.drawPath(
                suit_path(suit, QPointF(rect.left() + 0.07 * s, rect.top() + 0.08 * s), 0.07 * s)
            )
            p.drawPath(
                suit_path(
                    suit, QPointF(rect.right() - 0.07 * s, rect.bottom() - 0.08 * s), 0.07 * s, True
                )
            )
    p.restore()


def _counter(p: QPainter, s: float, detail: bool) -> None:
    """The gold counter at the front right of the tile."""
    c = QPointF(0.74 * s, 0.74 * s)
    r = 0.17 * s
    grad = QRadialGradient(QPointF(c.x() - r * 0.3, c.y() - r * 0.35), r * 1.3)
    grad.setColorAt(0.0, _GOLD.lighter(125))
    grad.setColorAt(1.0, _GOLD.darker(115))
    p.setPen(QPen(_GOLD_DARK, max(1.0, s / 80)))
    p.setBrush(QBrush(grad))
    p.drawEllipse(c, r, r)
    if detail:
        p.setPen(QPen(_GOLD_DARK, max(1.0, s / 110)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(c, r * 0.62, r * 0.62)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(_RED)
        p.drawPath(suit_path(DIAMONDS, c, r * 0.75))


def icon_image(size: int) -> QImage:
    """The icon as a ``size`` × ``size`` ARGB image with a transparent surround."""
    if size < 8:
        raise ValueError(f"icon size too small: {size}")
    s = float(size)
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    detail = size >= 48
    p = QPainter(img)
    try:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        margin = 0.03 * s if size >= 32 else 0.0
        tile = QRectF(margin, margin, s - 2 * margin, s - 2 * margin)
        grad = QLinearGradient(tile.topLeft(), tile.bottomRight())
        grad.setColorAt(0.0, _BAIZE_LIGHT)
        grad.setColorAt(1.0, _BAIZE_DARK)
        p.setPen(QPen(_BAIZE_EDGE, max(1.0, s / 64)))
        p.setBrush(QBrush(grad))
        p.drawRoundedRect(tile, 0.2 * s, 0.2 * s)
        if size >= 24:
            _card(p, s, -24.0, None, _BLACK, detail)
        _card(p, s, 0.0 if size < 24 else -2.0, SPADES, _BLACK, detail)
        _card(p, s, 22.0, HEARTS, _RED, detail)
        if size >= 24:
            _counter(p, s, detail)
    finally:
        p.end()
    return img


def app_icon() -> QIcon:
    """The window icon, drawn at the sizes window systems show, 16 to 256 pixels (needs a
    ``QGuiApplication``)."""
    icon = QIcon()
    for size in (s for s in ICON_SIZES if s <= 256):
        icon.addPixmap(QPixmap.fromImage(icon_image(size)))
    return icon
