"""The page of a visitor the play server gives no table now (``tools/play_server.py``'s guard).

Sent to every refused request of a flood, so small (about 2 KB) and in the visitor's language only
(the address's ``lang``): why (:data:`BUSY`), a link to try again and one back to the games.
"""

from __future__ import annotations

import html

from comet_render.i18n import N_, words
from website.landing import document

BUSY: dict[int, str] = {
    503: N_("All tables are busy, try again in a minute."),
    429: N_("Too many tables were opened from your address in the last minute, try again in a minute."),
}
"""Why a visitor gets no table now: every table is taken (503), or their address opened its share (429)."""


def busy_html(status: int, lang: str = "en", again: str = "", play_url: str = "") -> str:
    """The page for ``status`` (:data:`BUSY`) in ``lang``, linking to ``again`` (the page asked for)
    and to the games at ``play_url``."""
    _ = words(lang)
    home = (play_url.rstrip("/") + "/" if play_url else "/") + ("" if _.lang == "en" else f"?lang={_.lang}")
    retry = f'<a href="{html.escape(again, quote=True)}">{html.escape(_("Try again"))}</a> ' if again else ""
    body = (f"<h1>{html.escape(_(BUSY[status]))}</h1><p class=\"notice\">{retry}"
            f'<a href="{html.escape(home, quote=True)}">{html.escape(_("Back to the games"))}</a></p>')
    return document(_(BUSY[status]), body, _.lang)
