"""Random-play speed against peers, in one run: this engine, RLCard's UNO, OpenSpiel's crazy_eights.

Moves per second of uniformly random play, one process each, measured side by side:

* **comet**: ``Round.deal`` + ``legal_plays()`` + ``play()`` (modern-comet-1991, 2 players);
* **RLCard UNO**: ``rlcard.make("uno")`` driven through ``env.step`` (pure Python);
* **OpenSpiel crazy_eights**: the C++ game driven from Python through ``pyspiel``
  (``legal_actions()`` + ``apply_action``; chance moves sampled, not counted).

A peer that is not installed is reported as such (``pip install -r requirements-extra.txt``).

    python -m bench.peers [--seconds 5]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Callable

import comet

from bench._report import SMOKE_HELP, write_section

Runner = Callable[[float], tuple[int, int]]  # seconds -> (moves, games)


def run_comet(seconds: float, variant: str = "modern-comet-1991", players: int = 2) -> tuple[int, int]:
    rng = random.Random(0)
    moves = games = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        rnd = comet.Round.deal(variant, players=players, seed=games)
        while rnd.to_play is not None:
            legal = rnd.legal_plays()
            rnd.play(legal[rng.randrange(len(legal))])
            moves += 1
        rnd.outcome()
        games += 1
    return moves, games


def run_rlcard_uno(seconds: float) -> tuple[int, int]:
    import rlcard  # type: ignore[import-not-found]

    env = rlcard.make("uno", config={"seed": 0})
    rng = random.Random(0)
    moves = games = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[rng.randrange(len(legal))])
            moves += 1
        env.get_payoffs()
        games += 1
    return moves, games


def run_openspiel(name: str) -> Runner:
    def run(seconds: float) -> tuple[int, int]:
        import pyspiel  # type: ignore[import-not-found]

        if name == "python_comet":
            import comet_openspiel.game  # noqa: F401

        game = pyspiel.load_game(name)
        rng = random.Random(0)
        moves = games = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    moves += 1
            state.returns()
            games += 1
        return moves, games

    return run


PEERS: list[tuple[str, str, Runner]] = [
    ("comet", "this engine, modern-comet-1991 2p (pure Python)", run_comet),
    ("rlcard-uno", "RLCard UNO env (pure Python)", run_rlcard_uno),
    ("openspiel-crazy_eights", "OpenSpiel crazy_eights (C++ via pyspiel)", run_openspiel("crazy_eights")),
    ("comet-openspiel", "this engine through comet_openspiel.game (python_comet)", run_openspiel("python_comet")),
]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--no-readme", action="store_true")
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    args = ap.parse_args(argv)
    if args.smoke:
        args.seconds, args.no_readme = 0.2, True
    results: dict[str, tuple[str, float, float] | str] = {}
    for key, label, runner in PEERS:
        try:
            runner(0.3)  # warm up (imports, caches)
            moves, games = runner(args.seconds)
        except ImportError as e:
            results[key] = f"not installed ({e.name})"
            print(f"{label}: not installed ({e.name})")
            continue
        results[key] = (label, moves / args.seconds, games / args.seconds)
        print(f"{label}: {moves / args.seconds:,.0f} moves/s, {games / args.seconds:,.1f} games/s", flush=True)
    base = results.get("comet")
    if args.no_readme or not isinstance(base, tuple):
        return
    lines = [
        f"`python -m bench.peers`: uniformly random play, one process each, {args.seconds:g} s per peer, "
        f"measured in one run on the same machine ({os.cpu_count()} cores). Moves are decisions by players "
        "(OpenSpiel chance moves not counted).",
        "",
        "| engine | moves/s | games/s | comet / peer (moves/s) |",
        "|---|---:|---:|---:|",
    ]
    for key, label, _ in PEERS:
        r = results.get(key)
        if isinstance(r, tuple):
            ratio = base[1] / r[1]
            lines.append(f"| {r[0]} | {r[1]:,.0f} | {r[2]:,.1f} | {ratio:.2f}× |")
        else:
            lines.append(f"| {label} | {r} | | |")
    write_section("peers", "Peers: random-play speed", "\n".join(lines))


if __name__ == "__main__":
    main()
