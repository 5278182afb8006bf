"""Pictures of the family's history: a vertical timeline and an indented family tree.

Both are drawn from :mod:`bookkit.family` (itself built from the variants' metadata) as
plain SVG that scales to the width of the page (a ``viewBox``, no fixed width), in one
column so that it stays readable on a phone.  Each carries a ``<title>`` and a ``<desc>``
text; the book shows a list or table beside each as its text alternative.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

from bookkit.family import CHAPTERS, Event, family_rows, timeline
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


def timeline_svg(events: list[Event] | None = None, *, wrap: int = 41) -> SvgString:
    """The timeline drawn downwards: the date left of a line, a dot per entry in its chapter's
    colour, the text (wrapped at ``wrap`` characters) and its sources on the right."""
    events = timeline() if events is None else events
    if not events:
        raise ValueError("a timeline needs at least one event")
    axis, top, line_h = 78.0, 18.0, 15.0
    blocks = [(e, textwrap.wrap(e.what, wrap) + [" ".join(e.sources)]) for e in events]
    height = top + sum(len(lines) * line_h + 9 for _, lines in blocks) + 6
    desc = "; ".join(f"{e.when}: {e.what} ({', '.join(e.sources)})" for e in events)
    root = _root(height, "Timeline of the comet family", desc)
    ET.SubElement(root, "line", {"x1": str(axis), "y1": "6", "x2": str(axis), "y2": f"{height - 6:.0f}",
                                 "stroke": "#888", "stroke-width": "2"})
    y = top
    for event, lines in blocks:
        fill = colour(event.chapter)
        ET.SubElement(root, "circle", {"cx": str(axis), "cy": f"{y - 4:.1f}", "r": "5", "fill": fill})
        _text(root, axis - 10, y, event.when,
              bold=True, anchor="end", fill=fill)
        for i, line in enumerate(lines):
            last = i == len(lines) - 1
            _text(root, axis + 12, y + i * line_h, line, size=10.5 if last else 12,
                  fill="#555" if last else "#222")
        y += len(lines) * line_h + 9
    return SvgString(ET.tostring(root, encoding="unicode"))


def family_svg() -> SvgString:
    """The family tree as an indented outline: each game under the one it comes from, a solid
    connector for "grew out of", a dashed one for "related"; dates and sources under each name."""
    rows = family_rows()
    indent, row_h, top = 24.0, 38.0, 8.0
    height = top + len(rows) * row_h + 4
    desc = "; ".join(f"{g.name} ({g.dates or 'undated'}), " + (f"{g.relation} {g.parent}" if g.parent else "root")
                     for _, g in rows)
    root = _root(height, "Family tree of the stops games the sources name", desc)
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
        _text(root, x + 16, y, game.name, size=13, bold=True, fill=fill)
        note = game.dates or "undated"
        if game.relation != "descends" and game.parent:
            note += f" · {game.relation}"
        _text(root, x + 16, y + 15, f"{note} · {' '.join(game.sources)}", size=10.5, fill="#555")
    return SvgString(ET.tostring(root, encoding="unicode"))
