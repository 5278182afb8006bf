"""Convert the book's MyST notebooks to .ipynb for nbval (which collects only .ipynb).

Usage: python tools/to_ipynb.py OUT_DIR  -- writes OUT_DIR/<chapter>-<page>.ipynb for every
book/**/*.md page with code cells (book/play holds real .ipynb pages already).
"""

from __future__ import annotations

import sys
from pathlib import Path

import jupytext

ROOT = Path(__file__).resolve().parent.parent


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    book = ROOT / "book"
    count = 0
    for page in sorted(book.rglob("*.md")):
        relative = page.relative_to(book)
        if relative.parts[0] in ("play", "_build") or "{code-cell}" not in page.read_text(encoding="utf-8"):
            continue
        jupytext.write(jupytext.read(page), out / ("-".join(relative.with_suffix("").parts) + ".ipynb"))
        count += 1
    print(f"{count} notebooks written to {out}")
    return 0 if count else 1


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))
