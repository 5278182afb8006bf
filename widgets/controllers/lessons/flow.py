"""``LessonController``: a lesson of the "Learn to play" path at the real table, with no widget in it.

The table is a :class:`~widgets.controllers.table.TableController` (the same flow as the play
pages); this class puts each step's position on it, hands the other seats the step's scripted
replies (:class:`comet_learn.course.Script`), and judges the learner's plays:

* the asked play is made, and the step's *then* sentence says what happened and why;
* any other play is refused with the rules' reason (:func:`comet_learn.refusals.refusal`), or, if it
  is legal, with the step's idea; the step repeats. After :data:`MISSES` misses the table makes the
  asked play itself and moves on, the step marked as shown;
* hints escalate: first the idea, then the card;
* every consequence is shown: when the table is about to leave a deal (a step that ends it, or the
  next step, or the free play, on another deal), the table stays as the step left it (:data:`RESULT`:
  the other seats' replies on the felt, the settlement line by line when the deal ended) until the
  learner presses *Continue* (:meth:`go_on`); the next deal is then dealt in front of them (:attr:`fresh`);
* after the steps, a short free play against the gentlest bot with the coach on (its play lit, the
  rule of the moment and its reason said: :mod:`comet_learn.coach`), forced passes made for the learner.

Each sentence the learner reads comes with the readings of the sources it rests on
(:meth:`LessonController.instruction_parts`): a step's, as the step marks them; the coach's, as the
engine finds them (:func:`comet_learn.readings.moment_readings`, :func:`comet_learn.readings.reason_readings`).

A lesson done earns zero to three stars by the help it took (:func:`comet_learn.course_marks.stars`),
kept in :class:`comet_learn.course_marks.Marks`, which the page keeps in the reader's browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import comet
from comet_learn.coach import Advice, advise
from comet_learn.course import LEARNER, RIVALS, Lesson, Script, Step, StepRun, accepts, legal_play, runs, sentence, setup_at
from comet_learn.course_marks import LATE_START, Marks, stars
from comet_learn.lesson_path import PATH
from comet_learn.moment import moment
from comet_learn.reading_marks import step_readings
from comet_learn.readings import moment_readings, reason_readings
from comet_learn.refusals import refusal
from comet_render.i18n import percent, words
from comet_render.words import play_label
from widgets.controllers.checks import PERSON, UserError
from widgets.controllers.table import TableController

MISSES = 3
"""After this many misses on a step, the table shows the play and moves on."""
SHOWN_HELP = 2
"""A play the table had to show counts as this much help more than its misses (:mod:`comet_learn.course_marks`)."""
STEPS, RESULT, PRACTICE, OVER = "steps", "result", "practice", "over"
"""The phases: a step to play; a step's result kept on the table until *Continue*; the free play; done."""


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
        """Misses on the step shown (:data:`MISSES` of them show the play)."""
        self.hints = 0
        """Hints asked on the step shown (the first gives the idea, the next the card)."""
        self.help = 0
        """The help taken in this lesson so far: each miss and hint, and :data:`SHOWN_HELP` more for a
        play shown (its stars: :func:`comet_learn.course_marks.stars`)."""
        self.shown = 0
        self.then = ""
        """What the last step did (its *then* sentence), said while its result is on the table."""
        self._dealt: tuple[int, int] | None = None
        """The round dealt in front of the learner by :meth:`go_on`, and its plays then."""
        self._advice: tuple[tuple[int, int], Advice] | None = None
        self._coach_parts: tuple[tuple[int, int], list[tuple[str, tuple[str, ...]]]] | None = None
        self._runs: tuple[Lesson, tuple[StepRun, ...]] = (self.lesson, ())
        """The lesson's steps played out with the engine, once per lesson (:meth:`_step_runs`)."""
        self.open(lesson_id, step, fresh=False)

    @property
    def lang(self) -> str:
        return self.flow.lang

    # ------------------------------------------------------------------ where we are
    def open(self, lesson_id: str, step: int = 0, fresh: bool = True) -> None:
        """Start ``lesson_id`` at ``step`` (an unknown lesson or step raises :class:`UserError`);
        ``fresh``: from nothing (else the help already taken at that point, kept in the resume point,
        still counts: a reload, another language, does not earn stars back)."""
        lesson = PATH.get(lesson_id)
        _ = words(self.lang)
        if lesson is None:
            raise UserError(_("{value} is not a lesson; the first lesson opens instead.", value=repr(lesson_id)[:40]))
        if not 0 <= step < len(lesson.steps):
            raise UserError(_("That lesson has {n} steps; it opens at the first.", n=len(lesson.steps)))
        resumed = not fresh and (self.marks.lesson, self.marks.step) == (lesson_id, step)
        self.lesson, self.index, self.phase = lesson, step, STEPS
        self.help = self.marks.help if resumed else LATE_START if step > 0 else 0
        self.shown = 0
        self.then = ""
        self._dealt = None
        self._load_step()

    def _step_runs(self) -> tuple[StepRun, ...]:
        """Each step of the lesson played out, computed when the lesson opens and kept: the step shown,
        its instruction, a judged play and a hint read it, never replaying the lesson from its start."""
        if self._runs[0] is not self.lesson or not self._runs[1]:
            self._runs = (self.lesson, tuple(runs(self.lesson)))
        return self._runs[1]

    def _load_step(self) -> None:
        rnd = setup_at(self.lesson, self.index).round(self._step_runs()[self.index].plays)
        self._put(rnd)
        self._script()

    def _script(self) -> None:
        """The other seats' replies of the step shown; the step's count of misses and hints; the resume point."""
        self.flow.use_agents([None] + [Script(self.step.replies)] * (self.flow.round.players - 1))
        self.misses = self.hints = 0
        self.marks.at(self.lesson.id, self.index, self.help)
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
        return self._step_runs()[min(self.index, len(self.lesson.steps) - 1)]

    def _names(self) -> tuple[str, ...]:
        return self.flow.names().names

    @property
    def step_number(self) -> int:
        """The step shown, counted from 1 (while a step's result is shown: that step)."""
        return self.index if self.phase == RESULT else self.index + 1

    @property
    def fresh(self) -> bool:
        """A deal was just dealt in front of the learner (by :meth:`go_on`) and nobody has played on it yet."""
        rnd = self.flow.round
        return self._dealt is not None and self._dealt == (id(rnd), len(rnd.history))

    @property
    def stars(self) -> int:
        """The stars this lesson earns as it stands (the help taken so far)."""
        return stars(self.help)

    # ------------------------------------------------------------------ what the learner reads
    def instruction(self) -> str:
        """The one thing to do now, in the table's language."""
        return " ".join(text for text, _readings in self.instruction_parts())

    def instruction_parts(self) -> list[tuple[str, tuple[str, ...]]]:
        """The instruction sentence by sentence, each with the readings of the sources it rests on (the
        view writes an "our reading" mark after it): a step's sentences, the readings the step marks
        (:attr:`comet_learn.course.Step.readings`); the free play's coach, the readings the engine finds
        under the rule of the moment and under the coach's reason (:mod:`comet_learn.readings`)."""
        _ = words(self.lang)
        if self.phase == STEPS:
            return [(sentence(self.step.say, self.run, self.lang, self._names()), tuple(step_readings(self.step, "say")))]
        if self.phase == RESULT:
            return [(self.then, tuple(step_readings(self.lesson.steps[self.index - 1], "then")))]
        if self.phase == PRACTICE:
            rnd = self.flow.round
            practice = self.lesson.practice
            head = _(practice.say, size=practice.size, p1=self._names()[1])
            if rnd.to_play == LEARNER and not rnd.is_over:
                return [(head, ()), *self.coach_parts()]
            return [(head, ())]
        nxt = PATH.after(self.lesson.id)
        if nxt is None:
            return [(_("You have played every lesson. Try the puzzles, or a whole match at the table."), ())]
        return [(_("Lesson done. Next: {title}.", title=_(nxt.title)), ())]

    def coach_text(self) -> str:
        """The coach's words on the learner's turn: the rule of the moment, then its play and why."""
        return " ".join(text for text, _readings in self.coach_parts())

    def coach_parts(self) -> list[tuple[str, tuple[str, ...]]]:
        """The coach's words on the learner's turn, the rule of the moment then its play and why, each with
        the readings the engine finds it resting on (:func:`comet_learn.readings.moment_readings`,
        :func:`comet_learn.readings.reason_readings`)."""
        rnd = self.flow.round
        moment_id = (id(rnd), len(rnd.history))
        if self._coach_parts is not None and self._coach_parts[0] == moment_id:
            return self._coach_parts[1]
        parts = [(moment(rnd, self.lang), moment_readings(rnd, self.lang))]
        advice = self.advice()
        if advice is not None:
            parts.append((advice.reason.sentence(rnd, self.lang, self._names()),
                          reason_readings(rnd, advice.reason, self.lang, self._names())))
        self._coach_parts = (moment_id, parts)
        return parts

    def coach_readings(self) -> tuple[str, ...]:
        """The readings the coach's reason on the learner's turn rests on (() when the coach has none to give)."""
        parts = self.coach_parts() if self.advice() is not None else []
        return parts[1][1] if len(parts) > 1 else ()

    def advice(self) -> Advice | None:
        """The coach's play and reason on the learner's turn in the free play (None otherwise)."""
        rnd = self.flow.round
        if self.phase != PRACTICE or rnd.is_over or rnd.to_play != LEARNER:
            return None
        moment_id = (id(rnd), len(rnd.history))
        if self._advice is None or self._advice[0] != moment_id:
            self._advice = (moment_id, advise(rnd))
        return self._advice[1]

    def coach(self) -> comet.Play | None:
        """The play the coach lights on the learner's turn in the free play (None otherwise)."""
        advice = self.advice()
        return advice.play if advice is not None else None

    # ------------------------------------------------------------------ the learner acts
    def attempt(self, play: comet.Play) -> Said:
        """The learner plays ``play`` in a step: made if it is the asked play, else refused (or,
        after :data:`MISSES` misses, the asked play is made for them)."""
        _ = words(self.lang)
        if self.phase == RESULT:
            raise UserError(_("Press Continue first: the table shows what your play did."))
        if self.phase != STEPS:
            raise UserError(_("The steps of this lesson are done."))
        rnd = self.flow.round
        if accepts(rnd, self.step, play):
            self.flow.play(legal_play(rnd, play) or play)
            return Said(_("Right."), accepted=True)
        self.misses += 1
        self.help += 1
        legal = legal_play(rnd, play)
        if legal is not None:
            why = _("{play} is not this step's play. {idea}",
                    play=play_label(_, legal), idea=sentence(self.step.idea, self.run, self.lang, self._names()))
        else:
            why = refusal(rnd, play, self.lang)
        self._keep_help()
        if self.misses < MISSES:
            return Said(why)
        asked = legal_play(rnd, self.step.play)
        assert asked is not None  # (verify: the asked play is legal)
        self.flow.play(asked)
        self.shown += 1
        self.help += SHOWN_HELP
        self._keep_help()
        return Said(_("{why} Here is the play: {play}.", why=why, play=play_label(_, asked)), shown=True)

    def _keep_help(self) -> None:
        self.marks.at(self.lesson.id, self.index, self.help)
        self._save(self.marks.text())

    def hint(self) -> tuple[str, comet.Play | None]:
        """The next hint: the idea first, then the card (lit on the table); in the free play, the
        coach's play with what the search found for it (not the instruction's line again)."""
        _ = words(self.lang)
        if self.phase == PRACTICE:
            advice = self.advice()
            if advice is None:
                raise UserError(_("A hint is for your turn."))
            said = advice.reason.sentence(self.flow.round, self.lang, self._names())
            said = said[:1].lower() + said[1:]  # (after the colon: "Hint: lead the 4♥: ...", French « Conseil : entamez »)
            if advice.win is not None:
                said += " " + _("Played out {n} times from what you can see, it wins {share} of the deals.",
                                n=advice.playouts, share=percent(advice.win, self.lang))
            return _("Hint: {idea}", idea=said), advice.play
        if self.phase == RESULT:
            raise UserError(_("Press Continue first: the table shows what your play did."))
        if self.phase != STEPS:
            raise UserError(_("The lesson is done: choose the next one."))
        self.hints += 1
        self.help += 1
        self._keep_help()
        if self.hints == 1:
            return _("Hint: {idea}", idea=sentence(self.step.idea, self.run, self.lang, self._names())), None
        asked = legal_play(self.flow.round, self.step.play)
        return _("Hint: play {play}.", play=play_label(_, asked) if asked else self.step.play), asked

    # ------------------------------------------------------------------ after the replies
    def settled(self) -> str:
        """The other seats have replied to the step's play: say what happened, and go on to the next
        step on the same deal, or keep the table as it is (:data:`RESULT`) when what comes next is on
        another deal or the deal is over. Returns the step's *then* sentence."""
        if self.phase == PRACTICE:
            if self.flow.round.is_over:
                self.phase = OVER
            return ""
        if self.phase != STEPS:
            return ""
        run = self.run
        then = sentence(self.step.then, run, self.lang, self._names())
        self.index += 1
        last = self.index >= len(self.lesson.steps)
        if last:
            self.marks.mark(self.lesson.id, self.stars)
            self._save(self.marks.text())
        leaves = (self.flow.round.is_over or (not last and self.lesson.steps[self.index].setup is not None)
                  or (last and not self.lesson.practice.go_on))
        if leaves:
            self.phase, self.then = RESULT, then
            self.marks.at(self.lesson.id, min(self.index, len(self.lesson.steps) - 1), self.help)
            self._save(self.marks.text())
        elif not last:
            self._script()
        else:
            self._start_practice()
        return then

    def go_on(self) -> None:
        """*Continue*: leave the step's result for the next step's deal, or the free play's, dealt in
        front of the learner."""
        if self.phase != RESULT:
            raise UserError(words(self.lang)("There is nothing to continue now."))
        if self.index < len(self.lesson.steps):
            self.phase = STEPS
            self._load_step()
        else:
            self._start_practice()
        rnd = self.flow.round
        self._dealt = (id(rnd), len(rnd.history))

    def _start_practice(self) -> None:
        self.phase = PRACTICE
        self._advice = self._coach_parts = None
        rnd = self.flow.round if self.lesson.practice.go_on else self.lesson.practice.setup().round()
        self._put(rnd)  # the seats' bots: the gentlest, "random" (TableController._make_agents)

    def skip_practice(self) -> None:
        """End the free play (the lesson stays done)."""
        if self.phase != PRACTICE:
            raise UserError(words(self.lang)("There is no free play to skip now."))
        self.phase = OVER

    @property
    def done(self) -> bool:
        return self.lesson.id in self.marks.marks
