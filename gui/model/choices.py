"""The remembered New Game choices, checked before use: a settings file written by another
version of Parlour (an option key it knew, a seat list of another shape, values of other
types) must never stop the table from starting. Whatever is invalid falls back to its
default; the rest is kept. No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamecore.games import available_games, descriptor, descriptors, make_game
from gamecore.limits import name_problem

LEVELS = ("easy", "normal", "hard")
#: The game a new table plays when nothing else was chosen: the registry's first.
DEFAULT_GAME = available_games()[0]


def valid_name(name: Any) -> bool:
    """Whether ``name`` is a player name the deal record accepts (the name rule of
    :func:`gamecore.limits.name_problem`: 1–40 code points, no control, surrogate or
    line/paragraph separator characters, no space at either end)."""
    return name_problem(name) is None


@dataclass
class TableChoices:
    """Checked New Game choices: ``game`` (record name), ``options`` (record keys, each
    valid for the game), ``seats`` (``(name, is_person, level)`` per seat, or ``None`` for
    the default table), and ``dropped``: what was set back to its default, in words."""

    game: str = DEFAULT_GAME
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[tuple[str, bool, str]] | None = None
    dropped: list[str] = field(default_factory=list)


def _seats(raw: Any, game: str, options: dict[str, Any]) -> list[tuple[str, bool, str]] | None:
    """The seat list, or ``None`` when any entry is malformed or the count does not fit."""
    if not isinstance(raw, list) or not raw:
        return None
    out = []
    for entry in raw:
        if not (isinstance(entry, list | tuple) and 2 <= len(entry) <= 3):
            return None
        name, person = entry[0], entry[1]
        level = entry[2] if len(entry) == 3 else "normal"
        if not (valid_name(name) and isinstance(person, bool) and level in LEVELS):
            return None
        out.append((name, person, level))
    rules = make_game(game, options)
    if not rules.min_players <= len(out) <= rules.max_players:
        return None
    return out


def clean_choices(data: Any) -> TableChoices:
    """Check remembered choices ``data`` (a dict with ``game``, ``options``, ``seats``, as
    :func:`gui.store.settings.load_table` gives it; anything else means none). Never raises."""
    out = TableChoices()
    if not isinstance(data, dict) or not data:
        return out
    game = data.get("game")
    if game not in available_games():
        out.dropped.append("the game")
        return out
    out.game = game
    given = data.get("options")
    if given is not None and not isinstance(given, dict):
        out.dropped.append("the house rules")
        given = {}
    # The profile first: which of the game's keys are valid depends on it.
    profile_key = descriptor(game).profile_key
    for key, value in sorted((given or {}).items(), key=lambda kv: kv[0] != profile_key):
        try:
            make_game(game, {**out.options, key: value})
        except Exception:  # an option of another version, of any shape
            out.dropped.append(f"the house rule {str(key)[:40]}")
            continue
        out.options[key] = value
    if "seats" in data and data["seats"] is not None:
        out.seats = _seats(data["seats"], game, out.options)
        if out.seats is None:
            out.dropped.append("the seats")
    return out


def table_args_problem(game: str, profile: str | None, players: int | None) -> str | None:
    """What is wrong with the command line's table (``--game``, ``--profile``,
    ``--players``), as one line naming what is allowed; ``None`` when it fits."""
    try:
        desc = descriptor(game)
    except Exception as e:  # an unknown game: say which
        return f"--game: {e}"
    label = desc.title
    if profile is not None and desc.profile_key is None:
        having = [
            (d.title, [e.profile for e in d.entries if e.profile])
            for d in descriptors()
            if d.profile_key is not None
        ]
        names = [f"{t} ({', '.join(p for p in ps if p)})" for t, ps in having]
        listed = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        verb = "have" if len(names) > 1 else "has"
        return f"--profile: only {listed} {verb} profiles; {label} has none"
    options = {desc.profile_key: profile} if profile is not None and desc.profile_key else {}
    try:
        rules = make_game(game, options)
    except Exception as e:  # an unknown game or profile: say which
        return f"--game: {e}"
    if players is not None and not rules.min_players <= players <= rules.max_players:
        return (
            f"--players: {label} is for {rules.min_players} to {rules.max_players} "
            f"players, not {players}"
        )
    return None


#: The smallest window ``--size`` may ask for (pixels): the table's own minimum, 640 × 440,
#: with the menu and status bars.
MIN_WINDOW = (640, 480)


def size_problem(size: str) -> str | None:
    """What is wrong with ``--size`` (``"WxH"``, pixels), or ``None``."""
    w, sep, h = size.lower().partition("x")
    if not (
        sep
        and w.isascii()
        and h.isascii()
        and w.isdigit()
        and h.isdigit()
        and 0 < int(w) <= 100_000
        and 0 < int(h) <= 100_000
    ):
        return (
            f"--size: give the window's width and height in pixels, e.g. 1280x800 "
            f"(not {size[:20]!r})"
        )
    if int(w) < MIN_WINDOW[0] or int(h) < MIN_WINDOW[1]:
        return (
            f"--size: the window is at least {MIN_WINDOW[0]}x{MIN_WINDOW[1]} pixels, "
            f"e.g. 1280x800 (not {size[:20]!r}); a larger size than the screen is "
            "shrunk to fit"
        )
    return None


def game_with_profile(profile: str) -> str | None:
    """The game whose New Game entries include ``profile`` (``--profile`` alone)."""
    for d in descriptors():
        if d.profile_key is not None and any(e.profile == profile for e in d.entries):
            return d.name
    return None


def profile_options(game: str, profile: str | None) -> dict[str, object]:
    """The options that select ``profile`` of ``game`` (none when it has no profiles)."""
    desc = descriptor(game)
    if profile is None or desc.profile_key is None:
        return {}
    return {desc.profile_key: profile}
