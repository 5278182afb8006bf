"""The built book works offline: every page loads from 127.0.0.1 alone, without errors."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlparse

import pytest

from .conftest import ARTIFACTS, BOOK_DIR, ROOT, watch_page


EDITIONS = ("fr", "ru", "es")
EDITION_PAGES = ("book/rules/modern.html", "book/analysis/who-wins.html")
"""What the browser visits of each translated edition (issue 47): a chapter and an analysis page. The
editions' other pages are the English ones' in another language: tests/test_editions_built.py reads
every one of them (its language, its switcher and alternates, every link to a file that exists)."""


def _html_pages() -> list[str]:
    if not BOOK_DIR.is_dir():
        return ["index.html"]  # the book_dir fixture skips (or fails in CI) with a message
    pages = []
    for path in sorted(BOOK_DIR.rglob("*.html")):
        relative = path.relative_to(BOOK_DIR)
        if relative.parts[0] in ("_static", "_sources", "_images", "_downloads"):
            continue
        if relative.parts[0] in EDITIONS and "/".join(relative.parts[1:]) not in EDITION_PAGES:
            continue
        pages.append(relative.as_posix())
    return pages


def _local_file(book_dir: Path, base: str, href: str) -> Path | None:
    """The file a same-site link points to, or None for links to other sites."""
    parsed = urlparse(href)
    if parsed.scheme not in ("http", "https") or parsed.netloc != urlparse(base).netloc:
        return None
    path = unquote(parsed.path)
    target = book_dir / path.lstrip("/")
    if path.endswith("/"):
        target = target / "index.html"
    return target


def check_loads_offline(page: Any, book_dir: Path, book_url: str, name: str) -> None:
    """Open ``name`` (watched): it answers, loads from 127.0.0.1 alone with no failed request, page
    error or console error once the network is idle, and links to no missing file of the site.
    (Run on every page by test_accessibility.test_page_offline_accessible_and_drawn, which loads
    each page once for three checks.)"""
    watch = watch_page(page)
    url = urljoin(book_url, name)
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, f"{url}: {response and response.status}"
    page.wait_for_load_state("networkidle")
    watch.assert_quiet()
    check_links(page, book_dir, book_url, name)


def check_links(page: Any, book_dir: Path, book_url: str, name: str) -> None:
    """The page as it is now links to no missing file of the site."""
    hrefs: list[str] = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
    broken = []
    for href in hrefs:
        target = _local_file(book_dir, book_url, href)
        if target is not None and not target.is_file():
            broken.append(href)
    assert not broken, f"{name}: links to missing files: {broken}"


def test_intro_links_to_play_pages(page: Any, book_url: str) -> None:
    page.goto(urljoin(book_url, "book/intro.html"))
    links = page.eval_on_selector_all("a.comet-play-link", "els => els.map(e => e.href)")
    for name in ("hoc", "manille", "new-comet", "modern", "commit"):
        assert any(link.endswith(f"/play/{name}.html") for link in links), (name, links)


def test_every_play_link_has_a_page(book_dir: Path) -> None:
    """Every {play} link of the built book leads to a static play page of the built site, made
    from a notebook of book/play/ (or to the games' landing page)."""
    play = ROOT / "book" / "play"
    missing = set()
    for html_file in book_dir.rglob("*.html"):
        for href in re.findall(r'class="[^"]*comet-play-link[^"]*"[^>]*href="([^"]+)"|'
                               r'href="([^"]+)"[^>]*class="[^"]*comet-play-link', html_file.read_text()):
            url = next(h for h in href if h)
            target = (html_file.parent / url.split("?", 1)[0]).resolve()
            name = target.name.removesuffix(".html")
            if not target.is_file() or (name != "index" and not (play / f"{name}.ipynb").is_file()):
                missing.add(f"{html_file.relative_to(book_dir)}: {url}")
    assert not missing, f"links to play pages that do not exist: {sorted(missing)}"


def test_demo_snapshot_shows_offline(page: Any, book_url: str) -> None:
    """The step-through of the manille chapter, saved at its ninth step, is in the page as it was
    saved (written as HTML at build time, so shown before any script runs) and steps at once."""
    watch = watch_page(page)
    page.goto(urljoin(book_url, "book/rules/manille.html"))
    step = page.locator(".comet-snap .comet-step").first
    step.wait_for(state="visible", timeout=30_000)
    assert step.locator(".widget-readout").inner_text().strip() == "9"
    assert step.locator(".comet-step-caption").inner_text().startswith("Step 9 of ")
    assert "Manille" in step.locator(".comet-step-table").inner_text()
    page.wait_for_selector(".comet-step.comet-step-ready")
    step.locator(".comet-step-next").click()
    assert step.locator(".comet-step-caption").inner_text().startswith("Step 10 of ")
    assert step.locator(".widget-readout").inner_text().strip() == "10"
    page.wait_for_load_state("networkidle")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "snapshot.png"), full_page=True)
    watch.assert_clean()
    # pydata-sphinx-theme logs this on a first visit (no theme saved in localStorage yet).
    noise = ("Got invalid theme mode",)
    errors = [e for e in watch.console_errors if not e.startswith(noise)]
    assert not errors, errors


@pytest.mark.parametrize("width", [1280, 400])
def test_one_search_box(page: Any, book_url: str, width: int) -> None:
    """One way to search is shown, at desktop and phone widths. (pydata-sphinx-theme 0.17 adds a
    header bar holding a second search field unless `navbar_persistent` is set empty.)"""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(urljoin(book_url, "book/intro.html"))
    shown = page.locator(".search-button-field:visible, .search-button:visible")
    assert shown.count() == 1, f"{shown.count()} search boxes shown at {width}px"
    header = page.locator("#pst-header").bounding_box()
    assert header is None or header["height"] == 0, f"an empty header bar is shown: {header}"
