"""What a saved game is, as Game → Open shows it before it is opened: the game's name for
people, the players, how far it went ("deal k of n"), the person's balance and the date,
as plain data; and the abandoned and the finished games of a data folder: keeping one, and
listing them newest first. No Qt here.

A summary is read the way Game → Open reads the game (record, journal and side file, with
the same replay), so a file summarised as good opens, and one that cannot be read is
summarised as damaged with the reason, never raised. Replaying a long session takes a
moment: the chooser reads summaries off the GUI thread.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from gamecore.errors import ParlourError
from gamecore.games import descriptor
from gamecore.limits import short_message
from gamecore.match import Session
from gamecore.record import dumps_record
from gui.store import persistence


@dataclass(frozen=True)
class GameSummary:
    """One saved game at a glance.

    ``path`` is the record; ``when`` its last change (local time). For a readable game:
    ``label`` (the New Game entry, "Pope Joan (classic board)"), ``players`` (names in seat
    order), ``deal`` of ``deals`` (the deals begun, the last maybe unfinished, of the session's
    whole), ``finished`` (no deal can follow), ``person`` (the name of the first person at this
    screen, ``None`` when every seat is a computer) and ``balance`` (that person's counters,
    after the split of the pools left when the game is finished, as the final standings show
    them; ``None`` likewise). ``damaged`` is the one-line reason a file cannot be read (then the
    other fields are empty), else ``None``. ``partly`` says what Open will leave out of a file
    that opens only in part (a record that stops replaying at a fault, a journal whose last
    moves cannot be used: :func:`gui.store.persistence.load_noted`'s note), else ``None``.
    ``moves`` is how many moves (every seat's) the last deal has had while it is unfinished,
    else 0: two games left at the same deal and minute read apart. ``others``: the other
    people at this screen (a hot seat), each ``(name, balance)``, in seat order.
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
    moves: int = 0
    others: tuple[tuple[str, int], ...] = ()

    @property
    def progress(self) -> str:
        """How far the game went: "deal 3 of 8", "deal 3 of 8, 14 moves made" (the deal
        under way), or "finished after 8 deals"."""
        if self.finished:
            return f"finished after {self.deal} deal{'s' if self.deal != 1 else ''}"
        if self.moves:
            made = f"{self.moves} move{'s' if self.moves != 1 else ''} made"
            return f"deal {self.deal} of {self.deals}, {made}"
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
    balances, _pools = session.final_accounts()  # a finished game's after the split (GEN-6)
    return GameSummary(
        path,
        when,
        label=descriptor(session.game.name).entry_for(session.game.options).label,
        players=tuple(session.players),
        deal=len(session.logs),
        deals=session.total_deals,
        finished=session.complete,
        person=None if seat is None else session.players[seat],
        balance=None if seat is None else balances[seat],
        others=tuple(
            (session.players[s], balances[s])
            for s, person in enumerate(meta.people)
            if person and s != seat
        ),
        partly=partly,
        moves=_moves(session),
    )


def described(session: Session) -> str:
    """``session`` as a person knows it: "Michigan (deal 1 of 4, 12 moves made)"."""
    label = descriptor(session.game.name).entry_for(session.game.options).label
    progress = GameSummary(
        Path(),
        None,
        deal=len(session.logs),
        deals=session.total_deals,
        finished=session.complete,
        moves=_moves(session),
    ).progress
    return f"{label} ({progress})"


def kept_words(games: list[str]) -> str:
    """The one notice of the games kept among the abandoned games, oldest first (each as
    :func:`described` gives it): "Your game of Michigan (deal 1 of 4) was kept among the
    abandoned games (Game → Open)."; for more, how many and the last. A game's file name
    (20261205-003933-846688-michigan.parlour.json) meant nothing to a player."""
    if len(games) == 1:
        return f"Your game of {games[0]} was kept among the abandoned games (Game → Open)."
    return (
        f"{len(games)} games were kept among the abandoned games; the last was your game "
        f"of {games[-1]}. Game → Open lists them, newest first."
    )


def _moves(session: Session) -> int:
    """The moves of ``session``'s last deal while it is unfinished, else 0."""
    last = session.logs[-1] if session.logs else None
    return 0 if last is None or last.finished else len(last.actions)


def abandoned_games(data_dir: Path | None) -> list[Path]:
    """The records in ``data_dir``'s abandoned games, newest first (their names begin with
    the moment they were left); empty when there is no data folder or it cannot be read."""
    return _kept_games(data_dir, persistence.ABANDONED)


def finished_games(data_dir: Path | None) -> list[Path]:
    """The records in ``data_dir``'s finished games, newest first, as
    :func:`abandoned_games`."""
    return _kept_games(data_dir, persistence.FINISHED)


def _kept_games(data_dir: Path | None, folder: str) -> list[Path]:
    if data_dir is None:
        return []
    try:
        found = [
            p
            for p in (data_dir / folder).glob("*.parlour.json")
            if not p.name.endswith(".table.json")
        ]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name, reverse=True)


def abandon(session: Session, meta: persistence.TableMeta, data_dir: Path) -> Path:
    """Keep the abandoned ``session`` in ``data_dir/abandoned`` as
    ``<date>-<time>-<microseconds>-<game>.parlour.json`` with its side file, and remove all
    but the newest :data:`~gui.store.persistence.KEEP_ABANDONED`. A game already kept
    there as it is now (left again unchanged after it was opened) is not kept twice: its
    path is returned. Returns the record's path; raises ``OSError``."""
    return _keep(session, meta, data_dir, persistence.ABANDONED, persistence.KEEP_ABANDONED)


def keep_finished(session: Session, meta: persistence.TableMeta, data_dir: Path) -> Path:
    """Keep the finished ``session`` in ``data_dir/finished`` as :func:`abandon` keeps an
    abandoned one (named alike, not twice, the newest
    :data:`~gui.store.persistence.KEEP_FINISHED`): a finished game was gone once another
    began, and Review a saved game had nothing to show. Returns the record's path; raises
    ``OSError``."""
    return _keep(session, meta, data_dir, persistence.FINISHED, persistence.KEEP_FINISHED)


def _keep(
    session: Session, meta: persistence.TableMeta, data_dir: Path, name: str, keep: int
) -> Path:
    record = dumps_record(session)
    for old in _kept_games(data_dir, name):
        if _holds(old, record, meta):
            return old
    folder = data_dir / name
    folder.mkdir(parents=True, exist_ok=True)
    # Microseconds in the name: names sort in the order the games were kept.
    stem = datetime.now().strftime("%Y%m%d-%H%M%S-%f") + "-" + session.game.name
    path = folder / f"{stem}.parlour.json"
    k = 2
    while path.exists():
        path = folder / f"{stem}-{k}.parlour.json"
        k += 1
    persistence.save(session, path, meta)
    for old in _kept_games(data_dir, name)[keep:]:
        for f in (old, persistence.meta_path(old)):
            with contextlib.suppress(OSError):
                f.unlink()
    return path


def _holds(path: Path, record: str, meta: persistence.TableMeta) -> bool:
    """Whether the kept game at ``path`` is ``record`` (its text) with the seats ``meta``."""
    try:
        if path.read_text(encoding="utf-8") != record:  # (Windows' line ends read as \n)
            return False
        side = json.loads(persistence.meta_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return side == json.loads(persistence.meta_json(meta))
