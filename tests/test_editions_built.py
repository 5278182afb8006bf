"""The book's editions as ``make book`` built them (issue 47): English at the root, ``fr/``, ``ru/`` and
``es/`` beside it with the same pages, each page in its language (``<html lang>``), with the switcher
and the ``hreflang`` alternates, every link of it to a file that exists (an edition shares the root's
static files and play pages), the values its pages compute in its language; and the catalogs.

Two checks read the translations:

* :func:`test_every_catalog_is_complete`: no untranslated or fuzzy message in the pages' catalogs
  (``book/locales``) nor in the book's computed words (``comet_render/locale/<lang>/LC_MESSAGES/book.po``);
* :func:`test_no_paragraph_is_left_in_english_but_the_listed_gap`: a detector of our own
  (:func:`english_blocks`) reads every page of each translated edition; any English still left would be
  listed page by page in ``tests/data/english_left.json``, and may only go down (issue 47's gap, the analysis
  chapter's computed text, is closed: the list is empty).

:func:`test_the_catalogs_are_those_of_the_english_pages` fails as soon as an English page changes
and its catalogs were not brought up to date (``make book-po``, then translate).
"""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from load_file import load_file

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
LANGS = ("fr", "ru", "es")
tools = load_file("tools/editions.py", "comet_editions_tool")
pytestmark = pytest.mark.built


def _need_build() -> None:
    if not (HTML / "index.html").is_file():
        if os.environ.get("CI"):
            pytest.fail("no book built: run `make book`")
        pytest.skip("no book built: run `make book`")


def book_pages(folder: Path) -> list[str]:
    """The pages of an edition (or of the root), relative to it: the book's, the index, search."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.html")
                  if p.relative_to(folder).parts[0] not in ("_static", "_sources", "play", *LANGS))


def test_each_edition_has_every_page_of_the_english_one() -> None:
    _need_build()
    english = book_pages(HTML)
    assert "book/rules/modern.html" in english
    for lang in LANGS:
        assert book_pages(HTML / lang) == english, lang


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.links: list[str] = []
        self.alternates: dict[str, str] = {}
        self.switcher: list[tuple[str, str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.lang = a.get("lang", "")
        if tag == "link" and a.get("rel") == "alternate" and "hreflang" in a:
            self.alternates[a["hreflang"]] = a["href"]
        if tag == "a" and "comet-lang-link" in a.get("class", ""):
            self.switcher.append((a.get("hreflang", ""), a.get("href", ""), a.get("aria-current") == "true"))
        for key in ("href", "src"):
            if a.get(key):
                self.links.append(a[key])


def _target(page: Path, href: str) -> Path | None:
    parsed = urlparse(href)
    if parsed.scheme or parsed.netloc or not parsed.path or href.startswith(("#", "mailto:", "data:")):
        return None
    return (page.parent / unquote(parsed.path)).resolve()


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_every_page_says_its_language_and_links_to_the_others(lang: str) -> None:
    _need_build()
    folder = HTML if lang == "en" else HTML / lang
    missing: list[str] = []
    for name in book_pages(folder):
        page = folder / name
        text = page.read_text(encoding="utf-8")
        if 'http-equiv="refresh"' in text.lower():
            continue  # (the root's index.html: a redirect to the first page, book/intro.html)
        parsed = _Links()
        parsed.feed(text)
        assert parsed.lang == lang, f"{lang}/{name}: <html lang={parsed.lang!r}>"
        others = {code: (HTML if code == "en" else HTML / code) / name for code in ("en", *LANGS)}
        assert set(parsed.alternates) == {*others} - {lang} | {"x-default"}, name
        for code, href in parsed.alternates.items():
            assert _target(page, href) == others["en" if code == "x-default" else code].resolve(), (name, code, href)
        assert [(code, current) for code, _h, current in parsed.switcher] == [
            (code, code == lang) for code in ("en", *LANGS)], name
        for code, href, _c in parsed.switcher:
            assert _target(page, href) == others[code].resolve(), (name, code, href)
        for href in parsed.links:
            target = _target(page, href)
            if target is not None and not target.exists():
                missing.append(f"{lang}/{name}: {href}")
    assert not missing, missing[:20]


def test_an_edition_shares_the_roots_files_and_its_play_links_carry_the_language() -> None:
    _need_build()
    for lang in LANGS:
        folder = HTML / lang
        assert not (folder / "_static" / "live").is_dir() or not list((folder / "_static" / "live").glob("pyodide-*"))
        assert not (folder / "play").exists()
        text = (folder / "book" / "rules" / "modern.html").read_text(encoding="utf-8")
        plays = re.findall(r'href="((?:\.\./)+play/[^"]+)"', text)
        assert plays and all("lang=" + lang in p for p in plays), plays[:5]
        assert '../../../_static/live/live.js' in text


def test_an_editions_computed_values_are_in_its_language() -> None:
    """The modern chapter's demo (a step-through glued in each language) and its figures' words."""
    _need_build()
    english = (HTML / "book" / "rules" / "modern.html").read_text(encoding="utf-8")
    assert "Step 10 of" in english
    for lang, step in (("fr", "Étape 10"), ("ru", "Шаг 10"), ("es", "Paso 10")):
        text = (HTML / lang / "book" / "rules" / "modern.html").read_text(encoding="utf-8")
        assert step in text and "Step 10 of" not in text, lang
        assert '"query": "lang=' + lang + '"' in text  # (its live demo runs in its language too)


def test_the_catalogs_are_those_of_the_english_pages() -> None:
    """A changed English sentence, or a new page, without its catalogs brought up to date
    (``make book-po``) fails here: ``_build/gettext`` is what ``make book`` extracted from the pages."""
    _need_build()
    assert (ROOT / "_build" / "gettext" / "book" / "rules" / "modern.pot").is_file()
    problems = tools.stale()
    assert not problems, "\n".join(problems)


@pytest.mark.translations
def test_every_catalog_is_complete() -> None:
    problems = tools.incomplete()
    book = [f"{lang}: {n} of the book's computed words untranslated" for lang, n in _book_words_left().items() if n]
    assert not problems + book, "\n".join(problems + book)


def _book_words_left() -> dict[str, int]:
    from babel.messages.pofile import read_po

    left = {}
    for lang in LANGS:
        with (ROOT / "comet_render" / "locale" / lang / "LC_MESSAGES" / "book.po").open("rb") as f:
            left[lang] = sum(1 for m in read_po(f) if m.id and (not m.string or m.fuzzy))
    return left


# ------------------------------------------------------------------------------- English left
ENGLISH = frozenset("""the and of to is are was were with which that this from by for its it they their them when
who whom what into each every only not but be been have had than then there these those would could should will
must shall you your his she her we our does did very""".split())
"""English words that no French, Spanish or Russian sentence uses (not "a", "on", "as", "he", "has", "in",
"or": French or Spanish words too)."""
SKIP = ("code", "pre", "kbd", "samp", "script", "style", "svg", "math", "mjx-container", "template")
SKIP_CLASSES = ("citation", "bibtex-citation", "bibliography", "headerlink", "comet-langs-nav", "highlight", "MathJax")
BLOCKS = ("p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "figcaption", "dt", "dd", "caption", "summary")


class _Blocks(HTMLParser):
    """The text of each block of a page's article (its paragraphs, items, headings, cells), outside
    code, maths, pictures, the bibliography, and any element whose ``lang`` is not the page's (a
    quotation kept in its own language)."""

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.stack: list[tuple[str, bool]] = []
        self.inside = False
        self.blocks: list[str] = []
        self.current: list[str] | None = None
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "article" and "bd-article" in a.get("class", ""):
            self.inside = True
        skip = (tag in SKIP or any(c in a.get("class", "").split() for c in SKIP_CLASSES)
                or (bool(a.get("lang")) and not a["lang"].startswith(self.lang)) or "hidden" in a)
        if tag in ("br", "img", "hr", "input", "meta", "link", "wbr"):
            return
        self.stack.append((tag, skip))
        if tag in BLOCKS and self.current is None and self.inside:
            self.current, self.depth = [], len(self.stack)

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, _s = self.stack.pop()
            if self.current is not None and len(self.stack) < self.depth:
                self.blocks.append(" ".join("".join(self.current).split()))
                self.current = None
            if name == tag:
                break
        if tag == "article":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.current is not None and not any(skip for _t, skip in self.stack):
            self.current.append(data)


def english_blocks(page_html: str, lang: str, english_page: str = "") -> list[str]:
    """The blocks of a page of the edition in ``lang`` still in English: those with three or more of
    :data:`ENGLISH`'s words making a tenth of their words or more, and those word for word the English
    edition's with three words or more in Latin letters (a heading left as it was)."""
    found = _Blocks(lang)
    found.feed(page_html)
    same: set[str] = set()
    if english_page:
        source = _Blocks("en")
        source.feed(english_page)
        same = set(source.blocks)
    out = []
    for block in found.blocks:
        words = re.findall(r"[A-Za-z][A-Za-z']*", block)
        common = [w for w in words if w.lower() in ENGLISH]
        if (len(common) >= 3 and len(common) >= 0.1 * len(re.findall(r"\w+", block))) or (
                block in same and len(words) >= 3):
            out.append(block)
    return out


def test_the_english_detector_finds_english_and_leaves_the_rest() -> None:
    page = ('<html lang="fr"><article class="bd-article"><h1>Play in six steps</h1>'
            "<p>Le joueur à gauche du donneur mène ; il n'y a pas d'as.</p>"
            "<p>Whoever plays the comet is paid by each opponent at once, for the deal.</p>"
            '<blockquote lang="en"><p>The comet is a card which may be any card.</p></blockquote>'
            "<p>Смотрите <code>the comet is played with the pack</code>.</p>"
            "<p>«Parece que» la comète a disparu.</p>"
            '<p><span class="bibtex-citation">[<a href="b.html#cite-x">Wikipedia, Curse of Scotland, n.d.</a>]</span></p>'
            "</article></html>")
    english = ('<html lang="en"><article class="bd-article"><h1>Play in six steps</h1>'
               '<p><span class="bibtex-citation">[<a href="b.html#cite-x">Wikipedia, Curse of Scotland, n.d.</a>]</span></p>'
               "</article></html>")
    assert english_blocks(page, "fr", english) == [
        "Play in six steps", "Whoever plays the comet is paid by each opponent at once, for the deal."]


ENGLISH_LEFT = ROOT / "tests" / "data" / "english_left.json"
"""The English still left in each translated edition, page by page (its number of blocks). It listed issue
47's known gap, the analysis chapter's computed text (design boxes and their history, verdict headlines,
figure labels) that ``bookkit`` wrote in English; that text is now translated when each edition's page is
written (:mod:`bookkit.verdict_words`, :mod:`bookkit.design_words`, the figures drawn per edition), and
the list is empty. English may be left nowhere, and these numbers only go down: a page with more blocks
than listed fails, and so does a page with fewer (lower its number here, so that it cannot rise again
unnoticed)."""


@pytest.mark.parametrize("lang", LANGS)
def test_no_paragraph_is_left_in_english_but_the_listed_gap(lang: str) -> None:
    import json

    _need_build()
    listed: dict[str, int] = json.loads(ENGLISH_LEFT.read_text(encoding="utf-8")).get(lang, {})
    left: dict[str, list[str]] = {}
    for name in book_pages(HTML / lang):
        found = english_blocks((HTML / lang / name).read_text(encoding="utf-8"), lang,
                               (HTML / name).read_text(encoding="utf-8"))
        if found:
            left[str(name)] = found
    wrong = {name: (len(left.get(name, ())), listed.get(name, 0)) for name in set(left) | set(listed)
             if len(left.get(name, ())) != listed.get(name, 0)}
    report = "\n".join(f"{name}: {found} blocks in English, {known} listed in {ENGLISH_LEFT.name}"
                       + (f", e.g. {left[name][0][:120]!r}" if name in left else "")
                       for name, (found, known) in sorted(wrong.items()))
    assert not wrong, f"{lang}/: English left where it is not listed, or less than listed:\n{report}"
