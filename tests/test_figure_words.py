"""The analysis figures' alt text in each edition's language (``bookkit.figure_words``, issue 47): the
English is :mod:`bookkit.claims`'s, word for word; the other editions say the same reading, from the
same intervals and the same verdict, with no English left."""

from __future__ import annotations

import pytest

import comet
from bookkit import claims, figure_words
from bookkit.stats import Estimate
from bookkit.verdict_words import verdict_text
from comet_render.i18n import number, percent
from test_learn_i18n import english_left

FIRST = {2: Estimate(0.52, 0.46, 0.58, 500), 3: Estimate(0.36, 0.31, 0.41, 500),
         4: Estimate(0.23, 0.19, 0.27, 500), 5: Estimate(0.21, 0.17, 0.25, 500)}
"""The first hand's share: above its fair share with two and three players, across it with four and five."""
PAY = {2: Estimate(0.5, -2.1, 3.1, 500), 3: Estimate(2.7, -0.9, 6.3, 500), 4: Estimate(4.3, 0.4, 9.0, 500),
       5: Estimate(3.0, -1.0, 7.0, 500)}
GAMES = [comet.VARIANTS[vid].name for vid in list(comet.VARIANTS)[:3]]
SHARES = {GAMES[0]: Estimate(0.6, 0.5, 0.7, 300), GAMES[1]: Estimate(0.9, 0.8, 0.95, 300),
          GAMES[2]: Estimate(0.74, 0.7, 0.78, 300)}
"""Wholly below three in four, wholly above it, and across it."""


def test_the_english_alt_text_is_the_claims_own() -> None:
    f1, f11 = claims.verdict_c1(PAY), claims.verdict_c11(SHARES)
    assert figure_words.c1_alt(FIRST, f1) == claims.c1_alt(FIRST, f1)
    assert figure_words.c11_alt(SHARES, f11, "en") == claims.c11_alt(SHARES, f11)


@pytest.mark.parametrize("lang", ["fr", "ru", "es"])
def test_each_edition_says_the_same_reading_in_its_words(lang: str) -> None:
    f1, f11 = claims.verdict_c1(PAY), claims.verdict_c11(SHARES)
    c1 = figure_words.c1_alt(FIRST, f1, lang)
    assert verdict_text(f1.headline, lang) in c1 and number(2, lang) in c1 and number(5, lang) in c1
    assert not english_left(c1, lang), (lang, english_left(c1, lang), c1)
    c11 = figure_words.c11_alt(SHARES, f11, lang)
    assert verdict_text(f11.headline, lang) in c11 and percent(claims.C11_MOSTLY, lang) in c11
    assert c11.count(percent(claims.C11_MOSTLY, lang)) == 4, c11  # (the line, and each of the three sides)
    assert not english_left(c11, lang), (lang, english_left(c11, lang), c11)
    assert c1 != claims.c1_alt(FIRST, f1) and c11 != claims.c11_alt(SHARES, f11)
