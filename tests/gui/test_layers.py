"""The rooms of ``gui/`` and the one way their imports run (docs/architecture.md).

Every import under ``gui/`` is read with :mod:`ast` (at module level and inside functions;
absolute and relative): a room imports only itself and the rooms to its right in
``app → windows → play → {table, model, store} → gamecore``; the model room never imports
Qt; the store room imports no Qt module but QtCore; ``gui/`` holds rooms and its
``__init__.py``, no other module.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from paths import ROOT

GUI = ROOT / "gui"

#: Each room and the rooms it may import (itself included).
MAY_IMPORT: dict[str, frozenset[str]] = {
    "app": frozenset({"app", "windows", "play", "table", "model", "store"}),
    "windows": frozenset({"windows", "play", "table", "model", "store"}),
    "play": frozenset({"play", "table", "model", "store"}),
    "table": frozenset({"table", "model"}),
    "model": frozenset({"model"}),
    "store": frozenset({"store"}),
}
ROOMS = frozenset(MAY_IMPORT)

#: Outside gui/, the model room imports only these (beside the standard library), the store
#: room these and QtCore; platformdirs finds the data folder (gui/store/paths.py).
PLAIN = ("__future__", "gamecore")
STORE_EXTRA = ("PySide6.QtCore", "platformdirs")


def _within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _stdlib(module: str) -> bool:
    return module.split(".")[0] in sys.stdlib_module_names


def imported(package: str, source: str) -> list[tuple[int, str]]:
    """(line, module) for every import in ``source``, a module of ``package`` (dotted);
    ``from a import b`` gives ``a.b`` (b may be a module), relative imports resolved."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def violations(module: str, source: str) -> list[str]:
    """What in ``source`` (the module ``gui.ROOM....``) breaks the rooms' rules."""
    parts = module.split(".")
    room = parts[1]
    package = ".".join(parts[:-1])
    bad = []
    for line, target in imported(package, source):
        where = f"{module}:{line} imports {target}"
        if target == "gui" or target.startswith("gui."):
            names = target.split(".")
            if len(names) < 2 or names[1] not in ROOMS:
                bad.append(f"{where}: not a room of gui/")
            elif names[1] not in MAY_IMPORT[room]:
                bad.append(f"{where}: the {room} room may not import the {names[1]} room")
        elif room == "model" and not (_stdlib(target) or _within(target, PLAIN)):
            bad.append(
                f"{where}: the model room imports only gamecore and the standard library (no Qt)"
            )
        elif room == "store" and not (_stdlib(target) or _within(target, PLAIN + STORE_EXTRA)):
            bad.append(f"{where}: the store room imports no Qt module but QtCore")
    return bad


def _modules() -> list[Path]:
    return sorted(p for p in GUI.rglob("*.py") if "__pycache__" not in p.parts)


def _name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def test_gui_holds_only_rooms() -> None:
    """No module at the top of gui/ but __init__.py; every folder there is a room."""
    top = sorted(p.name for p in GUI.iterdir() if p.name != "__pycache__")
    assert [n for n in top if n != "__init__.py" and n not in ROOMS] == []
    assert all((GUI / room / "__init__.py").is_file() for room in ROOMS)
    # Importing gui imports no room (and so no Qt).
    source = (GUI / "__init__.py").read_text(encoding="utf-8")
    assert [m for _line, m in imported("gui", source) if m.startswith("gui")] == []


@pytest.mark.parametrize("path", [p for p in _modules() if p.parent != GUI], ids=_name)
def test_imports_run_one_way(path: Path) -> None:
    assert violations(_name(path), path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("gui.play.controller", "from gui.windows.dialogs import DealSummaryDialog"),
        ("gui.play.controller", "def f():\n    from gui.windows import dialogs\n"),
        ("gui.play.controller", "from ..windows import dialogs"),
        ("gui.play.controller", "import gui.app.cli"),
        ("gui.windows.mainwindow", "from gui import app"),
        ("gui.table.view", "from gui.store import settings"),
        ("gui.table.view", "from gui.play.seats import SeatKind"),
        ("gui.model.presenter", "from PySide6.QtCore import Qt"),
        ("gui.model.presenter", "import PySide6"),
        ("gui.model.presenter", "from gui.table import view"),
        ("gui.model.snapshot", "from ..store.settings import Prefs"),
        ("gui.store.settings", "from PySide6.QtGui import QColor"),
        ("gui.store.settings", "from PySide6 import QtWidgets"),
        ("gui.store.paths", "def f():\n    import PySide6.QtNetwork\n"),
        ("gui.store.persistence", "from gui.model import presenter"),
        ("gui.windows.dialogs", "from gui import persistence"),
    ],
)
def test_the_check_sees_a_broken_rule(module: str, source: str) -> None:
    assert violations(module, source)


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("gui.app.cli", "from gui.windows.mainwindow import MainWindow\nimport gui.store.paths"),
        ("gui.windows.mainwindow", "from gui.play import controller\nfrom ..table.view import X"),
        ("gui.play.controller", "from gui.model import presenter\nfrom gui.store import autosave"),
        ("gui.table.view", "from gui.model.snapshot import TableSnapshot\nfrom . import items"),
        (
            "gui.model.presenter",
            "import json\nfrom gamecore.cards import card_label\nfrom . import x",
        ),
        ("gui.store.settings", "from PySide6.QtCore import QSettings\nfrom PySide6 import QtCore"),
    ],
)
def test_the_check_lets_the_rooms_be(module: str, source: str) -> None:
    assert violations(module, source) == []
