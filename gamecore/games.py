"""The registry of games: each game's rules module registers one :class:`GameDescriptor`.

Everything that needs to know which games exist reads this registry: the option table
(:mod:`gamecore.options`), the record reader (through :func:`make_game`), the session's
rule-based players (:func:`gamecore.agents.agent_for`), the bench, the arena, the command
line, the table and the tests. No module outside a game's own files asks for a game by name
or class; it asks the game's descriptor or its rules object (the declarations of
:class:`~gamecore.stops.game.StopsGame` and :class:`~gamecore.spoilfive.game.SpoilFive`).

A new game is a rules module that ends with ``register(GameDescriptor(...))``. The built-in
games are imported by :func:`descriptors` the first time the registry is read, so reading it
never depends on which module happened to be imported first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gamecore.errors import OptionError
from gamecore.interface import STOPS, TRICKS, Card, PoolFace, Rules
from gamecore.limits import shown
from gamecore.options import OptionSpec, resolve_options

__all__ = ["STOPS", "TRICKS", "Entry", "GameDescriptor", "PoolFace", "available_games",
           "descriptor", "descriptors", "entries", "make_game", "register", "unregister"]


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


@dataclass(frozen=True)
class GameDescriptor:
    """What the rest of Parlour knows about one game.

    * ``name``: the record game name; ``title``: the game's name for people;
      ``family``: :data:`STOPS` or :data:`TRICKS` (the engine it plays on);
    * ``make``: the rules for a complete option mapping (:func:`make_game` resolves the
      options first); ``entries``: its New Game entries, in menu order; ``order``: where the
      game comes among the others (smaller first);
    * ``min_players`` / ``max_players``: the seat range; ``default_players``: seats used by
      the bench and the arena;
    * ``stock_name``: what the table calls the undealt cards ("Stock", "Widow", "Dead hand");
    * ``player``: a new rule-based computer player (:class:`gamecore.agents.base.Agent`);
    * options: ``option_prefixes`` (the key families it takes besides ``gen.`` and its
      engine's, e.g. ``("nm.", "sp.")`` for Spin), ``options`` (the rows it owns),
      ``help`` (one line per row it owns), ``settings`` (keys valid in records but not house
      rules), ``fixed`` (key → (value, rule id): a key of a shared family this game pins,
      refused otherwise and not offered), ``option_defaults`` (defaults that differ from the
      rows'), ``check_options`` (cross-key checks on the resolved options, raising
      :class:`OptionError`), ``profile_key`` (the option an entry's profile sets);
    * ``bench_target``: random playouts per second per core the bench checks (or ``None``).
    """

    name: str
    title: str
    family: str
    make: Callable[[Mapping[str, Any]], Rules]
    entries: tuple[Entry, ...]
    min_players: int
    max_players: int
    player: Callable[[], Any]
    order: int = 1000
    default_players: int = 4
    stock_name: str = "Stock"
    option_prefixes: tuple[str, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    help: Mapping[str, str] = field(default_factory=dict)
    settings: frozenset[str] = frozenset()
    fixed: Mapping[str, tuple[Any, str]] = field(default_factory=dict)
    option_defaults: Mapping[str, Any] = field(default_factory=dict)
    check_options: Callable[[Mapping[str, Any]], None] | None = None
    profile_key: str | None = None
    bench_target: int | None = None

    def __post_init__(self) -> None:
        if self.family not in (STOPS, TRICKS):
            raise ValueError(f"{self.name}: family must be {STOPS!r} or {TRICKS!r}")
        if not self.entries:
            raise ValueError(f"{self.name}: a game needs at least one New Game entry")
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

    def entry_for(self, options: Mapping[str, Any] | None = None,
                  profile: str | None = None) -> Entry:
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
            raise ValueError(f"{self.name}: {len(faces)} pool faces for "
                             f"{len(game.pools)} pools")
        return faces


_REGISTRY: dict[str, GameDescriptor] = {}
_loaded = False


def _load_builtin() -> None:
    """Import the built-in games' rules modules: each registers itself."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import gamecore.spoilfive.game  # noqa: F401
    import gamecore.stops.newmarket  # noqa: F401
    import gamecore.stops.popejoan  # noqa: F401
    import gamecore.stops.spin  # noqa: F401
    import gamecore.stops.spinado  # noqa: F401


def register(desc: GameDescriptor) -> GameDescriptor:
    """Add ``desc`` to the registry and return it. Registering the same name again replaces
    the entry only if it is the same descriptor; otherwise raises ``ValueError``."""
    old = _REGISTRY.get(desc.name)
    if old is not None and old is not desc:
        raise ValueError(f"a game named {desc.name!r} is already registered")
    _REGISTRY[desc.name] = desc
    return desc


def unregister(name: str) -> None:
    """Remove game ``name`` from the registry (a test's own game, when its tests end)."""
    _REGISTRY.pop(name, None)


def descriptors() -> tuple[GameDescriptor, ...]:
    """Every registered game, by :attr:`GameDescriptor.order` (then name)."""
    _load_builtin()
    return tuple(sorted(_REGISTRY.values(), key=lambda d: (d.order, d.name)))


def descriptor(name: str) -> GameDescriptor:
    """The descriptor of game ``name``. Raises :class:`OptionError` for an unknown game."""
    _load_builtin()
    desc = _REGISTRY.get(name) if isinstance(name, str) else None
    if desc is None:
        raise OptionError(f"game: unknown game {shown(repr(name))}")
    return desc


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
    return descriptor(name).make(resolve_options(name, options))
