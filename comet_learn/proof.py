"""What a play is worth, proven: the definition the puzzles are judged by.

A play's **value** is what the player who makes it comes out with at the end of the deal (every
payment of the deal, in play and at the settlement, as :meth:`comet.Round.outcome` counts them),
when both players then play their best:

* **exact** where the player to move can see every card: two players and nothing unseen (no dead
  hand, talon or hidden discard: the 1718 manille and the 1991 Commit dealt to two), so the other
  hand is the rest of the pack.  The value is found by full search (:class:`comet_learn.solver.Solver`).
* **sampled** otherwise: the average over :data:`DEALS` deals of the cards the player cannot see,
  each consistent with all the player has seen (:meth:`comet.view.RoundView.determinize`: the other
  hand's size, the cards played, the voids shown by passes), and each finished by best play with
  every card open (exact search, within :data:`BUDGET` positions a deal).  The lead of one play
  over another is then given with its 95% interval (every play is valued on the same deals).

The same plays are also valued under the **greedy finish**: both players then follow the period
advice (:class:`comet.agents.GreedyAgent`), the average player.  A puzzle keeps a position only
when its answer leads every other play by at least :data:`MARGIN` under both, and (sampled) with
both 95% intervals clear of zero: a lesson that holds for strong and for average play.

Sampled deal ``i`` of a position is drawn from ``random.Random(f"{key}/{i}")`` (``key``: the
puzzle's id), so any prefix of the sample can be drawn again alike.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from comet.agents import GreedyAgent, decide
from comet.errors import GameStateError
from comet.plays import Play
from comet_learn.solver import BudgetExceeded, Line, Solver
from comet_render.i18n import N_

if TYPE_CHECKING:
    from comet.round import Round

__all__ = ["DEALS", "BUDGET", "MARGIN", "Z95", "Valuation", "Lead", "all_known", "valuate", "greedy_finish",
           "DEFINITION", "answers_of", "verdict", "BudgetExceeded"]

DEALS = 1000
"""Deals of the unseen cards a sampled value averages."""
BUDGET = 200_000
"""Positions the exact search may visit in one sampled deal (none has needed so many: see ``make puzzles``)."""
MARGIN = 2.0
"""The least lead, in the variant's unit, of a puzzle's answer over every other play."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""

DEFINITION = N_(
    "A play's value is what you come out with at the end of the deal (every payment, in play and at "
    "the settlement) when both players then play their best. Where you can see every card (two players, "
    "nothing unseen), it is exact, found by a full search of the rest of the deal. Otherwise it is the "
    "average over {deals} deals of the cards you cannot see, each consistent with all you have seen "
    "(the other hand's size, the cards played, the voids shown by passes) and played out by best play "
    "with every card open; the lead of the answer is given with its 95% interval. A puzzle is kept only "
    "when its answer leads every other play by at least {margin} under this value and also when both "
    "players then play the greedy rule of thumb.")
"""The definition stated on the puzzle page (``words(lang)(DEFINITION, deals=..., margin=...)``, the numbers
written as the language writes them: :func:`comet_learn.puzzles.whole`)."""


def all_known(rnd: "Round") -> bool:
    """Whether the player to move can see every card: two players and no card unseen but the other hand."""
    seat = rnd.to_play
    if seat is None or rnd.players != 2:
        return False
    return rnd.view(seat).dead_size == 0


@dataclass(frozen=True)
class Lead:
    """The lead of one play over another: the mean difference of their values and its 95% interval
    (both ends equal the mean for an exact value)."""

    mean: float
    low: float
    high: float

    def clear(self, margin: float) -> bool:
        """At least ``margin`` on average and the interval clear of zero."""
        return self.mean >= margin and self.low > 0


@dataclass
class Valuation:
    """Every legal play of a position valued by best play and by the greedy finish."""

    method: str
    """``exact`` or ``sampled``."""
    plays: tuple[str, ...]
    """The legal plays, in the engine's order."""
    deals: int
    """Deals averaged (1 for an exact value)."""
    best: dict[str, list[int]] = field(default_factory=dict)
    """Each play's value in every deal, best play after it."""
    greedy: dict[str, list[int]] = field(default_factory=dict)
    """The same with the greedy finish."""
    lines: dict[str, list[Line]] = field(default_factory=dict)
    """Each play's line of best play in the first deals (as many as ``valuate``'s ``lines`` asked)."""

    def mean(self, play: str, greedy: bool = False) -> float:
        values = (self.greedy if greedy else self.best)[play]
        return sum(values) / len(values)

    def lead(self, a: str, b: str, greedy: bool = False) -> Lead:
        """The lead of play ``a`` over play ``b`` (per deal, same deals)."""
        table = self.greedy if greedy else self.best
        diffs = [x - y for x, y in zip(table[a], table[b])]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return Lead(mean, mean, mean)
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        half = Z95 * math.sqrt(var / n)
        return Lead(mean, mean - half, mean + half)

    def same(self, a: str, b: str) -> bool:
        """Whether two plays are worth the same in every deal under best play (a tie by the value the page
        defines; the greedy finish may tell them apart, and each must then lead the other plays there)."""
        return self.best[a] == self.best[b]

    def ranked(self) -> list[str]:
        """The plays by their value, best first (the engine's order among equals)."""
        return sorted(self.plays, key=lambda p: -self.mean(p))


def greedy_finish(rnd: "Round", seat: int) -> int:
    """What ``seat`` comes out with when both players play the greedy rule from ``rnd`` to the end
    (``rnd`` is played on and taken back)."""
    agent = GreedyAgent()
    made = 0
    try:
        while rnd.to_play is not None:
            rnd.play(decide(agent, rnd))
            made += 1
        out = rnd.outcome()
        assert out is not None
        return out.payments[seat]
    finally:
        for _ in range(made):
            rnd.undo()


def _value_world(world: "Round", plays: list[Play], seat: int, budget: int | None, val: "Valuation",
                 with_lines: bool) -> None:
    solver = Solver(world, seat, budget=budget)
    values = solver.values()
    best, greedy = val.best, val.greedy
    for p in plays:
        best[p.text].append(values[p.text])
        if with_lines:
            line = solver.line(p)
            assert line.value == values[p.text], (line, values)
            val.lines.setdefault(p.text, []).append(line)
        world.play(p)
        greedy[p.text].append(greedy_finish(world, seat) if world.to_play is not None else _over(world, seat))
        world.undo()


def _over(rnd: "Round", seat: int) -> int:
    out = rnd.outcome()
    assert out is not None
    return out.payments[seat]


def valuate(rnd: "Round", *, key: str, deals: int = DEALS, start: int = 0, budget: int | None = BUDGET,
            lines: int = 0) -> Valuation:
    """Every legal play of the player to move at ``rnd``, valued (exact where every card is known, else
    over the deals ``start .. start + deals - 1`` of the unseen cards drawn from ``key``); with ``lines``,
    each play's line of best play in the first ``lines`` deals too.

    Raises :class:`comet_learn.solver.BudgetExceeded` if a deal needs more than ``budget`` positions,
    ``ValueError`` for a position the solver does not value (see :class:`Solver`)."""
    seat = rnd.to_play
    if seat is None:
        raise GameStateError("the deal is over: there is nothing to value")
    plays = rnd.legal_plays()
    texts = tuple(p.text for p in plays)
    if all_known(rnd):
        val = Valuation("exact", texts, 1, {t: [] for t in texts}, {t: [] for t in texts})
        _value_world(rnd, plays, seat, None, val, lines > 0)
        return val
    view = rnd.view(seat)
    val = Valuation("sampled", texts, deals, {t: [] for t in texts}, {t: [] for t in texts})
    for i in range(start, start + deals):
        world = view.determinize(random.Random(f"{key}/{i}"))
        own = {p.text: p for p in world.legal_plays()}
        _value_world(world, [own[t] for t in texts], seat, budget, val, i - start < lines)
    return val


def answers_of(val: Valuation) -> tuple[str, ...]:
    """The plays a puzzle marks right: the best by value, and every play tied with it in every deal."""
    order = val.ranked()
    top = order[0]
    return tuple(p for p in val.plays if p == top or val.same(p, top))


def verdict(val: Valuation, margin: float = MARGIN) -> tuple[tuple[str, ...], dict[str, tuple[Lead, Lead]], bool]:
    """The answers, each other play's lead (by value, by the greedy finish) behind the answer, and whether
    the position is a puzzle: every lead clear of its interval and at least ``margin`` under both."""
    answers = answers_of(val)
    first = answers[0]
    leads: dict[str, tuple[Lead, Lead]] = {}
    ok = len(answers) < len(val.plays)
    for p in val.plays:
        if p in answers:
            continue
        lb, lg = val.lead(first, p), val.lead(first, p, greedy=True)
        leads[p] = (lb, lg)
        if not (lb.clear(margin) and lg.clear(margin)):
            ok = False
        # Tied answers are equal under best play; each must also lead under the greedy finish.
        if not all(val.lead(a, p, greedy=True).clear(margin) for a in answers[1:]):
            ok = False
    return answers, leads, ok


def summary(val: Valuation) -> dict[str, Any]:
    """Means by play (rounded to 2 places): ``{"best": {...}, "greedy": {...}}``."""
    return {"best": {p: round(val.mean(p), 2) for p in val.plays},
            "greedy": {p: round(val.mean(p, True), 2) for p in val.plays}}
