"""What changes in the other games of the family, lesson by lesson, from the modern game
(:mod:`comet_learn.course`)."""

from __future__ import annotations

from comet_learn.course import Lesson

LESSONS: tuple[Lesson, ...] = ()
