"""The drawing primitives of :mod:`comet_render.svg`: colours, paths, text, the document's root and
the suits' shapes (ElementTree, deterministic output).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any, Mapping

from comet.cards import RANK_NAMES, Card
from comet_render.i18n import rank_label, words

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
