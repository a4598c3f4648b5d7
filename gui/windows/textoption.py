"""A house rule written as text (Michigan's ``mi.layout``, MI-3): its named values in a list
that may also be typed over, and a one-line reason under it while the text is refused."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget


class TextOption(QWidget):
    """An editable list of ``choices`` (values, each shown as ``shown(value)``, its
    ``words`` as the item's tooltip) with ``value`` typed or chosen; ``check(value)`` gives
    the reason the value is refused (one line) or ``None``. :attr:`changed` says whether the
    text is valid. ``kept(text)`` turns what is shown or typed back into the value (a
    layout shown as "♥A ♣K ♦Q ♠J" is kept as the record's "AH KC QD JS"); both default to
    the text as it is."""

    changed = Signal(bool)

    def __init__(
        self,
        parent: QWidget,
        choices: tuple[str, ...],
        words: dict[str, str],
        value: str,
        check: Callable[[str], str | None],
        shown: Callable[[str], str] = str,
        kept: Callable[[str], str] = str,
    ) -> None:
        super().__init__(parent)
        self._check, self._kept = check, kept
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        self.combo = QComboBox(self)
        self.combo.setEditable(True)
        for i, choice in enumerate(choices):
            self.combo.addItem(shown(choice), choice)
            self.combo.setItemData(i, words.get(choice, ""), 3)  # 3: the tooltip role
        self.combo.setCurrentText(shown(value))
        v.addWidget(self.combo)
        self.reason = QLabel(self)
        self.reason.setObjectName("reason")
        self.reason.setWordWrap(True)
        self.reason.setStyleSheet("color: #b3261e;")
        v.addWidget(self.reason)
        self.combo.editTextChanged.connect(self._edited)
        self._edited(self.combo.currentText())

    def value(self) -> str:
        """The option's value: the text as it stands, as ``kept`` keeps it."""
        return self._kept(self.combo.currentText())

    @property
    def valid(self) -> bool:
        """Whether the text is accepted."""
        return not self.reason.text()

    def _edited(self, text: str) -> None:
        why = self._check(self._kept(text))
        self.reason.setText(why or "")
        self.reason.setVisible(bool(why))
        self.changed.emit(why is None)
