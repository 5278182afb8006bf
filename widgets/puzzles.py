"""``PuzzleTrainer``: a thin view of :class:`comet_learn.trainers.PuzzleSession`.

Pick a game, a level and a theme; the position is drawn as at the table (your hand, the trail, what
the others have shown: :func:`comet_render.svg_table.round_html` from the solver's seat); each legal
play is a button.  An answer gets at once: right or not, the puzzle's themes (shown only then: a theme
can hint at the answer), the line that follows each choice under best play in the table's card symbols
and what it is worth, the principle the puzzle illustrates, and how the values are proven
(:data:`comet_learn.proof.DEFINITION`).  Each puzzle has its own link (``?id=``).
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qsl, quote

import ipywidgets as W

import comet
from comet_learn import proof
from comet_learn.puzzles import LEVELS, THEMES, Puzzle, stored_facts
from comet_learn.trainers import ANY, Answer, PuzzleSession
from comet_render.svg_table import round_html
from widgets.common import FONT, Messages, card_label, check_choice, play_tooltip, safe
from widgets.landing import TITLES
from widgets.progress import Trainer, storage

STORAGE_KEY = "comet:puzzles"


def _group_titles() -> dict[str, str]:
    return {f"{fam}/{lv}": f"{TITLES.get(fam, fam)}, {lv}" for fam in TITLES for lv in LEVELS}


def definition_html() -> str:
    """How the answers are proven, as the page states it (from :mod:`comet_learn.proof`)."""
    facts = stored_facts()
    text = proof.DEFINITION.format(deals=facts["deals"], margin=facts["margin"])
    return (f'<details class="comet-puzzle-definition" style="{FONT}margin:4px 0"><summary>How the answers are '
            f'proven</summary><p style="margin:4px 0 0 12px">{html.escape(text)}</p></details>')


class PuzzleTrainer(Trainer, W.VBox):
    """Puzzles of a family, level and theme; ``family`` a page name (``modern``), ``level`` one of
    :data:`comet_learn.puzzles.LEVELS` or ``any``, ``theme`` a key of :data:`THEMES` or ``any``,
    ``puzzle`` an id to open (a link).  A bad value falls back and says so."""

    storage_key = STORAGE_KEY
    session: PuzzleSession

    def __init__(self, family: str = "modern", level: str = ANY, theme: str = ANY, puzzle: str | None = None,
                 **session: Any) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.messages = Messages()
        self.errors = 0
        self._busy = False
        load_text, save_text = storage(STORAGE_KEY)
        self.session = PuzzleSession(load_text, save_text, family=family, level=level, theme=theme, **session)
        problems = list(self.session.problems)
        first: Puzzle | None = None
        if puzzle is not None:
            try:
                first = self.session.open(puzzle)
            except comet.CometError as e:
                problems.append(str(e))
        short = {"description_width": "initial"}
        s = self.session
        self.family_choice = W.Dropdown(options=[(TITLES.get(f, f), f) for f in s.families], value=s.family,
                                        description="Game", style=short, layout=W.Layout(width="250px"))
        self.level_choice = W.Dropdown(options=[("Any", ANY)] + [(lv.capitalize(), lv) for lv in LEVELS],
                                       value=s.level, description="Level", style=short, layout=W.Layout(width="170px"))
        self.theme_choice = W.Dropdown(options=self._theme_options(), value=s.theme, description="Theme",
                                       style=short, layout=W.Layout(width="300px"))
        for w in (self.family_choice, self.level_choice, self.theme_choice):
            w.observe(self._on_settings, names="value")
        self.titles = _group_titles()
        self._build("puzzle", [self.family_choice, self.level_choice, self.theme_choice], "Next puzzle",
                    "Another puzzle of these settings")
        self.definition = W.HTML(definition_html(), layout=W.Layout(width="auto"))
        self.children = list(self.children) + [self.definition]
        self._show(first if first is not None else s.next())
        problems += s.problems
        if problems:
            self.messages.error("; ".join(problems) + ".")

    @property
    def puzzle(self) -> Puzzle | None:
        return self.session.current

    @property
    def verdict(self) -> Any:
        last = self.session.last
        return last.verdict if last is not None else None

    @property
    def play_buttons(self) -> Any:
        return self.answer_buttons

    def _theme_options(self) -> list[tuple[str, str]]:
        return [("Any", ANY)] + [(THEMES[t], t) for t in self.session.themes()]

    def _present(self, puzzle: Puzzle) -> tuple[str, str, list[tuple[str, str, str]]]:
        rnd = puzzle.position()
        seat = rnd.to_play
        assert seat is not None
        link = f"?id={quote(puzzle.id)}"
        prompt = (f'<div style="{FONT}"><strong>Puzzle {html.escape(puzzle.id)}</strong> '
                  f"({html.escape(puzzle.level)}; {html.escape(rnd.variant.name)}). "
                  f"You are seat {seat}, to play. Which play is best? "
                  f'<a class="comet-puzzle-link" href="{html.escape(link)}">Link to this puzzle</a></div>')
        plays = {p.text: p for p in rnd.legal_plays()}
        options = [(card_label(plays[t]), play_tooltip(plays[t]), t) for t in puzzle.plays]
        return prompt, round_html(rnd, seat=seat), options

    def _feedback(self, puzzle: Puzzle, got: Answer) -> tuple[str, str | None]:
        verdict = got.verdict
        assert verdict is not None
        rnd = puzzle.position()
        plays = {p.text: p for p in rnd.legal_plays()}
        unit = rnd.variant.unit + "s"
        best = " or ".join(card_label(plays[t]) for t in verdict.best)
        head = ("<strong>Right!</strong>" if verdict.correct else
                f"<strong>Not the best.</strong> The best play was {html.escape(best)}.")
        if verdict.correct and len(verdict.best) > 1:
            head += f" Each of {html.escape(best)} is as good: all are right."
        colour = "#1e5c2e" if verdict.correct else "#8a1c12"
        lines = "".join(
            f"<li>{'<strong>' if t in verdict.best else ''}{html.escape(words)}"
            f"{'</strong>' if t in verdict.best else ''}{' (best)' if t in verdict.best else ''}"
            f"{' (yours)' if t == verdict.chosen else ''}</li>" for t, words in verdict.lines)
        how = ("exact: every card is known" if puzzle.method == "exact"
               else f"the average over {puzzle.deals:,} deals of the cards you cannot see")
        rows = "".join(self._row(puzzle, plays, t, verdict) for t, _ in verdict.lines)
        d = puzzle.difficulty
        found = (f"The greedy player {'finds' if d.get('greedy') else 'misses'} it; the fast search player "
                 f"finds it in {d.get('search', 0):.0%} of its tries; {d.get('choices', '?')} different choices.")
        themes = ", ".join(THEMES[t] for t in puzzle.themes)
        return (f'<div role="status" class="comet-puzzle-verdict comet-puzzle-'
                f'{"right" if verdict.correct else "wrong"}" style="{FONT}color:{colour}">{head}</div>'
                f'<p class="comet-puzzle-themes" style="{FONT}margin:2px 0">Themes: {html.escape(themes)}.</p>'
                f'<div style="{FONT}">After each choice, best play ({html.escape(how)}):'
                f'<ul class="comet-puzzle-lines" style="margin:2px 0 4px 18px;padding:0">{lines}</ul>'
                f'<p class="comet-puzzle-principle" style="margin:4px 0"><strong>The principle:</strong> '
                f"{html.escape(verdict.principle)}</p></div>"
                f'<table class="comet-puzzle-values" style="{FONT}border-collapse:collapse"><caption style="text-align:left">'
                f"What each choice is worth ({html.escape(unit)}, the whole deal)</caption>"
                '<tr><th scope="col" style="text-align:left;padding-right:10px">Play</th>'
                '<th scope="col" style="padding-right:10px">Best play after it</th>'
                '<th scope="col" style="padding-right:10px">Greedy play after it</th>'
                f'<th scope="col">Behind the best (95% interval)</th></tr>{rows}</table>'
                f'<p style="{FONT}font-size:12px;color:#333">{html.escape(found)}</p>'), None

    @staticmethod
    def _row(puzzle: Puzzle, plays: dict[str, Any], text: str, verdict: Any) -> str:
        c = puzzle.choice(text)
        places = 0 if puzzle.method == "exact" else 1
        behind = "—"
        if c.lead is not None:
            mean, low, high = c.lead
            behind = (f"{mean:.{places}f}" if puzzle.method == "exact" else f"{mean:.1f} ({low:.1f} to {high:.1f})")
        mark = (" (best)" if text in verdict.best else "") + (" (yours)" if text == verdict.chosen else "")
        return (f"<tr><td>{html.escape(card_label(plays[text]))}{mark}</td>"
                f"<td style='text-align:right;padding-right:10px'>{c.value:+.{places}f}</td>"
                f"<td style='text-align:right;padding-right:10px'>{c.greedy:+.{places}f}</td>"
                f"<td style='text-align:right'>{behind}</td></tr>")

    @safe
    def _on_settings(self, change: Any) -> None:
        family = check_choice(self.family_choice.value, set(self.session.families), "game")
        level = check_choice(self.level_choice.value, {ANY, *LEVELS}, "level")
        theme = self.theme_choice.value
        if family != self.session.family:
            self.session.family = family
            options = self._theme_options()
            theme = theme if theme in {v for _, v in options} else ANY
            self.theme_choice.unobserve(self._on_settings, names="value")
            try:
                self.theme_choice.options = options
                self.theme_choice.value = theme
            finally:
                self.theme_choice.observe(self._on_settings, names="value")
        check_choice(theme, {ANY, *THEMES}, "theme")
        puzzle = self.session.choose(family, level, theme)
        self._show(puzzle)
        if self.session.problems:
            self.messages.error("; ".join(self.session.problems) + ".")


def puzzle_page(query: str | None = None) -> PuzzleTrainer:
    """The widget of ``book/play/puzzles.ipynb``; the address may choose the game, the level and the theme
    (``?family=modern&level=hard&theme=stops``: the book's chapters link so) or one puzzle (``?id=``).  A bad
    value is named in the message line and the default is used."""
    from widgets.pages import query_string

    given = dict(parse_qsl((query_string() if query is None else query).lstrip("?")[:1000]))
    return PuzzleTrainer(family=given.get("family", "modern"), level=given.get("level", ANY),
                         theme=given.get("theme", ANY), puzzle=given.get("id"))
