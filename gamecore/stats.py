"""Statistics per game and player: sessions and deals played, counters won and lost, pools
taken, best and worst session, and the balance after each deal of recent sessions.

Plain data with JSON load and save; the file is written atomically after every deal, so a
crash leaves the previous or the new complete file. No Qt here.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

KEEP_SESSIONS = 50  # past sessions kept for the chart


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
        self.worst_session = net if self.worst_session is None else min(self.worst_session,
                                                                       net)
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
        return {"version": 1, "counted": dict(self.counted),
                "games": {g: {n: asdict(p) for n, p in players.items()}
                          for g, players in self.games.items()}}

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Read :meth:`to_json` output; anything unreadable is skipped, never raised."""
        out = cls()
        if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
            return out
        counted = data.get("counted")
        if isinstance(counted, dict):
            out.counted = {str(k): v for k, v in counted.items()
                           if isinstance(v, int) and not isinstance(v, bool)}
        fields = PlayerStats.__dataclass_fields__
        for game, players in data["games"].items():
            if not isinstance(players, dict):
                continue
            for name, raw in players.items():
                if isinstance(raw, dict):
                    try:
                        out.player(str(game), str(name)).__dict__.update(
                            {k: v for k, v in raw.items() if k in fields})
                    except (TypeError, ValueError):
                        continue
        return out


def load(path: Path) -> Stats:
    """The statistics at ``path`` (empty when missing or damaged)."""
    try:
        return Stats.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return Stats()


def save(stats: Stats, path: Path) -> None:
    """Write ``stats`` to ``path`` atomically (temporary file, flush, fsync, rename)."""
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(stats.to_json(), f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
