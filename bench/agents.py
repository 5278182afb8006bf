"""Agent strength: greedy vs random and search vs greedy, modern-comet-1991, 2 players.

Seeded deals with seats swapped every game (``simulate(..., rotate=True)``), 95% confidence
intervals for the win rate and the mean payment of the first-named agent, and the search
agent's time per move.  Writes the "agents" section of bench/README.md.

    python bench/agents.py [--games 2000] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time

import comet
from comet.agents import GreedyAgent, SearchAgent

from _report import write_section

VARIANT = "modern-comet-1991"


def ci_mean(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, half


def duel(a: str, b: str, games: int, seed: str, workers: int) -> dict[str, float]:
    start = time.perf_counter()
    records = comet.simulate(VARIANT, 2, [a, b], games=games, seed=seed, workers=workers, rotate=True)
    seconds = time.perf_counter() - start
    wins: list[float] = []
    pays: list[float] = []
    for r in records:
        seat = r.agents.index(a)
        wins.append(1.0 if r.winner == seat else 0.0)
        pays.append(float(r.payments[seat]))
    w, wh = ci_mean(wins)
    p, ph = ci_mean(pays)
    return {"games": games, "win": w, "win_ci": wh, "pay": p, "pay_ci": ph, "seconds": seconds}


def time_per_move(level: str, moves: int = 150) -> tuple[float, float, float]:
    """Mean, median and max seconds per search move (default time caps) against greedy."""
    times: list[float] = []
    g = 0
    while len(times) < moves:
        rnd = comet.Round.deal(VARIANT, players=2, seed=f"timing/{g}")
        agents = [SearchAgent(seed=g, level=level), GreedyAgent()]
        while not rnd.is_over and len(times) < moves:
            seat = rnd.to_play
            assert seat is not None
            if seat == 0 and len(rnd.legal_plays()) > 1:
                t = time.perf_counter()
                play = agents[0].choose(rnd)
                times.append(time.perf_counter() - t)
            else:
                play = agents[seat].choose(rnd)
            rnd.play(play)
        g += 1
    return statistics.fmean(times), statistics.median(times), max(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--normal-games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-readme", action="store_true")
    args = ap.parse_args()
    rows = []
    for a, b, games in (("greedy", "random", args.games), ("search-fast", "greedy", args.games),
                        ("search", "greedy", args.normal_games)):
        res = duel(a, b, games, f"bench-{a}-{b}", args.workers)
        rows.append((a, b, res))
        print(f"{a} vs {b}: {games} deals, win {res['win']:.3f} ± {res['win_ci']:.3f}, "
              f"payment {res['pay']:+.2f} ± {res['pay_ci']:.2f} ({res['seconds']:.0f} s)", flush=True)
    timings = {}
    for level in ("fast", "normal"):
        timings[level] = time_per_move(level)
        m, med, mx = timings[level]
        print(f"search level {level}: {m * 1000:.0f} ms/move mean, {med * 1000:.0f} median, {mx * 1000:.0f} max")
    if args.no_readme:
        return
    lines = [
        f"`python bench/agents.py` ({VARIANT}, 2 players, seeded deals, seats swapped every deal; "
        f"{args.workers} worker processes on {os.cpu_count()} cores). Win rate and mean net payment "
        "(chips) of the first agent, with 95% confidence intervals (normal approximation).",
        "",
        "| match | deals | win rate | mean payment | wall time |",
        "|---|---:|---:|---:|---:|",
    ]
    for a, b, r in rows:
        lines.append(f"| {a} vs {b} | {r['games']:,} | {r['win']:.3f} ± {r['win_ci']:.3f} | "
                     f"{r['pay']:+.2f} ± {r['pay_ci']:.2f} | {r['seconds']:.0f} s |")
    lines += [
        "",
        "`search-fast` is `SearchAgent(level=\"fast\")` (40 playouts a move), `search` the default level "
        "(400 playouts); in the matches they run without a time cap, so results are reproducible.",
        "",
        "Search time per move (default time caps, moves with a choice, against greedy):",
        "",
        "| level | mean | median | max |",
        "|---|---:|---:|---:|",
    ]
    for level, (m, med, mx) in timings.items():
        lines.append(f"| {level} | {m * 1000:.0f} ms | {med * 1000:.0f} ms | {mx * 1000:.0f} ms |")
    write_section("agents", "Agents: strength and speed", "\n".join(lines))


if __name__ == "__main__":
    main()
