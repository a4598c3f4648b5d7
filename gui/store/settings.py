"""Settings kept between runs (Qt's QSettings in the platform's settings location): the
last game, its house rules and who sits where."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QSettings


def settings() -> QSettings:
    """Parlour's settings store (an INI file in the user's settings location)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "Parlour", "Parlour")


def load_table() -> dict[str, Any]:
    """The last New Game choices: ``game``, ``options``, ``seats`` ([name, person] pairs);
    an empty dict when there are none or they cannot be read."""
    raw = settings().value("newgame/last", "")
    try:
        data = json.loads(raw) if isinstance(raw, str) and raw else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


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


@dataclass
class Prefs:
    """Table settings kept between runs."""

    speed: str = "normal"
    four_colour: bool = False
    back: str = "burgundy"
    felt: str = "green"
    auto_play: bool = True
    name: str = "You"
    zoom: float = 1.0
    #: Review: a finished Spoil Five deal's unplayed cards are shown (one person only).
    reveal_tricks: bool = True
    #: The coach stays off (one click on its "Turn off" button).
    coach_off: bool = False
    #: Games (by label) the person has already been coached through.
    coached: tuple[str, ...] = ()

    @property
    def pace(self) -> int:
        """Milliseconds per card movement for :attr:`speed`."""
        return SPEEDS.get(self.speed, SPEEDS["normal"])


def load_prefs() -> Prefs:
    """The saved table settings (defaults for anything missing or unreadable)."""
    s = settings()
    p = Prefs()
    speed = str(s.value("table/speed", p.speed))
    p.speed = speed if speed in SPEEDS else p.speed
    p.four_colour = str(s.value("table/fourColour", "false")).lower() == "true"
    p.back = str(s.value("table/back", p.back))
    p.felt = str(s.value("table/felt", p.felt))
    p.auto_play = str(s.value("table/autoPlay", "true")).lower() == "true"
    p.name = str(s.value("table/name", p.name)) or "You"
    try:
        zoom = float(str(s.value("table/zoom", p.zoom)))  # any stored type, read as text
        p.zoom = min(2.0, max(0.5, zoom)) if math.isfinite(zoom) else 1.0
    except (TypeError, ValueError):
        p.zoom = 1.0
    p.reveal_tricks = str(s.value("table/revealTricks", "true")).lower() == "true"
    p.coach_off = str(s.value("coach/off", "false")).lower() == "true"
    raw = s.value("coach/coached", "")
    p.coached = tuple(x for x in str(raw).split("|") if x) if isinstance(raw, str) else ()
    return p


def save_prefs(p: Prefs) -> None:
    """Remember the table settings."""
    s = settings()
    s.setValue("table/speed", p.speed)
    s.setValue("table/fourColour", "true" if p.four_colour else "false")
    s.setValue("table/back", p.back)
    s.setValue("table/felt", p.felt)
    s.setValue("table/autoPlay", "true" if p.auto_play else "false")
    s.setValue("table/name", p.name)
    s.setValue("table/zoom", p.zoom)
    s.setValue("table/revealTricks", "true" if p.reveal_tricks else "false")
    s.setValue("coach/off", "true" if p.coach_off else "false")
    s.setValue("coach/coached", "|".join(p.coached))
    s.sync()


def load_window() -> tuple[int, int, int, int, bool] | None:
    """The main window's last client geometry ``(x, y, width, height)`` in global pixels
    and whether it was maximized; ``None`` when none was kept or it cannot be read."""
    raw = settings().value("window/geometry", "")
    try:
        x, y, w, h, full = (int(v) for v in str(raw).split(","))
    except ValueError:
        return None
    return (x, y, w, h, bool(full)) if w > 0 and h > 0 else None


def save_window(x: int, y: int, w: int, h: int, maximized: bool) -> None:
    """Remember the main window's client geometry (global pixels) for the next run."""
    s = settings()
    s.setValue("window/geometry", f"{x},{y},{w},{h},{int(maximized)}")
    s.sync()
