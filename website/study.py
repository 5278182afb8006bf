"""The pages of study around the tables: *Learn to play* (:func:`learn_page`, ``book/play/learn.ipynb``),
the puzzles (:func:`puzzle_page`) and the drills (:func:`drill_page`): each a widget of :mod:`widgets`
(a lesson's table, a trainer) with the page's heading, its lead, its language menu and the notice of
the address's settings that were not used.
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as W

from comet_learn.lesson_path import PATH
from comet_render.i18n import words
from widgets.common import FONT, LANGUAGE_CODES, no_null_titles
from widgets.drills import LEAD as DRILL_LEAD
from widgets.drills import DrillTrainer
from widgets.lessons.table import LESSON_BOT_DELAY, LessonTable
from comet_learn.trainers import ANY
from widgets.puzzles import LEAD as PUZZLE_LEAD
from widgets.puzzles import PuzzleTrainer
from website.pages import SequenceMark, heading_html, language_names, notice, page_bot_delay, page_title, \
    query_lang, query_string, read_settings, shown_value


def learn_heading(lang: str, query: str = "") -> str:
    """The page's heading: its title, its lead and the language menu (each language's link keeps
    ``query``: the lesson and its step)."""
    _ = words(lang)
    return heading_html(page_title("learn", lang), _(
        "Short lessons on the real table: each step asks for one play, and the rules say why it is right or "
        "not. Then a short deal with the coach beside you."), lang, query)


LEARN_PARAMETERS = ("lesson", "step", "lang")
"""The query parameters of the lessons' page (``lesson``: one lesson's own link; ``step``: its step,
counted from 1)."""


def learn_page(query: str | None = None, bot_delay: float | None = None) -> Any:
    """The "Learn to play" page (``book/play/learn.ipynb``): a :class:`widgets.lessons.table.LessonTable` at the
    lesson of the address (``?lesson=modern-stops``, and its ``step``, from 1), else where the learner left
    off, else the first. Unusable settings are listed in a notice; nothing in the address raises."""
    query = query_string() if query is None else query
    lang = query_lang(query)
    _ = words(lang)
    problems: list[str] = []
    given = read_settings(query, LEARN_PARAMETERS, problems, lang)
    if "lang" in given and given["lang"] not in LANGUAGE_CODES:
        problems.append(_("{value} is not a language of this page; the page is in English. Its languages: {known}.",
                          value=shown_value(given["lang"]), known=language_names()))
    lesson = given.get("lesson")
    if lesson is not None and PATH.get(lesson) is None:
        problems.append(_("{value} is not a lesson; the lessons are listed under All lessons. Opening where you "
                          "left off.", value=shown_value(lesson)))
        lesson = None
    step = 0
    found = PATH.get(lesson) if lesson is not None else None
    if "step" in given and found is not None:
        text = given["step"]
        if text.isdigit() and 1 <= int(text) <= len(found.steps):
            step = int(text) - 1
        else:
            problems.append(_("{value} is not a step of this lesson (1 to {n}); it opens at the first.",
                              value=shown_value(text), n=len(found.steps)))
    delay = page_bot_delay(LESSON_BOT_DELAY) if bot_delay is None else bot_delay
    table = LessonTable(lesson=lesson, step=step, lang=lang, bot_delay=delay)
    table.mark_page(("comet-play-learn", f"comet-lang-{lang}"), ("pass", "hint"))
    heading = W.HTML(layout=W.Layout(width="auto"))
    heading.add_class("comet-page-heading")
    table.page_head = heading

    def follow(query: str) -> None:  # (the heading's language menu keeps the lesson shown)
        heading.value = learn_heading(lang, query)

    table.on_address = follow
    follow(table.address_query())
    rest = [c for c in table.children if c is not table.skip]
    table.children = [table.skip, heading, *([notice(problems, lang)] if problems else []), *rest]
    table.query_problems = problems
    SequenceMark(table)
    no_null_titles(table)
    return table


PARAMETERS = ("family", "level", "theme", "id", "lang")
"""The query parameters of the puzzle page."""


def puzzle_page(query: str | None = None) -> Any:
    """The widget of ``book/play/puzzles.ipynb``; the address may choose the game, the level and the theme
    (``?family=modern&level=hard&theme=stops``: the book's chapters link so), one puzzle (``?id=``) and the
    language (``lang``).  A bad value is named in the message line and the default is used.  The page's
    heading, introduction and language menu are the widget's first child (in the reader's language)."""
    query = query_string() if query is None else query
    lang = query_lang(query)
    given = dict(parse_qsl(query.lstrip("?")[:1000]))
    trainer = PuzzleTrainer(family=given.get("family", "modern"), level=given.get("level", ANY),
                            theme=given.get("theme", ANY), puzzle=given.get("id"), lang=lang)
    _add_heading(trainer, heading_html(page_title("puzzles", lang), "", lang, query),
                 "".join(f'<p class="comet-page-lead" style="{FONT}">{html.escape(words(lang)(t))}</p>' for t in PUZZLE_LEAD))
    no_null_titles(trainer)
    return trainer


def _add_heading(trainer: Any, text: str, lead: str = "") -> None:
    """The page's heading first, then the notice of the address's unused settings (at the top of the
    first screen), then the page's lead, then the trainer."""
    heading = W.HTML(value=text, layout=W.Layout(width="auto"))
    heading.add_class("comet-page-heading")
    intro = W.HTML(value=lead, layout=W.Layout(width="auto", display="" if lead else "none"))
    intro.add_class("comet-page-intro")
    notice = getattr(trainer, "notice", None)
    rest = [c for c in trainer.children if c is not notice]
    trainer.children = [heading, *([notice] if notice is not None else []), intro, *rest]


def drill_page(query: str | None = None) -> DrillTrainer:
    """The widget of ``book/play/drills.ipynb``; the address may choose the question and the
    game (``?kind=play&variant=modern-comet-1991``: the book's chapters link so) and the language
    (``lang``). A bad value is named in the message line and the default is used.  The page's heading,
    introduction and language menu are the widget's first child (in the reader's language)."""
    query = query_string() if query is None else query
    lang = query_lang(query)
    given = dict(parse_qsl(query.lstrip("?")[:1000]))
    trainer = DrillTrainer(kind=given.get("kind", "play"), variant=given.get("variant", ANY), lang=lang)
    _add_heading(trainer, heading_html(page_title("drills", lang), "", lang, query),
                 "".join(f'<p class="comet-page-lead" style="{FONT}">{html.escape(words(lang)(t))}</p>' for t in DRILL_LEAD))
    no_null_titles(trainer)
    return trainer
