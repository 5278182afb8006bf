"""Paired A/B of two engines in one process: ``python bench/_paired.py DIR_A DIR_B [ROUNDS]``.

Each directory holds a ``comet`` package. Both are imported (each under its own module
objects) and random playouts of modern-comet-1991 (2 players) alternate between them chunk
by chunk, A then B, then B then A, so that a busy or throttled machine slows both alike.
Prints one JSON line: each engine's best and median moves/s and the median of the paired
ratios B/A. On this machine two runs of the same engine agree within about 2 %; separate runs
of one engine differ by up to 30 %.
"""

from __future__ import annotations

import importlib.util
import json
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType


def load(directory: str) -> ModuleType:
    """The ``comet`` package of ``directory``, imported afresh under the name ``comet`` (its modules
    import one another by that name; the other engine's modules stay bound to their own)."""
    for name in [k for k in sys.modules if k == "comet" or k.startswith("comet.")]:
        del sys.modules[name]
    package = Path(directory) / "comet"
    spec = importlib.util.spec_from_file_location("comet", package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    assert spec is not None and spec.loader is not None
    comet = importlib.util.module_from_spec(spec)
    sys.modules["comet"] = comet
    spec.loader.exec_module(comet)
    return comet


def chunk(comet: ModuleType, seed: int, games: int = 120) -> float:
    """Moves/s of ``games`` random deals (the variant passed as an object: no lazy import)."""
    variant = comet.VARIANTS["modern-comet-1991"]
    deal = comet.Round.deal
    pick = random.Random(seed).random
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        rnd = deal(variant, players=2, seed=seed * 1000 + g)
        while not rnd.is_over:
            plays = rnd.legal_plays()
            rnd.play(plays[int(pick() * len(plays))])
            moves += 1
    return moves / (time.perf_counter() - start)


def main() -> None:
    a, b = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    engines = {a: load(a), b: load(b)}
    rates: dict[str, list[float]] = {a: [], b: []}
    for r in range(rounds):
        for d in (a, b) if r % 2 == 0 else (b, a):
            rates[d].append(chunk(engines[d], seed=r % 5))
    ratios = [y / x for x, y in zip(rates[a], rates[b])]
    print(json.dumps({
        "a_best": max(rates[a]), "a_median": statistics.median(rates[a]),
        "b_best": max(rates[b]), "b_median": statistics.median(rates[b]),
        "ratio": statistics.median(ratios),
    }))


if __name__ == "__main__":
    main()
