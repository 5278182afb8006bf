"""The book's MyST notebooks, as the book build ran them.

Each notebook page of the book is executed once, by the book build (``make book``: -W, and
``nb_execution_raise_on_error``, so a failing cell stops the build). myst-nb writes what it ran to
``_build/jupyter_execute/<page>.ipynb``; this checks that run the way ``nbval --nbval-lax`` checked
a second run of the same pages before (issue 29): every page with code was executed, every one
of its code cells ran (an execution count), in the page's order and with the page's code, and
none gave an error. A cell whose output nbval must compare (``# NBVAL_CHECK_OUTPUT``) is run by
nbval as well (``make nbval``, through ``tools/to_ipynb.py --only-nbval-checked``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import jupytext
import pytest

from load_file import load_file

ROOT = Path(__file__).resolve().parents[1]
EXECUTED = ROOT / "_build" / "jupyter_execute"
PAGES = load_file("tools/to_ipynb.py", "comet_to_ipynb").myst_notebooks()
pytestmark = pytest.mark.built  # reads the book build's output: `make test` runs it after the book


def _executed(page: Path) -> dict:  # type: ignore[type-arg]
    path = EXECUTED / page.relative_to(ROOT).with_suffix(".ipynb")
    if not path.is_file():
        message = f"{path} is missing: the book build (`make book`) did not execute {page.relative_to(ROOT)}"
        if os.environ.get("CI") or EXECUTED.is_dir():
            pytest.fail(message)
        pytest.skip(message + " (no book built: run `make book`)")
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_there_are_notebook_pages() -> None:
    assert len(PAGES) >= 10, PAGES


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT / "book")) for p in PAGES])
def test_every_cell_of_the_page_ran_without_error(page: Path) -> None:
    executed = _executed(page)
    source = [c.source for c in jupytext.read(page).cells if c.cell_type == "code"]
    cells = [c for c in executed["cells"] if c["cell_type"] == "code"]
    assert ["".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in cells] == source, (
        f"{page}: the executed notebook is not this page's code (a stale build?)")
    for i, cell in enumerate(cells):
        assert cell.get("execution_count") is not None, f"{page}: code cell {i + 1} was not run"
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        assert not errors, f"{page}: code cell {i + 1} failed: {errors[0].get('ename')}: {errors[0].get('evalue')}"
    counts = [c["execution_count"] for c in cells]
    assert counts == sorted(counts), f"{page}: cells ran out of order: {counts}"
