"""Where Parlour keeps its files: the platform's application-data location, never the
bundle or the working directory (so a frozen app started from any folder finds them)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir_path() -> Path:
    """Where the folder for saved games, the autosave and statistics belongs.

    ``PARLOUR_DATA_DIR`` overrides it (tests, portable installs)."""
    override = os.environ.get("PARLOUR_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("Parlour", "Parlour"))


def app_data_dir() -> Path:
    """:func:`data_dir_path`, created if missing. Raises ``OSError`` when it cannot be (a
    file where the folder belongs, no permission); the table then plays without saving."""
    path = data_dir_path()
    path.mkdir(parents=True, exist_ok=True)
    if not path.is_dir():
        raise NotADirectoryError(20, "Not a directory", str(path))
    return path
