"""The bars above the table, the notices and the coach, in one column that never takes the
table's room: on a short screen (800×600, a notice and a five-line coach) the column is as
tall as the window can spare above the table's smallest size and scrolls, so the table
keeps its size and the status line stays on the screen. What was said last (the coach's
words at the person's decision, a new notice) is scrolled into view: with two notices and
the coach at 800×600 the coach used to sit below the fold."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import QFrame, QScrollArea, QSizePolicy, QVBoxLayout, QWidget


class TopBars(QScrollArea):
    """A scrolling column of ``bars`` (widgets that show and hide themselves), hidden when
    none is shown; as tall as they are, or less when the window is short."""

    #: The least it keeps when the window is short: about one bar's line.
    LEAST = 36

    def __init__(self, bars: list[QWidget], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("topBars")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Never the keyboard's: the keys are the table's (a card, the staking panel). A
        # panel hidden with the focus passed it here, and the arrows then did nothing.
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        content = QWidget(self)
        column = QVBoxLayout(content)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.bars = bars
        for bar in bars:
            bar.setParent(content)
            column.addWidget(bar)
            bar.installEventFilter(self)
        content.installEventFilter(self)
        self.setWidget(content)
        self._width = -1
        self._brought: QWidget | None = None
        self.setVisible(False)

    def _content_height(self) -> int:
        content = self.widget()
        w = self.viewport().width() if self.isVisible() else self.width()
        if content.hasHeightForWidth() and w > 0:
            return content.heightForWidth(w)
        return content.sizeHint().height()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(self.widget().sizeHint().width(), self._content_height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(0, min(self.LEAST, self._content_height()))

    def bring(self, widget: QWidget) -> None:
        """Scroll ``widget`` (a bar, or a part of one) into view once the column has laid
        it out, and again whenever the column's size changes until another is brought
        (the coach's words grow when the Hard player's choice arrives): all of it when it
        fits, else its top, where its words begin."""
        self._brought = widget
        QTimer.singleShot(0, self, self._bring)

    def _bring(self) -> None:
        widget = self._brought
        try:
            if widget is None or not widget.isVisible() or not self.widget().isAncestorOf(widget):
                return
        except RuntimeError:  # a dismissed notice, deleted since
            self._brought = None
            return
        top = widget.mapTo(self.widget(), widget.rect().topLeft()).y()
        bar, room = self.verticalScrollBar(), self.viewport().height()
        if top < bar.value() or widget.height() > room:
            bar.setValue(top)
        elif top + widget.height() > bar.value() + room:
            bar.setValue(top + widget.height() - room)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        kind = event.type()
        # ShowToParent, HideToParent: a bar shown or hidden, whether this column shows yet
        if watched in self.bars and kind in (
            QEvent.Type.ShowToParent,
            QEvent.Type.HideToParent,
        ):
            self.setVisible(any(not b.isHidden() for b in self.bars))
            self.updateGeometry()
        elif watched is self.widget() and kind == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # a bar's words changed: its height may have
        elif watched is self.widget() and kind == QEvent.Type.Resize:
            QTimer.singleShot(0, self, self._bring)  # laid out again: keep it in view
        return super().eventFilter(watched, event)

    def resizeEvent(self, event) -> None:  # noqa: N802, ANN001 (Qt name)
        super().resizeEvent(event)
        if event.size().width() != self._width:
            self._width = event.size().width()
            self.updateGeometry()  # wrapped words: another width, another height
