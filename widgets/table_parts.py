"""The table's panels in HTML (the log, the payments), the hand's grid, and a list relabelled in place:
used by the table's view (:mod:`widgets.table_view`) and the play table's settings."""

from __future__ import annotations

from html import escape
from typing import Sequence

import ipywidgets as W

from comet_render.i18n import Words
from comet_render.narrate import sentence_html
from comet_render.sources import split_sources

CARD_WIDTH = 58
"""A card of the hand, in pixels (the CSS draws it; the grid leaves it whole at the row's end)."""
PER_ROW = 13


def hand_grid(count: int) -> str:
    """The hand's grid columns: cards overlap on a narrow screen, the last of a row shown whole."""
    cols = max(1, min(count, PER_ROW if count <= PER_ROW else -(-count // 2)))
    if cols == 1:
        return f"{CARD_WIDTH}px"
    return f"repeat({cols - 1}, minmax(0, {CARD_WIDTH + 6}px)) {CARD_WIDTH}px"


def html_panel() -> W.HTML:
    panel = W.HTML(layout=W.Layout(width="auto", display="none"))
    panel.add_class("comet-panel")
    return panel


def log_html(_: Words, lines: list[str], lang: str) -> str:
    """Every sentence of the deal, newest first, in a scrolling panel."""
    items = "".join(_log_item(_, line, lang) for line in reversed(lines))
    title = _.ngettext("The deal so far ({n} sentence, newest first)", "The deal so far ({n} sentences, newest first)",
                       len(lines))
    return (f'<h3>{escape(title)}</h3><div class="comet-log" role="log" tabindex="0" '
            f'aria-label="{escape(_("The deal so far"))}"><ol reversed>{items}</ol></div>')


def _log_item(_: Words, line: str, lang: str) -> str:
    """One sentence of the log, the sources it cites in its tooltip rather than in its text."""
    plain, found = split_sources(line)
    tip = f' title="{escape(_("Sources: {sources}.", sources=_("; ").join(found)), quote=True)}"' if found else ""
    return f"<li{tip}>{sentence_html(plain, lang)}</li>"


def payments_html(_: Words, lines: list[str], final: Sequence[str] = ()) -> str:
    """The payments made in play, then (the deal over) those of the settlement."""
    if not lines and not final:
        return f'<h3>{escape(_("Payments in play"))}</h3><p>{escape(_("No payment yet."))}</p>'
    parts = []
    for title, items in ((_("Payments in play"), lines), (_("Payments at the end"), final)):
        if items:
            parts.append(f'<h3>{escape(title)}</h3><div class="comet-paylist" tabindex="0" aria-label="{escape(title)}">'
                         f'<ol>{"".join(_log_item(_, line, "en") for line in items)}</ol></div>')
    return "".join(parts)
