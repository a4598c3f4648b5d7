"""Staking on the table: naming the stake and spreading it over the pools in a panel beside
the hand, with the pools in view and the menus and Rules usable, never in a modal dialog.

The panel knows no rule: it is given names, bounds and the proposed amounts (counters as
ints, pool labels as text) and gives back the amount or the amounts chosen
(:attr:`StakePanel.decided`: an ``int`` for a stake, a ``tuple`` of ints for a split).
Keys: Enter decides the amounts shown (the proposed ones unless changed), the arrows change
the amount in focus, Escape leaves the panel (the keyboard focus goes back to the table)
and decides nothing.
"""

from __future__ import annotations

import html
import itertools
from typing import TypeVar, cast

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QHideEvent, QKeyEvent, QValidator
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gamecore.limits import MAX_AMOUNT
from gui.table.focusback import focus_back_to
from gui.table.style import panel_buttons

#: An amount box's least width (pixels), and beside a split's buttons on a short table.
SPIN_WIDTH, SPIN_BESIDE = 70, 60
#: The layout a new body is laid out with (a row or a grid).
_Layout = TypeVar("_Layout", QHBoxLayout, QGridLayout)

_STYLE = (
    "#stakePanel { background: rgba(12, 36, 24, 235); border: 1px solid #f2c94c; "
    "border-radius: 8px; } #stakePanel QLabel { color: #f5f0e1; }" + panel_buttons("stakePanel")
)


class _AmountBox(QSpinBox):
    """An amount box that says when a key would take it above its largest (:attr:`too_big`,
    the number it would have made): the key is refused, as a plain box refuses it, but the
    panel says why. "150" typed in a split of 4 became "1" without a word; let through, the
    box showed "6000" while the panel counted 600."""

    too_big = Signal(int)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        result = super().validate(text, pos)
        if result[0] == QValidator.State.Invalid:
            n, ok = self.locale().toInt(text.strip())
            if ok and n > self.maximum():
                self.too_big.emit(n)
        return result


def _counters(n: int) -> str:
    """``n`` counters in words: "1 counter", "4 counters", "1,000 counters"."""
    return f"{n:,} counter" if n == 1 else f"{n:,} counters"


class StakePanel(QFrame):
    """The staking panel over ``parent`` (the table view's viewport); hidden until asked.

    :meth:`ask_stake` and :meth:`ask_split` show it; :meth:`accept` (Enter, or the panel's
    button) emits :attr:`decided` and hides it when the amounts are valid, or emits
    :attr:`refused` with why when an amount typed is out of its bounds.
    """

    decided = Signal(object)
    #: An amount typed out of its bounds (a stake of 3 where the least is 4): why, in words.
    refused = Signal(str)
    #: The amount typed again after a refusal: the question, back in the panel.
    asked = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("stakePanel")
        self.setAutoFillBackground(True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(_STYLE)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # no Tab stop that shows nothing
        self._column = QVBoxLayout(self)
        self._column.setContentsMargins(12, 8, 12, 8)
        self._column.setSpacing(6)
        self.text = QLabel(self)
        self.text.setObjectName("stakeText")
        self.text.setWordWrap(True)
        self._column.addWidget(self.text)
        self._body: QWidget | None = None
        self.spins: list[QSpinBox] = []
        self.ok: QPushButton | None = None
        self.remaining: QLabel | None = None
        #: a split's "All here" buttons, one per pool (hidden where the table is short)
        self.every: list[QPushButton] = []
        self._total: int | None = None  # a split's stake; None while naming the stake
        self._open = False  # a stake without an upper bound in the rules
        self._question = ""  # the question asked; the panel's text unless a refusal shows
        #: what was typed in each amount box (by index) that is not its amount yet
        self._typed: dict[int, str] = {}
        self._least = 0  # the smallest total a split may have (its stake, unless a range)
        self._default: tuple[int, ...] = ()
        #: a split's row under the amounts, and its buttons ("Proposed", "Spread")
        self._footer: tuple[QWidget, QHBoxLayout, QWidget] | None = None
        self.hide()

    # ---- asking ----------------------------------------------------------------------

    def ask_stake(self, text: str, low: int, high: int | None, default: int) -> None:
        """Ask for the stake (counters per player) between ``low`` and ``high`` (``None``: no
        upper limit in the rules; the box stops at the record format's limit) with
        ``default`` proposed; ``text`` says who is asked and why."""
        top = max(low, min(MAX_AMOUNT, high if high is not None else MAX_AMOUNT))
        body, row = self._new_body(QHBoxLayout)
        spin = self._spin(body, "stake", low, top, default, "The stake, in counters")
        row.addWidget(spin)
        self.ok = self._button(body, "Stake", "ok")
        row.addWidget(self.ok)
        self._total, self._default, self._open = None, (default,), high is None
        self.text.setText(text)
        self._question = text
        self._show()

    def ask_split(
        self,
        text: str,
        total: int,
        labels: list[str],
        default: tuple[int, ...],
        least: int | None = None,
    ) -> None:
        """Ask how ``total`` counters are spread over the pools ``labels`` (one amount per
        pool, adding up to ``total``; with ``least``, to any total from ``least`` to
        ``total``), with ``default`` proposed. Raises ``ValueError`` when ``default`` does
        not fit."""
        self._least = total if least is None else least
        if (
            len(default) != len(labels)
            or not self._least <= sum(default) <= total
            or min(default, default=0) < 0
        ):
            raise ValueError(
                f"default split {default!r} does not spread {total} counters "
                f"over {len(labels)} pools"
            )
        body, grid = self._new_body(QGridLayout)
        grid.setHorizontalSpacing(8)
        top = min(total, MAX_AMOUNT)
        spins: list[QWidget] = []
        for i, label in enumerate(labels):
            caption = QLabel(label, body)
            caption.setObjectName(f"label_{i}")
            caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
            spin = self._spin(body, f"pool_{i}", 0, top, default[i], f"Counters on {label}")
            spin.valueChanged.connect(self._update)
            caption.setBuddy(spin)
            spins.append(spin)
            every = QPushButton("All here", body)
            every.setObjectName(f"all_{i}")
            every.setAccessibleName(f"All on {label}")
            every.setAutoDefault(False)
            every.clicked.connect(lambda _=False, i=i: self._all_on(i))
            self.every.append(every)
            grid.addWidget(caption, 0, i)
            grid.addWidget(spin, 1, i)
            grid.addWidget(every, 2, i)
        self._split_buttons(body, grid, len(labels))
        # Tab goes from amount to amount, then to the buttons: "2, Tab, 2" put the second
        # 2 on the first pool's "All here" and left the pools "1 too many"
        for a, b in itertools.pairwise([*spins, *self.every]):
            QWidget.setTabOrder(a, b)
        self._total, self._default = total, tuple(default)
        self.text.setText(text)
        self._question = text
        self._update()
        self._show()

    # ---- answers ----------------------------------------------------------------------

    def amounts(self) -> tuple[int, ...]:
        """The amounts shown: ``(stake,)``, or one per pool."""
        return tuple(s.value() for s in self.spins)

    def valid(self) -> bool:
        """Whether the amounts shown can be decided (a split must add up to its stake, or
        to a total in its range)."""
        if not self.spins:
            return False
        return self._total is None or self._least <= sum(self.amounts()) <= self._total

    def accept(self) -> None:
        """Decide the amounts shown, when :meth:`valid`: emit :attr:`decided` and hide;
        a split that does not add up is refused in words (Enter did nothing)."""
        if not self.isVisible():
            return
        if not self.valid():
            if self.spins and self._total is not None and self.remaining is not None:
                need = f"{self._total:,}"
                if self._least < self._total:
                    need = f"{self._least:,} to {self._total:,}"
                self._refuse(f"Not spread: {self.remaining.text()}. They must come to {need}.")
            return
        typed, self._typed = self._typed, {}
        for i, spin in enumerate(self.spins):
            text = typed.get(i, spin.cleanText())
            why = self._typed_fault(spin, text)
            if why and text != spin.cleanText():  # a click put the last good amount back
                why += f" The box shows {spin.value():,} again."
            if why:
                # Qt puts the last good amount back and that was decided: a stake of 3
                # typed, where the least is 4, was staked as 4 without a word. Refused
                # once: the box shows its amount again, and the next click decides it.
                spin.setFocus()
                spin.selectAll()
                self._refuse(why)
                return
        for spin in self.spins:
            spin.interpretText()
        value: object = self.amounts()[0] if self._total is None else self.amounts()
        self.hide()
        self.decided.emit(value)

    def _refuse(self, why: str) -> None:
        """Say ``why`` in the panel, where its question was, and to the status line; the
        question comes back once an amount is typed again (:meth:`_retyped`)."""
        self.text.setText(f"<b style='color: #ffc89a'>{html.escape(why)}</b>")
        self._grow()
        self.refused.emit(why)

    def _retyped(self) -> None:
        if self.text.text() != self._question:
            self.text.setText(self._question)
            self._grow()
            self.asked.emit(self._question)

    def _grow(self) -> None:
        """Fit the panel to its words again without ever growing shorter while asked, and
        keep it on the table. Shrinking as the question came back moved the button from
        under the pointer between a key and a click, and the click was lost; grown
        downwards, a two-line refusal put the button under the status bar at 800×600."""
        before = self.size()
        self.fit()
        self.resize(max(before.width(), self.width()), max(before.height(), self.height()))
        parent = self.parentWidget()
        if parent is not None and self.geometry().bottom() > parent.height() - 4:
            self.move(self.x(), max(4, parent.height() - 4 - self.height()))

    def _typed_fault(self, spin: QSpinBox, text: str) -> str:
        """Why ``text``, typed in ``spin``, cannot be decided, or "" when it can."""
        n, ok = spin.locale().toInt(text.strip())
        low, high = spin.minimum(), spin.maximum()
        if not ok and self._total is not None:
            return "Type an amount of counters in each box, please."
        if not ok:
            return f"Type an amount from {low:,} to {_counters(high)}, please."
        if self._total is None:  # the stake
            bounds = (
                f"the stake is {_counters(low)} or more"
                if self._open
                else f"the stake is from {low:,} to {_counters(high)}"
            )
            if n < low:
                return f"A stake of {n:,} is too small: {bounds}."
            if n > high:
                return f"A stake of {n:,} is too large: {bounds}."
        if n > high:
            return f"{n:,} is more than the {_counters(high)} there are to place."
        return ""

    def offer(self, amount: int) -> None:
        """Put ``amount`` in the stake's box, selected, to be changed ("Change the stake"
        after the question on a stake that runs players into debt)."""
        if self._total is None and self.spins:
            spin = self.spins[0]
            spin.setValue(amount)
            spin.setFocus()
            spin.selectAll()

    def reset_default(self) -> None:
        """Put the proposed amounts back."""
        for spin, n in zip(self.spins, self._default, strict=True):
            spin.setValue(n)
        self._update()

    def _all_on(self, index: int) -> None:
        """The whole stake on pool ``index``, nothing elsewhere."""
        for i, spin in enumerate(self.spins):
            spin.setValue(self._total if i == index and self._total is not None else 0)
        self._update()

    def focus_first(self) -> None:
        """Give the keyboard focus to the first amount, all of it selected."""
        if self.spins:
            self.spins[0].setFocus()
            self.spins[0].selectAll()

    def set_compact(self, compact: bool, widest: int | None = None) -> None:
        """Leave out the "All here" buttons (``compact``), for a table too short for the
        whole panel: the amounts can still be typed or stepped, and "Proposed" is there.
        Compact, the row of buttons also goes beside the amounts rather than under them
        where the panel stays at most ``widest`` pixels wide (no limit: ``None``): under
        the coach on an 800×600 screen the panel was still too tall and covered the
        compartments' counters."""
        for every in self.every:
            every.setVisible(not compact)
        self._buttons_beside(compact)
        if compact and widest is not None and self.width() > widest:
            self._buttons_beside(False)

    def _buttons_beside(self, beside: bool) -> None:
        """A split's buttons beside the amounts (``beside``), what is left to place above
        them, or all in one row under the amounts; the panel then sized again."""
        grid = self._body.layout() if self._body is not None else None
        if isinstance(grid, QGridLayout) and self._footer is not None and self.remaining:
            footer, row, actions = self._footer
            for w in (self.remaining, actions):
                grid.removeWidget(w)
                row.removeWidget(w)
            if beside:
                grid.addWidget(self.remaining, 0, len(self.every))
                grid.addWidget(actions, 1, len(self.every))
            else:
                row.addWidget(self.remaining, 1)
                row.addWidget(actions)
            for spin in self.spins:  # a little narrower beside the buttons
                spin.setMinimumWidth(SPIN_BESIDE if beside else SPIN_WIDTH)
            footer.setVisible(not beside)
            for w in (self.remaining, actions):
                w.show()  # moved to another parent, it would show only after the layout
            grid.activate()  # the hidden rows take no room before the panel is sized
        self._column.activate()
        self.fit()

    def fit(self) -> None:
        """Take the size the panel's contents ask for, tall enough for the question as it
        wraps at that width: a plain ``adjustSize`` takes the label's height for a wider
        line, and the question's first and last lines were cut (a hot-seat dealer's
        "Ben deals: name the stake … (4 or more counters).")."""
        self.adjustSize()
        if self._column.hasHeightForWidth():
            tall = self._column.totalHeightForWidth(self.width())
            if tall > self.height():
                self.resize(self.width(), tall)

    def place(self, x: float, y: float, right_limit: float) -> None:
        """Sit at ``(x, y)`` (viewport pixels), moved left to end before ``right_limit``."""
        self.fit()
        left = min(x, right_limit - self.width())
        self.move(max(4, round(left)), max(4, round(y)))

    # ---- keys -------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        """Enter presses the focused button, as Space does, else decides; Escape leaves."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            button = self.focusWidget()
            if isinstance(button, QPushButton):
                button.click()
            else:
                self.accept()
            return
        if event.key() == Qt.Key.Key_Escape:
            self._table().setFocus()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        """Enter in an amount box with an amount typed out of its bounds: refused in words
        (:attr:`refused`), and what was typed stays, selected, to be typed again."""
        if (
            isinstance(watched, QSpinBox)
            and watched in self.spins
            and event.type() == QEvent.Type.KeyPress
            and cast(QKeyEvent, event).key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            why = self._typed_fault(watched, watched.cleanText())
            if why:
                self._refuse(why)
                watched.selectAll()
                return True
        return super().eventFilter(watched, event)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 (Qt name)
        """Hidden with the keyboard's focus (its decision made with Enter): the focus goes
        back to the table, not on along the window's chain to a bar above the table, where
        the arrows and Enter then did nothing."""
        focus_back_to(self._table(), self)
        super().hideEvent(event)

    def _table(self) -> QWidget:
        """The table view the panel sits on (its parent is the view's viewport)."""
        parent = self.parentWidget()
        target = parent.parentWidget() if parent is not None else None
        return target or parent or self

    # ---- building ---------------------------------------------------------------------

    def _new_body(self, kind: type[_Layout]) -> tuple[QWidget, _Layout]:
        if self._body is not None:
            self._column.removeWidget(self._body)
            self._body.hide()
            self._body.deleteLater()
        body = QWidget(self)
        layout = kind(body)
        layout.setContentsMargins(0, 0, 0, 0)
        self._column.addWidget(body)
        self._body, self.spins, self.remaining, self.every = body, [], None, []
        self._footer, self._typed = None, {}
        return body, layout

    def _split_buttons(self, body: QWidget, grid: QGridLayout, columns: int) -> None:
        """A split's row under its ``columns`` amounts: what is left to place, "Proposed"
        and "Spread" (the buttons in one box, moved as one beside the amounts on a short
        table, :meth:`set_compact`)."""
        self.remaining = QLabel(body)
        self.remaining.setObjectName("remaining")
        reset = QPushButton("Proposed", body)
        reset.setObjectName("defaultSplit")
        # what it does, said on the button's hover: a tester could not tell
        reset.setToolTip("Put the counters back as first proposed: the usual split.")
        reset.setAutoDefault(False)
        reset.clicked.connect(self.reset_default)
        self.ok = self._button(body, "Spread", "ok")
        self.ok.setToolTip("Put these counters on the layout (Enter).")  # as Proposed has
        actions = QWidget(body)
        row = QHBoxLayout(actions)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(reset)
        row.addWidget(self.ok)
        footer = QWidget(body)
        under = QHBoxLayout(footer)
        under.setContentsMargins(0, 0, 0, 0)
        under.addWidget(self.remaining, 1)
        under.addWidget(actions)
        grid.addWidget(footer, 3, 0, 1, columns)
        self._footer = (footer, under, actions)

    def _spin(
        self, body: QWidget, name: str, low: int, high: int, value: int, accessible: str
    ) -> QSpinBox:
        spin = _AmountBox(body)
        spin.too_big.connect(lambda n, spin=spin: self._refuse(self._typed_fault(spin, str(n))))
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setValue(min(max(value, low), high))
        spin.setGroupSeparatorShown(True)
        spin.setMinimumWidth(SPIN_WIDTH)
        spin.setAccessibleName(accessible)
        # Enter is seen before Qt puts the last good amount back over what was typed; a
        # click on the panel's button takes the keyboard from the box, which puts it back
        # too, so what was last typed is kept until the amount changes (valueChanged comes
        # before textEdited for a good amount typed, so only a bad one stays kept)
        spin.installEventFilter(self)
        i = len(self.spins)
        spin.valueChanged.connect(lambda _n, i=i: self._typed.pop(i, None))
        spin.lineEdit().textEdited.connect(lambda text, i=i: self._typed.__setitem__(i, text))
        spin.lineEdit().textEdited.connect(lambda _text: self._retyped())
        spin.valueChanged.connect(lambda _n: self._retyped())
        self.spins.append(spin)
        return spin

    def _button(self, body: QWidget, text: str, name: str) -> QPushButton:
        b = QPushButton(text, body)
        b.setObjectName(name)
        b.clicked.connect(self.accept)
        return b

    def _update(self) -> None:
        if self._total is None or self.remaining is None or self.ok is None:
            return
        if self._least < self._total:  # a total of one's own choosing, in a range
            placed = sum(self.amounts())
            self.remaining.setText(
                f"{placed:,} placed (from {self._least:,} to {self._total:,})"
                if self._least <= placed <= self._total
                else f"{placed:,} placed: from {self._least:,} to {self._total:,}, please"
            )
            self.ok.setEnabled(self._least <= placed <= self._total)
            return
        left = self._total - sum(self.amounts())
        self.remaining.setText(
            f"{left:,} left to place"
            if left > 0
            else "All placed"
            if left == 0
            else f"{-left:,} too many"
        )
        self.ok.setEnabled(left == 0)

    def _show(self) -> None:
        self.fit()
        self.show()
        self.raise_()
        self.focus_first()
