"""``DrillTrainer``: rules drills of :mod:`comet_learn.drills`, checked by the engine, progress kept.

Pick a kind of question and a game (or any game); the position is drawn as at the table; each
answer is a button.  The feedback says right or wrong, the right answer, and the rule with its
sources.  Answers are kept per kind and game in the reader's browser (:mod:`widgets.progress`);
a missed question comes back after a few others.  Buttons belong to the question they were
offered with: a stale or second click is ignored.
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as W

import comet
from comet_learn.drills import KINDS, Drill, check, make, variants_for
from comet_render.svg_table import round_html
from widgets.common import FONT, Messages, UserError, check_choice, chosen, safe
from widgets.progress import Progress, Trainer

STORAGE_KEY = "comet:drills"
ANY = "any"
SEEDS_PER_SET = 1000
"""Question seeds are taken from 0 up: a set of (kind, game) has this many questions."""


def _group_titles() -> dict[str, str]:
    return {f"{k}/{vid}": f"{KINDS[k]} {comet.VARIANTS[vid].name}" for k in KINDS for vid in comet.VARIANTS}


class DrillTrainer(Trainer, W.VBox):
    """Rules questions; ``kind`` a key of :data:`comet_learn.drills.KINDS`, ``variant`` an id or ``"any"``."""

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
        self.progress = Progress(STORAGE_KEY)
        self.titles = _group_titles()
        self.drill: Drill | None = None
        self.correct: bool | None = None
        self._build("drill", [self.kind_choice, self.variant_choice], "Next question", "Another question of this kind")
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

    def _present(self, drill: Drill) -> tuple[str, str, list[tuple[str, str, str]]]:
        self.drill = drill
        self.correct = None
        rnd = drill.position()
        prompt = (f'<div style="{FONT}"><strong>{html.escape(rnd.variant.name)}</strong>: '
                  f"{html.escape(drill.question)}</div>")
        options = [(self._label(t), t, t) for t in drill.options]
        return prompt, round_html(rnd, seat=drill.seat, reveal=drill.seat is None), options

    @staticmethod
    def _label(text: str) -> str:
        try:
            return comet.Card.parse(text).symbol
        except comet.InvalidCardError:
            return text

    def _judge(self, text: str) -> tuple[str, str, bool, str]:
        drill = self.drill
        if drill is None:
            raise UserError("there is no question to answer")
        right = check(drill, text)
        self.correct = right
        kind, vid, _ = drill.id.split(":")
        answers = ", ".join(self._label(a) for a in drill.options if a in drill.answers)
        head = "<strong>Right!</strong>" if right else f"<strong>Not so.</strong> The answer: {html.escape(answers)}."
        if right and len(drill.answers) > 1:
            head += f" Every right answer: {html.escape(answers)}."
        colour = "#1e5c2e" if right else "#8a1c12"
        feedback = (f'<div role="status" class="comet-drill-verdict comet-drill-'
                    f'{"right" if right else "wrong"}" style="{FONT}color:{colour}">{head}</div>'
                    f'<blockquote style="{FONT}margin:4px 0 4px 12px">{html.escape(drill.rule)} '
                    f"<cite>Sources: {html.escape(drill.sources)}.</cite></blockquote>")
        return drill.id, f"{kind}/{vid}", right, feedback

    @safe
    def _on_settings(self, change: Any) -> None:
        kind = check_choice(self.kind_choice.value, set(KINDS), "question")
        options = self._variant_options(kind)
        if list(self.variant_choice.options) != options:
            keep = chosen(self.variant_choice.value, {v for _, v in options}, ANY)
            self.variant_choice.unobserve(self._on_settings, names="value")
            try:
                self.variant_choice.options = options
                self.variant_choice.value = keep
            finally:
                self.variant_choice.observe(self._on_settings, names="value")
        check_choice(self.variant_choice.value, {v for _, v in options}, "game")
        self.drill = None
        self._show(self._pick())


def drill_page(query: str | None = None) -> DrillTrainer:
    """The widget of ``book/play/drills.ipynb``; the address may choose the question and the
    game (``?kind=play&variant=modern-comet-1991``: the book's chapters link so). A bad value is
    named in the message line and the default is used."""
    from widgets.pages import query_string

    given = dict(parse_qsl((query_string() if query is None else query).lstrip("?")[:1000]))
    return DrillTrainer(kind=given.get("kind", "play"), variant=given.get("variant", ANY))
