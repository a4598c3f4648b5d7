"""The autosave's journal: the actions of the last deal appended beside its record
(``autosave.parlour.journal``: a header naming the record's SHA-256, its number of deals
and the actions the record's last deal holds, then one action per line; written by
:mod:`gui.store.autosave`), and reading it back: move by move, up to the first line that does
not read or that the game refuses (:mod:`gui.store.persistence` says what happens then).
No Qt here.
"""

from __future__ import annotations

import codecs
import hashlib
import json
from dataclasses import replace
from pathlib import Path

from gamecore.actions import ActionSyntaxError, parse_action
from gamecore.errors import ParlourError
from gamecore.limits import exact_ints, short_message
from gamecore.match import Session
from gamecore.record import Record, replay_session
from gui.store import checked


def journal_path(record_path: Path) -> Path:
    """The journal of a record: ``x.parlour.json`` → ``x.parlour.journal``."""
    return record_path.with_name(record_path.name.removesuffix(".json") + ".journal")


def journal_header(
    record_bytes: bytes, record: Record | None = None, *, deals: int = 0, base: int = 0
) -> str:
    """The journal's first line for a record file of ``record_bytes`` whose last deal (the
    ``deals``-th) holds ``base`` actions (taken from ``record`` when given)."""
    if record is not None:
        deals, base = len(record.deals), len(record.deals[-1].actions)
    return json.dumps(
        {"record": hashlib.sha256(record_bytes).hexdigest(), "deal": deals, "base": base}
    )


def journal_actions(path: Path, record: Record) -> tuple[list[str], str | None]:
    """The actions (texts) the journal beside the record at ``path`` adds to its last
    deal, and what is wrong with the journal (``None`` when nothing is). No journal adds
    nothing and is not damaged. A torn last line (a write cut off) is left out. A journal
    that is not a file, cannot be read, has a header that is not one or that names another
    record (a crash between the record's rewrite and the journal's, or another game's), or
    a line before its end that is not a move, is damaged: its actions up to the bad line
    are given, with the reason. A UTF-8 byte-order mark at the start of the record or the
    journal is ignored (an editor may add one; the deal-record format ignores it)."""
    jp = journal_path(path)
    if not (jp.exists() or jp.is_symlink()):
        return [], None
    try:
        if not jp.is_file():
            return [], "it is not a file"
        data = jp.read_bytes().removeprefix(codecs.BOM_UTF8)
        record_bytes = path.read_bytes().removeprefix(codecs.BOM_UTF8)
    except OSError as e:
        return [], f"it cannot be read ({e.strerror or type(e).__name__})"
    # Line by line, each decoded on its own: a byte that is not UTF-8 spoils its line only,
    # not the moves before it.
    header, *lines = (_utf8(piece) for piece in data.split(b"\n"))
    head = checked.parse_or_none(header) if header is not None else None
    if not (isinstance(head, dict) and set(head) == {"record", "deal", "base"}):
        return [], "its first line is not a journal's header"
    if header != journal_header(record_bytes, record):
        return [], "its header names another record"
    out: list[str] = []
    for k, line in enumerate(lines[:-1], start=2):  # the last piece: empty, or torn
        action = checked.parse_or_none(line) if line is not None else None
        if not isinstance(action, str):
            return out, f"line {k} is not a move"
        out.append(action)
    return out, None


def _utf8(line: bytes) -> str | None:
    """``line`` as text, or ``None`` when it is not UTF-8."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return None


def replay_journal(record: Record, extra: list[str]) -> tuple[Session, int, str | None]:
    """Replay ``record`` and then the journal's actions ``extra`` one by one, stopping at
    the first one the game refuses: ``(session, kept, fault)`` with the number of actions
    kept and why the next one was refused (``None`` when all were kept). Raises
    :class:`ParlourError` when the record itself does not replay."""
    last = record.deals[-1]
    # The first action of a deal with none in the record goes through the record's reader:
    # it may stand for the default stakes the reader applies (format "Actions", NM-5).
    first = extra[:1] if not last.actions else []
    try:
        session = replay_session(
            replace(record, deals=[*record.deals[:-1], replace(last, actions=last.actions + first)])
        )
    except ParlourError as e:
        if not first:
            raise
        session = replay_session(record)
        return session, 0, f"its move 1 does not follow the saved game ({short_message(str(e))})"
    kept = len(first)
    with exact_ints():  # a refusal may quote balances of any size
        for text in extra[kept:]:
            try:
                session.apply(
                    parse_action(
                        text,
                        session.game.pools,
                        passes=session.game.has_pass,
                        widow=session.game.has_widow,
                    )
                )
            except (ActionSyntaxError, ParlourError) as e:
                why = short_message(str(e))
                return session, kept, f"its move {kept + 1} does not follow the saved game ({why})"
            kept += 1
    return session, kept, None
