"""The one notice of the games kept among the abandoned games: every game left would
otherwise stack another banner above the table. The first kept names its game ("Your game
of Michigan (deal 1 of 4, 12 moves made) was kept…", not its file); while that notice is
up, the next ones make it a count, naming the last. A kept game opened again takes the
notice down (it stayed up, saying the game at the table was kept, and counted it twice
when that game was left again); only the game left to open it, if any, is said again."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from gamecore.match import Session
from gui.store import savedgames
from gui.windows.notices import NoticeBar


class KeptNotice:
    """The kept games' notice in ``notices``, shown with ``add`` (the window's
    ``add_notice``, which also says it in the status line)."""

    def __init__(self, notices: NoticeBar, add: Callable[[str], None]) -> None:
        self._notices = notices
        self._add = add
        #: The games the notice counts, (path, description) oldest first, and its text.
        self._shown: tuple[list[tuple[Path, str]], str] | None = None
        #: The game kept for the one replacing it, until that one is at the table.
        self._just: list[tuple[Path, str]] = []

    def games(self) -> list[tuple[Path, str]]:
        """The games the notice, if shown, counts: (path, description), oldest first."""
        if self._shown is None or self._shown[1] not in self._notices.texts():
            return []
        return list(self._shown[0])

    def say(self, kept: Path, session: Session) -> None:
        """``session`` was kept at ``kept``, for a game that replaces it."""
        entry = (kept, savedgames.described(session))
        self._show([*self.games(), entry])
        self._just = [entry]

    def settled(self) -> None:
        """The game that replaced the one kept is at the table (or did not come)."""
        self._just = []

    def forget(self, opened: Path) -> None:
        """The kept game at ``opened`` is back at the table: a notice that counts it goes,
        and says again only the game left to open it, if any (the games before that,
        said again, read as news of games left long before)."""
        if any(_same_file(p, opened) for p, _g in self.games()):
            self._show([g for g in self._just if not _same_file(g[0], opened)])

    def _show(self, games: list[tuple[Path, str]]) -> None:
        if self._shown is not None:
            self._notices.dismiss(self._shown[1])
        self._shown = None
        if games:
            text = savedgames.kept_words([g for _p, g in games])
            self._shown = (games, text)
            self._add(text)


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are one file (Browse… may name it another way)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a == b
