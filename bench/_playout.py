"""Random playouts of one engine, for counting instructions: ``python bench/_playout.py DIR GAMES``.

``DIR`` holds a ``comet`` package; plays ``GAMES`` seeded random deals of modern-comet-1991
(2 players) and prints the number of moves. ``bench/engine.py`` runs it under valgrind's
callgrind, once with no game and once with ``GAMES``, to count an engine's instructions per move:
a count that does not depend on what else the machine is doing.
"""

from __future__ import annotations

import random
import sys


def main() -> None:
    sys.path.insert(0, sys.argv[1])
    import comet

    variant = comet.VARIANTS["modern-comet-1991"]
    pick = random.Random(3).random
    moves = 0
    for g in range(int(sys.argv[2])):
        rnd = comet.Round.deal(variant, players=2, seed=3000 + g)
        while not rnd.is_over:
            plays = rnd.legal_plays()
            rnd.play(plays[int(pick() * len(plays))])
            moves += 1
    print(moves)


if __name__ == "__main__":
    main()
