"""What a learner keeps of the lessons: zero to three stars per lesson done, and where they left off.

One JSON value (kept in the reader's browser by the page, :mod:`widgets.browser`): ``{"v": 2,
"marks": {lesson id: stars}, "at": {"lesson": id, "step": n, "t": n, "help": n}}``. A lesson in
``marks`` is done; its stars count the help it took, as Lichess's *Learn* counts a level's moves
(:func:`stars`): three without a miss or a hint, fewer with more. A mark only ever improves, so a
learner may play a lesson again for a better one. Two tabs merge: the better mark of each lesson, and
the later resume point (:meth:`Marks.merge`). The first version's marks (``"clean"``: done without help,
``"done"``) read as three stars and one.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

MAX_STARS = 3
HELP_FOR_STARS = ((0, 3), (2, 2), (5, 1))
"""(at most this much help, stars): a miss or a hint is one help, a play the table had to show two
more; beyond the last, a lesson done earns no star (but is done)."""
FIRST_VERSION = {"clean": 3, "done": 1}
"""The first stored form's marks, as stars."""
LATE_START = 3
"""The help counted for a lesson begun after its first step (its earlier steps were not played here)."""


def stars(help_taken: int) -> int:
    """The stars of a lesson done with ``help_taken`` help (see :data:`HELP_FOR_STARS`)."""
    return next((n for most, n in HELP_FOR_STARS if help_taken <= most), 0)


def _stars(value: Any) -> int | None:
    if isinstance(value, str):
        return FIRST_VERSION.get(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_STARS:
        return value
    return None


@dataclass
class Marks:
    """The marks and the resume point; :meth:`text` and :meth:`parse` are the stored form."""

    marks: dict[str, int] = field(default_factory=dict)
    lesson: str = ""
    step: int = 0
    stamp: float = 0.0
    """When the resume point was set (seconds): the later one wins a merge."""
    help: int = 0
    """The help taken so far in the lesson of the resume point (its stars are counted from it)."""

    def mark(self, lesson: str, earned: int) -> bool:
        """Mark ``lesson`` done with ``earned`` stars (0 to 3); returns whether the mark improved."""
        earned = max(0, min(MAX_STARS, earned))
        if lesson in self.marks and self.marks[lesson] >= earned:
            return False
        self.marks[lesson] = earned
        return True

    def at(self, lesson: str, step: int, help_taken: int = 0) -> None:
        """The learner is at ``step`` of ``lesson`` with ``help_taken`` help so far (the resume point)."""
        self.lesson, self.step, self.stamp, self.help = lesson, step, time.time(), help_taken

    def text(self) -> str:
        return json.dumps({"v": 2, "marks": self.marks, "at": {"lesson": self.lesson, "step": self.step,
                                                                "t": self.stamp, "help": self.help}}, sort_keys=True)

    @classmethod
    def parse(cls, text: str | None) -> "Marks":
        """The marks a stored text holds; what cannot be read is ignored (a fresh start)."""
        out = cls()
        try:
            data: Any = json.loads(text) if text else {}
        except ValueError:
            return out
        if not isinstance(data, dict):
            return out
        marks = data.get("marks")
        if isinstance(marks, dict):
            out.marks = {k: n for k, v in marks.items() if isinstance(k, str) and (n := _stars(v)) is not None}
        at = data.get("at")
        if isinstance(at, dict) and isinstance(at.get("lesson"), str):
            step, stamp, taken = at.get("step"), at.get("t"), at.get("help")
            out.lesson = at["lesson"]
            out.step = step if isinstance(step, int) and not isinstance(step, bool) and step >= 0 else 0
            out.stamp = float(stamp) if isinstance(stamp, (int, float)) and not isinstance(stamp, bool) else 0.0
            out.help = taken if isinstance(taken, int) and not isinstance(taken, bool) and taken >= 0 else 0
        return out

    def merge(self, text: str | None) -> bool:
        """Fold in another copy (another tab's): the better mark of each lesson, the later resume point.
        Returns whether anything changed."""
        other = Marks.parse(text)
        changed = False
        for lesson, earned in other.marks.items():
            changed = self.mark(lesson, earned) or changed
        if other.stamp > self.stamp:
            self.lesson, self.step, self.stamp, self.help = other.lesson, other.step, other.stamp, other.help
            changed = True
        return changed
