"""The rest of the standard library, fetched when it is wanted (issue 48): the browser's side.

The site's standard library comes in two zips (``tools/pyodide/stdlib.py``): what the pages import
before a table is drawn, which Python needs to start, and the modules that the site's code or
those modules could import later (a lazy import inside a function, a rarely used path), kept as
sources in ``python_stdlib_more.zip``, which a first visit would otherwise download for nothing
before its table plays (half a megabyte of a phone's first visit). The page's worker fetches that
zip once the table is drawn and mounts it (:func:`mount`); should a module of it be imported
before, :class:`Finder` (last on ``sys.meta_path``) fetches the zip there and then, synchronously
(``fetch``: the worker's synchronous XMLHttpRequest), mounts it and finds the module. A module
the zip does not hold is not found, as without it: no fetch for the many imports the standard
library tries and expects to fail (``_winapi``...). Packed into the site's zip beside the
IPython stand-in (``book/_ext/comet_live.py``); nothing of it runs outside the browser's Python
but its tests.
"""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

PATH = "/lib/python_stdlib_more.zip"
"""Where the zip is written in the browser's file system (beside Pyodide's own stdlib zip)."""


class Finder:
    """Finds the modules of the second zip: mounts it first if it is not yet (fetching it). A module
    of a package whose ``__init__`` is in the first zip (``asyncio.unix_events``...) is found by
    adding the package's folder in the second zip to the package's ``__path__``."""

    def __init__(self, names: Iterable[str], fetch: Callable[[], bytes], path: str = PATH) -> None:
        self.names = frozenset(names)
        self.fetch = fetch
        self.path = path
        self.mounted = False
        self.wanted_first = ""
        """The module that had the zip fetched there and then ("": none, the worker fetched it)."""

    def find_spec(self, name: str, target: Sequence[str] | None = None, module: Any = None) -> Any:
        if name not in self.names:
            return None
        if not self.mounted:
            self.wanted_first = name
            mount(self, self.fetch())
        parent = name.rpartition(".")[0]
        if not parent:  # (on sys.path now)
            return importlib.machinery.PathFinder.find_spec(name)
        package = sys.modules.get(parent)
        paths = getattr(package, "__path__", None)
        if paths is None:
            return None
        folder = f"{self.path}/{parent.replace('.', '/')}"
        if folder not in list(paths):
            paths.append(folder)
        return importlib.machinery.PathFinder.find_spec(name, list(paths))

    def invalidate_caches(self) -> None:
        """(Nothing cached here: ``importlib.invalidate_caches`` asks every finder.)"""


def install(names: Iterable[str], fetch: Callable[[], bytes], path: str = PATH) -> Finder:
    """Put a :class:`Finder` last on ``sys.meta_path`` (once: a second call, after Python was
    restored from a memory snapshot that holds one, gives it the new fetch)."""
    for finder in sys.meta_path:
        if isinstance(finder, Finder):
            finder.fetch = fetch
            return finder
    finder = Finder(names, fetch, path)
    sys.meta_path.append(finder)
    return finder


def wanted_first() -> str:
    """The module that had the zip fetched as it was imported ("" if none did)."""
    return next((f.wanted_first for f in sys.meta_path if isinstance(f, Finder)), "")


def fetched(data: bytes) -> None:
    """The zip, fetched by the worker once the page's table is drawn: mounted, unless a module of
    it was wanted before (then it is mounted already)."""
    for finder in sys.meta_path:
        if isinstance(finder, Finder):
            mount(finder, data)


def mount(finder: Finder, data: bytes) -> None:
    """Write the zip's bytes where ``finder`` expects it and put it on ``sys.path`` (once). (No
    ``importlib.invalidate_caches()``: it imports ``importlib.metadata``, which may be in the zip; a
    new entry of ``sys.path`` has nothing cached.)"""
    if finder.mounted:
        return
    finder.mounted = True
    with open(finder.path, "wb") as out:
        out.write(data)
    if finder.path not in sys.path:
        sys.path.append(finder.path)
    sys.path_importer_cache.pop(finder.path, None)


def fetch_in_worker(url: str) -> Callable[[], bytes]:
    """A synchronous fetch of ``url`` from the browser's worker (``XMLHttpRequest``, which a worker
    may use synchronously, for binary data too)."""
    def fetch() -> bytes:
        from js import XMLHttpRequest  # type: ignore[import-not-found]

        request = XMLHttpRequest.new()
        request.open("GET", url, False)
        request.responseType = "arraybuffer"
        request.send(None)
        if request.status != 200:
            raise ImportError(f"the standard library's second zip could not be loaded ({url}: HTTP {request.status})")
        return bytes(request.response.to_py())
    return fetch
