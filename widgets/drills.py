"""``DrillTrainer``: a thin view of :class:`comet_learn.trainers.DrillSession`.

Pick a kind of question and a game (or any game); the position is drawn as at the table; each
answer is a button.  Nothing on the page gives the answer away before it is given: the settlement
drill shows the finished deal without its Settlement panel, then the settlement line by line once
answered.  The feedback says right or wrong, the right answer, and the rule of the case asked with its
sources.  Progress is kept as the puzzles' is (:mod:`widgets.progress`).

Every word is in the page's language (``lang``: the address's, as on the play pages): the drills are
made in it (:func:`comet_learn.drills.make`), the players named as the table names them.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

import comet
from comet_learn.drills import KINDS, Drill, variants_for
from comet_learn.trainers import ANY, Answer, DrillSession
from comet_render.i18n import N_, words
from comet_render.svg_table import round_html
from comet_render.words import game_title
from widgets.common import FONT, LANGUAGE_CODES, Messages, check_choice, chosen, safe
from widgets.progress import Trainer, query_notice, storage

STORAGE_KEY = "comet:drills"
HIDDEN = ("settle", "opera")
"""Drills whose answer the table's Settlement panel would give away: their table is drawn without it, and the
feedback gives the settlement line by line once answered."""
LEAD = (N_("Short questions on the rules, made by the engine from random positions of any game of the family: which "
           "of your cards may you play, who plays next, what a deal settles to, whether a deal is an opera. Every "
           "answer is checked by the engine, and the feedback quotes the rule of the case asked and its source; "
           "nothing on the page gives the answer away before you give yours."),
        N_("A question you miss comes back after a few others and the next day; those you answer right come back "
           "for review days later. The page says where your progress is kept."))
"""The page's introduction, under its heading (two paragraphs)."""


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


def _group_titles(lang: str = "en") -> dict[str, str]:
    _ = words(lang)
    return {f"{k}/{vid}": f"{_(KINDS[k])} {_(comet.VARIANTS[vid].name)}" for k in KINDS for vid in comet.VARIANTS}


class DrillTrainer(Trainer, W.VBox):
    """Rules questions; ``kind`` a key of :data:`comet_learn.drills.KINDS`, ``variant`` an id or ``"any"``,
    ``lang`` the page's language."""

    storage_key = STORAGE_KEY
    session: DrillSession

    def __init__(self, kind: str = "play", variant: str = ANY, lang: str = "en", **session: Any) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.lang = lang = chosen(lang, LANGUAGE_CODES, "en")
        _ = words(lang)
        self.messages = Messages(lang)
        self.errors = 0
        self._busy = False
        load_text, save_text = storage(STORAGE_KEY)
        self.session = DrillSession(load_text, save_text, kind=kind, variant=variant, lang=lang, **session)
        s = self.session
        short = {"description_width": "initial"}
        self.kind_choice = W.Dropdown(options=[(_(q), k) for k, q in KINDS.items()], value=s.kind,
                                      description=_("Question"), style=short, layout=W.Layout(width="360px"))
        self.variant_choice = W.Dropdown(options=self._variant_options(s.kind), value=s.variant,
                                         description=_("Game"), style=short, layout=W.Layout(width="330px"))
        self.kind_choice.observe(self._on_settings, names="value")
        self.variant_choice.observe(self._on_settings, names="value")
        self.titles = _group_titles(lang)
        self._build("drill", [self.kind_choice, self.variant_choice], _("Next question"),
                    _("Another question of this kind"))
        problems = list(s.problems)
        self._show(s.next())
        self.query_problems = list(dict.fromkeys([*problems, *s.problems]))
        """What the address asked for that could not be used: a notice at the top of the page."""
        self.notice = query_notice(self.query_problems, lang)
        self.children = [self.notice, *self.children]

    @property
    def drill(self) -> Drill | None:
        return self.session.current

    @property
    def correct(self) -> bool | None:
        return self.session.last.correct if self.session.last is not None else None

    def _variant_options(self, kind: str) -> list[tuple[str, str]]:
        return ([(words(self.lang)("Any game"), ANY)]
                + [(game_title(comet.VARIANTS[v], self.lang), v) for v in variants_for(kind)])

    def _present(self, drill: Drill) -> tuple[str, str, list[tuple[str, str, str]]]:
        _ = words(self.lang)
        rnd = drill.position()
        prompt = (f'<div style="{FONT}"><strong>{html.escape(_("{game}:", game=_(rnd.variant.name)))}</strong> '
                  f"{html.escape(drill.question)}</div>")
        options = [(drill.label(t), drill.label(t), t) for t in drill.options]
        # The settlement and opera drills show the finished deal without its Settlement panel (the answer).
        table = round_html(rnd, seat=drill.seat, reveal=drill.seat is None, settlement=drill.kind not in HIDDEN,
                           lang=self.lang, names=drill.names())
        return prompt, table, options

    def _refusal(self, value: Any) -> str:
        d = self.session.current
        known = ", ".join(d.label(o) for o in d.options) if d is not None else ""
        return words(self.lang)("{value} is not an answer offered; the answers are {known}.",
                                value=repr(value)[:40], known=known)

    def _feedback(self, drill: Drill, got: Answer) -> tuple[str, str | None]:
        _ = words(self.lang)
        right = got.correct
        answers = ", ".join(drill.label(a) for a in drill.options if a in drill.answers)
        head = (f"<strong>{html.escape(_('Right!'))}</strong>" if right else
                f"<strong>{html.escape(_('Not so.'))}</strong> {html.escape(_('The answer: {answer}.', answer=answers))}")
        if right and len(drill.answers) > 1:
            head += " " + html.escape(_("Every right answer: {answers}.", answers=answers))
        colour = "#1e5c2e" if right else "#8a1c12"
        lines = ""
        if drill.lines:
            lines = (f'<ul class="comet-drill-lines" style="{FONT}margin:2px 0 4px 18px;padding:0" '
                     f'aria-label="{html.escape(_("How the deal settles, line by line"), quote=True)}">'
                     f"{_nested(drill.lines)}</ul>")
        feedback = (f'<div role="status" class="comet-drill-verdict comet-drill-'
                    f'{"right" if right else "wrong"}" style="{FONT}color:{colour}">{head}</div>'
                    f'<blockquote style="{FONT}margin:4px 0 4px 12px">{html.escape(drill.rule)} '
                    f"<cite>{html.escape(_('Sources: {sources}.', sources=drill.sources))}</cite></blockquote>{lines}")
        return feedback, None

    @safe
    def _on_settings(self, change: Any) -> None:
        _ = words(self.lang)
        kind = check_choice(self.kind_choice.value, set(KINDS), _("a question"), self.lang)
        options = self._variant_options(kind)
        if list(self.variant_choice.options) != options:
            keep = chosen(self.variant_choice.value, {v for _l, v in options}, ANY)
            self.variant_choice.unobserve(self._on_settings, names="value")
            try:
                self.variant_choice.options = options
                self.variant_choice.value = keep
            finally:
                self.variant_choice.observe(self._on_settings, names="value")
        variant = check_choice(self.variant_choice.value, {v for _l, v in options}, _("a game"), self.lang)
        self._show(self.session.choose(kind, variant))
