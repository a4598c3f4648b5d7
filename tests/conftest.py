"""Shared pytest configuration for Parlour's tests."""

import os

# Qt picks its platform plugin when the first QApplication is constructed, so this must be set
# before any QApplication exists: at conftest import time, ahead of every fixture and test.
# Forced, not defaulted: CI and headless machines have no display, and tests must never open
# real windows on a developer's desktop either.
os.environ["QT_QPA_PLATFORM"] = "offscreen"
