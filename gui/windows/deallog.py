"""View → This deal so far: every line the table has said in this deal, in a window to read
at leisure. The table keeps only its last few lines in view, and behind fast computers and
cards that play themselves a deal could go by faster than it could be read; the summary
and the review come only once the deal is over. It knows no rules: the controller's log
is its text."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QWidget

from gui.windows.dialogkit import main_layout, readable


class DealLogDialog(QDialog):
    """The table's log (``lines``, strings, oldest first) read-only, scrolled to the
    latest line, with a Close button (``objectName`` "close")."""

    def __init__(self, parent: QWidget | None, lines: list[str]) -> None:
        super().__init__(parent)
        readable(self)
        self.setWindowTitle("This deal so far")
        layout = main_layout(self)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("dealLog")
        self.text.setReadOnly(True)
        self.text.setPlainText("\n".join(lines) if lines else "Nothing has happened yet.")
        self.text.moveCursor(QTextCursor.MoveOperation.End)  # the latest line in view
        self.text.setMinimumSize(480, 320)
        layout.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setObjectName("close")
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
