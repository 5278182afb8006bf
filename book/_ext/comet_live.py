"""Sphinx extension: the static book plays, with Python running in the reader's browser.

* A code cell tagged ``live`` is run again in the reader's browser: the page carries the code
  of its live cells (``<script id="comet-live">``) and ``_static/live/live.js``, which shows the
  build's snapshot at once and swaps in the live widget when Python (Pyodide, in a worker) has
  run the cell. A live cell must stand alone: its own imports, then the widget.
* ``_static/live/site-<hash>.zip``: every Python module the pages import, byte-compiled by the
  site's own Pyodide (``tools/pyodide/compile.mjs``, run with Node at every build): the site's
  Python (``comet``, ``widgets`` and the small IPython stand-in of ``tools/pyodide``) and the
  pure-Python wheels of ipywidgets, traitlets and comm. The Pyodide core and the wheels come from
  ``make vendor`` (``_vendor/book/live/pyodide``, ``_vendor/wheels``). The same run repacks
  Pyodide's standard library (``tools/pyodide/stdlib.py``: what the pages import byte-compiled,
  what nothing can import left out, entries stored for the host's brotli copy), which replaces
  ``python_stdlib.zip`` in the site's copy of the core; what the pages may import later, but not
  before a table is drawn, goes in a second zip beside it (``python_stdlib_more.zip``, fetched once
  the page is drawn or when wanted: ``tools/pyodide/comet_stdlib_more.py``).
* A step-through's snapshot is written into the page as HTML (:mod:`bookkit.snapshot`), so that
  it steps through its saved frames as soon as the page is shown. A page with no other snapshot
  leaves the widget manager out of its head: live.js loads it with Python.
* ``play/<page>.html`` for every notebook of ``book/play/`` and ``play/index.html``: the play
  pages as static pages, running the notebooks' own code (see :mod:`comet_play_static`).

Loaded by jupyter-book through ``sphinx.local_extensions`` in ``_config.yml``.
"""

from __future__ import annotations

import hashlib
import html
import io
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

try:
    from comet_progress import status
except ImportError:  # (loaded on its own, as the tests do, without book/_ext on the path)
    def status(what: str, *, say: bool = True) -> None:
        """Where comet_progress is not loaded: say it plainly."""
        if say:
            print(f"book: {what}", flush=True)

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("comet", "comet_render", "comet_learn", "widgets", "website")
DATA_SUFFIXES = (".json", ".mo")
"""Package data that travels with the Python: stored puzzles, compiled message catalogs."""
BUILD_ONLY = "book.mo"
"""The book's catalog (the words its pages compute, ``comet_render.i18n.BOOK_DOMAIN``): the build's only."""
SHIMS = ROOT / "tools" / "pyodide"
LIVE_TAG = "live"
VIEW_MIME = "application/vnd.jupyter.widget-view+json"
STATE_MIME = "application/vnd.jupyter.widget-state+json"
PYODIDE = ROOT / "_vendor" / "book" / "live" / "pyodide"
WHEELS = ROOT / "_vendor" / "wheels"
COMPILE = SHIMS / "compile.mjs"


def _python_files() -> list[tuple[str, Path]]:
    files: list[tuple[str, Path]] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*")):
            if (path.suffix == ".py" or path.suffix in DATA_SUFFIXES) and path.name != BUILD_ONLY:
                files.append((path.relative_to(ROOT).as_posix(), path))
    for path in [*sorted((SHIMS / "IPython").rglob("*.py")), SHIMS / "comet_stdlib_more.py"]:
        files.append((path.relative_to(SHIMS).as_posix(), path))
    return files


def sources_zip() -> bytes:
    """The site's own Python sources as a zip (fixed timestamps: same sources, same bytes)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, path in _python_files():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())
    return buffer.getvalue()


def site_zip() -> tuple[str, bytes]:
    """Every module the pages import, byte-compiled for the browser's Python; and its file name."""
    name, data, _, _ = compile_python()
    return name, data


def compile_python() -> tuple[str, bytes, bytes, bytes]:
    """The site's zip (its file name and bytes) and the repacked standard library (the bytes of its
    two zips), from one run of ``compile.mjs``."""
    wheels = sorted(WHEELS.glob("*.whl"))
    if not wheels or not (PYODIDE / "pyodide.mjs").is_file():
        raise RuntimeError(f"the Pyodide core or the wheels are missing ({PYODIDE}, {WHEELS}): run `make vendor`")
    with tempfile.TemporaryDirectory() as tmp:
        sources = Path(tmp) / "sources.zip"
        sources.write_bytes(sources_zip())
        out, stdlib, more = Path(tmp) / "site.zip", Path(tmp) / "stdlib.zip", Path(tmp) / "more.zip"
        done = subprocess.run(["node", str(COMPILE), str(PYODIDE), str(out), "--stdlib", str(stdlib), str(more),
                               *map(str, wheels), str(sources)], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"byte-compiling the site's Python failed:\n{done.stdout}{done.stderr}")
        status(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "standard library repacked")
        data = out.read_bytes()
        stdlib_data, more_data = stdlib.read_bytes(), more.read_bytes()
    return f"site-{hashlib.sha256(data).hexdigest()[:10]}.zip", data, stdlib_data, more_data


def archives(zip_name: str) -> list[dict[str, str]]:
    """What the worker unpacks."""
    return [{"name": zip_name, "format": "zip"}]


def live_cells(source: Path) -> list[str]:
    """The code of the cells tagged ``live`` in a MyST notebook, in page order."""
    import jupytext

    notebook = jupytext.read(source)
    return [cell.source for cell in notebook.cells
            if cell.cell_type == "code" and LIVE_TAG in cell.metadata.get("tags", [])]


STDLIB = "python_stdlib.zip"
STDLIB_MORE = "python_stdlib_more.zip"


def pyodide_folder(stdlib: bytes | None = None, more: bytes = b"") -> str:
    """The Pyodide core's folder in ``_static/live/``, named by its files' content
    (``pyodide-<hash>/``; ``stdlib``: the repacked standard library that replaces the vendored one
    there, ``more`` its second zip): a new Pyodide gets a new address, so a browser may keep these
    files for good (README, "Deploying")."""
    digest = hashlib.sha256()
    for path in sorted(PYODIDE.iterdir()):
        if path.is_file():
            data = stdlib if stdlib is not None and path.name == STDLIB else path.read_bytes()
            digest.update(path.name.encode() + b"\0" + data)
    if more:
        digest.update(STDLIB_MORE.encode() + b"\0" + more)
    return f"pyodide-{digest.hexdigest()[:10]}/"


DOWNLOADS = ("pyodide.asm.wasm", "pyodide-lock.json")
"""What the worker fetches of the Pyodide core (besides the standard library and the site's zip):
with those, the progress bar's total."""


def config_script(cells: list[str], slots: str, zip_name: str, *, query: bool | str = False,
                  manager: list[str] | None = None, early: bool = False, pyodide: str = "pyodide/",
                  download: int = 0, more: str = "") -> str:
    """The page's ``<script id="comet-live">`` (read by live.js). ``manager``: the widget manager's
    scripts, for live.js to load on a page that does not load them itself: when Python is ready
    (a book page, whose demos step meanwhile), or with Python (``early``: a play page).
    ``query``: the address's query is the page's settings (a play page), or this one (a book
    edition's page: ``lang=fr``).
    ``pyodide``: the Pyodide core's folder; ``download``: the bytes the worker fetches (for the
    progress bar); ``more``: the standard library's second zip, in that folder."""
    data = {"cells": cells, "slots": slots, "archives": archives(zip_name), "query": query,
            "manager": manager or [], "early": early, "pyodide": pyodide, "download": download, "more": more}
    text = json.dumps(data).replace("</", "<\\/")
    return f'<script type="application/json" id="comet-live">{text}</script>'


def _page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: nodes.document | None) -> None:
    if doctree is None or pagename not in app.env.all_docs:
        return
    source = Path(app.env.doc2path(pagename))
    if source.suffix != ".md" or "code-cell" not in source.read_text(encoding="utf-8"):
        return
    cells = live_cells(source)
    if not cells:
        return
    script = context["pathto"]("_static/live/live.js", 1)
    body = _inline_step_throughs(app, pagename, context.get("body", ""))
    manager = _defer_widget_manager(app, context) if VIEW_MIME not in body else []
    zip_name = app.comet_live_zip[0]  # type: ignore[attr-defined]
    lang = app.config.language or "en"
    query = "" if lang == "en" else f"lang={lang}"
    context["body"] = (body + config_script(cells, f".cell.tag_{LIVE_TAG}", zip_name, query=query, manager=manager,
                                            **_live(app))
                       + f'<script src="{html.escape(script)}" defer></script>')


def _defer_widget_manager(app: Sphinx, context: dict[str, Any]) -> list[str]:
    """A page whose every snapshot is written as HTML draws nothing with the widget manager until
    Python is there: its scripts (3.6 MB) and the saved widget state leave the page's head, which
    then loads and answers at once; live.js loads them when it starts Python. Their addresses."""
    scripts = {"_static/" + name for name in app.config.nb_ipywidgets_js}
    files = context["script_files"]
    kept = [js for js in files if js.filename not in scripts and js.attributes.get("type") != STATE_MIME]
    manager = [context["pathto"](js.filename, 1) for js in files if js.filename in scripts]
    files[:] = kept
    return manager


def _inline_step_throughs(app: Sphinx, pagename: str, body: str) -> str:
    """The page's step-throughs as HTML, so that they step before any script has loaded
    (:mod:`bookkit.snapshot`)."""
    from myst_nb.sphinx_ext import NbMetadataCollector

    from bookkit.snapshot import inline_step_throughs

    saved = NbMetadataCollector.get_js_files(app.env, pagename).get("ipywidgets_state")  # type: ignore[arg-type]
    return inline_step_throughs(body, saved[1]["body"]) if saved else body


def _live(app: Sphinx) -> dict[str, Any]:
    """What every live page's configuration says of the Python files: their folder and size."""
    name, data = app.comet_live_zip  # type: ignore[attr-defined]
    core = sum((PYODIDE / f).stat().st_size for f in DOWNLOADS) + len(app.comet_stdlib)  # type: ignore[attr-defined]
    return {"pyodide": app.comet_pyodide, "download": core + len(data), "more": STDLIB_MORE}  # type: ignore[attr-defined]


DEFLATE_ENV = "COMET_DEFLATE_ZIPS"
"""Set (to anything but "" or 0) for a host that sends files as they lie (GitHub Pages, plain S3):
the Python zips' entries are then deflated, as zip does, rather than stored for the host's brotli
copy (README, "Deploying")."""


def deflated(data: bytes) -> bytes:
    """The same zip with its entries deflated (same names, dates and order)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            copy.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(copy, source.read(info))
    return buffer.getvalue()


def _edition_files(app: Sphinx, root: Path) -> None:
    """A translated edition's build (``tools/editions.py``): the English build's Python files, which its
    pages load from the site's root (``comet_edition_root``: that build's output)."""
    live = root / "_static" / "live"
    zips, cores = sorted(live.glob("site-*.zip")), sorted(p for p in live.glob("pyodide-*") if p.is_dir())
    if len(zips) != 1 or len(cores) != 1:
        raise RuntimeError(f"{live} has no one site zip and Pyodide folder: build the English edition first (make book)")
    app.comet_live_zip = (zips[0].name, zips[0].read_bytes())  # type: ignore[attr-defined]
    app.comet_stdlib = (cores[0] / STDLIB).read_bytes()  # type: ignore[attr-defined]
    app.comet_pyodide = cores[0].name + "/"  # type: ignore[attr-defined]


def _builder_inited(app: Sphinx) -> None:
    import os

    if app.builder.format != "html":
        return  # (the catalogs' build reads the pages only: tools/editions.py po)
    if app.config.comet_edition_root:
        _edition_files(app, Path(app.config.comet_edition_root))
        return
    status("byte-compiling the site's Python and the standard library with the site's Pyodide (Node)")
    name, data, stdlib, more = compile_python()
    if os.environ.get(DEFLATE_ENV, "") not in ("", "0"):
        status(f"{DEFLATE_ENV}: the Python zips' entries deflated (a host that sends files as they lie)")
        data, stdlib, more = deflated(data), deflated(stdlib), deflated(more)
        name = f"site-{hashlib.sha256(data).hexdigest()[:10]}.zip"
    app.comet_live_zip = (name, data)  # type: ignore[attr-defined]
    app.comet_stdlib = stdlib  # type: ignore[attr-defined]
    app.comet_stdlib_more = more  # type: ignore[attr-defined]
    app.comet_pyodide = pyodide_folder(stdlib, more)  # type: ignore[attr-defined]


def _build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html" or app.config.comet_edition_root:
        return  # (an edition's pages load the English build's files, and its play pages: tools/editions.py)
    out = Path(app.outdir)
    name, data = app.comet_live_zip  # type: ignore[attr-defined]
    live = out / "_static" / "live"
    live.mkdir(parents=True, exist_ok=True)
    for old in live.glob("site-*.zip"):
        old.unlink()
    (live / name).write_bytes(data)
    # html_static_path copied the core to _static/live/pyodide/: it goes under its content's name.
    # A build that writes no page ("no targets are out of date": a rebuild with nothing changed) copies
    # no static file, so the core is copied here, as Sphinx would have (the last build's folder was renamed).
    if not (live / "pyodide").is_dir():
        shutil.copytree(PYODIDE, live / "pyodide")
    folder = live / app.comet_pyodide.rstrip("/")  # type: ignore[attr-defined]
    if folder.exists():
        shutil.rmtree(folder)
    for old in live.glob("pyodide-*"):
        shutil.rmtree(old)
    (live / "pyodide").rename(folder)
    (folder / STDLIB).write_bytes(app.comet_stdlib)  # type: ignore[attr-defined]
    (folder / STDLIB_MORE).write_bytes(app.comet_stdlib_more)  # type: ignore[attr-defined]
    from comet_play_static import write_play_pages

    status("writing the static play pages (each page's cells run here for its snapshot)")
    write_play_pages(out, name, **_live(app))


def _precompress(app: Sphinx, exception: Exception | None) -> None:
    """The precompressed copies, last: after every file is written (the theme rewrites
    pygments.css at the end of the build too)."""
    if exception is not None or app.builder.format != "html" or app.config.comet_edition_root:
        return  # (an edition's copies are written once it is in its folder: tools/editions.py)
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from comet_precompress import precompress

    status("writing precompressed copies (gzip, brotli) of the large files")
    files, size, gz, br = precompress(Path(app.outdir), ROOT / "_vendor" / "compressed")
    status(f"precompressed {files} files of {size / 1e6:.1f} MB: gzip copies {gz / 1e6:.1f} MB, "
           f"brotli {br / 1e6:.1f} MB")


def _favicon(app: Sphinx, exception: Exception | None) -> None:
    """``favicon.ico`` at the root, from the book's icon: the root page names none, and a browser
    asks for this one (a 404 otherwise). Before the precompressed copies."""
    if exception is not None or app.builder.format != "html" or app.config.comet_edition_root:
        return  # (the site's root has it)
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from comet_favicon import write_favicon

    icon = app.config.html_favicon
    svg = Path(app.srcdir) / icon if icon and "://" not in icon else None
    write_favicon(Path(app.outdir), svg)


def setup(app: Sphinx) -> dict[str, Any]:
    # A translated edition's build (tools/editions.py): the English build's output, whose Python files,
    # play pages and notebook cache it uses.
    app.add_config_value("comet_edition_root", "", "env", [str])
    app.connect("builder-inited", _builder_inited)
    app.connect("build-finished", _favicon, priority=900)
    app.connect("html-page-context", _page_context, priority=600)  # (after myst-nb adds the page's scripts)
    app.connect("build-finished", _build_finished)
    app.connect("build-finished", _precompress, priority=990)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
