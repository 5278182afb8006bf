"""``LessonController``: a lesson of the "Learn to play" path at the real table, with no widget in it.

The table is a :class:`~widgets.controllers.table.TableController` (the same flow as the play
pages); this class puts each step's position on it, hands the other seats the step's scripted
replies (:class:`comet_learn.course.Script`), and judges the learner's plays:

* the asked play is made, and the step's *then* sentence says what happened and why;
* any other play is refused with the rules' reason (:func:`comet_learn.refusals.refusal`), or, if it
  is legal, with the step's idea; the step repeats. After :data:`MISSES` misses the table makes the
  asked play itself and moves on, the step marked as shown;
* hints escalate: first the idea, then the card;
* after the steps, a short free play against the gentlest bot with the coach on (the best play lit
  and the rule of the moment said), forced passes made for the learner.

A lesson done is marked (without help when no hint, miss or shown play was needed) in
:class:`comet_learn.course_marks.Marks`, which the page keeps in the reader's browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import comet
from comet.agents import hint as rank_plays
from comet_learn.course import LEARNER, RIVALS, Lesson, Script, Step, StepRun, accepts, legal_play, position, runs, sentence
from comet_learn.course_marks import Marks
from comet_learn.lesson_path import PATH
from comet_learn.refusals import instead, refusal
from comet_render.i18n import words
from comet_render.words import play_label
from widgets.controllers.checks import PERSON, UserError
from widgets.controllers.table import TableController

MISSES = 3
"""After this many misses on a step, the table shows the play and moves on."""
STEPS, PRACTICE, OVER = "steps", "practice", "over"
COACH_PLAYOUTS = 120
"""The coach's search: playouts in all, shared by the legal plays, with no time limit, so that the
coach says the same in the reader's browser as here (small deals: enough to rank the plays)."""


@dataclass(frozen=True)
class Said:
    """What the table says after an attempt: ``text``, whether the play was ``accepted`` (or
    ``shown`` after too many misses), and whether it was an error (a refusal)."""

    text: str
    accepted: bool = False
    shown: bool = False

    @property
    def refused(self) -> bool:
        return not self.accepted and not self.shown


class LessonController:
    """One lesson at ``flow``'s table, from step ``step`` (0: the first); ``marks`` are saved with
    ``save(text)`` whenever they change."""

    def __init__(self, flow: TableController, lesson_id: str, marks: Marks, save: Callable[[str], None],
                 step: int = 0) -> None:
        self.flow = flow
        self.marks = marks
        self._save = save
        self.lesson: Lesson = PATH.lessons[0]
        self.index = 0
        self.phase = STEPS
        self.misses = 0
        self.hints = 0
        self.helped = False
        self.shown = 0
        self.coach_play: comet.Play | None = None
        self._coached: tuple[int, int] = (0, -1)
        """The deal and the number of plays the coach's play was chosen for."""
        self.open(lesson_id, step)

    @property
    def lang(self) -> str:
        return self.flow.lang

    # ------------------------------------------------------------------ where we are
    def open(self, lesson_id: str, step: int = 0) -> None:
        """Start ``lesson_id`` at ``step`` (an unknown lesson or step raises :class:`UserError`)."""
        lesson = PATH.get(lesson_id)
        _ = words(self.lang)
        if lesson is None:
            raise UserError(_("{value} is not a lesson; the first lesson opens instead.", value=repr(lesson_id)[:40]))
        if not 0 <= step < len(lesson.steps):
            raise UserError(_("That lesson has {n} steps; it opens at the first.", n=len(lesson.steps)))
        self.lesson, self.index, self.phase = lesson, step, STEPS
        self.helped = step > 0
        self.shown = 0
        self._load_step()

    def _load_step(self) -> None:
        setup, plays = position(self.lesson, self.index)
        rnd = setup.round(plays)
        self._put(rnd)
        self.flow.use_agents([None] + [Script(self.step.replies)] * (rnd.players - 1))
        self.misses = self.hints = 0
        self.marks.at(self.lesson.id, self.index)
        self._save(self.marks.text())

    def _put(self, rnd: comet.Round) -> None:
        flow = self.flow
        flow.seats = [PERSON] + ["random"] * (rnd.players - 1)
        _ = words(self.lang)
        flow.typed = [""] + [_(RIVALS[(s - 1) % len(RIVALS)]) for s in range(1, rnd.players)]
        flow.open_position(rnd, len(rnd.history))
        flow.auto_pass = self.phase == PRACTICE  # (in a step, a pass is the learner's to make)

    @property
    def step(self) -> Step:
        return self.lesson.steps[min(self.index, len(self.lesson.steps) - 1)]

    @property
    def run(self) -> StepRun:
        return list(runs(self.lesson))[self.index]

    def _names(self) -> tuple[str, ...]:
        return self.flow.names().names

    @property
    def step_number(self) -> int:
        """The step shown, counted from 1 (the number of steps + 1 in the free play)."""
        return self.index + 1

    # ------------------------------------------------------------------ what the learner reads
    def instruction(self) -> str:
        """The one thing to do now, in the table's language."""
        _ = words(self.lang)
        if self.phase == STEPS:
            return sentence(self.step.say, self.run, self.lang, self._names())
        if self.phase == PRACTICE:
            rnd = self.flow.round
            practice = self.lesson.practice
            head = _(practice.say, size=practice.size, p1=self._names()[1])
            if rnd.to_play == LEARNER and not rnd.is_over:
                return head + " " + self.coach_text()
            return head
        nxt = PATH.after(self.lesson.id)
        if nxt is None:
            return _("You have played every lesson. Try the puzzles, or a whole match at the table.")
        return _("Lesson done. Next: {title}.", title=_(nxt.title))

    def coach_text(self) -> str:
        """The coach's words on the learner's turn: what the rules allow, and the play it would make."""
        _ = words(self.lang)
        rnd = self.flow.round
        best = self.coach()
        allowed = instead(rnd, self.lang)
        if best is None:
            return _("Coach: {allowed}.", allowed=allowed)
        return _("Coach: {allowed}. I would play {play}.", allowed=allowed, play=play_label(_, best))

    def coach(self) -> comet.Play | None:
        """The play the coach lights on the learner's turn in the free play (None otherwise)."""
        rnd = self.flow.round
        if self.phase != PRACTICE or rnd.is_over or rnd.to_play != LEARNER:
            return None
        moment = (id(rnd), len(rnd.history))
        if self.coach_play is not None and self._coached == moment:
            return self.coach_play
        legal = rnd.legal_plays()
        if len(legal) == 1:
            self.coach_play = legal[0]
        else:
            ranked = rank_plays(rnd, playouts=COACH_PLAYOUTS, time_limit=None, seed=len(rnd.history))
            self.coach_play = ranked[0].play
        self._coached = moment
        return self.coach_play

    # ------------------------------------------------------------------ the learner acts
    def attempt(self, play: comet.Play) -> Said:
        """The learner plays ``play`` in a step: made if it is the asked play, else refused (or,
        after :data:`MISSES` misses, the asked play is made for them)."""
        if self.phase != STEPS:
            raise UserError(words(self.lang)("The steps of this lesson are done."))
        rnd = self.flow.round
        _ = words(self.lang)
        if accepts(rnd, self.step, play):
            self.flow.play(legal_play(rnd, play) or play)
            return Said(_("Right."), accepted=True)
        self.misses += 1
        self.helped = True
        legal = legal_play(rnd, play)
        if legal is not None:
            why = _("{play} is not this step's play. {idea}",
                    play=play_label(_, legal), idea=sentence(self.step.idea, self.run, self.lang, self._names()))
        else:
            why = refusal(rnd, play, self.lang)
        if self.misses < MISSES:
            return Said(why)
        asked = legal_play(rnd, self.step.play)
        assert asked is not None  # (verify: the asked play is legal)
        self.flow.play(asked)
        self.shown += 1
        return Said(_("{why} Here is the play: {play}.", why=why, play=play_label(_, asked)), shown=True)

    def hint(self) -> tuple[str, comet.Play | None]:
        """The next hint: the idea first, then the card (lit on the table); in the free play, the coach."""
        _ = words(self.lang)
        if self.phase == PRACTICE:
            best = self.coach()
            if best is None:
                raise UserError(_("A hint is for your turn."))
            return self.coach_text(), best
        if self.phase != STEPS:
            raise UserError(_("The lesson is done: choose the next one."))
        self.hints += 1
        self.helped = True
        if self.hints == 1:
            return _("Hint: {idea}", idea=sentence(self.step.idea, self.run, self.lang, self._names())), None
        asked = legal_play(self.flow.round, self.step.play)
        return _("Hint: play {play}.", play=play_label(_, asked) if asked else self.step.play), asked

    # ------------------------------------------------------------------ after the replies
    def settled(self) -> str:
        """The other seats have replied to the step's play: say what happened, and go to the next step
        (or, after the last, the free play). Returns the step's *then* sentence."""
        if self.phase == PRACTICE:
            if self.flow.round.is_over:
                self.phase = OVER
            return ""
        if self.phase != STEPS:
            return ""
        then = sentence(self.step.then, self.run, self.lang, self._names())
        self.index += 1
        if self.index < len(self.lesson.steps):
            if self.step.setup is not None:
                self._load_step()
            else:
                self.flow.use_agents([None] + [Script(self.step.replies)] * (self.flow.round.players - 1))
                self.misses = self.hints = 0
                self.marks.at(self.lesson.id, self.index)
                self._save(self.marks.text())
            return then
        if self.marks.mark(self.lesson.id, clean=not self.helped):
            pass
        self._save(self.marks.text())
        self._start_practice()
        return then

    def _start_practice(self) -> None:
        self.phase = PRACTICE
        self.coach_play = None
        rnd = self.flow.round if self.lesson.practice.go_on else self.lesson.practice.setup().round()
        self._put(rnd)  # the seats' bots: the gentlest, "random" (TableController._make_agents)

    def skip_practice(self) -> None:
        """End the free play (the lesson stays done)."""
        self.phase = OVER

    @property
    def done(self) -> bool:
        return self.lesson.id in self.marks.marks
