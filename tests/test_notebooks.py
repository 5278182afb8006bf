"""Every page of the book that is a notebook (MyST `.md` with code cells) runs without error.

nbval collects only `.ipynb` files, so the book's MyST notebooks are read with jupytext and
executed with nbclient here, each in its own kernel, from its own folder, with the
repository root on PYTHONPATH (as `make book` runs them). Slow: about a minute in all,
since the analysis pages simulate thousands of deals.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"


def _notebooks() -> list[Path]:
    pages = []
    for path in sorted(BOOK.rglob("*.md")):
        if "play" in path.relative_to(BOOK).parts[:1] or "_build" in path.parts:
            continue
        if "```{code-cell}" in path.read_text(encoding="utf-8"):
            pages.append(path)
    return pages


@pytest.mark.slow
@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: str(p.relative_to(BOOK)))
def test_book_notebook_executes(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    jupytext = pytest.importorskip("jupytext")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    nb = jupytext.read(path)
    client = nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors, errors


def test_every_notebook_is_in_the_table_of_contents() -> None:
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for path in _notebooks():
        assert str(path.relative_to(ROOT).with_suffix("")) in toc, path
