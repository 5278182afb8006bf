"""What changes in the other games of the family, lesson by lesson, from the modern game
(:mod:`comet_learn.course`).

Each part of the path starts from the modern game (:mod:`comet_learn.course_modern`) and teaches only
what differs: Hoc's shedding stage (``history/origins``), manille of 1718 (``rules/manille``), the new
comet of 1752 and Yanovsky's two-handed game (``rules/new-comet``), Commit (``rules/commit``). The
rules are the engine's, as each variant's docstring and the book's chapter give them, with their
sources (S0, S1, S2...) and readings (AMB-n, :mod:`comet.ambiguities`). Every card and number a
sentence names comes from the engine (the fields of :func:`comet_learn.course.values`), and every
claim is checked by :func:`comet_learn.course.verify`; the claims the modern lessons do not need
(a lapsed claim, a settlement line, a partner's cards ignored...) are defined here.
"""

from __future__ import annotations

from comet_learn.course import Lesson
from comet_learn.course_commit import COMMIT_LESSONS
from comet_learn.course_new import NEW_LESSONS, YAN_LESSONS
from comet_learn.course_old import HOC_LESSONS, MANILLE_LESSONS

LESSONS: tuple[Lesson, ...] = (*HOC_LESSONS, *MANILLE_LESSONS, *NEW_LESSONS, *YAN_LESSONS, *COMMIT_LESSONS)
"""The lessons after the modern game's, in the path's order."""
