"""The analysis pages' verdicts follow their data.

* ``bookkit.verdict`` reads a comparison from an interval (above, below, or neither);
* every claim's verdict function (``bookkit.claims``) is fed data on both sides of its threshold
  and its verdict changes; "cannot be told apart" is never read as "the same";
* every claim page states its test (``bookkit.claims.Design``) before its data, in the source's
  own words, which are found in the sources;
* the pages' prose types no figure and no verdict by hand: every verdict headline is glued
  from a computation, and digits in prose are only years, claim and ambiguity ids, cards;
* in the built pages, every sentence that sets an interval beside a reference (the wording
  of ``bookkit.compare``) is re-read from its printed numbers and checked: a verdict whose
  wording and data disagree fails here.
"""

from __future__ import annotations

import html
import math
import os
import re
from pathlib import Path

import pytest

from bookkit import Estimate, claims, compare, proportion_ci, proportion_difference, verdict, verdict_of
from bookkit.claims import CONTRADICTED, SUPPORTED, UNDECIDED
from bookkit.dates import SEED_FILES
from bookkit.stats import bonferroni_level, deals_needed, level_text, p_value, within
from tests.test_dates import _seeds

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "book" / "analysis").glob("*.md"))
BUILT = ROOT / "_build" / "html" / "book" / "analysis"

NUM = r"[-−+]?\d[\d,]*(?:\.\d+)?"
PHRASE = re.compile(
    rf"(?P<value>{NUM})(?P<pct>%| points)? \((?P<level>\d+(?:\.\d+)?)% CI (?P<low>{NUM})%?(?:–| to )(?P<high>{NUM})%?, "
    rf"n = [\d,]+\): (?P<word>above|below|not distinguishable from) [^()]*?\((?P<ref>{NUM})(?:%| points)?\)"
)
"""``bookkit.compare``'s wording, e.g. "44.7% (95% CI 40.7–48.7%, n = 600): below a fair share (50.0%)",
or with a Bonferroni level, "(99.5% CI ...)", or in points, "+2.5 points (95% CI -4.0 to +9.0, n = 600):
not distinguishable from no change (+0.0 points)"."""


def _num(text: str) -> float:
    return float(text.replace(",", "").replace("−", "-").lstrip("+"))


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
    d = proportion_difference(138, 400, 146, 400)
    assert d.low < d.value < d.high and math.isclose(d.value, 138 / 400 - 146 / 400)
    assert verdict_of(d, 0.0) == "no different"
    assert verdict_of(proportion_difference(300, 400, 146, 400), 0.0) == "better"


def test_compare_wording_is_what_the_checker_reads() -> None:
    cases = [(proportion_ci(268, 600), 0.5, "below"), (proportion_ci(330, 600), 0.5, "above"),
             (proportion_ci(300, 600), 0.5, "not distinguishable from")]
    for est, ref, word in cases:
        text = compare(est, ref, "one half")
        assert f": {word} one half (50.0%)" in text and PHRASE.fullmatch(text), text
        assert check_phrases(text) == []
    mean = compare(Estimate(-1.2, -2.0, -0.4, 600), 0.0, "zero", percent=False)
    assert mean == "-1.2 (95% CI -2.0 to -0.4, n = 600): below zero (0.0)" and check_phrases(mean) == []
    points = compare(proportion_difference(300, 600, 270, 600), 0.0, "no change", points=True)
    assert points.startswith("+5.0 points (95% CI ") and points.endswith(": not distinguishable from no change "
                                                                         "(+0.0 points)"), points
    assert PHRASE.fullmatch(points) and check_phrases(points) == []
    assert check_phrases(points.replace("not distinguishable from", "above"))


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
    text = re.sub(r"^```python\n.*?^```$", "", text, flags=re.S | re.M)   # code shown to the reader
    text = re.sub(r"\{\{[^}]*\}\}", "{name}", text)                       # names and years from the data
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"\{[a-z:]+\}`[^`]*`", "{role}", text)
    text = re.sub(r"`[^`]*`", "{code}", text)
    text = re.sub(r"^\([a-z0-9-]+\)=$", "", text, flags=re.M)
    return text


ALLOWED_NUMBERS = re.compile(
    r"\bC\d+\b|\bAMB-\d+\b|\b1[6-9]\d\d\b|\b20[0-2]\d\b|\b\d+[♠♥♦♣]|\b95%|\b121\b|\bS[0-2]\b|\b1 − α"
)
"""Digits prose may show: claim and ambiguity ids, years, cards, the interval's level, the
game of 121, the source keys and the formula of the Bonferroni level (1 − α/m)."""


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


def test_every_claim_has_a_computed_verdict() -> None:
    """C1 to C15 each have a verdict glued from their verdict function (C6 and C7 share a section)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in PAGES)
    for d in claims.DESIGNS:
        key = f"{d.id.lower()}_verdict"
        assert f'glue_each("{key}"' in text and f"{{glue:text}}`{key}`" in text, key
        assert f"claims.verdict_{d.id.lower()}(" in text, f"{d.id}: its verdict is not computed by bookkit.claims"


@pytest.mark.parametrize("d", claims.DESIGNS, ids=lambda d: d.id)
def test_each_claim_states_its_test_before_its_data(d: claims.Design) -> None:
    """The design box comes first in its section: before any glued result of the claim."""
    key = d.id.lower()
    page = next(p for p in PAGES if f'glue_each("{key}_design"' in p.read_text(encoding="utf-8"))
    text = page.read_text(encoding="utf-8")
    section = text.split(f"(claim-{key})=", 1)[-1] if f"(claim-{key})=" in text else text
    box = section.index(f"```{{glue:md}} {key}_design")
    results = [m.start() for m in re.finditer(r"\{glue:(?:text|md)\}`" + key + r"_(?!design)", section)]
    results += [m.start() for m in re.finditer(r"```\{glue:md\} " + key + r"_(?!design)", section)]
    assert results and box < min(results), f"{d.id}: results shown before the test is stated"
    md = d.markdown()
    claim = "**The claim.**" if d.words else "**The claim, in our words** (no words of the source to quote"
    for part in (claim, "**Measure.**", "**Comparison and threshold.**", "**Correction.**", "**Verdict.**",
                 "**When this test was fixed.**"):
        assert part in md, (d.id, part)
    assert level_text(d.level) in md
    if d.comparisons > 1:
        assert "Bonferroni" in md
    # Each edition's box: its labels and the sentences made from the design in the edition's words (issue 47).
    for lang, measure, fixed in (("fr", "**Mesure.**", "**Quand ce test a été fixé.**"),
                                 ("ru", "**Мера.**", "**Когда эта проверка была зафиксирована.**"),
                                 ("es", "**Medida.**", "**Cuándo se fijó esta prueba.**")):
        box_in = d.markdown(lang)
        assert measure in box_in and fixed in box_in, (d.id, lang)
        assert d.id == "C4" or level_text(d.level, lang) in box_in, (d.id, lang)  # (C4: exact values, no interval)
        runs = next(line for line in box_in.splitlines() if line.startswith(("**Donnes", "**Сдачи", "**Manos")))
        assert "**Measure.**" not in box_in and " deals" not in runs and " per arm" not in runs, (d.id, lang, runs)


def test_the_claims_are_in_the_sources_words() -> None:
    seeds = _seeds()
    if seeds is None:
        pytest.skip("the project's texts (shared/seeds) are not on this machine")
    texts = {k: re.sub(r"\s+", " ", (seeds / f).read_text(encoding="utf-8")) for k, f in SEED_FILES.items()}
    for d in claims.DESIGNS:
        for key, words in d.words:
            assert re.sub(r"\s+", " ", words) in texts[key], (d.id, key, words)


# ------------------------------------------------------------------ each verdict, both sides of its threshold
def est(value: float, half: float, level: float = 0.95, n: int = 400) -> Estimate:
    return Estimate(value, value - half, value + half, n, level)


def test_bonferroni_levels_and_cost() -> None:
    assert bonferroni_level(1) == 0.95 and math.isclose(bonferroni_level(10), 0.995)
    wide = proportion_ci(60, 100, level=bonferroni_level(10))
    narrow = proportion_ci(60, 100)
    assert wide.low < narrow.low and wide.high > narrow.high and "99.5% CI" in wide.pct()
    assert deals_needed(0.03, 0.5, bonferroni_level(10)) > deals_needed(0.03, 0.5)
    # The same estimate at another level, and its p-value: the level at which its interval reaches the reference.
    assert wide == narrow.at(bonferroni_level(10))
    p = p_value(narrow, lambda e: verdict_of(e, 0.5) != "no different")
    assert verdict_of(narrow.at(1 - p * 1.01), 0.5) == "better" and verdict_of(narrow.at(1 - p * 0.99), 0.5) == "no different"


def test_within_is_an_equivalence_test() -> None:
    assert within(est(0.0, 0.05), -0.1, 0.1) == "within"
    assert within(est(0.0, 0.2), -0.1, 0.1) == "undecided"   # contains zero, yet not "the same"
    assert within(est(0.5, 0.1), -0.1, 0.1) == "outside"


def test_c1_changes_with_the_data() -> None:
    """Money decides: the first hand's net against zero; its win rate never decides (it is not even an
    argument of the verdict), and only the old comet, the 1718 text's game, is tested."""
    fair = {n: est(1 / n, 0.02) for n in claims.C1_PLAYERS}
    zero = {n: est(0.0, 1.0) for n in claims.C1_PLAYERS}
    assert claims.verdict_c1(zero).outcome == UNDECIDED
    gains = {n: est(2.0, 1.0) for n in claims.C1_PLAYERS}
    assert claims.verdict_c1(gains).outcome == SUPPORTED
    loses = {n: est(-2.0, 1.0) for n in claims.C1_PLAYERS}
    assert claims.verdict_c1(loses).outcome == CONTRADICTED
    # Across the threshold at one player count: the net's interval just below zero, then just above it.
    assert claims.verdict_c1({**zero, 4: est(0.99, 1.0)}).parts["4"] == UNDECIDED
    assert claims.verdict_c1({**zero, 4: est(1.01, 1.0)}).parts["4"] == SUPPORTED
    mixed_money = {**zero, 4: est(3.0, 1.0)}
    f = claims.verdict_c1(mixed_money)
    assert "supported with four players" in f.headline and "cannot decide with two, three and five" in f.headline
    assert claims.design("C1").comparisons == len(claims.C1_PLAYERS)
    from bookkit.judging import judge
    assert judge("C1", {f"net {n}": e for n, e in mixed_money.items()}) == f
    # The alt text says what the figure shows (the win rates) and the verdict money gave.
    alt = claims.c1_alt({**fair, 4: est(0.30, 0.02)}, f)
    assert "above its fair share with four players" in alt
    assert "not distinguishable from its fair share with two, three and five players" in alt
    assert f.headline in alt


def test_c2_changes_with_the_data() -> None:
    def diffs(v: float) -> dict[str, dict[int, Estimate]]:
        return {m: {n: est(v, 0.01) for n in (3, 4, 5)} for m in ("a", "b")}
    assert claims.verdict_c2(diffs(-0.1)).outcome == SUPPORTED
    assert claims.verdict_c2(diffs(0.1)).outcome == CONTRADICTED
    assert claims.verdict_c2(diffs(0.0)).outcome == UNDECIDED


def test_c3_changes_with_the_data() -> None:
    assert claims.verdict_c3({n: est(0.02, 0.01) for n in (3, 4, 5)}).outcome == SUPPORTED
    assert claims.verdict_c3({3: est(0.02, 0.01), 4: est(-0.02, 0.01), 5: est(0, 0.01)}).outcome == CONTRADICTED
    assert claims.verdict_c3({n: est(0.0, 0.01) for n in (3, 4, 5)}).outcome == UNDECIDED


def test_c4_changes_at_its_threshold() -> None:
    t = claims.C4_JACKPOT
    assert claims.verdict_c4({2: t - 0.01, 3: 1.0}).outcome == CONTRADICTED
    assert claims.verdict_c4({2: t + 0.01, 3: 1.0}).outcome == SUPPORTED


def test_c5_changes_with_the_data() -> None:
    """The newcomer minus an expert in the same seat (paired by deal), through the manille."""
    assert claims.verdict_c5(est(-4, 1), est(-10, 3)).outcome == SUPPORTED
    assert claims.verdict_c5(est(4, 1), est(-10, 3)).outcome == CONTRADICTED
    assert claims.verdict_c5(est(0, 1), est(-10, 3)).outcome == UNDECIDED


def test_c6_and_c7_change_with_the_data() -> None:
    others = {"highest": est(5, 2), "aces-first": est(0, 2), "lowest": est(-5, 2)}
    assert claims.verdict_c6({**others, "random": est(5, 2)}).outcome == SUPPORTED
    assert claims.verdict_c6({**others, "random": est(-5, 2)}).outcome == CONTRADICTED
    f = claims.verdict_c6({**others, "random": est(0, 2)})
    assert f.outcome == UNDECIDED and "loses to leading the lowest card" in f.headline
    assert claims.verdict_c7(est(3, 1), est(3, 1)).outcome == SUPPORTED
    assert claims.verdict_c7(est(-3, 1), est(-3, 1)).outcome == CONTRADICTED
    assert claims.verdict_c7(est(0, 1), est(0, 1)).outcome == UNDECIDED
    # The case: a money result that cannot be told from zero is not "aces early" confirmed.
    assert claims.verdict_c7(est(2.3, 2.8), est(-9.6, 3)).parts["aces"] == "undecided"


def test_c8_changes_with_the_data() -> None:
    assert claims.verdict_c8(est(15, 7)).outcome == SUPPORTED
    assert claims.verdict_c8(est(-15, 7)).outcome == CONTRADICTED
    assert claims.verdict_c8(est(0, 7)).outcome == UNDECIDED


def test_c9_changes_at_its_thresholds() -> None:
    assert claims.verdict_c9(est(claims.C9_COMMON + 0.05, 0.02)).outcome == "common"
    assert claims.verdict_c9(est(claims.C9_COMMON - 0.05, 0.02)).outcome == "neither"
    assert claims.verdict_c9(est(claims.C9_RARE - 0.05, 0.02)).outcome == "rare"
    assert claims.verdict_c9(est(claims.C9_COMMON, 0.02)).outcome == UNDECIDED


def test_c10_needs_the_margin_not_just_zero() -> None:
    margins = {"a": 0.1, "b": 0.1}
    assert claims.verdict_c10({"a": est(0, 0.05), "b": est(0.02, 0.05)}, margins=margins).outcome == SUPPORTED
    assert claims.verdict_c10({"a": est(0, 0.05), "b": est(0.5, 0.05)}, margins=margins).outcome == CONTRADICTED
    # Both intervals contain zero, but one reaches past the margin: not "the same".
    f = claims.verdict_c10({"a": est(0, 0.05), "b": est(0, 0.3)}, margins=margins)
    assert f.outcome == UNDECIDED and "same" not in f.headline.split(":")[0]
    # Across the margin's edge: an interval ending just inside, then just outside.
    assert claims.verdict_c10({"a": est(0.04, 0.05), "b": est(0, 0.05)}, margins=margins).outcome == SUPPORTED
    assert claims.verdict_c10({"a": est(0.06, 0.05), "b": est(0, 0.05)}, margins=margins).outcome == UNDECIDED
    # The arms must differ by the rules compared: identical play in every deal voids the test.
    same = {"a": est(0, 0.05), "b": est(0.02, 0.05)}
    assert claims.verdict_c10(same, 0.9, margins).outcome == SUPPORTED
    assert claims.verdict_c10(same, 1.0, margins).outcome == "void"


def test_c10_margins_come_from_the_design_not_the_data() -> None:
    """Issue 46, item 1: the margins are numbers of the design; the page passes none, and what it
    records beside its comparisons cannot move them."""
    from bookkit.judging import judge

    d = claims.design("C10")
    assert d.comparisons == len(claims.C10_MARGINS) and all(m > 0 for m in claims.C10_MARGINS.values())
    for name, m in claims.C10_MARGINS.items():
        assert f"±{m:g}" in d.comparison and claims.rule_of("C10", name) == ("margin", m)
    tests = {name: est(0.0, 0.9 * m) for name, m in claims.C10_MARGINS.items()}
    assert judge("C10", tests).outcome == SUPPORTED
    assert judge("C10", tests, {"margins": {name: 100.0 for name in tests}}).outcome == SUPPORTED
    wide = {name: est(0.0, 1.1 * m) for name, m in claims.C10_MARGINS.items()}
    assert judge("C10", wide, {"margins": {name: 100.0 for name in tests}}).outcome == UNDECIDED
    # The comet's share, which the cards decide, is no longer a comparison.
    assert not any("comet" in name for name in claims.C10_MARGINS)


def test_a_comparison_that_cannot_differ_is_refused(tmp_path: Path) -> None:
    """Issue 46, item 1: a paired difference with no spread (the same value in both arms in every pair,
    as C10's comet share had) would enter Holm with p = 0; the claim set refuses it."""
    from bookkit import claimset, paired_ci

    level = claims.design("C13").level
    flat = paired_ci([1.0] * 50, [1.0] * 50, level=level)
    assert flat.low == flat.high
    with pytest.raises(ValueError, match="zero width"):
        claimset.record("C13", {"mean": flat}, directory=tmp_path)
    assert not (tmp_path / "C13.json").exists()
    varied = paired_ci([1.0, 2.0] * 25, [1.5] * 50, level=level)
    claimset.record("C13", {"mean": varied}, directory=tmp_path)
    assert (tmp_path / "C13.json").exists()


def test_c11_changes_at_its_threshold() -> None:
    """The design can contradict "mostly luck" (the greedy player wins most deals even so) but never
    support it: below the threshold is "not contradicted", an undecided verdict."""
    t = claims.C11_MOSTLY
    assert claims.verdict_c11({"g": est(t - 0.1, 0.05), "h": est(0.5, 0.05)}).outcome == UNDECIDED
    assert claims.verdict_c11({"g": est(t + 0.1, 0.05), "h": est(t + 0.2, 0.05)}).outcome == CONTRADICTED
    assert claims.verdict_c11({"g": est(t, 0.05), "h": est(t, 0.05)}).outcome == UNDECIDED
    assert claims.verdict_c11({"g": est(t + 0.049, 0.05)}).outcome == UNDECIDED
    assert claims.verdict_c11({"g": est(t + 0.051, 0.05)}).outcome == CONTRADICTED
    f = claims.verdict_c11({"g": est(0.65, 0.05)})
    assert f.outcome != SUPPORTED and "cannot support" in f.headline
    assert "wholly below 75% in g" in claims.c11_alt({"g": est(0.65, 0.05)}, f)
    assert claims.verdict_c11({"g": est(t + 0.1, 0.05), "h": est(0.5, 0.05)}).outcome == "partial"


def test_c12_changes_with_the_data() -> None:
    more = {"second": est(0.05, 0.02), "third": est(0.05, 0.02)}
    assert claims.verdict_c12(est(0.05, 0.02), more).outcome == SUPPORTED
    assert claims.verdict_c12(est(-0.05, 0.02), more).outcome == CONTRADICTED
    assert claims.verdict_c12(est(0.0, 0.02), more).outcome == UNDECIDED


def test_c13_changes_at_its_threshold() -> None:
    t = claims.C13_EVENING
    assert claims.verdict_c13(est(t - 3, 1)).outcome == SUPPORTED
    assert claims.verdict_c13(est(t + 3, 1)).outcome == CONTRADICTED
    assert claims.verdict_c13(est(t, 1)).outcome == UNDECIDED


def test_c14_changes_with_the_data() -> None:
    assert claims.verdict_c14(est(0.8, 0.05), est(0.1, 0.3)).outcome == SUPPORTED
    assert claims.verdict_c14(est(-0.8, 0.05), est(0.1, 0.3)).outcome == CONTRADICTED
    assert claims.verdict_c14(est(0.0, 0.05), est(0.1, 0.3)).outcome == UNDECIDED


def test_c15_changes_at_its_threshold() -> None:
    t = claims.C15_SHARE
    assert claims.verdict_c15(est(t + 0.05, 0.02)).outcome == SUPPORTED
    assert claims.verdict_c15(est(t - 0.05, 0.02)).outcome == CONTRADICTED
    assert claims.verdict_c15(est(t, 0.02)).outcome == UNDECIDED
    assert claims.verdict_c15_cause(est(0.04, 0.02)).outcome == SUPPORTED
    assert claims.verdict_c15_cause(est(-0.04, 0.02)).outcome == CONTRADICTED
    assert claims.verdict_c15_cause(est(0.0, 0.02)).outcome == UNDECIDED


def test_no_headline_turns_undecided_into_the_same() -> None:
    """An undecided verdict never says "the same", "no different" or "confirmed"."""
    cases = [claims.verdict_c1({2: est(0, 1)}), claims.verdict_c3({3: est(0, 0.1)}),
             claims.verdict_c10({"a": est(0, 0.3)}, margins={"a": 0.1}), claims.verdict_c13(est(20, 1)),
             claims.verdict_c15(est(0.25, 0.1))]
    for f in cases:
        assert f.outcome == UNDECIDED
        assert not re.search(r"\bthe same\b|no different|confirmed", f.headline), f.headline


# ------------------------------------------------------------------ the built pages
def _built_text(name: str) -> str:
    path = BUILT / f"{name}.html"
    if not path.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing (CI=true): `make book` runs before the tests")
        pytest.skip("the book is not built (make book)")
    body = re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))
    return re.sub(r"\s+", " ", html.unescape(body))


@pytest.mark.built
@pytest.mark.parametrize("name,least", [("who-wins", 20), ("the-comet", 3), ("shape", 3)])
def test_built_verdicts_agree_with_their_intervals(name: str, least: int) -> None:
    text = _built_text(name)
    found = PHRASE.findall(text)
    assert len(found) >= least, f"{name}: only {len(found)} interval comparisons found"
    assert check_phrases(text) == []


MARGIN = re.compile(
    rf"(?P<value>[-+−]?\d[\d,]*(?:\.\d+)?)(?: points)? \((?P<level>\d+(?:\.\d+)?)% CI (?P<low>[-+−]?\d[\d,]*(?:\.\d+)?) to "
    rf"(?P<high>[-+−]?\d[\d,]*(?:\.\d+)?)(?:, n = [\d,]+)?\), margin ±(?P<margin>{NUM})(?: points)?: "
    r"(?P<word>within the margin|outside the margin|the data cannot decide)"
)
"""C10's wording: a difference, its interval and its margin, read as an equivalence test."""


def check_margins(text: str) -> list[str]:
    bad = []
    for m in MARGIN.finditer(text):
        low, high, margin = _num(m["low"].lstrip("+")), _num(m["high"].lstrip("+")), _num(m["margin"])
        word = {"within the margin": "within", "outside the margin": "outside", "the data cannot decide": "undecided"}
        expected = within(Estimate(0.0, low, high, 1), -margin, margin) if low <= high else "?"
        if expected != word[m["word"]]:
            bad.append(m.group(0))
    return bad


def test_the_margin_checker_catches_a_wrong_sameness() -> None:
    wrong = "0.47 (98.8% CI -0.04 to 0.99, n = 400), margin ±0.32: within the margin"
    assert check_margins(wrong) == [wrong]
    assert check_margins(wrong.replace("within the margin", "the data cannot decide")) == []


@pytest.mark.built
def test_built_sameness_agrees_with_its_margins() -> None:
    text = _built_text("shape")
    assert len(MARGIN.findall(text)) == len(claims.C10_MARGINS), "C10's differences and margins are not all on the page"
    assert check_margins(text) == []
