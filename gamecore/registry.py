"""The registry itself: the games (:class:`~gamecore.games.GameDescriptor`, by record name)
and their rule-based computer players (by the record name of the game they play).

A leaf module: it imports no module that imports it back, so the option table
(:mod:`gamecore.options`), the descriptors (:mod:`gamecore.games`), the rules modules and
the computer players may all read it. The public names are re-exported by
:mod:`gamecore.games` (:func:`register`, :func:`descriptor`, …) and
:mod:`gamecore.agents` (:func:`~gamecore.agents.registered.agent_for`).

Nothing lists the built-in games: the first time the games are read, every module of the
game packages (:data:`GAME_PACKAGES`: the engines' packages) is imported, and each rules
module registers its game; the first time a player is asked for, every module of
:data:`PLAYER_PACKAGES` is imported, and each module of computer players registers the
players it defines (:func:`register_player`). A new game is one more module in one of these
packages.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING

from gamecore.errors import OptionError
from gamecore.limits import quoted

if TYPE_CHECKING:
    from gamecore.agents.base import Agent
    from gamecore.games import GameDescriptor
    from gamecore.interface import Rules

__all__ = [
    "GAME_PACKAGES",
    "PLAYER_PACKAGES",
    "descriptor",
    "descriptors",
    "level_player",
    "player",
    "player_for",
    "register",
    "register_family_player",
    "register_level_player",
    "register_player",
    "unregister",
]

#: The packages whose modules hold the games' rules (one package per engine).
GAME_PACKAGES = ("gamecore.stops", "gamecore.spoilfive", "gamecore.matrimony")
#: The packages whose modules hold the computer players.
PLAYER_PACKAGES = ("gamecore.agents",)

_GAMES: dict[str, GameDescriptor] = {}
_PLAYERS: dict[str, Callable[[], Agent]] = {}
_FAMILY_PLAYERS: dict[str, Callable[[Rules], Callable[[], Agent]]] = {}
_LEVEL_PLAYERS: dict[tuple[str, str], Callable[[], Agent]] = {}
_loaded: set[str] = set()


def import_all(package: str) -> tuple[str, ...]:
    """Import ``package`` and every module below it (found with :mod:`pkgutil`, so it also
    works in the frozen app when the bundle holds them), once per process; return the
    names of the modules imported, in name order. An import that fails raises."""
    if package in _loaded:
        return ()
    _loaded.add(package)
    pkg = importlib.import_module(package)
    names = sorted(m.name for m in pkgutil.walk_packages(pkg.__path__, package + "."))
    for name in names:
        importlib.import_module(name)
    return tuple(names)


def _load_games() -> None:
    for package in GAME_PACKAGES:
        import_all(package)


def _load_players() -> None:
    for package in PLAYER_PACKAGES:
        import_all(package)


def register(desc: GameDescriptor) -> GameDescriptor:
    """Add ``desc`` to the registry and return it. Registering the same name again replaces
    the entry only if it is the same descriptor; otherwise raises ``ValueError``."""
    old = _GAMES.get(desc.name)
    if old is not None and old is not desc:
        raise ValueError(f"a game named {desc.name!r} is already registered")
    _GAMES[desc.name] = desc
    return desc


def register_player(game: str, make: Callable[[], Agent]) -> Callable[[], Agent]:
    """Name ``make`` (a class or function giving a new :class:`~gamecore.agents.base.Agent`)
    the rule-based computer player of game ``game`` (record name), and return it. Called by
    the module that defines the player. Raises ``ValueError`` if the game already has
    another player."""
    old = _PLAYERS.get(game)
    if old is not None and old is not make:
        raise ValueError(f"game {game!r} already has a computer player")
    _PLAYERS[game] = make
    return make


def register_level_player(game: str, level: str, make: Callable[[], Agent]) -> Callable[[], Agent]:
    """Name ``make`` what decides the staking of game ``game`` (record name) at ``level``
    (``"easy"`` or ``"hard"``), and return it: a game whose every decision is a stake or a
    split (Matrimony), where the levels' general players (slips in the card play, a search
    of the card play) would all stake as the Normal player does. Raises ``ValueError`` if
    the game already has another player at that level."""
    old = _LEVEL_PLAYERS.get((game, level))
    if old is not None and old is not make:
        raise ValueError(f"game {game!r} already has a {level} player")
    _LEVEL_PLAYERS[(game, level)] = make
    return make


def level_player(game: str, level: str) -> Callable[[], Agent] | None:
    """What gives game ``game``'s own staking player at ``level``
    (:func:`register_level_player`), or ``None`` when the level's general player stakes."""
    _load_players()
    return _LEVEL_PLAYERS.get((game, level))


def unregister(name: str) -> None:
    """Remove game ``name`` and its computer players from the registry (a test's own game,
    when its tests end)."""
    _GAMES.pop(name, None)
    _PLAYERS.pop(name, None)
    for key in [k for k in _LEVEL_PLAYERS if k[0] == name]:
        del _LEVEL_PLAYERS[key]


def descriptors() -> tuple[GameDescriptor, ...]:
    """Every registered game, by :attr:`~gamecore.games.GameDescriptor.order` (then name)."""
    _load_games()
    return tuple(sorted(_GAMES.values(), key=lambda d: (d.order, d.name)))


def descriptor(name: str) -> GameDescriptor:
    """The descriptor of game ``name``. Raises :class:`OptionError` for an unknown game."""
    _load_games()
    desc = _GAMES.get(name) if isinstance(name, str) else None
    if desc is None:
        raise OptionError(f"game: unknown game {quoted(name)}")
    return desc


def player(game: str) -> Callable[[], Agent]:
    """What gives a new rule-based computer player for game ``game`` (record name): the
    one registered for it. Raises ``ValueError`` when none is."""
    _load_players()
    make = _PLAYERS.get(game)
    if make is None:
        raise ValueError(f"no computer player for {game!r}")
    return make


def register_family_player(family: str, choose: Callable[[Rules], Callable[[], Agent]]) -> None:
    """Name how a game of engine ``family`` (``"stops"``, ``"tricks"``) that has no player of
    its own gets one: ``choose(rules)`` picks, from the game's declarations, what gives a
    new rule-based player. Called by the module that defines those players, so that a
    cousin game that fits an existing player adds no line outside its own file. Raises
    ``ValueError`` if the family already has another chooser."""
    old = _FAMILY_PLAYERS.get(family)
    if old is not None and old is not choose:
        raise ValueError(f"the {family} games already have a player chooser")
    _FAMILY_PLAYERS[family] = choose


def player_for(game: Rules) -> Callable[[], Agent]:
    """What gives a new rule-based computer player for ``game`` (its rules): the one
    registered for its record name, else the one its engine family's chooser picks from its
    declarations (:func:`register_family_player`). Raises ``ValueError`` when neither is
    (a game that is not registered has neither)."""
    _load_games()
    _load_players()
    make = _PLAYERS.get(game.name)
    if make is None:
        desc = _GAMES.get(game.name)
        choose = None if desc is None else _FAMILY_PLAYERS.get(desc.family)
        if choose is None:
            raise ValueError(f"no computer player for {game.name!r}")
        make = choose(game)
    return make
