"""Every page of the built site, loaded once (issue 29: these were four tests, each loading every
page; the family play pages, :data:`PLAYED`, where test_static_site plays their deal): loaded in a 400 px window it loads offline (test_book_offline.check_loads_offline) and does
not scroll sideways (test_phone_width.check_no_sideways_scroll); widened to 1280 px, on a chapter its
widget buttons' icons are drawn at text size (test_phone_width.check_button_icons) and axe-core
(vendored from npm, `make vendor`) finds no serious or critical violation on it. Each check fails
as the test of its own did."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT
from .test_book_offline import _html_pages, check_links, check_loads_offline
from .test_phone_width import ICON_PAGES, WIDTH, check_button_icons, check_no_sideways_scroll

pytestmark = pytest.mark.usefixtures("python_snapshot_kept")  # (the shared context's pages start Python as a returning reader's)

AXE = ROOT / "_vendor" / "axe" / "axe.min.js"
SERIOUS = ("serious", "critical")


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make vendor` (npm pack of axe-core)")
    return AXE.read_text(encoding="utf-8")


def check_accessibility(page: Any, axe_source: str, name: str) -> None:
    """axe-core on the page as it is (loaded, network idle): no serious or critical violation."""
    page.wait_for_timeout(300)  # widget snapshots render after load
    page.add_script_tag(content=axe_source)
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    bad = [v for v in result["violations"] if v.get("impact") in SERIOUS]
    report = "\n".join(
        f"{v['impact']}: {v['id']} ({v['help']}) at " + ", ".join(n["target"][0] for n in v["nodes"][:5])
        for v in bad
    )
    assert not bad, f"{name}:\n{report}"


PLAYED = ("play/hoc.html", "play/manille.html", "play/new-comet.html", "play/modern.html", "play/commit.html")
"""The pages whose checks run where ``test_static_site`` plays a deal on them, at its settlement
(:func:`check_page_as_drawn`): one visit (one start of Python) for both, and axe reads the live table."""


def check_page_as_drawn(page: Any, book_dir: Path, book_url: str, name: str, axe_source: str) -> None:
    """The checks of :func:`test_page_offline_accessible_and_drawn` but the load, on the page as it is
    now (1280 px wide): its links, no sideways scroll at 400 px, icons, axe."""
    check_links(page, book_dir, book_url, name)
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.wait_for_timeout(100)  # (the narrow layout)
    check_no_sideways_scroll(page, name)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_timeout(100)
    if name.startswith(ICON_PAGES):
        check_button_icons(page, name)
    check_accessibility(page, axe_source, name)


def test_the_played_pages_are_the_static_site_games() -> None:
    from .test_static_site import GAMES

    assert set(PLAYED) == {f"play/{name}.html" for name, _ in GAMES}


@pytest.mark.parametrize("name", [name for name in _html_pages() if name not in PLAYED])
def test_page_offline_accessible_and_drawn(shared_page: Any, book_url: str, book_dir: Path, axe_source: str,
                                           name: str) -> None:
    page = shared_page
    page.set_viewport_size({"width": WIDTH, "height": 900})
    check_loads_offline(page, book_dir, book_url, name)
    check_no_sideways_scroll(page, name)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_timeout(100)  # (the wider layout)
    if name.startswith(ICON_PAGES):
        check_button_icons(page, name)  # (before axe adds its script to the page)
    check_accessibility(page, axe_source, name)
