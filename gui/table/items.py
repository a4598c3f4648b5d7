"""Scene items of the cards: a card on the table, an opponent's face-down fan and a counter
sliding between a pool and a seat. They draw what they are told; none of them knows a rule or
holds game state beyond what it shows."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gamecore.cards import card_name
from gui.table.cardart import CardArt
from gui.table.style import FOCUS_BLUE, GOLD


class CardItem(QGraphicsPixmapItem):
    """One card on the table: ``card`` (int 0..51), face up or down, at a card width in
    scene pixels. ``home`` is where the layout wants it (drags return there)."""

    def __init__(self, card: int, art: CardArt) -> None:
        super().__init__()
        self.card = card
        self.art = art
        self.face_up = True
        self.width = 0
        self.dpr = 1.0
        self.home = QPointF()
        self.home_z = 0.0
        self.in_hand = False
        self.playable = False
        self.focused = False
        self.note = ""
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the view handles input
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)

    def accessible_name(self) -> str:
        """The card's spoken name with its note ("five of hearts, trump"), or "a face-down
        card"."""
        if not self.face_up:
            return "a face-down card"
        name = card_name(self.card)
        name = name[:1].upper() + name[1:]
        return f"{name}, {self.note}" if self.note else name

    def set_focused(self, focused: bool) -> None:
        """Show or hide the keyboard focus ring (a dashed frame, distinct from the gold
        playable outline)."""
        if focused != self.focused:
            self.focused = focused
            self.update()

    def set_look(self, width: int, dpr: float, face_up: bool) -> None:
        """Render at ``width`` logical pixels and ratio ``dpr`` (cached by the art)."""
        if (width, dpr, face_up) == (
            self.width,
            self.dpr,
            self.face_up,
        ) and not self.pixmap().isNull():
            return
        self.width, self.dpr, self.face_up = width, dpr, face_up
        pix = art_face(self.art, self.card, width, dpr) if face_up else self.art.back(width, dpr)
        self.setPixmap(pix)
        self.setToolTip(self.accessible_name())

    def set_playable(self, playable: bool) -> None:
        """Mark a playable hand card (raised by the layout, outlined here)."""
        if playable != self.playable:
            self.playable = playable
            self.update()

    def card_rect(self) -> QRectF:
        """The card itself, in item coordinates (logical pixels)."""
        pix = self.pixmap()
        if pix.isNull():
            return QRectF()
        return QRectF(self.offset(), pix.deviceIndependentSize())

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        # The card and what is drawn over its edge: the playable outline and notch (a pen
        # up to 0.04 card widths, centred on a line 1.5 px inside) and the focus band
        # (:meth:`_focus_band`, two thirds outside the edge). Qt repaints only this
        # rectangle when the card moves, so anything outside it would stay as a trail.
        r = self.card_rect()
        if r.isEmpty():
            return r
        pad = max(max(2.0, self.width * 0.04) / 2, self._focus_band() * 2 / 3) + 1.0
        return r.adjusted(-pad, -pad, pad, pad)

    def _focus_band(self) -> float:
        """The focus band's width (pixels)."""
        return max(3.0, self.width * 0.07)

    def shape(self) -> QPainterPath:
        # Clicks and drags take the card, not the margin around it.
        path = QPainterPath()
        path.addRect(self.card_rect())
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        super().paint(painter, option, widget)  # type: ignore[arg-type]  # None: off screen
        card = self.card_rect()
        if self.in_hand and self.playable:
            # Playable: an outline and a small notch (shape, not colour alone), plus the raise.
            r = card.adjusted(1.5, 1.5, -1.5, -1.5)
            pen = QPen(GOLD, max(2.0, self.width * 0.04))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            radius = self.width * 0.07
            painter.drawRoundedRect(r, radius, radius)
            tri = QPainterPath()
            cx, top = r.center().x(), r.top() - self.width * 0.02
            s = self.width * 0.09
            tri.moveTo(cx - s, top)
            tri.lineTo(cx + s, top)
            tri.lineTo(cx, top + s)
            tri.closeSubpath()
            painter.fillPath(tri, GOLD)
        elif self.in_hand and not self.playable:
            painter.fillRect(card, QColor(0, 0, 0, 40))
        if self.focused:
            # A broad blue band on the card's edge, dashed dark over it: a thin dashed
            # frame alone was missed on the card's white (a tester could not see which card
            # the arrows had reached). Two thirds of it outside the card: wholly inside, it
            # hid the top of the corner's rank at 800×600.
            band = self._focus_band()
            r = card.adjusted(-band / 6, -band / 6, band / 6, band / 6)
            radius = self.width * 0.07
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(FOCUS_BLUE, band))
            painter.drawRoundedRect(r, radius, radius)
            dash = QPen(QColor(10, 20, 40), max(1.0, band * 0.3), Qt.PenStyle.DashLine)
            painter.setPen(dash)
            painter.drawRoundedRect(r, radius, radius)


def art_face(art: CardArt, card: int, width: int, dpr: float) -> QPixmap:
    """The face of ``card`` from ``art`` (a seam for tests)."""
    return art.face(card, width, dpr)


class FanItem(QGraphicsItem):
    """An opponent's hand as a fan of ``count`` face-down cards (no card identities)."""

    def __init__(self, art: CardArt) -> None:
        super().__init__()
        self.art = art
        self.positions: list[tuple[float, float]] = []
        self.card_w = 40
        self.dpr = 1.0
        self._rect = QRectF()

    def set_fan(self, positions: list[tuple[float, float]], card_w: float, dpr: float) -> None:
        """Show face-down cards at ``positions`` (scene coordinates) of width ``card_w``."""
        self.prepareGeometryChange()
        self.positions, self.card_w, self.dpr = positions, max(8, round(card_w)), dpr
        if positions:
            h = CardArt.height_for(self.card_w)
            xs = [p[0] for p in positions]
            self._rect = QRectF(min(xs), positions[0][1], max(xs) - min(xs) + self.card_w, h)
        else:
            self._rect = QRectF()
        self.update()

    @property
    def count(self) -> int:
        """Number of face-down cards shown."""
        return len(self.positions)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        back = self.art.back(self.card_w, self.dpr)
        for x, y in self.positions:
            painter.drawPixmap(QPointF(x, y), back)


class ChipToken(QGraphicsPixmapItem):
    """A counter sliding between a pool and a seat (decoration only)."""

    def __init__(self, pixmap: QPixmap) -> None:
        super().__init__(pixmap)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
