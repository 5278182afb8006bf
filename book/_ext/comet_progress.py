"""Sphinx extension: a line of progress at least every 10 seconds while the book builds.

Executing a notebook can take a minute with nothing printed (Sphinx prints one line per page
read). This prints a line as each code cell of a notebook starts ("book: executing
book/analysis/who-wins.md, cell 3 of 6"), and, whenever nothing was printed for
:data:`HEARTBEAT` seconds, what the build is doing and for how long ("book: still executing
book/analysis/who-wins.md, cell 3 of 6: 20 s in this cell, 41 s in the build"). The other slow
steps of our extensions say what they do with :func:`status`.

Loaded by jupyter-book through ``sphinx.local_extensions`` in ``_config.yml``.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any

from sphinx.application import Sphinx

HEARTBEAT = 8.0
"""Seconds without a line after which the build says what it is doing (issue 29: at most 10)."""

_lock = threading.Lock()
_state: dict[str, Any] = {"what": "starting", "since": time.monotonic(), "last": time.monotonic(),
                          "start": time.monotonic(), "doc": ""}
_stop = threading.Event()


def _say(line: str) -> None:
    with _lock:
        _state["last"] = time.monotonic()
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def status(what: str, *, say: bool = True) -> None:
    """The build is now doing ``what`` (printed at once if ``say``, and in the heartbeat)."""
    with _lock:
        _state["what"] = what
        _state["since"] = time.monotonic()
    if say:
        _say(f"book: {what}")


def _heartbeat() -> None:
    while not _stop.wait(min(1.0, HEARTBEAT / 4)):
        with _lock:
            now = time.monotonic()
            quiet = now - _state["last"]
            what, since, start = _state["what"], _state["since"], _state["start"]
        if quiet >= HEARTBEAT:
            _say(f"book: still {what}: {now - since:.0f} s in this step, {now - start:.0f} s in the build")


def _patch_nbclient() -> None:
    """Note each code cell as nbclient starts it (myst-nb executes notebooks through nbclient)."""
    from nbclient.client import NotebookClient

    original = NotebookClient.async_execute_cell
    if getattr(original, "_comet_progress", False):
        return

    async def execute_cell(self: Any, cell: Any, cell_index: int, *args: Any, **kwargs: Any) -> Any:
        if cell.cell_type == "code":
            code = [i for i, c in enumerate(self.nb.cells) if c.cell_type == "code"]
            number = code.index(cell_index) + 1 if cell_index in code else 0
            status(f"executing {_state['doc'] or 'a notebook'}, cell {number} of {len(code)}")
        return await original(self, cell, cell_index, *args, **kwargs)

    execute_cell._comet_progress = True  # type: ignore[attr-defined]
    NotebookClient.async_execute_cell = execute_cell  # type: ignore[method-assign]


def _builder_inited(app: Sphinx) -> None:
    _state["start"] = time.monotonic()
    _stop.clear()
    _patch_nbclient()
    threading.Thread(target=_heartbeat, name="comet-progress", daemon=True).start()
    status("reading the pages", say=False)


def _source_read(app: Sphinx, docname: str, source: list[str]) -> None:
    doc = app.env.doc2path(docname, base=False)
    with _lock:
        _state["doc"] = str(doc)
    status(f"reading {doc}", say=False)


def _env_updated(app: Sphinx, env: Any) -> list[str]:
    status("writing the pages", say=False)
    return []


def _build_finished(app: Sphinx, exception: Exception | None) -> None:
    _stop.set()


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", _builder_inited, priority=100)
    app.connect("source-read", _source_read, priority=100)
    app.connect("env-updated", _env_updated)
    app.connect("build-finished", _build_finished, priority=999)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
