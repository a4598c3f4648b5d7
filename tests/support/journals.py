"""An autosave as the table leaves it mid-deal: a record whose last deal holds some moves
and a journal beside it with the moves played since, for the tests of the journal."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from gamecore.decisions import PlayChoice
from gamecore.games import make_game
from gamecore.match import Session
from gamecore.record import dumps_record
from gui.store import journal, persistence


@dataclass
class Autosave:
    """A record's bytes (``base`` moves in its only deal), the journal's header line for
    them and the ``moves`` the journal adds (action texts, in order)."""

    record: bytes
    header: str
    base: int
    moves: list[str]

    def journal(self, lines: list[str] | None = None) -> bytes:
        """The journal's bytes: the header, then ``lines`` (default: each move as JSON),
        one a line."""
        body = [json.dumps(m) for m in self.moves] if lines is None else lines
        return "".join(line + "\n" for line in [self.header, *body]).encode()

    def lay_out(self, folder: Path, journal: bytes | None = None) -> Path:
        """Write the record and its journal (default: :meth:`journal`) in ``folder`` as
        the data folder's autosave; returns the record's path."""
        path = folder / persistence.AUTOSAVE
        path.write_bytes(self.record)
        persistence.journal_path(path).write_bytes(self.journal() if journal is None else journal)
        return path


def autosave(base: int = 8, moves: int = 10) -> Autosave:
    """A four-handed Newmarket deal (seed 7, each seat taking its first choice) with
    ``base`` moves in the record and ``moves`` more in the journal."""
    session = Session(make_game("newmarket", {}), ["Ann", "Ben", "Cat", "Dan"], 0)
    session.start_deal_seeded(7)

    def play(until: int) -> None:
        while len(session.logs[-1].actions) < until:
            d = session.decision()
            session.apply(d.actions[0] if isinstance(d, PlayChoice) else d.default_action())

    play(base)
    record = dumps_record(session).encode()
    play(base + moves)
    header = journal.journal_header(record, deals=1, base=base)
    return Autosave(record, header, base, list(session.logs[-1].actions[base:]))
