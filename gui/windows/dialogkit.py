"""The pieces Parlour's dialogs are built from: a readable font, the top-level column, a
scrolled body, headings, plain and rich labels, notes that wrap rather than widen, players'
names elided to fit, separators.
They know Qt but no game rules.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QDialog, QFrame, QLabel, QVBoxLayout, QWidget

from gui.windows.screenfit import ContentScroll

__all__ = [
    "NAME_CHARS",
    "NoteLabel",
    "embolden",
    "heading_label",
    "main_layout",
    "name_label",
    "plain_label",
    "readable",
    "rich_label",
    "scrolled",
    "separator",
]

#: Smallest point size used for dialog text.
_MIN_POINT_SIZE = 11.0


def readable(dialog: QDialog) -> None:
    """Give ``dialog`` a font of at least the readable size, keeping the family."""
    font = QFont(dialog.font())
    if font.pointSizeF() > 0 and font.pointSizeF() < _MIN_POINT_SIZE:
        font.setPointSizeF(_MIN_POINT_SIZE)
        dialog.setFont(font)


def scrolled(dialog: QDialog) -> tuple[ContentScroll, QVBoxLayout]:
    """A scroll area for ``dialog``'s long content and the column inside it: the dialog
    stays on the screen and its buttons in view however long the content grows."""
    body = QWidget(dialog)
    body.setObjectName("body")
    column = QVBoxLayout(body)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(12)
    return ContentScroll(body, dialog), column


def main_layout(dialog: QDialog) -> QVBoxLayout:
    """The dialog's top-level column, with comfortable margins and spacing."""
    layout = QVBoxLayout(dialog)
    layout.setContentsMargins(22, 20, 22, 16)
    layout.setSpacing(12)
    return layout


def heading_label(text: str, parent: QWidget, scale: float = 1.3) -> QLabel:
    """A bold label ``scale`` times the parent's font size."""
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)  # "<b>Zoë</b> & Co went out", as typed
    label.setText(text)
    font = QFont(parent.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(True)
    label.setFont(font)
    return label


def embolden(label: QLabel) -> QLabel:
    """``label`` with its font made bold; returns it."""
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    return label


def rich_label(text: str, parent: QWidget, name: str = "", wrap: bool = True) -> QLabel:
    """A rich-text label (``text`` is HTML), word-wrapped unless ``wrap`` is false."""
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText(text)
    label.setWordWrap(wrap)
    if name:
        label.setObjectName(name)
    return label


def plain_label(text: str, parent: QWidget, name: str = "", wrap: bool = True) -> QLabel:
    """A plain-text label, word-wrapped unless ``wrap`` is false."""
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    label.setWordWrap(wrap)
    if name:
        label.setObjectName(name)
    return label


#: The widest a player's name is shown in a dialog, in average character widths; longer
#: names are elided and whole in the tooltip and the accessible name.
NAME_CHARS = 18


def name_label(
    name: str, suffix: str, parent: QWidget, object_name: str, bold: bool = False
) -> QLabel:
    """A plain label with ``name`` (elided if long) and ``suffix`` ("★ out (dealer)")."""
    label = plain_label("", parent, object_name, wrap=False)
    if bold:
        embolden(label)
    metrics = QFontMetrics(label.font())
    shown = metrics.elidedText(
        name, Qt.TextElideMode.ElideRight, metrics.averageCharWidth() * NAME_CHARS
    )
    label.setText(" ".join(t for t in (shown, suffix) if t))
    label.setToolTip(name)
    label.setAccessibleName(" ".join(t for t in (name, suffix) if t))
    return label


def separator(parent: QWidget) -> QFrame:
    """A thin horizontal separator drawn from the palette."""
    line = QFrame(parent)
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


class NoteLabel(QLabel):
    """A word-wrapped plain note under a control that asks for at most ``chars`` average
    characters of width: a long note wraps into more lines rather than widen its dialog
    (Commit's note on its deal made New Game 200 pixels wider, and its Deal button moved
    under the pointer)."""

    def __init__(self, text: str, parent: QWidget, chars: int = 45) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self._chars = chars

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        hint = super().sizeHint()
        cap = self.fontMetrics().averageCharWidth() * self._chars
        return hint if hint.width() <= cap else QSize(cap, self.heightForWidth(cap))
