"""Where the keyboard goes when a panel over the table lets go of it."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QWidget


def focus_back_to(table: QWidget, panel: QWidget) -> None:
    """Give the keyboard focus to ``table`` if ``panel`` (or a widget in it) holds it.

    Called as a panel over the table hides or drops its buttons: Qt would pass the focus on
    along the window's chain, to a bar above the table where the arrows and Enter do
    nothing. A focus elsewhere (a dialog, the menu) is left where it is."""
    focus = QApplication.focusWidget()
    if focus is not None and (focus is panel or panel.isAncestorOf(focus)):
        table.setFocus()
