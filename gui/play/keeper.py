"""The keeper: what the table keeps of its session. It writes the autosave after every
action (on the autosave's writer thread), saves a copy where the person asks (Save As),
counts each finished deal in the people's statistics, and takes back the person's last
decision (Undo). It holds no game: it reads the controller's session and seats."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from gamecore import stats as gstats
from gamecore.games import descriptor
from gui.model import registryview
from gui.store import persistence, savedgames
from gui.store.autosave import Autosaver

if TYPE_CHECKING:
    from gui.play.controller import Controller


class Keeper(QObject):
    """Keeps ``table``'s session (a :class:`~gui.play.controller.Controller`) on disk and
    in the statistics. Set :attr:`autosave_path` and :attr:`stats_path` (files in the data
    folder; ``None``: nothing kept). Failures are said once through ``table.notice``."""

    #: The autosave's writer thread reports each write (an OSError, or None): queued here.
    _save_result = Signal(object)
    #: Statistics counted on the writer thread: (notices, usable, path), queued here.
    _stats_done = Signal(list, bool, object)

    def __init__(self, table: Controller) -> None:
        super().__init__()
        self.table = table
        self._autosaver: Autosaver | None = None
        #: Where the people's statistics are counted (``None``: nowhere).
        self.stats_path: Path | None = None
        self._save_failing = False  # a notice was given; say it again after a success
        #: Finished deals not yet in the statistics file (it could not be written): counted
        #: with the next deal, or said to be lost at :meth:`close`. Writer thread only.
        self._uncounted: list[gstats.DealResult] = []
        #: The session whose game the record format does not list, once said unsaved.
        self._unsaved_said: object = None
        self._save_result.connect(self._saved)
        self._stats_done.connect(self._counted)

    # ---- statistics ---------------------------------------------------------------

    def session_id(self) -> str:
        """An id of the session: its first deal's dealer and cards."""
        session = self.table.session
        assert session is not None
        first = session.logs[0]
        return gstats.session_id(session.game.name, first.dealer, first.hands)

    def count_deal(self) -> None:
        """Add the deal just finished to each person's statistics, once (a resumed session
        finishes its last deal again; see :func:`gamecore.stats.deal_result`). The file is
        written after the autosave's own writes, on the same writer thread, so statistics
        never count a deal the autosave lacks."""
        session = self.table.session
        if self.stats_path is None or session is None or self.table.practice.active:
            return
        result = gstats.deal_result(
            session, self.table.people, registryview.game_label(session.game)
        )
        path = self.stats_path

        def work() -> None:
            self._uncounted.append(result)
            notices, usable, written = persistence.count_deal(path, self._uncounted)
            if written or not usable:
                self._uncounted.clear()
            self._stats_done.emit(notices, usable, path)

        if self._autosaver is not None:
            self._autosaver.after(work)
        else:
            work()

    def _counted(self, notices: list[str], usable: bool, path: Path) -> None:
        for text in notices:
            self.table.notice(text)
        if not usable and self.stats_path == path:
            self.stats_path = None

    def close(self) -> None:
        """Stop keeping (the window closes): write what the autosave has queued, and say
        which finished deals never reached the statistics (the data folder could not be
        written until now)."""
        self.autosave_path = None  # flushes and stops the writer: _uncounted is settled
        if self._uncounted:
            n = len(self._uncounted)
            self._uncounted = []
            self.table.notice(
                f"{n} finished deal{'s' if n != 1 else ''} could not be counted in your "
                "statistics (the data folder could not be written) and "
                f"{'are' if n != 1 else 'is'} lost."
            )

    # ---- saving -------------------------------------------------------------------

    @property
    def autosave_path(self) -> Path | None:
        """Where the session is autosaved after every action (``None``: nowhere)."""
        return None if self._autosaver is None else self._autosaver.path

    @autosave_path.setter
    def autosave_path(self, path: Path | None) -> None:
        if self._autosaver is not None:
            if path == self._autosaver.path:
                return
            self._autosaver.close()
        self._autosaver = None if path is None else Autosaver(path, self._save_result.emit)

    def autosave(self) -> None:
        """Queue the session's autosave (after every action): the writer thread appends
        the new actions to the journal, or rewrites the record at a deal boundary. A
        practice deal is never saved (the session at the table stays as it was), nor a game
        the deal-record format does not list (a game registered for a test, a house game
        not yet in the format): that is said once, and the game plays on."""
        session = self.table.session
        if self._autosaver is None or session is None or self.table.practice.active:
            return
        if not descriptor(session.game.name).recorded:
            if self._unsaved_said is not session:
                self._unsaved_said = session
                self.table.notice(
                    f"This game of {registryview.game_label(session.game)} is not saved: "
                    "the deal-record format does not list it yet. You can play, but it is "
                    "not kept."
                )
            return
        self._autosaver.save(session, self.table_meta())

    def keep_finished(self) -> None:
        """Keep the finished session among the finished games of the data folder (its
        final standings are shown), for Game → Review a saved game: once another game
        began it was gone. Written on the autosave's thread after what it has queued (it
        reads the ten kept games to keep none twice); nothing when games are not saved; a
        failure is not said (the autosave says its own)."""
        session, saver = self.table.session, self._autosaver
        if saver is None or session is None or not session.complete:
            return
        if self.table.practice.active or not descriptor(session.game.name).recorded:
            return
        meta, folder = self.table_meta(), saver.path.parent

        def work() -> None:  # a finished session no longer changes
            with contextlib.suppress(OSError):
                savedgames.keep_finished(session, meta, folder)

        saver.after(work)

    def flush_autosave(self) -> bool:
        """Wait until the autosave is on disk (tests, quitting); False on timeout."""
        return self._autosaver is None or self._autosaver.flush()

    def on_disk(self) -> bool:
        """Whether the session at the table is in the autosave now: saving is on, every
        write queued so far is done, and the last one did not fail."""
        saver = self._autosaver
        return saver is not None and saver.flush() and not saver.failing

    def _saved(self, error: OSError | None) -> None:
        """A write of the autosave ended (GUI thread): say once that saving fails."""
        if error is None:
            self._save_failing = False
            return
        if not self._save_failing and self._autosaver is not None:
            self._save_failing = True
            self.table.notice(
                f"Games cannot be saved: {error.strerror or error} "
                f"({self._autosaver.path.parent}). You can play on; what was "
                "saved before is kept."
            )

    def table_meta(self) -> persistence.TableMeta:
        """Who sits where at this table, as the side file of a record keeps it, and whether
        a finished session's final standings were shown."""
        seats, session = self.table.seats, self.table.session
        shown = (
            session is None
            or not session.complete
            or self.table.deal_end.standings_shown_for is session
        )
        return persistence.TableMeta(
            [k.person for k in seats],
            self.table.allow_undo,
            [k.level for k in seats],
            standings_shown=shown,
        )

    def save_as(self, path: Path) -> None:
        """Save the session to ``path`` (a deal record). Raises ``OSError``."""
        if self.table.session is not None:
            persistence.save(self.table.session, path, self.table_meta())

    # ---- undo ---------------------------------------------------------------------

    def undo_target(self) -> int | None:
        """How many actions of the current deal to keep to take back the person's last
        card decision (see :meth:`Session.undo_point`), or ``None``."""
        session = self.table.session
        return None if session is None else session.undo_point(self.table.people)

    def undo(self) -> bool:
        """Take back to the person's previous decision in this deal: the deal is rewound
        (the same cards: nothing is re-dealt), not the whole session replayed."""
        table = self.table
        if not table.allow_undo or table.session is None:
            return False
        target = self.undo_target()
        if target is None:
            return False
        session, human = table.session, table.human
        session.rewind(target)
        table.resume(
            session,
            [k.person for k in table.seats],
            table.allow_undo,
            [k.level for k in table.seats],
            # the deal so far, then this, not "Resumed: …": the game was never left
            line="Undone: back to your last decision.",
        )
        table.human, table.viewer_ready = human, True
        table.refresh()
        self.autosave()
        return True
