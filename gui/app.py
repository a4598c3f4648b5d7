"""Starting the application window (the only path that imports Qt from ``parlour``)."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from gui.mainwindow import MainWindow


def run(argv: list[str] | None = None) -> int:
    """Create the application, open the table with a game in progress, run the event loop."""
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Parlour")
    app.setOrganizationName("Parlour")
    window = MainWindow()
    window.show()
    window.start()
    return app.exec()
