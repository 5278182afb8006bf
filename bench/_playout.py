"""Random playouts of one engine, for counting instructions: ``PYTHONPATH=DIR python bench/_playout.py GAMES [BOTS]``.

``DIR`` holds the ``comet`` package to measure (``PYTHONPATH`` puts it before the installed one);
plays ``GAMES`` seeded random deals of modern-comet-1991 (2 players) and prints the number of
moves. ``BOTS`` (``random`` or ``greedy``) has the players choose through
``comet.agents.decide`` (a seat's view each move) rather than ``legal_plays()`` and a random
pick. ``bench/engine.py`` runs it under valgrind's callgrind, once with no game and once with
``GAMES``, to count an engine's instructions per move: a count that does not depend on what
else the machine is doing.
"""

from __future__ import annotations

import random
import sys


def main() -> None:
    import comet

    variant = comet.VARIANTS["modern-comet-1991"]
    pick = random.Random(3).random
    bots = sys.argv[2] if len(sys.argv) > 2 else ""
    if bots:
        from comet.agents import make_agent

        # How callers ask a bot: decide(agent, rnd) (a seat's view), or, in engines before it, agent.choose(rnd).
        decide = getattr(comet.agents, "decide", lambda agent, rnd: agent.choose(rnd))
    moves = 0
    for g in range(int(sys.argv[1])):
        rnd = comet.Round.deal(variant, players=2, seed=3000 + g)
        if bots:
            agent = make_agent(bots, 3000 + g)
            while not rnd.is_over:
                rnd.play(decide(agent, rnd))
                moves += 1
            continue
        while not rnd.is_over:
            plays = rnd.legal_plays()
            rnd.play(plays[int(pick() * len(plays))])
            moves += 1
    print(moves)


if __name__ == "__main__":
    main()
