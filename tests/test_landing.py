"""The playable pages' landing page and 404 page (website.landing): every game from comet's own
metadata, links to the pages, pictures dealt by the engine, nothing from another host."""

from __future__ import annotations

import re

import comet
from website.landing import (FAMILIES, PRACTICE, error_html, games_html, landing_html, not_found_html, players_words,
                             static_links, voila_links)


def block(page: str, lang: str = "en") -> str:
    """The page's version in ``lang`` (every language is in the page; its script shows one)."""
    start = page.index(f'<div class="comet-lang-version" lang="{lang}"')
    ends = [page.find('<div class="comet-lang-version"', start + 1), page.find("<script", start)]
    return page[start:min(e for e in ends if e > 0)]


def test_every_game_with_its_period_and_players() -> None:
    page = block(landing_html())
    for v in comet.VARIANTS.values():
        name = v.name.replace("'", "&#x27;")
        assert f"{name}</a> ({v.year}), {players_words(v)}" in page, v.id
    assert "2 to 2 players" not in page and "2 players" in page  # Arnold's two-handed comet
    assert page.count('class="family"') == len(FAMILIES) == len(set(v.family for v in comet.VARIANTS.values()))
    assert page.count("<svg") == len(FAMILIES)


def test_links_to_the_pages_relative_or_under_a_base() -> None:
    page = block(landing_html("/"))  # what the play server passes: its base URL
    assert set(re.findall(r'class="play" href="([^"]+)"', page)) == {f"/voila/render/{f}.ipynb" for f in FAMILIES}
    assert 'href="/voila/render/modern.ipynb?variant=two-handed-arnold-2011"' in page
    assert 'class="play" href="voila/render/hoc.ipynb"' in landing_html()  # relative by default
    static = games_html(voila_links("https://play.example.org/comet/"))
    assert 'href="https://play.example.org/comet/voila/render/hoc.ipynb"' in static
    assert "the book" in landing_html(book_url="http://127.0.0.1:8000/") and "the book" not in page


def test_nothing_from_another_host() -> None:
    for page in (landing_html(book_url="http://127.0.0.1:8000/"), not_found_html("/x"), error_html(500, "Oops")):
        assert not re.search(r'(src|href)="(https?:)?//', page.replace('href="http://127.0.0.1:8000/"', ""))
        assert "<script src" not in page and "@import" not in page  # (one inline script: the language)


def test_a_wrong_address_is_named_and_escaped() -> None:
    page = not_found_html("/voila/render/<script>alert(1)</script>.ipynb")
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    assert 'href="/">Back to the games</a>' in block(page)
    assert "x" * 121 not in not_found_html("/" + "x" * 500)


def test_one_landing_for_the_server_and_the_static_site() -> None:
    """The static site's play/index.html and the server's root list the same games and practice
    pages; only the addresses differ."""
    server, static = games_html(voila_links()), games_html(static_links())
    assert server.replace(".ipynb", ".html").replace("voila/render/", "") == static
    for name in [*FAMILIES, *PRACTICE]:
        assert f'href="{name}.html"' in static
    assert 'class="practice-link" href="voila/render/puzzles.ipynb"' in landing_html()


def test_every_language_with_links_that_keep_it() -> None:
    """The page holds a version in each language (English shown without a script); each names
    the games in its language and links to the pages with its ``lang``."""
    page = landing_html()
    assert page.count('class="comet-lang-version"') == 4 and page.count(" hidden>") == 3
    fr, ru = block(page, "fr"), block(page, "ru")
    assert "Jouer à la famille de la comète" in fr and "Манилла, старая комета" in ru
    assert 'href="voila/render/modern.ipynb?variant=modern-comet-1991&amp;lang=ru"' in ru
    assert 'class="play" href="voila/render/hoc.ipynb?lang=fr"' in fr
    assert 'hreflang="es" lang="es" href="?lang=es"' in fr  # the language menu
