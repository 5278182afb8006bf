"""The statistics of the analysis pages: estimates with confidence intervals, and verdicts read from them.

An interval is 95% by default; a claim tested by several comparisons asks for each interval at
the Bonferroni level :func:`bonferroni_level` (``1 - 0.05 / m`` for ``m`` comparisons), so that
the chance of any false finding on the claim stays at most 5%.

>>> from bookkit.stats import bonferroni_level, proportion_ci
>>> round(proportion_ci(50, 100).low, 3)
0.404
>>> proportion_ci(50, 100, level=bonferroni_level(10)).pct()
'50.0% (99.5% CI 36.5–63.5%, n = 100)'
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from statistics import NormalDist
from typing import Literal, Sequence

from comet.simulate import GameRecord

__all__ = ["ALPHA", "Estimate", "bonferroni_level", "level_text", "z_of", "proportion_ci", "mean_ci", "difference",
           "Verdict", "verdict", "verdict_of", "compare", "VERDICT_WORDS", "Within", "within", "deals_needed",
           "seat_table", "leader_advantage", "run_lengths", "stop_counts"]

ALPHA = 0.05
"""The chance of a false finding the book allows on each claim, all its comparisons together."""


def bonferroni_level(m: int, alpha: float = ALPHA) -> float:
    """The confidence level of each of ``m`` intervals so that all hold together with chance at
    least ``1 - alpha`` (Bonferroni: each at ``1 - alpha / m``).

    >>> bonferroni_level(1), bonferroni_level(8)
    (0.95, 0.99375)
    """
    if m < 1:
        raise ValueError(f"a claim makes at least one comparison, not {m}")
    return 1 - alpha / m


def z_of(level: float) -> float:
    """The two-sided normal quantile of a confidence level (1.96 for 95%)."""
    return NormalDist().inv_cdf(1 - (1 - level) / 2)


def level_text(level: float) -> str:
    """``0.95`` -> ``"95%"``, ``0.99375`` -> ``"99.4%"``: a level as the pages print it."""
    text = f"{100 * level:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


@dataclass(frozen=True)
class Estimate:
    """A value with a confidence interval (95% unless ``level`` says otherwise) and its sample size."""

    value: float
    low: float
    high: float
    n: int
    level: float = 0.95

    def pct(self) -> str:
        """``"52.3% (95% CI 50.1–54.5%, n = 2,000)"``."""
        return (f"{100 * self.value:.1f}% ({level_text(self.level)} CI {100 * self.low:.1f}–{100 * self.high:.1f}%, "
                f"n = {self.n:,})")

    def num(self, digits: int = 2) -> str:
        """``"1.23 (95% CI 1.01 to 1.45, n = 2,000)"``."""
        return (f"{self.value:.{digits}f} ({level_text(self.level)} CI {self.low:.{digits}f} to "
                f"{self.high:.{digits}f}, n = {self.n:,})")

    def points(self, digits: int = 1) -> str:
        """A difference of proportions in percentage points: ``"+2.5 points (95% CI -4.0 to +9.0)"``."""
        return (f"{100 * self.value:+.{digits}f} points ({level_text(self.level)} CI {100 * self.low:+.{digits}f} "
                f"to {100 * self.high:+.{digits}f})")


def proportion_ci(successes: int, n: int, z: float | None = None, *, level: float = 0.95) -> Estimate:
    """Wilson score interval for a proportion, at ``level`` (or at the quantile ``z``)."""
    if z is None:
        z = z_of(level)
    else:
        level = 2 * NormalDist().cdf(z) - 1
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0, level)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, centre - half, centre + half, n, level)


def mean_ci(values: Sequence[float], z: float | None = None, *, level: float = 0.95) -> Estimate:
    """Mean with a normal-approximation interval at ``level`` (or at the quantile ``z``)."""
    if z is None:
        z = z_of(level)
    else:
        level = 2 * NormalDist().cdf(z) - 1
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0, level)
    m = sum(values) / n
    if n == 1:
        return Estimate(m, m, m, 1, level)
    var = sum((x - m) ** 2 for x in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n, level)


def difference(a: Estimate, b: Estimate) -> Estimate:
    """``a - b`` for two independent samples, its half-width combined from theirs
    (``sqrt(ha**2 + hb**2)``, each half-width the mean of the interval's two sides), at their
    common level."""
    if not math.isclose(a.level, b.level):
        raise ValueError(f"a difference of a {level_text(a.level)} and a {level_text(b.level)} interval; "
                         "compute both at one level")
    ha = (a.high - a.low) / 2
    hb = (b.high - b.low) / 2
    d = a.value - b.value
    half = math.sqrt(ha * ha + hb * hb)
    return Estimate(d, d - half, d + half, min(a.n, b.n), a.level)


def deals_needed(effect: float, sd: float, level: float = 0.95, power: float = 0.8) -> int:
    """How many deals an interval at ``level`` needs to exclude zero, with chance ``power``,
    when the true effect is ``effect`` and one deal's result has standard deviation ``sd``
    (the usual normal approximation, ``((z_level + z_power) * sd / effect) ** 2``).

    >>> deals_needed(0.03, 0.5)
    2181
    """
    if effect == 0 or math.isnan(effect):
        raise ValueError("no number of deals can show an effect of zero")
    z = z_of(level) + NormalDist().inv_cdf(power)
    return math.ceil((z * sd / abs(effect)) ** 2)


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


def compare(est: Estimate, ref: float, ref_name: str, *, percent: bool = True, digits: int = 1) -> str:
    """An estimate, its interval and its verdict against a reference, in the one wording the
    book uses (and its tests check): ``"44.7% (95% CI 40.7–48.7%, n = 600): below a fair
    share (50.0%)"``, or with ``percent=False`` ``"-1.2 (95% CI -2.0 to -0.4, n = 600): below
    zero (0.0)"``; a Bonferroni interval prints its own level (``"99.4% CI"``)."""
    word = VERDICT_WORDS[verdict(est.low, est.high, ref)]
    if percent:
        return f"{est.pct()}: {word} {ref_name} ({100 * ref:.1f}%)"
    return f"{est.num(digits)}: {word} {ref_name} ({ref:.{digits}f})"


def _relative(record: GameRecord, seat: int) -> int:
    """Position of ``seat`` counted from the eldest hand (0 = first hand) in the play direction."""
    return (seat - record.leader) % record.players


def seat_table(records: Sequence[GameRecord], level: float = 0.95) -> list[tuple[int, Estimate, Estimate]]:
    """Per position from the first hand (0 = eldest): win rate and mean net payment."""
    if not records:
        return []
    n = records[0].players
    wins = [0] * n
    pays: list[list[float]] = [[] for _ in range(n)]
    for r in records:
        for seat in range(n):
            pos = _relative(r, seat)
            pays[pos].append(r.payments[seat])
            if r.winner == seat:
                wins[pos] += 1
    return [(pos, proportion_ci(wins[pos], len(records), level=level), mean_ci(pays[pos], level=level))
            for pos in range(n)]


def leader_advantage(records: Sequence[GameRecord], level: float = 0.95) -> Estimate:
    """The first hand's win rate (compare with ``1 / players``)."""
    return proportion_ci(sum(1 for r in records if r.winner == r.leader), len(records), level=level)


def run_lengths(records: Sequence[GameRecord]) -> list[int]:
    """Every sequence's length (cards from a lead to its stop), over all records."""
    return [k for r in records for k in r.runs if k]


def stop_counts(records: Sequence[GameRecord]) -> dict[str, float]:
    """Mean number of stops of each kind per deal."""
    total: Counter[str] = Counter()
    for r in records:
        total.update(r.stop_reasons)
    n = max(len(records), 1)
    return {k: total[k] / n for k in sorted(total)}
