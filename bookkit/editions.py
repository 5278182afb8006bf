"""The book's values in each edition's language (issue 47): a page's notebook runs once, for the four
editions, and glues each value once per language.

``glue_each("mod_deal", lambda lang: Markdown(book.deal_markdown(MOD, lang)))`` glues the English
value under ``mod_deal`` and each other language's under ``mod_deal@fr``, ``mod_deal@ru``,
``mod_deal@es``, where it differs from the English one (a number such as 7 is glued once). The
edition built in a language pastes the key of its language (``book/_ext/comet_editions.py``), so the
page's ``{glue:text}`mod_deal``` and ``{glue:md}`` stay as they are, in the English source and in
every translation of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from comet_render.i18n import LANGS, N_

SOURCE = "en"
MARK = "@"
TITLE = N_("Comet: a family of card games")
"""The book's title (``_config.yml``'s ``title``; each edition's in its language)."""
THEME_WORDS = (N_("Search..."), N_("Main"), N_("Page"), N_("Toggle primary sidebar"), N_("Toggle secondary sidebar"),
               N_("Color mode"), N_("Version warning"), N_("System Settings"), N_("Link to this heading"),
               N_("Link to this image"), N_("Link to this table"), N_("Link to this code"), N_("Link to this definition"),
               N_("Link to this equation"))
"""The theme's words that its own catalogs lack in some edition's language, or that it writes in
English (``book/_templates/components``): ``book/_ext/comet_editions.py`` adds ours after them."""
SEARCH_PLACEHOLDER = THEME_WORDS[0]
SOLUTION_TO = N_("Solution to exercise {number}")
"""An exercise's solution's title, before the exercise's own (``book/_ext/comet_editions.py``)."""


def glue_key(key: str, lang: str) -> str:
    """The key of ``key``'s value in ``lang``: ``key`` in English (the source), ``key@fr`` in French."""
    return key if lang == SOURCE else f"{key}{MARK}{lang}"


def _same(value: Any, english: Any) -> bool:
    """Whether a value shows as the English one does (a Markdown or HTML object: its text)."""
    return type(value) is type(english) and getattr(value, "data", value) == getattr(english, "data", english)


def values_each(make: Callable[[str], Any]) -> dict[str, Any]:
    """``make(lang)`` for English and for each other language whose value differs from English's."""
    english = make(SOURCE)
    values = {SOURCE: english}
    for lang in LANGS:
        if lang != SOURCE:
            value = make(lang)
            if not _same(value, english):
                values[lang] = value
    return values


def glue_each(key: str, make: Callable[[str], Any]) -> None:
    """Glue ``make(lang)`` for every language, under :func:`glue_key` (hidden: pasted where the page
    says, ``{glue:text}`key``` or ``{glue:md}`` ``key``)."""
    from myst_nb import glue  # type: ignore[import-untyped]

    for lang, value in values_each(make).items():
        glue(glue_key(key, lang), value, display=False)
