"""Habits that keep the table's code in rooms of a size a person can read (issue 23).

Every function and method under ``gui/`` is at most :data:`LIMIT` lines long (its ``def``
line to its last line, docstring included), and no module under ``gui/`` is over
:data:`MODULE_LIMIT` lines. A longer one is split into named helpers, not waved through:
there is no list of exceptions here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from paths import ROOT

LIMIT = 60
MODULE_LIMIT = 500
GUI = ROOT / "gui"
MODULES = sorted(GUI.rglob("*.py"))


def long_functions(source: str, limit: int = LIMIT) -> list[tuple[str, int, int]]:
    """``(name, first line, length)`` of every function or method in ``source`` (text of a
    module) longer than ``limit`` lines."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > limit:
                out.append((node.name, node.lineno, length))
    return out


def test_the_check_finds_a_long_function() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    assert long_functions(f"def f():\n{body}\n") == [("f", 1, LIMIT + 1)]
    short = "\n".join(f"        x{i} = {i}" for i in range(LIMIT - 1))
    assert long_functions(f"class C:\n    def g(self):\n{short}\n") == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_gui_function_is_over_the_limit(path: Path) -> None:
    assert long_functions(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_gui_module_is_over_the_limit(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MODULE_LIMIT
