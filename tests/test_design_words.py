"""The design boxes' own words and their history entries in the editions' languages (issue 47,
:mod:`bookkit.design_words`): every design's words and every entry of the record read back against a
template or a message of the catalogs, so each edition translates them whole; the English text is left
as it is (the fingerprints and the record's hashes cover it), and the numbers of a translation are the
English text's, as the edition writes numbers."""

from __future__ import annotations

import re

import pytest

from bookkit.design_words import TEMPLATES, design_text, reads_back
from bookkit.designs import DESIGNS, design
from bookkit.history import ENTRIES, history_markdown
from comet_render.i18n import number

FIELDS = ("translation", "measure", "comparison", "decides", "note")
TEXTS = sorted({t for d in DESIGNS for t in (getattr(d, f) for f in FIELDS) if t}
               | {t for e in ENTRIES for t in (e.change, e.earlier) if t})
LANGS = ("fr", "ru", "es")


def test_every_template_is_used() -> None:
    """A template no design's words and no entry match is a leftover (its text was changed or removed)."""
    for template in TEMPLATES:
        assert any(reads_back(t) and template.split("{")[0] in t for t in TEXTS), template


@pytest.mark.parametrize("lang", LANGS)
def test_every_design_and_entry_is_translated(lang: str) -> None:
    left = [t for t in TEXTS if design_text(t, lang) == t]
    assert not left, f"{lang}: {len(left)} texts left in English, e.g. {left[0]!r}"
    assert all(design_text(t, "en") == t for t in TEXTS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_numbers_are_the_english_texts(lang: str) -> None:
    """The thresholds a design states, in the edition's notation (a translation types no number)."""
    c10 = design_text(design("C10").comparison, lang)
    for margin in (3.0, 0.7, 0.3):
        assert re.search(rf"±{re.escape(number(margin, lang, places=0 if margin == 3 else 1))}\b", c10), (lang, c10)
    assert "2026-12-06" in c10
    c1 = design_text(design("C1").measure, lang)
    assert all(number(n, lang) in c1 for n in (2, 3, 4, 5)), c1
    assert "two" not in c1 and "players" not in c1
    c3 = design_text(next(e.change for e in ENTRIES if e.claim == "C3" and "2,000" in e.change), lang)
    assert number(2000, lang) in c3 and number(1200, lang) in c3


@pytest.mark.parametrize("lang", LANGS)
def test_a_box_keeps_its_code_and_citations(lang: str) -> None:
    box = design("C7").markdown(lang)
    assert "{cite:p}`enc`" in box
    assert "`fee832c`" in history_markdown("C7", lang)


def test_a_text_no_template_reads_is_left_as_it_is() -> None:
    assert not reads_back("a design that nobody wrote")
    assert design_text("a design that nobody wrote", "fr") == "a design that nobody wrote"
