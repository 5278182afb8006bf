"""The statistics of the analysis pages: estimates with 95% intervals, and verdicts read from them.

>>> from bookkit.stats import proportion_ci
>>> round(proportion_ci(50, 100).low, 3)
0.404
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Literal, Sequence

from comet.simulate import GameRecord

__all__ = ["Estimate", "proportion_ci", "mean_ci", "difference", "Verdict", "verdict", "verdict_of", "compare", "VERDICT_WORDS",
           "seat_table", "leader_advantage", "run_lengths", "stop_counts"]

@dataclass(frozen=True)
class Estimate:
    """A value with a 95% confidence interval and its sample size."""

    value: float
    low: float
    high: float
    n: int

    def pct(self) -> str:
        """``"52.3% (95% CI 50.1–54.5%, n = 2,000)"``."""
        return f"{100 * self.value:.1f}% (95% CI {100 * self.low:.1f}–{100 * self.high:.1f}%, n = {self.n:,})"

    def num(self, digits: int = 2) -> str:
        """``"1.23 (95% CI 1.01 to 1.45, n = 2,000)"``."""
        return f"{self.value:.{digits}f} (95% CI {self.low:.{digits}f} to {self.high:.{digits}f}, n = {self.n:,})"


def proportion_ci(successes: int, n: int, z: float = 1.96) -> Estimate:
    """Wilson score interval for a proportion."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, centre - half, centre + half, n)


def mean_ci(values: Sequence[float], z: float = 1.96) -> Estimate:
    """Mean with a normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = sum(values) / n
    if n == 1:
        return Estimate(m, m, m, 1)
    var = sum((x - m) ** 2 for x in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n)


def difference(a: Estimate, b: Estimate) -> Estimate:
    """``a - b`` for two independent samples, its 95% half-width combined from theirs
    (``sqrt(ha**2 + hb**2)``, each half-width the mean of the interval's two sides)."""
    ha = (a.high - a.low) / 2
    hb = (b.high - b.low) / 2
    d = a.value - b.value
    half = math.sqrt(ha * ha + hb * hb)
    return Estimate(d, d - half, d + half, min(a.n, b.n))


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


VERDICT_WORDS: dict[Verdict, str] = {"better": "above", "worse": "below", "no different": "not distinguishable from"}
"""How a verdict reads in a sentence: "44.7% (95% CI 40.7–48.7%, n = 600): below a fair share (50.0%)".
``tests/test_verdicts.py`` reads the built pages for these phrases and checks each against its interval."""


def compare(est: Estimate, ref: float, ref_name: str, *, percent: bool = True, digits: int = 1) -> str:
    """An estimate, its interval and its verdict against a reference, in the one wording the
    book uses (and its tests check): ``"44.7% (95% CI 40.7–48.7%, n = 600): below a fair
    share (50.0%)"``, or with ``percent=False`` ``"-1.2 (95% CI -2.0 to -0.4, n = 600): below
    zero (0.0)"``."""
    word = VERDICT_WORDS[verdict(est.low, est.high, ref)]
    if percent:
        return f"{est.pct()}: {word} {ref_name} ({100 * ref:.1f}%)"
    return f"{est.num(digits)}: {word} {ref_name} ({ref:.{digits}f})"


def _relative(record: GameRecord, seat: int) -> int:
    """Position of ``seat`` counted from the eldest hand (0 = first hand) in the play direction."""
    return (seat - record.leader) % record.players


def seat_table(records: Sequence[GameRecord]) -> list[tuple[int, Estimate, Estimate]]:
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
    return [(pos, proportion_ci(wins[pos], len(records)), mean_ci(pays[pos])) for pos in range(n)]


def leader_advantage(records: Sequence[GameRecord]) -> Estimate:
    """The first hand's win rate (compare with ``1 / players``)."""
    return proportion_ci(sum(1 for r in records if r.winner == r.leader), len(records))


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
