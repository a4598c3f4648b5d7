"""Shared pytest configuration for Parlour's tests."""

import os

# Qt picks its platform plugin when the first QApplication is constructed, so this must be set
# before any QApplication exists: at conftest import time, ahead of every fixture and test.
# Forced, not defaulted: CI and headless machines have no display, and tests must never open
# real windows on a developer's desktop either.
os.environ["QT_QPA_PLATFORM"] = "offscreen"

# Settings and saved games go to a throwaway folder, never the user's own: QSettings and the
# platform data locations follow these variables on Linux.
_TMP_HOME = __import__("tempfile").mkdtemp(prefix="parlour-tests-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_TMP_HOME, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_TMP_HOME, "data")
