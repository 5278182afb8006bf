"""Sphinx extension: the book's editions, English at the site's root and French, Russian and Spanish
beside it (``fr/``, ``ru/``, ``es/``, the same page paths; issue 47).

English is the only source. Every other edition is the same build with Sphinx's ``language`` set
and the pages' gettext catalogs (``book/locales/<lang>/LC_MESSAGES/<page>.po``, made and updated by
``tools/editions.py po``), built by ``tools/editions.py build`` from the notebooks the English build
executed (its cache): the notebooks run once. What a page computes is in every language already:

* **Glued values.** A page glues each value once per language, under ``key`` (English) and
  ``key@fr``, ``key@ru``, ``key@es`` where it differs (:func:`bookkit.editions.glue_each`); an
  edition's ``{glue:...}`` roles and directives take the key of its language, and fall back on the
  English one (a number is the same in every language, and glued once). This is myst-nb's one
  lookup of glued data (``retrieve_glue_data``), wrapped here; it also serves a translated
  paragraph, which Sphinx parses as a small document of its own that myst-nb does not know.
* **Displayed outputs.** A cell that displays the same thing in each language
  (:func:`widgets.languages.in_each_language`: a step-through's narration, a table) marks each
  output with its language (``metadata["comet_lang"]``); a build keeps the outputs of its language
  and those with no language.

On every page (every edition): the language switcher (:func:`widgets.languages.language_menu`, the
same markup as the play pages': one link per edition, to the same page there), ``<link
rel="alternate" hreflang>`` to the other editions and ``x-default`` to English, and the switcher's
script (``_static/offline/langs.js``: it writes the reader's choice, ``comet:lang``). ``<html lang>``
is the theme's, from ``language``.

Loaded by jupyter-book through ``sphinx.local_extensions`` in ``_config.yml``.
"""

from __future__ import annotations

import html
import os
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform

from bookkit.editions import SOURCE, glue_key
from comet_render.i18n import LANGS as EDITIONS
from widgets.languages import LANG_KEY

RENDERER = "comet_glue_renderer"
"""Where a page's notebook renderer waits for its translated paragraphs' glue (``env.temp_data``)."""


def edition(config: Config) -> str:
    """The language of this build (``language``; English when unset)."""
    lang = str(config.language or SOURCE)
    return lang if lang in EDITIONS else SOURCE


def page_href(pagename: str, here: str, there: str) -> str:
    """The same page of edition ``there``, relative to the page ``pagename`` of edition ``here``:
    ``../../fr/book/rules/modern.html`` from the English ``book/rules/modern``."""
    up = "../" * (pagename.count("/") + (0 if here == SOURCE else 1))
    folder = "" if there == SOURCE else f"{there}/"
    return f"{up}{folder}{pagename}.html"


def _wrap_glue_lookup() -> None:
    """myst-nb's lookup of a glued key, in the edition's language, and for translated paragraphs; in
    the catalogs' build, which runs no notebook, an empty value (a figure's caption is still read)."""
    from myst_nb.core.variables import VariableOutput
    from myst_nb.ext.glue import directives, roles, utils

    original = utils.retrieve_glue_data
    if getattr(original, "comet_editions", False):
        return

    def glued(element: Any, key: str) -> Any:
        found = element.renderer.nb_client.glue_data.get(key)
        if found is None:
            raise utils.RetrievalError(f"No key {key!r} found in glue data for this document.")
        return VariableOutput(data=found["data"], metadata=found.get("metadata", {}), nb_renderer=element, vtype="glue")

    def retrieve_glue_data(document: nodes.document, key: str) -> Any:
        env = getattr(document.settings, "env", None)
        if env is None:
            return original(document, key)
        if "nb_renderer" in document:
            element = env.temp_data[RENDERER] = document["nb_renderer"]
        elif RENDERER in env.temp_data:
            element = env.temp_data[RENDERER]  # a translated paragraph: Sphinx parses it as a document of its own
        else:
            return original(document, key)
        lang = edition(env.config)
        if lang != SOURCE:
            try:
                return glued(element, glue_key(key, lang))
            except utils.RetrievalError:
                pass  # the same in every language: glued once, under the English key
        try:
            return glued(element, key)
        except utils.RetrievalError:
            if env.config.nb_execution_mode != "off":
                raise
            return VariableOutput(data={"text/plain": ""}, metadata={}, nb_renderer=element, vtype="glue")

    retrieve_glue_data.comet_editions = True  # type: ignore[attr-defined]
    for module in (utils, roles, directives):
        module.retrieve_glue_data = retrieve_glue_data  # type: ignore[attr-defined]


def kept_outputs(outputs: list[Any], lang: str) -> list[Any]:
    """A cell's outputs in ``lang`` and those of no language (:func:`widgets.languages.in_each_language`)."""
    return [o for o in outputs if (o.get("metadata") or {}).get(LANG_KEY, lang) == lang]


def _wrap_outputs() -> None:
    """A cell's outputs marked with another language than the build's are left out."""
    from myst_nb.sphinx_ import SphinxNbRenderer

    original = SphinxNbRenderer._render_nb_cell_code_outputs
    if getattr(original, "comet_editions", False):
        return

    def _render_nb_cell_code_outputs(self: Any, token: Any, outputs: list[Any]) -> None:
        original(self, token, kept_outputs(outputs, edition(self.sphinx_env.config)))

    _render_nb_cell_code_outputs.comet_editions = True  # type: ignore[attr-defined]
    SphinxNbRenderer._render_nb_cell_code_outputs = _render_nb_cell_code_outputs  # type: ignore[method-assign]


class TranslatableTitles(SphinxTransform):
    """An exercise's title (sphinx-exercise's subtitle, made without its source) is a message of the
    page's catalog like any heading: it gets the page's source, line and text, before Sphinx's
    translation (priority 20) and the catalogs' extraction read it."""

    default_priority = 10

    def apply(self, **kwargs: Any) -> None:
        from sphinx_exercise.nodes import exercise_subtitle

        for node in self.document.findall(exercise_subtitle):
            if not node.source and node.parent is not None:
                node.source, node.line = self.document["source"], node.parent.line or node.line
                node.rawsource = node.astext()


class TranslatedCaptions(SphinxTransform):
    """The sidebar's part captions (``_toc.yml``'s ``caption``) in the edition's language:
    sphinx-external-toc inserts its toctrees (priority 100) after Sphinx has translated the page
    (priority 20), so their captions, which the catalogs' build extracts, are translated here from
    the same catalog (the root page's: ``book/intro.po``)."""

    default_priority = 101

    def apply(self, **kwargs: Any) -> None:
        from sphinx import addnodes
        from sphinx.locale import init as init_locale
        from sphinx.util.i18n import docname_to_domain

        if edition(self.config) == SOURCE or not any(True for _ in self.document.findall(addnodes.toctree)):
            return
        dirs = [os.path.join(self.env.srcdir, folder) for folder in self.config.locale_dirs]
        domain = docname_to_domain(self.env.docname, self.config.gettext_compact)
        catalog, found = init_locale(dirs, self.config.language, domain)
        if not found:
            return
        for node in self.document.findall(addnodes.toctree):
            caption = node.get("caption")
            if caption and catalog.gettext(caption) != caption:
                node["rawcaption"], node["caption"] = caption, catalog.gettext(caption)


class KeepExerciseTitles(SphinxPostTransform):
    """In the catalogs' build: an exercise's title stays a node of its own for the extraction
    (sphinx-exercise's post-transform, priority 20, folds it into a new title with no source)."""

    builders = ("gettext",)
    default_priority = 19

    def run(self, **kwargs: Any) -> None:
        from sphinx_exercise.nodes import exercise_subtitle, exercise_title

        for node in list(self.document.findall(exercise_subtitle)):
            title = node.parent
            if isinstance(title, exercise_title) and title.parent is not None:
                title.remove(node)
                title.parent.insert(1, node)


def _subtitle_in_page(exercise: Any, page: nodes.Node | None) -> list[nodes.Node] | None:
    """The translated subtitle of ``exercise`` as its page shows it (its title resolved: ``" ("``,
    the subtitle, ``")"``), or None. sphinx-exercise's registry keeps the English node."""
    if page is None:
        return None
    for node in page.findall(nodes.Element):
        if node is not exercise and node.get("label") == exercise.get("label") and node.children \
                and isinstance(node.children[0], nodes.title):
            parts = node.children[0].children
            opening = [i for i, child in enumerate(parts) if isinstance(child, nodes.Text) and child.astext() == " ("]
            if opening and parts[-1].astext() == ")":
                return [child.deepcopy() for child in parts[opening[0] + 1:-1]]
    return None


def _wrap_solution_titles() -> None:
    """A solution's title in the edition's language, as one phrase ("Solution de l'exercice 5.3
    (…)") with the exercise's translated subtitle: sphinx-exercise glues "Solution to" to the
    exercise's "Exercise 5.3" and its English subtitle."""
    from sphinx_exercise import post_transforms
    from sphinx_exercise.nodes import exercise_enumerable_node
    from sphinx_exercise.utils import get_node_number

    original = post_transforms.resolve_solution_title
    if getattr(original, "comet_editions", False):
        return

    def resolve_solution_title(app: Sphinx, node: Any, exercise: Any) -> Any:
        from bookkit.editions import SOLUTION_TO
        from comet_render.i18n import book_words

        already = getattr(node, "resolved_title", False)
        node = original(app, node, exercise)
        lang = edition(app.config)
        title = node.children[0]
        links = [child for child in title.children if isinstance(child, nodes.reference)]
        if already or lang == SOURCE or app.config.exercise_style == "solution_follow_exercise" or not links:
            return node
        number = get_node_number(app, exercise, "exercise") if isinstance(exercise, exercise_enumerable_node) else ""
        phrase = book_words(lang)(SOLUTION_TO).format(number=number).strip()
        link = links[0]
        subtitle = _subtitle_in_page(exercise, node.document)
        if subtitle is None:  # (an untitled exercise, or another page's: its text as it is)
            subtitle = [child.deepcopy() for child in link.children[2:-1]] if len(link.children) > 2 else []
        link.children = []
        link += nodes.Text(phrase)
        if subtitle:
            link += nodes.Text(" (")
            link.extend(subtitle)
            link += nodes.Text(")")
        title.children = [link]
        link.parent = title
        node["title"] = title.astext()
        return node

    resolve_solution_title.comet_editions = True  # type: ignore[attr-defined]
    post_transforms.resolve_solution_title = resolve_solution_title


def _cache_only() -> None:
    """A translated edition's build uses the notebooks the English build ran (its cache): a notebook
    missing from it is an error, not a second run."""
    from myst_nb.core.execute.base import ExecutionError
    from myst_nb.core.execute.cache import NotebookClientCache, get_cache

    original = NotebookClientCache.start_client
    if getattr(original, "comet_editions", False):
        return

    def start_client(self: Any) -> None:
        try:
            get_cache(self.nb_config.execution_cache_path).match_cache_notebook(self.notebook)
        except KeyError:
            raise ExecutionError(f"{self.path}: not in the English build's notebook cache "
                                 f"({self.nb_config.execution_cache_path}): build the English edition first "
                                 "(make book); an edition runs no notebook") from None
        original(self)

    start_client.comet_editions = True  # type: ignore[attr-defined]
    NotebookClientCache.start_client = start_client  # type: ignore[method-assign]


THEME_CATALOGS = ("sphinx", "booktheme")
"""The message catalogs of Sphinx and pydata-sphinx-theme (``sphinx``) and sphinx-book-theme's."""


def _theme_words(app: Sphinx) -> None:
    """The theme's words in the edition's language: after the themes' own catalogs (which lack a
    few in some languages: sphinx-book-theme #584), the book's (:data:`bookkit.editions.THEME_WORDS`;
    the words our templates put in ``_()``, which the theme wrote in English)."""
    import gettext

    from sphinx.locale import init as init_locale
    from sphinx.locale import translators

    from comet_render.i18n import BOOK_DOMAIN, LOCALE_DIR

    lang = edition(app.config)
    if lang == SOURCE:
        return
    for catalog in THEME_CATALOGS:
        init_locale([], app.config.language, catalog)
        chain = translators.get(("general", catalog))
        ours = gettext.translation(BOOK_DOMAIN, str(LOCALE_DIR), languages=[lang], fallback=True)
        if chain is not None and chain is not ours:
            chain.add_fallback(ours)


def _search_placeholder(app: Sphinx, config: Config) -> None:
    """The search field's placeholder (a theme option, "Search...") in the edition's language."""
    from bookkit.editions import SEARCH_PLACEHOLDER
    from comet_render.i18n import book_words

    lang = edition(config)
    if lang != SOURCE:
        config.html_theme_options = {**(config.html_theme_options or {}),
                                     "search_bar_text": book_words(lang)(SEARCH_PLACEHOLDER)}


def _builder_inited(app: Sphinx) -> None:
    if getattr(app.config, "comet_edition_root", ""):  # (comet_live's setting)
        _cache_only()
    _theme_words(app)


def switcher_html(pagename: str, lang: str) -> str:
    """The language switcher of a book page: :func:`widgets.languages.language_menu` with the same
    page in each edition."""
    from widgets.languages import language_menu

    hrefs = {there: page_href(pagename, lang, there) for there in EDITIONS}
    return language_menu(lang, hrefs=hrefs, css_class="comet-langs-book")


def alternates_html(pagename: str, lang: str) -> str:
    """``<link rel="alternate" hreflang>`` to the page's other editions, and ``x-default`` (English)."""
    links = [(there, page_href(pagename, lang, there)) for there in EDITIONS if there != lang]
    links.append(("x-default", page_href(pagename, lang, SOURCE)))
    return "".join(f'<link rel="alternate" hreflang="{code}" href="{html.escape(href, quote=True)}">\n'
                   for code, href in links)


def _page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: nodes.document | None) -> None:
    lang = edition(app.config)
    context["comet_language_menu"] = switcher_html(pagename, lang)
    context["metatags"] = context.get("metatags", "") + alternates_html(pagename, lang)


def setup(app: Sphinx) -> dict[str, Any]:
    _wrap_glue_lookup()
    _wrap_outputs()
    _wrap_solution_titles()
    app.connect("builder-inited", _builder_inited)
    app.connect("config-inited", _search_placeholder, priority=900)
    app.add_transform(TranslatableTitles)
    app.add_transform(TranslatedCaptions)
    app.add_post_transform(KeepExerciseTitles)
    app.connect("html-page-context", _page_context)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
