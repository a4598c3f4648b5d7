"""A house rule written as text (Michigan's ``mi.layout``, MI-3): its named values in a list
that may also be typed over, and a one-line reason under it while the text is refused."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget


class TextOption(QWidget):
    """An editable list of ``choices`` (values, each shown as itself, its ``words`` as the
    item's tooltip) with ``value`` typed or chosen; ``check(text)`` gives the reason the text
    is refused (one line) or ``None``. :attr:`changed` says whether the text is valid."""

    changed = Signal(bool)

    def __init__(
        self,
        parent: QWidget,
        choices: tuple[str, ...],
        words: dict[str, str],
        value: str,
        check: Callable[[str], str | None],
    ) -> None:
        super().__init__(parent)
        self._check = check
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        self.combo = QComboBox(self)
        self.combo.setEditable(True)
        for i, choice in enumerate(choices):
            self.combo.addItem(choice, choice)
            self.combo.setItemData(i, words.get(choice, ""), 3)  # 3: the tooltip role
        self.combo.setCurrentText(value)
        v.addWidget(self.combo)
        self.reason = QLabel(self)
        self.reason.setObjectName("reason")
        self.reason.setWordWrap(True)
        self.reason.setStyleSheet("color: #b3261e;")
        v.addWidget(self.reason)
        self.combo.editTextChanged.connect(self._edited)
        self._edited(value)

    def value(self) -> str:
        """The text as it stands (the option's value)."""
        return self.combo.currentText()

    @property
    def valid(self) -> bool:
        """Whether the text is accepted."""
        return not self.reason.text()

    def _edited(self, text: str) -> None:
        why = self._check(text)
        self.reason.setText(why or "")
        self.reason.setVisible(bool(why))
        self.changed.emit(why is None)
