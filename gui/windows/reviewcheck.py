"""The review window's play check: Hard's choice at each of a person's card decisions in
one deal (:func:`gamecore.agents.playcheck.check_review`), run on a worker thread
(:class:`PlayCheckRun`), and the "Play check" tab that starts it, shows its progress and lists
its results (:class:`PlayCheckTab`, part of :class:`~gui.windows.reviewwindow.ReviewWindow`).

The results and progress arrive on the GUI thread as Qt signals; the check stops between two
decisions when cancelled.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gamecore.agents.playcheck import (
    DEFAULT_ITERATIONS,
    CheckCancelled,
    CheckedDecision,
    check_review,
    check_words,
    checkable_steps,
)
from gamecore.match import Session
from gamecore.review import DealReview, ShowRule

__all__ = ["PlayCheckRun", "PlayCheckTab"]

#: What the tab says when the seat made no card decision with a choice in the deal shown.
NOTHING_TO_CHECK = "There is no card decision with a choice to check in this deal."

if TYPE_CHECKING:
    # Type checkers see the dialog the tab is part of; at run time the tab is a plain class,
    # so the review window keeps one Qt base (its dialog) and Qt's own class chain.
    _Dialog = QDialog
else:
    _Dialog = object


class PlayCheckRun(QObject):
    """One play check (:func:`gamecore.agents.playcheck.check_review`) of ``seat``'s
    decisions in ``review``, on its own worker thread.

    Signals (queued to the GUI thread): :attr:`checked` (a
    :class:`~gamecore.agents.playcheck.CheckedDecision`, one per decision, in order) and
    :attr:`ended` (``"done"``, ``"cancelled"`` or ``"failed: <why>"``, and the number of
    decisions checked). :meth:`cancel` (any thread) stops it between two decisions.
    ``iterations`` and ``samples`` are the check's budget per decision.
    """

    checked = Signal(object)
    ended = Signal(str, int)

    #: Runs still working, kept alive until their thread has ended (a window may close
    #: first); the last reference is dropped on the GUI thread.
    _running: set[PlayCheckRun] = set()

    def __init__(
        self,
        review: DealReview,
        seat: int,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        samples: int | None = None,
    ) -> None:
        super().__init__()
        self.review, self.seat = review, seat
        self.iterations, self.samples = iterations, samples
        self.total = len(checkable_steps(review, seat))
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._work, name="parlour-playcheck", daemon=True)
        self.ended.connect(self._forget)

    def start(self) -> None:
        """Start checking on the worker thread; the GUI thread never waits for it."""
        PlayCheckRun._running.add(self)
        self._thread.start()

    def cancel(self) -> None:
        """Stop before the next decision (the one being searched finishes first)."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancel.is_set()

    def _work(self) -> None:
        done = 0
        try:
            for result in check_review(
                self.review,
                self.seat,
                iterations=self.iterations,
                samples=self.samples,
                cancel=self._cancel,
            ):
                done += 1
                self.checked.emit(result)
            status = "cancelled" if self._cancel.is_set() else "done"
        except CheckCancelled:
            status = "cancelled"
        except Exception as e:  # noqa: BLE001 - said in the window, never a traceback
            status = f"failed: {type(e).__name__}: {e}"
        self.ended.emit(status, done)

    def _forget(self, _status: str, _done: int) -> None:
        PlayCheckRun._running.discard(self)


class PlayCheckTab(_Dialog):
    """The "Play check" tab of the review window, and the check it runs: part of
    :class:`~gui.windows.reviewwindow.ReviewWindow`, which gives it the deal shown
    (``review``, ``rule``, ``viewpoint``), the people at the screen (``people``, ``person``,
    ``words``), the ``session`` and :meth:`go` (show a step), and keeps the running check
    (``run``) and its results (``results``, one per decision, in order).
    """

    #: Hard's search iterations and the estimate's worlds per checked decision.
    check_iterations: int = DEFAULT_ITERATIONS
    check_samples: int | None = None

    if TYPE_CHECKING:
        # Given by the review window.
        session: Session
        people: list[int]
        person: int | None
        words: list[str]
        review: DealReview | None
        rule: ShowRule | None
        run: PlayCheckRun | None
        results: list[CheckedDecision]

        @property
        def viewpoint(self) -> int | None: ...

        def go(self, k: int) -> None: ...

    def _build_check(self) -> QWidget:
        page = QWidget(self)
        box = QVBoxLayout(page)
        self.check_about = QLabel(page)
        self.check_about.setObjectName("checkAbout")
        self.check_about.setWordWrap(True)
        # Never squeezed below its wrapped lines when the window is short.
        self.check_about.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        box.addWidget(self.check_about)
        row = QHBoxLayout()
        self.check_btn = QPushButton("Check my play", page)
        self.check_btn.setObjectName("check")
        self.check_btn.setAutoDefault(False)
        self.check_btn.clicked.connect(lambda _=False: self.start_check())
        self.cancel_btn = QPushButton("Cancel", page)
        self.cancel_btn.setObjectName("cancelCheck")
        self.cancel_btn.setAutoDefault(False)
        self.cancel_btn.setEnabled(False)
        self.cancel_btn.clicked.connect(lambda _=False: self.cancel_check())
        row.addWidget(self.check_btn)
        row.addWidget(self.cancel_btn)
        row.addStretch(1)
        box.addLayout(row)
        self.progress = QProgressBar(page)
        self.progress.setObjectName("checkProgress")
        self.progress.setFormat("%v of %m decisions")
        # Shown once a check runs: before, "0 of 1 decisions" would count nothing real.
        self.progress.setVisible(False)
        box.addWidget(self.progress)
        self.check_status = QLabel(page)
        self.check_status.setObjectName("checkStatus")
        self.check_status.setWordWrap(True)
        # Never squeezed below its wrapped lines when the window is short.
        self.check_status.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        box.addWidget(self.check_status)
        self.check_list = QListWidget(page)
        self.check_list.setObjectName("checkResults")
        self.check_list.setWordWrap(True)
        self.check_list.currentItemChanged.connect(self._result_chosen)
        self.check_list.itemClicked.connect(self._result_chosen)
        box.addWidget(self.check_list, 1)
        return page

    def check_seat(self) -> int | None:
        """The seat whose decisions the check looks at: the seat whose view is shown when
        it is a person's, else the one person's; ``None`` when there is none, or when that
        seat's hand is not wholly shown (Hard's choice would name hidden cards)."""
        rule = self.rule
        if rule is None:
            return None
        seat = self.viewpoint if self.viewpoint in self.people else self.person
        if seat is None:
            return None
        return seat if rule.show_unplayed or rule.own_seat == seat else None

    def _reset_check(self) -> None:
        self.results = []
        self.check_list.clear()
        self.progress.setVisible(False)
        self.check_status.setText("")
        self._update_check_about()

    def _to_check(self, seat: int) -> int:
        """How many of ``seat``'s decisions in the deal shown the check looks at."""
        return len(checkable_steps(self.review, seat)) if self.review is not None else 0

    def _update_check_about(self) -> None:
        seat = self.check_seat()
        running = self.run is not None
        if seat is None:
            self.check_about.setText(
                "The play check looks at the decisions of a person at "
                "this screen whose whole hand this review shows."
            )
            self.check_btn.setEnabled(False)
            return
        who = "your" if self.words[seat] == "You" else f"{self.session.players[seat]}'s"
        self.check_btn.setText("Check my play" if who == "your" else f"Check {who} play")
        self.check_about.setText(
            f"What the Hard computer player would have chosen at each of {who} card "
            "decisions (plays, robs, claims, jinks; not stakes), from that seat's view "
            "only, and the difference it estimates in counters."
        )
        if not running and self._to_check(seat) == 0:
            # Said before any click, with nothing counting decisions beside it.
            self.progress.setVisible(False)
            self.check_status.setText(NOTHING_TO_CHECK)
            self.check_btn.setEnabled(False)
            return
        if self.check_status.text() == NOTHING_TO_CHECK:
            self.check_status.setText("")  # another seat's view, with decisions
        self.check_btn.setEnabled(not running)

    def start_check(self) -> None:
        """Start the play check of :meth:`check_seat`'s decisions on a worker thread."""
        seat = self.check_seat()
        if self.review is None or seat is None or self.run is not None:
            return
        self._reset_check()
        run = PlayCheckRun(
            self.review, seat, iterations=self.check_iterations, samples=self.check_samples
        )
        if run.total == 0:
            self.check_status.setText(NOTHING_TO_CHECK)
            return
        self.run = run
        run.checked.connect(self._checked)
        run.ended.connect(self._check_ended)
        self.progress.setRange(0, run.total)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.check_status.setText(
            f"Checking {run.total} {'decision' if run.total == 1 else 'decisions'}…"
        )
        self.check_btn.setEnabled(False)
        self.cancel_btn.setEnabled(True)
        run.start()

    def cancel_check(self) -> None:
        """Stop the running check (its results so far stay listed)."""
        run, self.run = self.run, None
        if run is None:
            return
        run.cancel()
        run.checked.disconnect(self._checked)
        run.ended.disconnect(self._check_ended)
        self.cancel_btn.setEnabled(False)
        self.check_status.setText(f"Cancelled after {len(self.results)} of {run.total} decisions.")
        self._update_check_about()

    def _checked(self, result: CheckedDecision) -> None:
        self.results.append(result)
        item = QListWidgetItem(f"Step {result.step}: {result.words}")
        item.setData(Qt.ItemDataRole.UserRole, result.step)
        self.check_list.addItem(item)
        self.progress.setValue(len(self.results))
        if self.run is not None:
            self.check_status.setText(f"Checked {len(self.results)} of {self.run.total}…")

    def _check_ended(self, status: str, done: int) -> None:
        run, self.run = self.run, None
        total = run.total if run is not None else done
        self.cancel_btn.setEnabled(False)
        if status == "done":
            said = check_words(self.results, total)
            self.check_status.setText(f"Done: {said} Select one to see it on the table.")
        elif status == "cancelled":
            self.check_status.setText(f"Cancelled after {done} of {total} decisions.")
        else:
            self.check_status.setText(f"The check {status}")
        self._update_check_about()

    def _result_chosen(self, item: QListWidgetItem | None, _prev: Any = None) -> None:
        if item is not None:
            self.go(int(item.data(Qt.ItemDataRole.UserRole)))
