"""The words of the site as an installed app (issue 48), in the reader's language: its name and
description in the web app manifest of each language, and the notice a page shows when a new
version of the site is ready. The build writes them into the manifests and the page's script
(``book/_ext/comet_app.py``), through the same catalogs as every other word of the site."""

from __future__ import annotations

from comet_render.i18n import LANGS, N_, words

APP_WORDS = {
    "name": N_("Comet: a family of card games"),
    "short_name": N_("Comet"),
    "description": N_("Learn, teach and play Comet and its family of 18th-century card games, "
                      "with or without a network."),
    "update": N_("A new version is ready — reload"),
}
"""What the manifest (``name``, ``short_name``, ``description``) and the update notice say."""


def app_words(lang: str) -> dict[str, str]:
    """:data:`APP_WORDS` in ``lang`` (English for a language the site does not have)."""
    _ = words(lang)
    return {key: _(message) for key, message in APP_WORDS.items()}


def all_app_words() -> dict[str, dict[str, str]]:
    """:func:`app_words` for every language of the site."""
    return {lang: app_words(lang) for lang in LANGS}
