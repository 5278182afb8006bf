"""``DrillTrainer``: a thin view of :class:`comet_learn.trainers.DrillSession`.

Pick a kind of question and a game (or any game); the position is drawn as at the table; each
answer is a button.  Nothing on the page gives the answer away before it is given: the settlement
drill shows the finished deal without its Settlement panel, then the settlement line by line once
answered.  The feedback says right or wrong, the right answer, and the rule of the case asked with its
sources.  Progress is kept as the puzzles' is (:mod:`widgets.progress`).
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as W

import comet
from comet_learn.drills import KINDS, Drill, variants_for
from comet_learn.trainers import ANY, Answer, DrillSession
from comet_render.svg_table import round_html
from widgets.common import FONT, Messages, check_choice, chosen, safe
from widgets.progress import Trainer, storage

STORAGE_KEY = "comet:drills"
HIDDEN = ("settle", "opera")
"""Drills whose answer the table's Settlement panel would give away: their table is drawn without it, and the
feedback gives the settlement line by line once answered."""


def _nested(lines: tuple[str, ...]) -> str:
    """Outcome lines as list items, the indented ones (the payments) under the line before them."""
    out: list[str] = []
    sub: list[str] = []
    for line in lines:
        if line.startswith(" "):
            sub.append(f"<li>{html.escape(line.strip())}</li>")
            continue
        if sub:
            out[-1] = out[-1].replace("</li>", f'<ul style="margin:0 0 0 18px;padding:0">{"".join(sub)}</ul></li>')
            sub = []
        out.append(f"<li>{html.escape(line)}</li>")
    if sub and out:
        out[-1] = out[-1].replace("</li>", f'<ul style="margin:0 0 0 18px;padding:0">{"".join(sub)}</ul></li>')
    return "".join(out)


def _group_titles() -> dict[str, str]:
    return {f"{k}/{vid}": f"{KINDS[k]} {comet.VARIANTS[vid].name}" for k in KINDS for vid in comet.VARIANTS}


class DrillTrainer(Trainer, W.VBox):
    """Rules questions; ``kind`` a key of :data:`comet_learn.drills.KINDS`, ``variant`` an id or ``"any"``."""

    storage_key = STORAGE_KEY
    session: DrillSession

    def __init__(self, kind: str = "play", variant: str = ANY, **session: Any) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.messages = Messages()
        self.errors = 0
        self._busy = False
        load_text, save_text = storage(STORAGE_KEY)
        self.session = DrillSession(load_text, save_text, kind=kind, variant=variant, **session)
        s = self.session
        short = {"description_width": "initial"}
        self.kind_choice = W.Dropdown(options=[(q, k) for k, q in KINDS.items()], value=s.kind,
                                      description="Question", style=short, layout=W.Layout(width="360px"))
        self.variant_choice = W.Dropdown(options=self._variant_options(s.kind), value=s.variant,
                                         description="Game", style=short, layout=W.Layout(width="330px"))
        self.kind_choice.observe(self._on_settings, names="value")
        self.variant_choice.observe(self._on_settings, names="value")
        self.titles = _group_titles()
        self._build("drill", [self.kind_choice, self.variant_choice], "Next question", "Another question of this kind")
        problems = list(s.problems)
        self._show(s.next())
        if problems:
            self.messages.error("; ".join(problems) + ".")

    @property
    def drill(self) -> Drill | None:
        return self.session.current

    @property
    def correct(self) -> bool | None:
        return self.session.last.correct if self.session.last is not None else None

    @staticmethod
    def _variant_options(kind: str) -> list[tuple[str, str]]:
        return [("Any game", ANY)] + [(comet.VARIANTS[v].title, v) for v in variants_for(kind)]

    def _present(self, drill: Drill) -> tuple[str, str, list[tuple[str, str, str]]]:
        rnd = drill.position()
        prompt = (f'<div style="{FONT}"><strong>{html.escape(rnd.variant.name)}</strong>: '
                  f"{html.escape(drill.question)}</div>")
        options = [(self._label(t), t, t) for t in drill.options]
        # The settlement and opera drills show the finished deal without its Settlement panel (the answer).
        table = round_html(rnd, seat=drill.seat, reveal=drill.seat is None, settlement=drill.kind not in HIDDEN)
        return prompt, table, options

    @staticmethod
    def _label(text: str) -> str:
        try:
            return comet.Card.parse(text).symbol
        except comet.InvalidCardError:
            return text

    def _feedback(self, drill: Drill, got: Answer) -> tuple[str, str | None]:
        right = got.correct
        answers = ", ".join(self._label(a) for a in drill.options if a in drill.answers)
        head = "<strong>Right!</strong>" if right else f"<strong>Not so.</strong> The answer: {html.escape(answers)}."
        if right and len(drill.answers) > 1:
            head += f" Every right answer: {html.escape(answers)}."
        colour = "#1e5c2e" if right else "#8a1c12"
        lines = ""
        if drill.lines:
            lines = (f'<ul class="comet-drill-lines" style="{FONT}margin:2px 0 4px 18px;padding:0" '
                     f'aria-label="How the deal settles, line by line">{_nested(drill.lines)}</ul>')
        feedback = (f'<div role="status" class="comet-drill-verdict comet-drill-'
                    f'{"right" if right else "wrong"}" style="{FONT}color:{colour}">{head}</div>'
                    f'<blockquote style="{FONT}margin:4px 0 4px 12px">{html.escape(drill.rule)} '
                    f"<cite>Sources: {html.escape(drill.sources)}.</cite></blockquote>{lines}")
        return feedback, None

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
        variant = check_choice(self.variant_choice.value, {v for _, v in options}, "game")
        self._show(self.session.choose(kind, variant))


def drill_page(query: str | None = None) -> DrillTrainer:
    """The widget of ``book/play/drills.ipynb``; the address may choose the question and the
    game (``?kind=play&variant=modern-comet-1991``: the book's chapters link so). A bad value is
    named in the message line and the default is used."""
    from widgets.pages import query_string

    given = dict(parse_qsl((query_string() if query is None else query).lstrip("?")[:1000]))
    return DrillTrainer(kind=given.get("kind", "play"), variant=given.get("variant", ANY))
