"""The games: each game's rules module registers one :class:`GameDescriptor`.

Everything that needs to know which games exist reads the registry (held by the leaf module
:mod:`gamecore.registry`, its functions re-exported here): the option table
(:mod:`gamecore.options`), the record reader and writer (through :func:`make_game` and
:attr:`GameDescriptor.recorded`), the session's rule-based players
(:func:`gamecore.agents.agent_for`), the bench, the arena, the command line, the table and
the tests. No module outside a game's own files asks for a game by name or class; it asks
the game's descriptor or its rules object (the declarations of
:class:`~gamecore.stops.game.StopsGame` and :class:`~gamecore.spoilfive.game.SpoilFive`).

A new game is a rules module in an engine's package (:data:`gamecore.registry.GAME_PACKAGES`)
that ends with ``register(GameDescriptor(...))``; no list names it. The registry imports
every module of those packages the first time it is read, so reading it never depends on
which module happened to be imported first. Its computer player, when no existing one fits,
is registered by the module that defines it (:func:`gamecore.registry.register_player`).

Each fact is stated once: the seat range and the engine family are the rules class's
(:attr:`GameDescriptor.rules`, read by the descriptor's properties), and an option a game
pins is stated by :attr:`GameDescriptor.fixed` alone (it is also the game's default).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from gamecore.interface import CHANCE, STOPS, TRICKS, Card, PoolFace, Rules
from gamecore.options import OptionSpec, resolve_options
from gamecore.registry import descriptor, descriptors, register, register_player, unregister

__all__ = [
    "CHANCE",
    "STOPS",
    "TRICKS",
    "Entry",
    "GameDescriptor",
    "PoolFace",
    "RulesClass",
    "available_games",
    "descriptor",
    "descriptors",
    "entries",
    "make_game",
    "register",
    "register_player",
    "unregister",
]


class RulesClass(Protocol):
    """A game's rules class (:class:`~gamecore.stops.game.StopsGame` subclasses,
    :class:`~gamecore.spoilfive.game.SpoilFive`, :class:`~gamecore.matrimony.game.Matrimony`):
    its class attributes ``family`` (:data:`STOPS`, :data:`TRICKS` or :data:`CHANCE`),
    ``min_players`` and ``max_players`` are the game's; called with a complete option mapping
    it gives the rules."""

    family: str
    min_players: int
    max_players: int

    def __call__(self, options: Mapping[str, Any]) -> Rules: ...


@dataclass(frozen=True)
class Entry:
    """One New Game entry of a game: ``label`` for people, the ``profile`` it selects (the
    value of the game's :attr:`GameDescriptor.profile_key`, or ``None``), the option key
    prefixes it offers as house rules besides the general ones (``None``: all the game's
    own), and its rules page (``rules_page``: the file name in ``assets/rules`` without
    ``.html``, and the page's ``rules_title``), if it has one."""

    label: str
    profile: str | None = None
    house_rules: tuple[str, ...] | None = None
    rules_page: str | None = None
    rules_title: str | None = None
    #: Whether the entry has a conformance set: the shared records of
    #: ``../shared/conformance/<entry key>``, copied to ``tests/data/conformance`` (the
    #: entry key is the game's record name, with the profile in lower case when it has one:
    #: ``pope-joan-f``). Only an entry of a game the record format lists can have one.
    conformance: bool = False
    #: Whether the table lays its pools out on the classic round board (PJ-C) rather than
    #: side by side: the entry's own board, never read from how many pools it has (a
    #: Michigan layout of eight items was drawn as Pope Joan's board).
    round_board: bool = False


@dataclass(frozen=True)
class GameDescriptor:
    """What the rest of Parlour knows about one game, besides what its rules class says.

    * ``name``: the record game name; ``title``: the game's name for people;
    * ``rules``: the rules class (:class:`RulesClass`), whose ``family`` (:data:`STOPS`,
      :data:`TRICKS` or :data:`CHANCE`, the engine it plays on), ``min_players`` and
      ``max_players`` (the seat range) the descriptor reads (:attr:`family`, :attr:`min_players`,
      :attr:`max_players`);
    * ``make``: the rules for a complete option mapping, when they are not simply
      ``rules(options)`` (Pope Joan: a subclass per profile); :func:`make_game` resolves the
      options first;
    * ``entries``: its New Game entries, in menu order; ``order``: where the game comes
      among the others (smaller first);
    * ``recorded``: whether the deal-record format lists the game ("game"): records of it
      are read (:func:`gamecore.record.parse_record`) and written; a game that is not (a
      test's own game) is never a record;
    * ``default_players``: seats used by the bench and the arena;
    * ``stock_name``: what the table calls the undealt cards ("Stock", "Widow", "Dead hand");
      ``dead_stock_name``: what it calls them once nobody may take them any more, when that
      differs (Michigan: the widow until the dealer's choice and the auction are over, then
      the dead hand: the widow nobody took, or the hand its taker laid down; MI-7, MI-8);
    * options: ``option_prefixes`` (the key families it takes besides ``gen.`` and its
      engine's, e.g. ``("nm.", "sp.")`` for Spin), ``options`` (the rows it owns),
      ``help`` (one line per row it owns), ``settings`` (keys valid in records but not house
      rules), ``fixed`` (key → (value, rule id): a key of a shared family this game pins to
      ``value``, which is then its default too; any other value is refused and the key is
      not offered), ``option_defaults`` (other defaults that differ from the rows', never a
      pinned key), ``check_options`` (cross-key checks on the resolved options, raising
      :class:`OptionError`), ``profile_key`` (the option an entry's profile sets),
      ``more_choices`` (key → choices this game adds to a shared row: ``gen.firstDealer``
      takes ``"lowestCard"`` only in the games that say so, cousins §1);
    * ``bench_target``: random playouts per second per core the bench checks (or ``None``).

    Its rule-based computer player is not named here: the module that defines the player
    registers it for the game (:func:`gamecore.registry.register_player`).
    """

    name: str
    title: str
    rules: RulesClass
    entries: tuple[Entry, ...]
    make: Callable[[Mapping[str, Any]], Rules] | None = None
    order: int = 1000
    recorded: bool = False
    default_players: int = 4
    stock_name: str = "Stock"
    dead_stock_name: str = ""
    option_prefixes: tuple[str, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    help: Mapping[str, str] = field(default_factory=dict)
    settings: frozenset[str] = frozenset()
    fixed: Mapping[str, tuple[Any, str]] = field(default_factory=dict)
    option_defaults: Mapping[str, Any] = field(default_factory=dict)
    check_options: Callable[[Mapping[str, Any]], None] | None = None
    profile_key: str | None = None
    more_choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    bench_target: int | None = None

    @property
    def family(self) -> str:
        """:data:`STOPS`, :data:`TRICKS` or :data:`CHANCE`: the engine the game plays on
        (its rules')."""
        return self.rules.family

    @property
    def min_players(self) -> int:
        """The fewest seats the game is played with (its rules')."""
        return self.rules.min_players

    @property
    def max_players(self) -> int:
        """The most seats the game is played with (its rules')."""
        return self.rules.max_players

    def __post_init__(self) -> None:
        if self.family not in (STOPS, TRICKS, CHANCE):
            raise ValueError(f"{self.name}: family must be {STOPS!r}, {TRICKS!r} or {CHANCE!r}")
        if not self.entries:
            raise ValueError(f"{self.name}: a game needs at least one New Game entry")
        if not self.recorded and any(e.conformance for e in self.entries):
            raise ValueError(
                f"{self.name}: only a game of the record format has conformance records"
            )
        for key in self.fixed:
            if key in self.option_defaults:
                raise ValueError(
                    f"{self.name}: {key} is pinned (fixed); its value is stated there only"
                )
        for spec in self.options:
            if not spec.key.startswith(self.prefixes()):
                raise ValueError(f"{self.name}: option {spec.key} is outside its prefixes")

    def prefixes(self) -> tuple[str, ...]:
        """Every option key prefix of this game: ``gen.``, its engine's (``stop.`` for the
        stops games) and its own :attr:`option_prefixes`."""
        engine = ("stop.",) if self.family == STOPS else ()
        return ("gen.", *engine, *self.option_prefixes)

    def takes(self, key: str) -> bool:
        """Whether option ``key`` belongs to this game."""
        return key.startswith(self.prefixes())

    def entry_options(self, entry: Entry) -> dict[str, Any]:
        """The options ``entry`` presets (its profile), as a new dict."""
        if entry.profile is None or self.profile_key is None:
            return {}
        return {self.profile_key: entry.profile}

    def entry_for(
        self, options: Mapping[str, Any] | None = None, profile: str | None = None
    ) -> Entry:
        """The entry of ``profile`` (default: the profile ``options`` select, else the
        game's default profile): the first entry when the game has no profiles."""
        if self.profile_key is None:
            return self.entries[0]
        if profile is None:
            profile = (options or {}).get(self.profile_key)
        if profile is None:
            profile = resolve_options(self.name, {})[self.profile_key]
        for e in self.entries:
            if e.profile == profile:
                return e
        return self.entries[0]

    def pool_faces(self, game: Rules, turnup: Card | None) -> tuple[PoolFace, ...]:
        """The layout as the table shows it: one :class:`PoolFace` per pool of ``game``
        (label, layout card, detail for ``turnup``), in ``game.pools`` order. Raises
        ``ValueError`` if the game describes a different number of pools."""
        faces = game.pool_faces(turnup)
        if len(faces) != len(game.pools):
            raise ValueError(f"{self.name}: {len(faces)} pool faces for {len(game.pools)} pools")
        return faces


def entries() -> tuple[tuple[GameDescriptor, Entry], ...]:
    """Every New Game entry, in menu order, with its game."""
    return tuple((d, e) for d in descriptors() for e in d.entries)


def available_games() -> tuple[str, ...]:
    """Record names of the games this version can play, in menu order."""
    return tuple(d.name for d in descriptors())


def make_game(name: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of game ``name`` (e.g. ``"newmarket"``) with ``options`` validated and
    completed (:func:`gamecore.options.resolve_options`).

    Raises :class:`OptionError` for an unknown game or a bad option.
    """
    desc = descriptor(name)
    make = desc.rules if desc.make is None else desc.make
    return make(resolve_options(name, options))
