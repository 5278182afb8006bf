"""How the analysis pages write a statistic in each edition's language (issue 47): levels, numbers,
percentages and sample sizes by locale, and the sentences of an estimate with its interval
(:class:`bookkit.stats.Estimate`). English prints exactly as the book always did."""

from __future__ import annotations

import math

from comet_render.i18n import NUMBERS, N_, number

__all__ = ["level_text", "number_text", "percent_text", "PCT_TEXT", "NUM_TEXT", "POINTS_TEXT", "POINTS_WORD"]


def level_text(level: float, lang: str = "en") -> str:
    """``0.95`` -> ``"95%"``, ``0.99375`` -> ``"99.4%"``: a level as the pages print it; in ``lang``,
    as it writes a percentage (``"95\u00a0%"``, ``"99,4\u00a0%"``)."""
    text = f"{100 * level:.1f}"
    if lang == "en":
        return (text[:-2] if text.endswith(".0") else text) + "%"
    shown = number(100 * level, lang, places=0 if text.endswith(".0") else 1)
    return NUMBERS.get(lang, NUMBERS["en"])[2].format(n=shown)


PCT_TEXT = N_("{value} ({level} CI {low}–{high}, n = {n})")
"""A share with its interval (:meth:`Estimate.pct`): the value and the high end carry their percent sign."""
NUM_TEXT = N_("{value} ({level} CI {low} to {high}, n = {n})")
"""A number with its interval (:meth:`Estimate.num`)."""
POINTS_TEXT = N_("{value} points ({level} CI {low} to {high}, n = {n})")
"""A difference of shares in percentage points, with its interval (:meth:`Estimate.points`)."""
POINTS_WORD = N_("{value} points")
"""A number of percentage points (:func:`compare`'s reference)."""


def number_text(value: float, lang: str, digits: int, signed: bool = False) -> str:
    """``value`` with ``digits`` places as ``lang`` writes it; English as the book always printed it
    (an ASCII minus), the others with ``comet_render.i18n.number`` (their minus sign, decimal comma)."""
    if lang == "en":
        return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    return "nan" if math.isnan(value) else number(value, lang, places=digits, signed=signed)


def percent_text(value: float, lang: str, digits: int = 1) -> str:
    """A percentage (``value`` in percent) with its sign as ``lang`` writes it: ``44.7%``, ``44,7\u00a0%``."""
    return NUMBERS.get(lang, NUMBERS["en"])[2].format(n=number_text(value, lang, digits))


def _count(n: int, lang: str) -> str:
    """A sample size: ``2,000``, ``2\u202f000``, ``2\u00a0000``, ``2000`` (Spanish groups from 10,000)."""
    if lang == "en":
        return f"{n:,}"
    return number(n, lang)
