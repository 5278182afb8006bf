"""The book's editions (issue 47): the switcher and its addresses, the values glued in each language and
each edition's choice of them, the outputs kept per language, the edition's pages sharing the root's
files, and the catalogs' checks. The built site is checked by tests/test_editions_built.py."""

from __future__ import annotations

import html
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

import comet
from bookkit import editions as book_editions
from bookkit.markdown import deal_markdown, number_word, outcome_markdown, outcome_words, position_link
from bookkit.names import substitutions
from load_file import load_file
from widgets import languages
from widgets.links import book_address

ROOT = Path(__file__).resolve().parent.parent
ext = load_file("book/_ext/comet_editions.py", "comet_editions")
tools = load_file("tools/editions.py", "comet_editions_tool")


# ------------------------------------------------------------------------------- the switcher
def test_the_same_page_in_each_edition_relative_to_where_it_is() -> None:
    assert ext.page_href("book/rules/modern", "en", "fr") == "../../fr/book/rules/modern.html"
    assert ext.page_href("book/rules/modern", "fr", "en") == "../../../book/rules/modern.html"
    assert ext.page_href("book/rules/modern", "ru", "es") == "../../../es/book/rules/modern.html"
    assert ext.page_href("search", "es", "es") == "../es/search.html"
    assert ext.page_href("index", "en", "ru") == "ru/index.html"


def test_a_book_page_switcher_links_each_edition_named_in_its_language() -> None:
    menu = ext.switcher_html("book/rules/modern", "ru")
    assert menu.startswith('<nav class="comet-langs-nav comet-langs-book" aria-label="Язык">')
    links = re.findall(r'<a class="comet-lang-link" hreflang="(\w+)" lang="(\w+)" href="([^"]+)"([^>]*)>([^<]+)</a>', menu)
    assert [(code, name) for code, _l, _h, _c, name in links] == [
        ("en", "English"), ("fr", "Français"), ("ru", "Русский"), ("es", "Español")]
    assert all(code == lang for code, lang, *_ in links)
    current = [code for code, _l, _h, rest, _n in links if 'aria-current="true"' in rest]
    assert current == ["ru"]
    assert "data-comet-keep-query" not in menu  # (the book's links go to the other editions' pages)
    assert dict((code, href) for code, _l, href, _r, _n in links)["en"] == "../../../book/rules/modern.html"


def test_alternates_name_the_three_other_editions_and_english_as_the_default() -> None:
    links = re.findall(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">', ext.alternates_html("book/intro", "fr"))
    assert links == [("en", "../../book/intro.html"), ("ru", "../../ru/book/intro.html"),
                     ("es", "../../es/book/intro.html"), ("x-default", "../../book/intro.html")]


def test_a_play_page_switcher_keeps_the_address_and_is_importable_from_its_old_home() -> None:
    from website.landing import language_menu

    menu = language_menu("fr", "?variant=commit-1991&seed=3")
    assert language_menu is languages.language_menu
    assert 'aria-label="Langue"' in menu
    hrefs = re.findall(r'href="([^"]+)" data-comet-keep-query', menu)
    assert [html.unescape(h) for h in hrefs] == [f"?variant=commit-1991&seed=3&lang={c}" for c in ("en", "fr", "ru", "es")]


def test_the_lessons_and_play_pages_link_to_the_readers_edition(monkeypatch: pytest.MonkeyPatch) -> None:
    assert book_address("rules/modern") == "../book/rules/modern.html"
    assert book_address("rules/modern", "ru") == "../ru/book/rules/modern.html"
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    monkeypatch.setenv("COMET_BOOK_URL", "https://example.org/comet/")
    assert book_address("rules/commit", "es") == "https://example.org/comet/es/book/rules/commit.html"
    assert languages.edition_prefix("en") == "" and languages.edition_prefix("fr") == "fr/"
    assert languages.edition_prefix("xx") == ""


def test_the_switchers_script_writes_the_choice_and_is_linked_everywhere() -> None:
    script = (ROOT / "book" / "_assets" / "offline" / "langs.js").read_text(encoding="utf-8")
    assert '"comet:lang"' in script and "localStorage.setItem(KEY, lang)" in script
    assert "langs.js" in (ROOT / "_config.yml").read_text(encoding="utf-8")
    assert "offline/langs.js" in (ROOT / "book" / "_ext" / "comet_play_static.py").read_text(encoding="utf-8")
    template = ROOT / "tools" / "jupyter" / "voila" / "templates" / "comet"
    assert (template / "langs.js").resolve() == (ROOT / "book" / "_assets" / "offline" / "langs.js")
    assert "{% include 'langs.js' %}" in (template / "index.html.j2").read_text(encoding="utf-8")


# ------------------------------------------------------------------------------- values in each language
def test_a_value_is_glued_once_per_language_where_it_differs() -> None:
    assert book_editions.glue_key("deal", "en") == "deal" and book_editions.glue_key("deal", "ru") == "deal@ru"
    assert book_editions.values_each(lambda lang: 7) == {"en": 7}
    words = book_editions.values_each(lambda lang: number_word(2, lang))
    assert words == {"en": "two", "fr": "2", "ru": "2", "es": "2"}
    tables = book_editions.values_each(lambda lang: deal_markdown("modern-comet-1991", lang))
    assert tables["en"].startswith("| players | cards each | left over |")
    assert set(tables) <= {"en", "fr", "ru", "es"}


def test_the_books_title_is_the_configurations() -> None:
    assert f'title: "{book_editions.TITLE}"' in (ROOT / "_config.yml").read_text(encoding="utf-8")


def test_names_and_years_in_each_language() -> None:
    english = substitutions()["v"]
    assert all(english[k]["title"] == comet.VARIANTS[english[k]["id"]].title for k in english)
    russian = substitutions("ru")["v"]
    assert russian["new_comet_1752"]["name_lc"][0].islower()
    assert russian["commit_1857"]["name"] == substitutions("ru")["v"]["commit_1857"]["name_lc"]  # (a proper name)
    french = substitutions("fr")["v"]
    assert french["two_handed_arnold_2011"]["name_lc"] == "comète à deux d'Arnold"  # a common noun mid-sentence
    assert russian["old_comet_1718"]["name_lc"].startswith("манилла")
    assert english["modern_comet_1991"]["name_lc"] == "Modern comet"  # (English: only "The ..." loses its capital)


def test_settlements_answers_and_links_in_a_language() -> None:
    rnd = comet.Round.from_hands("old-comet-1718", ["QC", "2H 3H", "KS"], leader=0)
    rnd.play("QC")
    english = outcome_markdown(rnd.outcome())
    assert english.splitlines()[0] == "- Seat 0 went out."
    french = outcome_markdown(rnd.outcome(), "fr")
    assert "R♠" in french and "K♠" not in french  # the French pack's letters
    assert "−10" in french  # numbers by locale (the minus sign)
    assert outcome_words(rnd.outcome()).startswith("Seat 0 went out with its last card.")
    link = position_link(rnd, lang="es")
    assert "&amp;lang=es" in link and "lang=" not in position_link(rnd)


def test_in_each_language_shows_each_language_once_and_only_the_pages_in_the_browser(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display

    shown: list[tuple[Any, Any]] = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, **kw: shown.append((obj, kw.get("metadata"))))
    languages.in_each_language(lambda lang: f"demo in {lang}")
    assert shown == [(f"demo in {lang}", {"comet_lang": lang}) for lang in ("en", "fr", "ru", "es")]
    shown.clear()
    monkeypatch.setattr("widgets.browser.in_browser", lambda: True)
    monkeypatch.setenv("QUERY_STRING", "lang=ru")
    languages.in_each_language(lambda lang: f"demo in {lang}")
    assert shown == [("demo in ru", None)]


def test_an_edition_keeps_its_own_outputs_and_those_of_no_language() -> None:
    outputs = [{"metadata": {"comet_lang": lang}, "n": lang} for lang in ("en", "fr", "ru", "es")] + [{"n": "all"}]
    assert [o["n"] for o in ext.kept_outputs(outputs, "fr")] == ["fr", "all"]
    assert [o["n"] for o in ext.kept_outputs(outputs, "en")] == ["en", "all"]


class _Element:
    def __init__(self, glued: dict[str, Any]) -> None:
        self.renderer = SimpleNamespace(nb_client=SimpleNamespace(glue_data=glued))


def _document(lang: str, mode: str = "cache", renderer: Any = None, temp: dict[str, Any] | None = None) -> Any:
    from docutils.frontend import get_default_settings
    from docutils.parsers.rst import Parser
    from docutils.utils import new_document

    settings = get_default_settings(Parser)
    settings.env = SimpleNamespace(config=SimpleNamespace(language=lang, nb_execution_mode=mode),
                                   temp_data={} if temp is None else temp)
    document = new_document("<test>", settings)
    if renderer is not None:
        document["nb_renderer"] = renderer
    return document


def test_an_edition_pastes_its_languages_value_and_a_translated_paragraph_finds_it() -> None:
    from myst_nb.ext.glue import roles, utils

    ext._wrap_glue_lookup()
    retrieve = roles.retrieve_glue_data
    element = _Element({"deal": {"data": {"text/plain": "'deal'"}}, "deal@fr": {"data": {"text/plain": "'donne'"}},
                        "seven": {"data": {"text/plain": "7"}}})
    temp: dict[str, Any] = {}
    assert retrieve(_document("fr", renderer=element, temp=temp), "deal").data["text/plain"] == "'donne'"
    assert retrieve(_document("fr", renderer=element, temp=temp), "seven").data["text/plain"] == "7"
    assert retrieve(_document("en", renderer=element), "deal").data["text/plain"] == "'deal'"
    # Sphinx parses a translated paragraph as a document of its own: the page's data is found.
    assert retrieve(_document("fr", temp=temp), "deal").data["text/plain"] == "'donne'"
    with pytest.raises(utils.RetrievalError):
        retrieve(_document("fr", renderer=element), "nothing")
    # The catalogs' build runs no notebook: an empty value, so that a figure's caption is read. (A glued
    # picture's :alt: is not a message: our pictures are SVG, pasted as HTML, which myst-nb gives no
    # alt; each carries its own label, glued in each language.)
    assert retrieve(_document("en", "off", renderer=_Element({})), "fig").data == {"text/plain": ""}


# ------------------------------------------------------------------------------- an edition's files
def test_an_edition_shares_the_roots_files_and_links_to_its_play_pages(tmp_path: Path) -> None:
    root, edition = tmp_path / "html", tmp_path / "html" / "fr"
    for folder in (root / "_static", root / "play", edition / "_static", edition / "book" / "rules"):
        folder.mkdir(parents=True, exist_ok=True)
    (root / "_static" / "theme.js").write_text("same")
    (edition / "_static" / "theme.js").write_text("same")
    (root / "_static" / "documentation_options.js").write_text("en")
    (edition / "_static" / "documentation_options.js").write_text("fr")
    (root / "play" / "replay.html").write_text("replay")
    page = edition / "book" / "rules" / "modern.html"
    page.write_text('<script src="../../_static/theme.js?v=1"></script>'
                    '<script src="../../_static/documentation_options.js"></script>'
                    '<a href="../../play/replay.html?record=1&amp;move=2#top">x</a>'
                    '<a href="../../../play/modern.html?lang=ru">y</a>'
                    '<a href="../../_static/missing.js">z</a>'
                    '<script type="application/json">{"manager": ["../../_static/theme.js"]}</script>')
    removed, changed = tools.share_with_root(edition, root, "fr")
    assert (removed, changed) == (1, 1)
    assert not (edition / "_static" / "theme.js").exists() and (edition / "_static" / "documentation_options.js").exists()
    text = page.read_text()
    assert '<script src="../../../_static/theme.js?v=1">' in text
    assert '<script src="../../_static/documentation_options.js">' in text
    assert 'href="../../../play/replay.html?record=1&amp;move=2&amp;lang=fr#top"' in text
    assert 'href="../../../play/modern.html?lang=ru"' in text  # (already the root's: left as it is)
    assert 'href="../../_static/missing.js"' in text  # (the root has none either: a broken link, for the tests)
    assert '"manager": ["../../../_static/theme.js"]' in text


# ------------------------------------------------------------------------------- the catalogs' checks
def _po(path: Path, messages: dict[str, str], fuzzy: tuple[str, ...] = ()) -> None:
    catalog = Catalog(locale="fr")
    for key, value in messages.items():
        catalog.add(key, value, flags=("fuzzy",) if key in fuzzy else ())
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog)


def test_the_checks_find_a_changed_english_page_and_what_is_left_to_translate(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    pots, locales = tmp_path / "gettext", tmp_path / "locales"
    monkeypatch.setattr(tools, "LOCALES", locales)
    monkeypatch.setattr(tools, "ROOT", tmp_path)
    _po(pots / "book" / "intro.pot", {"Hello.": "", "Cards.": ""})
    _po(locales / "fr" / "LC_MESSAGES" / "book" / "intro.po", {"Hello.": "Bonjour.", "Cards.": "Cartes."})
    assert tools.stale(pots, ("fr",)) == [] and tools.incomplete(("fr",)) == []
    _po(pots / "book" / "intro.pot", {"Hello there.": "", "Cards.": ""})  # an English sentence changed
    assert tools.stale(pots, ("fr",)) == ["fr: book/intro: 1 English message(s) not in the catalog, 1 no longer in "
                                          "the page (run `make book-po`, then translate)"]
    _po(locales / "fr" / "LC_MESSAGES" / "book" / "intro.po", {"Hello there.": "", "Cards.": "Cartes?"}, fuzzy=("Cards.",))
    assert tools.incomplete(("fr",)) == ["locales/fr/LC_MESSAGES/book/intro.po: 2 messages, 1 untranslated, 1 fuzzy"]
    assert tools.stale(pots, ("fr",)) == []  # (up to date, not yet translated)
    assert "es: book/intro: no catalog" in " ".join(tools.stale(pots, ("es",)))


def test_the_rules_tables_rows_are_the_describers() -> None:
    from bookkit.markdown import RULE_ROWS
    from comet_learn.describe import ROWS

    assert tuple(RULE_ROWS) == ROWS


def test_the_rules_tables_are_in_the_editions_language() -> None:
    from bookkit import rules_markdown
    from comet_learn.rules_panel import rules_sections

    french = rules_markdown("old-comet-1718", "fr")
    sections = rules_sections(comet.find_variant("old-comet-1718"), "fr")
    assert [line.split("**")[1] for line in french.splitlines()[2:-1]] == [head for head, _t in sections]
    assert "52-card pack" in rules_markdown("old-comet-1718") and "52-card pack" not in french
    assert french.splitlines()[-1].startswith("| **Sources** | {cite:p}`s0,s1,")


def test_the_familys_history_in_a_language() -> None:
    from bookkit import family, svg_family

    french = family.family_markdown("fr")
    assert "issu du jeu ci-dessus" in french and "grew out" not in french
    assert "Hoc Mazarin" in french and "sans date" in french
    assert family.when_text("c. 1930", "ru") == "ок. 1930" and family.when_text("1920s") == "1920s"
    assert "Хронология семейства кометы" in svg_family.timeline_svg(lang="ru")
    assert family.timeline_markdown().splitlines()[0] == "| date | what | sources | chapter |"
