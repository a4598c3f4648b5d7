"""Saving and resuming sessions: the autosave after every action, Save As and Open, and the
files set aside: damaged ones (``<name>.damaged-<timestamp>`` beside them) and games the
person abandoned (the ``abandoned/`` folder of the data folder, the newest ten kept).

The deal record (``gamecore.record``) is the save file. What the record does not hold — who
is a person at this screen and whether undo is on — goes in a small side file written
before the record; a missing side file means one person in seat 0. The autosave's record is
rewritten at deal boundaries only; the actions in between are appended to a journal beside
it (``autosave.parlour.journal``: a header naming the record's SHA-256, then one action per
line), which reading applies when it belongs to that very record (see
:mod:`gui.store.autosave`), move by move up to the first one that does not read or that the
game refuses. A journal that cannot all be used is set aside with a notice at start-up (Open
and ``parlour review`` say so and leave it where it is).

Nothing here deletes or writes over a file it cannot read: such a file is renamed aside, and
when even that fails the caller is told not to write there. No Qt here.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from gamecore import stats as gstats
from gamecore.atomicfile import write_atomic
from gamecore.errors import ParlourError
from gamecore.match import Session
from gamecore.record import save_record
from gui.store import checked, readback
from gui.store.journal import journal_path

AUTOSAVE = "autosave.parlour.json"
STATISTICS = "statistics.json"
ABANDONED = "abandoned"
#: Abandoned games kept; older ones are removed when another is set aside.
KEEP_ABANDONED = 10
#: Finished games, kept when their final standings are shown (for Review a saved game).
FINISHED = "finished"
KEEP_FINISHED = 10
LEVELS = ("easy", "normal", "hard")
#: The files Parlour writes atomically in its data folder; an interrupted write leaves
#: ``<name>.<random>.tmp`` (see :func:`remove_leftovers`).
OWN_FILES = (AUTOSAVE, "autosave.parlour.table.json", "autosave.parlour.journal", STATISTICS)

T = TypeVar("T")


@dataclass
class TableMeta:
    """Who sits where (``people``: a bool per seat), whether undo is allowed, and whether a
    side file said so (``known``; when not, the record came from elsewhere)."""

    people: list[bool]
    allow_undo: bool = True
    #: Each computer seat's level ("easy", "normal", "hard"); people's entries are unused.
    levels: list[str] | None = None
    known: bool = True
    #: False while a finished session's final standings wait to be shown: a crash at its
    #: last summary lost them, for a finished autosave was not offered again.
    standings_shown: bool = True


def meta_json(meta: TableMeta) -> str:
    """The side file's text for ``meta`` (``known`` is not written: a side file is)."""
    return json.dumps(
        {
            "people": meta.people,
            "allow_undo": meta.allow_undo,
            "levels": meta.levels,
            "standings_shown": meta.standings_shown,
        }
    )


class SideFileError(ParlourError):
    """A record's side file exists but is not what Parlour writes."""


def meta_path(record_path: Path) -> Path:
    """The side file of a record: ``x.parlour.json`` → ``x.parlour.table.json``."""
    return record_path.with_name(record_path.name.removesuffix(".json") + ".table.json")


def save(session: Session, path: Path, meta: TableMeta) -> None:
    """Write the session's record and its side file, each atomically (temporary file,
    flush, rename): a crash leaves the previous or the new complete file."""
    write_atomic(meta_path(path), meta_json(meta))
    save_record(session, path)


def _read_meta(path: Path, n: int) -> TableMeta | None:
    """The side file of the record at ``path`` for ``n`` seats; ``None`` when there is none.
    Raises :class:`SideFileError` when it exists but cannot be read or is damaged."""
    side = meta_path(path)
    try:
        raw = side.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise SideFileError(f"cannot read {side.name}: {e.strerror or e}") from None
    try:
        data = checked.parse(raw)
    except checked.Damaged as e:
        raise SideFileError(f"{side.name}: {e}") from None
    if not isinstance(data, dict):
        raise SideFileError(f"{side.name}: not a table of seats")
    people, undo, levels = data.get("people"), data.get("allow_undo", True), data.get("levels")
    if not (
        isinstance(people, list) and len(people) == n and all(isinstance(p, bool) for p in people)
    ):
        raise SideFileError(f"{side.name}: people must be {n} true/false values")
    if not isinstance(undo, bool):
        raise SideFileError(f"{side.name}: allow_undo must be true or false")
    if levels is not None and not (
        isinstance(levels, list) and len(levels) == n and all(lv in LEVELS for lv in levels)
    ):
        raise SideFileError(f"{side.name}: levels must be {n} of easy, normal, hard")
    shown = data.get("standings_shown", True)  # older side files: nothing waits
    if not isinstance(shown, bool):
        raise SideFileError(f"{side.name}: standings_shown must be true or false")
    return TableMeta(people, undo, levels, standings_shown=shown)


def load_noted(
    path: Path, *, shown: str = "It was opened with"
) -> tuple[Session, TableMeta, str | None]:
    """As :func:`load`, with a note for the person when the record is damaged (what
    came before the damage is ``shown``: "It was opened with", or for a review "The
    review shows") or the journal beside it could not all be used (how many of its moves
    were, and why); the files are left where they are (Open and ``parlour review`` never
    move a file of the person's). Without a readable side file the seats are one person
    in seat 0, with ``known`` off."""
    replayed = readback.replay_checked(path)
    session, kept, fault = replayed.session, replayed.kept, replayed.journal_fault
    note = None
    if replayed.record_fault is not None:
        held = readback.salvage_words(session, replayed.record_kept)
        note = (
            # "opened up to just before that: the first move" read as the move being lost
            f"{path.name} is damaged at {replayed.record_fault}. {shown} what came before "
            f"that: {held}. The file was left as it is."
        )
    elif fault is not None:
        note = (
            f"The moves in {journal_path(path).name} could not all be used ({fault}): "
            f"{readback.kept_words(kept, session)}. The journal was left as it is."
        )
    try:
        meta = _read_meta(path, session.n)
    except SideFileError:  # someone else's: left as it is
        meta = None
    return session, meta or TableMeta([s == 0 for s in range(session.n)], known=False), note


def load(path: Path) -> tuple[Session, TableMeta]:
    """Read and replay a saved session with its journal's good moves (Game → Open).
    Raises :class:`ParlourError` (a one-line reason) for a damaged, truncated, foreign or
    newer-version file. A damaged side file (someone else's, so it is left where it is)
    means one person in seat 0."""
    session, meta, _note = load_noted(path)
    return session, meta


def resumable(path: Path) -> tuple[Session, TableMeta] | None:
    """The autosaved session if there is one, it can be read and it is unfinished or its
    final standings were never shown; otherwise ``None`` (nothing is moved:
    :func:`check_autosave` does that)."""
    try:
        session, meta = load(path)
    except ParlourError:
        return None
    if session.complete and meta.standings_shown:
        return None
    return session, meta


def check_read_only(path: Path) -> Checked:
    """:func:`check_autosave` for a data folder that cannot be written: the autosaved game
    offered if it can be read and is unfinished (:func:`resumable`), nothing set aside and
    no notice (the caller says why nothing is saved). Never raises."""
    return Checked(saved=resumable(path))


def read_in_background(read: Callable[[Path], T], path: Path) -> T:
    """``read(path)`` (:func:`load`, :func:`check_autosave`) on a worker thread, without
    pausing the GUI thread: returns what ``read`` returns and raises what it raises.

    Replaying a long session builds its objects fast, and Python's collector of cycles then
    walks the whole growing heap, holding the interpreter from the GUI thread for a tenth
    of a second and more (seconds for 10,000 deals). So it is off while ``read`` runs, and
    what exists then, the session read included, is set apart from later collections
    (:func:`gc.freeze`): it lives as long as the game, and a replay leaves next to no
    cyclic garbage (the session itself is freed by reference counting)."""
    gc.disable()
    try:
        return read(path)
    finally:
        gc.freeze()
        gc.enable()


# ---- damaged files ---------------------------------------------------------------------


def set_aside(path: Path, stamp: str | None = None) -> Path:
    """Rename the damaged file (or folder) ``path`` to ``<name>.damaged-<timestamp>`` beside
    it (``-2``, ``-3``… when that name is taken) and return the new path. Nothing is
    deleted. Raises ``OSError`` when it cannot be renamed."""
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    k = 2
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{k}")
        k += 1
    os.replace(path, target)
    return target


@dataclass
class Checked:
    """What :func:`check_autosave` found: the unfinished ``saved`` session (or ``None``),
    ``notices`` for the person (what was set aside, and why), and ``writable``: false when a
    damaged file could not be set aside, so nothing may be written over it."""

    saved: tuple[Session, TableMeta] | None = None
    notices: list[str] = field(default_factory=list)
    writable: bool = True


def _set_aside_with(path: Path, companions: list[tuple[Path, str]]) -> tuple[Path, str]:
    """Set the autosave at ``path`` aside, then each of its ``companions`` (a file and its
    words, "its journal") that exists, with one time stamp: a companion left here would be
    written over by the next save. Returns the record's new path and the words for the
    companions moved (", with its journal as X,", or ""). Raises ``OSError`` when the record
    itself cannot be set aside (a companion that cannot is left where it is)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    moved = set_aside(path, stamp)
    beside = []
    for companion, what in companions:
        if companion.exists():
            with contextlib.suppress(OSError):
                beside.append(f"{what} as {set_aside(companion, stamp).name}")
    return moved, f", with {' and '.join(beside)}," if beside else ""


def _set_aside_unreadable(path: Path, e: ParlourError, out: Checked) -> None:
    """The autosave at ``path`` cannot be read (``e`` says why): set it aside with its
    companions, or, if that fails, stop saving; either way say so in ``out``."""
    try:
        companions = [(meta_path(path), "its seats"), (journal_path(path), "its journal")]
        moved, also = _set_aside_with(path, companions)
    except OSError as err:
        out.writable = False
        out.notices.append(
            f"Your saved game cannot be read ({e}) and could not be set "
            f"aside ({err.strerror or err}): games will not be saved "
            f"this time, so that it is not written over."
        )
        return
    # said first: nothing of it can be played on, and a new game is already at the table
    # (a tester read the names of the files set aside, and not that his game was gone)
    out.notices.append(
        f"Your saved game could not be read ({e}), so nothing of it could be played on, "
        f"and a new game begins. It was set aside as {moved.name}{also} in {path.parent}."
    )


def _set_aside_damaged(path: Path, replayed: readback.Replayed, out: Checked) -> None:
    """The autosave at ``path`` replays only up to a fault (``replayed``): set the record
    and its journal aside, so that the next save, of the good part, writes over neither;
    say what was kept in ``out``. If they cannot be set aside, stop saving."""
    said = f"Your saved game is damaged at {replayed.record_fault}"
    goes_on = "The game goes on with" if not replayed.session.complete else "It keeps"
    held = readback.salvage_words(replayed.session, replayed.record_kept)
    kept = f"{goes_on} what came before that: {held}"
    try:
        moved, also = _set_aside_with(path, [(journal_path(path), "its journal")])
    except OSError as err:
        out.writable = False
        out.notices.append(
            f"{said}, and it could not be set aside ({err.strerror or err}). {kept}; "
            f"games will not be saved this time, so that it is not written over."
        )
        return
    out.notices.append(
        f"{said}. {kept}. The whole file was set aside as {moved.name}{also} in {path.parent}."
    )


def _set_aside_journal(path: Path, fault: str, kept: int, session: Session, out: Checked) -> None:
    """The journal beside the autosave at ``path`` could be used only for its first
    ``kept`` moves (``fault`` says why; ``session``, the game replayed with them): set it
    aside, never left to be written over by the next save (its later moves may be what
    someone wants back), or stop saving; either way say so in ``out``."""
    said = f"The moves of your saved game's last deal could not all be read ({fault})"
    held = readback.kept_words(kept, session)
    try:
        moved = set_aside(journal_path(path))
        out.notices.append(f"{said}: {held}. The journal was set aside as {moved.name}.")
    except OSError as err:
        out.writable = False
        out.notices.append(
            f"{said} nor set aside ({err.strerror or err}): {held}, and games will not be "
            "saved this time."
        )


def check_autosave(path: Path) -> Checked:
    """Look at the autosave at ``path`` before the table starts (never raises).

    A record that cannot be read (any reason: damaged, foreign, beyond the format's limits,
    unreadable, a folder) is set aside with its side file; a damaged side file alone is set
    aside and the game resumes with one person in seat 0 (only the seat kinds are lost). A
    journal that cannot all be used is set aside and the game resumes after its good moves
    (see :func:`~gui.store.readback.replay_checked`); the notice says how many. A record
    that reads but stops replaying at a fault (a move the game refuses, a deal out of turn)
    is set aside with its journal, and the game resumes from just before the fault with its
    seats (written at once as the autosave); the notice says where the fault is and what
    was kept."""
    out = Checked()
    if not (path.exists() or path.is_symlink()):
        return out
    try:
        replayed = readback.replay_checked(path)
    except ParlourError as e:
        _set_aside_unreadable(path, e, out)
        return out
    session, kept, journal_fault = replayed.session, replayed.kept, replayed.journal_fault
    if replayed.record_fault is not None:
        _set_aside_damaged(path, replayed, out)
    elif journal_fault is not None:
        _set_aside_journal(path, journal_fault, kept, session, out)
    try:
        meta = _read_meta(path, session.n)
    except SideFileError as e:
        meta = None
        try:
            moved = set_aside(meta_path(path))
            out.notices.append(
                f"The seats of your saved game could not be read ({e}); it "
                f"was set aside as {moved.name}. The game goes on with you "
                f"in the first seat and computers in the others."
            )
        except OSError as err:
            out.writable = False
            out.notices.append(
                f"The seats of your saved game could not be read ({e}) nor "
                f"set aside ({err.strerror or err}): games will not be saved "
                f"this time."
            )
    seats = meta or TableMeta([s == 0 for s in range(session.n)])
    if replayed.record_fault is not None and out.writable:
        _keep_good_part(path, session, seats, out)
    if not session.complete or not seats.standings_shown:  # the standings still to show
        out.saved = (session, seats)
    return out


def _keep_good_part(path: Path, session: Session, meta: TableMeta, out: Checked) -> None:
    """Write the good part of a damaged autosave (``session``, with its seats ``meta``) as
    the autosave at ``path`` at once, so that it is kept whether or not the person resumes
    it now (the damaged file has been set aside); if it cannot be written, stop saving and
    say so in ``out``."""
    try:
        save(session, path, meta)
    except OSError as err:
        out.writable = False
        out.notices.append(
            f"The part of your saved game kept could not be written ({err.strerror or err}): "
            "games will not be saved this time."
        )


def check_stats(path: Path) -> tuple[list[str], bool]:
    """Look at the statistics file at ``path`` before the table starts (never raises).
    Returns ``(notices, writable)``: a damaged file is set aside (the statistics start
    afresh); one that can be neither read nor set aside makes ``writable`` false."""
    try:
        gstats.read(path)
    except gstats.StatsError as e:
        try:
            moved = set_aside(path)
        except OSError as err:
            return [
                f"Your statistics cannot be read ({e}) nor set aside "
                f"({err.strerror or err}): they will not be kept this time."
            ], False
        return [
            f"Your statistics could not be read ({e}). They were set aside as "
            f"{moved.name}; new statistics start now."
        ], True
    return [], True


def count_deal(path: Path, results: list[gstats.DealResult]) -> tuple[list[str], bool, bool]:
    """Add finished deals (``results``, in the order they finished: those not yet written
    and the one just finished) to the statistics file at ``path`` (read strictly, written
    atomically). Returns ``(notices, usable, written)``: a file damaged meanwhile is set
    aside and the statistics start anew; ``usable`` is false when it can be neither read
    nor set aside (nothing more is written there); ``written`` is false when the deals are
    not on disk (the caller keeps them for the next count). Never raises."""
    notices: list[str] = []
    try:
        stats = gstats.read(path)
    except gstats.StatsError as e:
        try:
            moved = set_aside(path)
        except OSError as err:
            return (
                [
                    f"Your statistics cannot be read ({e}) nor set aside "
                    f"({err.strerror or err}): they are not kept from now on."
                ],
                False,
                False,
            )
        notices.append(
            f"Your statistics could not be read ({e}). They were set aside as "
            f"{moved.name}; new statistics start now."
        )
        stats = gstats.Stats()
    if [r for r in results if gstats.count(stats, r)]:  # every one counted, none skipped
        try:
            gstats.save(stats, path)
        except OSError as e:
            notices.append(
                f"Statistics cannot be saved: {e.strerror or e}. The deals finished "
                "meanwhile are counted as soon as they can be."
            )
            return notices, True, False
    return notices, True, True


#: The file :func:`unwritable_why` writes (and removes) to learn why a folder refuses.
PROBE = "parlour.probe"


def unwritable_why(folder: Path) -> str:
    """Why nothing can be written in ``folder`` (its lock could not be), in words for a
    notice: "the disk is full" when a small write fails with ``ENOSPC``, otherwise "the data
    folder <folder> is not writable". Never raises."""
    probe = folder / PROBE
    try:
        write_atomic(probe, b"parlour")
        probe.unlink()
    except OSError as e:
        if e.errno == errno.ENOSPC:
            return f"the disk is full (the data folder is {folder})"
    return f"the data folder {folder} is not writable"


def remove_leftovers(data_dir: Path) -> list[Path]:
    """Delete Parlour's own temporary files of interrupted atomic writes
    (``<own file>.<random>.tmp``) in ``data_dir`` and its ``abandoned`` and ``finished``
    folders; call only while holding the table's lock. Returns what was removed; never
    raises."""
    removed = []
    for folder in (data_dir, data_dir / ABANDONED, data_dir / FINISHED):
        try:
            names = list(folder.iterdir())
        except OSError:
            continue
        for p in names:
            own = p.name.startswith(tuple(f + "." for f in OWN_FILES)) or (
                folder.name in (ABANDONED, FINISHED) and ".parlour." in p.name
            )
            if own and p.name.endswith(".tmp") and p.is_file():
                try:
                    p.unlink()
                    removed.append(p)
                except OSError:
                    pass
    return removed


# ---- abandoned games -------------------------------------------------------------------


def has_progress(session: Session | None, people: list[bool]) -> bool:
    """Whether discarding ``session`` would lose something: a deal has finished, or a
    person (``people[seat]`` true) has made any decision."""
    if session is None:
        return False
    for log in session.logs:
        if log.finished:
            return True
        for text in log.actions:
            seat = text.split(" ", 1)[0]
            if seat.isdigit() and int(seat) < len(people) and people[int(seat)]:
                return True
    return False
