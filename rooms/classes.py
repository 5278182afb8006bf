"""A teacher's view of a class: every table at a glance, and the results as the tournament of the
teachers' kit counts them (``book/teachers.md``, "Class activity: a tournament that tests C1").

The kit's tournament records, for every deal, whether the first hand (who leads the deal) won, pools
the class's tally and reads it against a fair share (one in as many as there are players), with the
book's interval at the book's level (:data:`bookkit.stats.LEVEL`; Wilson's score interval, as
:func:`bookkit.stats.proportion_ci` computes it, here with the standard library so that the room
server needs no statistics package: ``tests/test_rooms.py`` checks the two agree). The server sends
the view as data and sentences in the teacher's language; the teacher's page draws it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Sequence

from bookkit.stats import LEVEL, verdict
from comet_render.i18n import number, percent, words
from rooms.state import Room, code_text
from widgets.controllers.checks import PERSON


def wilson(k: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """Wilson's score interval of ``k`` successes in ``n`` trials at ``level``."""
    if n <= 0:
        return (math.nan, math.nan)
    z = NormalDist().inv_cdf(1 - (1 - level) / 2)
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Tally:
    """The class's pooled tally: deals finished, deals won by their first hand, the fair share (the mean
    of one over the players of each deal) and the interval of the first hand's share."""

    deals: int
    first_wins: int
    fair: float
    low: float
    high: float


def tally(rooms: Sequence[Room], level: float = LEVEL) -> Tally:
    results = [r for room in rooms for r in room.results]
    deals = len(results)
    wins = sum(1 for r in results if r.winner == r.first)
    fair = sum(1 / r.players for r in results) / deals if deals else math.nan
    low, high = wilson(wins, deals, level)
    return Tally(deals, wins, fair, low, high)


def tally_text(t: Tally, lang: str, level: float = LEVEL) -> str:
    """The tally in a sentence, as the kit reads it: the share, the fair share, the interval and its verdict."""
    _ = words(lang)
    if not t.deals:
        return _("No deal is finished yet: the tally of first hands' wins starts with the first settlement.")
    judged = verdict(t.low, t.high, t.fair)
    said = {"better": _("above a fair share"), "worse": _("below a fair share"),
            "no different": _("not distinguishable from a fair share")}[judged]
    return _.ngettext("First hands won {k} of {n} deal ({share}); a fair share is {fair}. The {level} interval of "
                      "their share runs from {low} to {high}: {verdict}.",
                      "First hands won {k} of {n} deals ({share}); a fair share is {fair}. The {level} interval of "
                      "their share runs from {low} to {high}: {verdict}.", t.deals,
                      k=number(t.first_wins, lang), share=percent(t.first_wins / t.deals, lang),
                      fair=percent(t.fair, lang), level=percent(level, lang), low=percent(t.low, lang),
                      high=percent(t.high, lang), verdict=said)


def table_row(room: Room, present: set[int], turn: str, deal: int, lang: str) -> dict[str, object]:
    """One table of the class at a glance: its code, its seats (who sits, who is here, stand-ins), the deal,
    whose turn, the deals finished and how many their first hand won."""
    _ = words(lang)
    seats = [{"name": s.name or (_("free seat") if s.kind == PERSON else _("bot")), "person": s.kind == PERSON,
              "taken": s.taken, "here": i in present or s.kind != PERSON, "stand_in": s.stand_in}
             for i, s in enumerate(room.seats)]
    return {"code": room.code, "shown": code_text(room.code), "seats": seats, "started": room.started, "deal": deal,
            "turn": turn, "deals": len(room.results),
            "first_wins": sum(1 for r in room.results if r.winner == r.first)}
