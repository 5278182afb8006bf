"""Sphinx extension: the static book plays, with Python running in the reader's browser.

* A code cell tagged ``live`` is run again in the reader's browser: the page carries the code
  of its live cells (``<script id="comet-live">``) and ``_static/live/live.js``, which shows the
  build's snapshot at once and swaps in the live widget when Python (Pyodide, in a worker) has
  run the cell. A live cell must stand alone: its own imports, then the widget.
* ``_static/live/py-<hash>.zip``: the site's own Python (``comet``, ``widgets`` and the small
  IPython stand-in of ``tools/pyodide``), packed at every build; the Pyodide core and the
  pure-Python wheels ipywidgets needs come from ``make vendor`` (``_vendor/book/live``).
* ``play/<page>.html`` for every notebook of ``book/play/`` and ``play/index.html``: the play
  pages as static pages, running the notebooks' own code (see :mod:`comet_play_static`).

Loaded by jupyter-book through ``sphinx.local_extensions`` in ``_config.yml``.
"""

from __future__ import annotations

import hashlib
import html
import io
import json
import zipfile
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("comet", "widgets")
SHIMS = ROOT / "tools" / "pyodide"
LIVE_TAG = "live"
VENDOR_LIVE = ROOT / "_vendor" / "book" / "live"


def _python_files() -> list[tuple[str, Path]]:
    files: list[tuple[str, Path]] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            files.append((path.relative_to(ROOT).as_posix(), path))
    for path in sorted((SHIMS / "IPython").rglob("*.py")):
        files.append((path.relative_to(SHIMS).as_posix(), path))
    return files


def python_zip() -> tuple[str, bytes]:
    """The site's Python as a zip (fixed timestamps: same sources, same bytes) and its name."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, path in _python_files():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())
    data = buffer.getvalue()
    return f"py-{hashlib.sha256(data).hexdigest()[:10]}.zip", data


def archives(zip_name: str) -> list[dict[str, str]]:
    """What the worker unpacks, in order: the vendored wheels, then the site's Python."""
    wheels = sorted(p.name for p in VENDOR_LIVE.glob("*.whl"))
    if not wheels:
        raise RuntimeError(f"no wheels in {VENDOR_LIVE}: run `make vendor`")
    return [{"name": w, "format": "wheel"} for w in wheels] + [{"name": zip_name, "format": "zip"}]


def live_cells(source: Path) -> list[str]:
    """The code of the cells tagged ``live`` in a MyST notebook, in page order."""
    import jupytext

    notebook = jupytext.read(source)
    return [cell.source for cell in notebook.cells
            if cell.cell_type == "code" and LIVE_TAG in cell.metadata.get("tags", [])]


def config_script(cells: list[str], slots: str, zip_name: str, *, query: bool = False) -> str:
    """The page's ``<script id="comet-live">`` (read by live.js)."""
    data = {"cells": cells, "slots": slots, "archives": archives(zip_name), "query": query}
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
    context["body"] = (context.get("body", "") + config_script(cells, f".cell.tag_{LIVE_TAG}", app.comet_live_zip[0])
                       + f'<script src="{html.escape(script)}" defer></script>')


def _builder_inited(app: Sphinx) -> None:
    app.comet_live_zip = python_zip()  # type: ignore[attr-defined]


def _build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    name, data = app.comet_live_zip  # type: ignore[attr-defined]
    live = out / "_static" / "live"
    live.mkdir(parents=True, exist_ok=True)
    for old in live.glob("py-*.zip"):
        old.unlink()
    (live / name).write_bytes(data)
    from comet_play_static import write_play_pages

    write_play_pages(out, name)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", _builder_inited)
    app.connect("html-page-context", _page_context)
    app.connect("build-finished", _build_finished)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
