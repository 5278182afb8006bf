"""Repack Pyodide's standard library (``python_stdlib.zip``) for the site (issue 29).

Run inside the site's own Pyodide by ``compile.mjs`` (``--stdlib IN OUT``), after the site's Python
has been imported as a reader's browser imports it (``widgets.browser.preload()``), so that
``sys.modules`` names every module Python and the pages import before a table is drawn:

* those modules go in byte-compiled ("unchecked hash" ``.pyc``, as ``compile.mjs`` does for the
  site's Python): the vendored zip holds only sources, which the browser's Python compiled at every
  cold start (about 1.5 s of a cold visit's start on this machine);
* the other modules that the site's or those modules' code imports anywhere (also inside
  functions and ``try`` blocks: found by reading their sources, so an over-approximation) stay as
  sources; so do every module of :data:`KEEP` (imported by name at run time: Pyodide's own
  packages, which its JavaScript calls into, and the codecs);
* those sources of a package or module none of whose modules is imported (``email``, ``statistics``:
  what a page imports at run time is mostly of the packages it imported to start, as
  ``importlib.resources``'s readers) go in a second zip (``STDLIB_MORE``), which a page fetches once
  its table is drawn, or when one of them is imported before (``tools/pyodide/comet_stdlib_more.py``:
  their names in ``SITE/comet_stdlib_more.json``, which goes into the site's zip); the first holds
  what Python needs to start and the pages import (issue 48: a third of a megabyte less before a
  first visit plays);
* the rest (the REPL, unittest, pydoc, the mail and network servers...) is left out: nothing the
  site runs can import it;
* entries are stored, not deflated: the site's host sends the zip compressed (its precompressed
  brotli copy, ``comet_precompress``), which compresses the whole archive better than zip's
  entry-by-entry deflate, and Python then reads the modules without inflating them.

Its globals in: ``STDLIB_IN``, ``STDLIB_OUT``, ``STDLIB_MORE`` (paths in Pyodide's file system), ``SITE``
(where the site's Python is unpacked), ``TRACED`` (``sys.modules``' names once the site's Python was imported,
before anything of the build's own was). Leaves ``STDLIB_REPORT`` (a line for the build's log).
"""

from __future__ import annotations

import ast
import json
import os
import re
import sys
import zipfile

KEEP = ("pyodide", "_pyodide", "encodings", "site", "sitecustomize", "_sysconfigdata__emscripten_wasm32-emscripten")
"""Kept whatever the reading finds: imported by name (by Pyodide's JavaScript, the codec registry)."""
TOOLS = ("unittest", "doctest", "pdb", "bdb", "pydoc", "pydoc_data", "_pyrepl", "code", "codeop", "cmd",
         "rlcompleter", "idlelib", "tkinter", "turtle", "turtledemo", "ensurepip", "venv", "lib2to3", "xmlrpc",
         "smtplib", "ftplib", "imaplib", "poplib", "mailbox", "socketserver", "wsgiref", "http.server",
         "tracemalloc", "profile", "cProfile", "pstats", "timeit", "trace", "tabnanny", "pickletools", "zipapp",
         "compileall", "py_compile", "webbrowser", "antigravity", "this", "__hello__", "__phello__")
"""Tools rather than libraries (test runners, debuggers, the REPL, help, servers): the reading does
not follow an import of these (a library imports them only for its own tests, ``breakpoint()``,
``help()`` or a command line), so they are kept only if the site's Python or Pyodide imports one."""
CODE_PAGES = re.compile(r"encodings\.(cp(?!125\d)\d+|mac_\w+|hp_roman8|kz1048|ptcp154|koi8_[rtu]|palmos|tis_620)$")
"""The DOS, Mac and other 8-bit code pages (not Windows' cp125x): tables nothing on the site decodes (its text is UTF-8),
unless Pyodide's start imports one (``cp437``, for its console)."""
DATE = (2020, 1, 1, 0, 0, 0)


def module_of(name: str) -> str:
    """``a/b/__init__.py`` -> ``a.b``; ``a/b.py`` -> ``a.b``."""
    stem = name[:-3].replace("/", ".")
    return stem.removesuffix(".__init__")


def imports_of(source: bytes, module: str, is_package: bool) -> set[str]:
    """Every module a source names in an import statement (with their parent packages)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".") if package else []
                base = ".".join(parts[:len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module and base else (node.module or base)
            else:
                base = node.module or ""
            if base:
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
    out: set[str] = set()
    for name in found:
        parts = name.split(".")
        out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


def is_tool(module: str) -> bool:
    return any(module == t or module.startswith(t + ".") for t in TOOLS)


def site_imports(root: str) -> set[str]:
    found: set[str] = set()
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                module = module_of(os.path.relpath(path, root).replace(os.sep, "/"))
                with open(path, "rb") as handle:
                    found |= imports_of(handle.read(), module, f == "__init__.py")
    return found


MORE_NAMES = "comet_stdlib_more.json"
"""The modules of the second zip, written into ``SITE`` (so into the site's zip)."""


def repack(stdlib_in: str, stdlib_out: str, stdlib_more: str, site: str, traced: set[str]) -> str:
    source = zipfile.ZipFile(stdlib_in)
    files = {module_of(i.filename): i.filename for i in source.infolist() if i.filename.endswith(".py")}
    imported = {name for name in traced if name in files}
    wanted = set(imported) | {m for m in site_imports(site) if m in files}
    todo = list(wanted)
    while todo:  # what the wanted modules import, and so on
        name = todo.pop()
        new = {m for m in imports_of(source.read(files[name]), name, files[name].endswith("/__init__.py"))
               if m in files and not is_tool(m)}
        todo.extend(new - wanted)
        wanted |= new
    prefix = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
    counts = {"compiled": 0, "sources": 0, "left out": 0}
    started = {name.split(".")[0] for name in imported}
    later: list[str] = []
    with zipfile.ZipFile(stdlib_out, "w", zipfile.ZIP_STORED) as out, \
            zipfile.ZipFile(stdlib_more, "w", zipfile.ZIP_STORED) as more:
        for info in source.infolist():
            name = info.filename
            if name.endswith("/"):
                continue
            data = source.read(name)
            if name.endswith(".py"):
                module = module_of(name)
                if module in imported:
                    data = pyc(data, prefix + name)  # type: ignore[name-defined]  # noqa: F821 (tools/pyodide/pyc.py)
                    name += "c"
                    counts["compiled"] += 1
                elif module.split(".")[0] in KEEP and not CODE_PAGES.match(module):
                    counts["sources"] += 1
                elif module in wanted:
                    counts["sources"] += 1
                    if module.split(".")[0] not in started:
                        more.writestr(zipfile.ZipInfo(name, date_time=DATE), data)
                        later.append(module)
                        continue
                else:
                    counts["left out"] += 1
                    continue
            out.writestr(zipfile.ZipInfo(name, date_time=DATE), data)
    with open(os.path.join(site, MORE_NAMES), "w", encoding="utf-8") as names:
        json.dump(sorted(later), names)
    size, later_size = os.path.getsize(stdlib_out), os.path.getsize(stdlib_more)
    return (f"standard library: {counts['compiled']} modules byte-compiled, {counts['sources']} kept as sources "
            f"({len(later)} of them in the second zip), {counts['left out']} left out ({size / 1e6:.1f} MB stored, "
            f"and {later_size / 1e6:.1f} MB)")


STDLIB_REPORT = repack(STDLIB_IN, STDLIB_OUT, STDLIB_MORE, SITE, set(TRACED))  # type: ignore[name-defined]  # noqa: F821
