"""Pictures of the family's history: a vertical timeline and an indented family tree.

Both are drawn from :mod:`bookkit.family` (itself built from the variants' metadata) as
plain SVG that scales to the width of the page (a ``viewBox``, no fixed width), in one
column so that it stays readable on a phone.  Each carries a ``<title>`` and a ``<desc>``
text; the book shows a list or table beside each as its text alternative.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

from bookkit.family import CHAPTERS, Event, Game, family_rows, game_name, timeline, when_text
from comet_render.i18n import N_, book_words
from comet_render.svg import SVG_NS, SvgString

WIDTH = 380
"""The drawing's width in its own units; the page scales it to the column."""
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

_CHAPTER_COLOURS: dict[str, str] = {
    "history/origins": "#7d3c98",
    "rules/manille": "#b03a2e",
    "rules/new-comet": "#1f4e79",
    "rules/modern": "#1e7b47",
    "rules/commit": "#9a6400",
}
"""One colour per chapter (all dark enough for text on white)."""


def colour(chapter: str) -> str:
    """The colour of a chapter's entries (a key of :data:`bookkit.family.CHAPTERS`' values)."""
    if chapter not in CHAPTERS.values():
        raise ValueError(f"unknown chapter {chapter!r}; chapters: {', '.join(CHAPTERS.values())}")
    return _CHAPTER_COLOURS[chapter]


def _root(height: float, label: str, desc: str) -> ET.Element:
    root = ET.Element("svg", {"xmlns": SVG_NS, "viewBox": f"0 0 {WIDTH} {height:.0f}", "role": "img",
                              "aria-label": label, "class": "comet-diagram",
                              "style": "max-width:100%;height:auto", "width": str(WIDTH),
                              "height": f"{height:.0f}"})
    ET.SubElement(root, "title").text = label
    ET.SubElement(root, "desc").text = desc
    return root


def _text(parent: ET.Element, x: float, y: float, text: str, *, size: float = 12, fill: str = "#222",
          bold: bool = False, anchor: str = "start") -> None:
    el = ET.SubElement(parent, "text", {"x": f"{x:.1f}", "y": f"{y:.1f}", "font-family": FONT,
                                        "font-size": f"{size:g}", "fill": fill, "text-anchor": anchor})
    if bold:
        el.set("font-weight", "bold")
    el.text = text


def label_width(text: str, size: float = 12, *, bold: bool = False) -> float:
    """A generous estimate of a label's width in the drawing's units (no font metrics here):
    0.62 em a character in bold, 0.58 otherwise, wider than the digits and lower-case letters of
    the system fonts the page uses."""
    return len(text) * size * (0.62 if bold else 0.58)


def date_lines(when: str) -> list[str]:
    """A date label cut into lines that fit left of the axis: ``"1791, 1809"`` ->
    ``["1791,", "1809"]``."""
    parts = when.split(", ")
    return [p + ("," if i < len(parts) - 1 else "") for i, p in enumerate(parts)]


TIMELINE_TITLE = N_("Timeline of the comet family")
TREE_TITLE = N_("Family tree of the stops games the sources name")
RELATION_WORDS = {"descends": N_("grew out of"), "may descend": N_("may descend from"), "related": N_("related to"),
                  "": N_("root")}
"""A game's relation to the game above it, on the tree's third line."""


def timeline_svg(events: list[Event] | None = None, *, wrap: int = 41, lang: str = "en") -> SvgString:
    """The timeline drawn downwards: the date left of a line (a date of several years on several
    lines), a dot per entry in its chapter's colour, the text (wrapped at ``wrap`` characters) and
    the sources of its date on the right.  The axis stands far enough right that the widest
    date label starts inside the drawing."""
    events = timeline() if events is None else events
    if not events:
        raise ValueError("a timeline needs at least one event")
    size, line_h, top, margin = 12.0, 15.0, 18.0, 8.0
    _ = book_words(lang)
    labels = {e.when: date_lines(when_text(e.when, lang)) for e in events}
    widest = max(label_width(line, size, bold=True) for lines in labels.values() for line in lines)
    axis = max(78.0, margin + widest + 10)
    blocks = [(e, textwrap.wrap(e.text(lang), wrap) + [" ".join(e.sources)]) for e in events]
    rows = [max(len(lines), len(labels[e.when])) for e, lines in blocks]
    height = top + sum(n * line_h + 9 for n in rows) + 6
    desc = _("; ").join(_("{when}: {what}", when=when_text(e.when, lang), what=e.text(lang))
                        + f" ({', '.join(e.sources)})" for e in events)
    root = _root(height, _(TIMELINE_TITLE), desc)
    ET.SubElement(root, "line", {"x1": str(axis), "y1": "6", "x2": str(axis), "y2": f"{height - 6:.0f}",
                                 "stroke": "#888", "stroke-width": "2"})
    y = top
    for (event, lines), n in zip(blocks, rows):
        fill = colour(event.chapter)
        ET.SubElement(root, "circle", {"cx": str(axis), "cy": f"{y - 4:.1f}", "r": "5", "fill": fill})
        for i, label in enumerate(labels[event.when]):
            _text(root, axis - 10, y + i * line_h, label, size=size, bold=True, anchor="end", fill=fill)
        for i, line in enumerate(lines):
            last = i == len(lines) - 1
            _text(root, axis + 12, y + i * line_h, line, size=10.5 if last else 12,
                  fill="#555" if last else "#222")
        y += n * line_h + 9
    return SvgString(ET.tostring(root, encoding="unicode"))


def _dates(game: Game, lang: str) -> str:
    """``"1752, 1804, undated"`` in ``lang``: the dates of :attr:`bookkit.family.Game.date_items`."""
    return ", ".join(when_text(when, lang) for when, _s in game.date_items) or when_text("undated", lang)


def family_svg(lang: str = "en") -> SvgString:
    """The family tree as an indented outline: each game under the one it comes from, a solid
    connector for "grew out of", a dashed one for "related"; under each name, its dates with the
    sources that give them, then its relation with the sources of that."""
    _ = book_words(lang)
    rows = family_rows()
    names = {g.key: game_name(g, lang) for _d, g in rows}
    indent, row_h, top = 24.0, 52.0, 8.0
    height = top + len(rows) * row_h + 4
    desc = _("; ").join(f"{names[g.key]} ({_dates(g, lang)}), "
                        + (f"{_(RELATION_WORDS[g.relation])} {names[g.parent]}" if g.parent else _(RELATION_WORDS[""]))
                        for _d, g in rows)
    root = _root(height, _(TREE_TITLE), desc)
    where: dict[str, tuple[float, float]] = {}
    for i, (depth, game) in enumerate(rows):
        x, y = 10 + depth * indent, top + i * row_h + 14
        where[game.key] = (x, y)
        if game.parent:
            px, py = where[game.parent]
            attrs = {"d": f"M{px + 5:.1f},{py + 6:.1f} V{y - 4:.1f} H{x - 3:.1f}", "fill": "none",
                     "stroke": "#666", "stroke-width": "1.6"}
            if game.relation != "descends":
                attrs["stroke-dasharray"] = "4 3"
            ET.SubElement(root, "path", attrs)
        fill = colour(game.chapter) if game.families else "#555"
        ET.SubElement(root, "rect", {"x": f"{x:.1f}", "y": f"{y - 9:.1f}", "width": "10", "height": "10",
                                     "rx": "2", "fill": fill})
        _text(root, x + 16, y, names[game.key], size=13, bold=True, fill=fill)
        dates = " · ".join(f"{when_text(when, lang)} {' '.join(srcs)}".strip() for when, srcs in game.date_items)
        _text(root, x + 16, y + 15, dates or when_text("undated", lang), size=10.5, fill="#555")
        how = _(RELATION_WORDS[game.relation])
        parent = names.get(game.parent, "")
        relation = f"{how} {parent}".strip() if len(f"{how} {parent}") < 34 else how
        _text(root, x + 16, y + 29, f"{relation} · {' '.join(game.sources)}", size=10.5, fill="#555")
    return SvgString(ET.tostring(root, encoding="unicode"))
