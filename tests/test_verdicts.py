"""The analysis pages' verdicts follow their data.

* ``bookkit.verdict`` reads a comparison from an interval (above, below, or neither);
* the pages' prose types no figure and no verdict by hand: every verdict headline is glued
  from a computation, and digits in prose are only years, claim and ambiguity ids, cards;
* in the built pages, every sentence that sets an interval beside a reference (the wording
  of ``bookkit.compare``) is re-read from its printed numbers and checked: a verdict whose
  wording and data disagree fails here.
"""

from __future__ import annotations

import html
import math
import re
from pathlib import Path

import pytest

from bookkit import Estimate, compare, difference, proportion_ci, verdict, verdict_of

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "book" / "analysis").glob("*.md"))
BUILT = ROOT / "_build" / "html" / "book" / "analysis"

NUM = r"[-−]?\d[\d,]*(?:\.\d+)?"
PHRASE = re.compile(
    rf"(?P<value>{NUM})(?P<pct>%?) \(95% CI (?P<low>{NUM})%?(?:–| to )(?P<high>{NUM})%?, n = [\d,]+\): "
    rf"(?P<word>above|below|not distinguishable from) [^()]*?\((?P<ref>{NUM})%?\)"
)
"""``bookkit.compare``'s wording, e.g. "44.7% (95% CI 40.7–48.7%, n = 600): below a fair share (50.0%)"."""


def _num(text: str) -> float:
    return float(text.replace(",", "").replace("−", "-"))


def check_phrases(text: str) -> list[str]:
    """Every compare-phrase in ``text`` whose word disagrees with its printed interval and
    reference (a tie of the rounded figures is allowed either way)."""
    bad = []
    for m in PHRASE.finditer(text):
        low, high, ref, word = _num(m["low"]), _num(m["high"]), _num(m["ref"]), m["word"]
        ok = {"above": low >= ref, "below": high <= ref, "not distinguishable from": low <= ref <= high}[word]
        if not ok or not low <= _num(m["value"]) <= high:
            bad.append(m.group(0))
    return bad


# ------------------------------------------------------------------ verdict()
def test_verdict_reads_the_interval() -> None:
    assert verdict(0.407, 0.487, 0.5) == "worse"  # C1: the modern eldest, 44.7% (40.7–48.7)
    assert verdict(0.52, 0.60, 0.5) == "better"
    assert verdict(0.44, 0.52, 0.5) == "no different"  # C11: Commit 1857 near one half
    assert verdict(0.5, 0.6, 0.5) == "no different"  # touching the reference is not beyond it
    with pytest.raises(ValueError, match="low to its high"):
        verdict(0.6, 0.4, 0.5)
    with pytest.raises(ValueError):
        verdict(math.nan, 0.4, 0.5)


def test_verdict_of_a_difference() -> None:
    """C12: the first hand 34.5% without the exchange against 36.5% for the third seat is no
    evidence of an edge either way with a few hundred deals."""
    a, b = proportion_ci(138, 400), proportion_ci(146, 400)
    d = difference(a, b)
    assert d.low < d.value < d.high and math.isclose(d.value, a.value - b.value)
    assert verdict_of(d, 0.0) == "no different"
    assert verdict_of(difference(proportion_ci(300, 400), b), 0.0) == "better"


def test_compare_wording_is_what_the_checker_reads() -> None:
    cases = [(proportion_ci(268, 600), 0.5, "below"), (proportion_ci(330, 600), 0.5, "above"),
             (proportion_ci(300, 600), 0.5, "not distinguishable from")]
    for est, ref, word in cases:
        text = compare(est, ref, "one half")
        assert f": {word} one half (50.0%)" in text and PHRASE.fullmatch(text), text
        assert check_phrases(text) == []
    mean = compare(Estimate(-1.2, -2.0, -0.4, 600), 0.0, "zero", percent=False)
    assert mean == "-1.2 (95% CI -2.0 to -0.4, n = 600): below zero (0.0)" and check_phrases(mean) == []


def test_the_checker_catches_a_wrong_verdict() -> None:
    """The drift issue 12 found: 44.7% (40.7–48.7) read as "no better" than one half."""
    wrong = "44.7% (95% CI 40.7–48.7%, n = 600): not distinguishable from one half (50.0%)"
    assert check_phrases(wrong) == [wrong]
    assert check_phrases(wrong.replace("not distinguishable from", "above"))
    assert check_phrases("-1.2 (95% CI -2.0 to -0.4, n = 600): above zero (0.0)")


# ------------------------------------------------------------------ the pages' sources
def _prose(path: Path) -> str:
    """A page's prose: no front matter, code cells, directives' bodies, roles or labels."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"\{[a-z:]+\}`[^`]*`", "{role}", text)
    text = re.sub(r"`[^`]*`", "{code}", text)
    text = re.sub(r"^\([a-z0-9-]+\)=$", "", text, flags=re.M)
    return text


ALLOWED_NUMBERS = re.compile(
    r"\bC\d+\b|\bAMB-\d+\b|\b1[6-9]\d\d\b|\b20[0-2]\d\b|\b\d+[♠♥♦♣]|\b95%|\b121\b|\bS[0-2]\b"
)
"""Digits prose may show: claim and ambiguity ids, years, cards, the interval's level, the
game of 121 and the source keys."""


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_prose_types_no_figures(page: Path) -> None:
    prose = _prose(page)
    if page.stem == "index":  # the reading note's worked example of the wording
        prose = prose.replace('"44.7% (95% CI 40.7–48.7%, n = 600)"', "")
    prose = ALLOWED_NUMBERS.sub("", prose)
    typed = re.findall(r"[^\n]{0,30}\d[^\n]{0,30}", prose)
    assert not typed, f"{page.name}: figures typed by hand (glue them from the computation): {typed}"


@pytest.mark.parametrize("page", [p for p in PAGES if p.stem != "index"], ids=lambda p: p.stem)
def test_every_verdict_is_glued(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    headlines = re.findall(r"\*\*Verdict[^*]*\*\*", text)
    assert headlines, page.name
    for h in headlines:
        assert re.fullmatch(r"\*\*Verdict(?: on C\d+)?: \{glue:text\}`[a-z0-9_]+`\.\*\*", h), (
            f"{page.name}: verdict typed by hand, not computed: {h}")


def test_claims_of_issue_18_are_covered() -> None:
    """C1, C5, C9, C11, C12 and C15 have computed verdicts (issue 18, point 2)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in PAGES)
    for key in ("c1_verdict", "c1_modern_plain", "c5_verdict", "c9_verdict", "c11_verdict", "c12_verdict",
                "c15_verdict"):
        assert f'glue("{key}"' in text and f"{{glue:text}}`{key}`" in text, key


# ------------------------------------------------------------------ the built pages
def _built_text(name: str) -> str:
    path = BUILT / f"{name}.html"
    if not path.is_file():
        pytest.skip("the book is not built (make book)")
    body = re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))
    return re.sub(r"\s+", " ", html.unescape(body))


@pytest.mark.parametrize("name,least", [("who-wins", 20), ("the-comet", 5), ("shape", 4)])
def test_built_verdicts_agree_with_their_intervals(name: str, least: int) -> None:
    text = _built_text(name)
    found = PHRASE.findall(text)
    assert len(found) >= least, f"{name}: only {len(found)} interval comparisons found"
    assert check_phrases(text) == []
