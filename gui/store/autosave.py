"""The autosave of the session at the table, kept cheap however long the session grows.

After every action the table calls :meth:`Autosaver.save`. Within a deal the new actions
are appended to the journal beside the record (one line each, flushed and synced); at deal
boundaries (a deal dealt or finished, a deal rewound by undo, another session) the record
is rewritten whole, atomically, and the journal starts again with a header that names the
record's SHA-256, so a journal is only ever read with the very record it extends. The
record alone is therefore a complete record ``parlour replay`` reads, at least as of the
last finished deal.

The GUI thread only queues work: rewriting the record costs it a list of the finished
deals (which never change again) and the current deal; the writer thread turns each
finished deal into JSON once and keeps it, and does every write (the file, the fsync, the
hash), in order. A write that fails is reported
through ``report`` (on the writer thread) and the next save rewrites the record whole.
No Qt here.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gamecore.atomicfile import write_atomic
from gamecore.match import DealLog, Session
from gamecore.record import deal_entry, record_head
from gui.store.journal import journal_header, journal_path
from gui.store.persistence import TableMeta, meta_json, meta_path

#: Seconds :meth:`Autosaver.flush` waits for the writer at most.
FLUSH_TIMEOUT = 10.0


class Autosaver:
    """Keeps the autosave at ``path`` (its side file and journal beside it).

    ``report(error)`` is called on the writer thread after each write: with the
    ``OSError`` when it failed, with ``None`` when it succeeded.
    """

    def __init__(self, path: Path, report: Callable[[OSError | None], None]) -> None:
        self.path = path
        self.report = report
        self._jobs: queue.Queue[tuple] = queue.Queue()
        self._session: Session | None = None
        self._deals = 0  # deals in the record as last queued
        self._covered = 0  # actions of its last deal in the record and the journal
        self._finished = False  # whether that last deal was finished when queued
        self._meta: str | None = None
        self._cache: list[tuple[DealLog, str]] = []  # finished deals as JSON (writer only)
        self._need_full = False  # set by the writer after a failure
        #: The last write failed (set by the writer; read after :meth:`flush`).
        self.failing = False
        self._thread = threading.Thread(target=self._run, name="parlour-autosave", daemon=True)
        self._thread.start()

    # ---- the GUI thread ---------------------------------------------------------------

    def save(self, session: Session, meta: TableMeta) -> None:
        """Queue what changed since the last call: the journal's new actions, or the whole
        record at a deal boundary; the side file when ``meta`` changed."""
        meta_text = meta_json(meta)
        side = meta_text if meta_text != self._meta else None
        self._meta = meta_text
        logs = session.logs
        if not logs:
            return
        last = logs[-1]
        n = len(last.actions)
        full = (
            self._need_full
            or session is not self._session
            or len(logs) != self._deals
            or n < self._covered
            or (last.finished and not self._finished)
        )
        if full:
            self._need_full = False
            head = json.dumps(record_head(session), ensure_ascii=False)
            finished = logs[:] if last.finished else logs[:-1]  # a copy: logs grows
            current = None if last.finished else json.dumps(deal_entry(last), ensure_ascii=False)
            self._jobs.put(("record", head, finished, current, meta_text, len(logs), n))
            self._session, self._deals, self._covered = session, len(logs), n
            self._finished = last.finished
        else:
            if side is not None:
                self._jobs.put(("side", side))
            if n > self._covered:
                self._jobs.put(("append", list(last.actions[self._covered : n])))
                self._covered = n

    def _finished_parts(self, logs: list[DealLog]) -> list[str]:
        """JSON text of every deal of ``logs`` (finished ones), each made once and kept
        (on the writer thread)."""
        cache = self._cache
        k = 0
        while k < len(cache) and k < len(logs) and cache[k][0] is logs[k]:
            k += 1
        del cache[k:]
        for log in logs[k:]:
            cache.append((log, json.dumps(deal_entry(log), ensure_ascii=False)))
        return [text for _, text in cache]

    def after(self, work: Callable[[], None]) -> None:
        """Run ``work`` on the writer thread once everything queued before is written (so
        the statistics of a deal never reach the disk before the deal itself)."""
        self._jobs.put(("call", work))

    def flush(self, timeout: float = FLUSH_TIMEOUT) -> bool:
        """Wait until everything queued is written (or failed); False on timeout."""
        done = threading.Event()
        self._jobs.put(("flush", done))
        return done.wait(timeout)

    def close(self, timeout: float = FLUSH_TIMEOUT) -> None:
        """Write what is queued, then stop the writer."""
        self.flush(timeout)
        self._jobs.put(("stop",))

    # ---- the writer thread ------------------------------------------------------------

    def _write(self, job: tuple[Any, ...]) -> None:
        """Carry out one writing job of the queue: a whole record (with its side file and a
        fresh journal header), the side file alone, or moves appended to the journal.
        Raises ``OSError`` as the disk does."""
        kind = job[0]
        if kind == "record":
            head, finished, current, meta_text, deals, base = job[1:]
            parts = self._finished_parts(finished)
            if current is not None:
                parts = [*parts, current]
            text = head[:-1] + ', "deals": [\n' + ",\n".join(parts) + "\n]}\n"
            data = text.encode("utf-8")
            write_atomic(meta_path(self.path), meta_text.encode("utf-8"))
            write_atomic(self.path, data)
            header = journal_header(data, deals=deals, base=base)
            write_atomic(journal_path(self.path), (header + "\n").encode("utf-8"))
        elif kind == "side":
            write_atomic(meta_path(self.path), job[1].encode("utf-8"))
        else:
            lines = "".join(json.dumps(a, ensure_ascii=False) + "\n" for a in job[1])
            with journal_path(self.path).open("a", encoding="utf-8") as f:
                f.write(lines)
                f.flush()
                os.fsync(f.fileno())

    def _run(self) -> None:
        broken = False  # the last record write failed: the journal on disk is not ours
        while True:
            job = self._jobs.get()
            kind = job[0]
            if kind == "stop":
                return
            if kind == "flush":
                job[1].set()
                continue
            if kind == "call":
                with contextlib.suppress(Exception):  # the writer outlives a failed task
                    job[1]()
                continue
            if kind == "append" and broken:
                continue  # waits for the next whole record
            try:
                self._write(job)
                if kind == "record":
                    broken = False
            except OSError as e:
                if kind != "side":
                    broken = True
                    self._need_full = True
                self.failing = True
                self.report(e)
                continue
            self.failing = broken
            self.report(None)
