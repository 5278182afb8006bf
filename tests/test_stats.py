"""The analysis statistics come from statsmodels and scipy.stats (issue 38, item 6), and agree with
hand-computed and published worked examples."""

from __future__ import annotations

import math
from statistics import NormalDist

import pytest

from bookkit import claims
from bookkit.claimset import Record, family
from bookkit.stats import (bonferroni_level, clustered_mean, deals_needed, mean_ci, mean_difference, p_value, paired_ci,
                           proportion_ci, proportion_difference, verdict_of)

# Student's sleep data (Cushny and Peebles, as in R's `sleep`): extra hours of sleep with two drugs,
# the same ten patients. R: t.test(extra ~ group, paired = TRUE) gives a mean difference of -1.58,
# 95% CI -2.4598858 to -0.7001142, t = -4.0621, df = 9, p = 0.002833.
SLEEP_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
SLEEP_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]


def test_paired_t_matches_the_published_example() -> None:
    d = paired_ci(SLEEP_1, SLEEP_2)
    assert math.isclose(d.value, -1.58, abs_tol=1e-12)
    assert math.isclose(d.low, -2.4598858, abs_tol=1e-6) and math.isclose(d.high, -0.7001142, abs_tol=1e-6)
    assert math.isclose(p_value(d, lambda e: verdict_of(e, 0.0) != "no different"), 0.002833, abs_tol=2e-6)


def test_wilson_matches_the_hand_formula_and_newcombes_example() -> None:
    # By hand: Wilson's score interval, centre (p + z²/2n) / (1 + z²/n).
    z = NormalDist().inv_cdf(0.975)
    for k, n in ((50, 100), (3, 40), (81, 263)):
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        e = proportion_ci(k, n)
        assert math.isclose(e.low, centre - half, abs_tol=1e-12) and math.isclose(e.high, centre + half, abs_tol=1e-12)
    # Newcombe (1998), Statistics in Medicine 17, 857-872, table I: 81/263, score method 0.2553 to 0.3662.
    e = proportion_ci(81, 263)
    assert (round(e.low, 4), round(e.high, 4)) == (0.2553, 0.3662)
    # The exact (Clopper-Pearson) interval of 0 in 10 runs from 0 to 1 - 0.025^(1/10).
    x = proportion_ci(0, 10, exact=True)
    assert x.low == 0 and math.isclose(x.high, 1 - 0.025 ** 0.1, rel_tol=1e-9)


def test_newcombes_difference_of_proportions() -> None:
    # Newcombe (1998b), Statistics in Medicine 17, 873-890, example (a): 56/70 - 48/80, method 10 (hybrid
    # score): 0.0524 to 0.3339.
    d = proportion_difference(56, 70, 48, 80)
    assert math.isclose(d.value, 0.2) and (round(d.low, 4), round(d.high, 4)) == (0.0524, 0.3339)


def test_welch_by_hand() -> None:
    a, b = [1.0, 2.0, 3.0, 4.0], [2.0, 3.0, 4.0, 5.0, 6.0]
    va, vb = 5 / 3, 2.5                          # sample variances
    se = math.sqrt(va / 4 + vb / 5)
    df = (va / 4 + vb / 5) ** 2 / ((va / 4) ** 2 / 3 + (vb / 5) ** 2 / 4)
    d = mean_difference(a, b)
    assert math.isclose(d.value, -1.5) and d.params == pytest.approx((-1.5, se, df))


def test_a_mean_uses_students_t() -> None:
    m = mean_ci([1.0, 2.0, 3.0, 4.0, 5.5])
    # t(0.975, 4) = 2.776445105: mean 3.1, sd 1.7464249, se 0.7810250
    assert math.isclose(m.high - m.value, 2.776445105 * 0.7810250, rel_tol=1e-6)


def test_cluster_robust_mean_by_hand() -> None:
    """The mean of clustered observations: the cluster-robust variance of a mean, with the usual
    small-sample factor G/(G-1)·(N-1)/(N-K), by hand."""
    values = [1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0]
    groups = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    n, g = len(values), 5
    mean = sum(values) / n
    sums = [sum(v - mean for v, c in zip(values, groups) if c == k) for k in range(g)]
    var = g / (g - 1) * (n - 1) / (n - 1) * sum(s * s for s in sums) / n ** 2
    e = clustered_mean(values, groups)
    assert math.isclose(e.value, mean) and math.isclose(e.params[1], math.sqrt(var), rel_tol=1e-9)
    assert e.params[2] == g - 1


def test_wilson_p_value_is_the_score_tests() -> None:
    from statsmodels.stats.proportion import proportions_ztest  # type: ignore[import-untyped]

    e = proportion_ci(60, 100)
    expected = proportions_ztest(60, 100, 0.5, prop_var=0.5)[1]
    assert math.isclose(p_value(e, lambda x: verdict_of(x, 0.5) != "no different"), expected, rel_tol=1e-6)


def test_bonferroni_and_holm_by_hand() -> None:
    from statsmodels.stats.multitest import multipletests  # type: ignore[import-untyped]

    assert bonferroni_level(4) == 1 - 0.05 / 4
    # Holm by hand: sorted 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06 (stop), 0.04·1 -> 0.06.
    reject, adjusted = multipletests([0.01, 0.04, 0.03, 0.005], alpha=0.05, method="holm")[:2]
    assert list(reject) == [True, False, False, True]
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_power_agrees_with_the_normal_formula() -> None:
    z = NormalDist().inv_cdf(0.975) + NormalDist().inv_cdf(0.8)
    by_hand = (z * 0.5 / 0.03) ** 2
    assert abs(deals_needed(0.03, 0.5) - by_hand) <= 1


def test_the_family_is_more_cautious_than_each_claim() -> None:
    """A comparison decided within its claim (Bonferroni over its own two comparisons) may not
    survive Holm across a family of many: the family-wise verdict is then undecided."""
    d3, d1 = claims.design("C3"), claims.design("C13")
    # C13: one comparison; its interval's edge just under 20 deals at its own level.
    lengths = [18.0, 19.0, 17.0, 18.5, 19.5, 16.0, 18.0, 17.5, 19.0, 18.2] * 3
    m13 = mean_ci(lengths, level=d1.level)
    c3 = {f"2-{n}": proportion_difference(30, 2000, 30, 2000, level=d3.level) for n in (3, 4, 5)}
    records = {"C13": Record("C13", {"mean": m13}), "C3": Record("C3", c3)}
    rows, comparisons = family(records)
    by = {r.claim: r for r in rows}
    assert by["C13"].within.outcome == claims.SUPPORTED
    assert by["C3"].within.outcome == by["C3"].across.outcome == claims.UNDECIDED
    assert len(comparisons) == 4
    # Many more comparisons that decide nothing make Holm stricter for C13's: with p just under 0.05 it fails.
    tight = mean_ci([19.0, 20.5, 18.5, 19.9, 20.2, 19.1, 19.6, 19.4] * 4, level=d1.level)
    p = p_value(tight, lambda e: claims.decided(e, ("at-most", 20.0)))
    if p < 0.05:
        rows, _ = family({"C13": Record("C13", {"mean": tight}), "C3": Record("C3", c3)})
        assert {r.claim: r for r in rows}["C13"].across.outcome == (claims.SUPPORTED if p * 4 < 0.05 else claims.UNDECIDED)


def test_an_estimate_reads_in_each_editions_language() -> None:
    """Issue 47: the analysis chapter's intervals and verdicts in the book's catalog's words, with the
    language's numbers (decimal comma, its group separator, a true minus sign); English as before."""
    from bookkit.stats import Estimate, compare

    est = Estimate(-0.012, -0.05, 0.02, 12345, 0.99375)
    assert compare(est, 0.0, "zero", percent=False, digits=2) == \
        "-0.01 (99.4% CI -0.05 to 0.02, n = 12,345): not distinguishable from zero (0.00)"
    assert compare(est, 0.0, "zero", percent=False, digits=2, lang="fr") == \
        "\u22120,01 (IC à 99,4\u00a0% de \u22120,05 à 0,02, n = 12\u202f345)\u00a0: impossible à distinguer de zéro (0,00)"
    assert compare(est, 0.0, "zero", percent=False, digits=2, lang="ru") == \
        "\u22120,01 (99,4\u00a0% CI от \u22120,05 до 0,02, n = 12\u00a0345): неотличимо от нуля (0,00)"
    share = Estimate(0.447, 0.407, 0.487, 2000)
    assert compare(share, 0.5, "a fair share", lang="es") == \
        "44,7\u00a0% (IC del 95\u00a0% 40,7–48,7\u00a0%, n = 2000): por debajo de la parte equitativa (50,0\u00a0%)"
    assert share.points(lang="ru") == \
        "+44,7 п.\u00a0п. (95\u00a0% CI от +40,7 до +48,7, n = 2\u00a0000)"
    assert compare(Estimate(0.025, 0.01, 0.04, 600), 0.0, "no change", points=True) == \
        "+2.5 points (95% CI +1.0 to +4.0, n = 600): above no change (+0.0 points)"
