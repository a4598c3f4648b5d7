"""The dialogs the play loop opens: the end of a deal, the final standings and the Spin
choice (staking happens on the table: :mod:`gui.table.stakepanel`).

The main window hands this module to the controller (``Controller(..., questions=dialogs)``),
which asks for exactly these three by name (:class:`gui.play.questions.Questions`); the play
room does not import the windows room. Each dialog lives in its own module.
"""

from __future__ import annotations

from gui.windows.dealsummary import DealSummaryDialog
from gui.windows.spinchoice import SpinChoiceDialog
from gui.windows.standings import StandingsDialog

__all__ = ["DealSummaryDialog", "SpinChoiceDialog", "StandingsDialog"]
