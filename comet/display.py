"""Rich display in notebooks, without the engine drawing anything itself.

``comet`` draws nothing: a layer above registers how its objects look
(:mod:`comet_render` registers the table's HTML for :class:`~comet.round.Round` and a card's SVG
for :class:`~comet.cards.Card` when it is imported). ``Round._repr_html_`` and
``Card._repr_svg_`` ask here and return ``None`` when nothing is registered, so a notebook that
has not imported a renderer shows the plain ``repr``.
"""

from __future__ import annotations

from typing import Any, Callable

Renderer = Callable[[Any], str]

_RENDERERS: dict[tuple[type, str], Renderer] = {}


def register(cls: type, mime: str, renderer: Renderer) -> None:
    """Draw instances of ``cls`` as ``mime`` (``"text/html"``, ``"image/svg+xml"``) with ``renderer``."""
    _RENDERERS[(cls, mime)] = renderer


def render(obj: object, mime: str) -> str | None:
    """``obj`` drawn as ``mime`` by the registered renderer, or ``None`` if none is registered."""
    renderer = _RENDERERS.get((type(obj), mime))
    return renderer(obj) if renderer is not None else None
