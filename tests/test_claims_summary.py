"""The analysis introduction's summary of the fifteen claims (issue 38, item 2), in the built site:
every claim has a row with its verdict within the claim and across the family, and every row's link
reaches its claim's section."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest

from bookkit import claims

BUILT = Path(__file__).resolve().parent.parent / "_build" / "html" / "book" / "analysis"


def _index() -> str:
    path = BUILT / "index.html"
    if not path.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing (CI=true): `make book` runs before the tests")
        pytest.skip("the book is not built (make book)")
    return path.read_text(encoding="utf-8")


@pytest.mark.built
def test_every_claim_has_a_row_and_its_link_resolves() -> None:
    page = _index()
    table = re.search(r'<table[^>]*claims-summary.*?</table>', page, flags=re.S)
    assert table, "no claims-summary table in the analysis introduction"
    links = re.findall(r'<a[^>]*href="([^"#]+)#([^"]+)"[^>]*>(C\d+)</a>', table.group(0))
    assert [c for _, _, c in links] == [d.id for d in claims.DESIGNS]
    for href, anchor, claim in links:
        target = (BUILT / html.unescape(href)).resolve()
        assert target.is_file(), (claim, href)
        assert f'id="{anchor}"' in target.read_text(encoding="utf-8"), (claim, href, anchor)
    text = re.sub(r"<[^>]+>", " ", table.group(0))
    assert "verdict across the family (Holm)" in text and "verdict within the claim (Bonferroni)" in text
