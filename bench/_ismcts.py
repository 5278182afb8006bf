"""Our ``SearchAgent`` against OpenSpiel's ``ISMCTSBot`` through ``comet_openspiel.game``.

Used by ``bench/agents.py`` (``--ismcts-only`` runs just this) (the "agents-ismcts" section of bench/README.md).
Each deal is played once with the search player in every seat, the IS-MCTS bot in the
others.  The search player uses its level's playouts without a time cap; the IS-MCTS bot
gets as many simulations as take about the same time per move (calibrated on this machine
before each match, in CPU time).  Needs ``open_spiel``.
"""

from __future__ import annotations

import statistics
import random
import time
from multiprocessing import get_context
from typing import Any

import numpy as np

import comet
import comet_openspiel.game as cos
from comet.agents import SearchAgent, decide
from comet.search import _rollout

from bench._report import ci_mean

_GAMES: dict[tuple[str, int], Any] = {}


def _game(variant: str, players: int) -> Any:
    key = (variant, players)
    if key not in _GAMES:
        _GAMES[key] = cos.load(variant, players)
    return _GAMES[key]


def _bot(game: Any, sims: int, uct_c: float, seed: int, rollouts: str) -> Any:
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng) if rollouts == "random" else GreedyRollouts(seed)
    return ismcts.ISMCTSBot(game, evaluator, uct_c=uct_c, max_simulations=sims,
                            random_state=rng, allow_inconsistent_action_sets=True)


class GreedyRollouts:
    """An OpenSpiel MCTS evaluator that finishes the deal with our greedy play (the playouts
    ``SearchAgent`` uses, 10% random moves) on the engine directly; uniform priors."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def evaluate(self, state: Any) -> Any:
        world = state.round.copy()
        _rollout(world, self.rng, 0.1)
        return np.array(world.outcome().payments, dtype=float)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def payment_spread(variant: str, players: int, games: int = 400) -> float:
    """The standard deviation of a seat's payment in random play: the scale of the returns,
    used as the UCT constant (OpenSpiel's usual 2 assumes returns in [-1, 1])."""
    records = comet.simulate(variant, players, ["random"] * players, games=games, seed="spread", workers=1)
    return statistics.pstdev(float(r.payments[0]) for r in records)


Job = tuple[str, int, int, int, str, int, float, str]


def play(job: Job) -> dict[str, Any]:
    """One deal: ``SearchAgent(level)`` in ``seat``, IS-MCTS (``sims`` simulations, ``rollouts``
    "random" or "greedy") elsewhere."""
    variant, players, deal, seat, level, sims, uct_c, rollouts = job
    game = _game(variant, players)
    index = {t: i for i, t in enumerate(cos.action_texts(variant))}
    # The level's playouts with no time cap: both players then slow down alike when the
    # machine is busy, and the choices do not depend on its load.
    agent = SearchAgent(seed=f"{deal}/{seat}", level=level, time_limit=None)
    bot = _bot(game, sims, uct_c, deal * 31 + seat, rollouts)
    state = game.new_initial_state()
    for action in cos.actions_of(comet.Round.deal(variant, players, seed=deal), game):  # the deal of seed ``deal``
        state.apply_action(action)
    times: dict[str, list[float]] = {"search": [], "ismcts": []}
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        start = time.process_time()
        if state.current_player() == seat:
            action = index[decide(agent, state.round).text]
            times["search"].append(time.process_time() - start)
        else:
            action = int(bot.step(state))
            times["ismcts"].append(time.process_time() - start)
        state.apply_action(action)
    out = state.round.outcome()
    return {"win": 1.0 if out.winner == seat else 0.0, "pay": float(out.payments[seat]), **times}


def calibrate(variant: str, players: int, level: str, uct_c: float, rollouts: str) -> tuple[int, float, float]:
    """IS-MCTS simulations giving about the search level's time per move, measured in deals
    played like the real ones (first at 8 simulations, then twice at the estimate, since a
    simulation costs more in a deeper tree): (simulations, search ms per move, IS-MCTS ms
    per simulation).  Times are the process's CPU time, so that other work on the machine
    does not skew the balance."""
    sims = 8
    search_ms = per_sim = 0.0
    for d in range(3):
        r = play((variant, players, 10**5 + d, d % players, level, sims, uct_c, rollouts))
        search_ms = 1000 * statistics.fmean(r["search"])
        per_sim = 1000 * statistics.fmean(r["ismcts"]) / sims
        sims = max(2, round(search_ms / per_sim))
    return sims, search_ms, per_sim


def match(variant: str, players: int, level: str, deals: int, workers: int, rollouts: str = "random") -> dict[str, Any]:
    uct_c = payment_spread(variant, players)
    sims, search_ms, per_sim = calibrate(variant, players, level, uct_c, rollouts)
    jobs: list[Job] = [(variant, players, 2000 + d, seat, level, sims, uct_c, rollouts)
                       for d in range(deals) for seat in range(players)]
    start = time.perf_counter()
    if workers > 1:
        with get_context("fork").Pool(workers) as pool:
            results = pool.map(play, jobs, chunksize=1)
    else:
        results = [play(j) for j in jobs]
    seconds = time.perf_counter() - start
    win, win_ci = ci_mean([r["win"] for r in results])
    pay, pay_ci = ci_mean([r["pay"] for r in results])
    search_times = [t for r in results for t in r["search"]]
    bot_times = [t for r in results for t in r["ismcts"]]
    return {"variant": variant, "players": players, "level": level, "rollouts": rollouts, "deals": deals, "games": len(results),
            "sims": sims, "uct_c": uct_c, "calib_search_ms": search_ms, "calib_sim_ms": per_sim,
            "win": win, "win_ci": win_ci, "pay": pay, "pay_ci": pay_ci, "seconds": seconds,
            "search_ms": 1000 * statistics.fmean(search_times), "ismcts_ms": 1000 * statistics.fmean(bot_times)}
