"""``SimulationExplorer``: many deals played by bots, summarised in matplotlib plots.

A view of :class:`widgets.controllers.explore.ExploreController` (the deals, the sums, the plots).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

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
    check_variant,
    safe,
    variant_options,
)
from widgets.controllers.explore import MAX_GAMES, ExploreController, Game, figure_png


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
        self.flow = ExploreController(workers)
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

    @property
    def games(self) -> list[Game]:
        """The deals of the last run."""
        return self.flow.games

    @property
    def workers(self) -> int:
        return self.flow.workers

    def _run(self) -> None:
        run = self.flow.run(self.variant_choice.value, self.players_choice.value, self.games_choice.value,
                            self.seed_choice.value, self.bot_choice.value, self.others_choice.value,
                            self._set_progress)
        v, players = run.variant, len(run.wins)
        self.plot.value = figure_png(run.games, players, run.title, v.rules.unit)
        rows = "".join(
            f"<tr><th scope='row' style='text-align:left;padding:2px 8px'>Seat {s}</th>"
            f"<td style='padding:2px 8px;text-align:right'>{run.wins[s]:.1%}</td>"
            f"<td style='padding:2px 8px;text-align:right'>{run.mean[s]:+.2f}</td></tr>"
            for s in range(players))
        self.summary.value = (f"<div style=\"{FONT}\"><div style='font-weight:600'>{html.escape(run.title)}</div>"
                              f"<table style='border-collapse:collapse'>"
                              f"<tr><th></th><th style='padding:2px 8px'>wins</th><th style='padding:2px 8px'>"
                              f"mean net ({html.escape(v.rules.unit)}s)</th></tr>{rows}</table></div>")
        self.messages.info(f"Played {len(run.games)} deals.")

    @safe
    def _on_run(self, b: Any) -> None:
        self._run()

    @safe
    def _on_variant(self, change: Any) -> None:
        v = check_variant(self.variant_choice.value)
        follow_variant(self.players_choice, v)
