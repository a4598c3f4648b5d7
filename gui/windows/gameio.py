"""The main window's saved games as files: Game → Open (the chooser of the abandoned games,
Browse… for any other), reading a file and replaying it off the GUI thread (for Open, for a
review of a file, and for the saved game at start-up), and Game → Save As.

A mixin of :class:`~gui.windows.mainwindow.MainWindow`: it relies on the window's attributes
declared below and on :class:`~gui.windows.gamefiles.GameFilesMixin` (``_started``,
``_replace_game``, ``resume``) and the side windows (``open_review``).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from gamecore.errors import ParlourError
from gamecore.limits import short_message
from gui.store import persistence, savedgames, settings
from gui.windows.afterpaint import after_first_paint
from gui.windows.openchooser import OpenChooser

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QGraphicsView, QLabel, QProgressBar

    from gamecore.match import Session
    from gui.play.controller import Controller
    from gui.windows.notices import NoticeBar


#: The status line while the saved game is read at start-up (cleared when it has been read).
READING_SAVED = "Reading your saved game…"
#: The status line when New Game is asked for meanwhile (cleared likewise).
NEW_GAME_AFTER = "Your saved game is being read: New Game can be chosen once it is open."
#: The window's title while the saved game is read at start-up (no game is at the table).
READING_TITLE = "Parlour — reading your saved game"


class GameIOMixin:
    """Game → Open, reading a saved game off the GUI thread, and Game → Save As."""

    controller: Controller
    data_dir: Path | None
    prefs: settings.Prefs
    remember: bool
    loading: Path | None
    busy: QProgressBar
    status_label: QLabel
    view: QGraphicsView
    file_dialog: QFileDialog | None
    notices: NoticeBar
    open_chooser: OpenChooser | None
    _loaded: SignalInstance
    _purpose: str
    #: The notice of what the damage of the file opened at the table left out, while it is
    #: that game at the table (it stayed up over the next file opened).
    file_note: str | None

    def _open_folder(self) -> Path:
        """Where Game → Open's Browse… starts: the folder of the person's games (see
        :meth:`_files_folder`) once there is one, else the abandoned games, else the
        documents folder or home (:meth:`_files_folder`)."""
        abandoned = None if self.data_dir is None else self.data_dir / persistence.ABANDONED
        if not self.prefs.files_folder and abandoned is not None and abandoned.is_dir():
            return abandoned
        return self._files_folder()

    def _files_folder(self) -> Path:
        """The folder of the last game saved with Save As or opened from outside the data
        folder, while it is there; else the person's documents folder, as the desktop names
        it (Qt's standard paths), when it exists; else the home folder."""
        folder = Path(self.prefs.files_folder) if self.prefs.files_folder else None
        if folder is not None and folder.is_dir():
            return folder
        docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        return Path(docs) if docs and Path(docs).is_dir() else Path.home()

    def _used_folder(self, path: Path) -> None:
        """``path`` was saved, or opened from outside the data folder: its folder is where
        the next Save As and Browse… start (kept between runs)."""
        folder = path.resolve().parent
        if self.data_dir is not None and folder.is_relative_to(self.data_dir.resolve()):
            return  # the abandoned games are Open's own list, not the person's folder
        self.prefs.files_folder = str(folder)
        if self.remember:
            settings.save_prefs(self.prefs)

    def ask_open(self) -> None:
        """Game → Open: the chooser lists the abandoned games, each shown as what it is, and
        Browse… finds any other saved game (``*.parlour.json``); the one chosen is opened by
        :meth:`open_file`."""
        dlg = OpenChooser(self, savedgames.abandoned_games(self.data_dir), self._open_folder())
        dlg.chosen.connect(self.open_file)
        self.open_chooser = dlg
        self._modal(dlg)

    def open_file(self, path: Path) -> None:
        """Open the saved game at ``path``. It is read and replayed on a worker thread (a
        long session takes a second or more) while the window stays responsive, with a
        busy indication, and the game holds. A bad file leaves the current game untouched
        and says why in one line; a good one replaces the current game, after the person's
        confirmation when it has progress (it is then kept among the abandoned games).
        :attr:`loading` is the path being read, ``None`` when done."""
        self._read(path, "open")

    def _read(self, path: Path, purpose: str, read: Callable[[Path], object] | None = None) -> None:
        """Read and replay ``path`` with ``read`` (default
        :func:`~gui.store.persistence.load_noted`)
        on a worker thread, then ``purpose`` it: "open" (as the game at the table), "review"
        (in the review window), or at start-up (``read`` is
        :func:`~gui.store.persistence.check_autosave`) "offer" or "resume"."""
        if self.loading is not None:
            return
        self.loading = path
        self._purpose = purpose
        self.controller.hold()
        self.busy.show()
        self.set_reading(True)
        QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
        starting = purpose in ("offer", "resume")
        self.show_status(READING_SAVED if starting else f"Reading {path.name}…")
        if starting:  # no game is at the table yet: the title names none
            self.setWindowTitle(READING_TITLE)

        def work() -> None:
            try:
                self._loaded.emit(
                    path, persistence.read_in_background(read or persistence.load_noted, path), None
                )
            except ParlourError as e:
                self._loaded.emit(path, None, short_message(str(e)))
            except Exception as e:  # noqa: BLE001 - a file must never crash the table
                self._loaded.emit(path, None, f"it cannot be read ({type(e).__name__})")

        reader = threading.Thread(target=work, name="parlour-open", daemon=True)
        if starting:  # the window paints first (see gui.windows.afterpaint)
            after_first_paint(self.view.viewport(), reader.start)
        else:
            reader.start()

    def _on_loaded(self, path: Path, loaded: object, error: str | None) -> None:
        """What a worker of :meth:`_read` read from ``path``: a ``(session, meta, note)``
        triple (``note``: what was wrong with its journal, or ``None``), a
        :class:`~gui.store.persistence.Checked` at start-up, or ``None`` and ``error``."""
        self.loading = None
        self.busy.hide()
        self.set_reading(False)
        QApplication.restoreOverrideCursor()
        self.controller.release()
        if self._purpose in ("offer", "resume"):
            if self.status_label.text() in (READING_SAVED, NEW_GAME_AFTER):
                self.show_status("")  # what follows says its own
            if not self.isVisible():
                return  # the window was closed meanwhile: nothing begins behind it
            if not isinstance(loaded, persistence.Checked):  # never stop the start, nor write
                loaded = persistence.Checked(  # over a saved game that could not be read
                    notices=[
                        f"Your saved game could not be read ({error}): games will not "
                        "be saved this time, so that it is not written over."
                    ],
                    writable=False,
                )
            self._started(loaded, self._purpose == "resume")
            return
        if loaded is None:
            self._warn("This file cannot be opened", short_message(f"{path.name}: {error}"))
            self.show_status(f"{path.name} was not opened.")
            return
        assert isinstance(loaded, tuple)  # Open's and review's reader: (session, meta, note)
        if self.status_label.text() == f"Reading {path.name}…":
            # read: "Keep playing" must not leave it said, nor an empty line (the table's
            # own line again: "Your lead: …" had gone until the next move)
            self.show_status(self.controller.table_line)
        self._open_read(path, *loaded)

    def _open_read(
        self, path: Path, session: Session, meta: persistence.TableMeta, note: str | None
    ) -> None:
        """Open (or review) the game read from ``path``, with the ``note`` of what its
        damage left out, if any."""
        if self._purpose == "review":
            # a damaged record or journal: what the review leaves out, said in the review
            # (a notice on the table read as if the game there had been replaced)
            people = [s for s, person in enumerate(meta.people) if person]
            self.open_review(session, None, people=people, note=note)
            return

        def opened() -> None:  # only once the person chose to leave the game at stake
            self.resume(session, meta)
            self.forget_file_note()
            self.kept.forget(path)
            if note is not None:  # what was left out: said once it is true
                self.add_notice(note)
                self.file_note = note
            self.show_status(f"Opened {named}.")
            self._used_folder(path)
            self.controller.keeper.autosave()
            if note is None:  # a file opened in part is left as it is (the note says so)
                self._take_from_abandoned(path)

        # a kept game as the game it is: "Leave your game … to open 20261205-012100-308893-
        # pope-joan.parlour.json?" named a file the person never named
        kept = self._in_abandoned(path)
        named = f"your game of {savedgames.described(session)}" if kept else path.name
        self._replace_game(opened, f"open {named}")

    def _take_from_abandoned(self, path: Path) -> None:
        """A kept game opened again is the game at the table, in the autosave: it leaves the
        abandoned games once the autosave holds it (it stayed listed at its old place, and
        a game finished at the table could be opened there and played again). Left
        again, it is kept again. A game opened from anywhere else stays where it is."""
        if not self._in_abandoned(path) or not self.controller.keeper.on_disk():
            return
        for f in (path, persistence.meta_path(path)):
            with contextlib.suppress(OSError):
                f.unlink()

    def _in_abandoned(self, path: Path) -> bool:
        """Whether ``path`` is one of the abandoned games of the data folder."""
        if self.data_dir is None:
            return False
        try:
            return path.resolve().parent == (self.data_dir / persistence.ABANDONED).resolve()
        except OSError:
            return False

    def forget_file_note(self) -> None:
        """The game opened from a damaged file has left the table: its notice goes too."""
        if self.file_note is not None:
            self.notices.dismiss(self.file_note)
            self.file_note = None

    def _save_name(self) -> str:
        """Save As's suggested file name: the game and today's date
        ("spoil-five-2026-12-03.parlour.json"; it said "game.parlour.json" for every game)."""
        session = self.controller.session
        game = session.game.name if session is not None else "game"
        return f"{game}-{date.today():%Y-%m-%d}.parlour.json"

    def ask_save(self) -> None:
        """Game → Save As: write the session as a deal record."""
        if self.controller.practice.active:
            self.show_status("A practice deal is not saved; your game is saved as always.")
            return
        dlg = QFileDialog(
            self,
            "Save the game",
            str(self._files_folder() / self._save_name()),
            "Parlour games (*.parlour.json)",
        )
        dlg.setObjectName("saveDialog")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dlg.fileSelected.connect(lambda name: name and self.save_file(Path(name)))
        self.file_dialog = dlg
        self._modal(dlg)

    def save_file(self, path: Path) -> bool:
        """Save the session to ``path`` (``.parlour.json`` added when missing); a failure is
        said in one message. Returns whether it was saved."""
        if not path.name.endswith(".parlour.json"):
            path = path.with_name(path.name + ".parlour.json")
        try:
            self.controller.keeper.save_as(path)
        except OSError as e:
            self._warn("The game was not saved", f"{path}: {e.strerror or e}")
            return False
        except ParlourError as e:  # a game the deal-record format does not list
            self._warn("The game was not saved", short_message(str(e)))
            return False
        # The record's format has no room for who sits where: a second file beside it keeps
        # that, and a person moving the game should know to take both.
        side = persistence.meta_path(path).name
        self.show_status(f"Saved {path.name}, with who sits where in {side} beside it.")
        self._used_folder(path)
        return True
