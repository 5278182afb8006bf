"""The claims' verdicts in the editions' languages (issue 47, :mod:`bookkit.verdict_words`): every
headline a verdict function can write reads back against a template, so each edition translates it
whole; the English headline is left as it is (its claim's fingerprint covers it)."""

from __future__ import annotations

from itertools import product

import pytest

from bookkit import Estimate, claims
from bookkit.judging import judge
from bookkit.markdown import and_list
from bookkit.verdict_words import TEMPLATES, reads_back, verdict_text
from comet_render.i18n import book_words


def est(value: float, half: float = 0.05) -> Estimate:
    return Estimate(value, value - half, value + half, 400, 0.95)


def sides(ref: float) -> tuple[Estimate, Estimate, Estimate]:
    """An interval wholly above ``ref``, one wholly below, one across it."""
    return est(ref + 0.5), est(ref - 0.5), est(ref)


def every_headline() -> set[str]:
    """The headline of every outcome of every claim: each comparison above, below and across its reference."""
    found: list[claims.Finding] = []
    ns = (2, 3, 4)
    for es in product(sides(0.0), repeat=3):
        pay = dict(zip(ns, es))
        found += [claims.verdict_c1(pay), claims.verdict_c3(pay),
                  claims.verdict_c2({"choices": pay, "options": pay}),
                  claims.verdict_c6(dict(zip(("random", "highest", "lowest"), es))),
                  claims.verdict_c5(es[0], es[1]), claims.verdict_c7(es[0], es[1]), claims.verdict_c14(es[0], es[1]),
                  claims.verdict_c12(es[0], {"second": es[1], "third": es[2]})]
    for e in sides(0.0):
        found += [claims.verdict_c8(e), claims.verdict_c15_cause(e)]
    found += [claims.verdict_c4({2: 9.0, 3: 1.0}), claims.verdict_c4({2: 1.0})]
    found += [judge("C9", {str(n): est(v, h) for n, (v, h) in zip(ns, ((0.9, 0.01), (0.01, 0.005), (0.35, 0.01)))}),
              judge("C9", {"2": est(0.5, 0.5)})]
    m = claims.C10_MARGINS
    for es in product((est(0.0, 0.01), est(100.0, 0.01), est(0.0, 100.0)), repeat=len(m)):
        found.append(claims.verdict_c10(dict(zip(m, es))))
    found.append(claims.verdict_c10({k: est(0.0) for k in m}, identical=1.0))
    t = claims.C11_MOSTLY
    for es in product((est(t + 0.2), est(t - 0.2)), repeat=3):
        found.append(claims.verdict_c11(dict(zip(("Manille (1718)", "Comet (1752)", "Modern comet"), es))))
    for e in (est(10.0), est(100.0), est(claims.C13_EVENING, 5.0)):
        found.append(claims.verdict_c13(e))
    for e, x in product(sides(claims.C15_SHARE), sides(0.0)):
        found.append(judge("C15", {"manille": e, "cause": x}))
    return {f.headline for f in found}


HEADLINES = sorted(every_headline())


def test_every_outcome_is_found() -> None:
    """The generator above reaches each clause template (so a headline no data can reach is no template)."""
    english = "; ".join(HEADLINES)
    for template in TEMPLATES:
        lead = template.split("{")[0]
        assert lead in english, f"no headline found reaches {template!r}"


@pytest.mark.parametrize("headline", HEADLINES)
def test_each_headline_reads_back(headline: str) -> None:
    assert reads_back(headline), headline
    assert verdict_text(headline, "en") == headline


@pytest.mark.parametrize("lang", ["fr", "ru", "es"])
def test_each_headline_is_translated(lang: str) -> None:
    """No English word of a template is left, and each count is written as the language writes numbers."""
    _ = book_words(lang)
    for headline in HEADLINES:
        text = verdict_text(headline, lang)
        assert text != headline
        for word in ("supported", "contradicted", "cannot decide", "players", "leading", "margin", "games"):
            assert word not in text, (lang, headline, text)
    c1 = verdict_text(claims.verdict_c1({2: est(0.5), 3: est(-0.5), 4: est(-0.5)}).headline, lang)
    assert and_list(["3", "4"], lang=lang) in c1
    assert _("supported") in c1 and _("contradicted") in c1


def test_a_headline_no_template_reads_is_not_read() -> None:
    assert not reads_back("supported: something new")
    assert verdict_text("supported: something new", "fr") == "supported: something new"
