"""The search player: determinized Monte Carlo ("perfect information Monte Carlo") from a seat's
view, and hints.

:class:`SearchAgent` deals the unseen cards at random (:meth:`RoundView.determinize`), tries each
candidate play in every sampled deal, finishes the deal with greedy play, and keeps the play of
best mean payment. ``budget`` is the number of playouts, ``time_limit`` a cap in seconds;
``level="fast"`` answers in about 50 ms for the playing pages. :func:`hint` ranks every legal
play of the player to move with its estimated win chance and expected payment (a "hint" button).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from comet.cards import Card
from comet.errors import GameStateError, InvalidOptionError, check_count, check_seed, shown
from comet.greedy import greedy_play
from comet.plays import CARDS, CLAIM, Play

if TYPE_CHECKING:
    from comet.round import Round
    from comet.variant import Rules
    from comet.view import RoundView


LEVELS: dict[str, tuple[int, float | None]] = {
    "fast": (40, 0.05),
    "normal": (400, 0.9),
    "strong": (2000, 5.0),
}
"""``level -> (playouts, time limit in seconds)``: ``fast`` for the playing pages (≲50 ms a
move), ``normal`` the default (under 1 s a move on a small machine), ``strong`` for analysis."""


@dataclass(frozen=True)
class Hint:
    """One legal play with its estimated value for the player to move."""

    play: Play
    win: float
    """Estimated chance of winning the deal (0..1)."""
    payment: float
    """Estimated net payment at the end of the deal (in the variant's unit)."""
    playouts: int

    def __str__(self) -> str:
        return f"{self.play.text}: win {self.win:.0%}, payment {self.payment:+.1f} ({self.playouts} playouts)"


def _signature(p: Play, rules: "Rules", special: frozenset[Card]) -> Any:
    """Plays that are the same for the rules (a 7♥ or a 7♠ when suits do not matter)."""
    if p.kind is not CARDS or rules.in_suit or any(c in special for c in p.cards):
        return p.text
    return ("cards", tuple(c.rank for c in p.cards), p.rank)


def _rollout(rnd: "Round", rng: random.Random, epsilon: float) -> None:
    """Finish a sampled deal with greedy play (a random play with chance ``epsilon``)."""
    rules = rnd.rules
    wilds = rnd.wilds
    while rnd.to_play is not None:
        legal = rnd.legal_plays()
        if len(legal) == 1:
            rnd.play(legal[0])
        elif epsilon and rng.random() < epsilon:
            rnd.play(legal[rng.randrange(len(legal))])
        else:
            rnd.play(greedy_play(rnd.hands[rnd.to_play], legal, rnd.targets, rules, wilds))


def evaluate(
    view: "RoundView",
    plays: Sequence[Play],
    *,
    rng: random.Random,
    playouts: int,
    time_limit: float | None = None,
    epsilon: float = 0.0,
) -> list[Hint]:
    """Estimate each play by determinized playouts from ``view`` (the mover's information only).

    Each sampled deal is shared by all the plays (common random numbers).  At least one
    sample is always taken; then sampling stops at ``playouts`` playouts in all or after
    ``time_limit`` seconds.
    """
    seat = view.seat
    rules = view.variant.rules
    special = view.wilds | frozenset(Card.parse(t) for t in rules.hoc_cards)
    groups: dict[Any, list[Play]] = {}
    for p in plays:
        groups.setdefault(_signature(p, rules, special), []).append(p)
    reps = [members[0] for members in groups.values()]
    pay = [0.0] * len(reps)
    wins = [0.0] * len(reps)
    samples = 0
    start = time.perf_counter()
    while True:
        world = view.determinize(rng)
        for i, p in enumerate(reps):
            sim = world.copy()
            sim.play(p)
            _rollout(sim, rng, epsilon)
            out = sim.outcome()
            if out is not None:
                pay[i] += out.payments[seat]
                if out.winner == seat:
                    wins[i] += 1
        samples += 1
        if samples * len(reps) >= playouts:
            break
        if time_limit is not None and time.perf_counter() - start >= time_limit:
            break
    hints: list[Hint] = []
    for i, (sig, members) in enumerate(groups.items()):
        for p in members:
            hints.append(Hint(p, wins[i] / samples, pay[i] / samples, samples))
    order = {p: k for k, p in enumerate(plays)}
    hints.sort(key=lambda h: (-h.payment, -h.win, order[h.play]))
    return hints


class SearchAgent:
    """Determinized Monte Carlo search with greedy playouts, seeing only its own view.

    ``budget`` is the number of playouts per move (each candidate play finished in each
    sampled deal); ``time_limit`` (seconds) caps the time per move, ``None`` for no cap
    (reproducible whatever the machine).  ``level`` picks both from :data:`LEVELS`.
    """

    name = "search"

    def __init__(
        self,
        seed: Any = None,
        budget: int | None = None,
        *,
        level: str = "normal",
        time_limit: float | None | str = "level",
        epsilon: float = 0.1,
    ) -> None:
        if level.__class__ is not str or level not in LEVELS:
            raise InvalidOptionError(f"level must be one of {', '.join(LEVELS)}, not {shown(level)}")
        default_budget, default_time = LEVELS[level]
        self.seed, self.level = check_seed(seed), level
        self.budget = default_budget if budget is None else check_count(budget, "budget")
        if self.budget < 1:
            raise InvalidOptionError(f"budget must be at least 1 playout, not {budget!r}")
        if not (time_limit is None or time_limit == "level" or _fraction(time_limit, 10**6)):
            raise InvalidOptionError(f"time_limit must be 'level', None or seconds (at least 0), not {shown(time_limit)}")
        if not _fraction(epsilon, 1):
            raise InvalidOptionError(f"epsilon must be a chance from 0 to 1, not {shown(epsilon)}")
        self.time_limit: float | None = default_time if time_limit == "level" else time_limit  # type: ignore[assignment]
        self.epsilon = epsilon
        self.rng = random.Random(seed)

    def choose(self, view: "RoundView") -> Play:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        for p in legal:
            if p.kind is CLAIM:
                return p  # the manille's fiche: always worth claiming
        candidates = self._candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        hints = evaluate(view, candidates, rng=self.rng, playouts=self.budget, time_limit=self.time_limit,
                         epsilon=self.epsilon)
        return hints[0].play

    def _candidates(self, view: "RoundView", legal: list[Play], limit: int = 12) -> list[Play]:
        """The legal plays worth searching: all of them, or the greedy favourites if many."""
        if len(legal) <= limit:
            return legal
        rules = view.variant.rules
        # Keep every natural play; of the wild nominations keep those greedy likes best.
        natural = [p for p in legal if p.wild is None]
        wild = [p for p in legal if p.wild is not None]
        ranked: list[Play] = []
        pool = list(wild)
        while pool and len(ranked) < 3:
            pick = greedy_play(view.hand, pool, view.targets, rules, view.wilds)
            ranked.append(pick)
            pool.remove(pick)
        if not ranked and wild:
            ranked = wild[:3]
        return natural + ranked

    def spawn(self, seed: Any) -> "SearchAgent":
        return SearchAgent(seed, self.budget, level=self.level, time_limit=self.time_limit, epsilon=self.epsilon)

    def __repr__(self) -> str:
        return f"SearchAgent(seed={self.seed!r}, budget={self.budget}, level={self.level!r}, time_limit={self.time_limit})"


def _fraction(value: Any, top: float) -> bool:
    """Whether ``value`` is a number (not a bool) from 0 to ``top``."""
    return value.__class__ in (int, float) and 0 <= value <= top


def hint(rnd: "Round", *, playouts: int = 400, time_limit: float | None = 1.0, seed: Any = 0) -> list[Hint]:
    """Every legal play of the player to move, best first, with its estimated value.

    The estimate uses only what the player to move may see (its view): the unseen cards
    are dealt at random ``playouts / len(plays)`` times or for ``time_limit`` seconds.

    >>> import comet
    >>> rnd = comet.Round.deal("modern-comet-1991", players=2, seed=3)
    >>> hints = comet.hint(rnd, playouts=40, time_limit=None)
    >>> sorted(h.play.text for h in hints) == sorted(p.text for p in rnd.legal_plays())
    True
    """
    if rnd.to_play is None:
        raise GameStateError("the round is over: there is no play to hint")
    view = rnd.view(rnd.to_play)
    legal = list(view.legal)
    return evaluate(view, legal, rng=random.Random(seed), playouts=playouts, time_limit=time_limit)
