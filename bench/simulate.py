"""Time 100,000 random deals of modern-comet-1991 with 2 players through comet.simulate.

    python -m bench.simulate [--games 100000] [--workers N] [--smoke]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import comet

from bench._report import SMOKE_HELP, write_section


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-readme", action="store_true")
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    args = ap.parse_args(argv)
    if args.smoke:
        args.games, args.workers, args.no_readme = 20, 1, True
    start = time.perf_counter()
    records = comet.simulate("modern-comet-1991", 2, "random", games=args.games, seed=2024, workers=args.workers)
    seconds = time.perf_counter() - start
    moves = sum(r.moves for r in records)
    first = statistics.fmean(1.0 if r.winner == r.leader else 0.0 for r in records)
    print(f"{args.games:,} games in {seconds:.1f} s with {args.workers} workers: "
          f"{args.games / seconds:,.0f} games/s, {moves / seconds:,.0f} moves/s; first hand wins {first:.3f}")
    if args.no_readme:
        return
    body = (
        f"`python -m bench.simulate`: {args.games:,} random deals of modern-comet-1991 (2 players) through "
        f"`comet.simulate(..., workers={args.workers})` on {os.cpu_count()} cores, records included.\n\n"
        f"| games | workers | wall time | games/s | moves/s | target |\n|---:|---:|---:|---:|---:|---|\n"
        f"| {args.games:,} | {args.workers} | {seconds:.1f} s | {args.games / seconds:,.0f} | "
        f"{moves / seconds:,.0f} | < 60 s: {'met' if seconds < 60 else 'NOT met'} |\n\n"
        f"By the way: the first hand (eldest) won {first:.1%} of these random deals (claim C1)."
    )
    write_section("simulate", "Simulation: 100,000 random games", body)


if __name__ == "__main__":
    main()
