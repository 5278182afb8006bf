"""Players to learn against: a random player, a greedy player, a search player, and hints.

Every agent has ``choose(round) -> Play``: one of ``round.legal_plays()`` for the player
to move, decided from ``round.view(round.to_play)`` only (what that player may see).

* :class:`RandomAgent` picks uniformly among the legal plays (its own ``random.Random``).
* :class:`GreedyAgent` follows the period advice (S0, S1, Enc; digest C6/C7): lead the low
  end of your longest run; shed high cards and aces early (an ace can only be led); keep a
  king to regain the lead; use the comet when stuck rather than leading it; always claim;
  redeal a hand without a stop or a run; in an exchange, throw isolated high cards.
* :class:`SearchAgent` is determinized Monte Carlo ("perfect information Monte Carlo"):
  it deals the unseen cards at random (:meth:`RoundView.determinize`), tries each
  candidate play in every sampled deal and finishes the deal with greedy play, and keeps
  the play of best mean payment.  ``budget`` is the number of playouts, ``time_limit`` a
  cap in seconds; ``level="fast"`` answers in about 50 ms for the playing pages.
* :func:`hint` ranks every legal play of the player to move with its estimated win
  chance and expected payment (a "hint" button).

>>> import comet
>>> from comet.agents import GreedyAgent
>>> rnd = comet.Round.deal("modern-comet-1991", players=2, seed=1)
>>> GreedyAgent().choose(rnd) in rnd.legal_plays()
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Sequence

from comet.cards import ACE, KING, Card
from comet.errors import GameStateError, InvalidOptionError
from comet.plays import CARDS, CLAIM, DISCARD, DRAW, KEEP, PASS, REDEAL, Play

if TYPE_CHECKING:
    from comet.round import Round
    from comet.variant import Rules
    from comet.view import RoundView

__all__ = ["Agent", "RandomAgent", "GreedyAgent", "SearchAgent", "Hint", "hint", "make_agent", "decide", "LEVELS"]


class Agent(Protocol):
    """Anything with ``choose(round) -> Play``."""

    def choose(self, rnd: "Round") -> Play: ...


def decide(agent: Agent, rnd: "Round") -> Play:
    """The play ``agent`` chooses for the seat to move of ``rnd``: the one way every caller
    (simulations, pages, puzzles, the book) asks a bot for a play, so that what a bot may see is
    decided here, in one place."""
    return agent.choose(rnd)


def _seat(rnd: "Round") -> int:
    seat = rnd.to_play
    if seat is None:
        raise GameStateError("the round is over: nobody is to play")
    return seat


# ---------------------------------------------------------------------- random
class RandomAgent:
    """Uniformly random legal plays, from its own ``random.Random(seed)``."""

    name = "random"

    def __init__(self, seed: Any = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, rnd: "Round") -> Play:
        _seat(rnd)
        legal = rnd.legal_plays()  # the same list as ``rnd.view(seat).legal``: public to the mover
        return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]

    def spawn(self, seed: Any) -> "RandomAgent":
        """A fresh agent of the same kind with another seed (for simulations)."""
        return RandomAgent(seed)

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"


# ---------------------------------------------------------------------- greedy
class GreedyAgent:
    """The period advice as a one-move rule (no look-ahead, no randomness)."""

    name = "greedy"

    def choose(self, rnd: "Round") -> Play:
        view = rnd.view(_seat(rnd))
        return greedy_play(view.hand, view.legal, view.targets, view.variant.rules, view.wilds)

    def spawn(self, seed: Any) -> "GreedyAgent":
        return self

    def __repr__(self) -> str:
        return "GreedyAgent()"


def _counts(hand: Sequence[Card], wilds: frozenset[Card], in_suit: bool) -> dict[Any, int]:
    counts: dict[Any, int] = {}
    for c in hand:
        if c not in wilds:
            key: Any = (c.rank, c.suit) if in_suit else c.rank
            counts[key] = counts.get(key, 0) + 1
    return counts


def _run_from(counts: dict[Any, int], rank: int, suit: str, in_suit: bool, same_too: bool) -> int:
    """Cards of this hand a run starting at ``rank`` (``suit``) would shed, kings stopping it."""
    n = 0
    r = rank
    while r <= KING:
        k = counts.get((r, suit) if in_suit else r, 0)
        if not k:
            break
        n += k if same_too else 1
        r += 1
    return n


def _isolated(counts: dict[Any, int], c: Card, in_suit: bool) -> bool:
    if in_suit:
        return not counts.get((c.rank - 1, c.suit)) and not counts.get((c.rank + 1, c.suit))
    return not counts.get(c.rank - 1) and not counts.get(c.rank + 1) and counts.get(c.rank, 0) < 2


def hand_quality(hand: Sequence[Card], wilds: frozenset[Card], in_suit: bool = False) -> float:
    """A rough worth of a hand before play: stops (kings, wild cards) and the longest run."""
    counts = _counts(hand, wilds, in_suit)
    stops = sum(1 for c in hand if c.rank == KING or c in wilds)
    longest = max((_run_from(counts, c.rank, c.suit, in_suit, False) for c in hand if c not in wilds), default=0)
    isolated = sum(1 for c in hand if c not in wilds and c.rank != KING and _isolated(counts, c, in_suit))
    return stops + longest / 3 - isolated / max(len(hand), 1)


def greedy_play(
    hand: Sequence[Card],
    legal: Sequence[Play],
    targets: Any,
    rules: "Rules",
    wilds: frozenset[Card],
) -> Play:
    """The greedy choice among ``legal`` for a player holding ``hand``."""
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    kind = first.kind
    if kind is CLAIM:
        return first
    if kind is KEEP or kind is REDEAL:
        keep = hand_quality(hand, wilds, rules.in_suit) >= 1.0
        want = KEEP if keep else REDEAL
        for p in legal:
            if p.kind == want:
                return p
        return first
    if kind is DRAW:
        return _exchange(hand, legal, rules, wilds)
    return _card_choice(hand, legal, targets, rules, wilds)


def _exchange(hand: Sequence[Card], legal: Sequence[Play], rules: "Rules", wilds: frozenset[Card]) -> Play:
    """Throw the worst isolated card (high pips, never a king or a wild), else draw."""
    in_suit = rules.in_suit
    counts = _counts(hand, wilds, in_suit)
    best: Play | None = None
    best_score = 0.0
    for p in legal:
        if p.kind is not DISCARD:
            continue
        c = p.cards[0]
        if c in wilds or c.rank == KING or not _isolated(counts, c, in_suit):
            continue
        score = c.pips + (12 if c.rank == ACE else 0)
        if score > best_score:
            best, best_score = p, score
    if best is not None and best_score >= 6:
        return best
    for p in legal:
        if p.kind is DRAW:
            return p
    return legal[0]


def _card_choice(
    hand: Sequence[Card], legal: Sequence[Play], targets: Any, rules: "Rules", wilds: frozenset[Card]
) -> Play:
    in_suit = rules.in_suit
    same_too = rules.follow != "next"
    counts = _counts(hand, wilds, in_suit)
    size = len(hand)
    leading = targets is None
    naturals_available = False
    for p in legal:
        if p.kind is CARDS and p.wild is None:
            naturals_available = True
            break
    best = legal[0]
    best_score = -1e9
    for p in legal:
        kind = p.kind
        if kind is CLAIM:
            return p
        if kind is PASS:
            score = -50.0
        elif kind is not CARDS:
            score = -100.0
        else:
            n = len(p.cards)
            rank = p.rank
            suit = p.suit or (p.cards[0].suit if in_suit else "")
            if n == size:
                return p  # goes out
            after = _run_from(counts, rank + 1, suit, in_suit, same_too) if rank < KING else 0
            if p.wild is not None:
                # The comet: a sure stop (or bridge) that pays; keep it for when stuck.
                if len(p.naturals):
                    score = 30.0 + 3 * n
                elif leading:
                    score = 8.0 if size <= 2 else -20.0 + after
                elif not naturals_available:
                    score = 20.0 + after
                else:
                    score = -10.0 + after
                if rules.wild_mode != "stop":
                    score += 2 * after
            else:
                c = p.cards[0]
                run = (_run_from(counts, rank, suit, in_suit, same_too) if leading else 1 + after)
                score = 10.0 * run + 4 * (n - 1) + c.pips * 0.3
                if rank == ACE:
                    score += 6  # late aces are hard to shed
                if rank == KING:
                    if leading and n == 1 and size > 2:
                        score -= 25  # keep a king to regain the lead
                    else:
                        score += 5  # a king met on the way stops and keeps the lead
                if c in wilds:
                    score -= 5
        if score > best_score:
            best, best_score = p, score
    return best


# ---------------------------------------------------------------------- search
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
        if level not in LEVELS:
            raise InvalidOptionError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        default_budget, default_time = LEVELS[level]
        self.seed = seed
        self.level = level
        self.budget = default_budget if budget is None else int(budget)
        if self.budget < 1:
            raise InvalidOptionError(f"budget must be at least 1 playout, not {budget!r}")
        self.time_limit: float | None = default_time if time_limit == "level" else time_limit  # type: ignore[assignment]
        self.epsilon = epsilon
        self.rng = random.Random(seed)

    def choose(self, rnd: "Round") -> Play:
        view = rnd.view(_seat(rnd))
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
    view = rnd.view(_seat(rnd))
    legal = list(view.legal)
    return evaluate(view, legal, rng=random.Random(seed), playouts=playouts, time_limit=time_limit)


def make_agent(spec: Any, seed: Any = None, *, time_limit: float | None = None) -> Agent:
    """An agent from a name (``"random"``, ``"greedy"``, ``"search"``, ``"search-fast"``,
    ``"search-strong"``; named search agents use the level's playouts without a time cap, so
    that simulations are reproducible, unless ``time_limit`` caps each move, as the playing
    pages do to stay responsive) or an agent (respawned with ``seed`` if it can be)."""
    if isinstance(spec, str):
        name = spec.lower()
        if name == "random":
            return RandomAgent(seed)
        if name == "greedy":
            return GreedyAgent()
        if name.startswith("search"):
            # Playouts only, no time cap: the same choices on any machine (reproducible simulations).
            level = name.partition("-")[2] or "normal"
            return SearchAgent(seed, level=level, time_limit=time_limit)
        raise InvalidOptionError(f"unknown agent {spec!r}: use 'random', 'greedy', 'search' or 'search-fast'")
    spawn = getattr(spec, "spawn", None)
    if spawn is not None:
        return spawn(seed)  # type: ignore[no-any-return]
    if hasattr(spec, "choose"):
        return spec  # type: ignore[no-any-return]
    if callable(spec):
        return spec(seed)  # type: ignore[no-any-return]
    raise TypeError(f"an agent is a name, an object with choose(round), or a factory taking a seed; not {spec!r}")
