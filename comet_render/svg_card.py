"""One card as SVG (a face, a back, a wild card's badge): :func:`card`, :func:`back`, :func:`card_html`;
re-exported by :mod:`comet_render.svg`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, Mapping

from comet.cards import Card
from comet_render.i18n import words
from comet_render.svg_base import (
    _BODY_H, _BODY_R, _BODY_W, _BODY_X, _BODY_Y,
    LABEL_FONT, SvgString, _H, _SHADOW_DX, _W, _body_d, _card_words, _check_card, _colors, _finish,
    _paint, _rank_display, _root, _star_path, _sub, _suit_color, _suit_shape, _text,
)

# --- one card ------------------------------------------------------------------------


def _body(parent: ET.Element, colors: Mapping[str, str], fill: str) -> None:
    _sub(
        parent,
        "path",
        _paint(colors["shadow"]),
        d=_body_d(_SHADOW_DX),
        class_="shadow",
    )
    _sub(
        parent,
        "path",
        {**_paint(fill), **_paint(colors["edge"], "stroke")},
        d=_body_d(),
        stroke_width=1.5,
        class_="body",
    )


def _back_group(parent: ET.Element, colors: Mapping[str, str]) -> None:
    _body(parent, colors, colors["back"])
    # A lattice of small lozenges inside a frame, and a four-pointed star in a ring at
    # the centre.  The path is written with relative moves, one lozenge per "l...z".
    lozenge = "l4 5-4 5-4-5z"
    rows = []
    for row in range(18):
        first = "M16.5 11.5" if row == 0 else "m-58.5 6.5"
        count = 6 if row % 2 == 0 else 5
        rows.append(first + lozenge + ("m13 0" + lozenge) * (count - 1))
    _sub(parent, "path", _paint(colors["back pattern"]), d="".join(rows), class_="pattern")
    _sub(parent, "rect", {"fill": "none", **_paint(colors["back frame"], "stroke")},
         x=8, y=8, width=82, height=122, rx=5, stroke_width=2)
    _sub(parent, "circle", {**_paint(colors["back"]), **_paint(colors["back frame"], "stroke")},
         cx=50, cy=70, r=17, stroke_width=2)
    _sub(parent, "path", _paint(colors["back frame"]),
         d="M50 56L53.5 66.5L64 70L53.5 73.5L50 84L46.5 73.5L36 70L46.5 66.5Z", class_="emblem")


def _wild_badge(parent: ET.Element, colors: Mapping[str, str], wild_as: int | None, lang: str = "en") -> None:
    """The comet marking: a double gold frame and a star badge top right."""
    g = _sub(parent, "g", class_="wild")
    _sub(
        g,
        "rect",
        {"fill": "none", **_paint(colors["wild"], "stroke")},
        x=_BODY_X + 4.5,
        y=_BODY_Y + 4.5,
        width=_BODY_W - 9,
        height=_BODY_H - 9,
        rx=_BODY_R - 3,
        stroke_width=2.5,
        stroke_dasharray="6 3",
    )
    cx, cy = 77.0, 21.0
    _sub(g, "circle", {**_paint(colors["wild"]), **_paint(colors["wild ink"], "stroke")},
         cx=cx, cy=cy, r=14, stroke_width=1.5)
    _sub(g, "path", _paint(colors["wild ink"]), d=_star_path(cx, cy, 10.5))
    if wild_as is not None:
        _text(g, "=" + _rank_display(wild_as, lang), x=cx - 4, y=52, font_size=19,
              color=colors["wild ink"], class_="wild-as")


def _face_group(
    parent: ET.Element,
    c: Card,
    colors: Mapping[str, str],
    *,
    wild: bool,
    wild_as: int | None,
    four_colour: bool,
    corner: bool = True,
    lang: str = "en",
) -> None:
    _body(parent, colors, colors["face"])
    if c.is_joker:
        ink = colors["joker"]
        _text(parent, "JK", x=27, y=36, font_size=25, color=ink, class_="rank")
        _sub(parent, "path", _paint(colors["wild"]), d=_star_path(20, 55, 11))
        # The big star and the word across the bottom.
        _sub(parent, "path", {**_paint(colors["wild"]), **_paint(ink, "stroke")},
             d=_star_path(50, 82, 29), stroke_width=2, stroke_linejoin="round", class_="joker-star")
        _text(parent, "JOKER", x=50, y=127, font_size=15, color=ink, letter_spacing=2,
              font_family=LABEL_FONT)
    else:
        ink = _suit_color(c.suit, four_colour, colors)
        rank = _rank_display(c.rank, lang)
        if rank == "10":
            # Squeeze "10" so that it is as wide as one letter plus a little.
            _text(parent, rank, x=0, y=0, font_size=34, color=ink, class_="rank",
                  transform="translate(19 37) scale(0.78 1)", letter_spacing=-1)
        else:
            _text(parent, rank, x=19, y=37, font_size=34, color=ink, class_="rank")
        _suit_shape(parent, c.suit, 8, 43, 22, ink)
        # The large pip, and a small upside-down index in the bottom-right corner.
        _suit_shape(parent, c.suit, 25, 56, 52, ink)
        if corner:
            group = _sub(parent, "g", transform="rotate(180 50 69)", class_="corner")
            _text(group, rank, x=0, y=0, font_size=17, color=ink,
                  transform="translate(13 21)" + (" scale(0.8 1)" if rank == "10" else ""))
            _suit_shape(group, c.suit, 7.5, 24, 11, ink)
    if wild or wild_as is not None:
        _wild_badge(parent, colors, wild_as, lang)


def _card_group(
    parent: ET.Element,
    c: Card | None,
    colors: Mapping[str, str],
    *,
    wild: bool = False,
    wild_as: int | None = None,
    four_colour: bool = False,
    highlight: bool = False,
    dimmed: bool = False,
    transform: str | None = None,
    corner: bool = True,
    lang: str = "en",
) -> ET.Element:
    """Draw one card (``None`` for a back) into ``parent`` in the 100 x 140 box."""
    classes = ["card"]
    if c is None:
        classes.append("back")
    if highlight:
        classes.append("highlight")
    if dimmed:
        classes.append("dimmed")
    g = _sub(parent, "g", transform=transform, class_=" ".join(classes))
    if c is None:
        _back_group(g, colors)
    else:
        _face_group(g, c, colors, wild=wild, wild_as=wild_as, four_colour=four_colour,
                    corner=corner, lang=lang)
    if dimmed:
        _sub(g, "path", _paint(colors["dimmed"]), d=_body_d(), class_="veil")
    if highlight:
        _sub(g, "path", {"fill": "none", **_paint(colors["highlight"], "stroke")},
             d=_body_d(), stroke_width=4, class_="highlight-border")
    return g


def _check_wild_as(wild_as: int | None) -> None:
    if wild_as is not None and (isinstance(wild_as, bool) or not isinstance(wild_as, int)
                                or not 1 <= wild_as <= 13):
        raise ValueError(f"wild_as is a rank 1..13, not {wild_as!r}")


def card(
    card: Card,
    *,
    size: float = 60,
    wild: bool = False,
    wild_as: int | None = None,
    face_down: bool = False,
    four_colour: bool = False,
    highlight: bool = False,
    dimmed: bool = False,
    colors: Mapping[str, str] | None = None,
    lang: str = "en",
) -> SvgString:
    """One card, ``size`` pixels wide and 1.4 × ``size`` high.

    :param wild: mark the card as the wild comet (star badge and dashed gold frame).
    :param wild_as: the rank (1..13) the comet stands for, shown as ``=10``; implies
        ``wild``.
    :param face_down: draw the back; the picture then tells nothing of the card.
    :param four_colour: diamonds blue and clubs green.
    :param highlight: a legal play: a thick coloured border.
    :param dimmed: greyed out.
    :param colors: overrides of :data:`DEFAULT_COLORS`.
    """
    c = _check_card(card)
    _check_wild_as(wild_as)
    if face_down:
        return back(size=size, colors=colors, highlight=highlight, dimmed=dimmed)
    palette = _colors(colors)
    words = _card_words(c, wild=wild, wild_as=wild_as)
    if highlight:
        words += ", playable"
    if dimmed:
        words += ", greyed out"
    label = words[0].upper() + words[1:]
    description = f"Card: {words}."
    if lang != "en":  # the card as the page's language names it (its letters, "the comet" in words)
        label = description = _card_label(c, wild, wild_as, lang)
    root = _root(size, size * 1.4, label, description, _W, _H)
    _card_group(root, c, palette, wild=wild, wild_as=wild_as, four_colour=four_colour,
                highlight=highlight, dimmed=dimmed, lang=lang)
    return _finish(root)


_render_card = card


def _card_label(c: Card, wild: bool, wild_as: int | None, lang: str) -> str:
    """``"Пятёрка червей"``, ``"La comète, neuf de trèfle, comme 10"``: a card's accessible name in
    ``lang`` (not English), in words (:func:`comet_render.card_names.card_name`)."""
    from comet_render.card_names import capital, card_name

    return capital(card_name(c, lang, wild=wild or c.is_joker, wild_as=wild_as))


def back(
    *,
    size: float = 60,
    colors: Mapping[str, str] | None = None,
    highlight: bool = False,
    dimmed: bool = False,
) -> SvgString:
    """The back of a card: a lattice with a star emblem.  It shows no card."""
    palette = _colors(colors)
    label = "Face-down card"
    root = _root(size, size * 1.4, label, "face-down card", _W, _H)
    _card_group(root, None, palette, highlight=highlight, dimmed=dimmed)
    return _finish(root)


def card_html(card: Card, **kw: Any) -> str:
    """``card(...)`` wrapped in a ``<span>`` for inline use in HTML text."""
    svg = _render_card(card, **kw)
    return ('<span class="comet-card" style="display:inline-block;'
            f'vertical-align:middle;line-height:0">{svg}</span>')
