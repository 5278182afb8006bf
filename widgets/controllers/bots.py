"""The bots of the widgets' game flow: one checked play, and a whole deal played out (no ipywidgets).

The one way a page asks a bot for a play (the table's :meth:`~widgets.controllers.table.TableController.bot_step`,
the step-through's and the score calculator's deals played by bots): through :func:`comet.agents.decide`,
so a bot sees its seat only.
"""

from __future__ import annotations

import random
from typing import Any

import comet
from comet.agents import decide

MAX_PLAYS = 5000
"""A deal played out by bots stops after this many plays (none comes near it)."""


def bot_play(agent: Any, rnd: comet.Round, fallback: random.Random) -> comet.Play:
    """The play ``agent`` chooses for the seat to move of ``rnd`` (a random legal play from ``fallback``
    for a seat without one), checked: a bot that chooses a play that is not legal is a bug, and raises."""
    legal = rnd.legal_plays()
    play = decide(agent, rnd) if agent is not None else fallback.choice(legal)
    if play not in legal:
        raise RuntimeError(f"the bot {type(agent).__name__} chose {play!r}, which is not a legal play here")
    return play


def play_out(variant: comet.Variant, players: int, seed: int, bot: str = "greedy") -> comet.Round:
    """A whole deal of ``variant`` dealt from ``seed`` and played by bots of the kind ``bot`` (seat ``s``'s
    seeded ``f"{seed}/{s}"``)."""
    rnd = comet.Round.deal(variant, players=players, seed=seed)
    agents = [comet.agents.make_agent(bot, seed=f"{seed}/{s}") for s in range(players)]
    fallback = random.Random(seed)
    for _ in range(MAX_PLAYS):
        if rnd.is_over or rnd.to_play is None:
            break
        rnd.play(bot_play(agents[rnd.to_play], rnd, fallback))
    return rnd
