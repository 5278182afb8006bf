"""A lesson's table as a source of snapshots: :class:`LessonGame` is a :class:`LocalGame` whose plays are
judged by the lesson (:class:`widgets.controllers.lessons.flow.LessonController`: the step's asked play, a
miss counted and said, the other seats' scripted replies, the free play with the coach's suggestion)
and whose pictures carry what the lesson adds: the asked play and the wrong one as buttons, nothing
offered while a step's result is on the table, a new deal flying in, the readings a sentence rests on.
Plain Python (no ipywidgets): the lesson's page (:class:`widgets.lessons.table.LessonTable`) is its view.
"""

from __future__ import annotations

from typing import Callable

import comet
from comet_learn.course import Step, legal_play
from comet_learn.reading_marks import step_readings
from comet_learn.readings import refusal_readings
from comet_render.i18n import words
from widgets.controllers.checks import UserError
from widgets.controllers.intents import Intent, stale
from widgets.controllers.lessons.flow import PRACTICE, RESULT, STEPS, LessonController
from widgets.controllers.local import LocalGame
from widgets.controllers.snapshot import Extras
from widgets.controllers.table import TableController


class LessonGame(LocalGame):
    """``lesson`` played at ``flow``'s table (the lesson's controller drives the same ``flow``);
    ``link``: the lesson's own address (its query)."""

    def __init__(self, flow: TableController, lesson: LessonController, bot_delay: float = 0.0,
                 link: Callable[[], str] | None = None) -> None:
        super().__init__(flow, bot_delay, link=link)
        self.lesson = lesson

    @property
    def offers(self) -> frozenset[str]:
        """A hint, but nothing while a step's result is on the table (Continue first)."""
        return frozenset() if self.lesson.phase == RESULT else frozenset({"hint"})

    def extras(self, hinted: comet.Play | None) -> Extras:
        lesson = self.lesson
        _ = words(self.flow.lang)
        if lesson.phase == PRACTICE and hinted is None:
            hinted = lesson.coach()
        out = super().extras(hinted)
        if lesson.phase == STEPS:  # the asked play and the wrong one are buttons, never hidden in the list
            rnd = self.flow.round
            found = (legal_play(rnd, lesson.step.play), legal_play(rnd, lesson.step.wrong) if lesson.step.wrong else None)
            out.featured = tuple(p for p in found if p is not None)
        out.fresh = lesson.fresh
        out.closed = _("Press Continue first: the table shows what your play did.") if lesson.phase == RESULT else ""
        out.judged = lesson.phase == STEPS  # (a card the rules refuse is the lesson's to judge: a miss counted)
        out.title_only = True
        out.link_label, out.link_tip = _("Copy link to this lesson"), _("Copy the address of this lesson to share it")
        return out

    # ------------------------------------------------------------------ the view's requests
    def apply(self, intent: Intent) -> None:
        if stale(intent, self.seq):
            return
        lesson = self.lesson
        _ = words(self.flow.lang)
        if intent.kind == "hint" and "hint" in self.offers:
            text, play = lesson.hint()
            self.hinted = play
            self.say(text, readings=lesson.coach_readings() if lesson.phase == PRACTICE else ())
            return
        if intent.kind != "play":
            raise UserError(_("This table does not offer that now."))
        play = intent.parsed()
        if lesson.phase == PRACTICE:
            said = self.flow.play(play)
            self.run_bots(lambda: self._after_practice(said))
            return
        if lesson.phase == RESULT:
            raise UserError(_("Press Continue first: the table shows what your play did."))
        if lesson.phase != STEPS:
            lesson.attempt(play)  # (raises: the lesson is done)
            raise UserError(_("The lesson is done: choose the next one."))
        rnd, step = self.flow.round, lesson.step
        result = lesson.attempt(play)
        if result.refused:  # a miss, counted: said with the readings an illegal play's refusal rests on
            illegal = legal_play(rnd, play) is None
            self.say(result.text, error=True, readings=refusal_readings(rnd, play, self.flow.lang) if illegal else ())
            return
        self.run_bots(lambda: self._after_step(result.text, step))

    def _after_step(self, said: str, step: Step) -> None:
        then = self.lesson.settled()
        if self.lesson.phase == RESULT:  # (the step's result kept on the table: its sentence, and its mark, are
            self.say(said)               # the instruction, under Continue)
            return
        self.say(said, then, readings=tuple(step_readings(step, "then")))

    def _after_practice(self, said: str) -> None:
        self.lesson.settled()
        self.say(said, *self.flow.calls_since_play(), self.flow.turn_message())

    # ------------------------------------------------------------------ the lesson's own buttons
    def go_on(self) -> None:
        """*Continue*: the next step's deal, or the free play's, dealt in front of the learner."""
        self.pacer.stop()
        self.lesson.go_on()
        self.drawn = None
        self.say(words(self.flow.lang)("A new deal is dealt."),
                 self.flow.turn_message() if self.lesson.phase == PRACTICE else "")

    def open(self, lesson_id: str, fresh: bool = True) -> None:
        """Open ``lesson_id`` at its first step (*Next lesson*, *Start the lesson again*)."""
        self.pacer.stop()
        self.lesson.open(lesson_id, fresh=fresh)
        self.drawn = None
        self.say()

    def skip_practice(self) -> None:
        self.pacer.stop()
        self.lesson.skip_practice()
        self.say()
