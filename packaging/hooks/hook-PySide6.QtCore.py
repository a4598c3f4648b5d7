"""Parlour's override of PyInstaller's hook for this PySide6 module: the same collection of
Qt libraries, plugins and translations, trimmed by bundle_rules.keep before PyInstaller
follows their shared-library dependencies (so a dropped plugin's libraries stay out too)."""

from bundle_rules import trimmed_qt_dependencies

hiddenimports, binaries, datas = trimmed_qt_dependencies(__file__)  # noqa: F821
