"""Engine benchmark: random playouts through the public API, per variant.

Each move is ``round.legal_plays()`` then ``round.play(choice)``, exactly as a user's
script drives the engine.  Reports moves/s and games/s on one core (best of several
repeats, process time) and the peak memory of one game (tracemalloc).  Writes the
"Engine" section of ``bench/README.md``.

Target (issue 2): at least 250,000 moves/s for ``modern-comet-1991`` with 2 players.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc

from comet import VARIANTS, Round

from _report import write_section

TARGET = 250_000


def playouts(variant: str, players: int, games: int, seed: int = 0) -> tuple[int, float]:
    """Play ``games`` random deals; return (moves, process seconds)."""
    rng = random.Random(seed)
    pick = rng.random
    moves = 0
    start = time.process_time()
    for g in range(games):
        rnd = Round.deal(variant, players=players, seed=seed * 1_000_003 + g)
        while not rnd.is_over:
            plays = rnd.legal_plays()
            rnd.play(plays[int(pick() * len(plays))])
            moves += 1
    return moves, time.process_time() - start


def peak_memory(variant: str, players: int) -> int:
    """Peak bytes allocated while dealing and playing one game."""
    tracemalloc.start()
    playouts(variant, players, 1, seed=7)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def measure(variant: str, players: int, games: int, repeats: int) -> dict[str, float]:
    best = None
    for r in range(repeats):
        moves, seconds = playouts(variant, players, games, seed=r)
        rate = moves / seconds
        if best is None or rate > best["moves_s"]:
            best = {"moves_s": rate, "games_s": games / seconds, "moves_game": moves / games}
    assert best is not None
    best["peak_kib"] = peak_memory(variant, players) / 1024
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per measurement (default 2000)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="fewer games, for a smoke run")
    parser.add_argument("--no-write", action="store_true", help="do not update bench/README.md")
    args = parser.parse_args()
    games = 200 if args.quick else args.games
    rows = []
    headline = measure("modern-comet-1991", 2, games * 2, args.repeats)
    for vid, variant in VARIANTS.items():
        players = min(variant.players)
        result = headline if (vid, players) == ("modern-comet-1991", 2) else measure(vid, players, games, 1)
        rows.append((vid, players, result))
        print(f"{vid:24} {players}p {result['moves_s']:>10,.0f} moves/s {result['games_s']:>8,.0f} games/s "
              f"{result['moves_game']:6.1f} moves/game  peak {result['peak_kib']:7.1f} KiB", flush=True)
    ok = headline["moves_s"] >= TARGET
    lines = [
        f"Random playouts through the public API (`legal_plays()` then `play()`), one core, best of "
        f"{args.repeats} runs of {games * 2} games for the headline, process time. Python "
        f"{sys.version.split()[0]}. Run with `make bench`.",
        "",
        f"**modern-comet-1991, 2 players: {headline['moves_s']:,.0f} moves/s** "
        f"(target {TARGET:,}: {'met' if ok else 'NOT met'}).",
        "",
        "| variant | players | moves/s | games/s | moves/game | peak memory of one game |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for vid, players, r in rows:
        lines.append(f"| {vid} | {players} | {r['moves_s']:,.0f} | {r['games_s']:,.0f} | "
                     f"{r['moves_game']:.1f} | {r['peak_kib']:.0f} KiB |")
    if not args.no_write:
        write_section("engine", "Engine: random playouts", "\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
