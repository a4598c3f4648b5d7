"""The end of a deal: who went out, the cards left in every hand, who paid whom, the counters
won or lost and the pools carried over; in a trick game, the tricks each took and what became
of the pool.

The dialog knows Qt but no game rules. It receives plain data (a
:class:`~gui.model.snapshot.DealSummary`: names as ``str``, amounts of counters as ``int``,
cards as ``int`` in ``0..51``, see :mod:`gamecore.cards`) and gives back plain values; the
caller decides what those values mean.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QMenu,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gui.model.snapshot import DealSummary
from gui.windows.cardtext import cards_html, number, signed, text_html
from gui.windows.dialogkit import (
    embolden,
    heading_label,
    main_layout,
    name_label,
    plain_label,
    readable,
    rich_label,
    scrolled,
    separator,
)
from gui.windows.keyguard import SelfOpeningDialog

__all__ = ["DealSummaryDialog"]

#: The words above the chart: what its lines count.
CHART_CAPTION = "Counters won (+) or lost (−) by each player since the session began:"


def _heading_text(s: DealSummary) -> str:
    """The heading: who went out, who won (and how many tricks), or that the deal was
    spoiled."""
    if s.headline:  # a game without play says what the cards did
        return s.headline
    tricks = s.tricks
    if tricks is not None:
        won = tricks[s.winner] if s.winner is not None else 0
        return (
            "Spoiled"
            if s.winner is None
            else f"{s.names[s.winner]} won all five tricks"
            if won == 5
            else f"{s.names[s.winner]} won {won} tricks"
        )
    return f"{s.names[s.winner]} went out" if s.winner is not None else "Deal over"


def _practice_heading(s: DealSummary) -> str:
    """The heading, marked as a practice deal's when it is one ("Practice deal: Fay went
    out"): a practice deal that went as the deal itself would otherwise pass for it."""
    head = _heading_text(s)
    if not s.practice:
        return head
    return "Practice deal over" if head == "Deal over" else f"Practice deal: {head}"


def _fingerprint_line(s: DealSummary) -> str:
    """The deal's fingerprint as shown before the deal (``s.fingerprint`` must be set)."""
    assert s.fingerprint is not None
    whole = s.fingerprint[1]
    # In groups of four, as the status line showed its start before the deal (and
    # so the line can wrap on a small screen).
    sha = " ".join(whole[i : i + 4] for i in range(0, len(whole), 4))
    return f"Fingerprint shown before the deal: {sha}"


def _fingerprint_check(s: DealSummary) -> str:
    """How the fingerprint can be checked: its salt where the rules let the salt be shown,
    else why it stays hidden (``s.fingerprint`` must be set)."""
    assert s.fingerprint is not None
    salt = s.fingerprint[0]
    if salt is not None and s.fingerprint_text:
        return (
            f"Salt: {salt}\nThe fingerprint is the SHA-256 of the text below: check it "
            "with any SHA-256 tool."
        )
    return (
        "The salt and the unplayed cards stay hidden, as the rules want: the salt "
        "would let them be worked out from the hash. They are in the saved "
        "game."
    )


class DealSummaryDialog(SelfOpeningDialog):
    """The end of a deal: who went out, the cards left in every hand, who paid whom, the
    counters won or lost and the pools carried over. In a trick game (``summary.tricks``
    given): who won, the tricks each took, the pool and what became of it.

    Meant for non-modal use: the caller ``open()``s it and listens to ``accepted``. The only
    way on is the "next" button; Esc or closing the window does the same (accepts), so the
    game never waits on a dialog the player dismissed.
    """

    #: The "Review this deal" button.
    review_requested = Signal()
    #: "Deal again from another seat": the seat chosen.
    deal_again_requested = Signal(int)

    def __init__(self, parent: QWidget | None, summary: DealSummary) -> None:
        """``summary``: the deal to show (see :class:`DealSummary`)."""
        super().__init__(parent)
        readable(self)
        self.summary = summary
        self.setWindowTitle("Practice deal over" if summary.practice else "Deal over")
        layout = main_layout(self)

        s = summary
        head = heading_label(_practice_heading(s), self)
        head.setObjectName("heading")
        layout.addWidget(head)
        if s.practice_note:
            layout.addWidget(plain_label(s.practice_note, self, "practiceNote"))
        # Everything between the heading and the button scrolls when the screen is small
        # (seven players' hands and payments, the chart from the second deal on).
        scroll, column = scrolled(self)
        layout.addWidget(scroll, 1)
        if s.ledger or s.no_choice:
            column.addWidget(self._own(s))
        column.addWidget(self._hands(s))
        self._add_stock_and_lines(column, s)
        column.addWidget(separator(self))
        column.addWidget(self._pools(s))
        if s.ended:
            column.addWidget(plain_label(s.ended, self, "ended"))
        if len(s.history) and max(len(v) for _, v in s.history) > 1:
            from gui.windows.chart import BalanceChart

            # what the lines are, said once: the scale's "+43" alone read as cryptic
            column.addWidget(plain_label(CHART_CAPTION, self, "chartCaption"))
            chart = BalanceChart(self)
            chart.set_series(s.history, "deal", span=s.history_span or None)
            chart.setMinimumHeight(160)
            column.addWidget(chart)
        if s.fingerprint is not None:
            self._add_fingerprint(column, s, scroll)
        # what room is left goes under it all: a stretch above the fingerprint too left a
        # blank band between the pools and the fingerprint in a tall window
        column.addStretch(1)

        layout.addSpacing(6)
        layout.addWidget(self._buttons(s))
        self.setMinimumWidth(580)

    # ---- building ----------------------------------------------------------------

    def _own(self, s: DealSummary) -> QLabel:
        """The person's own lines, first: every counter that left or reached them this
        deal, in order, with its reason; why the deal gave them no choice of card."""
        pal = self.palette()
        text = "<br>".join(text_html(t, pal) for t in [*s.ledger, s.no_choice] if t)
        return rich_label(text, self, "ledger")

    def _hands(self, s: DealSummary) -> QFrame:
        """The table of players: name, cards left (or tricks), this deal's change and the
        balance, one row per seat under a row of titles."""
        hands = QFrame(self)
        hands.setObjectName("hands")
        hands.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(hands)
        grid.setContentsMargins(12, 10, 12, 10)
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(6)
        second = "Tricks" if s.tricks is not None else "Cards" if s.headline else "Cards left"
        # After the last deal the pools left are shared out (GEN-6): its own column, so that
        # each row adds up to the balance the plates show.
        shared = ("Share-out",) if s.shares else ()
        for col, title in enumerate(("Player", second, "This deal", *shared, "Balance")):
            h = embolden(plain_label(title, hands, wrap=False))
            if col >= 2:
                h.setAlignment(Qt.AlignmentFlag.AlignRight)
            grid.addWidget(h, 0, col)
        for seat, name in enumerate(s.names):
            self._hand_row(grid, hands, s, seat, name)
        grid.setColumnStretch(1, 1)
        return hands

    def _hand_row(
        self, grid: QGridLayout, hands: QFrame, s: DealSummary, seat: int, name: str
    ) -> None:
        """Row ``seat + 1`` of the players' table: ``name`` with its marks (out, dealer),
        the cards left in the hand or the tricks taken, the change, the share of the pools
        left after the last deal (if any) and the balance."""
        tricks = s.tricks
        row = seat + 1
        marks = []
        if seat == s.winner:
            marks.append("★" if tricks is not None or s.headline else "★ out")
        # one pair of brackets: "(dealer, in Dan's seat)", not "(dealer) (in Dan's seat)"
        inside = ["dealer"] if seat == s.dealer else []
        if s.seat_notes and s.seat_notes[seat]:
            inside.append(s.seat_notes[seat].strip("()"))
        if inside:
            marks.append(f"({', '.join(inside)})")
        who = name_label(name, " ".join(marks), hands, f"name_{seat}", bold=seat == s.winner)
        cards: QLabel
        if tricks is not None:
            cards = plain_label(str(tricks[seat]), hands, f"tricks_{seat}", wrap=False)
        else:
            cards = rich_label(
                cards_html(s.hands_left[seat], self.palette()), hands, f"cards_{seat}"
            )
            cards.setMinimumWidth(160)
        figures = [plain_label(signed(s.deltas[seat]), hands, f"delta_{seat}", wrap=False)]
        if s.shares:
            figures.append(plain_label(signed(s.shares[seat]), hands, f"share_{seat}", wrap=False))
        figures.append(plain_label(number(s.balances[seat]), hands, f"balance_{seat}", wrap=False))
        who.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        grid.addWidget(who, row, 0)
        grid.addWidget(cards, row, 1)
        for col, lab in enumerate(figures, start=2):
            lab.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            grid.addWidget(lab, row, col)

    def _add_stock_and_lines(self, column: QVBoxLayout, s: DealSummary) -> None:
        """The stock's cards (not in a trick game) and the deal's lines (who paid whom)."""
        pal = self.palette()
        if s.tricks is None and not s.headline:  # a trick game's pack stays hidden (GEN-9)
            shown = f"{s.stock_name}: " + cards_html(s.stock, pal, "none")
            stock = rich_label(shown, self, "stock")
            column.addWidget(stock)

        if s.lines:
            column.addWidget(separator(self))
            if s.ledger and not s.headline:
                # the person's own payments are said above, so these leave them out: a tester
                # read the two lists as disagreeing until he saw the split (a game without
                # play's lines say what became of each compartment: no heading there)
                column.addWidget(plain_label("Between the other players:", self, "linesHeading"))
            lines = rich_label("<br>".join(text_html(t, pal) for t in s.lines), self, "lines")
            column.addWidget(lines)

    def _pools(self, s: DealSummary) -> QLabel:
        """The pool left for the next deal (a trick game) or the pools carried over; after
        the last deal, how the pools left were shared out (GEN-6)."""
        if s.split:
            return plain_label(s.split, self, "pools")
        if s.last_deal and not any(n for _label, n in s.pools):
            # no next deal: "Pool for the next deal: empty" closed Spoil Five's last deal
            where = "the pool" if len(s.pools) == 1 else "the pools"
            # "Nothing is left…: the game is over" read as if the empty pools had ended it
            said = f"The game is over. Nothing is left in {where} to share out."
            return plain_label(said, self, "pools")
        if s.tricks is not None:
            left = sum(n for _label, n in s.pools)
            return plain_label(
                f"Pool for the next deal: {number(left)}"
                if left
                else "Pool for the next deal: empty (a fresh pool is made)",
                self,
                "pools",
            )
        # every pool, the empty ones too, while one carries something over; "♥A 0 · ♣K 0 ·
        # ♦Q 0 · ♠J 0" read as something carried over when nothing was
        if any(n for _label, n in s.pools):
            pools_text = " · ".join(f"{label} {number(n)}" for label, n in s.pools)
            return rich_label(
                text_html(f"Pools carried over: {pools_text}", self.palette()), self, "pools"
            )
        return plain_label("Pools carried over: none", self, "pools")

    def _add_fingerprint(self, column: QVBoxLayout, s: DealSummary, scroll: QScrollArea) -> None:
        """The fingerprint shown before the deal, and under "How to check it" (folded: the
        salt and the hashed text filled a small screen's summary, and most players never
        check) the salt and the hashed text where the rules let them be shown, else why
        not; all selectable so they can be copied into a SHA-256 tool."""
        fp = plain_label(_fingerprint_line(s), self, "fingerprint")
        fp.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(fp)
        details = QWidget(self)
        details.setObjectName("fingerprintDetails")
        box = QVBoxLayout(details)
        box.setContentsMargins(0, 0, 0, 0)
        for text, name in (
            (_fingerprint_check(s), "fingerprintCheck"),
            (s.fingerprint_text, "fingerprintText"),
        ):
            if text:
                label = plain_label(text, details, name)
                label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                box.addWidget(label)
        details.setVisible(False)
        fold = QToolButton(self)
        fold.setObjectName("checkFingerprint")
        fold.setText("How to check it")
        fold.setCheckable(True)
        fold.setAutoRaise(True)
        fold.setArrowType(Qt.ArrowType.RightArrow)
        fold.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        def folded(shown: bool) -> None:
            details.setVisible(shown)
            fold.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
            if shown:  # unfolded below the view's edge: scrolled to, once laid out
                QTimer.singleShot(0, lambda: scroll.ensureWidgetVisible(details, 0, 0))

        fold.toggled.connect(folded)
        column.addWidget(fold, 0, Qt.AlignmentFlag.AlignLeft)
        column.addWidget(details)

    def _buttons(self, s: DealSummary) -> QDialogButtonBox:
        """Review this deal, Deal again from another seat (where offered) and the "next"
        button: Next deal, Final standings or Back to your game."""
        buttons = QDialogButtonBox(self)
        review = buttons.addButton("&Review this deal", QDialogButtonBox.ButtonRole.ActionRole)
        review.setObjectName("review")
        review.setAutoDefault(False)
        review.clicked.connect(self.review_requested.emit)
        if s.deal_again:
            self._add_deal_again(buttons, s)
        text = (
            "&Back to your game"
            if s.practice
            else "&Final standings"
            if s.last_deal
            else "&Next deal"
        )
        self._next = buttons.addButton(text, QDialogButtonBox.ButtonRole.AcceptRole)
        self._next.setObjectName("next")
        self._next.setDefault(True)
        self._next.clicked.connect(self.accept)
        return buttons

    def _add_deal_again(self, buttons: QDialogButtonBox, s: DealSummary) -> None:
        """The "Deal again from another seat" button and its menu of every other seat."""
        again = buttons.addButton(
            "Deal &again from another seat", QDialogButtonBox.ButtonRole.ActionRole
        )
        again.setObjectName("dealAgain")
        again.setAutoDefault(False)
        seats = QMenu(again)
        seats.setObjectName("seats")
        for seat, name in enumerate(s.names):
            if seat == s.person:
                continue  # the same cards from the same seat would be no new view
            act = seats.addAction(f"{name}'s seat")
            act.setObjectName(f"seat_{seat}")
            act.triggered.connect(lambda _=False, k=seat: self._again(k))
        again.setMenu(seats)

    # ---- answers -----------------------------------------------------------------

    def _again(self, seat: int) -> None:
        """Deal the same cards again with the person in ``seat`` (a practice deal)."""
        self.deal_again_requested.emit(seat)
