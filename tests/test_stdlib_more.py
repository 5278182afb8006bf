"""The standard library's second zip, fetched when it is wanted (``tools/pyodide/comet_stdlib_more.py``).

In the browser, the zip is fetched from the site; here a function gives its bytes and counts the
calls: a module of the zip is found (a top-level one, and one of a package whose ``__init__`` is in
the first zip), the zip fetched once; a module it does not hold is not found, and fetches nothing;
the worker's own fetch, once the page is drawn, mounts it so that nothing is fetched after.
"""

from __future__ import annotations

import importlib
import io
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from load_file import load_file

more = load_file("tools/pyodide/comet_stdlib_more.py", "comet_stdlib_more")


def _zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("lonely48.py", "VALUE = 'lonely'\n")
        z.writestr("core48/later.py", "VALUE = 'later'\n")
    return buffer.getvalue()


@pytest.fixture()
def site(tmp_path: Path) -> Iterator[tuple[Path, list[int]]]:
    """A first zip's package (``core48``, on sys.path as a folder) and a fetch that counts its calls."""
    (tmp_path / "core48").mkdir()
    (tmp_path / "core48" / "__init__.py").write_text("")
    sys.path.insert(0, str(tmp_path))
    calls: list[int] = []
    before = list(sys.meta_path)
    try:
        yield tmp_path, calls
    finally:
        sys.meta_path[:] = before
        sys.path[:] = [p for p in sys.path if not p.startswith(str(tmp_path))]
        for name in [n for n in sys.modules if n.startswith(("core48", "lonely48"))]:
            del sys.modules[name]
        importlib.invalidate_caches()


def _fetch(calls: list[int]) -> object:
    def fetch() -> bytes:
        calls.append(1)
        return _zip()
    return fetch


def test_a_module_of_the_second_zip_fetches_it_once(site: tuple[Path, list[int]]) -> None:
    folder, calls = site
    more.install(["lonely48", "core48.later"], _fetch(calls), str(folder / "more.zip"))
    assert sys.meta_path[-1].__class__.__name__ == "Finder"
    assert importlib.import_module("lonely48").VALUE == "lonely"
    assert importlib.import_module("core48.later").VALUE == "later"
    assert calls == [1]
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("core48.nosuch")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("_winapi48")
    assert calls == [1]


def test_a_module_it_does_not_hold_fetches_nothing(site: tuple[Path, list[int]]) -> None:
    folder, calls = site
    more.install(["lonely48"], _fetch(calls), str(folder / "more.zip"))
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("_winapi48")
    assert calls == []


def test_fetched_by_the_worker_first(site: tuple[Path, list[int]]) -> None:
    folder, calls = site
    finder = more.install(["lonely48", "core48.later"], _fetch(calls), str(folder / "more.zip"))
    again = more.install(["lonely48", "core48.later"], _fetch(calls), str(folder / "more.zip"))
    assert again is finder and sum(isinstance(f, more.Finder) for f in sys.meta_path) == 1
    more.fetched(_zip())
    assert importlib.import_module("core48.later").VALUE == "later"
    assert importlib.import_module("lonely48").VALUE == "lonely"
    assert calls == []


def test_the_module_that_had_it_fetched_is_known(site: tuple[Path, list[int]]) -> None:
    folder, calls = site
    more.install(["lonely48"], _fetch(calls), str(folder / "more.zip"))
    assert more.wanted_first() == ""
    importlib.import_module("lonely48")
    assert more.wanted_first() == "lonely48"
