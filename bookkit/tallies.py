"""Tallies of simulated deals (:class:`comet.simulate.GameRecord`): each position's wins and money,
the first hand's share, the sequences' lengths and the stops, with their intervals
(:mod:`bookkit.stats`)."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from bookkit.stats import LEVEL, Estimate, mean_ci, proportion_ci
from comet.simulate import GameRecord

__all__ = ["seat_table", "leader_advantage", "run_lengths", "stop_counts"]


def _relative(record: GameRecord, seat: int) -> int:
    """Position of ``seat`` counted from the eldest hand (0 = first hand) in the play direction."""
    return (seat - record.leader) % record.players


def seat_table(records: Sequence[GameRecord], level: float = LEVEL) -> list[tuple[int, Estimate, Estimate]]:
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


def leader_advantage(records: Sequence[GameRecord], level: float = LEVEL) -> Estimate:
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
