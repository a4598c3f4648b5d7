"""Settings: animation speed, four-colour deck, card back, table colour, auto-play of forced
moves, your name."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from gamecore.limits import NAME_MAX, fit_name
from gui.store.settings import SPEEDS, Prefs
from gui.windows.screenfit import FittedDialog

BACK_NAMES = {"burgundy": "Burgundy lattice", "navy": "Navy lattice", "forest": "Forest lattice"}
FELT_NAMES = {"green": "Green baize", "blue": "Blue baize", "red": "Red baize"}
#: The forced-moves choices: words and the setting (:attr:`Prefs.auto_play`).
FORCED_MOVES: tuple[tuple[str, bool | None], ...] = (
    ("As each game's rules have it", None),
    ("Play them for me", True),
    ("Let me play them", False),
)
#: What each choice does, beside it (a tester read the rules' default under "Let me play
#: them" and took it for what that choice did; another found "A card you must play, your
#: only legal one. As the rules have it, …" hard to follow).
FORCED_NOTES: dict[bool | None, str] = {
    None: "When only one card may be played: in Newmarket, Michigan and the other\n"
    "games of sequences it is played for you, after the first card you chose\n"
    "in the deal; in Spoil Five you play it yourself.",
    True: "When only one card may be played:\nit is played for you in every game.",
    False: "When only one card may be played:\nyou play it yourself in every game.",
}


class PrefsDialog(FittedDialog):
    """Edit a copy of ``prefs``; :meth:`prefs` gives the result after acceptance."""

    def __init__(self, parent: QWidget | None, prefs: Prefs, several_people: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self._base = prefs
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self._build_look(prefs)
        # A forced move (one legal card) is played for the person or left to them; by
        # default as each game's rules have it (STOP-14 plays it, SF-44 leaves it).
        self.auto = QComboBox(self)
        self.auto.setObjectName("autoPlay")
        for label, value in FORCED_MOVES:
            self.auto.addItem(label, value)
        self.auto.setCurrentIndex([v for _, v in FORCED_MOVES].index(prefs.auto_play))
        self.name = QLineEdit(self)
        self.name.setObjectName("name")
        self.name.setMaxLength(NAME_MAX)  # the record's name rule (gamecore.limits)
        self.name.setText(prefs.name)
        form.addRow("Animation &speed:", self.speed)
        form.addRow("&Cards:", self.four)
        form.addRow("Card &back:", self.back)
        form.addRow("&Table:", self.felt)
        form.addRow("&Forced moves:", self.auto)
        # a tester found cards of theirs played and this setting did not say it was why
        forced = QLabel(FORCED_NOTES[self.auto.currentData()], self)
        forced.setObjectName("forcedNote")
        self.auto.currentIndexChanged.connect(
            lambda _i: forced.setText(FORCED_NOTES[self.auto.currentData()])
        )
        form.addRow("", forced)
        form.addRow("Your &name:", self.name)
        # a tester set a name and looked for it on the plate: the game at the table keeps
        # the names it was dealt with (its record names its players)
        later = QLabel("From your next new game; this game keeps its names.", self)
        later.setObjectName("nameLater")
        form.addRow("", later)
        self._add_review_and_coach(form, prefs, several_people)
        layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setObjectName("ok")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&OK")
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Cance&l")  # C: Cards
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _build_look(self, prefs: Prefs) -> None:
        """The choices of how the table looks, set from ``prefs``: the animation speed, the
        four-colour deck, the card back and the table colour."""
        self.speed = QComboBox(self)
        self.speed.setObjectName("speed")
        for key in SPEEDS:
            self.speed.addItem(key.capitalize(), key)
        self.speed.setCurrentIndex(list(SPEEDS).index(prefs.speed))
        self.four = QCheckBox("Four colours (♦ blue, ♣ green)", self)
        self.four.setObjectName("fourColour")
        self.four.setChecked(prefs.four_colour)
        self.back = QComboBox(self)
        self.back.setObjectName("back")
        for key, label in BACK_NAMES.items():
            self.back.addItem(label, key)
        self.back.setCurrentIndex(
            max(0, list(BACK_NAMES).index(prefs.back) if prefs.back in BACK_NAMES else 0)
        )
        self.felt = QComboBox(self)
        self.felt.setObjectName("felt")
        for key, label in FELT_NAMES.items():
            self.felt.addItem(label, key)
        self.felt.setCurrentIndex(
            list(FELT_NAMES).index(prefs.felt) if prefs.felt in FELT_NAMES else 0
        )

    def _add_review_and_coach(self, form: QFormLayout, prefs: Prefs, several_people: bool) -> None:
        """The last rows of ``form``: whether review shows a Spoil Five deal's unplayed
        cards (never while ``several_people`` share the screen) and the coach."""
        # GEN-9: Spoil Five's unplayed cards stay hidden after the deal; a person alone
        # against computers may still look at them in review, never with several people.
        self.reveal = QCheckBox(
            "Review shows the unplayed cards of a finished Spoil Five deal", self
        )
        self.reveal.setObjectName("revealTricks")
        self.reveal.setChecked(prefs.reveal_tricks and not several_people)
        self.reveal.setEnabled(not several_people)
        if several_people:
            self.reveal.setToolTip("Not while several people share this screen.")
        form.addRow("", self.reveal)
        self.coach = QCheckBox("Coach me through my first deal of each game", self)
        self.coach.setObjectName("coach")
        self.coach.setChecked(not prefs.coach_off)
        form.addRow("", self.coach)

    def prefs(self) -> Prefs:
        """The settings as edited; the name fitted to the record's name rule."""
        return Prefs(
            speed=self.speed.currentData(),
            four_colour=self.four.isChecked(),
            back=self.back.currentData(),
            felt=self.felt.currentData(),
            auto_play=self.auto.currentData(),
            name=fit_name(self.name.text(), "You"),
            zoom=self._base.zoom,
            reveal_tricks=self.reveal.isChecked()
            if self.reveal.isEnabled()
            else self._base.reveal_tricks,
            coach_off=not self.coach.isChecked(),
            coached=self._base.coached,
        )
