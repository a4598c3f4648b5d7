"""Settings kept between runs (Qt's QSettings in the platform's settings location): the
last game, its house rules and who sits where."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QSettings


def settings() -> QSettings:
    """Parlour's settings store (an INI file in the user's settings location)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "Parlour",
                     "Parlour")


def load_table() -> dict[str, Any]:
    """The last New Game choices: ``game``, ``options``, ``seats`` ([name, person] pairs);
    an empty dict when there are none or they cannot be read."""
    raw = settings().value("newgame/last", "")
    try:
        data = json.loads(raw) if isinstance(raw, str) and raw else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def save_table(game: str, options: dict[str, Any], seats: list[tuple[str, bool]]) -> None:
    """Remember the New Game choices for next time."""
    s = settings()
    s.setValue("newgame/last", json.dumps({"game": game, "options": options,
                                           "seats": [list(x) for x in seats]}))
    s.sync()
