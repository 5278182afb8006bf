"""``PuzzleTrainer``: a thin view of :class:`comet_learn.trainers.PuzzleSession`.

Pick a game, a level and a theme; the position is drawn as at the table (your hand, the trail, what
the others have shown: :func:`comet_render.svg_table.round_html` from the solver's seat); each legal
play is a button.  An answer gets at once: right or not, the puzzle's themes (shown only then: a theme
can hint at the answer), the line that follows each choice under best play in the table's card symbols
and what it is worth, the principle the puzzle illustrates, and how the values are proven
(:data:`comet_learn.proof.DEFINITION`).  Each puzzle has its own link (``?id=``, with the page's ``lang``).

Every word is in the page's language (``lang``: the address's, as on the play pages), through the
message catalogs (:mod:`comet_render.i18n`); the cards in that language's letters.
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qsl, quote

import ipywidgets as W

import comet
from comet_learn import proof
from comet_learn.puzzles import LEVEL_TITLES, LEVELS, THEMES, Puzzle, decimal, percent, stored_facts, whole
from comet_learn.trainers import ANY, Answer, PuzzleSession
from comet_render.i18n import N_, Words, words
from comet_render.svg_table import round_html
from comet_render.words import Names, play_label, unit_name
from widgets.common import FONT, LANGUAGE_CODES, Messages, check_choice, chosen, safe
from widgets.links import TITLES
from widgets.progress import Trainer, query_notice, storage

STORAGE_KEY = "comet:puzzles"
LEAD = (N_("Positions from real two-handed deals where one play is proven best. Pick a game, a level and a theme, "
           "then the play you think best: you see at once whether it was, the line that follows each choice under "
           "best play and what it is worth, and the principle the puzzle illustrates. Each puzzle has its own link."),
        N_("Every answer is proven against the rules engine as it stands, and checked again at every test run: How "
           "the answers are proven, under the puzzle, says how. Levels come from measured difficulty (whether the "
           "greedy player finds the answer, how often the search player and a random player do, how many different "
           "choices there are). A puzzle you miss comes back after a few others and the next day; those you solve "
           "come back for review days later, then later still. The page says where your progress is kept."))
"""The page's introduction, under its heading (two paragraphs)."""


def _group_titles(lang: str = "en") -> dict[str, str]:
    _ = words(lang)
    return {f"{fam}/{lv}": _("{game}, {level}", game=_(TITLES.get(fam, fam)), level=_(LEVEL_TITLES[lv]).lower())
            for fam in TITLES for lv in LEVELS}


def definition_html(lang: str = "en") -> str:
    """How the answers are proven, as the page states it (from :mod:`comet_learn.proof`), in ``lang``."""
    _ = words(lang)
    facts = stored_facts()
    text = _(proof.DEFINITION, deals=whole(facts["deals"], lang), margin=f"{facts['margin']:g}")
    return (f'<details class="comet-puzzle-definition" style="{FONT}margin:4px 0"><summary>'
            f'{html.escape(_("How the answers are proven"))}</summary>'
            f'<p style="margin:4px 0 0 12px">{html.escape(text)}</p></details>')


def _tooltip(_: Words, play: comet.Play) -> str:
    return _("Play {cards}", cards=play_label(_, play))


class PuzzleTrainer(Trainer, W.VBox):
    """Puzzles of a family, level and theme; ``family`` a page name (``modern``), ``level`` one of
    :data:`comet_learn.puzzles.LEVELS` or ``any``, ``theme`` a key of :data:`THEMES` or ``any``,
    ``puzzle`` an id to open (a link), ``lang`` the page's language.  A bad value falls back and says so."""

    storage_key = STORAGE_KEY
    session: PuzzleSession

    def __init__(self, family: str = "modern", level: str = ANY, theme: str = ANY, puzzle: str | None = None,
                 lang: str = "en", **session: Any) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.lang = lang = chosen(lang, LANGUAGE_CODES, "en")
        _ = words(lang)
        self.messages = Messages(lang)
        self.errors = 0
        self._busy = False
        load_text, save_text = storage(STORAGE_KEY)
        self.session = PuzzleSession(load_text, save_text, family=family, level=level, theme=theme, lang=lang,
                                     **session)
        problems = list(self.session.problems)
        first: Puzzle | None = None
        if puzzle is not None:
            try:
                first = self.session.open(puzzle)
            except comet.CometError as e:
                problems.append(str(e))
        short = {"description_width": "initial"}
        s = self.session
        self.family_choice = W.Dropdown(options=[(_(TITLES.get(f, f)), f) for f in s.families], value=s.family,
                                        description=_("Game"), style=short, layout=W.Layout(width="250px"))
        self.level_choice = W.Dropdown(options=[(_("Any"), ANY)] + [(_(LEVEL_TITLES[lv]), lv) for lv in LEVELS],
                                       value=s.level, description=_("Level"), style=short,
                                       layout=W.Layout(width="170px"))
        self.theme_choice = W.Dropdown(options=self._theme_options(), value=s.theme, description=_("Theme"),
                                       style=short, layout=W.Layout(width="300px"))
        for w in (self.family_choice, self.level_choice, self.theme_choice):
            w.observe(self._on_settings, names="value")
        self.titles = _group_titles(lang)
        self._build("puzzle", [self.family_choice, self.level_choice, self.theme_choice], _("Next puzzle"),
                    _("Another puzzle of these settings"))
        self.definition = W.HTML(definition_html(lang), layout=W.Layout(width="auto"))
        self.children = list(self.children) + [self.definition]
        self._show(first if first is not None else s.next())
        self.query_problems = list(dict.fromkeys([*problems, *s.problems]))
        """What the address asked for that could not be used: a notice at the top of the page."""
        self.notice = query_notice(self.query_problems, lang)
        self.children = [self.notice, *self.children]

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
        _ = words(self.lang)
        return [(_("Any"), ANY)] + [(_(THEMES[t]), t) for t in self.session.themes()]

    def link(self, puzzle: Puzzle) -> str:
        """The puzzle's own address (relative: this page), in the page's language."""
        return f"?id={quote(puzzle.id)}" + ("" if self.lang == "en" else f"&lang={self.lang}")

    def _present(self, puzzle: Puzzle) -> tuple[str, str, list[tuple[str, str, str]]]:
        _ = words(self.lang)
        rnd = puzzle.position()
        seat = rnd.to_play
        assert seat is not None
        head = _("Puzzle {id}", id=puzzle.id)
        about = _("({level}; {game}). Your turn: which play is best?", level=_(LEVEL_TITLES[puzzle.level]).lower(),
                  game=_(rnd.variant.name))
        prompt = (f'<div style="{FONT}"><strong>{html.escape(head)}</strong> {html.escape(about)} '
                  f'<a class="comet-puzzle-link" href="{html.escape(self.link(puzzle), quote=True)}">'
                  f'{html.escape(_("Link to this puzzle"))}</a></div>')
        plays = {p.text: p for p in rnd.legal_plays()}
        options = [(play_label(_, plays[t]), _tooltip(_, plays[t]), t) for t in puzzle.plays]
        names = Names.seats(rnd.players, seat, self.lang)
        return prompt, round_html(rnd, seat=seat, lang=self.lang, names=names), options

    def _refusal(self, value: Any) -> str:
        p = self.session.current
        plays = ", ".join(p.plays) if p is not None else ""
        return words(self.lang)("{value} is not a legal play of this puzzle; the plays are {plays}.",
                                value=repr(value)[:40], plays=plays)

    def _feedback(self, puzzle: Puzzle, got: Answer) -> tuple[str, str | None]:
        _ = words(self.lang)
        verdict = got.verdict
        assert verdict is not None
        rnd = puzzle.position()
        plays = {p.text: p for p in rnd.legal_plays()}
        unit = unit_name(_, rnd.variant.unit)
        best = play_label(_, plays[verdict.best[0]])
        for t in verdict.best[1:]:
            best = _("{a} or {b}", a=best, b=play_label(_, plays[t]))
        head = (f"<strong>{html.escape(_('Right!'))}</strong>" if verdict.correct else
                f"<strong>{html.escape(_('Not the best.'))}</strong> "
                f"{html.escape(_('The best play was {play}.', play=best))}")
        if verdict.correct and len(verdict.best) > 1:
            head += " " + html.escape(_("Each of {plays} is as good: all are right.", plays=best))
        colour = "#1e5c2e" if verdict.correct else "#8a1c12"
        best_mark, yours_mark = _(" (best)"), _(" (yours)")
        lines = "".join(
            f"<li>{'<strong>' if t in verdict.best else ''}{html.escape(said)}"
            f"{'</strong>' if t in verdict.best else ''}{html.escape(best_mark) if t in verdict.best else ''}"
            f"{html.escape(yours_mark) if t == verdict.chosen else ''}</li>" for t, said in verdict.lines)
        how = (_("exact: every card is known") if puzzle.method == "exact"
               else _("the average over {deals} deals of the cards you cannot see", deals=whole(puzzle.deals, self.lang)))
        rows = "".join(self._row(puzzle, plays, t, verdict) for t, _l in verdict.lines)
        d = puzzle.difficulty
        search = percent(float(d.get("search", 0)), self.lang)
        found = (_("The greedy player finds it; the fast search player finds it in {share} of its tries; "
                   "{choices} different choices.", share=search, choices=d.get("choices", "?")) if d.get("greedy")
                 else _("The greedy player misses it; the fast search player finds it in {share} of its tries; "
                        "{choices} different choices.", share=search, choices=d.get("choices", "?")))
        themes = ", ".join(_(THEMES[t]) for t in puzzle.themes)
        return (f'<div role="status" class="comet-puzzle-verdict comet-puzzle-'
                f'{"right" if verdict.correct else "wrong"}" style="{FONT}color:{colour}">{head}</div>'
                f'<p class="comet-puzzle-themes" style="{FONT}margin:2px 0">'
                f'{html.escape(_("Themes: {themes}.", themes=themes))}</p>'
                f'<div style="{FONT}">{html.escape(_("After each choice, best play ({how}):", how=how))}'
                f'<ul class="comet-puzzle-lines" style="margin:2px 0 4px 18px;padding:0">{lines}</ul>'
                f'<p class="comet-puzzle-principle" style="margin:4px 0"><strong>{html.escape(_("The principle:"))}'
                f"</strong> {html.escape(verdict.principle)}</p></div>"
                f'<table class="comet-puzzle-values" style="{FONT}border-collapse:collapse"><caption style="text-align:left">'
                f'{html.escape(_("What each choice is worth ({unit}, the whole deal)", unit=unit))}</caption>'
                f'<tr><th scope="col" style="text-align:left;padding-right:10px">{html.escape(_("Play"))}</th>'
                f'<th scope="col" style="padding-right:10px">{html.escape(_("Best play after it"))}</th>'
                f'<th scope="col" style="padding-right:10px">{html.escape(_("Greedy play after it"))}</th>'
                f'<th scope="col">{html.escape(_("Behind the best (95% interval)"))}</th></tr>{rows}</table>'
                f'<p style="{FONT}font-size:12px;color:#333">{html.escape(found)}</p>'), None

    def _row(self, puzzle: Puzzle, plays: dict[str, Any], text: str, verdict: Any) -> str:
        _ = words(self.lang)
        lang = self.lang
        c = puzzle.choice(text)
        places = 0 if puzzle.method == "exact" else 1
        behind = "—"
        if c.lead is not None:
            mean, low, high = c.lead
            behind = (decimal(mean, places, lang, signed=False) if puzzle.method == "exact" else
                      _("{mean} ({low} to {high})", mean=decimal(mean, 1, lang, signed=False),
                        low=decimal(low, 1, lang, signed=False), high=decimal(high, 1, lang, signed=False)))
        mark = (_(" (best)") if text in verdict.best else "") + (_(" (yours)") if text == verdict.chosen else "")
        return (f"<tr><td>{html.escape(play_label(_, plays[text]))}{html.escape(mark)}</td>"
                f"<td style='text-align:right;padding-right:10px'>{decimal(c.value, places, lang)}</td>"
                f"<td style='text-align:right;padding-right:10px'>{decimal(c.greedy, places, lang)}</td>"
                f"<td style='text-align:right'>{behind}</td></tr>")

    @safe
    def _on_settings(self, change: Any) -> None:
        _ = words(self.lang)
        family = check_choice(self.family_choice.value, set(self.session.families), _("a game"), self.lang)
        level = check_choice(self.level_choice.value, {ANY, *LEVELS}, _("a level"), self.lang)
        theme = self.theme_choice.value
        if family != self.session.family:
            self.session.family = family
            options = self._theme_options()
            theme = theme if theme in {v for _l, v in options} else ANY
            self.theme_choice.unobserve(self._on_settings, names="value")
            try:
                self.theme_choice.options = options
                self.theme_choice.value = theme
            finally:
                self.theme_choice.observe(self._on_settings, names="value")
        check_choice(theme, {ANY, *THEMES}, _("a theme"), self.lang)
        puzzle = self.session.choose(family, level, theme)
        self._show(puzzle)
        if self.session.problems:
            self.messages.error("; ".join(self.session.problems) + ".")
