"""Sphinx extension: links from the book to the playable pages.

``{play}`hello``` links to the static play page ``play/hello.html`` of the built site (a notebook
of ``book/play/`` run in the reader's browser, see ``comet_live``), relative to the page, so the
links work on any static host; ``{play}`Say hello <hello>``` sets the link text, and
``{play}`All games </>``` links to ``play/index.html``.

The same pages run on a Voila server too; its base URL is a build-time setting, resolved in this
order:

1. the environment variable ``COMET_PLAY_URL`` (e.g. ``https://play.example.org/comet``),
2. ``sphinx.config.play_base_url`` in ``_config.yml``,
3. ``http://127.0.0.1:8866`` (what ``make serve`` / ``tools/serve.py`` start).

It is available to pages as

* the MyST substitution ``{{ play_url }}`` (plain text),
* ``play_base_url`` in the HTML templates' context.

A link to that address (``{{ play_url }}`` is linkified) carries the class ``comet-voila-url``
(:data:`VOILA_LINK_CLASS`), and the URL a build links to is written to ``<html output>/.play-url``
(:data:`PLAY_URL_FILE`): ``tools/serve.py`` rewrites those links to the port it starts Voila on
as it serves the page, so one build serves any ports (``COMET_PLAY_PORT=9000 make serve`` builds
nothing more than ``make serve``).

Loaded by jupyter-book through ``sphinx.local_extensions`` in ``_config.yml``.
"""

from __future__ import annotations

import os
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import ReferenceRole

ENV_VAR = "COMET_PLAY_URL"
DEFAULT_PLAY_URL = "http://127.0.0.1:8866"
PLAY_URL_FILE = ".play-url"
"""In the HTML output: the base URL this build's play links point at (one line)."""
VOILA_LINK_CLASS = "comet-voila-url"
"""The class of a link to the Voila server (its address is rewritten as ``tools/serve.py`` serves it)."""


def play_page_url(base: str, target: str) -> str:
    """URL of a notebook of ``book/play/`` (``target`` without ``.ipynb``) on Voila."""
    base = base.rstrip("/")
    target = target.strip()
    if target in ("", "/"):
        return base + "/"
    target = target.lstrip("/")
    if not target.endswith(".ipynb"):
        target += ".ipynb"
    return f"{base}/voila/render/{target}"


def static_page_url(docname: str, target: str) -> str:
    """The static play page ``target`` (``play/<target>.html``, its address's settings after a
    ``?``), relative to the page ``docname``."""
    up = "../" * docname.count("/")
    target, mark, query = target.strip().partition("?")
    target = target.strip("/").removesuffix(".ipynb").removesuffix(".html")
    return f"{up}play/{target or 'index'}.html" + (f"?{query}" if mark else "")


class PlayRole(ReferenceRole):
    """``{play}`target``` or ``{play}`text <target>```: a link to a static play page."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        url = static_page_url(self.env.docname, self.target)
        text = self.title if self.has_explicit_title else url
        node = nodes.reference(self.rawtext, text, refuri=url, classes=["comet-play-link"])
        return [node], []


def _resolve_play_url(app: Sphinx, config: Config) -> None:
    url = os.environ.get(ENV_VAR, "").strip() or config.play_base_url or DEFAULT_PLAY_URL
    url = url.rstrip("/")
    config.play_base_url = url
    subs = dict(config.myst_substitutions or {})
    subs["play_url"] = url
    config.myst_substitutions = subs
    config.html_context = {**(config.html_context or {}), "play_base_url": url}


def _mark_voila_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    base = app.config.play_base_url.rstrip("/")
    for ref in doctree.findall(nodes.reference):
        uri = ref.get("refuri", "")
        if uri == base or uri.startswith(base + "/"):
            ref["classes"].append(VOILA_LINK_CLASS)


def _record_play_url(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        with open(os.path.join(app.outdir, PLAY_URL_FILE), "w", encoding="utf-8") as f:
            f.write(app.config.play_base_url + "\n")


def setup(app: Sphinx) -> dict[str, Any]:
    # "env": changing the URL makes Sphinx re-read every page.
    app.add_config_value("play_base_url", DEFAULT_PLAY_URL, "env", [str])
    # Run before myst-parser / myst-nb read myst_substitutions (at builder-inited).
    app.connect("config-inited", _resolve_play_url, priority=100)
    app.add_role("play", PlayRole())
    app.connect("doctree-resolved", _mark_voila_links)
    app.connect("build-finished", _record_play_url)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
