"""The sources a sentence cites, taken out of what a player reads.

The engine's words cite the rules' sources in brackets ("a king is a stop (S0, S1; Enc for 1718; PW
for Yanovsky)", "together (a group play, S0, S1)"): right for the book and the rules panel, noise at
the table. :func:`split_sources` returns the sentence without them, and the sources apart, which the
table puts in the sentence's tooltip (its "why"): ``split_sources("Stop: a king is a stop (S0, S1);
you lead anew.")`` is ``("Stop: a king is a stop; you lead anew.", ["S0, S1"])``.

A source is a key of the book's bibliography or of its readings (``S0``, ``Enc``, ``PW``, ``PJ``,
``FR-Hoc``, ``W-Hocs``, ``AMB-28``), an option of a variant (``option h_scope``, ``опция ...``), or a
dated rule book (``Hoyle 1991``, ``Arnold 2011``), possibly "for" a game (``Enc for 1718``, ``PW pour
Yanovsky``, ``Enc для 1718``, ``PW para Yanovsky``). A bracket is cut where its items are all
sources, trimmed where its last items are; any other bracket is left as it is.
"""

from __future__ import annotations

import re

_KEY = r"(?:S\d|Enc|PW|PJ|Foster|[A-Z]{1,4}-[A-Za-z]+|AMB-\d+|(?:Hoyle|Arnold|Foster|Parlett) \d{4})"
_FOR = r"(?:\s+(?:for|pour|для|para)\s+[^,;()]+?)?"
_OPTION = r"(?:option|opción|опция)\s+[a-z_]+"
SOURCE = re.compile(rf"\s*(?:{_KEY}{_FOR}|{_OPTION})\s*")
"""One source item of a bracket (a whole item: ``re.fullmatch``)."""
_BRACKET = re.compile(r"\s?\(([^()]*)\)")


def _split_items(inner: str) -> list[tuple[str, str]]:
    """A bracket's items with the separator before each: ``[("", "S0"), (", ", "S1"), ("; ", "Enc")]``."""
    out: list[tuple[str, str]] = []
    for m in re.finditer(r"(^|[,;]\s*)([^,;]+)", inner):
        out.append((m.group(1), m.group(2)))
    return out


def split_sources(text: str) -> tuple[str, list[str]]:
    """``text`` without the sources it cites in brackets, and those sources (see the module)."""
    found: list[str] = []

    def cut(m: re.Match[str]) -> str:
        items = _split_items(m.group(1))
        keep = len(items)
        while keep and SOURCE.fullmatch(items[keep - 1][1]):
            keep -= 1
        if keep == len(items):
            return m.group(0)
        found.append(m.group(1)[len("".join(sep + item for sep, item in items[:keep])):].lstrip(",; "))
        if keep == 0:
            return ""
        kept = "".join(sep + item for sep, item in items[:keep]).rstrip()
        return m.group(0)[:m.group(0).index("(")] + f"({kept})"

    plain = _BRACKET.sub(cut, text)
    plain = re.sub(r"\s+([.,;:!?»])", lambda m: m.group(0) if m.group(1) in ":;!?»" and "\u00a0" in m.group(0)
                   or "\u202f" in m.group(0) else m.group(1), plain)
    call = getattr(text, "call", None)
    if found and call is not None:  # a narration's sentence keeps where its call stands
        from comet_render.narrate import Sentence

        said = text[call[0]:call[1]]
        at = plain.find(said)
        return Sentence(plain, (at, at + len(said)) if at >= 0 else None), found
    return (text if not found else plain), found


def without_sources(text: str) -> str:
    """``text`` without the sources it cites in brackets."""
    return split_sources(text)[0]
