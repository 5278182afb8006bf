"""Agent strength: greedy vs random and search vs greedy, modern-comet-1991, 2 players;
then our search player against OpenSpiel's IS-MCTS.

Seeded deals with seats swapped every game (``simulate(..., rotate=True)``), 95% confidence
intervals for the win rate and the mean payment of the first-named agent, and the search
agent's time per move.  Writes the "agents" section of bench/README.md, and the
"agents-ismcts" section (``SearchAgent`` at the fast and default levels against
``ISMCTSBot`` given about the same time per move, every seat in turn, on modern comet for
two and the 1718 comet for three; skipped when open_spiel is not installed).

    python -m bench.agents [--games 2000] [--workers 2] [--ismcts-only] [--smoke]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

import comet
from comet.agents import LEVELS, GreedyAgent, SearchAgent, decide

from bench._report import SMOKE_HELP, ci_mean, write_section

VARIANT = "modern-comet-1991"


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
        agents: list[comet.agents.Agent] = [SearchAgent(seed=g, level=level), GreedyAgent()]
        while not rnd.is_over and len(times) < moves:
            seat = rnd.to_play
            assert seat is not None
            if seat == 0 and len(rnd.legal_plays()) > 1:
                t = time.perf_counter()
                play = decide(agents[0], rnd)
                times.append(time.perf_counter() - t)
            else:
                play = decide(agents[seat], rnd)
            rnd.play(play)
        g += 1
    return statistics.fmean(times), statistics.median(times), max(times)


ISMCTS_MATCHES = (
    # variant, players, search level, deals (each played once with search in every seat), IS-MCTS rollouts
    ("modern-comet-1991", 2, "fast", 40, "random"),
    ("old-comet-1718", 3, "fast", 20, "random"),
    ("modern-comet-1991", 2, "normal", 6, "random"),
    ("old-comet-1718", 3, "normal", 3, "random"),
    ("modern-comet-1991", 2, "fast", 20, "greedy"),
    ("old-comet-1718", 3, "fast", 10, "greedy"),
)


def versus_ismcts(workers: int, scale: float, readme: bool, matches: int = len(ISMCTS_MATCHES)) -> None:
    """SearchAgent against OpenSpiel's ISMCTSBot (see bench/_ismcts.py): the first ``matches`` of
    :data:`ISMCTS_MATCHES`."""
    try:
        from bench import _ismcts
    except ImportError as err:  # open_spiel missing
        print(f"IS-MCTS comparison skipped: {err}")
        return
    rows = []
    for variant, players, level, deals, rollouts in ISMCTS_MATCHES[:matches]:
        deals = max(1, round(deals * scale))
        r = _ismcts.match(variant, players, level, deals, workers, rollouts)
        rows.append(r)
        print(f"search-{level} vs IS-MCTS ({r['sims']} simulations, {rollouts} rollouts), {variant} {players}p: "
              f"{r['games']} games, "
              f"win {r['win']:.3f} ± {r['win_ci']:.3f}, payment {r['pay']:+.2f} ± {r['pay_ci']:.2f}, "
              f"{r['search_ms']:.0f} vs {r['ismcts_ms']:.0f} ms/move ({r['seconds']:.0f} s)", flush=True)
    if readme:
        write_section("agents-ismcts", "Agents: search against OpenSpiel's IS-MCTS", ismcts_report(rows, workers))


def verdict(r: dict[str, Any]) -> str:
    """Who is stronger, by the 95% intervals of both the win rate and the payment."""
    even = 1 / r["players"]
    if r["win"] - r["win_ci"] > even and r["pay"] - r["pay_ci"] > 0:
        return "search stronger"
    if r["win"] + r["win_ci"] < even and r["pay"] + r["pay_ci"] < 0:
        return "IS-MCTS stronger"
    return "no clear difference"


def ismcts_report(rows: list[dict[str, Any]], workers: int) -> str:
    """The README section for the IS-MCTS matches (tables and verdicts from ``rows``)."""
    lines = [
        "`python -m bench.agents --ismcts-only`: our `SearchAgent` (determinized Monte Carlo with greedy "
        "playouts, `comet.agents`) against OpenSpiel's `ISMCTSBot` (information-set MCTS after Cowling, Powley "
        "and Whitehouse, `allow_inconsistent_action_sets`) with OpenSpiel's random rollouts or with our greedy "
        "playouts (`GreedyRollouts` in `bench/_ismcts.py`), playing `python_comet` through `comet_openspiel.game` "
        "(its resampler deals the hidden cards with `RoundView.determinize`). Each deal is played once with the "
        "search player in every seat and IS-MCTS in the others. The search player uses its level's playouts "
        "(40 fast, 400 default) without a time cap; IS-MCTS gets as many simulations as take about the same CPU time "
        "per move, measured on this machine just before the match (times below are CPU time per move with a "
        "choice); its UCT constant is the spread (standard deviation) of a seat's payment in random play, since payments are in chips, not "
        f"in [-1, 1]. {workers} worker processes on {os.cpu_count()} cores, shared with other work (wall times vary).",
        "",
        "| game | search level | IS-MCTS rollouts | IS-MCTS simulations | games | search win rate | "
        "search mean payment | CPU ms/move search / IS-MCTS | verdict | wall time |",
        "|---|---|---|---:|---:|---:|---:|---:|---|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['variant']}, {r['players']} players | {r['level']} | {r['rollouts']} | {r['sims']} | {r['games']} | "
            f"{r['win']:.3f} ± {r['win_ci']:.3f} (even {1 / r['players']:.3f}) | {r['pay']:+.2f} ± {r['pay_ci']:.2f} | "
            f"{r['search_ms']:.0f} / {r['ismcts_ms']:.0f} | {verdict(r)} | {r['seconds']:.0f} s |")
    lines += ["", "An even match is a win rate of 1/players (0.500, 0.333) and a mean payment of 0; payments "
              "are the search player's net chips per deal, with 95% confidence intervals (normal approximation). "
              "UCT constants: " + ", ".join(sorted({f"{r['variant']} {r['players']}p {r['uct_c']:.0f}" for r in rows}))
              + "."]
    if any(r["games"] < 30 for r in rows):
        lines += ["", "Rows of fewer than 30 games (the default level: ten times the fast level's playouts, and as "
                  "much time for IS-MCTS, so only a few deals fit the bench's few minutes) are too short to tell "
                  "anything but a large gap."]
    random_rows = [r for r in rows if r["rollouts"] == "random"]
    greedy_rows = [r for r in rows if r["rollouts"] == "greedy"]
    if random_rows:
        sim_ms = statistics.fmean(r["ismcts_ms"] / r["sims"] for r in random_rows)
        playout_ms = statistics.fmean(r["search_ms"] / LEVELS[r["level"]][0] for r in random_rows)
        lines += ["", f"At equal time IS-MCTS runs {min(r['sims'] for r in random_rows)}-"
                  f"{max(r['sims'] for r in random_rows)} simulations a move: each costs about {sim_ms:.0f} ms "
                  "through OpenSpiel's Python game interface (a resampled deal, an information-state string at every "
                  "tree node, a random rollout through `apply_action` and `legal_actions`), against about "
                  f"{playout_ms:.1f} ms per greedy playout for the search player, which works on the engine directly; "
                  "and a random rollout judges a position by random play, the greedy playout by the period "
                  "advice."]
    if greedy_rows:
        outcome = "; ".join(f"{r['variant']} {r['players']}p: {verdict(r)}" for r in greedy_rows)
        lines += ["", "With our greedy playouts as its rollouts (evaluated on the engine, not through OpenSpiel's "
                  f"interface) IS-MCTS gets {', '.join(str(r['sims']) for r in greedy_rows)} simulations a move at "
                  f"the fast level ({outcome})."]
    stronger = [r for r in rows if verdict(r) == "IS-MCTS stronger"]
    for r in stronger:
        lines += ["", f"IS-MCTS ({r['rollouts']} rollouts) is stronger on {r['variant']} {r['players']}p at the "
                  f"{r['level']} level: the search player wins {1 / r['players'] - r['win']:.3f} less often than "
                  f"even and loses {-r['pay']:.1f} chips a deal."]
    if not stronger:
        lines += ["", "What IS-MCTS would take to pass the search player at equal time: rollouts with game "
                  "knowledge and many more simulations a second (resampling, the tree walk and the rollouts on "
                  "the engine rather than through `pyspiel` states and strings)."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--normal-games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-readme", action="store_true")
    ap.add_argument("--ismcts-only", action="store_true", help="only the IS-MCTS comparison")
    ap.add_argument("--ismcts-scale", type=float, default=1.0, help="scale the IS-MCTS comparison's deals")
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    args = ap.parse_args(argv)
    if args.smoke:  # (two deals of the fast matches, two moves timed, the first IS-MCTS match on one deal)
        args.games, args.normal_games, args.workers, args.no_readme = 2, 0, 1, True
    if args.ismcts_only:
        versus_ismcts(args.workers, args.ismcts_scale, not args.no_readme)
        return
    rows = []
    for a, b, games in (("greedy", "random", args.games), ("search-fast", "greedy", args.games),
                        ("search", "greedy", args.normal_games)):
        if not games:
            continue
        res = duel(a, b, games, f"bench-{a}-{b}", args.workers)
        rows.append((a, b, res))
        print(f"{a} vs {b}: {games} deals, win {res['win']:.3f} ± {res['win_ci']:.3f}, "
              f"payment {res['pay']:+.2f} ± {res['pay_ci']:.2f} ({res['seconds']:.0f} s)", flush=True)
    timings = {}
    for level in ("fast", "normal"):
        timings[level] = time_per_move(level, 2 if args.smoke else 150)
        m, med, mx = timings[level]
        print(f"search level {level}: {m * 1000:.0f} ms/move mean, {med * 1000:.0f} median, {mx * 1000:.0f} max")
    if args.no_readme:
        if args.smoke:
            versus_ismcts(1, 0.0, False, matches=1)
        return
    lines = [
        f"`python -m bench.agents` ({VARIANT}, 2 players, seeded deals, seats swapped every deal; "
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
    versus_ismcts(args.workers, args.ismcts_scale, True)


if __name__ == "__main__":
    main()
