"""Statistics per game and player: sessions and deals played, counters won and lost, pools
taken, best and worst session, and the balance after each deal of recent sessions.

Plain data with JSON load and save; the file is written atomically after every deal, so a
crash leaves the previous or the new complete file. :func:`read` is strict: a file that is not
exactly what some version of Parlour writes (wrong types, a broken JSON text, a folder where the
file belongs) raises :class:`StatsError`, so the caller can set it aside instead of writing
over it. Fields this version does not know are ignored (a newer version may add some). No Qt
here.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gamecore.atomicfile import write_atomic
from gamecore.errors import ParlourError
from gamecore.limits import json_fault

KEEP_SESSIONS = 50  # past sessions kept for the chart


class StatsError(ParlourError):
    """The statistics file cannot be read or is not Parlour's statistics (one-line reason)."""


def _whole(v: Any, minimum: int | None = 0) -> bool:
    """``v`` is a JSON integer (never a bool) of at least ``minimum`` (None: any)."""
    return isinstance(v, int) and not isinstance(v, bool) and (minimum is None or v >= minimum)


#: Field checks of :class:`PlayerStats` as JSON: counts ≥ 0, results any integer.
_FIELD_OK = {
    "sessions": _whole,
    "deals": _whole,
    "won": _whole,
    "lost": _whole,
    "pools_taken": _whole,
    "best_session": lambda v: v is None or _whole(v, None),
    "worst_session": lambda v: v is None or _whole(v, None),
    "past": lambda v: isinstance(v, list) and all(_whole(x, None) for x in v),
    "current": lambda v: isinstance(v, list) and all(_whole(x, None) for x in v),
}


@dataclass
class PlayerStats:
    """One player's record at one game (counters as ints)."""

    sessions: int = 0
    deals: int = 0
    won: int = 0
    lost: int = 0
    pools_taken: int = 0
    best_session: int | None = None
    worst_session: int | None = None
    #: Net result of each finished session, oldest first (at most :data:`KEEP_SESSIONS`).
    past: list[int] = field(default_factory=list)
    #: Net result after each deal of the session in progress.
    current: list[int] = field(default_factory=list)

    def add_deal(self, delta: int, pools: int) -> None:
        """Count one deal: ``delta`` counters won (+) or lost (−), ``pools`` taken."""
        self.deals += 1
        if delta >= 0:
            self.won += delta
        else:
            self.lost -= delta
        self.pools_taken += pools
        self.current.append((self.current[-1] if self.current else 0) + delta)

    def end_session(self) -> None:
        """Close the session in progress: its net result joins the past ones."""
        if not self.current:
            return
        net = self.current[-1]
        self.sessions += 1
        self.best_session = net if self.best_session is None else max(self.best_session, net)
        self.worst_session = net if self.worst_session is None else min(self.worst_session, net)
        self.past = (self.past + [net])[-KEEP_SESSIONS:]
        self.current = []


@dataclass
class Stats:
    """Every game's statistics: ``games[game label][player name]``."""

    games: dict[str, dict[str, PlayerStats]] = field(default_factory=dict)
    #: Deals already counted per session id, so a resumed session never counts twice.
    counted: dict[str, int] = field(default_factory=dict)

    def player(self, game: str, name: str) -> PlayerStats:
        """The record of ``name`` at ``game`` (created empty when new)."""
        return self.games.setdefault(game, {}).setdefault(name, PlayerStats())

    def reset(self) -> None:
        """Forget everything."""
        self.games.clear()
        self.counted.clear()

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "version": 1,
            "counted": dict(self.counted),
            "games": {
                g: {n: asdict(p) for n, p in players.items()} for g, players in self.games.items()
            },
        }

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Read :meth:`to_json` output strictly. Raises :class:`StatsError` naming the first
        fault (a field of the wrong type, a shape that is not Parlour's); keys this version
        does not know are ignored."""
        if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
            raise StatsError("not Parlour's statistics (no games table)")
        out = cls()
        counted = data.get("counted", {})
        if not isinstance(counted, dict) or not all(_whole(v) for v in counted.values()):
            raise StatsError("counted: must map session ids to whole numbers")
        out.counted = dict(counted)
        for game, players in data["games"].items():
            if not isinstance(players, dict):
                raise StatsError(f"games.{game}: must be a table of players")
            for name, raw in players.items():
                if not isinstance(raw, dict):
                    raise StatsError(f"games.{game}.{name}: must be an object")
                ps = out.player(game, name)
                for key, check in _FIELD_OK.items():
                    if key in raw:
                        if not check(raw[key]):
                            raise StatsError(f"games.{game}.{name}.{key}: wrong type or value")
                        setattr(ps, key, list(raw[key]) if isinstance(raw[key], list) else raw[key])
        return out


@dataclass(frozen=True)
class DealResult:
    """What one finished deal adds to the statistics: ``session_id`` (see
    :func:`session_id`), ``deal`` (its number in the session, from 1), ``game`` (the game's
    label, e.g. "Pope Joan (classic board)"), ``players`` (the names of the people at the
    screen, whose statistics these are), their ``deltas`` (counters won or lost, ints) and
    ``pools`` (pools taken), and ``session_over`` (the session ended with this deal)."""

    session_id: str
    deal: int
    game: str
    players: tuple[str, ...]
    deltas: tuple[int, ...]
    pools: tuple[int, ...]
    session_over: bool


def session_id(game: str, dealer: int, hands: list[list[int]]) -> str:
    """An id of a session from its game's name and its first deal's dealer and cards
    (hands as lists of card ints): a resumed session keeps it."""
    return f"{game}:{dealer}:" + ",".join(str(c) for h in hands for c in h)


def deal_result(session: Any, people: list[int], game: str) -> DealResult:
    """What the deal just finished in ``session`` (a :class:`gamecore.match.Session` whose
    current deal is over) adds to the statistics of the seats ``people``, the game labelled
    ``game``. The last deal of a session carries the end-of-session split of the pools left
    (GEN-6), so a session's net result is what the final standings show; pools taken are
    counted from the deal's events (kept by the session, also after a resume)."""
    from gamecore.events import PoolTaken

    deal = session.deal
    settlement = deal.settlement()
    deltas = list(settlement.deltas)
    if session.complete:
        final, _pools = session.final_accounts()
        deltas = [d + final[s] - session.balances[s] for s, d in enumerate(deltas)]
    first = session.logs[0]
    return DealResult(
        session_id(session.game.name, first.dealer, first.hands),
        len(session.logs),
        game,
        tuple(session.players[s] for s in people),
        tuple(deltas[s] for s in people),
        tuple(
            sum(
                1
                for e in session.deal_events
                if isinstance(e, PoolTaken) and e.seat == s and e.amount
            )
            for s in people
        ),
        session.complete,
    )


def count(stats: Stats, result: DealResult) -> bool:
    """Add ``result`` to ``stats`` unless that deal of that session is already counted (a
    resumed session finishes its last deal again); returns whether it was added."""
    if stats.counted.get(result.session_id, 0) >= result.deal:
        return False
    for name, delta, pools in zip(result.players, result.deltas, result.pools, strict=True):
        ps = stats.player(result.game, name)
        ps.add_deal(delta, pools)
        if result.session_over:
            ps.end_session()
    stats.counted[result.session_id] = result.deal
    return True


def read(path: Path) -> Stats:
    """The statistics at ``path``: empty when there is no file yet. Raises
    :class:`StatsError` (one line) when the file exists but cannot be read or is damaged
    (not JSON, not UTF-8, too deeply nested, numbers too long, wrong types, a folder)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Stats()
    except OSError as e:
        raise StatsError(f"cannot read {path.name}: {e.strerror or e}") from None
    text = ""
    try:
        text = raw.decode("utf-8")
        data = json.loads(text, parse_int=_parse_int)
    except RecursionError:
        raise StatsError(f"{path.name} is nested too deeply to be statistics") from None
    except UnicodeDecodeError:
        raise StatsError(f"{path.name} is not UTF-8 text") from None
    except ValueError as e:
        raise StatsError(f"{path.name} is not valid JSON: {json_fault(e, text)}") from None
    return Stats.from_json(data)


#: Digits a number in the statistics may have: Parlour never writes more (a count of deals
#: or counters), and a longer one would cost time to convert.
MAX_DIGITS = 40


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a {len(text)}-digit number")
    return int(text)


def load(path: Path) -> Stats:
    """The statistics at ``path``, empty when missing or damaged (for showing them; the table
    uses :func:`read`, which tells a damaged file from a missing one)."""
    try:
        return read(path)
    except StatsError:
        return Stats()


def save(stats: Stats, path: Path) -> None:
    """Write ``stats`` to ``path`` atomically (temporary file, flush, fsync, rename)."""
    write_atomic(path, json.dumps(stats.to_json()))
