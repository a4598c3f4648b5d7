"""Where Parlour keeps its files: the platform's application-data location, never the
bundle or the working directory (so a frozen app started from any folder finds them)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def app_data_dir() -> Path:
    """The folder for saved games, the autosave and statistics (created if missing).

    ``PARLOUR_DATA_DIR`` overrides it (tests, portable installs)."""
    override = os.environ.get("PARLOUR_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir("Parlour",
                                                                          "Parlour"))
    path.mkdir(parents=True, exist_ok=True)
    return path
