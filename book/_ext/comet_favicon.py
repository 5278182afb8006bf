"""``favicon.ico`` at the site's root, drawn at build time from the book's icon (``favicon.svg``).

A browser asks for ``/favicon.ico`` on a page that names no icon (the root ``index.html``, which
only redirects to the book's first page), and a missing one is a 404 in the console. The icon is
redrawn here from the SVG's few shapes (rectangles, possibly rounded, and paths of straight lines,
filled or stroked, with their opacity) at 16, 32 and 48 pixels, with Pillow (a dependency of
matplotlib, already pinned); a shape of another kind is skipped, and an icon that cannot be read at
all gives a plain round icon in the same colours, so that the file is always there.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

SIZES = [(16, 16), (32, 32), (48, 48)]
SCALE = 256
"""Drawn this large, then scaled down (smooth edges)."""
SVG = "{http://www.w3.org/2000/svg}"


def _number(value: str | None, default: float = 0.0) -> float:
    return float(value) if value not in (None, "") else default


def _colour(value: str | None, opacity: float) -> tuple[int, int, int, int] | None:
    from PIL import ImageColor

    if not value or value == "none":
        return None
    r, g, b = ImageColor.getrgb(value)[:3]
    return r, g, b, round(255 * opacity)


def _subpaths(d: str) -> list[tuple[list[tuple[float, float]], bool]]:
    """Points of each subpath of a path of straight lines (M, L, H, V, Z and their relative
    forms), and whether it is closed."""
    tokens = re.findall(r"[MmLlHhVvZz]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", d)
    out: list[tuple[list[tuple[float, float]], bool]] = []
    points: list[tuple[float, float]] = []
    x = y = 0.0
    command = ""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.isalpha():
            command = token
            i += 1
            if command in "Zz":
                if points:
                    out.append((points, True))
                    x, y = points[0]
                points = []
            continue
        if command in "Mm":
            if points:
                out.append((points, False))
            dx, dy = float(tokens[i]), float(tokens[i + 1])
            x, y = (x + dx, y + dy) if command == "m" else (dx, dy)
            points = [(x, y)]
            command = "l" if command == "m" else "L"
            i += 2
        elif command in "Ll":
            dx, dy = float(tokens[i]), float(tokens[i + 1])
            x, y = (x + dx, y + dy) if command == "l" else (dx, dy)
            points.append((x, y))
            i += 2
        elif command in "HhVv":
            v = float(tokens[i])
            if command in "Hh":
                x = x + v if command == "h" else v
            else:
                y = y + v if command == "v" else v
            points.append((x, y))
            i += 1
        else:
            raise ValueError(f"path command {command!r} is not drawn here")
    if points:
        out.append((points, False))
    return out


def draw(svg: bytes, size: int = SCALE) -> Any:
    """The SVG's shapes as a square RGBA image of ``size`` pixels (:data:`SCALE`: the favicon's, drawn
    large and scaled down; the app's icons, ``comet_app``, at their own sizes)."""
    from PIL import Image, ImageDraw

    root = ET.fromstring(svg)
    box = [float(v) for v in re.split(r"[\s,]+", root.get("viewBox", "0 0 64 64").strip())]
    k = size / max(box[2], box[3])
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))

    def at(x: float, y: float) -> tuple[float, float]:
        return (x - box[0]) * k, (y - box[1]) * k

    for element in root.iter():
        tag = element.tag.removeprefix(SVG)
        if tag not in ("rect", "path"):
            continue
        opacity = _number(element.get("opacity"), 1.0)
        fill = _colour(element.get("fill", "#000"), opacity * _number(element.get("fill-opacity"), 1.0))
        stroke = _colour(element.get("stroke"), opacity * _number(element.get("stroke-opacity"), 1.0))
        width = max(1, round(_number(element.get("stroke-width"), 1.0) * k))
        layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
        pen = ImageDraw.Draw(layer)
        if tag == "rect":
            x, y = at(_number(element.get("x")), _number(element.get("y")))
            w, h = _number(element.get("width")) * k, _number(element.get("height")) * k
            pen.rounded_rectangle((x, y, x + w, y + h), radius=_number(element.get("rx")) * k, fill=fill,
                                  outline=stroke, width=width if stroke else 0)
        else:
            try:
                subpaths = _subpaths(element.get("d", ""))
            except (ValueError, IndexError):
                continue  # curves: not drawn here
            for points, closed in subpaths:
                xy = [at(px, py) for px, py in points]
                if closed and fill and len(xy) > 2:
                    pen.polygon(xy, fill=fill)
                if stroke and len(xy) > 1:
                    pen.line(xy + (xy[:1] if closed else []), fill=stroke, width=width, joint="curve")
                    if element.get("stroke-linecap") == "round" and not closed:
                        for cx, cy in (xy[0], xy[-1]):
                            pen.ellipse((cx - width / 2, cy - width / 2, cx + width / 2, cy + width / 2), fill=stroke)
        image = Image.alpha_composite(image, layer)
    return image


def plain(size: int = SCALE) -> Any:
    """A plain round icon (the book's colours), for an icon that cannot be read."""
    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    edge = size // 32
    ImageDraw.Draw(image).ellipse((edge, edge, size - edge, size - edge), fill=(200, 16, 46, 255),
                                  outline=(31, 63, 115, 255), width=size // 12)
    return image


def write_favicon(out: Path, svg: Path | None) -> Path:
    """Write ``out/favicon.ico`` from ``svg`` (or a plain icon); its path."""
    try:
        image = draw(svg.read_bytes()) if svg is not None and svg.is_file() else plain()
    except (ET.ParseError, ValueError, OSError):
        image = plain()
    target = out / "favicon.ico"
    image.save(target, format="ICO", sizes=SIZES)
    return target
