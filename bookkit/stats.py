"""The statistics of the analysis pages: estimates with confidence intervals, computed by the
field's libraries (statsmodels and scipy.stats), and verdicts read from them.

``bookkit`` keeps the designs, the thresholds and the wording; every interval, every
correction for many comparisons and every sample size is computed here by a tested library
function, named beside it:

* a proportion: Wilson's score interval, or the exact (Clopper–Pearson) one
  (``statsmodels.stats.proportion.proportion_confint``);
* a mean, and a mean of paired differences: Student's t (``statsmodels.stats.weightstats.DescrStatsW``);
* a difference of two independent means: Welch's t (``CompareMeans``), of two independent
  proportions: Newcombe's hybrid score interval (``confint_proportions_2indep``);
* a mean of observations that come in clusters (several hands or sequences from one deal): an
  ordinary least squares fit of the mean with a cluster-robust covariance, t with G − 1 degrees of
  freedom for G clusters (``statsmodels.regression.linear_model.OLS``, ``cov_type="cluster"``);
* the Bonferroni level of a claim and Holm's correction across the family of claims
  (``statsmodels.stats.multitest.multipletests``); the deals a decision needs
  (``statsmodels.stats.power.NormalIndPower``).

statsmodels, scipy and numpy are imported inside the functions, so that importing ``bookkit``
stays light for the pages that compute no statistics; none of them reaches the reader's browser.

An :class:`Estimate` remembers how it was computed (:attr:`Estimate.method` and its numbers), so
:meth:`Estimate.at` gives the same estimate's interval at another level: the family-wise
correction (:mod:`bookkit.claimset`) reads each comparison's p-value from its own intervals.

>>> from bookkit.stats import bonferroni_level, proportion_ci
>>> round(proportion_ci(50, 100).low, 3)
0.404
>>> proportion_ci(50, 100, level=bonferroni_level(10)).pct()
'50.0% (99.5% CI 36.5–63.5%, n = 100)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Literal, Sequence

from comet_render.i18n import N_, book_words

from bookkit.stats_text import (NUM_TEXT, PCT_TEXT, POINTS_TEXT, POINTS_WORD, _count, level_text, number_text,
                                percent_text)


__all__ = ["ALPHA", "Estimate", "bonferroni_level", "level_text", "proportion_ci", "mean_ci", "paired_ci",
           "mean_difference", "proportion_difference", "clustered_mean", "clustered_difference", "p_value",
           "Verdict", "verdict", "verdict_of", "compare", "number_text", "percent_text", "VERDICT_WORDS", "Within", "within", "deals_needed",
           "POWER", "LEVEL", "autocorrelated_mean"]

ALPHA = 0.05
"""The chance of a false finding the book allows on each claim, all its comparisons together,
and on the family of all fifteen claims together (:mod:`bookkit.claimset`)."""
LEVEL = 1 - ALPHA
"""The level of a single interval and of the descriptive tables: one comparison at :data:`ALPHA`."""


def bonferroni_level(m: int, alpha: float = ALPHA) -> float:
    """The confidence level of each of ``m`` intervals so that all hold together with chance at
    least ``1 - alpha``: Bonferroni's corrected alpha, as ``multipletests`` computes it.

    >>> bonferroni_level(1), bonferroni_level(8)
    (0.95, 0.99375)
    """
    if m < 1:
        raise ValueError(f"a claim makes at least one comparison, not {m}")
    from statsmodels.stats.multitest import multipletests  # type: ignore[import-untyped]

    return 1 - float(multipletests([1.0] * m, alpha=alpha, method="bonferroni")[3])


Method = Literal["", "wilson", "exact", "t", "newcomb"]


@dataclass(frozen=True)
class Estimate:
    """A value with a confidence interval (95% unless ``level`` says otherwise) and its sample size.

    ``method`` and ``params`` say how the interval was computed, so that :meth:`at` can give it at
    another level: ``"wilson"`` or ``"exact"`` (successes, trials), ``"t"`` (value, standard
    error, degrees of freedom: a mean, a paired or Welch difference, a cluster-robust mean),
    ``"newcomb"`` (successes and trials of each of two samples); ``""`` for a fixed interval.
    """

    value: float
    low: float
    high: float
    n: int
    level: float = LEVEL
    method: Method = ""
    params: tuple[float, ...] = ()

    def at(self, level: float) -> "Estimate":
        """The same estimate with its interval at ``level`` (computed again by the same method)."""
        if self.method == "":
            if math.isclose(level, self.level):
                return self
            raise ValueError("this estimate has a fixed interval; it cannot be given at another level")
        return _interval(self.method, self.params, level, self.n)

    def pct(self, lang: str = "en") -> str:
        """``"52.3% (95% CI 50.1–54.5%, n = 2,000)"``; in ``lang``, its words and numbers
        (``"52,3\u00a0% (IC à 95\u00a0% 50,1–54,5\u00a0%, n = 2\u202f000)"``)."""
        return book_words(lang)(PCT_TEXT, value=percent_text(100 * self.value, lang), level=level_text(self.level, lang),
                            low=number_text(100 * self.low, lang, 1), high=percent_text(100 * self.high, lang),
                            n=_count(self.n, lang))

    def num(self, digits: int = 2, lang: str = "en") -> str:
        """``"1.23 (95% CI 1.01 to 1.45, n = 2,000)"``; in ``lang``, its words and numbers."""
        return book_words(lang)(NUM_TEXT, value=number_text(self.value, lang, digits), level=level_text(self.level, lang),
                            low=number_text(self.low, lang, digits), high=number_text(self.high, lang, digits),
                            n=_count(self.n, lang))

    def points(self, digits: int = 1, lang: str = "en") -> str:
        """A difference of proportions in percentage points: ``"+2.5 points (95% CI -4.0 to +9.0, n = 600)"``;
        in ``lang``, its words and numbers."""
        return book_words(lang)(POINTS_TEXT, value=number_text(100 * self.value, lang, digits, signed=True),
                            level=level_text(self.level, lang), low=number_text(100 * self.low, lang, digits, signed=True),
                            high=number_text(100 * self.high, lang, digits, signed=True), n=_count(self.n, lang))

    def shifted(self, ref: float) -> "Estimate":
        """The estimate minus a reference (an effect size, in the estimate's units); it keeps no method."""
        return Estimate(self.value - ref, self.low - ref, self.high - ref, self.n, self.level)

    def negated(self) -> "Estimate":
        """The same estimate seen from the other side (``-value``), at any level."""
        if self.method == "t":
            value, se, df = self.params
            return _interval("t", (-value, se, df), self.level, self.n)
        if self.method == "":
            return Estimate(-self.value, -self.high, -self.low, self.n, self.level)
        raise ValueError(f"a {self.method} estimate is not negated; compute the other side's estimate")


def _nan(n: int, level: float) -> Estimate:
    return Estimate(math.nan, math.nan, math.nan, n, level)


def _interval(method: Method, params: tuple[float, ...], level: float, n: int) -> Estimate:
    alpha = 1 - level
    if method in ("wilson", "exact"):
        from statsmodels.stats.proportion import proportion_confint  # type: ignore[import-untyped]

        k, trials = params
        low, high = proportion_confint(int(k), int(trials), alpha=alpha, method="wilson" if method == "wilson" else "beta")
        return Estimate(k / trials, float(low), float(high), n, level, method, params)
    if method == "t":
        from scipy import stats as st  # type: ignore[import-untyped]

        value, se, df = params
        if se == 0 or math.isnan(se):
            return Estimate(value, value, value, n, level, method, params)
        low, high = st.t.interval(level, df, loc=value, scale=se)
        return Estimate(value, float(low), float(high), n, level, method, params)
    if method == "newcomb":
        from statsmodels.stats.proportion import confint_proportions_2indep

        k1, n1, k2, n2 = params
        low, high = confint_proportions_2indep(int(k1), int(n1), int(k2), int(n2), method="newcomb", compare="diff",
                                               alpha=alpha)
        return Estimate(k1 / n1 - k2 / n2, float(low), float(high), n, level, method, params)
    raise ValueError(f"unknown interval method {method!r}")


# ------------------------------------------------------------------ one sample
def proportion_ci(successes: int, n: int, *, level: float = LEVEL, exact: bool = False) -> Estimate:
    """A proportion with Wilson's score interval at ``level`` (``exact=True``: Clopper–Pearson)."""
    if n <= 0:
        return _nan(0, level)
    return _interval("exact" if exact else "wilson", (successes, n), level, n)


def mean_ci(values: Sequence[float], *, level: float = LEVEL) -> Estimate:
    """A mean with Student's t interval at ``level`` (``DescrStatsW``)."""
    n = len(values)
    if n == 0:
        return _nan(0, level)
    if n == 1:
        return Estimate(float(values[0]), float(values[0]), float(values[0]), 1, level)
    from statsmodels.stats.weightstats import DescrStatsW  # type: ignore[import-untyped]

    d = DescrStatsW(list(map(float, values)))
    return _interval("t", (float(d.mean), float(d.std_mean), float(n - 1)), level, n)


def paired_ci(a: Sequence[float], b: Sequence[float], *, level: float = LEVEL) -> Estimate:
    """The mean of the paired differences ``a[i] - b[i]`` (one pair per seed), with Student's t
    interval: the same deals dealt to both arms are compared deal by deal."""
    if len(a) != len(b):
        raise ValueError(f"paired samples have one value each per pair: {len(a)} and {len(b)}")
    return mean_ci([x - y for x, y in zip(a, b)], level=level)


# ------------------------------------------------------------------ two independent samples
def mean_difference(a: Sequence[float], b: Sequence[float], *, level: float = LEVEL) -> Estimate:
    """``mean(a) - mean(b)`` for two independent samples: Welch's t interval (``CompareMeans``,
    unequal variances, Welch–Satterthwaite degrees of freedom).  ``n`` is the smaller sample."""
    from statsmodels.stats.weightstats import CompareMeans, DescrStatsW

    cm = CompareMeans(DescrStatsW(list(map(float, a))), DescrStatsW(list(map(float, b))))
    value = float(cm.d1.mean - cm.d2.mean)
    return _interval("t", (value, float(cm.std_meandiff_separatevar), float(cm.dof_satt())), level, min(len(a), len(b)))


def proportion_difference(k1: int, n1: int, k2: int, n2: int, *, level: float = LEVEL) -> Estimate:
    """``k1/n1 - k2/n2`` for two independent samples: Newcombe's hybrid score interval."""
    return _interval("newcomb", (k1, n1, k2, n2), level, min(n1, n2))


# ------------------------------------------------------------------ clustered observations
def _cluster_fit(values: Sequence[float], columns: list[list[float]], groups: Sequence[Any]) -> Any:
    import numpy as np
    from statsmodels.regression.linear_model import OLS  # type: ignore[import-untyped]

    codes = {g: i for i, g in enumerate(dict.fromkeys(groups))}
    exog = np.column_stack([np.ones(len(values))] + [np.asarray(c, dtype=float) for c in columns])
    return OLS(np.asarray(values, dtype=float), exog).fit(
        cov_type="cluster", cov_kwds={"groups": np.array([codes[g] for g in groups])}, use_t=True), len(codes)


def clustered_mean(values: Sequence[float], groups: Sequence[Any], *, level: float = LEVEL) -> Estimate:
    """The mean of observations that come in clusters (``groups[i]`` names the deal that gave
    ``values[i]``): least squares on a constant with a cluster-robust covariance, t with G − 1
    degrees of freedom for G clusters.  ``n`` counts the observations; the interval is as wide as
    the clusters make it."""
    if len(values) != len(groups) or not values:
        raise ValueError("one cluster name per observation, and at least one observation")
    res, clusters = _cluster_fit(values, [], groups)
    return _interval("t", (float(res.params[0]), float(res.bse[0]), float(clusters - 1)), level, len(values))


def autocorrelated_mean(values: Sequence[float], *, level: float = LEVEL, maxlags: int | None = None) -> Estimate:
    """The mean of a series whose consecutive values depend on each other (the comet's value, which
    carries from one deal to the next): least squares on a constant with a heteroskedasticity and
    autocorrelation consistent (Newey–West) covariance over ``maxlags`` lags (by default
    ⌊4 (n/100)^(2/9)⌋, Newey and West's rule), t with n − 1 degrees of freedom."""
    import numpy as np
    from statsmodels.regression.linear_model import OLS

    n = len(values)
    if n < 2:
        raise ValueError("a mean of a series needs at least two values")
    lags = maxlags if maxlags is not None else int(4 * (n / 100) ** (2 / 9))
    res = OLS(np.asarray(values, dtype=float), np.ones(n)).fit(cov_type="HAC", cov_kwds={"maxlags": lags}, use_t=True)
    return _interval("t", (float(res.params[0]), float(res.bse[0]), float(n - 1)), level, n)


def clustered_difference(a: Sequence[float], groups_a: Sequence[Any], b: Sequence[float], groups_b: Sequence[Any],
                         *, level: float = LEVEL) -> Estimate:
    """``mean(a) - mean(b)`` for clustered observations: least squares on a constant and an
    indicator of ``a``, cluster-robust by deal.  Give both arms the same cluster names where the
    same seed dealt both (a paired experiment: the covariance then takes the pairing into
    account), different names where the arms are independent."""
    res, clusters = _cluster_fit(list(a) + list(b), [[1.0] * len(a) + [0.0] * len(b)], list(groups_a) + list(groups_b))
    return _interval("t", (float(res.params[1]), float(res.bse[1]), float(clusters - 1)), level, min(len(a), len(b)))


# ------------------------------------------------------------------ p-values from intervals
def p_value(est: Estimate, decided: Callable[[Estimate], bool]) -> float:
    """The smallest alpha at which the estimate's interval (at level ``1 - alpha``) is decided
    by ``decided``: the p-value of the test that the interval makes (for a reference, the usual
    two-sided p-value of the interval's own test).  1 when no interval decides it."""
    if est.method == "":
        raise ValueError("a fixed interval has no p-value; compute the estimate with a method")
    if not decided(est.at(1e-9)):          # not even the narrowest interval decides it
        return 1.0
    if decided(est.at(1 - 1e-15)):         # even the widest does
        return 0.0
    lo, hi = math.log(1e-15), math.log(1 - 1e-9)   # log alpha: undecided at lo, decided at hi
    for _ in range(60):
        mid = (lo + hi) / 2
        if decided(est.at(1 - math.exp(mid))):
            hi = mid
        else:
            lo = mid
    return math.exp(hi)


POWER = 0.8
"""The chance of finding a true effect with which the pages say how many deals a decision needs."""


def deals_needed(effect: float, sd: float, level: float = LEVEL, power: float = POWER) -> int:
    """How many deals a two-sided test at ``1 - level`` needs to detect, with chance ``power``, a
    true effect ``effect`` when one deal's result has standard deviation ``sd``
    (``NormalIndPower`` with ``ratio=0``: one sample, the normal approximation).

    >>> deals_needed(0.03, 0.5)
    2181
    """
    if effect == 0 or math.isnan(effect):
        raise ValueError("no number of deals can show an effect of zero")
    from statsmodels.stats.power import NormalIndPower  # type: ignore[import-untyped]

    n = NormalIndPower().solve_power(effect_size=abs(effect) / sd, nobs1=None, alpha=1 - level, power=power,
                                     ratio=0, alternative="two-sided")
    return math.ceil(float(n))


# ------------------------------------------------------------------ verdicts
Verdict = Literal["better", "worse", "no different"]
"""A comparison read from an interval: wholly above the reference, wholly below it, or neither."""


def verdict(lo: float, hi: float, ref: float) -> Verdict:
    """``"better"`` when the interval ``[lo, hi]`` lies wholly above ``ref``, ``"worse"`` when
    wholly below, ``"no different"`` when it contains ``ref`` (these samples cannot tell them apart).

    >>> verdict(0.407, 0.487, 0.5)
    'worse'
    """
    if math.isnan(lo) or math.isnan(hi) or lo > hi:
        raise ValueError(f"an interval runs from its low to its high end, not [{lo}, {hi}]")
    if lo > ref:
        return "better"
    if hi < ref:
        return "worse"
    return "no different"


def verdict_of(est: Estimate, ref: float) -> Verdict:
    """:func:`verdict` of an estimate's interval."""
    return verdict(est.low, est.high, ref)


Within = Literal["within", "outside", "undecided"]
"""An interval read against a margin: wholly inside it, wholly outside it, or across its edge."""


def within(est: Estimate, low: float, high: float) -> Within:
    """Whether ``est``'s interval lies wholly inside ``[low, high]`` (an equivalence test: the
    difference is shown to be small), wholly outside it (shown to be large), or neither (the data
    cannot decide).  "Cannot be told from zero" is never "the same": only ``"within"`` is.

    >>> within(Estimate(0.01, -0.02, 0.04, 400), -0.1, 0.1)
    'within'
    >>> within(Estimate(0.05, -0.02, 0.12, 400), -0.1, 0.1)
    'undecided'
    """
    if math.isnan(est.low) or math.isnan(est.high) or est.low > est.high or low > high:
        raise ValueError(f"an interval and a margin run from low to high, not [{est.low}, {est.high}] "
                         f"and [{low}, {high}]")
    if low <= est.low and est.high <= high:
        return "within"
    if est.high < low or est.low > high:
        return "outside"
    return "undecided"


VERDICT_WORDS: dict[Verdict, str] = {"better": "above", "worse": "below", "no different": "not distinguishable from"}
"""How a verdict reads in a sentence: "44.7% (95% CI 40.7–48.7%, n = 600): below a fair share (50.0%)".
``tests/test_verdicts.py`` reads the built pages for these phrases and checks each against its interval."""
REFERENCE_PHRASES = (
    N_("above zero"), N_("below zero"), N_("not distinguishable from zero"),
    N_("above a fair share"), N_("below a fair share"), N_("not distinguishable from a fair share"),
    N_("above no change"), N_("below no change"), N_("not distinguishable from no change"),
    N_("above the threshold"), N_("below the threshold"), N_("not distinguishable from the threshold"))
"""A verdict against each reference the pages name, one phrase each (a language's preposition and
article go with the reference: "au-dessus du seuil", "неотличимо от нуля"); another reference reads
in English."""
COMPARE_TEXT = N_("{estimate}: {verdict} ({reference})")
"""An estimate, its verdict against a reference, and the reference's value (:func:`compare`)."""


def compare(est: Estimate, ref: float, ref_name: str, *, percent: bool = True, points: bool = False,
            digits: int = 1, lang: str = "en") -> str:
    """An estimate, its interval and its verdict against a reference, in the one wording the
    book uses (and its tests check): ``"44.7% (95% CI 40.7–48.7%, n = 600): below a fair
    share (50.0%)"``, or with ``percent=False`` ``"-1.2 (95% CI -2.0 to -0.4, n = 600): below
    zero (0.0)"``, or for a difference of shares with ``points=True`` ``"+2.5 points (95% CI -4.0 to
    +9.0, n = 600): not distinguishable from no change (+0.0 points)"``; a Bonferroni interval prints
    its own level (``"99.4% CI"``).  In ``lang``, its words (:data:`REFERENCE_PHRASES`) and numbers."""
    _ = book_words(lang)
    phrase = _(f"{VERDICT_WORDS[verdict(est.low, est.high, ref)]} {ref_name}")
    if points:       # a difference of two shares, in percentage points
        shown, reference = est.points(digits, lang), _(POINTS_WORD, value=number_text(100 * ref, lang, digits, signed=True))
    elif percent:
        shown, reference = est.pct(lang), percent_text(100 * ref, lang)
    else:
        shown, reference = est.num(digits, lang), number_text(ref, lang, digits)
    return str(_(COMPARE_TEXT, estimate=shown, verdict=phrase, reference=reference))
