"""``PuzzleTrainer``: the stored puzzles of :mod:`comet_learn.puzzles`, one at a time, with feedback.

Pick a family and a level; the position is drawn as at the table (your hand, the trail, what
the others have shown: :func:`comet_render.svg_table.round_html` from the solver's seat); each legal
play is a button.  An answer gets at once: right or wrong, what each choice is worth (expected
payment over many deals of the unseen cards) and why in words (:meth:`comet_learn.puzzles.Puzzle.check`).
Progress per family and level is kept in the reader's browser (:mod:`widgets.progress`); a
missed puzzle comes back after a few others and again later.

Every play button belongs to the puzzle it was offered with (``offer``, a number that changes
with every puzzle shown): a click on an old offer, or a second click on the same one (a double
click), is ignored.
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as W

from comet_learn.puzzles import LEVELS, Puzzle, Verdict, load
from comet_render.svg_table import round_html
from widgets.common import FONT, Messages, UserError, card_label, check_choice, play_tooltip, safe
from widgets.landing import TITLES
from widgets.progress import Progress, Trainer

STORAGE_KEY = "comet:puzzles"


def _group(p: Puzzle) -> str:
    return f"{p.family}/{p.level}"


def _group_titles() -> dict[str, str]:
    return {f"{fam}/{lv}": f"{TITLES.get(fam, fam)}, {lv}" for fam in TITLES for lv in LEVELS}


class PuzzleTrainer(Trainer, W.VBox):
    """Puzzles of a family and level; ``family`` a page name (``modern``), ``level`` one of
    :data:`comet_learn.puzzles.LEVELS`.  A bad value falls back to the first and says so."""

    def __init__(self, family: str = "modern", level: str = "easy") -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.messages = Messages()
        self.errors = 0
        self._busy = False
        self.all = load()
        families = [f for f in TITLES if any(p.family == f for p in self.all)]
        problems = []
        if family not in families:
            problems.append(f"there are no puzzles for {family!r}; families: {', '.join(families)}")
            family = families[0]
        if level not in LEVELS:
            problems.append(f"the level is one of {', '.join(LEVELS)}, not {level!r}")
            level = LEVELS[0]
        short = {"description_width": "initial"}
        self.family_choice = W.Dropdown(options=[(TITLES[f], f) for f in families], value=family,
                                        description="Game", style=short, layout=W.Layout(width="260px"))
        self.level_choice = W.Dropdown(options=[(lv.capitalize(), lv) for lv in LEVELS], value=level,
                                       description="Level", style=short, layout=W.Layout(width="180px"))
        self.family_choice.observe(self._on_settings, names="value")
        self.level_choice.observe(self._on_settings, names="value")
        self.progress = Progress(STORAGE_KEY)
        self.titles = _group_titles()
        self.puzzle: Puzzle | None = None
        self.verdict: Verdict | None = None
        self._build("puzzle", [self.family_choice, self.level_choice], "Next puzzle", "Another puzzle of this game and level")
        self.play_buttons = self.answer_buttons
        self._show(self._pick())
        if problems:
            self.messages.error("; ".join(problems) + ".")

    def pool(self) -> list[Puzzle]:
        """The puzzles of the chosen family and level."""
        fam, lv = self.family_choice.value, self.level_choice.value
        return [p for p in self.all if p.family == fam and p.level == lv]

    def _pick(self) -> Puzzle:
        pool = self.pool() or [p for p in self.all if p.family == self.family_choice.value]
        by_id = {p.id: p for p in pool}
        avoid = self.puzzle.id if self.puzzle is not None else None
        return by_id[self.progress.next(list(by_id), avoid=avoid)]

    def _present(self, puzzle: Puzzle) -> tuple[str, str, list[tuple[str, str, str]]]:
        self.puzzle = puzzle
        self.verdict = None
        rnd = puzzle.position()
        seat = rnd.to_play
        assert seat is not None
        prompt = (f'<div style="{FONT}"><strong>Puzzle {html.escape(puzzle.id)}</strong> '
                  f"({html.escape(puzzle.level)}; {html.escape(rnd.variant.name)}). "
                  f"You are seat {seat}, to play. Which play is best?</div>")
        plays = {p.text: p for p in rnd.legal_plays()}
        options = [(card_label(plays[t]), play_tooltip(plays[t]), t) for t in puzzle.choices]
        return prompt, round_html(rnd, seat=seat), options

    def _judge(self, text: str) -> tuple[str, str, bool, str]:
        if self.puzzle is None:
            raise UserError("there is no puzzle to answer")
        verdict = self.puzzle.check(text)
        self.verdict = verdict
        return self.puzzle.id, _group(self.puzzle), verdict.correct, self._feedback_html(self.puzzle, verdict)

    def _feedback_html(self, puzzle: Puzzle, verdict: Verdict) -> str:
        rnd = puzzle.position()
        plays = {p.text: p for p in rnd.legal_plays()}
        head = ("<strong>Right!</strong>" if verdict.correct else
                f"<strong>Not the best.</strong> The best play was {html.escape(card_label(plays[verdict.best[0]]))}.")
        colour = "#1e5c2e" if verdict.correct else "#8a1c12"
        rows = "".join(
            f"<tr><td>{html.escape(card_label(plays[t]))}{' (best)' if t in verdict.best else ''}"
            f"{' (yours)' if t == verdict.chosen else ''}</td><td style='text-align:right'>{v:+.1f}</td></tr>"
            for t, v in puzzle.values)
        return (f'<div role="status" class="comet-puzzle-verdict comet-puzzle-'
                f'{"right" if verdict.correct else "wrong"}" style="{FONT}color:{colour}">{head} '
                f'{html.escape(verdict.why)}</div>'
                f'<table style="{FONT}border-collapse:collapse"><caption style="text-align:left">'
                f"What each choice is worth (expected payment, {html.escape(rnd.variant.unit)}s)</caption>"
                f"{rows}</table>")

    @safe
    def _on_settings(self, change: Any) -> None:
        check_choice(self.family_choice.value, {f for _, f in self.family_choice.options}, "game")
        check_choice(self.level_choice.value, set(LEVELS), "level")
        self.puzzle = None
        self._show(self._pick())


def puzzle_page(query: str | None = None) -> PuzzleTrainer:
    """The widget of ``book/play/puzzles.ipynb``; the address may choose the game and the level
    (``?family=modern&level=hard``: the book's chapters link so). A bad value is named in the
    message line and the first is used."""
    from widgets.pages import query_string

    given = dict(parse_qsl((query_string() if query is None else query).lstrip("?")[:1000]))
    return PuzzleTrainer(family=given.get("family", "modern"), level=given.get("level", "easy"))
