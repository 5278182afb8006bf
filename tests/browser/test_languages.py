"""Every word in the reader's language: the play, landing, puzzle and drill pages in French, Russian
and Spanish show no English (proper names and card notation aside), set ``<html lang>``, and keep
``lang`` in every link they make."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from .table_helpers import act, open_live

LANGS = ("fr", "ru", "es")
ALLOWED = {
    # proper names: the languages' own names in the menu, the books and authors the games are named after
    "English", "Français", "Español", "American", "Hoyle", "New", "Complete", "Arnold", "Mazarin",
    # the sources' keys and the readings' options (the book's notation)
    "S0", "S1", "S2", "Enc", "PJ", "PW", "NJ", "AMB", "FR", "Hoc", "W-Hocs", "Hocs", "h_scope", "opera_draw_refund",
    # card notation
    "A", "J", "Q", "K", "JK",
}
"""Words in Latin letters a Russian page may show."""
ENGLISH = re.compile(r"\b(the|and|you|your|with|without|plays?|played|deals?|hands?|cards?|turn|settings|"
                     r"payments|undo|hint|match|seed|players?|language|copy|link|step|bots?|greedy|random|search|"
                     r"person|name|next|over|left|pays?|chips?|points?|stop|rule|all games|the book|loading)\b",
                     re.IGNORECASE)
"""English words no French or Spanish page of ours uses (``bot`` is Spanish too: checked apart)."""

TEXT_JS = """() => {
  const out = [document.body.innerText];
  document.querySelectorAll('[title], [aria-label], [placeholder]').forEach(el => {
    if (el.closest('[hidden]') || el.closest('svg') || !el.getClientRects().length) return;
    if (el.tagName === 'TEXTAREA') return;  // (its placeholder is a record in the notation)
    for (const a of ['title', 'aria-label', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  });
  return out.join('\\n');
}"""


def english_left(text: str, lang: str) -> list[str]:
    if lang == "ru":
        tokens = re.findall(r"[^\W\d][\w\-]*", text)
        latin = {w.strip("-") for w in tokens if re.search(r"[A-Za-z]", w)}
        # (a source's key such as AJO-Hoc, and a puzzle's id, modern-0a1b2c3d, are notation too)
        return sorted(w for w in latin if w not in ALLOWED and not re.fullmatch(
            r"(AMB|FR|W|[A-Z]+)-[\w\-]+|[ST]\d|[IVXLC]+|[a-z\-]+-[0-9a-f]{8}", w))
    found = {m.group(0).lower() for m in ENGLISH.finditer(text)}
    if lang == "es":
        found -= {"bot", "bots"}  # the Spanish word too
    if lang == "fr":
        found -= {"point", "points"}  # the French word too (a settlement's "13 points dans ...")
    return sorted(found)


@pytest.fixture(scope="module")
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_page_has_no_english_left(context: Any, book_url: str, lang: str) -> None:
    page = context.new_page()
    try:
        open_live(page, f"{book_url}play/modern.html?players=3&seed=9&lang={lang}")
        for _ in range(4):
            act(page)
        for toggle in page.locator(".comet-live-view .comet-bar .widget-toggle-button").all():
            toggle.click()  # the log, payments, scores and settings, open
        # (the settings' form is made when Settings is first pressed: its words are read once it is drawn)
        page.locator(".comet-live-view .comet-settings select").first.wait_for(state="visible")
        page.wait_for_timeout(500)
        assert page.evaluate("document.documentElement.lang") == lang
        text = page.evaluate(TEXT_JS)
        assert not english_left(text, lang), (english_left(text, lang), text[:2000])
        # every link the page makes keeps the language
        copy = page.locator(".comet-live-view a.comet-copy-link").first.get_attribute("href")
        assert copy and f"lang={lang}" in copy
        kept = page.eval_on_selector_all("header a[data-comet-keep-lang]", "els => els.map(e => e.getAttribute('href'))")
        assert len(kept) == 2 and all(href and href.endswith(f"lang={lang}") for href in kept), kept  # games, lessons
        menu = page.eval_on_selector_all(".comet-live-view a.comet-lang-link",
                                         "els => els.map(e => e.getAttribute('href'))")
        assert len(menu) == 4 and all("seed=9" in href and "players=3" in href for href in menu)
        # the language changed in the table's settings: the page follows, and so does its address
        page.locator(".comet-live-view .comet-settings select").filter(has_text="Русский").select_option(label="English")
        page.wait_for_function("document.documentElement.lang === 'en'")
        assert "lang=" not in page.url
    finally:
        page.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_landing_page_has_no_english_left(context: Any, book_url: str, lang: str) -> None:
    page = context.new_page()
    try:
        page.goto(f"{book_url}play/index.html?lang={lang}")
        assert page.evaluate("document.documentElement.lang") == lang
        text = page.evaluate(TEXT_JS)
        assert not english_left(text, lang), (english_left(text, lang), text[:2000])
        hrefs = page.eval_on_selector_all(".comet-lang-version:not([hidden]) .family a",
                                          "els => els.map(e => e.getAttribute('href'))")
        assert hrefs and all(href.endswith(f"lang={lang}") for href in hrefs)
    finally:
        page.close()


def test_the_replay_page_keeps_the_language_in_its_links(context: Any, book_url: str) -> None:
    page = context.new_page()
    try:
        page.goto(f"{book_url}play/replay.html?lang=ru")
        page.wait_for_selector("html.comet-live-ready", state="attached", timeout=180_000)
        assert page.evaluate("document.documentElement.lang") == "ru"
        text = page.evaluate(TEXT_JS)
        assert not english_left(text, "ru"), english_left(text, "ru")
        link = page.locator(".comet-live-view .comet-replay-play-on a").get_attribute("href")
        assert link and link.endswith("lang=ru")
    finally:
        page.close()




def _answered(page: Any, prefix: str) -> None:
    """Click the first answer of a practice page and wait for its feedback."""
    page.locator(f".comet-live-view .comet-{prefix}-answer").first.click()
    page.wait_for_function(f"() => (document.querySelector('.comet-live-view .comet-{prefix}-feedback') || {{}})"
                           ".innerText?.length > 0", timeout=60_000)


@pytest.mark.parametrize("lang", LANGS)
def test_the_puzzle_page_has_no_english_left(context: Any, book_url: str, lang: str) -> None:
    page = context.new_page()
    try:
        page.goto(f"{book_url}play/puzzles.html?family=manille&lang={lang}")
        page.wait_for_selector("html.comet-live-ready", state="attached", timeout=180_000)
        _answered(page, "puzzle")
        page.locator(".comet-live-view details.comet-puzzle-definition summary").click()  # how the answers are proven
        page.wait_for_timeout(300)
        assert page.evaluate("document.documentElement.lang") == lang
        text = page.evaluate(TEXT_JS)
        assert not english_left(text, lang), (english_left(text, lang), text[:3000])
        link = page.locator(".comet-live-view a.comet-puzzle-link").get_attribute("href")
        assert link and link.startswith("?id=") and link.endswith(f"lang={lang}")
        menu = page.eval_on_selector_all(".comet-live-view a.comet-lang-link",
                                         "els => els.map(e => e.getAttribute('href'))")
        assert len(menu) == 4 and all("family=manille" in href for href in menu)
        kept = page.eval_on_selector_all("header a[data-comet-keep-lang]", "els => els.map(e => e.getAttribute('href'))")
        assert len(kept) == 2 and all(href and href.endswith(f"lang={lang}") for href in kept), kept  # games, lessons
    finally:
        page.close()


FEEDBACK_JS = ("() => (document.querySelector('.comet-live-view .comet-drill-feedback') || {}).innerText?.trim()"
               " || ''")


@pytest.mark.parametrize("lang", LANGS)
def test_the_drill_page_has_no_english_left(context: Any, book_url: str, lang: str) -> None:
    """One page a language, opened at a kind of question from its address (``settle``), then each
    kind chosen in the page's own list and answered: no English left after any answer."""
    from comet_learn.drills import KINDS

    page = context.new_page()
    try:
        page.goto(f"{book_url}play/drills.html?kind=settle&lang={lang}")
        page.wait_for_selector("html.comet-live-ready", state="attached", timeout=180_000)
        assert page.evaluate("document.documentElement.lang") == lang
        menu = page.eval_on_selector_all(".comet-live-view a.comet-lang-link",
                                         "els => els.map(e => e.getAttribute('href'))")
        assert len(menu) == 4 and all("kind=settle" in href for href in menu)
        kinds = page.locator(".comet-live-view .comet-drills select").first
        assert kinds.evaluate("s => s.selectedIndex") == list(KINDS).index("settle")
        order = ["settle", *(kind for kind in KINDS if kind != "settle")]
        for kind in order:  # (each after an answered one: its feedback goes when the new question comes)
            if kind != "settle":
                kinds.select_option(index=list(KINDS).index(kind))
                page.wait_for_function(f"() => !({FEEDBACK_JS})()", timeout=60_000)
            _answered(page, "drill")
            text = page.evaluate(TEXT_JS)
            assert not english_left(text, lang), (kind, english_left(text, lang), text[:3000])
    finally:
        page.close()
