"""Convert the book's MyST notebooks to .ipynb for nbval (which collects only .ipynb).

Usage: python tools/to_ipynb.py [--only-nbval-checked] OUT_DIR  -- writes
OUT_DIR/<chapter>-<page>.ipynb for every book/**/*.md page with code cells (book/play holds real
.ipynb pages already). With ``--only-nbval-checked``, only the pages with a cell that asks nbval
to compare its output (``# NBVAL_CHECK_OUTPUT``): the book build has already run every cell of
every page (``make nbval`` and tests/test_executed_notebooks.py explain the split).
"""

from __future__ import annotations

import sys
from pathlib import Path

import jupytext

ROOT = Path(__file__).resolve().parent.parent
CHECK_OUTPUT = "NBVAL_CHECK_OUTPUT"


def myst_notebooks() -> list[Path]:
    """The book's MyST pages with code cells (not book/play, whose notebooks are .ipynb)."""
    book = ROOT / "book"
    pages = []
    for page in sorted(book.rglob("*.md")):
        relative = page.relative_to(book)
        if relative.parts[0] in ("play", "_build") or "{code-cell}" not in page.read_text(encoding="utf-8"):
            continue
        pages.append(page)
    return pages


def main(argv: list[str]) -> int:
    checked_only = "--only-nbval-checked" in argv
    args = [a for a in argv if a != "--only-nbval-checked"]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(args[0])
    out.mkdir(parents=True, exist_ok=True)
    book = ROOT / "book"
    count = 0
    pages = myst_notebooks()
    for page in pages:
        if checked_only and CHECK_OUTPUT not in page.read_text(encoding="utf-8"):
            continue
        relative = page.relative_to(book)
        jupytext.write(jupytext.read(page), out / ("-".join(relative.with_suffix("").parts) + ".ipynb"))
        count += 1
    what = f"of {len(pages)} MyST pages with code: those with a {CHECK_OUTPUT} cell" if checked_only else ""
    print(f"{count} notebooks written to {out} {what}".rstrip())
    return 0 if count or checked_only else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
