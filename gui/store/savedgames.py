"""What a saved game is, as Game → Open shows it before it is opened: the game's name for
people, the players, how far it went ("deal k of n"), the person's balance and the date,
as plain data; and the abandoned games of a data folder, newest first. No Qt here.

A summary is read the way Game → Open reads the game (record, journal and side file, with
the same replay), so a file summarised as good opens, and one that cannot be read is
summarised as damaged with the reason, never raised. Replaying a long session takes a
moment: the chooser reads summaries off the GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from gamecore.errors import ParlourError
from gamecore.games import descriptor
from gamecore.limits import short_message
from gui.store import persistence


@dataclass(frozen=True)
class GameSummary:
    """One saved game at a glance.

    ``path`` is the record; ``when`` its last change (local time). For a readable game:
    ``label`` (the New Game entry, "Pope Joan (classic board)"), ``players`` (names in seat
    order), ``deal`` of ``deals`` (the deals begun, the last maybe unfinished, of the
    session's whole), ``finished`` (no deal can follow), ``person`` (the name of the first
    person at this screen, ``None`` when every seat is a computer) and ``balance`` (that
    person's counters, ``None`` likewise). ``damaged`` is the one-line reason a file cannot
    be read (then the other fields are empty), else ``None``. ``partly`` says what Open will
    leave out of a file that opens only in part (a record that stops replaying at a fault,
    a journal whose last moves cannot be used: :func:`gui.store.persistence.load_noted`'s
    note), else ``None``.
    """

    path: Path
    when: datetime | None
    label: str = ""
    players: tuple[str, ...] = ()
    deal: int = 0
    deals: int = 0
    finished: bool = False
    person: str | None = None
    balance: int | None = None
    damaged: str | None = None
    partly: str | None = None

    @property
    def progress(self) -> str:
        """How far the game went: "deal 3 of 8", or "finished after 8 deals"."""
        if self.finished:
            return f"finished after {self.deal} deal{'s' if self.deal != 1 else ''}"
        return f"deal {self.deal} of {self.deals}"


def _modified(path: Path) -> datetime | None:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        return None


def summarize(path: Path) -> GameSummary:
    """The summary of the saved game at ``path`` (a ``*.parlour.json`` record with its
    journal and side file, as :func:`gui.store.persistence.load` reads them). Never raises:
    a file that cannot be read gives a summary whose ``damaged`` says why."""
    when = _modified(path)
    try:
        session, meta, partly = persistence.load_noted(path)
    except ParlourError as e:
        return GameSummary(path, when, damaged=short_message(str(e)))
    except Exception as e:  # noqa: BLE001 - a file must never stop the list
        return GameSummary(path, when, damaged=f"it cannot be read ({type(e).__name__})")
    seat = next((s for s, person in enumerate(meta.people) if person), None)
    return GameSummary(
        path,
        when,
        label=descriptor(session.game.name).entry_for(session.game.options).label,
        players=tuple(session.players),
        deal=len(session.logs),
        deals=session.total_deals,
        finished=session.complete,
        person=None if seat is None else session.players[seat],
        balance=None if seat is None else session.balances[seat],
        partly=partly,
    )


def abandoned_games(data_dir: Path | None) -> list[Path]:
    """The records in ``data_dir``'s abandoned games, newest first (their names begin with
    the moment they were left); empty when there is no data folder or it cannot be read."""
    if data_dir is None:
        return []
    try:
        found = [
            p
            for p in (data_dir / persistence.ABANDONED).glob("*.parlour.json")
            if not p.name.endswith(".table.json")
        ]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name, reverse=True)
