"""Game → Open's chooser: the abandoned games, each shown as what it is (the game, the
players, "deal k of n" with the moves of a deal under way, the person's balance, the date),
and Browse… for any other saved game, shown the same way once chosen. Game → Review a saved
game lists the finished games in it (:data:`REVIEW_WORDS`).

The summaries are read on a worker thread, one file after another, so that the window
answers however many or long the files are; a row says "Reading…" until its summary comes.
A damaged file is a row that says why and cannot be opened.
"""

from __future__ import annotations

import html
import threading
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.store.savedgames import GameSummary, summarize
from gui.windows.dialogkit import heading_label, main_layout, plain_label, readable

_PATH = Qt.ItemDataRole.UserRole
#: A damaged file's row: dark red, readable on the list's light rows.
DAMAGED_COLOUR = "#9b1c1c"


def summary_lines(summary: GameSummary, named: bool = False) -> str:
    """A saved game in two lines for the list: "Pope Joan (classic board) · deal 3 of 8 ·
    Ben: 88 counters" (at a hot seat "Ann: 97, Ben: 88 counters") over "Ann, Ben, Cat · 9
    Mar 2024, 14:05"; with ``named`` (a file found by Browse…, which may be a copy of an
    abandoned game) the second line begins with the file's name; a file that cannot be
    opened (damaged, or no game at all) says so, why, and its file name; a file that opens
    only in part ends its first line with "partly damaged" (the row's tooltip says what is
    left out)."""
    when = "" if summary.when is None else f"{summary.when.day} {summary.when:%b %Y, %H:%M}"
    if summary.damaged is not None:
        second = " · ".join(x for x in (summary.path.name, when) if x)
        # "Damaged" would be wrong of a file that never was a game (a picture chosen by
        # Browse…): what the row says is what matters, that it does not open.
        return f"Cannot be opened: {summary.damaged}\n{second}"
    first = [summary.label, summary.progress]
    if summary.person is not None and summary.balance is not None:
        # every person at the screen (a hot seat's second player read as left out)
        people = [(summary.person, summary.balance), *summary.others]
        first.append(", ".join(f"{name}: {n}" for name, n in people) + " counters")
    if summary.partly is not None:
        first.append("partly damaged")
    name = summary.path.name if named else ""
    second = (x for x in (name, ", ".join(summary.players), when) if x)
    return " · ".join(first) + "\n" + " · ".join(second)


class ChooserWords(NamedTuple):
    """What the chooser says: its ``title``, the list's ``heading``, the line shown when
    the list is ``empty``, and its ``action`` button (with its accelerator)."""

    title: str
    heading: str
    empty: str
    action: str


OPEN_WORDS = ChooserWords(
    "Open a saved game",
    "Abandoned games",
    "No abandoned games. Browse… finds any other saved game.",
    "&Open",
)
REVIEW_WORDS = ChooserWords(
    "Review a saved game",
    "Finished games",
    "No finished games. Browse… finds any other saved game.",
    "&Review",
)


class _Reader(QObject):
    """Carries summaries from the worker thread to the chooser (a queued signal). It has no
    parent: the thread's reference keeps it alive after the chooser has gone."""

    read = Signal(object)


class OpenChooser(QDialog):
    """The chooser (``objectName`` "openChooser"). ``paths``: the saved games to list (the
    abandoned games, newest first); ``folder``: where Browse… starts; ``words``: what it
    says (Open's, or :data:`REVIEW_WORDS`). :attr:`chosen` gives
    the path of the game to open (Open, Enter or a double click on a readable game);
    :attr:`file_dialog` is Browse…'s dialog once opened; :attr:`summaries` holds what has
    been read, by path."""

    chosen = Signal(object)

    def __init__(
        self,
        parent: QWidget | None,
        paths: list[Path],
        folder: Path,
        words: ChooserWords = OPEN_WORDS,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("openChooser")
        self.setWindowTitle(words.title)
        readable(self)
        self.folder = folder
        self.file_dialog: QFileDialog | None = None
        self.summaries: dict[Path, GameSummary] = {}
        #: The files found by Browse…, whose rows name their file (the list's own rows are
        #: the abandoned games; Browse… starts in the folder last used, often another).
        self.found: set[Path] = set()
        self._stop = threading.Event()
        self._reader = _Reader()
        self._reader.read.connect(self._summarized)
        layout = main_layout(self)
        self.heading = heading_label(words.heading, self)
        self.heading.setWordWrap(True)  # a longer heading never widens the window
        layout.addWidget(self.heading)
        self.games = QListWidget(self)
        self.games.setObjectName("savedGames")
        self.games.setAccessibleName("Saved games")
        self.games.setAlternatingRowColors(True)
        # Two lines a game, each wrapped to the width: a long reason for a damaged file
        # stays readable without scrolling sideways.
        self.games.setWordWrap(True)
        self.games.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.games.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.games.setSpacing(2)
        self.games.setMinimumSize(520, 260)
        self.games.currentItemChanged.connect(lambda *_: self._update_open())
        self.games.itemActivated.connect(lambda _item: self._open())
        layout.addWidget(self.games, 1)
        self.empty = plain_label(words.empty, self, "noGames")
        layout.addWidget(self.empty)
        self._build_buttons(layout, words.action)
        self.finished.connect(lambda _r: self._stop.set())
        self._add(paths)
        if self.games.count():
            self.games.setCurrentRow(0)
        self.empty.setVisible(not paths)
        if not paths:
            # Nothing here to open: no empty white box, and Enter browses (a tester met
            # an empty list under "Abandoned games" with Open greyed out as the default).
            self.games.hide()
            self.open_button.setDefault(False)
            self.browse_button.setDefault(True)
            self.browse_button.setFocus()
        self._update_open()

    def _build_buttons(self, layout: QVBoxLayout, action: str) -> None:
        buttons = QDialogButtonBox(self)
        self.browse_button = buttons.addButton("&Browse…", QDialogButtonBox.ButtonRole.ActionRole)
        self.browse_button.setObjectName("browse")
        self.browse_button.setAutoDefault(False)
        self.browse_button.clicked.connect(self.browse)
        self.open_button = buttons.addButton(action, QDialogButtonBox.ButtonRole.AcceptRole)
        self.open_button.setObjectName("open")
        self.open_button.setDefault(True)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setObjectName("cancel")
        # Open is handled here, not by the box: a damaged or unread row does not close it.
        self.open_button.clicked.connect(self._open)
        cancel.clicked.connect(self.reject)
        layout.addWidget(buttons)

    # ---- the rows -------------------------------------------------------------------

    def _add(self, paths: list[Path], first: bool = False) -> None:
        """Rows for ``paths`` (at the top with ``first``), read on a worker thread."""
        for k, path in enumerate(paths):
            item = QListWidgetItem(f"Reading…\n{path.name}")
            item.setData(_PATH, str(path))
            item.setToolTip(str(path))
            if first:
                self.games.insertItem(k, item)
            else:
                self.games.addItem(item)
        reader, stop = self._reader, self._stop

        def work() -> None:
            for path in paths:
                if stop.is_set():
                    return
                reader.read.emit(summarize(path))

        threading.Thread(target=work, name="parlour-summaries", daemon=True).start()

    def _summarized(self, summary: GameSummary) -> None:
        self.summaries[summary.path] = summary
        for row in range(self.games.count()):
            item = self.games.item(row)
            if item.data(_PATH) == str(summary.path):
                lines = summary_lines(summary, named=summary.path in self.found)
                item.setText(lines)
                item.setData(Qt.ItemDataRole.AccessibleTextRole, lines)
                if summary.damaged is not None:
                    item.setForeground(QColor(DAMAGED_COLOUR))
                if summary.partly is not None:  # it opens: what is left out, on hovering
                    item.setToolTip(f"<p>{html.escape(summary.partly)}</p>")  # rich: it wraps
        self._update_open()

    def selected(self) -> Path | None:
        """The path of the current row, or ``None``."""
        item = self.games.currentItem()
        return None if item is None else Path(item.data(_PATH))

    def _openable(self) -> Path | None:
        path = self.selected()
        summary = None if path is None else self.summaries.get(path)
        return path if summary is not None and summary.damaged is None else None

    def _update_open(self) -> None:
        self.open_button.setEnabled(self._openable() is not None)

    def _open(self) -> None:
        path = self._openable()
        if path is None:
            return
        self.accept()
        self.chosen.emit(path)

    # ---- Browse… ----------------------------------------------------------------------

    def browse(self) -> None:
        """Browse… for any saved game (``*.parlour.json``); the file chosen becomes the
        first row, selected, and is read like the others."""
        dlg = QFileDialog(
            self,
            "Find a saved game",
            str(self.folder),
            "Parlour games (*.parlour.json);;All files (*)",
        )
        dlg.setObjectName("openDialog")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
        dlg.fileSelected.connect(lambda name: name and self.add_file(Path(name)))
        self.file_dialog = dlg
        dlg.open()

    def add_file(self, path: Path) -> None:
        """Show ``path`` as the first row, selected (once only), and read its summary."""
        for row in range(self.games.count()):
            if self.games.item(row).data(_PATH) == str(path):
                self.games.setCurrentRow(row)
                return
        self.empty.hide()
        self.games.show()
        self.browse_button.setDefault(False)
        self.open_button.setDefault(True)
        # The list is no longer the abandoned games only: the file found comes first.
        self.heading.setText("Games you found, then the abandoned games")
        self.summaries.pop(path, None)
        self.found.add(path)
        self._add([path], first=True)
        self.games.setCurrentRow(0)
