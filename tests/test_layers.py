"""Every package is a layer a new maintainer can see: no import cycle inside any package, no module
over ~400 lines (generated data aside: there is none), the engine importing nothing above it and only
the standard library, no widget toolkit (ipywidgets) in the engine's packages (``comet*``) nor under the
widgets' controllers (issue 27 for the engine; issue 37 for every package).

Imports are read from the source (AST): at module level and inside functions alike (a lazy
import is still a dependency); an ``if TYPE_CHECKING:`` block never runs, so it does not count.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMET = ROOT / "comet"
ABOVE = {"comet_render", "comet_learn", "comet_openspiel", "widgets", "website", "bookkit", "rooms"}
"""The layers above the engine (README, "Layout"), which it must never import (the OpenSpiel adapter,
which needs OpenSpiel and numpy, is one of them: ``comet_openspiel``)."""
PACKAGES = ("comet", *sorted(ABOVE))
"""Every package of the project (pyproject.toml's ``packages``; tests/test_packaging.py checks the list)."""
MAX_LINES = 400
TOO_LONG_FOR_NOW: dict[str, str] = {}
"""Modules over :data:`MAX_LINES` for a stated reason, each to be split (the test fails once one is short
enough, so that the entry goes)."""


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules_of(package: str) -> list[Path]:
    """Every module of ``package``, its subpackages' included."""
    return sorted(p for p in (ROOT / package).rglob("*.py") if "__pycache__" not in p.parts)


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
            folder = ROOT.joinpath(*module.split("."))
            if module and (folder / "__init__.py").exists():  # from comet import events: the submodule if there is one
                found.update(f"{module}.{a.name}" if (folder / f"{a.name}.py").exists() or (folder / a.name).is_dir()
                             else module for a in node.names)
            else:
                found.add(module)
        visit(node)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def graph(package: str = "comet") -> dict[str, set[str]]:
    """Each module of ``package`` and what it imports."""
    return {_module(p): imports_of(p) for p in modules_of(package)}


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


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle_in_any_package(package: str) -> None:
    edges = graph(package)
    assert len(edges) > 1 and cycles(edges) == []


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


@pytest.mark.parametrize("lower", ["comet_render", "comet_learn", "widgets", "rooms"])
def test_the_website_is_built_on_the_widgets_never_below_them(lower: str) -> None:
    """The website's modules (pages, landing, headings, Voilà's request: ``website``) left ``widgets``
    for a package of their own (issue 45), which the tables and the trainers never import."""
    for module, imported in graph(lower).items():
        assert not {name.split(".")[0] for name in imported} & {"website"}, f"{module} imports the website"
    assert "widgets.play" in graph("website")["website.pages"]


def test_the_checks_see_what_they_look_for() -> None:
    """The graphs name the modules imported by name (``from widgets.controllers import table``), and the
    checks would find a widget toolkit imported in a controller."""
    assert "widgets.controllers.checks" in graph("widgets")["widgets.controllers.table"]
    assert "comet.events" in graph()["comet.calls"] and "comet_render.words" in graph("comet_render")["comet_render.narrate"]
    assert "ipywidgets" in imports_of(ROOT / "widgets" / "calc.py")
    assert set(PACKAGES) == set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])


def test_type_checking_imports_do_not_count_and_lazy_ones_do(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from comet.round import Round\n"
                      "def f():\n    from comet.view import RoundView\n    import comet_render\n", encoding="utf-8")
    assert imports_of(source) == {"typing", "comet.view", "comet_render"}


@pytest.mark.parametrize("path", [p for package in PACKAGES for p in modules_of(package)],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_over_about_400_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    name = path.relative_to(ROOT).as_posix()
    if name in TOO_LONG_FOR_NOW:
        assert lines > MAX_LINES, f"{name} has {lines} lines now: take it off TOO_LONG_FOR_NOW"
        return
    assert lines <= MAX_LINES, f"{name} has {lines} lines: split it by concern"


@pytest.mark.parametrize("path", [p for package in PACKAGES for p in modules_of(package)
                                  if package.startswith("comet") or "controllers" in p.parts],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_widget_toolkit_in_the_engine_or_the_controllers(path: Path) -> None:
    """The engine's packages (``comet``, ``comet_render``, ``comet_learn``, ``comet_openspiel``) and the
    widgets' controllers never import ipywidgets (the controllers are plain classes the views show)."""
    tops = {name.split(".")[0] for name in imports_of(path)}
    assert "ipywidgets" not in tops, f"{path.relative_to(ROOT)} imports ipywidgets"


def test_the_engine_stays_small() -> None:
    """The engine (no generated data in it) stays about 6,000 lines (issue 27). Issue 37 added about 180:
    the checks of every value a constructor or reader takes, and the tables of what a pack can make
    (comet.tables), filled before any hand asks. Issue 43 about 20: a record's refusals say at which
    move, which seat is to play and what it may do, and refuse plays with no deal to replay them on."""
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in COMET.glob("*.py"))
    assert lines < 6230, f"comet has {lines} lines"


def test_the_openspiel_adapter_sits_above_the_engine() -> None:
    """OpenSpiel and numpy are imported by the adapter's own package only, which imports the engine."""
    adapter = ROOT / "comet_openspiel"
    tops = {name.split(".")[0] for p in adapter.glob("*.py") for name in imports_of(p)}
    assert {"comet", "pyspiel", "numpy"} <= tops
    assert not tops & (ABOVE - {"comet_openspiel"})
