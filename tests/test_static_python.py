"""The Python files of the static site, light on the wire (issue 29), and its favicon.

* ``tools/pyodide/stdlib.py`` (run by ``compile.mjs`` at every build) repacks Pyodide's standard
  library: entries stored (the host sends the brotli copy), what the pages import byte-compiled,
  tools nothing imports left out, but never a module that the site's own Python imports; what may
  be imported later in a second zip, whose modules the site's zip lists (for the finder that
  fetches it when one is wanted first), none of them in the first;
* the site's zip holds ``.pyc`` where the sources were, not both, entries stored;
* ``favicon.ico`` is at the site's root (browsers ask for it on the root page, which names no
  icon), drawn from the book's icon by ``book/_ext/comet_favicon.py``.
"""

from __future__ import annotations

import ast
import json
import os
import sys
import zipfile
from pathlib import Path

import pytest

from load_file import load_file

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
VENDORED = ROOT / "_vendor" / "book" / "live" / "pyodide" / "python_stdlib.zip"
PACKAGES = ("comet", "comet_render", "comet_learn", "widgets")


def _built() -> None:
    if not (SITE / "index.html").is_file() or not VENDORED.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{SITE} or {VENDORED} is missing (CI=true): `make book` runs before the tests")
        pytest.skip("the book is not built (make vendor book)")


def _modules(names: list[str]) -> set[str]:
    out = set()
    for name in names:
        if name.endswith((".py", ".pyc")):
            stem = name.rsplit(".", 1)[0].replace("/", ".")
            out.add(stem.removesuffix(".__init__"))
    return out


@pytest.mark.built
def test_the_standard_library_is_compiled_pruned_and_stored() -> None:
    _built()
    stdlib = zipfile.ZipFile(next((SITE / "_static" / "live").glob("pyodide-*/python_stdlib.zip")))
    names = stdlib.namelist()
    assert all(i.compress_type == zipfile.ZIP_STORED for i in stdlib.infolist())
    for compiled in ("asyncio/__init__.pyc", "typing.pyc", "json/__init__.pyc", "encodings/utf_8.pyc", "re/__init__.pyc"):
        assert compiled in names, compiled
    assert "typing.py" not in names
    for tool in ("_pyrepl/__init__.py", "pydoc.py", "pdb.py", "doctest.py"):
        assert tool not in names and tool + "c" not in names, tool
    assert "pyodide/__init__.pyc" in names and "_pyodide/__init__.pyc" in names
    more = zipfile.ZipFile(next((SITE / "_static" / "live").glob("pyodide-*/python_stdlib_more.zip")))
    assert all(i.compress_type == zipfile.ZIP_STORED for i in more.infolist())
    assert not set(more.namelist()) & set(names) and all(n.endswith(".py") for n in more.namelist())
    assert "statistics.py" in more.namelist() and "statistics.py" not in names
    site = zipfile.ZipFile(next((SITE / "_static" / "live").glob("site-*.zip")))
    assert set(json.loads(site.read("comet_stdlib_more.json"))) == _modules(more.namelist())
    assert "comet_stdlib_more.pyc" in site.namelist()
    # Every standard module the site's own Python imports anywhere is there (compiled or not).
    vendored = _modules(zipfile.ZipFile(VENDORED).namelist())
    kept = _modules(names) | _modules(more.namelist())
    missing = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                found = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level
                         else [])
                for name in found:
                    if name.split(".")[0] in sys.stdlib_module_names and name in vendored and name not in kept:
                        missing.add(f"{name} ({path.relative_to(ROOT)})")
    assert not missing, sorted(missing)


@pytest.mark.built
def test_the_sites_zip_holds_compiled_modules_once() -> None:
    _built()
    site = zipfile.ZipFile(next((SITE / "_static" / "live").glob("site-*.zip")))
    names = set(site.namelist())
    assert all(i.compress_type == zipfile.ZIP_STORED for i in site.infolist())
    assert {"comet/__init__.pyc", "widgets/browser.pyc", "ipywidgets/__init__.pyc"} <= names
    assert not [n for n in names if n.endswith(".py") and n + "c" in names]
    assert not [n for n in names if "__pycache__" in n]
    assert "comet_learn/data/puzzles.json" in names
    # Compiled without docstrings (tools/pyodide/pyc.py): the module's own is not in its byte code.
    docstring = ast.get_docstring(ast.parse((ROOT / "widgets" / "browser.py").read_text(encoding="utf-8")))
    assert docstring and docstring.split("\n")[0].encode() not in site.read("widgets/browser.pyc")


def test_favicon_drawn_from_the_books_icon(tmp_path: Path) -> None:
    from PIL import Image

    favicon = load_file("book/_ext/comet_favicon.py", "comet_favicon")
    ico = favicon.write_favicon(tmp_path, ROOT / "book" / "_assets" / "favicon.svg")
    image = Image.open(ico)
    assert image.format == "ICO" and {(16, 16), (32, 32), (48, 48)} <= set(image.ico.sizes())
    image.size = (48, 48)
    data = image.convert("RGBA").tobytes()
    pixels = [tuple(data[i:i + 4]) for i in range(0, len(data), 4)]
    red = [p for p in pixels if p[3] > 200 and p[0] > 150 and p[1] < 80]  # the star and its tail
    blue = [p for p in pixels if p[3] > 200 and p[2] > 90 and p[0] < 80]  # the card's edge
    assert len(red) > 40 and len(blue) > 40
    broken = tmp_path / "broken.svg"
    broken.write_text("<svg")
    assert Image.open(favicon.write_favicon(tmp_path, broken)).format == "ICO"  # a plain icon, still there


@pytest.mark.built
def test_the_built_site_has_a_favicon_at_its_root() -> None:
    _built()
    from PIL import Image

    assert Image.open(SITE / "favicon.ico").format == "ICO"


def test_deflated_zips_for_hosts_that_send_files_as_they_lie() -> None:
    """``COMET_DEFLATE_ZIPS=1``: the same archive, its entries deflated."""
    import io

    live = load_file("book/_ext/comet_live.py", "comet_live")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as z:
        z.writestr(zipfile.ZipInfo("a/b.pyc", date_time=(2020, 1, 1, 0, 0, 0)), b"x" * 5000)
        z.writestr(zipfile.ZipInfo("a/data.json", date_time=(2020, 1, 1, 0, 0, 0)), b"{}")
    packed = live.deflated(buffer.getvalue())
    out = zipfile.ZipFile(io.BytesIO(packed))
    assert out.namelist() == ["a/b.pyc", "a/data.json"] and out.read("a/b.pyc") == b"x" * 5000
    assert all(i.compress_type == zipfile.ZIP_DEFLATED for i in out.infolist()) and len(packed) < 1000
