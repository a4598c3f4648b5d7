"""The New Game dialog: the game and profile, the number of players, your name, and every
house rule of the chosen game with its default and a one-line explanation.

It knows no rule: the games, their player ranges and their options arrive as plain data
(:class:`~gui.snapshot.GameChoice`, option specs with a kind, default, range and choices).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.snapshot import GameChoice

NO_LIMIT = 0  # the special value of an optional integer (shown as "no limit")


class NewGameDialog(QDialog):
    """Choose ``games[i]``, 2–10 players within its range, your name and its house rules.

    ``current`` preselects an entry by label; ``players`` and ``name`` prefill the fields.
    After acceptance: :meth:`choice`, :meth:`players`, :meth:`name`, :meth:`options`.
    """

    def __init__(self, parent: QWidget | None, games: list[GameChoice], current: str = "",
                 players: int = 4, name: str = "You",
                 options: dict[str, Any] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.games = games
        self._given = dict(options or {})
        self._controls: dict[str, QWidget] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 16, 18, 14)
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
        self._name.setMaxLength(24)
        form.addRow("&Game:", self._game)
        form.addRow("&Players:", self._players)
        form.addRow("Your &name:", self._name)
        layout.addLayout(form)
        self._who = QLabel(self)
        self._who.setObjectName("opponents")
        layout.addWidget(self._who)
        self._rules_box = QGroupBox("House rules", self)
        self._rules_layout = QFormLayout(self._rules_box)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._rules_box)
        scroll.setMinimumHeight(280)
        layout.addWidget(scroll, 1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setObjectName("ok")
        ok.setText("Deal")
        ok.setDefault(True)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setObjectName("cancel")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._game.currentIndexChanged.connect(self._game_changed)
        self._players.valueChanged.connect(self._update_who)
        self._game_changed()
        self._players.setValue(max(self._players.minimum(), min(players,
                                                                self._players.maximum())))
        self.resize(560, 620)

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
            help_text = g.help.get(spec.key, "")
            control.setToolTip(help_text)
            cell = QWidget(self._rules_box)
            v = QVBoxLayout(cell)
            v.setContentsMargins(0, 0, 0, 6)
            v.addWidget(control, 0, Qt.AlignmentFlag.AlignLeft)
            note = QLabel(f"{help_text} (default: {self._default_text(spec)})", cell)
            note.setWordWrap(True)
            note.setForegroundRole(note.foregroundRole())
            v.addWidget(note)
            self._rules_layout.addRow(self._caption(spec.key), cell)
        self._update_who()

    @staticmethod
    def _caption(key: str) -> str:
        last = key.split(".")[-1]
        words = "".join(" " + ch.lower() if ch.isupper() else ch for ch in last)
        return words[:1].upper() + words[1:] + ":"

    @staticmethod
    def _default_text(spec: Any) -> str:
        d = spec.default
        if spec.kind == "bool":
            return "on" if d else "off"
        if d is None:
            return "no limit"
        return str(d)

    def _control(self, spec: Any) -> QWidget:
        value = self._given.get(spec.key, spec.default)
        if spec.kind == "bool":
            box = QCheckBox(self._rules_box)
            box.setChecked(bool(value))
            return box
        if spec.kind in ("int", "int?"):
            spin = QSpinBox(self._rules_box)
            low = NO_LIMIT if spec.kind == "int?" else spec.minimum
            spin.setRange(low, 10_000)
            if spec.kind == "int?":
                spin.setSpecialValueText("no limit")
            spin.setValue(NO_LIMIT if value is None else int(value))
            return spin
        combo = QComboBox(self._rules_box)
        if spec.kind == "suits":
            combo.setEditable(True)
            combo.addItems(["DCSH", "DDDD"])
        else:
            combo.addItems(list(spec.choices))
        combo.setCurrentText(str(value))
        return combo

    def _update_who(self) -> None:
        others = self._players.value() - 1
        self._who.setText(f"You and {others} computer player{'s' if others != 1 else ''}.")

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
        """Your name (``"You"`` when left empty)."""
        return self._name.text().strip() or "You"

    def options(self) -> dict[str, Any]:
        """The house rules as option values (record keys), the profile included."""
        g = self.chosen()
        out: dict[str, Any] = {}
        if g.profile is not None:
            out["pj.profile"] = g.profile
        for spec in g.rules:
            control = self._controls[spec.key]
            if isinstance(control, QCheckBox):
                out[spec.key] = control.isChecked()
            elif isinstance(control, QSpinBox):
                v = control.value()
                out[spec.key] = None if spec.kind == "int?" and v == NO_LIMIT else v
            elif isinstance(control, QComboBox):
                out[spec.key] = control.currentText().strip().upper() \
                    if spec.kind == "suits" else control.currentText()
        return out
