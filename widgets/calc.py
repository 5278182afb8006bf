"""``ScoreCalculator``: the settlement of any variant from the hands left at the end.

A view of :class:`widgets.controllers.calc.ScoreController` (how it computes is told there): the
entries, the buttons and the settlement shown, each payment explained.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

import comet
from widgets.common import (
    follow_variant,
    player_options,
    players_or_default,
    variant_or_default,
    DEFAULT_VARIANT,
    MAX_SEED,
    Messages,
    button,
    check_players,
    check_variant,
    safe,
    variant_options,
)
from widgets.controllers.calc import MAX_DEAD_COMETS, ScoreController

MAX_SEATS = 8


class ScoreCalculator(W.VBox):
    """Enter the hands left at the end of a deal (or fill them from a played game) and see
    the settlement of any variant, each payment explained.

    Parameters (all optional): ``variant``, ``players``, ``seed`` (for *Fill from a game*).
    """

    def __init__(self, variant: str = DEFAULT_VARIANT, players: int = 2, seed: int = 1) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.messages = Messages()
        self.errors = 0
        self._busy = False
        self.flow = ScoreController()
        problems: list[str] = []
        v = variant_or_default(variant, problems)
        players = players_or_default(v, players, problems)
        seed = seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED else 1
        short = {"description_width": "initial"}
        self.variant_choice = W.Dropdown(options=variant_options(), value=v.id, description="Variant", style=short,
                                         layout=W.Layout(width="330px"))
        self.players_choice = W.Dropdown(options=player_options(v), value=players,
                                         description="Players", style=short, layout=W.Layout(width="150px"))
        self.hand_texts = [W.Text(value="", description=f"Seat {s} holds", placeholder="e.g. 7H 9C KS",
                                  style=short, layout=W.Layout(width="420px")) for s in range(MAX_SEATS)]
        for s, t in enumerate(self.hand_texts):
            t.tooltip = f"The cards left in seat {s}'s hand at the end, in the notation (7H, TD, 9C, JK)"
        self.winner_choice = W.Dropdown(options=[(f"Seat {s}", s) for s in range(players)], value=0,
                                        description="Went out", style=short, layout=W.Layout(width="180px"))
        self.winner_choice.tooltip = "The seat that played its last card"
        self.last_play_text = W.Text(value="8H", description="with the last play", style=short,
                                     placeholder="8H, 9C=T, 7H 7H 7D 7D", layout=W.Layout(width="320px"))
        self.last_play_text.tooltip = "The winner's last play: a card, a group, or the comet as a rank (9C=T)"
        self.opera_box = W.Checkbox(value=False, description="An opera (out in one turn, as the variant defines it)",
                                    indent=False, layout=W.Layout(width="auto"))
        self.dead_comets = W.BoundedIntText(value=0, min=0, max=MAX_DEAD_COMETS,
                                            description="Preceding deals with the comet dead", style=short,
                                            layout=W.Layout(width="320px"))
        self.dead_comets.tooltip = "Modern comet: the comet's value rises after deals whose comet lay in the dead hand"
        self.calc_button = button("Settle", "Compute the settlement", self._on_calc, style="primary",
                                  icon="calculator")
        self.seed_choice = W.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="Game seed", style=short,
                                            layout=W.Layout(width="180px"))
        self.fill_button = button("Fill from a game", "Let bots play a deal from this seed and copy its end here",
                                  self._on_fill, icon="magic")
        self.result = W.HTML(layout=W.Layout(width="auto"))

        self.hands_box = W.VBox(self.hand_texts)
        self.children = [
            W.HBox([self.variant_choice, self.players_choice], layout=W.Layout(flex_flow="row wrap")),
            self.hands_box,
            W.HBox([self.winner_choice, self.last_play_text], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.opera_box, self.dead_comets], layout=W.Layout(flex_flow="row wrap", align_items="center")),
            W.HBox([self.calc_button, self.seed_choice, self.fill_button],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.messages.widget,
            self.result,
        ]
        self.variant_choice.observe(self._on_variant, names="value")
        self.players_choice.observe(self._on_players, names="value")
        self._show_seats(players)
        self._fill(v.id, players, seed)
        if problems:
            self.messages.error(" ".join(problems))

    def _show_seats(self, players: int) -> None:
        for s, t in enumerate(self.hand_texts):
            t.layout.display = "" if s < players else "none"
        winner = self.winner_choice.value if self.winner_choice.value in range(players) else 0
        self.winner_choice.options = [(f"Seat {s}", s) for s in range(players)]
        self.winner_choice.value = winner
        self.hand_texts[winner].disabled = True
        for s, t in enumerate(self.hand_texts):
            t.disabled = s == winner
            t.placeholder = "(the winner: only the last play)" if s == winner else "e.g. 7H 9C KS"

    @property
    def outcome(self) -> comet.Outcome | None:
        """The settlement shown (None before any)."""
        return self.flow.outcome

    @property
    def game(self) -> comet.Round | None:
        """The deal *Fill from a game* played (None for typed hands)."""
        return self.flow.game

    def _fill(self, variant: Any, players: Any, seed: Any) -> None:
        end = self.flow.fill(variant, players, seed)
        for s, t in enumerate(self.hand_texts):
            t.value = end.hands[s] if s < len(end.hands) else ""
        self.winner_choice.value = end.winner
        self._show_seats(len(end.hands))
        self.last_play_text.value = end.last_play
        self.opera_box.value = end.opera
        self.dead_comets.value = end.dead_comets
        self._calculate()

    def _calculate(self) -> None:
        players = self.players_choice.value
        texts = [self.hand_texts[s].value for s in range(players)] if players in range(1, MAX_SEATS + 1) else []
        outcome = self.flow.settle(self.variant_choice.value, players, self.winner_choice.value, self.dead_comets.value,
                                   texts, self.last_play_text.value, bool(self.opera_box.value))
        v = check_variant(self.variant_choice.value)
        self.result.value = self._outcome_html(v, outcome)
        self.messages.info(self.flow.summary(v, outcome))

    @staticmethod
    def _outcome_html(v: comet.Variant, outcome: comet.Outcome) -> str:
        lines = "".join(
            f'<div style="white-space:pre-wrap;{"" if line.startswith(" ") else "font-weight:600"}">'
            f"{html.escape(line)}</div>" for line in outcome.lines)
        unit = outcome.unit
        rows = "".join(f'<tr><th scope="row" style="text-align:left;padding:2px 10px">Seat {s}</th>'
                       f'<td style="text-align:right;padding:2px 10px">{x:+d}</td></tr>'
                       for s, x in enumerate(outcome.payments))
        return (f'<div style="font-family:system-ui,sans-serif;background:#fffdf7;border:1px solid #ddd5bd;'
                f'border-radius:6px;padding:8px 12px"><div style="font-weight:700">Settlement: {html.escape(v.name)}'
                f'</div>{lines}<table style="border-collapse:collapse;margin-top:6px"><caption style="text-align:left">'
                f'Net ({html.escape(unit)}s)</caption>{rows}</table></div>')

    # ------------------------------------------------------------------ callbacks
    @safe
    def _on_calc(self, b: Any) -> None:
        self._calculate()

    @safe
    def _on_fill(self, b: Any) -> None:
        self._fill(self.variant_choice.value, self.players_choice.value, self.seed_choice.value)

    @safe
    def _on_variant(self, change: Any) -> None:
        v = check_variant(self.variant_choice.value)
        players = follow_variant(self.players_choice, v)
        self._show_seats(players)
        self.result.value = ""
        self.flow.outcome = None
        self.messages.info(f"{v.name}: type the hands left, or fill them from a game.")

    @safe
    def _on_players(self, change: Any) -> None:
        v = check_variant(self.variant_choice.value)
        players = check_players(v, self.players_choice.value)
        self._show_seats(players)
        self.result.value = ""
        self.flow.outcome = None
