"""Filesystem locations used by the tests."""

from pathlib import Path

# Repository root (the directory holding pyproject.toml).
ROOT = Path(__file__).resolve().parents[2]

# Test data kept in the repository.
DATA = ROOT / "tests" / "data"

# Project-wide shared material (rules, formats, conformance records) next to the repository.
# It is not part of the repository and may not exist, e.g. in a fresh CI clone.
SHARED = ROOT.parent / "shared"
