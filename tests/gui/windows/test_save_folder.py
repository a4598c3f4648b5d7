"""Game → Save As starts in the folder of the last game saved or opened, else in the
person's documents folder, not the home folder (a tester's dialog opened in /root)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from gui.windows.mainwindow import MainWindow

WAIT = 10_000


def _save_dialog_folder(qtbot, window: MainWindow) -> Path:
    window.save_action.trigger()
    dlg = window.file_dialog
    assert isinstance(dlg, QFileDialog) and dlg.isVisible()
    folder = Path(dlg.directory().absolutePath())
    dlg.reject()
    return folder


def test_save_as_starts_in_the_documents_folder_then_where_the_last_game_went(
    qtbot, tmp_path, monkeypatch
):
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DOCUMENTS_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    window = MainWindow(pace=0, seed=4)
    qtbot.addWidget(window)
    window.show()
    window.start()
    window.prefs.files_folder = None
    assert _save_dialog_folder(qtbot, window) == home / "Documents"
    elsewhere = tmp_path / "games"
    elsewhere.mkdir()
    assert window.save_file(elsewhere / "mine")
    # the side file is said, so that both are copied to move the game
    assert sorted(p.name for p in elsewhere.iterdir()) == [
        "mine.parlour.json",
        "mine.parlour.table.json",
    ]
    assert window.status_label.text() == (
        "Saved mine.parlour.json, with who sits where in mine.parlour.table.json beside it."
    )
    assert _save_dialog_folder(qtbot, window) == elsewhere
    (home / "Documents").rmdir()
    window.prefs.files_folder = None
    assert _save_dialog_folder(qtbot, window) == home  # no documents folder: home
