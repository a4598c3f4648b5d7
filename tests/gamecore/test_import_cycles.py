"""No import cycle in ``gamecore`` (issue 22) but the one the stops engine is built on.

Every ``.py`` file under ``gamecore/`` is parsed (not imported) and every import it makes is
collected: at module level and inside functions and classes alike, since an import inside a
function still ties the two modules together (it only runs later). Imports under
``if TYPE_CHECKING:`` are left out: they never run. ``import a.b.c`` counts as an import of
``a.b.c``; ``from a.b import c`` counts as an import of ``a.b.c`` when that is a module,
else of ``a.b``; relative imports are resolved against the importing module's package.

A package's ``__init__`` is the module named by the package (``gamecore.agents``). Python
runs ``gamecore/agents/__init__.py`` before ``gamecore.agents.levels`` whenever the latter
is imported, but the graph counts only the edge to the module named: otherwise every module
of a package whose ``__init__`` imports one of its modules would be in a cycle with it, and
the test would say nothing about the modules themselves.

The strongly connected components of the graph (Tarjan's algorithm, iteratively) are the
cycles; the only one allowed is the stops engine's deal and its rules
(:mod:`gamecore.stops.deal` ↔ :mod:`gamecore.stops.game`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from paths import ROOT

PACKAGE = ROOT / "gamecore"
ALLOWED = frozenset({frozenset({"gamecore.stops.deal", "gamecore.stops.game"})})


def module_name(path: Path) -> str:
    """The dotted name of the module in ``path`` (a package's ``__init__``: the package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of ``gamecore``: dotted name → file."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement in ``tree`` that can run, at any depth."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The ``gamecore`` modules module ``name`` (file ``path``) imports, among ``known``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        for target in targets:
            while target and target not in known:  # an attribute path: its module
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def import_graph() -> dict[str, set[str]]:
    """Module → the ``gamecore`` modules it imports (see the module docstring)."""
    mods = modules()
    known = set(mods)
    return {name: imported(name, path, known) for name, path in mods.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` with more than one module (Tarjan's
    algorithm without recursion), each sorted, in order of their first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = len(index)
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph[succ]))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        out.append(sorted(component))
    return sorted(out)


def a_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One cycle through the first module of ``component``, as the modules along it (the
    first again at the end): a shortest path back, by breadth-first search."""
    start, members = component[0], set(component)
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for node in frontier:
            for succ in sorted(graph[node] & members):
                if succ == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [*reversed(path), start]
                if succ not in came:
                    came[succ] = node
                    nxt.append(succ)
        frontier = nxt
    return component


def test_the_graph_sees_imports_inside_functions_and_skips_type_checking() -> None:
    graph = import_graph()
    assert "gamecore.stops.game" in graph["gamecore.stops.deal"]
    assert "gamecore.stops.deal" in graph["gamecore.stops.game"]  # inside functions only
    assert "gamecore.stops.deal" not in graph["gamecore.interface"]  # TYPE_CHECKING only


def test_tarjan_finds_each_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert strongly_connected(graph) == [["a", "b", "c"], ["d", "e"]]
    assert a_cycle(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]


def test_no_import_cycle_but_the_stops_engine() -> None:
    graph = import_graph()
    found = [c for c in strongly_connected(graph) if frozenset(c) not in ALLOWED]
    assert not found, "import cycles in gamecore:\n" + "\n".join(
        f"  {len(c)} modules: {', '.join(c)}\n    e.g. {' -> '.join(a_cycle(graph, c))}"
        for c in found
    )
