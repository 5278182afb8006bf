"""How the game is shown: cards and tables drawn as SVG/HTML, the event log told in words, and
the interface's message catalogs in English, French, Russian and Spanish.

A layer above :mod:`comet` (which never imports it): standard library only, importing only
:mod:`comet`, so the same code draws the Voila pages, the book and the browser's Python.
"""

from __future__ import annotations

from comet import display as _display
from comet.cards import Card
from comet.round import Round


def _card_svg(card: Card) -> str:
    from comet_render.svg import card as draw

    return str(draw(card))


def _round_html(rnd: Round) -> str:
    from comet_render.svg_table import round_html

    return round_html(rnd)


# Notebooks show a Round as its table and a Card as its picture once this layer is imported.
_display.register(Round, "text/html", _round_html)
_display.register(Card, "image/svg+xml", _card_svg)
