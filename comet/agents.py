"""Players to learn against: a random player, a greedy player, a search player, and hints.

Every agent has ``choose(view) -> Play``: one of ``view.legal``, decided from what its seat may
see (a :class:`~comet.view.RoundView`), never from the round itself. :func:`decide` is how a
caller asks: it builds the view of the seat to move and hands it over, so a bot cannot reach
another player's hand.

* :class:`RandomAgent` picks uniformly among the legal plays (its own ``random.Random``).
* :class:`GreedyAgent` follows the period advice (:mod:`comet.greedy`).
* :class:`SearchAgent` is determinized Monte Carlo with greedy playouts (:mod:`comet.search`).
* :func:`hint` ranks every legal play of the player to move (a "hint" button).

>>> import comet
>>> from comet.agents import GreedyAgent, decide
>>> rnd = comet.Round.deal("modern-comet-1991", players=2, seed=1)
>>> decide(GreedyAgent(), rnd) in rnd.legal_plays()
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from comet.errors import GameStateError, InvalidOptionError, check_seed, shown
from comet.greedy import greedy_play, hand_quality
from comet.plays import Play
from comet.search import LEVELS, Hint, SearchAgent, evaluate, hint
from comet.search import _signature as _signature  # the puzzles group plays by it

if TYPE_CHECKING:
    from comet.round import Round
    from comet.view import RoundView

__all__ = ["Agent", "RandomAgent", "GreedyAgent", "SearchAgent", "Hint", "hint", "make_agent", "decide", "LEVELS",
           "evaluate", "greedy_play", "hand_quality"]


class Agent(Protocol):
    """Anything with ``choose(view) -> Play``: a play of ``view.legal`` for the view's seat."""

    def choose(self, view: "RoundView") -> Play: ...


def decide(agent: Agent, rnd: "Round") -> Play:
    """The play ``agent`` chooses for the seat to move of ``rnd``: the one way every caller
    (simulations, pages, puzzles, the book) asks a bot for a play. The bot is given that seat's
    view (built here, once per decision), never the round."""
    seat = rnd.to_play
    if seat is None:
        raise GameStateError("the round is over: nobody is to play")
    return agent.choose(rnd.view(seat))


class RandomAgent:
    """Uniformly random legal plays, from its own ``random.Random(seed)``."""

    name = "random"

    def __init__(self, seed: Any = None) -> None:
        self.seed = check_seed(seed)
        self.rng = random.Random(seed)

    def choose(self, view: "RoundView") -> Play:
        legal = view.legal
        return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]

    def spawn(self, seed: Any) -> "RandomAgent":
        """A fresh agent of the same kind with another seed (for simulations)."""
        return RandomAgent(seed)

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"


class GreedyAgent:
    """The period advice as a one-move rule (no look-ahead, no randomness)."""

    name = "greedy"

    def choose(self, view: "RoundView") -> Play:
        return greedy_play(view.hand, view.legal, view.targets, view.rules, view.wilds)

    def spawn(self, seed: Any) -> "GreedyAgent":
        return self

    def __repr__(self) -> str:
        return "GreedyAgent()"


def make_agent(spec: Any, seed: Any = None, *, time_limit: float | None = None) -> Agent:
    """An agent from a name (``"random"``, ``"greedy"``, ``"search"``, ``"search-fast"``,
    ``"search-strong"``; named search agents use the level's playouts without a time cap, so
    that simulations are reproducible, unless ``time_limit`` caps each move, as the playing
    pages do to stay responsive) or an agent (respawned with ``seed`` if it can be)."""
    if isinstance(spec, str):
        name = spec.lower()
        check_seed(seed)
        if name == "random":
            return RandomAgent(seed)
        if name == "greedy":
            return GreedyAgent()
        if name.startswith("search"):
            # Playouts only, no time cap: the same choices on any machine (reproducible simulations).
            level = name.partition("-")[2] or "normal"
            return SearchAgent(seed, level=level, time_limit=time_limit)
        raise InvalidOptionError(f"unknown agent {shown(spec)}: use 'random', 'greedy', 'search' or 'search-fast'")
    spawn = getattr(spec, "spawn", None)
    if spawn is not None:
        return spawn(seed)  # type: ignore[no-any-return]
    if hasattr(spec, "choose"):
        return spec  # type: ignore[no-any-return]
    if callable(spec):
        return spec(seed)  # type: ignore[no-any-return]
    raise InvalidOptionError(f"an agent is a name (e.g. 'greedy'), an object with choose(view), or a factory taking a "
                             f"seed; not {shown(spec)}")
