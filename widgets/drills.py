"""``DrillTrainer``: rules drills of :mod:`comet.drills`, checked by the engine, progress kept.

Pick a kind of question and a game (or any game); the position is drawn as at the table; each
answer is a button.  The feedback says right or wrong, the right answer, and the rule with its
sources.  Answers are kept per kind and game in the reader's browser (:mod:`widgets.progress`);
a missed question comes back after a few others.  Buttons belong to the question they were
offered with: a stale or second click is ignored.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

import comet
from comet.drills import KINDS, Drill, check, make, variants_for
from comet.svg_table import round_html
from widgets.common import FONT, Messages, button, check_choice, safe
from widgets.progress import Progress, summary_html

STORAGE_KEY = "comet:drills"
ANY = "any"
SEEDS_PER_SET = 1000
"""Question seeds are taken from 0 up: a set of (kind, game) has this many questions."""


def _group_titles() -> dict[str, str]:
    return {f"{k}/{vid}": f"{KINDS[k]} {comet.VARIANTS[vid].name}" for k in KINDS for vid in comet.VARIANTS}


class DrillTrainer(W.VBox):
    """Rules questions; ``kind`` a key of :data:`comet.drills.KINDS`, ``variant`` an id or ``"any"``."""

    def __init__(self, kind: str = "play", variant: str = ANY) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.messages = Messages()
        self.errors = 0
        self._busy = False
        problems = []
        if kind not in KINDS:
            problems.append(f"the kinds of question are {', '.join(KINDS)}, not {kind!r}")
            kind = "play"
        if variant != ANY and variant not in variants_for(kind):
            problems.append(f"{variant!r} is not a game for this question")
            variant = ANY
        short = {"description_width": "initial"}
        self.kind_choice = W.Dropdown(options=[(q, k) for k, q in KINDS.items()], value=kind,
                                      description="Question", style=short, layout=W.Layout(width="360px"))
        self.variant_choice = W.Dropdown(options=self._variant_options(kind), value=variant,
                                         description="Game", style=short, layout=W.Layout(width="330px"))
        self.kind_choice.observe(self._on_settings, names="value")
        self.variant_choice.observe(self._on_settings, names="value")
        self.prompt = W.HTML(layout=W.Layout(width="auto"))
        self.table = W.HTML(layout=W.Layout(width="auto"))
        self.answer_buttons = W.HBox(layout=W.Layout(flex_flow="row wrap", width="100%"))
        self.feedback = W.HTML(layout=W.Layout(width="auto"))
        self.next_button = button("Next question", "Another question of this kind", self._on_next,
                                  style="primary", icon="arrow-right")
        self.reset_button = button("Reset progress", "Forget every answer kept in this browser", self._on_reset,
                                   icon="trash")
        self.progress_html = W.HTML(layout=W.Layout(width="auto"))
        self.progress = Progress(STORAGE_KEY)
        self.offer = 0
        self.answered = False
        self.drill: Drill | None = None
        self.correct: bool | None = None
        self.children = [
            W.HBox([self.kind_choice, self.variant_choice], layout=W.Layout(flex_flow="row wrap")),
            self.prompt, self.table, self.answer_buttons, self.feedback, self.messages.widget,
            W.HBox([self.next_button, self.reset_button], layout=W.Layout(flex_flow="row wrap")),
            self.progress_html,
        ]
        self.add_class("comet-drills")
        self.answer_buttons.add_class("comet-drill-answers")
        self.feedback.add_class("comet-drill-feedback")
        self.next_button.add_class("comet-drill-next")
        self.reset_button.add_class("comet-drill-reset")
        self._show(self._pick())
        if problems:
            self.messages.error("; ".join(problems) + ".")

    @staticmethod
    def _variant_options(kind: str) -> list[tuple[str, str]]:
        return [("Any game", ANY)] + [(comet.VARIANTS[v].title, v) for v in variants_for(kind)]

    def _pick(self) -> Drill:
        kind = self.kind_choice.value
        games = variants_for(kind) if self.variant_choice.value == ANY else [self.variant_choice.value]
        # Candidates: the questions asked before of this set, then a few fresh ones (in a fixed order).
        asked = [i for i in self.progress.items if i.split(":")[0] == kind and i.split(":")[1] in games]
        turn = self.progress.turn
        fresh = [f"{kind}:{games[(turn + k) % len(games)]}:{(turn + k) % SEEDS_PER_SET}" for k in range(3)]
        avoid = self.drill.id if self.drill is not None else None
        item = self.progress.next(asked + fresh, avoid=avoid)
        k, vid, seed = item.split(":")
        return make(k, vid, int(seed))

    def _show(self, drill: Drill) -> None:
        self.offer += 1
        self.answered = False
        self.correct = None
        self.drill = drill
        rnd = drill.position()
        self.prompt.value = (f'<div style="{FONT}"><strong>{html.escape(rnd.variant.name)}</strong>: '
                             f"{html.escape(drill.question)}</div>")
        self.table.value = round_html(rnd, seat=drill.seat, reveal=drill.seat is None)
        offer = self.offer
        buttons = []
        for text in drill.options:
            b = W.Button(description=self._label(text), tooltip=text,
                         layout=W.Layout(width="auto", min_width="44px", margin="2px"))
            b.on_click(self._answer_handler(offer, text))
            b.add_class("comet-drill-answer")
            buttons.append(b)
        self.answer_buttons.children = buttons
        self.feedback.value = ""
        self.messages.clear()
        self.progress_html.value = summary_html(self.progress, _group_titles())

    @staticmethod
    def _label(text: str) -> str:
        try:
            return comet.Card.parse(text).symbol
        except (ValueError, comet.InvalidCardError):
            return text

    def _answer_handler(self, offer: int, text: str) -> Any:
        def handler(_: Any) -> None:
            self.answer(text, offer)
        return handler

    @safe
    def answer(self, text: str, offer: int | None = None) -> None:
        """Answer the question shown; ignored for another offer or once answered."""
        if offer is not None and offer != self.offer:
            return
        if self.answered or self.drill is None:
            return
        drill = self.drill
        right = check(drill, text)
        self.answered = True
        self.correct = right
        kind, vid, _ = drill.id.split(":")
        self.progress.record(drill.id, f"{kind}/{vid}", right)
        for b in self.answer_buttons.children:
            b.disabled = True
        answers = ", ".join(self._label(a) for a in drill.options if a in drill.answers)
        head = "<strong>Right!</strong>" if right else f"<strong>Not so.</strong> The answer: {html.escape(answers)}."
        if right and len(drill.answers) > 1:
            head += f" Every right answer: {html.escape(answers)}."
        colour = "#1e5c2e" if right else "#8a1c12"
        self.feedback.value = (f'<div role="status" class="comet-drill-verdict comet-drill-'
                               f'{"right" if right else "wrong"}" style="{FONT}color:{colour}">{head}</div>'
                               f'<blockquote style="{FONT}margin:4px 0 4px 12px">{html.escape(drill.rule)} '
                               f"<cite>Sources: {html.escape(drill.sources)}.</cite></blockquote>")
        self.progress_html.value = summary_html(self.progress, _group_titles())

    @safe
    def _on_settings(self, change: Any) -> None:
        kind = check_choice(self.kind_choice.value, set(KINDS), "question")
        if change is not None and change.get("owner") is self.kind_choice:
            options = self._variant_options(kind)
            if self.variant_choice.value not in {v for _, v in options}:
                self.variant_choice.unobserve(self._on_settings, names="value")
                try:
                    self.variant_choice.options = options
                    self.variant_choice.value = ANY
                finally:
                    self.variant_choice.observe(self._on_settings, names="value")
            else:
                self.variant_choice.options = options
        check_choice(self.variant_choice.value, {v for _, v in self._variant_options(kind)}, "game")
        self.drill = None
        self._show(self._pick())

    @safe
    def _on_next(self, _: Any) -> None:
        self._show(self._pick())

    @safe
    def _on_reset(self, _: Any) -> None:
        self.progress.reset()
        self.progress_html.value = summary_html(self.progress, _group_titles())
        self.messages.info("Progress reset: every question is new again.")


def drill_page() -> DrillTrainer:
    """The widget of ``book/play/drills.ipynb``."""
    return DrillTrainer()
