"""SVG rendering of cards, hands and comet trails.

In the style of python-chess's ``chess.svg``: pure functions that build an SVG
document with :mod:`xml.etree.ElementTree` and return an :class:`SvgString`,
a ``str`` that Jupyter notebooks display as a picture.

>>> from comet_render import svg
>>> from comet.cards import Card, parse_cards
>>> svg.card(Card.parse("9C"), wild=True, wild_as=10)  # doctest: +SKIP
>>> svg.hand(parse_cards("7H 8D 9C"), wild_cards=[Card.parse("9C")])  # doctest: +SKIP

Every picture carries a text fallback for screen readers and text browsers: the
root ``<svg>`` has ``role="img"`` and an ``aria-label``, and its first children are
a ``<title>`` and a ``<desc>``.  Colours may be overridden with ``colors=``, a
mapping whose keys are those of :data:`DEFAULT_COLORS`; a colour written
``#rrggbbaa`` is drawn with that opacity.

Suits are drawn as shapes (not font glyphs), so the pictures look the same in
every renderer; ranks are text in a serif font.  Output is deterministic: the
same call gives the same string.
"""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from typing import Collection, Iterable, Mapping

from comet.cards import Card
from comet_render.i18n import card_symbol, words
from comet_render.svg_base import (
    _BODY_H, _BODY_R, _BODY_W, _BODY_X, _BODY_Y,
    DEFAULT_COLORS, LABEL_FONT, SVG_NS, SvgString, _W, _check_card, _colors, _finish, _n, _paint, _root,
    _sub, _text,
)
from comet_render.svg_card import _back_group, _card_group, back, card, card_html  # (re-exported: one card)

__all__ = [
    "DEFAULT_COLORS",
    "SVG_NS",
    "SvgString",
    "back",
    "card",
    "card_html",
    "hand",
    "trail",
]


# --- several cards -------------------------------------------------------------------


def _short(c: Card, wild_cards: Collection[Card], lang: str = "en") -> str:
    text = card_symbol(c, lang)
    if c in wild_cards or c.is_joker:
        text = words(lang)("{card} (comet)", card=text)
    return text


def _as_cards(cards: Iterable[Card]) -> list[Card]:
    return [_check_card(c) for c in cards]


def hand(
    cards: Iterable[Card],
    *,
    size: float = 60,
    overlap: float = 0.45,
    wild_cards: Iterable[Card] = (),
    face_down: bool = False,
    highlight: Iterable[Card] = (),
    four_colour: bool = False,
    colors: Mapping[str, str] | None = None,
    label: str | None = None,
    lang: str = "en",
) -> SvgString:
    """A row of overlapping cards, left to right in the given order.

    :param overlap: the fraction (0 ≤ overlap < 1) of each card's width hidden by
        the next card.
    :param wild_cards: the cards that are wild (the comet) in this game.
    :param face_down: show every card's back (an opponent's hand).
    :param highlight: the cards that are legal plays; they are raised and get a
        coloured border, every copy of a card in two-pack games.
    :param label: a caption over the row (also the title; default ``"Hand"``).
    """
    items = _as_cards(cards)
    if not 0 <= overlap < 1:
        raise ValueError(f"overlap is a fraction 0 <= overlap < 1, not {overlap!r}")
    wild = frozenset(_as_cards(wild_cards))
    lit = frozenset(_as_cards(highlight))
    palette = _colors(colors)
    _ = words(lang)
    name = label if label is not None else _("Hand")

    if face_down:
        text = _.ngettext("{n} face-down card", "{n} face-down cards", len(items))
    elif items:
        parts = []
        for c in items:
            part = _short(c, wild, lang)
            if c in lit:
                part = _("{card} (playable)", card=part)
            parts.append(part)
        text = " ".join(parts)
    else:
        text = _("no cards")
    description = _("{name}: {cards}", name=name, cards=text)

    scale = size / _W
    card_h = size * 1.4
    pad = max(2.0, size * 0.06)
    lift = size * 0.12 if lit and not face_down else 0.0
    caption = size * 0.3 if label else 0.0
    step = size * (1 - overlap)
    n = len(items)
    width = pad * 2 + size + step * max(n - 1, 0)
    if label:  # wide enough for the caption too (about 0.6 em per character)
        width = max(width, pad * 2 + len(label) * size * 0.22 * 0.6)
    height = pad * 2 + caption + lift + card_h
    root = _root(width, height, description, description, width, height)
    if label:
        _text(root, label, x=pad, y=pad + caption * 0.72, font_size=size * 0.22,
              color=palette["label"], font_family=LABEL_FONT, anchor="start", class_="label")
    top = pad + caption + lift
    if not items:
        _sub(root, "rect", {"fill": "none", **_paint(palette["empty"], "stroke")},
             x=pad + _BODY_X * scale, y=top + _BODY_Y * scale, width=_BODY_W * scale,
             height=_BODY_H * scale, rx=_BODY_R * scale, stroke_width=max(1.0, size / 60),
             stroke_dasharray=f"{_n(size / 15)} {_n(size / 20)}", class_="empty")
    back_id = _defs_back(root, palette) if face_down and n > 1 else None
    for i, c in enumerate(items):
        x = pad + i * step
        up = c in lit and not face_down
        y = top - (lift if up else 0.0)
        transform = f"translate({_n(x)} {_n(y)}) scale({_n(scale)})"
        if back_id is not None:
            _sub(root, "use", href=f"#{back_id}", transform=transform, class_="card back")
            continue
        _card_group(
            root,
            None if face_down else c,
            palette,
            wild=c in wild and not face_down,
            four_colour=four_colour,
            highlight=up,
            transform=transform,
            lang=lang,
        )
    return _finish(root)


def _defs_back(root: ET.Element, colors: Mapping[str, str]) -> str:
    """Define a card back once in ``root``'s ``<defs>`` (a face-down hand then ``<use>``s it:
    a tenth of the bytes for a dozen cards). The id names the colours, so two hands in one
    page that share an id draw the same back."""
    digest = hashlib.sha1(repr(sorted(colors.items())).encode()).hexdigest()[:10]
    back_id = f"comet-back-{digest}"
    defs = _sub(root, "defs")
    _back_group(_sub(defs, "g", id=back_id), colors)
    return back_id


def trail(
    cards: Iterable[Card],
    *,
    size: float = 48,
    wild_cards: Iterable[Card] = (),
    stops: Iterable[int] = (),
    colors: Mapping[str, str] | None = None,
    label: str | None = None,
    lang: str = "en",
) -> SvgString:
    """The comet's tail: cards played in a run, left to right, gently rising.

    :param wild_cards: the cards that are wild (the comet) in this game.
    :param stops: positions (0-based indices into ``cards``) after which a stop
        occurred; each is drawn as a red bar with a ``STOP`` tag.
    :param label: a caption over the trail (also the title; default ``"Trail"``).
    """
    items = _as_cards(cards)
    n = len(items)
    stop_set: set[int] = set()
    for s in stops:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n:
            raise ValueError(f"a stop is a position 0..{n - 1} in the trail, not {s!r}")
        stop_set.add(s)
    wild = frozenset(_as_cards(wild_cards))
    palette = _colors(colors)
    _ = words(lang)
    name = label if label is not None else _("Trail")

    parts = []
    for i, c in enumerate(items):
        parts.append(_short(c, wild, lang))
        if i in stop_set:
            parts.append(_("[stop]"))
    description = _("{name}: {cards}", name=name, cards=" ".join(parts) if parts else _("no cards"))

    scale = size / _W
    card_h = size * 1.4
    pad = max(2.0, size * 0.06)
    step = size * 0.62
    rise = size * 0.1
    gap = size * 0.55
    caption = size * 0.32 if label else 0.0
    xs: list[float] = []
    stop_xs: list[tuple[int, float]] = []
    x = pad
    for i in range(n):
        xs.append(x)
        x += step
        if i in stop_set:
            # Room for the bar between this card's right edge and the next card.
            edge = xs[-1] + size
            stop_xs.append((i, edge + gap / 2))
            x = edge + gap
    width = (xs[-1] + size if xs else pad + size) + pad
    if stop_xs and stop_xs[-1][0] == n - 1:
        width += gap
    height = pad * 2 + caption + rise * max(n - 1, 0) + card_h
    root = _root(width, height, description, description, width, height)
    if label:
        _text(root, label, x=pad, y=pad + caption * 0.72, font_size=size * 0.24,
              color=palette["label"], font_family=LABEL_FONT, anchor="start", class_="label")
    base = pad + caption + rise * max(n - 1, 0)
    if not items:
        _sub(root, "rect", {"fill": "none", **_paint(palette["empty"], "stroke")},
             x=pad + _BODY_X * scale, y=base + _BODY_Y * scale, width=_BODY_W * scale,
             height=_BODY_H * scale, rx=_BODY_R * scale, stroke_width=max(1.0, size / 60),
             stroke_dasharray=f"{_n(size / 15)} {_n(size / 20)}", class_="empty")
    for i, c in enumerate(items):
        y = base - rise * i
        # Only the head of the trail shows its bottom corner: on the others it would
        # peek out in fragments under the next, higher card.
        _card_group(root, c, palette, wild=c in wild, corner=i == n - 1, lang=lang,
                    transform=f"translate({_n(xs[i])} {_n(y)}) scale({_n(scale)})")
    for i, sx in stop_xs:
        # The bar spans the taller extent of the two neighbouring cards.
        top = base - rise * min(i + 1, n - 1) + size * 0.05
        bottom = base - rise * i + card_h - size * 0.05
        g = _sub(root, "g", class_="stop")
        bar = size * 0.07
        _sub(g, "rect", _paint(palette["stop"]), x=sx - bar / 2, y=top, width=bar,
             height=bottom - top, rx=bar / 2)
        tag_w, tag_h = size * 0.5, size * 0.22
        mid = (top + bottom) / 2
        _sub(g, "rect", _paint(palette["stop"]), x=sx - tag_w / 2, y=mid - tag_h / 2,
             width=tag_w, height=tag_h, rx=tag_h * 0.3)
        _text(g, _("STOP"), x=sx, y=mid + tag_h * 0.3, font_size=tag_h * 0.78,
              color=palette["stop ink"], font_family=LABEL_FONT)
    return _finish(root)
