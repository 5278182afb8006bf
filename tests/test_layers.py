"""The engine is a layer a new maintainer can see: no import cycle inside ``comet``, nothing above
it imported, no module over ~400 lines.

Imports are read from the source (AST): at module level and inside functions alike (a lazy
import is still a dependency); an ``if TYPE_CHECKING:`` block never runs, so it does not count.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMET = ROOT / "comet"
ABOVE = {"comet_render", "comet_learn", "comet_openspiel", "widgets", "bookkit"}
"""The layers above the engine (README, "Layout"), which it must never import (the OpenSpiel adapter,
which needs OpenSpiel and numpy, is one of them: ``comet_openspiel``)."""
MAX_LINES = 400


def _module(path: Path) -> str:
    return "comet" if path.stem == "__init__" else f"comet.{path.stem}"


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports when it runs (functions included, ``TYPE_CHECKING`` blocks not)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit_node(other)
                continue
            visit_node(child)

    def visit_node(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: relative import"
            module = node.module or ""
            if module == "comet":  # from comet import events: the submodule if there is one
                found.update(f"comet.{a.name}" if (COMET / f"{a.name}.py").exists() else "comet" for a in node.names)
            else:
                found.add(module)
        visit(node)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def graph() -> dict[str, set[str]]:
    return {_module(p): imports_of(p) for p in sorted(COMET.glob("*.py"))}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v] & edges.keys()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in edges[v]:
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return found


def test_no_import_cycle_in_comet() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_comet_imports_nothing_above_it_and_only_the_standard_library() -> None:
    stdlib = set(sys.stdlib_module_names)
    for module, imported in graph().items():
        tops = {name.split(".")[0] for name in imported}
        assert not tops & ABOVE, f"{module} imports {sorted(tops & ABOVE)}: comet is the engine, below them"
        outside = tops - stdlib - {"comet"}
        assert not outside, f"{module} imports {sorted(outside)}: comet is standard library only"


def test_type_checking_imports_do_not_count_and_lazy_ones_do(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from comet.round import Round\n"
                      "def f():\n    from comet.view import RoundView\n    import comet_render\n", encoding="utf-8")
    assert imports_of(source) == {"typing", "comet.view", "comet_render"}


@pytest.mark.parametrize("path", sorted(COMET.glob("*.py")), ids=lambda p: p.name)
def test_no_module_over_about_400_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.name} has {lines} lines: split it by concern"


def test_the_engine_stays_small() -> None:
    """The engine (no generated data in it) stays under 6,000 lines."""
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in COMET.glob("*.py"))
    assert lines < 6000, f"comet has {lines} lines"


def test_the_openspiel_adapter_sits_above_the_engine() -> None:
    """OpenSpiel and numpy are imported by the adapter's own package only, which imports the engine."""
    adapter = ROOT / "comet_openspiel"
    tops = {name.split(".")[0] for p in adapter.glob("*.py") for name in imports_of(p)}
    assert {"comet", "pyspiel", "numpy"} <= tops
    assert not tops & (ABOVE - {"comet_openspiel"})
