"""``ScoreCalculator``: the settlement of any variant from the hands left at the end.

How it computes (the simplest honest way): the end position is built with
:meth:`comet.Round.from_hands` — each loser holds the cards you typed, the winner holds just
the cards of the last play and leads — and the winner's last play is made, so the engine's
own settlement (:mod:`comet.settlement`) does the sums and explains each payment.  Whether
the deal was an opera is your checkbox (the rules' opera flag is switched off otherwise);
carte blanche and the redeal right belong to the start of a deal and are switched off.
Payments in play earlier in the deal are not known to the calculator, except those of the
last play itself (a comet or a king played last) and the antes of a pool.  *Fill from a
game* plays a deal with bots and copies its end here: the settlement then matches the
deal's own.
"""

from __future__ import annotations

import dataclasses
import html
import random
from typing import Any

import ipywidgets as W

import comet
from comet.cards import parse_cards
from widgets.common import (
    follow_variant,
    player_options,
    players_or_default,
    variant_or_default,
    DEFAULT_VARIANT,
    MAX_SEED,
    Messages,
    UserError,
    bot_move,
    button,
    check_int,
    check_players,
    check_seed,
    check_variant,
    make_agent,
    safe,
    variant_options,
)

MAX_TEXT = 400
MAX_SEATS = 8


def settle_end(variant: comet.Variant, hands: list[str], winner: int, last_play: str, *, opera: bool = False,
               dead_comets: int = 0) -> comet.Outcome:
    """The outcome of a deal ending with ``winner`` making ``last_play``, the others
    holding ``hands`` (the winner's entry is ignored)."""
    players = len(hands)
    check_players(variant, players)
    check_int(winner, 0, players - 1, "the winner")
    play = comet.Play.parse(last_play)
    if play.kind != "cards":
        raise UserError(f"the last play must be cards (like 8H, 9C=T or 7H 7H 7D 7D), not {last_play!r}.")
    r = variant.rules
    changes: dict[str, Any] = {"carte_blanche": 0, "redeal_right": False, "exchange": {}}
    if not opera:
        changes["opera"] = "none"
    rules = dataclasses.replace(r, **changes)
    v = dataclasses.replace(variant, rules=rules)
    texts = []
    for seat, text in enumerate(hands):
        if seat == winner:
            texts.append(" ".join(str(c) for c in play.cards))
        else:
            cards = parse_cards(text)
            if not cards:
                raise UserError(f"seat {seat} lost, so it holds at least one card: type its cards (e.g. 7H KS).")
            texts.append(" ".join(str(c) for c in cards))
    rnd = comet.Round.from_hands(v, texts, leader=winner, dead_comets=dead_comets)
    if r.turn_model == "A" and play.wild is None and len(play.cards) > 1:
        # Yanovsky: a lead is one card, so several of one rank went out on a card of that rank (AMB-29).
        rnd.targets = ((play.rank, ""),)
    rnd.play(play)
    if not rnd.is_over:
        raise UserError(f"{last_play} did not end the deal.")
    outcome = rnd.outcome()
    assert outcome is not None
    return outcome


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
        self.dead_comets = W.BoundedIntText(value=0, min=0, max=20, description="Preceding deals with the comet dead",
                                            style=short, layout=W.Layout(width="320px"))
        self.dead_comets.tooltip = "Modern comet: the comet's value rises after deals whose comet lay in the dead hand"
        self.calc_button = button("Settle", "Compute the settlement", self._on_calc, style="primary",
                                  icon="calculator")
        self.seed_choice = W.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="Game seed", style=short,
                                            layout=W.Layout(width="180px"))
        self.fill_button = button("Fill from a game", "Let bots play a deal from this seed and copy its end here",
                                  self._on_fill, icon="magic")
        self.result = W.HTML(layout=W.Layout(width="auto"))
        self.outcome: comet.Outcome | None = None
        self.game: comet.Round | None = None

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
        self._fill(v, players, seed)
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

    def _fill(self, v: comet.Variant, players: int, seed: int) -> None:
        rnd = comet.Round.deal(v, players=players, seed=seed)
        agents = [make_agent("greedy", seed=f"{seed}/{s}") for s in range(players)]
        fallback = random.Random(seed)
        for _ in range(5000):
            if rnd.is_over or rnd.to_play is None:
                break
            rnd.play(bot_move(agents[rnd.to_play], rnd, fallback))
        outcome = rnd.outcome()
        if outcome is None or rnd.winner is None or not rnd.history or rnd.history[-1][0] != rnd.winner:
            raise UserError(f"the deal from seed {seed} ended without a player going out; try another seed.")
        self.game = rnd
        last = rnd.history[-1][1]
        for s, t in enumerate(self.hand_texts):
            t.value = " ".join(str(c) for c in rnd.hands[s]) if s < players else ""
        self.winner_choice.value = rnd.winner
        self._show_seats(players)
        self.last_play_text.value = last.text
        self.opera_box.value = bool(outcome.opera)
        self.dead_comets.value = rnd.dead_comets
        self._calculate()

    def _calculate(self) -> None:
        v = check_variant(self.variant_choice.value)
        players = check_players(v, self.players_choice.value)
        winner = check_int(self.winner_choice.value, 0, players - 1, "the winner")
        dead = check_int(self.dead_comets.value, 0, 20, "the number of preceding dead comets")
        texts = []
        for s in range(players):
            text = self.hand_texts[s].value
            if not isinstance(text, str) or len(text) > MAX_TEXT:
                raise UserError(f"seat {s}'s hand must be a short text of cards like '7H 9C KS'.")
            texts.append(text)
        last = self.last_play_text.value
        if not isinstance(last, str) or len(last) > MAX_TEXT or not last.strip():
            raise UserError("type the winner's last play, e.g. 8H or 9C=T.")
        outcome = settle_end(v, texts, winner, last.strip(), opera=bool(self.opera_box.value), dead_comets=dead)
        self.outcome = outcome
        self.result.value = self._outcome_html(v, outcome)
        self.messages.info(f"Settled as {v.name}: net {', '.join(f'seat {s} {x:+d}' for s, x in enumerate(outcome.payments))}.")

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
        v = check_variant(self.variant_choice.value)
        players = check_players(v, self.players_choice.value)
        seed = check_seed(self.seed_choice.value)
        self._fill(v, players, seed)

    @safe
    def _on_variant(self, change: Any) -> None:
        v = check_variant(self.variant_choice.value)
        players = follow_variant(self.players_choice, v)
        self._show_seats(players)
        self.result.value = ""
        self.outcome = None
        self.messages.info(f"{v.name}: type the hands left, or fill them from a game.")

    @safe
    def _on_players(self, change: Any) -> None:
        v = check_variant(self.variant_choice.value)
        players = check_players(v, self.players_choice.value)
        self._show_seats(players)
        self.result.value = ""
        self.outcome = None
