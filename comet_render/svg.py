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
import math
import xml.etree.ElementTree as ET
from typing import Any, Collection, Iterable, Mapping

from comet.cards import RANK_NAMES, Card
from comet_render.i18n import card_symbol, rank_label, words

__all__ = [
    "DEFAULT_COLORS",
    "SvgString",
    "back",
    "card",
    "card_html",
    "hand",
    "trail",
]

SVG_NS = "http://www.w3.org/2000/svg"

#: The colours used unless overridden by ``colors=``.  ``#rrggbbaa`` carries opacity.
DEFAULT_COLORS: dict[str, str] = {
    "face": "#fffdf7",  # the card's face
    "edge": "#6b6b6b",  # the card's outline
    "shadow": "#00000033",  # offset shadow under each card
    "black": "#1b1b1b",  # spades and clubs
    "red": "#c8102e",  # hearts and diamonds
    "four-colour diamonds": "#1560bd",  # diamonds with four_colour=True (blue)
    "four-colour clubs": "#1e7b34",  # clubs with four_colour=True (green)
    "joker": "#5b2a86",  # the joker's lettering
    "wild": "#e0a100",  # the comet badge and frame
    "wild ink": "#5a3d00",  # the star on the badge and the "=10" text
    "highlight": "#1f8a4c",  # border of a legal play
    "dimmed": "#e6e6e6a0",  # veil over a greyed-out card
    "back": "#1f3f73",  # the back of a card
    "back pattern": "#3a64a8",  # lattice on the back
    "back frame": "#f1e7c8",  # frame and emblem on the back
    "stop": "#b3261e",  # a stop in a trail
    "stop ink": "#ffffff",  # the word STOP
    "label": "#333333",  # the label over a hand or trail
    "empty": "#9a9a9a",  # outline where an empty hand would be
}

RANK_FONT = "Georgia, 'DejaVu Serif', serif"
LABEL_FONT = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif"

# A card is drawn in a 100 x 140 unit box and scaled to ``size`` pixels wide.
_W = 100.0
_H = 140.0
_BODY_X, _BODY_Y, _BODY_W, _BODY_H, _BODY_R = 2.0, 2.0, 96.0, 134.0, 8.0
_SHADOW_DX = 1.5


def _rounded(x: float, y: float, w: float, h: float, r: float) -> str:
    """A rounded rectangle as a path (relative steps, so that it reads the same
    wherever it stands)."""
    return (
        f"M{_n(x + r)} {_n(y)}h{_n(w - 2 * r)}a{_n(r)} {_n(r)} 0 0 1 {_n(r)} {_n(r)}"
        f"v{_n(h - 2 * r)}a{_n(r)} {_n(r)} 0 0 1 {_n(-r)} {_n(r)}h{_n(2 * r - w)}"
        f"a{_n(r)} {_n(r)} 0 0 1 {_n(-r)} {_n(-r)}v{_n(2 * r - h)}a{_n(r)} {_n(r)} 0 0 1 {_n(r)} {_n(-r)}Z"
    )


def _body_d(dx: float = 0.0) -> str:
    return _rounded(_BODY_X + dx, _BODY_Y + dx, _BODY_W, _BODY_H, _BODY_R)


# Suit shapes in a 100 x 100 box, as single paths (fill rule nonzero).


def _circle_path(cx: float, cy: float, r: float) -> str:
    return (
        f"M{_n(cx - r)} {_n(cy)}a{_n(r)} {_n(r)} 0 1 0 {_n(2 * r)} 0"
        f"a{_n(r)} {_n(r)} 0 1 0 {_n(-2 * r)} 0Z"
    )


_SUIT_PATHS: dict[str, str] = {
    "H": (
        "M50 96C36 80 4 58 4 31C4 14 16 4 29 4C39 4 46 10 50 19"
        "C54 10 61 4 71 4C84 4 96 14 96 31C96 58 64 80 50 96Z"
    ),
    "D": "M50 2C62 20 74 36 88 50C74 64 62 80 50 98C38 80 26 64 12 50C26 36 38 20 50 2Z",
    "S": (
        "M50 2C62 18 96 38 96 62C96 77 85 86 73 86C64 86 57 82 53 75"
        "C54 86 58 93 67 98L33 98C42 93 46 86 47 75C43 82 36 86 27 86"
        "C15 86 4 77 4 62C4 38 38 18 50 2Z"
    ),
    "C": "",  # filled in below
}


def _n(x: float) -> str:
    """A number for an attribute: at most two decimals, no trailing zeros."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


_SUIT_PATHS["C"] = (
    _circle_path(50, 27, 21)
    + _circle_path(27, 60, 21)
    + _circle_path(73, 60, 21)
    + "M44 62L56 62L56 44L44 44Z"
    + "M47 58C47 78 43 90 32 98L68 98C57 90 53 78 53 58Z"
)


def _star_path(cx: float, cy: float, r: float, inner: float = 0.42) -> str:
    """A five-pointed star centred on (cx, cy), one point up."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * inner
        angle = math.pi * i / 5 - math.pi / 2
        points.append(f"{_n(cx + radius * math.cos(angle))} {_n(cy + radius * math.sin(angle))}")
    return "M" + "L".join(points) + "Z"


class SvgString(str):
    """A string of SVG that IPython and Jupyter display as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return str(self)


# --- helpers -------------------------------------------------------------------------


def _colors(colors: Mapping[str, str] | None) -> dict[str, str]:
    merged = dict(DEFAULT_COLORS)
    if colors:
        merged.update(colors)
    return merged


def _paint(color: str, prop: str = "fill") -> dict[str, str]:
    """``{"fill": "#rrggbb"}``, with ``fill-opacity`` for ``#rrggbbaa`` colours."""
    if color.startswith("#") and len(color) == 9:
        opacity = int(color[7:9], 16) / 255
        return {prop: color[:7], f"{prop}-opacity": _n(opacity)}
    if color.startswith("#") and len(color) == 5:
        opacity = int(color[4] * 2, 16) / 255
        return {prop: color[:4], f"{prop}-opacity": _n(opacity)}
    return {prop: color}


def _attrs(**kw: Any) -> dict[str, str]:
    """Keyword arguments as SVG attributes: ``stroke_width`` -> ``stroke-width``."""
    out: dict[str, str] = {}
    for key, value in kw.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out[name] = _n(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
    return out


def _sub(parent: ET.Element, tag: str, paint: Mapping[str, str] | None = None, **kw: Any) -> ET.Element:
    attrib = _attrs(**kw)
    if paint:
        attrib.update(paint)
    return ET.SubElement(parent, tag, attrib)


def _text(
    parent: ET.Element,
    content: str,
    *,
    x: float,
    y: float,
    font_size: float,
    color: str,
    font_family: str = RANK_FONT,
    bold: bool = True,
    anchor: str = "middle",
    transform: str | None = None,
    **kw: Any,
) -> ET.Element:
    el = _sub(
        parent,
        "text",
        _paint(color),
        x=x,
        y=y,
        font_family=font_family,
        font_size=font_size,
        font_weight="bold" if bold else None,
        text_anchor=anchor,
        transform=transform,
        **kw,
    )
    el.text = content
    return el


def _root(width: float, height: float, label: str, description: str, view_w: float, view_h: float) -> ET.Element:
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "version": "1.1",
            "width": _n(width),
            "height": _n(height),
            "viewBox": f"0 0 {_n(view_w)} {_n(view_h)}",
            "role": "img",
            "aria-label": label,
        },
    )
    ET.SubElement(root, "title").text = label
    ET.SubElement(root, "desc").text = description
    return root


def _finish(root: ET.Element) -> SvgString:
    return SvgString(ET.tostring(root, encoding="unicode"))


_rank_display = rank_label


def _suit_color(suit: str, four_colour: bool, colors: Mapping[str, str]) -> str:
    if four_colour and suit == "D":
        return colors["four-colour diamonds"]
    if four_colour and suit == "C":
        return colors["four-colour clubs"]
    return colors["red"] if suit in "HD" else colors["black"]


def _suit_shape(parent: ET.Element, suit: str, x: float, y: float, size: float, color: str) -> ET.Element:
    """A suit shape filling the square (x, y, size)."""
    return _sub(parent, "path", _paint(color), d=_SUIT_PATHS[suit],
                transform=f"translate({_n(x)} {_n(y)}) scale({_n(size / 100)})",
                class_=f"suit suit-{suit}")


def _check_card(c: object) -> Card:
    if not isinstance(c, Card):
        raise TypeError(f"expected a Card, not {c!r} (use Card.parse('9D'))")
    return c


def _card_words(c: Card, *, wild: bool, wild_as: int | None) -> str:
    """``"nine of clubs (9♣), the comet, standing for ten"``."""
    words = f"{c.name} ({c.symbol})" if not c.is_joker else "joker"
    if wild or c.is_joker:
        words += ", the comet"
    if wild_as is not None:
        words += f", standing for {RANK_NAMES[wild_as]}"
    return words


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
    root = _root(size, size * 1.4, label, f"Card: {words}.", _W, _H)
    _card_group(root, c, palette, wild=wild, wild_as=wild_as, four_colour=four_colour,
                highlight=highlight, dimmed=dimmed, lang=lang)
    return _finish(root)


_render_card = card


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
    description = f"{name}: {text}"

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
    description = f"{name}: " + (" ".join(parts) if parts else _("no cards"))

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
