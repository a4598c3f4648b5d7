"""The review window (issue 18, points 1 to 4): one deal replayed step by step through the
engine, as the rules let it be shown; what each player saw; Hard's check of the person's
play; the deal's fingerprint.

Everything shown comes from :mod:`gamecore.review` (the steps, the engine's states and
observations, and :func:`~gamecore.review.show_rule`, the one rule for what may be shown),
:mod:`gamecore.explain` (the sentences) and :mod:`gamecore.agents.playcheck` (the check),
turned into a :class:`~gui.model.snapshot.TableSnapshot` and words by
:mod:`gui.model.reviewtext`; the table is drawn by the same :class:`~gui.table.view.TableView` as
the game. Nothing here decides a rule.

The play check runs on a worker thread (:class:`PlayCheckRun`); its results and progress
arrive on the GUI thread as Qt signals, and it stops between two decisions when cancelled.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Sequence
from html import escape
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent, QStandardItemModel
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gamecore.agents.playcheck import (
    DEFAULT_ITERATIONS,
    CheckCancelled,
    CheckedDecision,
    check_review,
    checkable_steps,
)
from gamecore.fingerprint import hashed_text, matches
from gamecore.match import Session
from gamecore.record import Record, replay_session
from gamecore.review import DealReview, ShowRule, review_deal, show_rule, shown_table
from gui.model import registryview, reviewtext, tablewords
from gui.store import settings
from gui.table.cardart import CardArt
from gui.table.view import TableView
from gui.windows.screenfit import FittedDialog

__all__ = ["PlayCheckRun", "ReviewWindow", "fingerprint_html", "run_review"]

#: Keys that move through the steps wherever the keyboard focus is in the window.
_STEP_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End)


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

    def __init__(self, review: DealReview, seat: int, *, iterations: int = DEFAULT_ITERATIONS,
                 samples: int | None = None) -> None:
        super().__init__()
        self.review, self.seat = review, seat
        self.iterations, self.samples = iterations, samples
        self.total = len(checkable_steps(review, seat))
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._work, name="parlour-playcheck",
                                        daemon=True)
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
            for result in check_review(self.review, self.seat, iterations=self.iterations,
                                       samples=self.samples, cancel=self._cancel):
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


def fingerprint_html(review: DealReview, rule: ShowRule) -> str:
    """The fingerprint panel's text (HTML): the salt, the whole SHA-256 and the hashed text
    with its cards, and how to check it, for a finished deal whose every card the rule shows
    (format "Version 2"); before that only the hash (the salt would let the hidden cards be
    searched out), or why there is none."""
    fp = review.fingerprint
    if fp is None:
        return ("<p>This deal has no fingerprint: it was dealt without one (a practice deal, "
                "which deals again cards already shown; an older game; or a record written "
                "before fingerprints).</p>")
    head = (f"<p>Before the deal the table showed its fingerprint, "
            f"<b>{escape(fp.shown())}</b>…: the start of the SHA-256 of the shuffled cards "
            "and a random salt.</p><p>SHA-256:<br><tt>" + escape(fp.sha256) + "</tt></p>")
    if not review.finished:
        return head + "<p>The salt and the cards are shown once the deal is over.</p>"
    if not rule.show_unplayed:
        return head + ("<p>The salt and the cards are not shown: cards never played stay "
                       "hidden after a Spoil Five deal (GEN-9), and the salt would let "
                       "them be worked out.</p>")
    text = hashed_text(fp.salt, review.hands, review.stock, review.turnup)
    ok = matches(fp, review.hands, review.stock, review.turnup)
    return (head + "<p>Salt: <tt>" + escape(fp.salt) + "</tt></p><p>The hashed text (the "
            "salt and every card as dealt):<br><tt>" + escape(text) + "</tt></p><p>"
            + ("It matches: these are the cards fixed before the first decision."
               if ok else "<b>It does not match these cards.</b>")
            + "</p><p>To check it yourself, give the hashed text (UTF-8, no line break) to any "
            "SHA-256 tool, e.g. <tt>printf '%s' 'TEXT' | sha256sum</tt>: the result must be "
            "the SHA-256 above. It proves the cards were not changed during play, not that "
            "the shuffle was fair.</p>")


class ReviewWindow(FittedDialog):
    """A non-modal window that replays one deal of ``source`` step by step.

    Args: ``parent`` (the window it opens over, or ``None``), ``source`` (a read
    :class:`~gamecore.record.Record`, replayed once here: a faulty one raises
    :class:`~gamecore.errors.RecordError`; or a :class:`~gamecore.match.Session`, the
    table's own, read as it stands whenever a deal is chosen), ``deal`` (the deal to open
    on, from 1; ``None``: :func:`gui.model.reviewtext.first_review_deal`), ``people`` (seats of the
    people at this screen), ``person`` (the seat whose own view an unfinished deal shows:
    the one person at the screen, or ``None``), ``reveal`` (the Spoil Five table setting:
    show unplayed cards of a finished deal to one person), ``art`` (the card art; default
    the one the Settings choose). The felt is the Settings' too.

    What may be shown is :func:`gamecore.review.show_rule`'s, asked with these arguments:
    a finished deal face up with a choice of seat (each seat's view: its own hand and what
    was public, GEN-9); an unfinished deal only as ``person``'s seat saw it, with no choice
    of seat; a deal the rule refuses is listed but cannot be chosen.

    Keys: Left/Right a step back/forward, Home/End the first/last step.
    :attr:`step_changed` (step) is emitted whenever another step is shown.
    """

    step_changed = Signal(int)

    #: Hard's search iterations and the estimate's worlds per checked decision.
    check_iterations: int = DEFAULT_ITERATIONS
    check_samples: int | None = None

    def __init__(self, parent: QWidget | None, source: Record | Session, deal: int | None,
                 *, people: Sequence[int], person: int | None, reveal: bool,
                 art: CardArt | None = None) -> None:
        super().__init__(parent)
        self.setModal(False)
        self.setObjectName("review")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.session = replay_session(source) if isinstance(source, Record) else source
        self.people, self.person, self.reveal = list(people), person, reveal
        self.words = tablewords.spoken(list(self.session.players), self.people)
        self.review: DealReview | None = None
        self.rule: ShowRule | None = None
        self.step = 0
        self.run: PlayCheckRun | None = None
        self.results: list[CheckedDecision] = []
        self._build(art)
        self._fill_deals()
        number = deal if deal is not None else reviewtext.first_review_deal(self.session)
        self.choose_deal(number)
        self.slider.setFocus()

    # ---- building ----------------------------------------------------------------

    def _build(self, art: CardArt | None) -> None:
        outer = QVBoxLayout(self)
        top = QHBoxLayout()
        self.deal_box = QComboBox(self)
        self.deal_box.setObjectName("deal")
        self.deal_box.setAccessibleName("Deal")
        self.seat_box = QComboBox(self)
        self.seat_box.setObjectName("seat")
        self.seat_box.setAccessibleName("Whose view")
        deal_label, seat_label = QLabel("&Deal:", self), QLabel("&View:", self)
        deal_label.setBuddy(self.deal_box)
        seat_label.setBuddy(self.seat_box)
        top.addWidget(deal_label)
        top.addWidget(self.deal_box)
        top.addSpacing(12)
        top.addWidget(seat_label)
        top.addWidget(self.seat_box)
        self.refused = QLabel(self)
        self.refused.setObjectName("refused")
        self.refused.setWordWrap(True)
        top.addWidget(self.refused, 1)
        outer.addLayout(top)

        split = QSplitter(Qt.Orientation.Horizontal, self)
        prefs = settings.load_prefs()
        self.view = TableView(art or CardArt(prefs.four_colour, prefs.back), split)
        self.view.felt = prefs.felt
        self.view.setMinimumSize(420, 320)
        self.view.duration = 0  # steps land at once; the calls show at once
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.view.card_chosen.connect(self.view.refuse)  # a review takes no card
        self.tabs = QTabWidget(split)
        self.tabs.setObjectName("tabs")
        self.step_text = QTextBrowser(self.tabs)
        self.step_text.setObjectName("stepText")
        self.tabs.addTab(self.step_text, "Step")
        self.tabs.addTab(self._build_check(), "Play check")
        self.fingerprint = QTextBrowser(self.tabs)
        self.fingerprint.setObjectName("fingerprint")
        self.tabs.addTab(self.fingerprint, "Fingerprint")
        # The three tabs' names stay whole on a small screen: the table gives way first.
        self.tabs.setMinimumWidth(self.tabs.tabBar().sizeHint().width() + 8)
        split.addWidget(self.view)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([800, 340])
        outer.addWidget(split, 1)

        nav = QHBoxLayout()
        self.first_btn = self._button("first", "|◀", "First step (Home)", lambda: self.go(0))
        self.back_btn = self._button("back", "◀ Back", "A step back (Left)",
                                     lambda: self.go(self.step - 1))
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("slider")
        self.slider.setAccessibleName("Step")
        self.slider.setPageStep(5)
        self.slider.valueChanged.connect(self.go)
        self.forward_btn = self._button("forward", "Forward ▶", "A step forward (Right)",
                                        lambda: self.go(self.step + 1))
        self.last_btn = self._button("last", "▶|", "Last step (End)",
                                     lambda: self.go(self.last))
        self.step_label = QLabel(self)
        self.step_label.setObjectName("stepLabel")
        close = self._button("close", "Close", "Close the review", self.close)
        nav.addWidget(self.first_btn)
        nav.addWidget(self.back_btn)
        nav.addWidget(self.slider, 1)
        nav.addWidget(self.forward_btn)
        nav.addWidget(self.last_btn)
        nav.addWidget(self.step_label)
        nav.addSpacing(12)
        nav.addWidget(close)
        outer.addLayout(nav)

        self.deal_box.currentIndexChanged.connect(
            lambda i: self.choose_deal(self.deal_box.itemData(i)))
        self.seat_box.currentIndexChanged.connect(lambda _i: self._seat_changed())
        for w in (self.view, self.view.viewport(), self.deal_box, self.seat_box,
                  self.step_text, self.fingerprint, self.tabs, self.first_btn, self.back_btn,
                  self.forward_btn, self.last_btn, close, self.check_btn, self.cancel_btn):
            w.installEventFilter(self)

    def _button(self, name: str, text: str, tip: str, slot: Any) -> QPushButton:
        b = QPushButton(text, self)
        b.setObjectName(name)
        b.setToolTip(tip)
        b.setAccessibleName(tip)
        b.setAutoDefault(False)
        b.clicked.connect(lambda _=False: slot())
        return b

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

    def preferred_size(self) -> QSize:
        """1180 × 760 pixels; the screen may bound it."""
        return QSize(1180, 760)

    # ---- deals and seats ---------------------------------------------------------

    def _base_rule(self, finished: bool, seat: int | None = None) -> ShowRule:
        return show_rule(finished, self.session.game.family, len(self.people), self.reveal,
                         seat, self.person)

    def _fill_deals(self) -> None:
        box = self.deal_box
        box.blockSignals(True)
        box.clear()
        model = box.model()
        for number, log in enumerate(self.session.logs, start=1):
            dealer = self.session.players[log.dealer]
            state = "finished" if log.finished else "unfinished"
            box.addItem(f"Deal {number} · {dealer} deals · {state}", number)
            rule = self._base_rule(log.finished)
            if not rule.allowed and isinstance(model, QStandardItemModel):
                item = model.item(box.count() - 1)
                item.setEnabled(False)
                item.setToolTip(rule.reason)
        box.blockSignals(False)

    def choose_deal(self, number: int) -> None:
        """Show deal ``number`` (from 1) at its first step; a deal the rule refuses (or one
        the source does not hold) shows why instead."""
        self.cancel_check()
        index = self.deal_box.findData(number)
        if index >= 0 and index != self.deal_box.currentIndex():
            self.deal_box.blockSignals(True)
            self.deal_box.setCurrentIndex(index)
            self.deal_box.blockSignals(False)
        self.review, self.rule = None, None
        try:
            review = review_deal(self.session, number)
        except IndexError as e:
            self._refuse(str(e)[:1].upper() + str(e)[1:] + ".")
            return
        rule = self._base_rule(review.finished)
        if not rule.allowed:
            self._refuse(rule.reason + ".")
            return
        self.review = review
        label = registryview.game_label(review.game)
        self.setWindowTitle(f"Review: {label}, deal {review.number}")
        self.refused.setText("")
        self._fill_seats(review, rule)
        self.rule = self._rule_for_view()
        self.slider.blockSignals(True)
        self.slider.setRange(0, review.last)
        self.slider.setValue(0)
        self.slider.blockSignals(False)
        for w in (self.slider, self.first_btn, self.back_btn, self.forward_btn,
                  self.last_btn):
            w.setEnabled(True)
        self.step = -1
        self._reset_check()
        self.fingerprint.setHtml(fingerprint_html(review, self.rule))
        self.go(0)

    def _refuse(self, why: str) -> None:
        self.refused.setText(why)
        self.setWindowTitle("Review")
        self.seat_box.clear()
        self.seat_box.setEnabled(False)
        for w in (self.slider, self.first_btn, self.back_btn, self.forward_btn,
                  self.last_btn, self.check_btn):
            w.setEnabled(False)
        self.step_text.setPlainText(why)
        self.fingerprint.setPlainText("")
        self.step_label.setText("")
        self.view.setVisible(False)

    def _fill_seats(self, review: DealReview, rule: ShowRule) -> None:
        box = self.seat_box
        box.blockSignals(True)
        box.clear()
        if rule.seat_choice:
            box.addItem("The whole table", None)
            for s, name in enumerate(review.players):
                who = "Your view" if self.words[s] == "You" else f"{name}'s view"
                box.addItem(who, s)
            box.setToolTip("Show the table as one seat saw it at each step: its own hand "
                           "and what was public")
        else:
            seat = rule.viewpoint
            assert seat is not None
            who = "you" if self.words[seat] == "You" else review.players[seat]
            box.addItem(f"As {who} saw it", seat)
            box.setToolTip("An unfinished deal is reviewed only as your own seat saw it")
        box.setEnabled(rule.seat_choice)
        box.blockSignals(False)
        self.view.setVisible(True)

    @property
    def viewpoint(self) -> int | None:
        """The seat whose view is shown, or ``None`` for the whole table."""
        return self.rule.viewpoint if self.rule is not None else None

    def _rule_for_view(self) -> ShowRule:
        assert self.review is not None
        return self._base_rule(self.review.finished, self.seat_box.currentData())

    def choose_seat(self, seat: int | None) -> None:
        """Show the table as ``seat`` saw it (``None``: the whole table), where the rule
        offers a choice of seat; otherwise nothing changes."""
        index = self.seat_box.findData(seat)
        if self.seat_box.isEnabled() and index >= 0:
            self.seat_box.setCurrentIndex(index)

    def _seat_changed(self) -> None:
        if self.review is None:
            return
        self.rule = self._rule_for_view()
        self.fingerprint.setHtml(fingerprint_html(self.review, self.rule))
        self._update_check_about()
        self._draw()

    # ---- steps -------------------------------------------------------------------

    @property
    def last(self) -> int:
        """The last step of the deal shown (0 when none is)."""
        return self.review.last if self.review is not None else 0

    def go(self, k: int) -> None:
        """Show step ``k`` (clamped to the deal's steps)."""
        if self.review is None:
            return
        k = max(0, min(self.last, k))
        if k == self.step:
            return
        self.step = k
        if self.slider.value() != k:
            self.slider.blockSignals(True)
            self.slider.setValue(k)
            self.slider.blockSignals(False)
        self._draw()
        self.step_changed.emit(k)

    def bottom(self) -> int:
        """The seat at the bottom: the viewpoint seat, else the person's, else the first
        person's (seat 0 with nobody at the screen)."""
        if self.viewpoint is not None:
            return self.viewpoint
        if self.person is not None:
            return self.person
        return self.people[0] if self.people else 0

    def _draw(self) -> None:
        review, rule = self.review, self.rule
        if review is None or rule is None or self.step < 0:
            return
        k = self.step
        shown = shown_table(review, k, rule)
        step = review.steps[k]
        snap = reviewtext.review_snapshot(review, shown, self.bottom(), self.words,
                                          legal_shown=reviewtext.choices_shown(shown, step))
        self.view.show(snap, 0)
        text = reviewtext.review_step_text(review, shown, self.words)
        self.view.announcement.setVisible(False)
        for call in text.calls:
            self.view.announce(call)
        self.view.show_log(list(text.log))
        self.step_text.setHtml(_step_html(text))
        self.step_label.setText(f"{k} / {review.last}")
        self.back_btn.setEnabled(k > 0)
        self.first_btn.setEnabled(k > 0)
        self.forward_btn.setEnabled(k < review.last)
        self.last_btn.setEnabled(k < review.last)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) \
                and event.key() in _STEP_KEYS and not event.modifiers():
            self._step_key(event.key())
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if event.key() in _STEP_KEYS and not event.modifiers():
            self._step_key(event.key())
            event.accept()
            return
        super().keyPressEvent(event)

    def _step_key(self, key: int) -> None:
        targets = {int(Qt.Key.Key_Left): self.step - 1, int(Qt.Key.Key_Right): self.step + 1,
                   int(Qt.Key.Key_Home): 0, int(Qt.Key.Key_End): self.last}
        self.go(targets[int(key)])

    # ---- the play check -----------------------------------------------------------

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
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.check_status.setText("")
        self._update_check_about()

    def _update_check_about(self) -> None:
        seat = self.check_seat()
        running = self.run is not None
        if seat is None:
            self.check_about.setText("The play check looks at the decisions of a person at "
                                     "this screen whose whole hand this review shows.")
            self.check_btn.setEnabled(False)
            return
        who = "your" if self.words[seat] == "You" else f"{self.session.players[seat]}'s"
        self.check_btn.setText("Check my play" if who == "your" else f"Check {who} play")
        self.check_about.setText(
            f"What the Hard computer player would have chosen at each of {who} card "
            "decisions (plays, robs, claims, jinks; not stakes), from that seat's view "
            "only, and the difference it estimates in counters.")
        self.check_btn.setEnabled(not running)

    def start_check(self) -> None:
        """Start the play check of :meth:`check_seat`'s decisions on a worker thread."""
        seat = self.check_seat()
        if self.review is None or seat is None or self.run is not None:
            return
        self._reset_check()
        run = PlayCheckRun(self.review, seat, iterations=self.check_iterations,
                           samples=self.check_samples)
        if run.total == 0:
            self.check_status.setText("There is no card decision with a choice to check "
                                      "in this deal.")
            return
        self.run = run
        run.checked.connect(self._checked)
        run.ended.connect(self._check_ended)
        self.progress.setRange(0, run.total)
        self.progress.setValue(0)
        self.check_status.setText(f"Checking {run.total} "
                                  f"{'decision' if run.total == 1 else 'decisions'}…")
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
        self.check_status.setText(f"Cancelled after {len(self.results)} of {run.total} "
                                  "decisions.")
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
            agree = sum(1 for r in self.results if r.agrees)
            self.check_status.setText(f"Done: Hard agrees with {agree} of {total} decisions. "
                                      "Select one to see it on the table.")
        elif status == "cancelled":
            self.check_status.setText(f"Cancelled after {done} of {total} decisions.")
        else:
            self.check_status.setText(f"The check {status}")
        self._update_check_about()

    def _result_chosen(self, item: QListWidgetItem | None, _prev: Any = None) -> None:
        if item is not None:
            self.go(int(item.data(Qt.ItemDataRole.UserRole)))

    # ---- closing -----------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.cancel_check()
        super().closeEvent(event)

    def done(self, result: int) -> None:
        """Closing the window (Escape, Close) stops a running check."""
        self.cancel_check()
        super().done(result)


def _step_html(text: reviewtext.StepText) -> str:
    """The step panel: the heading, what led here, then the turn, choices and action."""
    out = [f"<h3>{escape(text.heading)}</h3>"]
    if text.why:
        out.append("<p><b>What happened</b></p><ul>"
                   + "".join(f"<li>{escape(s)}</li>" for s in text.why) + "</ul>")
    if text.counters:
        out.append(f"<p>{escape(text.counters)}</p>")
    now = [t for t in (text.turn, text.choices, text.taken) if t]
    if now:
        out.append("<p><b>Now</b><br>" + "<br>".join(escape(t) for t in now) + "</p>")
    out += [f"<p><i>{escape(n)}</i></p>" for n in text.notes]
    return "".join(out)


def run_review(source: Record | Session, deal: int | None, *, people: Sequence[int],
               person: int | None, reveal: bool) -> int:
    """``parlour review``: create the application, open a :class:`ReviewWindow` on its own
    (arguments as its constructor's; ``reveal`` only where the Settings' Spoil Five choice
    allows it too), run the event loop until it closes; the exit status."""
    from gui.table.appicon import app_icon

    sys.set_int_max_str_digits(0)  # balances of any size, as the table (gui.app.app.run)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("Parlour")
    app.setOrganizationName("Parlour")
    app.setWindowIcon(app_icon())
    reveal = reveal and settings.load_prefs().reveal_tricks
    window = ReviewWindow(None, source, deal, people=people, person=person, reveal=reveal)
    window.show()
    return app.exec()
