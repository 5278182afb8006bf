"""The "Learn to play" path: every lesson in order, the modern game first, then what changes in each
other game of the family (:mod:`comet_learn.course_modern`, :mod:`comet_learn.course_more`)."""

from __future__ import annotations

from comet_learn.course import Path
from comet_learn.course_modern import LESSONS as MODERN_LESSONS
from comet_learn.course_more import LESSONS as MORE_LESSONS

PATH = Path(MODERN_LESSONS + MORE_LESSONS)
"""Every lesson, in the path's order."""

FAMILIES = ("modern", "hoc", "manille", "new-comet", "yanovsky", "commit")
"""The path's parts, in order (a part's key is a play page's family, or ``yanovsky``)."""
