"""The site's one language switch, in real Chromium (issue 47): a reader on a lesson picks Русский in
its switcher, the choice is kept (``comet:lang``), the lesson's "Read the chapter" opens the chapter
in the Russian edition, the English root's switcher marks the choice, and a play page opened with no
``lang`` opens in Russian. (Each edition's chapter and analysis page are visited offline, with
axe-core and at 400 px, by test_accessibility: tests/browser/test_book_offline.EDITION_PAGES.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urljoin, urlparse

import pytest
from playwright.sync_api import expect

from .conftest import watch_page

SHOWN = ":is(.comet-live-view, .comet-snap-lang:not([hidden]))"
"""Where the play page's table is: the live one, or the snapshot saved in the address's language."""


@pytest.fixture()
def reader(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1000, "height": 900}, locale="en-US")
    try:
        yield context.new_page()
    finally:
        context.close()


def _stored(page: Any) -> str | None:
    return page.evaluate("() => window.localStorage.getItem('comet:lang')")  # type: ignore[no-any-return]


def test_the_switcher_takes_a_lesson_to_its_chapter_in_the_readers_language(reader: Any, book_url: str) -> None:
    page = reader
    watch = watch_page(page)
    page.goto(urljoin(book_url, "play/learn.html?lesson=modern-stops"), wait_until="load")
    assert page.evaluate("document.documentElement.lang") == "en" and _stored(page) is None
    switcher = page.locator(f"{SHOWN} nav.comet-langs-nav").first
    switcher.wait_for(state="visible", timeout=60_000)
    assert switcher.get_attribute("aria-label") == "Language"
    assert switcher.locator("a[aria-current=true]").get_attribute("hreflang") == "en"

    # (a navigation to the Russian page: the English page's own address may change meanwhile, History API)
    with page.expect_navigation(url=lambda url: "lang=ru" in url):
        switcher.locator("a[hreflang=ru]").click()
    query = parse_qs(urlparse(page.url).query)
    assert query.get("lang") == ["ru"] and query.get("lesson") == ["modern-stops"], page.url
    assert _stored(page) == "ru"
    assert page.evaluate("document.documentElement.lang") == "ru"

    chapter = page.locator(f"{SHOWN} a.comet-lesson-chapter").first
    chapter.wait_for(state="visible", timeout=60_000)
    # (the loading picture's copy of the link, then the live one: wait for the text, not for one read of it
    # during the swap)
    expect(chapter).to_have_text("Читать главу", timeout=60_000)
    with page.expect_navigation(url=lambda url: urlparse(url).path.endswith("/ru/book/rules/modern.html")):
        chapter.click()
    assert urlparse(page.url).path.endswith("/ru/book/rules/modern.html"), page.url
    assert page.evaluate("document.documentElement.lang") == "ru"
    nav = page.locator("nav.comet-langs-book")
    assert nav.get_attribute("aria-label") == "Язык"
    assert nav.locator("a[aria-current=true]").inner_text() == "Русский"

    # The English root does not redirect; its switcher marks the stored choice.
    page.goto(urljoin(book_url, "index.html"), wait_until="load")
    page.wait_for_url("**/book/intro.html")
    assert page.evaluate("document.documentElement.lang") == "en"
    marked = page.locator("nav.comet-langs-book a.comet-lang-stored")
    assert marked.count() == 1 and marked.get_attribute("hreflang") == "ru"

    # A play page opened with no `lang` takes the stored choice.
    page.goto(urljoin(book_url, "play/modern.html?seed=4"), wait_until="load")
    assert parse_qs(urlparse(page.url).query) == {"seed": ["4"], "lang": ["ru"]}, page.url
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.locator(".comet-play-header a[data-comet-book]").get_attribute("href") == "../ru/index.html"
    assert not watch.external, watch.external  # (pages left while Python loads abort their downloads)
