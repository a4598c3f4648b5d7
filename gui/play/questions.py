"""The dialogs the play loop opens in front of the table, one at a time: the kinds of them
the main window gives (:class:`Questions`) and the one open now (the controller's
``dialog``). A new session or a practice deal closes it unanswered."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtWidgets import QDialog

if TYPE_CHECKING:
    from gui.play.controller import Controller


class Questions(Protocol):
    """The dialogs the loop opens, given by the main window (it passes
    :mod:`gui.windows.dialogs`; the play room does not import the windows room)."""

    DealSummaryDialog: Callable[..., Any]
    StandingsDialog: Callable[..., Any]
    SpinChoiceDialog: Callable[..., Any]


def open_dialog(table: Controller, dlg: QDialog) -> None:
    """Open ``dlg`` in front of ``table`` (a :class:`~gui.play.controller.Controller`)
    without waiting for it, as its one dialog; forgotten when it closes."""
    table.dialog = dlg
    dlg.finished.connect(lambda _r, d=dlg: _forget(table, d))
    dlg.open()


def _forget(table: Controller, dlg: QDialog) -> None:
    if table.dialog is dlg:
        table.dialog = None


def close_dialog(table: Controller) -> None:
    """Close ``table``'s dialog, if one is open, without its answer (a new session, a
    practice deal): its signals are blocked so that nothing follows from it."""
    if table.dialog is not None:
        dlg, table.dialog = table.dialog, None
        dlg.blockSignals(True)
        dlg.close()
        dlg.deleteLater()
