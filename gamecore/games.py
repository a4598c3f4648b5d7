"""The registry of games: record name → rules description with its options resolved."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gamecore.errors import OptionError
from gamecore.options import GAMES, resolve_options
from gamecore.spoilfive.game import SpoilFive
from gamecore.stops.game import StopsGame
from gamecore.stops.newmarket import Newmarket
from gamecore.stops.popejoan import pope_joan
from gamecore.stops.spin import Spin
from gamecore.stops.spinado import Spinado

_FACTORIES: dict[str, Callable[[Mapping[str, Any]], StopsGame | SpoilFive]] = {
    "pope-joan": pope_joan, "newmarket": Newmarket, "spin": Spin, "spinado": Spinado,
    "spoil-five": SpoilFive}


def available_games() -> tuple[str, ...]:
    """Record names of the games this version can play."""
    return tuple(g for g in GAMES if g in _FACTORIES)


def make_game(name: str, options: Mapping[str, Any] | None = None) -> StopsGame | SpoilFive:
    """The rules of game ``name`` (e.g. ``"newmarket"``) with ``options`` validated.

    Raises :class:`OptionError` for an unknown or not yet playable game, or a bad option.
    """
    resolved = resolve_options(name, options)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise OptionError(f"game: {name} is not playable in this version")
    return factory(resolved)
