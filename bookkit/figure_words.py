"""The analysis figures' alt text in each edition's language (issue 47).

The English alt text of the C1 and C11 figures is :func:`bookkit.claims.c1_alt`'s and
:func:`bookkit.claims.c11_alt`'s, which the claims' fingerprints cover (:data:`bookkit.judging.VERDICT_CODE`),
so they stay as they are; the other editions write the same reading, from the same intervals and the
same verdict, in the book catalogs' words (:func:`comet_render.i18n.book_words`).
"""

from __future__ import annotations

from typing import Mapping

from bookkit import claims
from bookkit.claims import Finding
from bookkit.markdown import and_list
from bookkit.names import in_text
from bookkit.stats import Estimate, verdict_of
from bookkit.verdict_words import semicolons, verdict_text
from comet_render.i18n import book_words, number, percent, words

__all__ = ["c1_alt", "c11_alt"]


def c1_alt(first: Mapping[int, Estimate], finding: Finding, lang: str = "en") -> str:
    """The C1 figure's alt text in ``lang``: the first hand's share of the deals against its fair share at
    each player count (``first``), and the verdict, which money decides (``finding``)."""
    if lang == "en":
        return claims.c1_alt(first, finding)
    _ = book_words(lang)
    counts: dict[str, list[str]] = {"better": [], "worse": [], "no different": []}
    for n, est in first.items():
        counts[verdict_of(est, 1 / n)].append(number(n, lang))
    said = {"better": _("above its fair share with {players}"), "worse": _("below its fair share with {players}"),
            "no different": _("not distinguishable from its fair share with {players}")}
    bits = [said[side].format(players=and_list(ns, lang=lang)) for side, ns in counts.items() if ns]
    return _("Share of deals won by each position in the old comet, {low} to {high} players, greedy players, with "
             "Bonferroni intervals and a dotted line at the fair share. The first hand's share is {bits}. The "
             "verdict, which its money decides: {verdict}.", low=number(min(first), lang), high=number(max(first), lang),
             bits=and_list(bits, lang=lang), verdict=verdict_text(finding.headline, lang))


def c11_alt(shares: Mapping[str, Estimate], finding: Finding, lang: str = "en") -> str:
    """The C11 figure's alt text in ``lang``: where each game's interval of the greedy player's share lies
    against :data:`bookkit.claims.C11_MOSTLY` (``shares``, by the game's English name), and the verdict."""
    if lang == "en":
        return claims.c11_alt(shares, finding)
    _ = book_words(lang)
    mostly = percent(claims.C11_MOSTLY, lang)
    games: dict[str, list[str]] = {"worse": [], "better": [], "no different": []}
    for game, est in shares.items():
        games[verdict_of(est, claims.C11_MOSTLY)].append(in_text(words(lang)(game), game, lang))
    where = {"worse": _("wholly below {mostly} in {games}"), "better": _("wholly above {mostly} in {games}"),
             "no different": _("across {mostly} in {games}")}
    bits = [where[side].format(mostly=mostly, games=and_list(names, lang=lang)) for side, names in games.items() if names]
    return _("Bar chart of the greedy player's share of two-handed deals won against a random player in {n} games, "
             "with Bonferroni intervals and lines at one half and at {mostly}. The interval lies {bits}. The verdict: "
             "{verdict}.", n=number(len(shares), lang), mostly=mostly, bits=semicolons(bits, lang),
             verdict=verdict_text(finding.headline, lang))
