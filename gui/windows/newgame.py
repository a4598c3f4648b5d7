"""The New Game dialog: the game and profile, the number of players, your name, and every
house rule of the chosen game with its default and a one-line explanation.

It knows no rule: the games, their player ranges and their options arrive as plain data
(:class:`~gui.model.snapshot.GameChoice`, option specs with a kind, default, range and choices).
Its limits are the deal-record format's (:mod:`gamecore.limits`): integer house rules up to
each option's ``maximum`` (10^9 counters, 1,000 rounds), names by the name rule, so every
session it starts writes a record Parlour reads.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gamecore.errors import OptionError
from gamecore.limits import NAME_MAX, fit_name
from gamecore.options import resolve_options
from gui.model.housewords import (
    caption,
    cards_letters,
    cards_symbols,
    choice_text,
    option_fault,
    plain_help,
    suit_letters,
    suit_text,
)
from gui.model.setup import COMPUTER_NAMES, SeatKind, Setup, computer_names, start_fault
from gui.model.snapshot import GameChoice
from gui.windows.dialogkit import NoteLabel
from gui.windows.screenfit import ContentScroll, FittedDialog, WheelGuard, fit_to_screen
from gui.windows.textoption import TextOption

NO_LIMIT = 0  # the special value of an optional integer (shown as "no limit")
LEVELS = ("easy", "normal", "hard")
KINDS = ("Person", "Computer: Easy", "Computer: Normal", "Computer: Hard")
#: The seats of the largest table, when no game offered seats more (Matrimony seats 14).
MAX_SEATS = 10
SEVERAL_FIRST = "Player 1"  # seat 1's default name with several people at the screen
FIRST_COMPUTER = "Ann"  # seat 1's default name for a computer (not one of COMPUTER_NAMES)
FIRST_DEFAULTS = ("You", SEVERAL_FIRST)  # seat 1's names for a person, never kept as typed


class NewGameDialog(FittedDialog):
    """Choose ``games[i]``, players within its range (2 to 14), your name and its house rules.

    ``current`` preselects an entry by label; ``players`` and ``name`` prefill the fields.
    After acceptance: :meth:`choice`, :meth:`players`, :meth:`name`, :meth:`options`.
    """

    def __init__(
        self,
        parent: QWidget | None,
        games: list[GameChoice],
        current: str = "",
        players: int = 4,
        name: str = "You",
        options: dict[str, Any] | None = None,
        seats: list[tuple[str, bool, str]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.games = games
        # The house rules of the game at the table; another game starts from its defaults.
        self._given = dict(options or {})
        self._given_for = current
        self._controls: dict[str, QWidget] = {}
        # Each seat's row (label, kind, name), its kind and its name, seat by seat.
        self._rows: list[tuple[QLabel, QComboBox, QLineEdit]] = []
        self._kinds: list[QComboBox] = []
        self._names: list[QLineEdit] = []
        # Once the person sets "Allow undo" it stays as set; until then it follows the
        # number of people at the screen.
        self._undo_touched = False
        self._first_set = ""  # the name this dialog last gave seat 1 itself (see _first_name_for)
        # The computers' names, seat 2 on, none called as you are.
        self._defaults = computer_names(len(COMPUTER_NAMES), [name])
        outer = QVBoxLayout(self)
        outer.setContentsMargins(18, 16, 18, 14)
        # Everything but the buttons scrolls, so Deal and Cancel stay on a small screen.
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 8, 0)
        self._scroll = ContentScroll(body, self)
        self._wheel = WheelGuard(self._scroll)
        layout.addLayout(self._build_form(games, current, name))
        layout.addWidget(self._build_who())
        layout.addWidget(self._build_seats(seats))
        layout.addWidget(self._build_undo())
        self._rules_box = QGroupBox("House rules", self)
        self._rules_layout = QFormLayout(self._rules_box)
        layout.addWidget(self._rules_box)
        layout.addStretch(1)
        outer.addWidget(self._scroll, 1)
        outer.addWidget(self._build_buttons())
        # Connected once every widget exists, so no answer is worked out on a half-built
        # dialog.
        for kind, edit in zip(self._kinds, self._names, strict=True):
            kind.currentIndexChanged.connect(self._update_who)
            edit.textChanged.connect(self._check)  # a name two seats share
        self._game.currentIndexChanged.connect(self._game_changed)
        self._players.valueChanged.connect(self._update_who)
        self._game_changed()
        self._players.setValue(max(self._players.minimum(), min(players, self._players.maximum())))
        self._wheel.guard_all(body)

    def _build_who(self) -> QLabel:
        """The line of who sits down, with what must change before Deal (see _check)."""
        self._who = QLabel(self)
        self._who.setObjectName("opponents")
        self._who.setWordWrap(True)  # "Two seats are called…" widened the dialog past its view
        # three lines from the start: a warning's second line pushed the seats down, and
        # the first stake's (GEN-5) takes three at the dialog's width on an 800x600 screen
        self._who.setMinimumHeight(3 * self._who.fontMetrics().lineSpacing())
        return self._who

    def _build_undo(self) -> QCheckBox:
        """The "Allow undo" box: it follows the number of people until the person sets it."""
        self._undo = QCheckBox(
            "Allow undo (with several people, it would show one person's choices to another)", self
        )
        self._undo.setObjectName("allowUndo")
        self._undo.toggled.connect(lambda _on: setattr(self, "_undo_touched", True))
        return self._undo

    def _build_form(self, games: list[GameChoice], current: str, name: str) -> QFormLayout:
        """The game (``current`` preselected by label, else the first of ``games``), the
        number of players and your ``name``."""
        form = QFormLayout()
        self._game = QComboBox(self)
        self._game.setObjectName("game")
        for g in games:
            self._game.addItem(g.label)
        index = next((i for i, g in enumerate(games) if g.label == current), 0)
        self._game.setCurrentIndex(index)
        self._players = QSpinBox(self)
        self._players.setObjectName("players")
        self._name = QLineEdit(name, self)
        self._name.setObjectName("name")
        self._name.setMaxLength(NAME_MAX)
        form.addRow("&Game:", self._game)
        form.addRow("&Players:", self._players)
        return form

    def _build_seats(self, seats: list[tuple[str, bool, str]] | None) -> QGroupBox:
        """Who sits where: a person at this screen or a computer player, seat by seat, for
        as many seats as the largest table of :attr:`games` (at least :data:`MAX_SEATS`;
        those past the number of players are hidden);
        ``seats`` prefills them as ``(name, is_person, level)``, seat 1's name is yours."""
        seats_box = QGroupBox("Seats (clockwise)", self)
        grid = QGridLayout(seats_box)
        grid.setVerticalSpacing(4)
        given = self._clear_of_you(list(seats or []), self._name.text())
        for i in range(max(MAX_SEATS, *(g.max_players for g in self.games))):
            kind = QComboBox(seats_box)
            kind.setObjectName(f"kind_{i}")
            kind.addItems(KINDS)
            person = given[i][1] if i < len(given) else i == 0
            level = given[i][2] if i < len(given) and len(given[i]) > 2 else "normal"
            kind.setCurrentIndex(0 if person else 1 + LEVELS.index(level) if level in LEVELS else 2)
            edit = self._name if i == 0 else QLineEdit(seats_box)
            if i > 0:
                edit.setObjectName(f"seatname_{i}")
                edit.setMaxLength(NAME_MAX)
                edit.setText(given[i][0] if i < len(given) else self._defaults[i - 1])
            label = QLabel(f"Seat {i + 1}:", seats_box)
            grid.addWidget(label, i, 0)
            grid.addWidget(kind, i, 1)
            grid.addWidget(edit, i, 2)
            self._kinds.append(kind)
            self._names.append(edit)
            self._rows.append((label, kind, edit))
        return seats_box

    @staticmethod
    def _clear_of_you(given: list[tuple[str, bool, str]], name: str) -> list[tuple[str, bool, str]]:
        """The seats ``given`` (``(name, is_person, level)``) with a computer called as you
        are (``name``) renamed from the spare computer names: your name changed since that
        table (Settings' "Cat"), and New Game offered the computer Cat beside you."""
        taken = [name, *(seat[0] for seat in given)]
        spare = iter(computer_names(len(COMPUTER_NAMES), taken))
        return [
            (next(spare), *seat[1:])
            if i > 0 and not seat[1] and seat[0].strip().casefold() == name.strip().casefold()
            else seat
            for i, seat in enumerate(given)
        ]

    def _build_buttons(self) -> QDialogButtonBox:
        """Deal (the default) and Cancel."""
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setObjectName("ok")
        ok.setText("&Deal")  # Alt+D (a letter no field of the dialog takes)
        ok.setDefault(True)
        self._ok = ok
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setObjectName("cancel")
        cancel.setText("&Cancel")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        return buttons

    def preferred_size(self) -> QSize:
        """560 × 640 pixels, wider if the content needs it; the screen may bound it."""
        return QSize(max(560, self.sizeHint().width()), 640)

    # ---- building --------------------------------------------------------------------

    def _game_changed(self) -> None:
        g = self.chosen()
        self._players.setRange(g.min_players, g.max_players)
        while self._rules_layout.rowCount():
            self._rules_layout.removeRow(0)
        self._controls = {}
        for spec in g.rules:
            control = self._control(spec)
            control.setObjectName(spec.key)
            self._controls[spec.key] = control
            help_text = plain_help(spec.key) or g.help.get(spec.key, "")
            control.setToolTip(help_text)
            cell = QWidget(self._rules_box)
            v = QVBoxLayout(cell)
            v.setContentsMargins(0, 0, 0, 6)
            # a typed rule takes the row's width: its list shows a long layout whole, and
            # its reason wraps under it (held to the list's width it was cut off)
            wide = isinstance(control, TextOption)
            v.addWidget(control, 0, Qt.AlignmentFlag(0) if wide else Qt.AlignmentFlag.AlignLeft)
            note = NoteLabel(f"{help_text} Usually: {self._default_text(spec)}.", cell)
            note.setForegroundRole(note.foregroundRole())
            v.addWidget(note)
            self._rules_layout.addRow(self._caption(spec.key), cell)
        self._wheel.guard_all(self._rules_box)
        self._update_who()
        # Measured once the layout has taken the new rows in (their sizes lag until then).
        QTimer.singleShot(0, self._widen_to_content)

    def _widen_to_content(self) -> None:
        """Another game's house rules may need a wider dialog than the one shown (Michigan's
        after Newmarket's gave the rules a sideways scroll bar): widen it, within the
        screen. It never narrows under the person's eyes."""
        if not self.isVisible():
            return  # the first showing fits the content (FittedDialog)
        # The scroll area's hint follows its content, but the dialog's layout keeps the old
        # one until told.
        self._scroll.updateGeometry()
        self.layout().invalidate()
        need = self.preferred_size().width()
        if need > self.width():
            fit_to_screen(self, QSize(need, self.height()))

    def _text_check(self, text: str) -> str | None:
        """Why a house rule typed as text is refused for the chosen game (one line), or
        ``None`` (MI-3: the layout's grammar)."""
        g = self.chosen()
        spec = next((s for s in g.rules if s.kind == "text"), None)
        if spec is None:
            return None
        key = spec.key
        if not text.strip():  # the game's own words are for a file ("a non-empty string")
            return f"Write at least one item, as in {cards_symbols(str(spec.default))}."
        try:
            resolve_options(g.game, {**g.presets, key: text})
        except OptionError as e:
            return option_fault(key, str(e))
        return None

    @staticmethod
    def _caption(key: str) -> str:
        return caption(key) + ":"

    @staticmethod
    def _default_text(spec: Any) -> str:
        d = spec.default
        if spec.kind == "bool":
            return "on" if d else "off"
        if d is None:
            return "no limit"
        if spec.kind == "suits":
            return suit_text(str(d))
        return choice_text(spec.key, d)

    def _control(self, spec: Any) -> QWidget:
        given = self._given if self.chosen().label == self._given_for else {}
        value = given.get(spec.key, spec.default)
        if spec.kind == "bool":
            box = QCheckBox(self._rules_box)
            box.setChecked(bool(value))
            box.toggled.connect(lambda _on: self._check())
            return box
        if spec.kind == "text":  # named values or typed, checked by the game (MI-3)
            text = TextOption(
                self._rules_box,
                spec.choices,
                dict(spec.words),
                str(value),
                self._text_check,
                shown=cards_symbols,  # the cards as the table labels them, not letters
                kept=cards_letters,
            )
            text.changed.connect(lambda _ok: self._update_who())
            return text
        if spec.kind in ("int", "int?"):
            spin = QSpinBox(self._rules_box)
            low = NO_LIMIT if spec.kind == "int?" else spec.minimum
            spin.setRange(low, spec.maximum)
            if spec.kind == "int?":
                spin.setSpecialValueText("no limit")
            spin.setValue(NO_LIMIT if value is None else int(value))
            spin.valueChanged.connect(lambda _v: self._check())
            return spin
        combo = QComboBox(self._rules_box)
        if spec.kind == "suits":
            # Suits shown as symbols; letters or symbols may be typed.
            combo.setEditable(True)
            for letters in ("DCSH", "DDDD"):
                combo.addItem(suit_text(letters), letters)
            combo.setCurrentText(suit_text(str(value)))
            return combo
        for choice in spec.choices:  # the words shown, the option's value kept as data
            combo.addItem(choice_text(spec.key, choice), choice)
        combo.setCurrentIndex(max(0, combo.findData(value)))
        combo.currentIndexChanged.connect(lambda _i: self._check())
        return combo

    def _update_who(self) -> None:
        others = self._players.value() - 1
        n = self._players.value()
        for i, (label, kind, edit) in enumerate(self._rows):
            for w in (label, kind, edit):
                w.setVisible(i < n)
        if not self._rows:
            self._who.setText(f"You and {others} computer player{'s' if others != 1 else ''}.")
            return
        people = self._people()
        self._first_name_for(people)
        for i, edit in enumerate(self._names):
            # an empty name is not refused: the greyed name it will get shows in the field
            edit.setPlaceholderText(self._fallback(i))
        self._check()
        if not self._undo_touched:
            self._undo.blockSignals(True)
            self._undo.setChecked(people <= 1)  # off by default with several people
            self._undo.blockSignals(False)

    def _people(self) -> int:
        """How many of the seats in play are people at this screen."""
        return sum(1 for i in range(self.players()) if self._kinds[i].currentIndex() == 0)

    def _check(self) -> None:
        """Who sits down, in a line, with what must change before Deal: at least one
        person, each seat its own name, every house rule typed readable, and counters
        enough to pay the first stake when nobody may go below zero (GEN-5)."""
        people = self._people()
        computers = self.players() - people
        words = (
            f"{people} {'person' if people == 1 else 'people'} at this screen "
            f"and {computers} computer player{'s' if computers != 1 else ''}."
        )
        if not people:
            words += " At least one seat must be a person."
        twice = self._name_twice()
        if twice is not None:
            words += f" Two seats are called {twice}: give each its own name."
        # A table that could not deal its first deal began Newmarket instead, with only a
        # notice to say why (Spinado's dealer puts in 24, from 10 counters at the start).
        fault = None
        if all(spec.key in self._controls for spec in self.chosen().rules):  # not mid-change
            fault = start_fault(self.choice()[0], self.options(), self.players())
        if fault is not None:
            words += f" {fault}"
        self._who.setText(words)
        texts_ok = all(c.valid for c in self._controls.values() if isinstance(c, TextOption))
        self._ok.setEnabled(people > 0 and texts_ok and twice is None and fault is None)

    def _name_twice(self) -> str | None:
        """A name two seats share (letter case aside) and the seats ("Ben (seats 2 and
        3)"), or ``None``. Two "Ben"s, a person
        and a computer, read alike in the log, on the hot seat's screen ("Pass to Ben")
        and in the statistics."""
        seen: dict[str, int] = {}
        for i, (name, _, _) in enumerate(self.seats()):
            if name.casefold() in seen:
                return f"{name} (seats {seen[name.casefold()] + 1} and {i + 1})"
            seen[name.casefold()] = i
        return None

    def _first_name_for(self, people: int) -> None:
        """Seat 1's default name follows who sits there: "You" for the one person at the
        screen, "Player 1" among several, where everyone reads the screen ("You put 4 on
        the layout" read to the next person as their own stake), and "Ann" for a computer
        (a computer called "You" played "You play 6♠"); a name typed in is kept."""
        name = self._name.text().strip()
        if name not in (*FIRST_DEFAULTS, self._first_set):  # typed, or a name remembered
            return
        if self._kinds and self._kinds[0].currentIndex() != 0:
            wanted = FIRST_COMPUTER
        else:
            wanted = "You" if people <= 1 else SEVERAL_FIRST
        if name != wanted:
            self._name.setText(wanted)
            self._first_set = wanted

    # ---- results ---------------------------------------------------------------------

    def chosen(self) -> GameChoice:
        """The game entry chosen."""
        return self.games[self._game.currentIndex()]

    def choice(self) -> tuple[str, str | None]:
        """``(game, profile)`` of the chosen entry."""
        g = self.chosen()
        return g.game, g.profile

    def players(self) -> int:
        """Seats at the table, yours included."""
        return self._players.value()

    def name(self) -> str:
        """Your name, fitted to the record's name rule (``"You"`` when left empty)."""
        return fit_name(self._name.text(), "You")

    def allow_undo(self) -> bool:
        """Whether undo is allowed at the new table."""
        return self._undo.isChecked()

    def seats(self) -> list[tuple[str, bool, str]]:
        """``(name, is_person, level)`` for each seat, clockwise from seat 1; names fitted
        to the record's name rule (:func:`gamecore.limits.fit_name`), empty ones get a
        default ("Player 3" for a person, a computer name otherwise); ``level`` is "easy",
        "normal" or "hard" for a computer player."""
        out = []
        for i in range(self.players()):
            index = self._kinds[i].currentIndex()
            level = LEVELS[index - 1] if index > 0 else "normal"
            out.append((fit_name(self._names[i].text(), self._fallback(i)), index == 0, level))
        return out

    def _fallback(self, i: int) -> str:
        """The name seat ``i`` (from 0) gets when its field is left empty: "You" or a
        computer name for seat 1, "Player 3" for a person, a computer name otherwise."""
        person = self._kinds[i].currentIndex() == 0
        if i == 0:
            return "You" if person else FIRST_COMPUTER
        return f"Player {i + 1}" if person else self._defaults[i - 1]

    def setup(self) -> Setup:
        """The table chosen, as one :class:`~gui.model.setup.Setup`."""
        return Setup(
            self.choice()[0],
            self.options(),
            [SeatKind(*seat) for seat in self.seats()],
            self.allow_undo(),
        )

    def options(self) -> dict[str, Any]:
        """The house rules as option values (record keys), the profile included."""
        g = self.chosen()
        out: dict[str, Any] = dict(g.presets)
        for spec in g.rules:
            control = self._controls[spec.key]
            if isinstance(control, QCheckBox):
                out[spec.key] = control.isChecked()
            elif isinstance(control, TextOption):
                out[spec.key] = control.value()
            elif isinstance(control, QSpinBox):
                v = control.value()
                out[spec.key] = None if spec.kind == "int?" and v == NO_LIMIT else v
            elif isinstance(control, QComboBox):
                out[spec.key] = (
                    suit_letters(control.currentText())
                    if spec.kind == "suits"
                    else control.currentData()
                )
        return out
