"""``ExploreController``: many deals played by bots, and what the explorer's plots show of them (no widget).

The simulation explorer's logic (:class:`widgets.explore.SimulationExplorer` is its view): the choices
checked, the deals played by :func:`comet.simulate`, each seat's wins and mean net payment, and the four
plots drawn with matplotlib's Agg canvas (imported when first drawn; pyplot is not used).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Callable

import comet
from widgets.controllers.checks import BOT_KINDS, BOT_NAMES, check_choice, check_int, check_players, check_seed
from widgets.controllers.checks import check_variant

MAX_GAMES = 5000


@dataclass(frozen=True)
class Game:
    """What the plots need from one deal."""

    winner: int | None
    payments: tuple[int, ...]
    moves: int
    runs: tuple[int, ...]


@dataclass(frozen=True)
class Explored:
    """The deals of one run, with its title and each seat's share of wins and mean net payment."""

    variant: comet.Variant
    games: list[Game]
    title: str
    wins: list[float]
    mean: list[float]


def run_games(variant: comet.Variant, players: int, agents: list[str], games: int, seed: int,
              progress: Callable[[int, int], None], workers: int = 1) -> list[Game]:
    """``games`` deals with ``agents`` (one name per seat), played by ``comet.simulate``."""
    from comet.simulate import simulate

    records = simulate(variant, players=players, agents=list(agents), games=games, seed=seed, workers=workers,
                       progress=progress)
    return [Game(r.winner, tuple(r.payments), r.moves, tuple(r.runs)) for r in records]


class ExploreController:
    """Deals played by bots: :meth:`run` checks the choices, plays them and sums them up."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers if workers.__class__ is int and 1 <= workers <= 16 else 1
        self.games: list[Game] = []

    def run(self, variant: Any, players: Any, games: Any, seed: Any, bot: Any, others: Any,
            progress: Callable[[int, int], None]) -> Explored:
        """``games`` deals of ``variant`` from ``seed``, ``bot`` at seat 0 and ``others`` elsewhere (each value
        checked: a forged one is a :class:`~widgets.controllers.checks.UserError` and nothing is played);
        ``progress(done, total)`` is told as they are played, from ``(0, games)``."""
        v = check_variant(variant)
        players = check_players(v, players)
        games = check_int(games, 1, MAX_GAMES, "the number of deals")
        seed = check_seed(seed)
        bot = check_choice(bot, BOT_NAMES, "bot")
        others = check_choice(others, BOT_NAMES, "bot")
        progress(0, games)
        self.games = played = run_games(v, players, [bot] + [others] * (players - 1), games, seed, progress,
                                        workers=self.workers)
        title = (f"{v.name}, {players} players, {games} deals: seat 0 {BOT_KINDS[bot][0]}, "
                 f"others {BOT_KINDS[others][0]}")
        n = max(len(played), 1)
        return Explored(v, played, title, [sum(1 for g in played if g.winner == s) / n for s in range(players)],
                        [sum(g.payments[s] for g in played) / n for s in range(players)])


def figure_png(games: list[Game], players: int, title: str, unit: str) -> bytes:
    """The four plots as a PNG (matplotlib's Agg canvas; pyplot and its global backend are not used)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    fig = Figure(figsize=(10, 6.6), dpi=90, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(2, 2)
    seats = list(range(players))
    n = max(len(games), 1)
    wins = [sum(1 for g in games if g.winner == s) / n for s in seats]
    mean = [sum(g.payments[s] for g in games) / n for s in seats]
    ax = axes[0][0]
    bars = ax.bar([f"seat {s}" for s in seats], mean, color="#1f3f73", edgecolor="#1b1b1b", hatch="//")
    for bar, w in zip(bars, wins):
        ax.annotate(f"wins {w:.0%}", (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                    ha="center", va="bottom" if bar.get_height() >= 0 else "top", fontsize=9)
    ax.axhline(0, color="#1b1b1b", linewidth=0.8)
    ax.margins(y=0.18)
    ax.set_title("Seat advantage: mean net payment per deal")
    ax.set_ylabel(f"{unit}s per deal")
    ax = axes[0][1]
    ax.hist([g.moves for g in games], bins=20, color="#3a64a8", edgecolor="#1b1b1b")
    ax.set_title("Deal length")
    ax.set_xlabel("plays (passes included)")
    ax.set_ylabel("deals")
    ax = axes[1][0]
    lengths = [x for g in games for x in g.runs]
    if lengths:
        top = max(lengths)
        ax.hist(lengths, bins=range(1, top + 2), color="#e0a100", edgecolor="#1b1b1b", align="left")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title("Run lengths (cards from a lead to its stop)")
    ax.set_xlabel("cards in the run")
    ax.set_ylabel("runs")
    ax = axes[1][1]
    styles = ["-", "--", ":", "-."]
    for s in seats:
        values = [g.payments[s] for g in games]
        ax.hist(values, bins=25, histtype="step", linewidth=1.6, linestyle=styles[s % 4], label=f"seat {s}")
    ax.set_title("Net payment per deal")
    ax.set_xlabel(f"{unit}s")
    ax.set_ylabel("deals")
    ax.legend(fontsize=8)
    fig.suptitle(title, fontsize=12, fontweight="bold")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()
