"""The arena's journal: each finished deal of a run written as it finishes, so that a long
measurement (hours at the table's clock) can be stopped and taken up again without losing
the deals already played.

The file is JSON lines: the first line is the run's configuration (``{"arena-journal": 1,
"config": {...}}``, everything of :class:`~gamecore.arena.ArenaConfig` but the number of
deals), then one line per deal, the dict :func:`gamecore.arena.run_deal` returns. Deals are
reproducible from the configuration (without ``--clock table``), so a deal read back is the
deal the run would play again.
"""

from __future__ import annotations

import json
import os
from typing import Any

#: The first line's marker and version.
MARK = "arena-journal"
VERSION = 1


def config_key(config: dict[str, Any]) -> dict[str, Any]:
    """What must match for a journal's deals to belong to a run: ``config`` (an
    :class:`~gamecore.arena.ArenaConfig`'s fields as a dict) without ``deals``, in JSON's
    own shapes (tuples as lists)."""
    plain = {k: v for k, v in config.items() if k != "deals"}
    key: dict[str, Any] = json.loads(json.dumps(plain, sort_keys=True))
    return key


def read(path: str, config: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The deals already in the journal at ``path`` (deal number → result), or ``{}`` when
    there is no file yet. A last line cut short by a stop is ignored (it is played again).

    Raises ``ValueError`` when the file is not an arena journal or was written by a run
    with another configuration (``config``, as for :func:`config_key`), naming what differs.
    """
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    try:
        head = json.loads(lines[0])
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict) or head.get(MARK) != VERSION:
        raise ValueError(f"{path} is not an arena journal")
    want = config_key(config)
    have = head.get("config", {})
    if have != want:
        differ = sorted(k for k in set(want) | set(have) if want.get(k) != have.get(k))
        raise ValueError(
            f"{path} was written by another run (it differs in {', '.join(differ)}); "
            "give another file"
        )
    deals: dict[int, dict[str, Any]] = {}
    for line in lines[1:]:
        if not line.strip():
            continue
        try:
            deal = json.loads(line)
        except json.JSONDecodeError:
            continue  # the last line, cut short by a stop: played again
        deals[int(deal["deal"])] = deal
    return deals


def start(path: str, config: dict[str, Any]) -> None:
    """Write a new journal's first line at ``path`` unless the file exists (then
    :func:`read` has checked it)."""
    if os.path.exists(path):
        return
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps({MARK: VERSION, "config": config_key(config)}) + "\n")


def append(path: str, deal: dict[str, Any]) -> None:
    """Add one finished deal (a :func:`gamecore.arena.run_deal` result) to the journal at
    ``path``, on its own line, flushed to the file."""
    text = json.dumps(deal, separators=(",", ":"))
    # a last line cut short by a stop has no newline: start on a fresh line
    with open(path, "rb+") as f:
        f.seek(0, os.SEEK_END)
        if f.tell():
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")
        f.write(text.encode() + b"\n")
        f.flush()
        os.fsync(f.fileno())
