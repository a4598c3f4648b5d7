"""Settings kept between runs (Qt's QSettings in the platform's settings location): the
last game, its house rules and who sits where."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QSettings

from gamecore.limits import name_problem
from gui.store import checked

#: The longest text kept in one setting (characters); the New Game choices are JSON.
MAX_SETTING = 200
MAX_CHOICES = 20_000


def settings() -> QSettings:
    """Parlour's settings store (an INI file in the user's settings location)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "Parlour", "Parlour")


class _Reader:
    """Reads the values of the settings file ``s``, each checked: a damaged one gives its
    default and its description (``what``, e.g. "the animation speed") and what is wrong
    are kept in :attr:`problems`. A missing value gives its default silently."""

    def __init__(self, s: QSettings) -> None:
        self.s = s
        #: ``"<what>: <what is wrong>"`` for each damaged value read.
        self.problems: list[str] = []

    def _raw(self, key: str, what: str, limit: int) -> str | None:
        """The text of ``key`` (``None``: missing or damaged, the problem kept)."""
        if not self.s.contains(key):
            return None
        raw = self.s.value(key)
        if isinstance(raw, int | float) and not isinstance(raw, bool):
            raw = str(raw)  # a number Qt read as one (the zoom)
        if not isinstance(raw, str):
            # A list (commas), bytes (@ByteArray) or a variant Qt could not load.
            self.problems.append(f"{what}: not text")
            return None
        problem = checked.text_problem(raw, limit)
        if problem is not None:
            self.problems.append(f"{what}: {problem}")
            return None
        return raw

    def choice(self, key: str, default: str, what: str, allowed: Any = None) -> str:
        """The text of ``key``; ``default`` when it is missing, damaged, or not one of
        ``allowed`` (any container; ``None``: a word of letters, digits and dashes)."""
        raw = self._raw(key, what, MAX_SETTING)
        if raw is None:
            return default
        fits = raw in allowed if allowed is not None else raw.replace("-", "").isalnum()
        if not fits:
            self.problems.append(f"{what}: not one Parlour knows")
            return default
        return raw

    def flag(self, key: str, default: bool, what: str) -> bool:
        """``key`` as a true/false setting (written "true" or "false")."""
        return self.choice(key, "true" if default else "false", what, ("true", "false")) == ("true")

    def number(self, key: str, default: float, what: str, low: float, high: float) -> float:
        """``key`` as a number from ``low`` to ``high``."""
        raw = self._raw(key, what, MAX_SETTING)
        if raw is None:
            return default
        try:
            value = float(raw)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and low <= value <= high):
            self.problems.append(f"{what}: not a number from {low:g} to {high:g}")
            return default
        return value

    def json(self, key: str, what: str, limit: int) -> Any:
        """The JSON value of ``key`` (checked: see :func:`checked.parse`); ``None`` when it
        is missing or damaged."""
        raw = self._raw(key, what, limit)
        if not raw:
            return None
        try:
            return checked.parse(raw, limit)
        except checked.Damaged as e:
            self.problems.append(f"{what}: {e}")
            return None

    def notice(self) -> str | None:
        """One sentence naming every damaged value, or ``None``."""
        if not self.problems:
            return None
        return (
            "Some of your settings could not be read ("
            + "; ".join(self.problems)
            + "); their defaults are used."
        )


def _tell(reader: _Reader, notices: list[str] | None) -> None:
    text = reader.notice()
    if text is not None and notices is not None:
        notices.append(text)


def load_table(notices: list[str] | None = None) -> dict[str, Any]:
    """The last New Game choices: ``game``, ``options``, ``seats`` ([name, person] pairs);
    an empty dict when there are none or they cannot be read (then a sentence saying so is
    appended to ``notices``). Never raises."""
    reader = _Reader(settings())
    data = reader.json("newgame/last", "the last New Game choices", MAX_CHOICES)
    if data is not None and not isinstance(data, dict):
        reader.problems.append("the last New Game choices: not a table of choices")
        data = None
    _tell(reader, notices)
    return data or {}


def save_table(game: str, options: dict[str, Any], seats: list[tuple[Any, ...]]) -> None:
    """Remember the New Game choices for next time."""
    s = settings()
    s.setValue(
        "newgame/last",
        json.dumps({"game": game, "options": options, "seats": [list(x) for x in seats]}),
    )
    s.sync()


#: Animation speeds: the one duration (ms per card movement) every motion and pause uses.
SPEEDS = {"off": 0, "fast": 180, "normal": 350, "slow": 650}


#: The forced-moves setting as written in the settings file, and back.
AUTO_PLAY: dict[str, bool | None] = {"game": None, "true": True, "false": False}
AUTO_PLAY_WORDS: dict[bool | None, str] = {v: k for k, v in AUTO_PLAY.items()}


@dataclass
class Prefs:
    """Table settings kept between runs."""

    speed: str = "normal"
    four_colour: bool = False
    back: str = "burgundy"
    felt: str = "green"
    #: Forced moves (one legal card): ``True`` played for the person, ``False`` left to
    #: them, ``None`` as each game's rules have it (STOP-14: played; SF-44: left).
    auto_play: bool | None = None
    name: str = "You"
    zoom: float = 1.0
    #: Review: a finished Spoil Five deal's unplayed cards are shown (one person only).
    reveal_tricks: bool = True
    #: The coach stays off (one click on its "Turn off" button).
    coach_off: bool = False
    #: Games (by label) the person has already been coached through.
    coached: tuple[str, ...] = ()
    #: The folder of the last game saved with Save As or opened from outside the data
    #: folder: where Save As and Browse… start ("" until there is one).
    files_folder: str = ""

    @property
    def pace(self) -> int:
        """Milliseconds per card movement for :attr:`speed`."""
        return SPEEDS.get(self.speed, SPEEDS["normal"])


def load_prefs(notices: list[str] | None = None) -> Prefs:
    """The saved table settings: defaults for anything missing or damaged (each damaged
    one named in a sentence appended to ``notices``). Never raises."""
    r = _Reader(settings())
    p = Prefs()
    p.speed = r.choice("table/speed", p.speed, "the animation speed", SPEEDS)
    p.four_colour = r.flag("table/fourColour", p.four_colour, "four-colour suits")
    p.back = r.choice("table/back", p.back, "the card back")
    p.felt = r.choice("table/felt", p.felt, "the table's colour")
    auto = r.choice("table/autoPlay", AUTO_PLAY_WORDS[p.auto_play], "auto-play", AUTO_PLAY)
    p.auto_play = AUTO_PLAY[auto]
    name = r.choice("table/name", p.name, "your name", allowed=_NameRule())
    p.name = name or "You"
    p.zoom = r.number("table/zoom", p.zoom, "the zoom", 0.5, 2.0)
    p.reveal_tricks = r.flag("table/revealTricks", p.reveal_tricks, "showing unplayed cards")
    p.coach_off = r.flag("coach/off", p.coach_off, "the coach's off switch")
    coached = r.choice("coach/coached", "", "the games coached", allowed=_AnyText())
    p.coached = tuple(x for x in coached.split("|") if x)
    p.files_folder = r.choice("files/folder", "", "the folder of your games", allowed=_AnyText())
    _tell(r, notices)
    return p


class _NameRule:
    """The names a setting accepts, as a container: the deal record's name rule."""

    def __contains__(self, name: object) -> bool:
        return name_problem(name) is None


class _AnyText:
    """Any text (already checked for length and UTF-8 by the reader), as a container."""

    def __contains__(self, _text: object) -> bool:
        return True


def save_prefs(p: Prefs) -> None:
    """Remember the table settings."""
    s = settings()
    s.setValue("table/speed", p.speed)
    s.setValue("table/fourColour", "true" if p.four_colour else "false")
    s.setValue("table/back", p.back)
    s.setValue("table/felt", p.felt)
    s.setValue("table/autoPlay", AUTO_PLAY_WORDS[p.auto_play])
    s.setValue("table/name", p.name)
    s.setValue("table/zoom", p.zoom)
    s.setValue("table/revealTricks", "true" if p.reveal_tricks else "false")
    s.setValue("coach/off", "true" if p.coach_off else "false")
    s.setValue("coach/coached", "|".join(p.coached))
    s.setValue("files/folder", p.files_folder)
    s.sync()


#: The largest coordinate or size of a kept window geometry (pixels): beyond any screen.
MAX_PIXELS = 100_000


def load_window(notices: list[str] | None = None) -> tuple[int, int, int, int, bool] | None:
    """The main window's last client geometry ``(x, y, width, height)`` in global pixels
    and whether it was maximized; ``None`` when none was kept or it cannot be read (then a
    sentence saying so is appended to ``notices``). Never raises."""
    reader = _Reader(settings())
    raw = reader.choice("window/geometry", "", "the window's place", allowed=_AnyText())
    try:
        x, y, w, h, full = (int(v) for v in raw.split(",")) if raw else (0, 0, 0, 0, 0)
    except ValueError:
        x = y = w = h = full = 0
    fits = 0 < w <= MAX_PIXELS and 0 < h <= MAX_PIXELS and max(abs(x), abs(y)) <= MAX_PIXELS
    if raw and not (fits and full in (0, 1)):
        reader.problems.append("the window's place: not five numbers Parlour writes")
    _tell(reader, notices)
    return (x, y, w, h, bool(full)) if raw and fits and full in (0, 1) else None


def save_window(x: int, y: int, w: int, h: int, maximized: bool) -> None:
    """Remember the main window's client geometry (global pixels) for the next run."""
    s = settings()
    s.setValue("window/geometry", f"{x},{y},{w},{h},{int(maximized)}")
    s.sync()
