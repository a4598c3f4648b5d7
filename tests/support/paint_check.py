"""Whether a scene item paints only inside its bounding rectangle: Qt repaints an item's
bounding rectangle when it moves or changes, so anything painted outside stays on the baize
as a trail. Shared by the table's paint tests."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem


def outside_pixels(item: QGraphicsItem, dpr: float) -> list[tuple[int, int]]:
    """Up to 20 pixels (scene coordinates) that ``item`` paints outside its bounding
    rectangle (rounded out to whole pixels), drawn alone on a transparent image at device
    pixel ratio ``dpr``, where it stands (the item is not moved or taken off its scene)."""
    bound = item.sceneBoundingRect()
    assert not bound.isEmpty()
    room = max(40.0, bound.width() * 0.3, bound.height() * 0.3)
    source = bound.adjusted(-room, -room, room, room)
    origin = QPointF(math.floor(source.left()), math.floor(source.top()))
    image = QImage(
        math.ceil(source.width() * dpr),
        math.ceil(source.height() * dpr),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.setDevicePixelRatio(dpr)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHints(
        QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
    )
    painter.setTransform(item.sceneTransform() * QTransform.fromTranslate(-origin.x(), -origin.y()))
    option = QStyleOptionGraphicsItem()
    option.exposedRect = item.boundingRect()
    item.paint(painter, option, None)
    painter.end()
    allowed = bound.translated(-origin).toAlignedRect()
    # Clear what the item may paint; anything left is outside (compared in C++, fast).
    clear = QPainter(image)
    clear.setCompositionMode(QPainter.CompositionMode.CompositionMode_Clear)
    clear.fillRect(QRectF(allowed), Qt.GlobalColor.transparent)
    clear.end()
    blank = QImage(image.size(), image.format())
    blank.setDevicePixelRatio(dpr)
    blank.fill(Qt.GlobalColor.transparent)
    if image == blank:
        return []
    return [
        (round(x / dpr + origin.x()), round(y / dpr + origin.y()))
        for y in range(image.height())
        for x in range(image.width())
        if image.pixelColor(x, y).alpha() > 0
    ][:20]
