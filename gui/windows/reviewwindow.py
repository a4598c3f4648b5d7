"""The review window (issue 18, points 1 to 4): one deal replayed step by step through the
engine, as the rules let it be shown; what each player saw; Hard's check of the person's
play; the deal's fingerprint.

Everything shown comes from :mod:`gamecore.review` (the steps, the engine's states and
observations, and :func:`~gamecore.review.show_rule`, the one rule for what may be shown),
:mod:`gamecore.explain` (the sentences) and :mod:`gamecore.agents.playcheck` (the check),
turned into a :class:`~gui.model.snapshot.TableSnapshot` and words by
:mod:`gui.model.reviewtext`; the table is drawn by the same :class:`~gui.table.view.TableView` as
the game. Nothing here decides a rule.

The play check (its tab and its worker thread) is :mod:`gui.windows.reviewcheck`; the text of
the Step and Fingerprint tabs is :mod:`gui.windows.reviewpanels`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent, QStandardItemModel
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gamecore.agents.playcheck import CheckedDecision
from gamecore.match import Session
from gamecore.record import Record, replay_session
from gamecore.review import DealReview, ShowRule, review_deal, show_rule, shown_table
from gui.model import registryview, reviewtext, tablewords
from gui.store import settings
from gui.table.cardart import CardArt
from gui.table.view import TableView
from gui.windows.reviewcheck import PlayCheckRun, PlayCheckTab
from gui.windows.reviewpanels import fingerprint_html, session_end, step_html
from gui.windows.screenfit import FittedDialog

__all__ = ["ReviewWindow", "run_review"]

#: Keys that move through the steps wherever the keyboard focus is in the window.
_STEP_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End)


class ReviewWindow(FittedDialog, PlayCheckTab):
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

    def __init__(
        self,
        parent: QWidget | None,
        source: Record | Session,
        deal: int | None,
        *,
        people: Sequence[int],
        person: int | None,
        reveal: bool,
        art: CardArt | None = None,
    ) -> None:
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
        self.seen: tuple[int, ...] = ()  # the steps of the view shown; the slider's positions
        self.run: PlayCheckRun | None = None
        self.results: list[CheckedDecision] = []
        self._build(art)
        self._fill_deals()
        number = deal if deal is not None else reviewtext.first_review_deal(self.session)
        self.choose_deal(number)
        self.slider.setFocus()

    # ---- building ----------------------------------------------------------------

    def _build(self, art: CardArt | None) -> None:
        """The window's widgets: the choice of deal and seat above, the table and the tabs
        (Step, Play check, Fingerprint) side by side, the steps' buttons and slider below."""
        outer = QVBoxLayout(self)
        outer.addLayout(self._build_top())
        outer.addWidget(self._build_split(art), 1)
        nav, close = self._build_nav()
        outer.addLayout(nav)

        self.deal_box.currentIndexChanged.connect(
            lambda i: self.choose_deal(self.deal_box.itemData(i))
        )
        self.seat_box.currentIndexChanged.connect(lambda _i: self._seat_changed())
        for w in (
            self.view,
            self.view.viewport(),
            self.deal_box,
            self.seat_box,
            self.step_text,
            self.fingerprint,
            self.tabs,
            self.first_btn,
            self.back_btn,
            self.forward_btn,
            self.last_btn,
            close,
            self.check_btn,
            self.cancel_btn,
        ):
            w.installEventFilter(self)

    def _build_top(self) -> QHBoxLayout:
        """The row above the table: the deal, whose view, and why a deal is refused."""
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
        return top

    def _build_split(self, art: CardArt | None) -> QSplitter:
        """The table (drawn with ``art``, else the Settings' card art) beside the tabs."""
        split = QSplitter(Qt.Orientation.Horizontal, self)
        prefs = settings.load_prefs()
        self.view = TableView(art or CardArt(prefs.four_colour, prefs.back), split)
        self.view.felt = prefs.felt
        # below this a classic board's names ran into its disc (a window 763 pixels wide)
        self.view.setMinimumSize(500, 340)
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
        return split

    def _build_nav(self) -> tuple[QHBoxLayout, QPushButton]:
        """The row under the table: first, back, the slider, forward, last, the step shown
        and Close; returns the row and its Close button."""
        nav = QHBoxLayout()
        self.first_btn = self._button("first", "|◀", "First step (Home)", lambda: self.go(0))
        self.back_btn = self._button(
            "back", "◀ Back", "A step back (Left)", lambda: self.go(self.step - 1)
        )
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("slider")
        self.slider.setAccessibleName("Step")
        self.slider.setPageStep(5)
        self.slider.valueChanged.connect(lambda v: self.go(self.seen[v]))
        self.forward_btn = self._button(
            "forward", "Forward ▶", "A step forward (Right)", lambda: self.go(self.step + 1)
        )
        self.last_btn = self._button("last", "▶|", "Last step (End)", lambda: self.go(self.last))
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
        return nav, close

    def _button(self, name: str, text: str, tip: str, slot: Any) -> QPushButton:
        b = QPushButton(text, self)
        b.setObjectName(name)
        b.setToolTip(tip)
        b.setAccessibleName(tip)
        b.setAutoDefault(False)
        b.clicked.connect(lambda _=False: slot())
        return b

    def preferred_size(self) -> QSize:
        """1180 × 760 pixels; the screen may bound it."""
        return QSize(1180, 760)

    # ---- deals and seats ---------------------------------------------------------

    def _base_rule(self, finished: bool, seat: int | None = None) -> ShowRule:
        return show_rule(
            finished, self.session.game.family, len(self.people), self.reveal, seat, self.person
        )

    def _fill_deals(self) -> None:
        box = self.deal_box
        box.blockSignals(True)
        box.clear()
        model = box.model()
        for number, log in enumerate(self.session.logs, start=1):
            label = reviewtext.deal_label(number, self.words[log.dealer], log.finished)
            box.addItem(label, number)
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
        self._number_steps()
        for w in (self.slider, self.first_btn, self.back_btn, self.forward_btn, self.last_btn):
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
        for w in (
            self.slider,
            self.first_btn,
            self.back_btn,
            self.forward_btn,
            self.last_btn,
            self.check_btn,
        ):
            w.setEnabled(False)
        self.step_text.setPlainText(why)
        self.fingerprint.setPlainText("")
        self.step_label.setText("")
        self.view.setVisible(False)

    def _fill_seats(self, review: DealReview, rule: ShowRule) -> None:
        box = self.seat_box
        kept = box.currentData() if box.isEnabled() else None  # the seat chosen: kept
        box.blockSignals(True)
        box.clear()
        if rule.seat_choice:
            box.addItem("The whole table", None)
            for s, name in enumerate(review.players):
                who = "Your view" if self.words[s] == "You" else f"{name}'s view"
                box.addItem(who, s)
            box.setCurrentIndex(max(0, box.findData(kept)))
            box.setToolTip(
                "Show the table as one seat saw it at each step: its own hand and what was public"
            )
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
        self._number_steps()
        if self.step >= 0 and self.step not in self.seen:  # another's offer: the next step
            self.step = min(k for k in self.seen if k > self.step)  # the last is seen
            self.step_changed.emit(self.step)
        self._draw()

    def _number_steps(self) -> None:
        """Number the steps of the view shown (:meth:`DealReview.steps_seen`): the slider
        has one position for each, so neither it nor the count tells of another seat's
        Commit offer (CM-10)."""
        assert self.review is not None
        self.seen = self.review.steps_seen(self.viewpoint)
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(self.seen) - 1)
        self.slider.blockSignals(False)

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
        while 0 < k < self.last and self.review.private_to_another(k, self.viewpoint):
            k += 1 if k > self.step else -1  # another seat's offer: not in this view (CM-10)
        if k == self.step:
            return
        self.step = k
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
        snap = reviewtext.review_snapshot(
            review,
            shown,
            self.bottom(),
            self.words,
            legal_shown=reviewtext.choices_shown(shown, step),
        )
        self.view.show(snap, 0)
        text = reviewtext.review_step_text(review, shown, self.words)
        self.view.announcement.setVisible(False)
        for call in text.calls:
            self.view.announce(call)
        self.view.show_log(list(text.log))
        end = session_end(self.session, review.number, k == review.last)
        self.step_text.setHtml(step_html(text, end))
        self.slider.blockSignals(True)
        self.slider.setValue(self.seen.index(k))
        self.slider.blockSignals(False)
        self.step_label.setText(f"{self.seen.index(k)} / {len(self.seen) - 1}")
        self.back_btn.setEnabled(k > 0)
        self.first_btn.setEnabled(k > 0)
        self.forward_btn.setEnabled(k < review.last)
        self.last_btn.setEnabled(k < review.last)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in _STEP_KEYS
            and not event.modifiers()
        ):
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
        targets = {
            int(Qt.Key.Key_Left): self.step - 1,
            int(Qt.Key.Key_Right): self.step + 1,
            int(Qt.Key.Key_Home): 0,
            int(Qt.Key.Key_End): self.last,
        }
        self.go(targets[int(key)])

    # ---- closing -----------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.cancel_check()
        super().closeEvent(event)

    def done(self, result: int) -> None:
        """Closing the window (Escape, Close) stops a running check."""
        self.cancel_check()
        super().done(result)


def run_review(
    source: Record | Session,
    deal: int | None,
    *,
    people: Sequence[int],
    person: int | None,
    reveal: bool,
    on_show: Callable[[QApplication, Callable[[], object]], object] | None = None,
) -> int:
    """``parlour review``: create the application, open a :class:`ReviewWindow` on its own
    (arguments as its constructor's; ``reveal`` only where the Settings' Spoil Five choice
    allows it too), run the event loop until it closes; the exit status. ``on_show(app,
    close)``: called once the window is shown, e.g. to close it on a stop signal."""
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
    if on_show is not None:
        on_show(app, window.close)
    return app.exec()
