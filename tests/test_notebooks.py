"""Every page of the book that is a notebook (MyST `.md` with code cells) is in the book.

The notebooks themselves run under nbval in `make nbval` (part of `make test`): jupytext
converts them to `.ipynb` in `_build/nbval`, since nbval collects only `.ipynb` files.
"""

from __future__ import annotations

import re
from pathlib import Path

import comet

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


def test_every_notebook_is_in_the_table_of_contents() -> None:
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for path in _notebooks():
        assert str(path.relative_to(ROOT).with_suffix("")) in toc, path


def test_rules_tables_headings_are_the_variants_names() -> None:
    """Each variant's heading in the rules tables is its title in the package (a substitution the
    build fills from the variant, not a retyped one), and every variant has its table."""
    text = (BOOK / "reference" / "rules-tables.md").read_text(encoding="utf-8")
    headings = dict(re.findall(r"^\(table-([a-z0-9-]+)\)=\n### (.+)$", text, flags=re.MULTILINE))
    assert headings == {vid: f"{{{{ v.{vid.replace('-', '_')}.title }}}}" for vid in comet.VARIANTS}
