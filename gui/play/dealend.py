"""The end of a deal at the table: the deal summary (counted in the statistics, the coach
done), then the next deal, the way back from a practice deal, or, when the session is
complete, the final standings and a new session with the same table."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog

from gui.model import dealsummary, ledger, prompts, registryview
from gui.model.setup import Setup
from gui.play.questions import open_dialog
from gui.play.states import OVER, SUMMARY

if TYPE_CHECKING:
    from gamecore.match import Session
    from gui.play.controller import Controller


class DealEnd:
    """Runs the end of each deal at ``table`` (a :class:`~gui.play.controller.Controller`),
    with the dialogs the main window gave it (``table.questions``)."""

    def __init__(self, table: Controller) -> None:
        self.table = table
        #: The session whose final standings were shown: a finished session's autosave
        #: says whether they were, so that a crash before brings them back.
        self.standings_shown_for: Session | None = None
        table.view.prompt_chosen.connect(self._answered)

    @property
    def reveal_tricks(self) -> bool:
        """Whether a finished trick deal's unplayed cards may be shown: the Settings choice
        (the table's ``reveal``), and never with several people at one screen (GEN-9)."""
        return self.table.reveal and len(self.table.people) <= 1

    def show_summary(self) -> None:
        """The deal is over: its summary, with Review and Deal again."""
        t = self.table
        session = t.session
        assert session is not None and session.deal is not None
        t.set_state(SUMMARY)
        # The last deal: the pools left are shared out now, as the plates show (GEN-6).
        for line in ledger.split_lines(session, t.words, t.people):
            if line not in t.log:  # a summary shown again (after a window) says it once
                t.log.append(line)
                t.status(line)
        t.refresh()
        t.advisor.deal_over(registryview.game_label(session.game))
        summary = dealsummary.deal_summary(
            session,
            t.words,
            reveal=self.reveal_tricks,
            people=len(t.people),
            person=t.human,
            people_seats=t.people,
        )
        if t.practice.active:
            # Its own result, set against the deal itself: a practice deal may go card for
            # card as the deal did, and its summary must not pass for the deal's again.
            # The names moved with the person: each row says whose hand it holds.
            summary = replace(
                summary,
                practice_note=t.practice.result_line(),
                seat_notes=t.practice.seat_notes(),
            )
        t.keeper.count_deal()
        dlg = t.questions.DealSummaryDialog(t.parent_widget, summary)
        dlg.accepted.connect(self.after_summary)
        dlg.rejected.connect(self._summary_closed)
        dlg.review_requested.connect(lambda d=dlg: t.review_requested.emit(d))
        dlg.deal_again_requested.connect(t.practice.begin)
        open_dialog(t, dlg)
        if not t.people:
            # Nobody at the screen (watching computers): the next deal follows by itself.
            self._next_by_itself(dlg)

    def _summary_closed(self) -> None:
        """Escape or the close button on the summary: the finished deal stays in view, the
        way on and the summary again on the table's panel."""
        t = self.table
        session = t.session
        assert session is not None
        t.dialog = None
        text, buttons = prompts.summary_closed_words(t.practice.active, session.complete)
        t.view.prompt.ask(text, buttons)
        t.view.prompt.focus_first()  # Enter goes on, as in the summary
        t.status(text)

    def _answered(self, key: str) -> None:
        """A button of the panel a closed summary leaves (:meth:`_summary_closed`)."""
        t = self.table
        if key not in (prompts.GO_ON, prompts.SUMMARY_AGAIN) or t.dialog is not None:
            return
        if t.state != SUMMARY:
            return
        t.view.prompt.hide()
        if key == prompts.GO_ON:
            self.after_summary()
        else:
            self.show_summary()

    def _next_by_itself(self, dlg: QDialog) -> None:
        t = self.table

        def go(tok: int = t.token) -> None:
            if tok != t.token or t.dialog is not dlg:
                return
            if t.held:
                QTimer.singleShot(max(50, t.pace), go)  # not behind another window
                return
            dlg.accept()

        QTimer.singleShot(t.pace * 8, go)

    def after_summary(self) -> None:
        """The summary was closed: the next deal, back from practice, or the standings."""
        t = self.table
        session = t.session
        assert session is not None
        t.dialog = None
        if t.practice.active:
            t.practice.back()
            return
        if not session.complete:
            # The summary, open to everyone at the screen (GEN-9), told the deal's end: the
            # hot seat's "Since your last turn" starts from it, not from the person's last
            # card of that deal (it ran to 35 lines across two deals at 1280x800).
            for seat in t.seen:
                t.seen[seat] = len(t.log)
            t.start_deal()
            return
        t.set_state(OVER)
        t.refresh()  # the plates show the counters after the split of the pools left
        self.show_standings()

    def show_standings(self) -> None:
        """The final standings of the finished session (after its last summary, and again
        from the finished table's Standings button)."""
        t = self.table
        session = t.session
        assert session is not None and session.complete
        t.view.prompt.hide()
        balances, _pools = session.final_accounts()
        dlg = t.questions.StandingsDialog(
            t.parent_widget,
            list(session.players),
            balances,
            list(session.start_balances),
            dealsummary.split_line(session),
            dealsummary.ended_early_line(session, t.words),
        )
        dlg.accepted.connect(lambda: self._after_standings(dlg.choice))
        dlg.rejected.connect(lambda: self._after_standings(dlg.choice))
        open_dialog(t, dlg)
        self.standings_shown_for = session
        t.keeper.autosave()  # the side file says they were shown: not again after a quit
        t.keeper.keep_finished()

    def _after_standings(self, choice: str) -> None:
        t = self.table
        t.dialog = None
        if choice == "again":
            self.play_again()
            return
        # Closed: the finished table stays in view with the ways on, as the resume offer
        # waits on it (the menu's New Game alone was easy to miss)
        text, buttons = prompts.game_over_words()
        t.view.prompt.ask(text, buttons)
        t.status(text)

    def play_again(self) -> None:
        """The same game, house rules and people at the same seats, with fresh counters
        (Play again, in the standings or at the finished table)."""
        t = self.table
        if t.session is not None:
            t.new_session(Setup(t.session.game.name, t.session.options, t.seats, t.allow_undo))
