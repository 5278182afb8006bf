"""Pictures for the book: a deal's trail of cards, a cribbage board, and figures whose alt text is
computed."""

from __future__ import annotations

import base64
import html
import io
import math
from typing import Any, Sequence

from html import escape

from comet_render import svg
from comet_render.i18n import N_, NUMBERS, book_words, cards_symbols
from comet.cards import Card, sort_key
from comet.round import Round, resolve_variant
from comet.runs import runs_of
from comet_render.svg import SvgString
from comet.variant import Variant

__all__ = ["trail_of", "cribbage_svg", "pack_html", "figure_markdown", "decimal_ticks"]


def figure_markdown(fig: Any, alt: str, caption: str, *, name: str = "") -> str:
    """A matplotlib figure as a figure of the page whose alt text and caption are computed
    (``{glue:figure}`` takes its alt text from the page's source, where no computation reaches).

    The picture is a PNG embedded in the page (the site loads nothing from elsewhere); glue the
    result as Markdown (``{glue:md}``, ``:format: myst``): MyST passes the HTML through.
    """
    if not alt.strip():
        raise ValueError("a figure needs an alt text that says what it shows")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=fig.dpi, bbox_inches="tight")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    ident = f' id="{html.escape(name, quote=True)}"' if name else ""
    return (f'<figure class="comet-figure"{ident}>'
            f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt, quote=True)}" '
            'style="max-width:100%;height:auto">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>")

def decimal_ticks(ax: Any, lang: str = "en") -> None:
    """The numbers on a matplotlib axes' linear axes with ``lang``'s decimal mark (``0,25`` in French,
    Russian and Spanish); the figures of an edition draw their words from the catalogs, and this their
    numbers.  Axes of categories or on a log scale are left as they are."""
    from matplotlib.ticker import ScalarFormatter

    mark = NUMBERS.get(lang, NUMBERS["en"])[0]
    if mark == ".":
        return

    class Decimal(ScalarFormatter):
        def __call__(self, x: float, pos: int | None = None) -> str:
            return str(super().__call__(x, pos)).replace(".", mark)

    for axis in (ax.xaxis, ax.yaxis):
        if type(axis.get_major_formatter()) is ScalarFormatter:
            axis.set_major_formatter(Decimal())


# ---------------------------------------------------------------- pictures
def trail_of(rnd: Round) -> tuple[list[Card], list[int]]:
    """The cards played in order and the positions after which a run was stopped (for
    ``comet_render.svg.trail``), from :func:`comet.runs.runs_of`."""
    cards: list[Card] = []
    stops: list[int] = []
    for run in runs_of(rnd.events):
        cards.extend(run.cards)
        if run.stop:
            stops.append(len(cards) - 1)
    return cards, stops


_PEG_COLOURS = ("#b03a2e", "#1f4e79", "#1e7b47", "#7d3c98")


def cribbage_svg(history: Sequence[Sequence[int]], target: int = 121, *, width: float = 720, lang: str = "en") -> Any:
    """A cribbage board (two to four tracks of ``target - 1`` holes in four streets of 30) with
    each seat's front peg at its last total and back peg at its total before its last score.

    ``history`` is :func:`match_pegging`'s list of totals after each deal.  Returns a
    :class:`comet_render.svg.SvgString` (it displays itself in a notebook). Its words in ``lang``.
    """
    _ = book_words(lang)

    if not history:
        raise ValueError("history needs at least one row of totals")
    seats = len(history[0])
    holes = target - 1
    per_street = 30
    streets = max(1, math.ceil(holes / per_street))
    step = (width - 116) / (per_street + (per_street // 5 - 1) * 0.6)
    line_h = 16.0
    street_h = line_h * seats + 18
    top = 34.0
    height = top + streets * street_h + 20
    left = 86.0

    def xy(n: int, seat: int) -> tuple[float, float]:
        if n <= 0:
            return left - 1.6 * step, top + seat * line_h
        if n >= target:
            last = streets - 1
            x = left - 1.6 * step if last % 2 else left + (per_street + (per_street // 5 - 1) * 0.6 + 0.6) * step
            return x, top + last * street_h + seat * line_h
        street, pos = divmod(n - 1, per_street)
        if street % 2:
            pos = per_street - 1 - pos
        x = left + (pos + (pos // 5) * 0.6) * step
        return x, top + street * street_h + seat * line_h

    final = list(history[-1])
    back = [next((row[s] for row in reversed(history) if row[s] != final[s]), 0) for s in range(seats)]
    words = _("; ").join(_("seat {seat}: {total} (back peg {back})", seat=s, total=final[s], back=back[s])
                      for s in range(seats))
    label = escape(_("Cribbage board: {pegs}", pegs=words), quote=True)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        'style="max-width:100%;height:auto" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{label}">',
        f"<title>{escape(_('Cribbage board to {target}', target=target))}</title>"
        f"<desc>{escape(_.ngettext('Pegs after {n} deal: {pegs}.', 'Pegs after {n} deals: {pegs}.', len(history) - 1, pegs=words))}"
        "</desc>",
        f'<rect x="2" y="2" width="{width - 4:.0f}" height="{height - 4:.0f}" rx="14" fill="#d9b77e" stroke="#8a6a3a" stroke-width="2"/>',
        f'<text x="{left:.0f}" y="20" font-family="sans-serif" font-size="12" fill="#3b2a14">'
        + escape(_("Start (left); the streets of {holes} holes run as the arrows show; finish at {target}",
                   holes=per_street, target=target)) + "</text>",
    ]
    for seat in range(seats):
        colour = _PEG_COLOURS[seat % len(_PEG_COLOURS)]
        for n in range(0, target + 1):
            x, y = xy(n, seat)
            r = 3.4 if n in (0, target) else 2.4
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="#5a4327"/>')
        for score, solid in ((back[seat], False), (final[seat], True)):
            x, y = xy(min(score, target), seat)
            fill = colour if solid else "#ffffff"
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="{fill}" stroke="{colour}" stroke-width="2.2"/>')
        x0, y0 = xy(0, seat)
        parts.append(f'<text x="{x0 - 10:.1f}" y="{y0 + 4:.1f}" text-anchor="end" font-family="sans-serif" '
                     f'font-size="11" fill="{colour}">{escape(_("seat {seat}", seat=seat))}</text>')
    for n in range(5, target, 5):  # hole numbers above the first track, every fifth hole
        x, y = xy(n, 0)
        parts.append(f'<text x="{x:.1f}" y="{y - 7:.1f}" text-anchor="middle" font-family="sans-serif" '
                     f'font-size="8" fill="#3b2a14">{n}</text>')
    for street in range(streets):  # which way each street runs
        x, y = xy(street * per_street + 1, 0)  # above the street's first hole
        parts.append(f'<text x="{x:.1f}" y="{y - 6:.1f}" text-anchor="middle" font-family="sans-serif" '
                     f'font-size="12" font-weight="bold" fill="#3b2a14">{"←" if street % 2 else "→"}</text>')
    xf, yf = xy(target, 0)
    parts.append(f'<text x="{xf:.1f}" y="{yf - 9:.1f}" text-anchor="middle" font-family="sans-serif" '
                 f'font-size="10" fill="#3b2a14">{target}</text>')
    parts.append("</svg>")
    return SvgString("".join(parts))


PACK_ROWS = ((2, 7, N_("The {pack} pack ({n} cards, comet {comet}): twos to sevens")),
             (8, 13, N_("The {pack} pack ({n} cards, comet {comet}): eights to kings")))
PACK_NAMES = {"red": N_("red"), "black": N_("black")}


def pack_html(variant: Variant | str, name: str, lang: str = "en") -> str:
    """One colour pack of a two-pack game drawn in two rows of cards (twos to sevens, eights to
    kings), its comet starred and last in its row so that nothing covers it: the new comet's and
    the modern game's figures of the red and the black pack (its cards and words in ``lang``)."""
    _ = book_words(lang)
    v = resolve_variant(variant)
    pack = sorted(v.rules.pack(name), key=sort_key)
    wild = v.rules.wild_cards(name)
    comet_text = cards_symbols(wild, lang)
    # The comet goes last in its row, where no card covers its star.
    rows = [svg.hand(sorted((c for c in pack if lo <= c.rank <= hi), key=lambda c: c in wild),
                     size=44, overlap=0.5, wild_cards=wild, lang=lang,
                     label=_(text, pack=_(PACK_NAMES.get(name, name)), n=len(pack), comet=comet_text))
            for lo, hi, text in PACK_ROWS]
    return '<div class="comet-pack">' + "<br/>".join(rows) + "</div>"
