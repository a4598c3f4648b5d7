"""The status line: one line at the bottom of the window that says what just happened. A line
longer than the room beside the fingerprint ends in "…" where it is cut, never under the
fingerprint, and the whole line is its tooltip (and what screen readers are told)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class StatusLine(QLabel):
    """A label that shows as much of its text as fits its width, elided at the end.
    :meth:`text` is the whole line; :meth:`shown_text` what is written."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("status")
        self.setTextFormat(Qt.TextFormat.PlainText)  # a name such as "<b>Zoë</b>" as typed
        self._whole = ""
        # Its width is what the status bar leaves beside the fingerprint, never the text's:
        # a long line would otherwise push under the fingerprint, cut mid-word.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(1)

    def setText(self, text: str) -> None:  # type: ignore[override]  # noqa: N802 (Qt name)
        """Show ``text`` (one line), elided to the label's width."""
        self._whole = text
        self.setAccessibleDescription(text)
        self._fit()

    def text(self) -> str:  # type: ignore[override]
        """The whole line, however much of it is shown."""
        return self._whole

    def shown_text(self) -> str:
        """What is written: the whole line, or its start and "…"."""
        return super().text()

    def _fit(self) -> None:
        room = self.contentsRect().width()
        shown = self.fontMetrics().elidedText(self._whole, Qt.TextElideMode.ElideRight, room)
        super().setText(shown)
        self.setToolTip(self._whole if shown != self._whole else "")

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self._fit()
