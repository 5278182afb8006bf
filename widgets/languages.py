"""The site's one language switch (issue 47): the switcher every page shows, the address of the book's
edition in a language, and the notebook side of the book's editions.

* :func:`language_menu`: a ``<nav>`` named "Language" in the page's language, one link per language
  named in that language, each with ``hreflang`` and ``lang``, the current one
  ``aria-current="true"``. The play pages link to themselves with ``?lang=xx`` (the switcher's
  script, ``_static/offline/langs.js``, keeps the address's other settings at the click); the book
  links to the same page of each edition (``book/_ext/comet_editions.py``). The script writes the
  reader's choice, ``comet:lang`` in the browser's storage, at every click.
* :func:`edition_prefix`: the book's English edition is at the site's root, the others in
  ``fr/``, ``ru/``, ``es/`` beside it, with the same page paths.
* :func:`in_each_language`: a book page's cell that shows the same thing in each language (a
  step-through's narration) shows it once per language, each output marked with its language; each
  edition keeps its own. The notebooks run once for the four editions.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl

from comet.calls import LANGUAGES
from comet_render.i18n import words

SOURCE = "en"
LANG_KEY = "comet_lang"
"""The output metadata that names the language of a displayed output (the book's build keeps the
outputs of its edition's language: ``book/_ext/comet_editions.py``)."""


def edition_prefix(lang: str) -> str:
    """The folder of the book's edition in ``lang`` under the site's root: ``""`` (English), ``"fr/"``."""
    return "" if lang == SOURCE or lang not in LANGUAGES else f"{lang}/"


def with_lang(href: str, lang: str) -> str:
    """``href`` with ``lang=xx`` added to its query (nothing for English, the default)."""
    if lang == SOURCE:
        return href
    return href + ("&" if "?" in href else "?") + f"lang={lang}"


def language_menu(lang: str, href: str = "", hrefs: Mapping[str, str] | None = None, css_class: str = "") -> str:
    """The switcher: links to this page in each language. ``hrefs``: each language's address (the
    book's editions); else ``href`` (the page's address, its query without ``lang``) with
    ``lang=xx``, which the script completes with the address's settings at the click."""
    items = []
    for code, name in LANGUAGES.items():
        if hrefs is not None:
            target, keep = hrefs[code], ""
        else:
            target = (href or "?") + ("&" if "?" in href else "" if not href else "?") + f"lang={code}"
            keep = " data-comet-keep-query"
        current = ' aria-current="true"' if code == lang else ""
        items.append(f'<li><a class="comet-lang-link" hreflang="{code}" lang="{code}" '
                     f'href="{html.escape(target, quote=True)}"{keep}{current}>{html.escape(name)}</a></li>')
    classes = " ".join(["comet-langs-nav", *([css_class] if css_class else [])])
    return (f'<nav class="{classes}" aria-label="{html.escape(words(lang)("Language"))}">'
            '<ul class="comet-langs" style="display:flex;flex-wrap:wrap;gap:4px 12px;justify-content:flex-end;'
            f'list-style:none;margin:0;padding:0">{"".join(items)}</ul></nav>')


def page_lang(default: str = SOURCE) -> str:
    """The page's language in the reader's browser (the address's ``lang``; a book edition's page
    passes its own); ``default`` where there is no page (a notebook, the book's build)."""
    from widgets.browser import in_browser

    if not in_browser():
        return default
    lang = dict(parse_qsl(os.environ.get("QUERY_STRING", ""))).get("lang", SOURCE)
    return lang if lang in LANGUAGES else SOURCE


def in_each_language(make: Callable[[str], Any]) -> None:
    """Display ``make(lang)`` in each language, each output marked with its language (the book's
    build keeps its edition's one); in the reader's browser, only the page's language's."""
    from IPython.display import display

    from widgets.browser import in_browser

    if in_browser():
        display(make(page_lang()))  # type: ignore[no-untyped-call]
        return
    for lang in LANGUAGES:
        display(make(lang), metadata={LANG_KEY: lang})  # type: ignore[no-untyped-call]
