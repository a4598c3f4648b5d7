"""Parlour's dialogs: the end of a deal, the final standings and the Spin choice (staking
happens on the table: :mod:`gui.table.stakepanel`).

The dialogs know Qt but no game rules. They receive plain data (names as ``str``, amounts of
counters as ``int``, cards as ``int`` in ``0..51``, see :mod:`gamecore.cards`) and give back
plain values; the caller decides what those values mean.

Cards are shown as text (``10♦``) through :func:`gamecore.cards.card_label`, inside rich-text
spans: hearts and diamonds red, spades and clubs in the palette's ordinary text colour. Every
colour except that red comes from the widget's palette, so light and dark themes both work.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gamecore.cards import card_label
from gui.model.snapshot import DealSummary
from gui.windows.screenfit import ContentScroll, FittedDialog

__all__ = [
    "DealSummary",
    "DealSummaryDialog",
    "StandingsDialog",
    "cards_html",
    "signed",
]

#: The real minus sign, for amounts shown to people.
MINUS = "\u2212"

#: Smallest point size used for dialog text.
_MIN_POINT_SIZE = 11.0

#: Red ink for hearts and diamonds on a light background, and on a dark one.
_RED_ON_LIGHT = "#b3161f"
_RED_ON_DARK = "#ff7a7a"

_RED_SUITS = "♥♦"
# A card written either way round: "♥A", "A♥", "10♦", "♦10".
_CARD_TOKEN = re.compile(r"[♠♥♦♣](?:10|[AJQK2-9])|(?:10|[AJQK2-9])[♠♥♦♣]")


# ---------------------------------------------------------------------------------------------
# Text helpers


def signed(n: int) -> str:
    """``n`` counters as a change: ``+5``, ``−3`` (real minus sign), ``0``."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"{MINUS}{-n}"
    return "0"


def _number(n: int) -> str:
    """``n`` counters as an amount: ``12``, ``−4`` (real minus sign)."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def _red(palette: QPalette) -> str:
    """The red ink that reads well on ``palette``'s window background."""
    return _RED_ON_DARK if palette.color(QPalette.ColorRole.Window).lightness() < 128 else (
        _RED_ON_LIGHT)


def _dark(palette: QPalette) -> str:
    """The ink for spades and clubs: the palette's ordinary text colour."""
    return palette.color(QPalette.ColorRole.WindowText).name()


def _span(text: str, red: bool, palette: QPalette) -> str:
    """``text`` (already HTML-escaped) in a span of suit colour."""
    colour = _red(palette) if red else _dark(palette)
    return f'<span style="color:{colour}; white-space:nowrap">{text}</span>'


def cards_html(cards: Sequence[int], palette: QPalette, empty: str = "—") -> str:
    """Rich text for ``cards`` (ints 0..51), each as a coloured label (``10♦``), separated by
    spaces; ``empty`` (plain text) when there are none. Colours follow ``palette``."""
    if not cards:
        return html.escape(empty)
    parts = []
    for c in cards:
        label = card_label(c)
        parts.append(_span(html.escape(label), label[-1] in _RED_SUITS, palette))
    return " ".join(parts)


def _text_html(text: str, palette: QPalette) -> str:
    """Plain ``text`` as rich text, with every card written in it (``♣K``, ``10♦``) coloured
    by suit."""
    out: list[str] = []
    pos = 0
    for m in _CARD_TOKEN.finditer(text):
        out.append(html.escape(text[pos:m.start()]))
        token = m.group()
        out.append(_span(html.escape(token), any(s in token for s in _RED_SUITS), palette))
        pos = m.end()
    out.append(html.escape(text[pos:]))
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# Layout helpers


def _readable(dialog: QDialog) -> None:
    """Give ``dialog`` a font of at least the readable size, keeping the family."""
    font = QFont(dialog.font())
    if font.pointSizeF() > 0 and font.pointSizeF() < _MIN_POINT_SIZE:
        font.setPointSizeF(_MIN_POINT_SIZE)
        dialog.setFont(font)


def _scrolled(dialog: QDialog) -> tuple[ContentScroll, QVBoxLayout]:
    """A scroll area for ``dialog``'s long content and the column inside it: the dialog
    stays on the screen and its buttons in view however long the content grows."""
    body = QWidget(dialog)
    body.setObjectName("body")
    column = QVBoxLayout(body)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(12)
    return ContentScroll(body, dialog), column


def _main_layout(dialog: QDialog) -> QVBoxLayout:
    """The dialog's top-level column, with comfortable margins and spacing."""
    layout = QVBoxLayout(dialog)
    layout.setContentsMargins(22, 20, 22, 16)
    layout.setSpacing(12)
    return layout


def _heading(text: str, parent: QWidget, scale: float = 1.3) -> QLabel:
    """A bold label ``scale`` times the parent's font size."""
    label = QLabel(text, parent)
    font = QFont(parent.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(True)
    label.setFont(font)
    return label


def _bold(label: QLabel) -> QLabel:
    """``label`` with its font made bold; returns it."""
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    return label


def _rich(text: str, parent: QWidget, name: str = "", wrap: bool = True) -> QLabel:
    """A rich-text label (``text`` is HTML), word-wrapped unless ``wrap`` is false."""
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText(text)
    label.setWordWrap(wrap)
    if name:
        label.setObjectName(name)
    return label


def _plain(text: str, parent: QWidget, name: str = "", wrap: bool = True) -> QLabel:
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


def _name_label(name: str, suffix: str, parent: QWidget, object_name: str,
                bold: bool = False) -> QLabel:
    """A plain label with ``name`` (elided if long) and ``suffix`` ("★ out (dealer)")."""
    label = _plain("", parent, object_name, wrap=False)
    if bold:
        _bold(label)
    metrics = QFontMetrics(label.font())
    shown = metrics.elidedText(name, Qt.TextElideMode.ElideRight,
                               metrics.averageCharWidth() * NAME_CHARS)
    label.setText(" ".join(t for t in (shown, suffix) if t))
    label.setToolTip(name)
    label.setAccessibleName(" ".join(t for t in (name, suffix) if t))
    return label


def _rule(parent: QWidget) -> QFrame:
    """A thin horizontal separator drawn from the palette."""
    line = QFrame(parent)
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


# ---------------------------------------------------------------------------------------------
# New game


class DealSummaryDialog(FittedDialog):
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
        _readable(self)
        self.summary = summary
        self.setWindowTitle("Deal over")
        pal = self.palette()
        layout = _main_layout(self)

        s = summary
        tricks = s.tricks
        if tricks is not None:
            won = tricks[s.winner] if s.winner is not None else 0
            heading = ("Spoiled" if s.winner is None else
                       f"{s.names[s.winner]} won all five tricks" if won == 5 else
                       f"{s.names[s.winner]} won {won} tricks")
        else:
            heading = f"{s.names[s.winner]} went out" if s.winner is not None else "Deal over"
        head = _heading(heading, self)
        head.setObjectName("heading")
        layout.addWidget(head)
        # Everything between the heading and the button scrolls when the screen is small
        # (seven players' hands and payments, the chart from the second deal on).
        scroll, column = _scrolled(self)
        layout.addWidget(scroll, 1)

        hands = QFrame(self)
        hands.setObjectName("hands")
        hands.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(hands)
        grid.setContentsMargins(12, 10, 12, 10)
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(6)
        second = "Tricks" if tricks is not None else "Cards left"
        for col, title in enumerate(("Player", second, "This deal", "Balance")):
            h = _bold(_plain(title, hands, wrap=False))
            if col >= 2:
                h.setAlignment(Qt.AlignmentFlag.AlignRight)
            grid.addWidget(h, 0, col)
        for seat, name in enumerate(s.names):
            row = seat + 1
            marks = []
            if seat == s.winner:
                marks.append("★" if tricks is not None else "★ out")
            if seat == s.dealer:
                marks.append("(dealer)")
            who = _name_label(name, " ".join(marks), hands, f"name_{seat}",
                              bold=seat == s.winner)
            if tricks is not None:
                cards = _plain(str(tricks[seat]), hands, f"tricks_{seat}", wrap=False)
            else:
                cards = _rich(cards_html(sorted(s.hands_left[seat]), pal), hands,
                              f"cards_{seat}")
                cards.setMinimumWidth(160)
            delta = _plain(signed(s.deltas[seat]), hands, f"delta_{seat}", wrap=False)
            balance = _plain(_number(s.balances[seat]), hands, f"balance_{seat}", wrap=False)
            for lab in (delta, balance):
                lab.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            who.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            grid.addWidget(who, row, 0)
            grid.addWidget(cards, row, 1)
            grid.addWidget(delta, row, 2)
            grid.addWidget(balance, row, 3)
        grid.setColumnStretch(1, 1)
        column.addWidget(hands)

        if tricks is None:  # a trick game's pack stays hidden (GEN-9)
            stock = _rich("Stock: " + cards_html(sorted(s.stock), pal, "none"), self, "stock")
            column.addWidget(stock)

        if s.lines:
            column.addWidget(_rule(self))
            lines = _rich("<br>".join(_text_html(t, pal) for t in s.lines), self, "lines")
            column.addWidget(lines)

        column.addWidget(_rule(self))
        if tricks is not None:
            left = sum(n for _label, n in s.pools)
            pools = _plain(f"Pool for the next deal: {_number(left)}" if left else
                           "Pool for the next deal: empty (a fresh pool is made)", self,
                           "pools")
        elif s.pools:
            pools_text = " · ".join(f"{label} {_number(n)}" for label, n in s.pools)
            pools = _rich(_text_html(f"Pools carried over: {pools_text}", pal), self, "pools")
        else:
            pools = _plain("Pools carried over: none", self, "pools")
        column.addWidget(pools)
        if len(s.history) and max(len(v) for _, v in s.history) > 1:
            from gui.windows.chart import BalanceChart

            chart = BalanceChart(self)
            chart.set_series(s.history, "deal", span=s.history_span or None)
            chart.setMinimumHeight(160)
            column.addWidget(chart)
        column.addStretch(1)

        if s.fingerprint is not None:
            salt, whole = s.fingerprint
            # In groups of four, as the status line showed its start before the deal (and
            # so the line can wrap on a small screen).
            sha = " ".join(whole[i:i + 4] for i in range(0, len(whole), 4))
            if salt is not None and s.fingerprint_text:
                shown = (f"Fingerprint shown before the deal: {sha}\nSalt: {salt}\n"
                         "Its SHA-256 is the text below: check it with any SHA-256 tool.")
            else:
                shown = (f"Fingerprint shown before the deal: {sha}\nThe salt and the "
                         "unplayed cards stay hidden, as the rules want (GEN-9): the salt "
                         "would let them be worked out from the hash. They are in the saved "
                         "game.")
            fp = _plain(shown, self, "fingerprint")
            fp.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            column.addWidget(fp)
            if s.fingerprint_text:
                text = _plain(s.fingerprint_text, self, "fingerprintText")
                text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                column.addWidget(text)
        column.addStretch(1)

        layout.addSpacing(6)
        buttons = QDialogButtonBox(self)
        review = buttons.addButton("&Review this deal", QDialogButtonBox.ButtonRole.ActionRole)
        review.setObjectName("review")
        review.setAutoDefault(False)
        review.clicked.connect(self.review_requested.emit)
        if s.deal_again:
            again = buttons.addButton("Deal &again from another seat",
                                      QDialogButtonBox.ButtonRole.ActionRole)
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
        text = ("Back to your game" if s.practice else
                "Final standings" if s.last_deal else "Next deal")
        self._next = buttons.addButton(text, QDialogButtonBox.ButtonRole.AcceptRole)
        self._next.setObjectName("next")
        self._next.setDefault(True)
        self._next.clicked.connect(self.accept)
        layout.addWidget(buttons)
        self.setMinimumWidth(580)

    def _again(self, seat: int) -> None:
        """Deal the same cards again with the person in ``seat`` (a practice deal)."""
        self.deal_again_requested.emit(seat)

    def reject(self) -> None:
        """Esc or closing the window: go on, exactly as the "next" button does."""
        self.accept()


# ---------------------------------------------------------------------------------------------
# Final standings


class StandingsDialog(FittedDialog):
    """The final standings: players ranked by counters held, with the net won or lost.

    After it closes, ``choice`` is ``"new"`` (the player asked for a new game) or ``"close"``
    (the Close button, Esc or closing the window).
    """

    def __init__(self, parent: QWidget | None, names: list[str], balances: list[int],
                 start_balances: list[int], split_line: str = "") -> None:
        """``names``, ``balances`` (counters held at the end) and ``start_balances`` (counters
        held at the start), all by seat. Rows are sorted by balance, highest first; equal
        balances share a rank and keep seat order. ``split_line``: the end-of-session split
        of the pools left (GEN-6) in words, shown on its own line under the table."""
        super().__init__(parent)
        _readable(self)
        self.choice: str = "close"
        self.setWindowTitle("Final standings")
        layout = _main_layout(self)
        layout.addWidget(_heading("Final standings", self))

        table = QFrame(self)
        table.setObjectName("standings")
        table.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(table)
        grid.setContentsMargins(12, 10, 12, 10)
        grid.setHorizontalSpacing(22)
        grid.setVerticalSpacing(6)
        for col, title in enumerate(("Rank", "Player", "Counters", "Net")):
            h = _bold(_plain(title, table, wrap=False))
            if col != 1:
                h.setAlignment(Qt.AlignmentFlag.AlignRight)
            grid.addWidget(h, 0, col)

        order = sorted(range(len(names)), key=lambda seat: -balances[seat])
        #: Seats in the order shown, best first.
        self.order: list[int] = order
        rank = 0
        for pos, seat in enumerate(order):
            if pos == 0 or balances[seat] != balances[order[pos - 1]]:
                rank = pos + 1
            row = pos + 1
            cells = (
                _plain(str(rank), table, f"rank_{pos}", wrap=False),
                _name_label(names[seat], "", table, f"name_{pos}", bold=rank == 1),
                _plain(_number(balances[seat]), table, f"balance_{pos}", wrap=False),
                _plain(signed(balances[seat] - start_balances[seat]), table, f"net_{pos}",
                       wrap=False),
            )
            for col, cell in enumerate(cells):
                if col != 1:
                    cell.setAlignment(Qt.AlignmentFlag.AlignRight)
                if rank == 1:
                    _bold(cell)
                grid.addWidget(cell, row, col)
        grid.setColumnStretch(1, 1)
        scroll, column = _scrolled(self)
        column.addWidget(table)
        if split_line:
            column.addWidget(_rich(_text_html(split_line, self.palette()), self, "split"))
        column.addStretch(1)
        layout.addWidget(scroll, 1)

        layout.addSpacing(6)
        buttons = QDialogButtonBox(self)
        new = buttons.addButton("&New game", QDialogButtonBox.ButtonRole.AcceptRole)
        new.setObjectName("newGame")
        new.setDefault(True)
        new.clicked.connect(self._new_game)
        close = buttons.addButton("&Close", QDialogButtonBox.ButtonRole.RejectRole)
        close.setObjectName("close")
        close.setAutoDefault(False)
        close.clicked.connect(self.reject)
        layout.addWidget(buttons)
        self.setMinimumWidth(380)

    def reject(self) -> None:
        """Close, Esc or closing the window: ``choice`` becomes ``"close"``."""
        self.choice = "close"
        super().reject()

    def _new_game(self) -> None:
        """The New game button: ``choice`` becomes ``"new"``."""
        self.choice = "new"
        self.accept()


class SpinChoiceDialog(FittedDialog):
    """Play a card alone or with the game's special card (Spin, SP-2; Spinado, SN-8).
    Offered only when both are legal, so the special card is never attached by accident.

    ``call`` is "Spin" or "Spinado"; ``special`` the special card's name ("♦A");
    ``card_text`` e.g. "10♠"; ``effect`` one line on what the special card does. After
    acceptance :attr:`spin` says which was chosen.
    """

    def __init__(self, parent: QWidget | None, call: str, special: str, card_text: str,
                 effect: str) -> None:
        super().__init__(parent)
        _readable(self)
        self.setWindowTitle(f"{call}?")
        self.spin = False
        layout = _main_layout(self)
        layout.addWidget(_heading(f"Play {card_text} with the {special}?", self, 1.15))
        layout.addWidget(_plain(effect, self, "effect"))
        row = QHBoxLayout()
        plain = QPushButton(f"Play {card_text} alone", self)
        plain.setObjectName("plain")
        plain.setDefault(True)
        spin = QPushButton(f"Play {card_text} + {special}: {call}!", self)
        spin.setObjectName("spin")
        plain.clicked.connect(lambda: self._choose(False))
        spin.clicked.connect(lambda: self._choose(True))
        row.addWidget(plain)
        row.addWidget(spin)
        layout.addLayout(row)

    def _choose(self, spin: bool) -> None:
        self.spin = spin
        self.accept()
