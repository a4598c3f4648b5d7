"""Saving and resuming sessions: the autosave after every action, Save As and Open.

The deal record (``gamecore.record``) is the save file. What the record does not hold — who
is a person at this screen and whether undo is on — goes in a small side file written
before the record; a missing or unreadable side file means one person in seat 0.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamecore.errors import ParlourError
from gamecore.match import Session
from gamecore.record import read_record, replay_session, save_record

AUTOSAVE = "autosave.parlour.json"


@dataclass
class TableMeta:
    """Who sits where (``people``: a bool per seat) and whether undo is allowed."""

    people: list[bool]
    allow_undo: bool = True
    #: Each computer seat's level ("easy", "normal", "hard"); people's entries are unused.
    levels: list[str] | None = None


def meta_path(record_path: Path) -> Path:
    """The side file of a record: ``x.parlour.json`` → ``x.parlour.table.json``."""
    return record_path.with_name(record_path.name.removesuffix(".json") + ".table.json")


def _write_json_atomic(path: Path, data: Any) -> None:
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(session: Session, path: Path, meta: TableMeta) -> None:
    """Write the session's record and its side file, each atomically (temporary file,
    flush, rename): a crash leaves the previous or the new complete file."""
    _write_json_atomic(meta_path(path), {"people": meta.people,
                                         "allow_undo": meta.allow_undo,
                                         "levels": meta.levels})
    save_record(session, path)


def load(path: Path) -> tuple[Session, TableMeta]:
    """Read and replay a saved session. Raises :class:`ParlourError` (a one-line reason) for
    a damaged, truncated, foreign or newer-version file."""
    session = replay_session(read_record(path))
    meta = TableMeta([s == 0 for s in range(session.n)])
    try:
        data = json.loads(meta_path(path).read_text(encoding="utf-8"))
        people = data.get("people")
        if (isinstance(people, list) and len(people) == session.n
                and all(isinstance(p, bool) for p in people)):
            levels = data.get("levels")
            ok = isinstance(levels, list) and len(levels) == session.n and all(
                lv in ("easy", "normal", "hard") for lv in levels)
            meta = TableMeta(people, bool(data.get("allow_undo", True)),
                             levels if ok else None)
    except (OSError, ValueError, AttributeError):
        pass  # no side file (a record from elsewhere): one person in seat 0
    return session, meta


def resumable(path: Path) -> tuple[Session, TableMeta] | None:
    """The autosaved session if there is one and it is unfinished; otherwise ``None``."""
    if not path.exists():
        return None
    try:
        session, meta = load(path)
    except ParlourError:
        return None
    if session.complete:
        return None
    return session, meta
