"""``SimulationExplorer``: many deals played by bots, summarised in matplotlib plots."""

from __future__ import annotations

import html
import io
from dataclasses import dataclass
from typing import Any, Callable

import ipywidgets as W

import comet
from widgets.common import (
    follow_variant,
    player_options,
    variant_or_default,
    BOT_NAMES,
    BOTS,
    DEFAULT_VARIANT,
    FONT,
    MAX_SEED,
    Messages,
    button,
    check_choice,
    check_int,
    check_players,
    check_seed,
    check_variant,
    safe,
    variant_options,
)

MAX_GAMES = 5000


@dataclass(frozen=True)
class Game:
    """What the plots need from one deal."""

    winner: int | None
    payments: tuple[int, ...]
    moves: int
    runs: tuple[int, ...]


def run_games(variant: comet.Variant, players: int, agents: list[str], games: int, seed: int,
              progress: Callable[[int, int], None], workers: int = 1) -> list[Game]:
    """``games`` deals with ``agents`` (one name per seat), played by ``comet.simulate``."""
    from comet.simulate import simulate

    records = simulate(variant, players=players, agents=list(agents), games=games, seed=seed, workers=workers,
                       progress=progress)
    return [Game(r.winner, tuple(r.payments), r.moves, tuple(r.runs)) for r in records]


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


class SimulationExplorer(W.VBox):
    """Pick a variant, the number of players, the bots and the number of deals; *Run* plays
    them (with a progress bar) and plots seat advantage, deal length, run lengths and the
    distribution of payments.

    Parameters (all optional): ``variant``, ``players``, ``bot`` (seat 0), ``others`` (the
    other seats), ``games``, ``seed``, ``workers`` (processes for ``comet.simulate``; 1 keeps
    everything in the kernel), ``run`` (play and plot at once; default False, so that creating
    the widget is instant).
    """

    def __init__(self, variant: str = DEFAULT_VARIANT, players: int = 2, bot: str = "greedy", others: str = "random",
                 games: int = 200, seed: int = 1, *, workers: int = 1, run: bool = False) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.messages = Messages()
        self.errors = 0
        self._busy = False
        problems: list[str] = []
        v = variant_or_default(variant, problems)
        players = players if players in v.players and not isinstance(players, bool) else v.players.start
        bot = bot if bot in BOT_NAMES else "greedy"
        others = others if others in BOT_NAMES else "random"
        games = games if isinstance(games, int) and 1 <= games <= MAX_GAMES else 200
        seed = seed if isinstance(seed, int) and 0 <= seed <= MAX_SEED else 1
        self.workers = workers if isinstance(workers, int) and 1 <= workers <= 16 else 1
        short = {"description_width": "initial"}
        self.variant_choice = W.Dropdown(options=variant_options(), value=v.id, description="Variant", style=short,
                                         layout=W.Layout(width="330px"))
        self.players_choice = W.Dropdown(options=player_options(v), value=players,
                                         description="Players", style=short, layout=W.Layout(width="150px"))
        self.bot_choice = W.Dropdown(options=BOTS, value=bot, description="Seat 0", style=short,
                                     layout=W.Layout(width="300px"))
        self.others_choice = W.Dropdown(options=BOTS, value=others, description="Other seats", style=short,
                                        layout=W.Layout(width="320px"))
        self.games_choice = W.BoundedIntText(value=games, min=1, max=MAX_GAMES, description="Deals", style=short,
                                             layout=W.Layout(width="150px"))
        self.games_choice.tooltip = "How many deals to play (search bots are slow: keep it small for them)"
        self.seed_choice = W.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="Seed", style=short,
                                            layout=W.Layout(width="160px"))
        self.run_button = button("Run", "Play the deals and plot them", self._on_run, style="primary",
                                 icon="bar-chart")
        self.progress = W.IntProgress(value=0, min=0, max=games, description="Progress", style=short,
                                      layout=W.Layout(width="420px"))
        self.progress_text = W.Label(value="")
        self.plot = W.Image(format="png", layout=W.Layout(width="100%", max_width="900px"))
        self.summary = W.HTML(layout=W.Layout(width="auto"))
        self.games: list[Game] = []
        self.children = [
            W.HBox([self.variant_choice, self.players_choice, self.games_choice, self.seed_choice],
                   layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.bot_choice, self.others_choice, self.run_button],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            W.HBox([self.progress, self.progress_text], layout=W.Layout(align_items="center")),
            self.messages.widget, self.summary, self.plot,
        ]
        self.variant_choice.observe(self._on_variant, names="value")
        if problems:
            self.messages.error(" ".join(problems))
        elif run:
            self._run()
        else:
            self.messages.info("Choose the game and the bots, then press Run.")

    def _set_progress(self, done: int, total: int) -> None:
        self.progress.max = max(total, 1)
        self.progress.value = min(done, total)
        self.progress_text.value = f"{done} of {total} deals"

    def _run(self) -> None:
        v = check_variant(self.variant_choice.value)
        players = check_players(v, self.players_choice.value)
        games = check_int(self.games_choice.value, 1, MAX_GAMES, "the number of deals")
        seed = check_seed(self.seed_choice.value)
        bot = check_choice(self.bot_choice.value, BOT_NAMES, "bot")
        others = check_choice(self.others_choice.value, BOT_NAMES, "bot")
        agents = [bot] + [others] * (players - 1)
        self._set_progress(0, games)
        played = run_games(v, players, agents, games, seed, self._set_progress, workers=self.workers)
        self.games = played
        labels = dict((n, label) for label, n in BOTS)
        title = f"{v.name}, {players} players, {games} deals: seat 0 {labels[bot]}, others {labels[others]}"
        self.plot.value = figure_png(played, players, title, v.rules.unit)
        n = len(played)
        rows = "".join(
            f"<tr><th scope='row' style='text-align:left;padding:2px 8px'>Seat {s}</th>"
            f"<td style='padding:2px 8px;text-align:right'>{sum(1 for g in played if g.winner == s) / n:.1%}</td>"
            f"<td style='padding:2px 8px;text-align:right'>{sum(g.payments[s] for g in played) / n:+.2f}</td></tr>"
            for s in range(players))
        self.summary.value = (f"<div style=\"{FONT}\"><div style='font-weight:600'>{html.escape(title)}</div>"
                              f"<table style='border-collapse:collapse'>"
                              f"<tr><th></th><th style='padding:2px 8px'>wins</th><th style='padding:2px 8px'>"
                              f"mean net ({html.escape(v.rules.unit)}s)</th></tr>{rows}</table></div>")
        self.messages.info(f"Played {n} deals.")

    @safe
    def _on_run(self, b: Any) -> None:
        self._run()

    @safe
    def _on_variant(self, change: Any) -> None:
        v = check_variant(self.variant_choice.value)
        follow_variant(self.players_choice, v)
