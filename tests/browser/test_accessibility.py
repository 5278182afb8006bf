"""Accessibility: axe-core (vendored from npm, `make vendor`) finds no serious or critical
violation on any page of the built book."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT
from .test_book_offline import _html_pages

AXE = ROOT / "_vendor" / "axe" / "axe.min.js"
SERIOUS = ("serious", "critical")


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make vendor` (npm pack of axe-core)")
    return AXE.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", _html_pages())
def test_no_serious_accessibility_violation(shared_page: Any, book_url: str, book_dir: Path, axe_source: str,
                                            name: str) -> None:
    page = shared_page
    page.goto(book_url + name, wait_until="networkidle")
    page.wait_for_timeout(300)  # widget snapshots render after load
    page.add_script_tag(content=axe_source)
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    bad = [v for v in result["violations"] if v.get("impact") in SERIOUS]
    report = "\n".join(
        f"{v['impact']}: {v['id']} ({v['help']}) at " + ", ".join(n["target"][0] for n in v["nodes"][:5])
        for v in bad
    )
    assert not bad, f"{name}:\n{report}"
