"""``LessonTable``: a lesson of the "Learn to play" path on the real card table (its page:
:func:`website.study.learn_page`, ``book/play/learn.ipynb``).

The same table's view as the play pages and the rooms (:class:`widgets.table_view.TableView`: the felt,
the hand, the buttons), drawing the pictures of the lesson played at this device
(:class:`widgets.controllers.lessons.game.LessonGame`: the bots paced one after another, feedback from
the rules, escalating hints), with the lesson's instruction above the hand, the path of lessons with the
learner's marks, and *Next lesson*. The flow is :class:`widgets.controllers.lessons.flow.LessonController`'s.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as W

import comet
from comet_learn.course_marks import Marks
from comet_learn.lesson_path import PATH
from comet_learn.reading_marks import sources_html
from comet_render.i18n import words
from widgets import browser
from widgets.common import LANGUAGE_CODES, UserError, button, emphasize, replace_classes, safe
from widgets.controllers.intents import Intent
from widgets.controllers.lessons.flow import OVER, PRACTICE, RESULT, STEPS, LessonController
from widgets.controllers.lessons.game import LessonGame
from widgets.controllers.snapshot import Snapshot
from widgets.controllers.table import TableController, default_seats
from widgets.lessons.parts import mark_html, path_html
from widgets.links import family_page
from widgets.links import book_address, page_address
from widgets.local_table import LocalTable
from widgets.table_view import reading_mark

STORAGE_KEY = "comet:lessons"
LESSON_BOT_DELAY = 0.7
"""Seconds between two of the other seats' plays in a lesson (the play pages' 0.3 is too quick to read
each reply): unless the server or the browser sets the pace (:func:`website.pages.page_bot_delay`)."""


class LessonTable(LocalTable):
    """The lesson ``lesson`` (an id of :data:`comet_learn.lesson_path.PATH`; the stored resume point,
    else the first, when None) at ``step``, in ``lang``: the table's view (it draws the pictures of a
    :class:`widgets.controllers.lessons.game.LessonGame`) with the lesson's heading, path, instruction and
    buttons around it."""

    game: LessonGame

    def __init__(self, lesson: str | None = None, step: int = 0, lang: str = "en", bot_delay: float = 0.0) -> None:
        super().__init__(self._ask_game)
        lang = lang if lang in LANGUAGE_CODES else "en"
        marks = Marks.parse(browser.stored(STORAGE_KEY))
        problems: list[str] = []
        if lesson is None:
            lesson, step = (marks.lesson, marks.step) if PATH.get(marks.lesson) else (PATH.lessons[0].id, 0)
        first = PATH.get(lesson) or PATH.lessons[0]
        setup = first.steps[0].setup
        assert setup is not None
        self.flow = TableController(setup.variant, len(setup.hands), 1, default_seats(len(setup.hands), "random"), (), lang)
        self.add_class("comet-lesson")
        self.marks = marks
        _ = words(lang)
        self.messages.lang = lang
        self.say_box = W.HTML(layout=W.Layout(width="auto"))
        self.say_box.add_class("comet-lesson-say")
        self.heading = W.HTML(layout=W.Layout(width="auto"))
        self.heading.add_class("comet-lesson-heading")
        self.next_button = button(_("Next lesson"), _("Go on to the next lesson"), self._on_next, style="primary",
                                  icon="arrow-right")
        self.next_button.add_class("comet-lesson-next")
        self.restart_button = button(_("Start the lesson again"), _("Back to the first step of this lesson"),
                                     self._on_restart, icon="undo")
        self.restart_button.add_class("comet-lesson-restart")
        self.skip_button = button(_("Skip the free play"), _("End this deal; the lesson stays done"), self._on_skip)
        self.skip_button.add_class("comet-lesson-skip")
        self.continue_button = button(_("Continue"), _("Go on once you have seen what the play did"), self._on_continue,
                                      style="primary", icon="arrow-right")
        self.continue_button.add_class("comet-lesson-continue")
        self.lead, self.tail = (self.continue_button,), (self.next_button, self.restart_button, self.skip_button)
        self.path = W.HTML(layout=W.Layout(width="auto"))
        """Every lesson of the path, its link and its mark, under *All lessons* (a ``<details>``: it opens
        before Python has loaded, from the page's HTML)."""
        self.path.add_class("comet-lesson-path")
        self.page_head: W.HTML | None = None
        """The page's heading, when a page holds the table (:func:`website.study.learn_page`)."""
        self.on_address: Callable[[str], None] | None = None
        """Called with :meth:`address_query` when the lesson shown changes it (the page's heading and its
        language menu follow the lesson: :func:`website.study.learn_page`)."""
        self._head_query = ""
        self.dock.children = [self.messages.widget, self.say_box, *self.dock.children]  # (the feedback in sight)
        self.toggles["scores"].layout.display = "none"
        top = [c for c in self.children[:-1] if c is not self.messages.widget and c is not self.skip]
        self.children = [self.skip, self.heading, self.path, *top, self.children[-1]]
        try:
            self.lesson = LessonController(self.flow, lesson, marks, self._store, step)
        except UserError as error:
            problems.append(str(error))
            self.lesson = LessonController(self.flow, PATH.lessons[0].id, marks, self._store)
        self.game = LessonGame(self.flow, self.lesson, bot_delay, link=self._link)
        """The lesson played at this device, the source of the pictures drawn."""
        self.game.listeners.append(self._draw)
        browser.on_storage(self._on_storage)
        self.game.say(*problems)
        if problems:
            self.messages.error(" ".join(problems))

    def _ask_game(self, intent: Intent) -> None:
        self.game.apply(intent)

    def _link(self) -> str:
        return f"?lesson={self.lesson.lesson.id}" + ("" if self.lang == "en" else f"&lang={self.lang}")

    # ------------------------------------------------------------------ storage
    def _store(self, text: str) -> None:
        stored = browser.stored(STORAGE_KEY)
        if stored is not None and stored != text:
            self.marks.merge(stored)  # another tab's marks kept too
            text = self.marks.text()
        browser.store(STORAGE_KEY, text)

    def _on_storage(self, key: str, value: str | None) -> None:
        """Another tab changed the marks: fold them in, and keep the union if it says more than theirs
        (two tabs settle at once: the union no longer changes)."""
        if key == STORAGE_KEY and self.marks.merge(value):
            self.heading.value = self._heading_html()
            self.path.value = self._path_html()
        if key == STORAGE_KEY and value != self.marks.text() and Marks.parse(value) != self.marks:
            browser.store(STORAGE_KEY, self.marks.text())

    # ------------------------------------------------------------------ the lesson's buttons
    @safe
    def _on_continue(self, b: Any) -> None:
        self.game.go_on()

    @safe
    def _on_next(self, b: Any) -> None:
        nxt = PATH.after(self.lesson.lesson.id)
        if nxt is None:
            raise UserError(words(self.lang)("This was the last lesson."))
        self.game.open(nxt.id)

    @safe
    def _on_restart(self, b: Any) -> None:
        self.game.open(self.lesson.lesson.id, fresh=True)

    @safe
    def _on_skip(self, b: Any) -> None:
        self.game.skip_practice()

    # ------------------------------------------------------------------ drawing
    def _draw(self, snap: Snapshot) -> None:
        """The lesson's own parts (the heading, the path, the instruction, its buttons, the address),
        then the table's picture."""
        self._show_lesson()
        self.show(snap)

    def _show_lesson(self) -> None:
        lesson, lang = self.lesson, self.lang
        _ = words(lang)
        self.heading.value = self._heading_html()
        path = self._path_html()
        if self.path.value != path:  # (unchanged, it stays as the reader opened or closed it)
            self.path.value = path
        phase = lesson.phase
        done = phase in (PRACTICE, OVER) or phase == RESULT and lesson.index >= len(lesson.lesson.steps)
        self.next_button.layout.display = "" if done and PATH.after(lesson.lesson.id) else "none"
        emphasize(self.next_button, phase == OVER)
        self.skip_button.layout.display = "" if phase == PRACTICE else "none"
        self.continue_button.layout.display = "" if phase == RESULT else "none"
        replace_classes(self, ("comet-lesson-result", "comet-lesson-practice"),
                        *([f"comet-lesson-{phase}"] if phase in (RESULT, PRACTICE) else []))
        said = " ".join(escape(text) + reading_mark(readings, lang) for text, readings in lesson.instruction_parts())
        self.say_box.value = (f'<div class="comet-lesson-instruction" tabindex="-1" aria-live="polite">{said}</div>'
                              f'<span class="comet-address" hidden data-query="{escape(self.address_query())}"></span>')
        if phase == OVER:  # where to go from here: the game's table, and at the path's end the puzzles
            suffix = "" if lang == "en" else f"?lang={lang}"
            variant = comet.VARIANTS[self.round.variant.id]
            links = [(page_address(family_page(variant.family)) + (f"?variant={variant.id}" + suffix.replace("?", "&")),
                      _("Play {game} at the table", game=_(variant.name)))]
            if PATH.after(lesson.lesson.id) is None:
                links.append((page_address("puzzles") + suffix, _("Try the puzzles")))
            self.say_box.value += "".join(f'<p class="comet-lesson-onward"><a href="{escape(href, quote=True)}">'
                                          f'{escape(text)}</a></p>' for href, text in links)
        self._show_address()

    def address_query(self) -> str:
        """The address's settings of the lesson shown (``lesson=modern-runs&step=2``; its first step
        unsaid), which ``page.js`` writes into the address and the language menu keeps."""
        lesson = self.lesson
        step = min(lesson.index, len(lesson.lesson.steps) - 1) if lesson.phase in (STEPS, RESULT) else 0
        return f"lesson={lesson.lesson.id}" + (f"&step={step + 1}" if step else "")

    def _show_address(self) -> None:
        query = self.address_query()
        if self.on_address is not None and query != self._head_query:
            self._head_query = query
            self.on_address(query)

    def _heading_html(self) -> str:
        _ = words(self.lang)
        lesson = self.lesson.lesson
        number = PATH.lessons.index(lesson) + 1
        phase = self.lesson.phase
        if phase in (STEPS, RESULT):
            where = _("step {n} of {total}", n=self.lesson.step_number, total=len(lesson.steps))
        elif phase == PRACTICE:
            where = _("free play")
        else:
            where = _("lesson finished")
        href = book_address(lesson.chapter, self.lang)
        chapter = (f' <a class="comet-lesson-chapter" href="{escape(href, quote=True)}">{escape(_("Read the chapter"))}</a>'
                   if href else "")
        earned = self.marks.marks.get(lesson.id)
        badge = mark_html(self.lang, earned) if earned is not None else ""  # (its status is the step, not "not done")
        return (f'<div class="comet-lesson-title"><span class="comet-lesson-number">'
                f'{escape(_("Lesson {n} of {total}", n=number, total=len(PATH.lessons)))}</span> '
                f'<strong>{escape(_(lesson.title))}</strong> · <span class="comet-lesson-where">{escape(where)}</span>'
                f' {badge}</div>'
                f'<p class="comet-lesson-summary">{escape(_(lesson.changes or lesson.summary))} '
                f'<span class="comet-lesson-sources">{sources_html(lesson, self.lang, book_address("reference/bibliography"))}</span>'
                f'{chapter}</p>')

    def _path_html(self) -> str:
        return path_html(self.lang, self.marks, self.lesson.lesson.id)
