"""The project is an installable package (tests/test_layers.py: comet is the engine and imports nothing above it),
each package ships its ``py.typed``, and pyproject's extras agree with the pinned lock."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _imports(path: Path) -> list[str]:
    """Top-level module names imported anywhere in a file (lazy imports in functions included)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module.split(".")[0])
    return names


def test_bookkit_is_not_imported_by_the_lower_layers() -> None:
    for package in ("comet", "comet_render", "comet_learn", "comet_openspiel", "widgets", "website"):
        for path in sorted((ROOT / package).glob("*.py")):
            assert "bookkit" not in _imports(path), f"{package}/{path.name} imports bookkit (the book's layer)"


def test_packages_ship_py_typed() -> None:
    packages = PYPROJECT["tool"]["setuptools"]["packages"]
    assert set(packages) == {"comet", "comet_render", "comet_learn", "comet_openspiel", "widgets", "website", "bookkit", "rooms"}
    for package in packages:
        assert (ROOT / package / "__init__.py").is_file(), package
        assert (ROOT / package / "py.typed").is_file(), package
        assert PYPROJECT["tool"]["setuptools"]["package-data"][package][0] == "py.typed"


def test_no_runtime_dependencies() -> None:
    assert PYPROJECT["project"]["dependencies"] == []


def _tagged_pins() -> dict[str, set[str]]:
    """requirements.txt's direct pins by the groups each names in brackets (``# [book, test]``)."""
    groups: dict[str, set[str]] = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^(\S+==\S+)\s+#\s*\[([^\]]+)\]", line)
        if m:
            for group in m.group(2).split(","):
                groups.setdefault(group.strip(), set()).add(m.group(1))
    return groups


def test_extras_match_the_lock() -> None:
    extras = {name: set(pins) for name, pins in PYPROJECT["project"]["optional-dependencies"].items()}
    assert set(extras) == {"book", "widgets", "test", "openspiel", "dask", "rooms"}
    assert extras == _tagged_pins()


def test_every_direct_pin_names_its_group() -> None:
    text = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    direct = text.split("# --- direct dependencies", 1)[1].split("# --- transitive", 1)[0]
    for line in direct.splitlines():
        if "==" in line and not line.startswith("#"):
            assert re.search(r"#\s*\[[a-z, ]+\]", line), f"no group for {line!r}"


def test_nothing_relies_on_pythonpath() -> None:
    for name in ("Makefile", "pytest.ini", "tools/serve.py"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert "PYTHONPATH" not in text and "pythonpath" not in text, name
    assert "pip install --disable-pip-version-check --no-input -q --no-deps -e ." in (ROOT / "Makefile").read_text()
