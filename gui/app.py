"""Starting the application window (the only path that imports Qt from ``parlour``)."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from gui.appicon import app_icon
from gui.mainwindow import MainWindow


def run(argv: list[str] | None = None, game: str | None = None, profile: str | None = None,
        players: int | None = None) -> int:
    """Create the application, open the table with a game in progress (``game``, Pope Joan
    ``profile`` and ``players`` when given), run the event loop."""
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("Parlour")
    app.setOrganizationName("Parlour")
    app.setWindowIcon(app_icon())
    window = MainWindow(remember=True)
    if game is not None:
        window.game_name = game
        window.options = {"pj.profile": profile} if game == "pope-joan" and profile else {}
    if players is not None:
        window.players = players
    window.show()
    window.start()
    return app.exec()
