"""The notice bar: messages that must not be missed (a file set aside, games that cannot be
saved), shown above the table until the person dismisses each one, or all at once ("Dismiss all",
there while two or more are up: a start that set several files aside stacked a notice for
each, and each wanted its own click).

The status line is for the moment (the next event overwrites it within milliseconds); a
notice stays. The same text is never shown twice at once.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


class Notice(QFrame):
    """One notice: its text and a Dismiss button (``objectName`` "dismiss")."""

    dismissed = Signal(str)

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = text
        self.setObjectName("notice")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "#notice { background: #fff4ce; border: 1px solid #c8a400; "
            "border-radius: 4px; } #notice QLabel { color: #3b2f00; }"
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 4, 6, 4)
        label = QLabel(text, self)
        label.setObjectName("noticeText")
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row.addWidget(label, 1)
        close = QPushButton("Dismiss", self)
        close.setObjectName("dismiss")
        close.setAccessibleName(f"Dismiss: {text}")
        close.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the keys with the table
        close.clicked.connect(lambda: self.dismissed.emit(self.text))
        row.addWidget(close, 0, Qt.AlignmentFlag.AlignTop)
        self.setAccessibleName("Notice")
        self.setAccessibleDescription(text)


class NoticeBar(QWidget):
    """A column of :class:`Notice` s; hidden when empty."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notices")
        # The buttons drawn here, for a focus that shows on the yellow notice: the style's
        # own focus frame, a thin line, went unseen by a person pressing Space on it.
        self.setStyleSheet(
            "#notices QPushButton { background: #fffaf0; color: #1b1b1b; border: 2px solid"
            " #c8a400; border-radius: 4px; padding: 3px 12px; }"
            " #notices QPushButton:hover { background: #ffffff; }"
            " #notices QPushButton:pressed { background: #f3e3a6; }"
            " #notices QPushButton:focus { border: 2px solid #1f4e9c; background: #e8f0ff; }"
        )
        self._column = QVBoxLayout(self)
        self._column.setContentsMargins(6, 4, 6, 0)
        self._column.setSpacing(4)
        self._items: dict[str, Notice] = {}
        self.all = QPushButton("Dismiss all", self)
        self.all.setObjectName("dismissAll")
        self.all.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the keys with the table
        self.all.clicked.connect(self.dismiss_all)
        self.all.hide()
        self._column.addWidget(self.all, 0, Qt.AlignmentFlag.AlignRight)
        self.hide()

    def add(self, text: str) -> bool:
        """Show ``text`` until dismissed; False when that text is already shown."""
        if text in self._items:
            return False
        item = Notice(text, self)
        item.dismissed.connect(self.dismiss)
        self._items[text] = item
        self._column.insertWidget(self._column.count() - 1, item)  # above "Dismiss all"
        self._shown()
        return True

    def dismiss(self, text: str) -> None:
        """Remove the notice ``text`` (nothing if it is not shown)."""
        item = self._items.pop(text, None)
        if item is None:
            return
        item.hide()
        item.deleteLater()
        self._shown()

    def dismiss_all(self) -> None:
        """Remove every notice."""
        for text in list(self._items):
            item = self._items.pop(text)
            item.hide()
            item.deleteLater()
        self._shown()

    def _shown(self) -> None:
        """Show the bar while it has notices, and "Dismiss all" while it has two or more."""
        self.all.setVisible(len(self._items) >= 2)
        self.setVisible(bool(self._items))
        self.changed.emit()

    def notice(self, text: str) -> Notice | None:
        """The notice showing ``text``, or ``None``."""
        return self._items.get(text)

    def texts(self) -> list[str]:
        """The notices shown, oldest first."""
        return list(self._items)
