"""The blank every card and counter picture is painted on: an image of the right size and
device pixel ratio, a smooth painter for it, a line one device pixel wide, and the card's
rounded outline with its border colour. Sizes are in logical pixels; ``dpr`` is the device
pixel ratio of the screen the picture is for."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QImage,
    QPainter,
)

# ---------------------------------------------------------------------------------------------
# Palette

#: The card's border (faces and backs).
BORDER = QColor("#8f8a80")


def new_image(width: int, height: int, dpr: float) -> QImage:
    """A transparent image ``width`` × ``height`` logical pixels at ratio ``dpr``."""
    img = QImage(
        max(1, round(width * dpr)),
        max(1, round(height * dpr)),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    img.setDevicePixelRatio(dpr)
    img.fill(Qt.GlobalColor.transparent)
    return img


def art_painter(img: QImage) -> QPainter:
    """A painter on ``img`` with antialiased shapes, text and pixmaps."""
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    return p


def hairline(dpr: float) -> float:
    """A line one device pixel wide, in logical pixels (never thinner than half a pixel)."""
    return max(0.5, 1.0 / dpr)


def card_outline(w: float, h: float, dpr: float) -> tuple[QRectF, float, float]:
    """The card's rounded rectangle (inset so its border lies on whole device pixels), its
    corner radius and the border pen width, all in logical pixels."""
    pen = hairline(dpr) * (2.0 if w >= 140 else 1.0)
    inset = pen / 2.0
    rect = QRectF(inset, inset, w - 2 * inset, h - 2 * inset)
    return rect, max(2.0, 0.06 * w), pen
