"""What a learner keeps of the lessons: a mark per lesson and where they left off.

One JSON value (kept in the reader's browser by the page, :mod:`widgets.browser`): ``{"v": 1,
"marks": {lesson id: "done" | "clean"}, "at": {"lesson": id, "step": n, "t": n}}``. ``clean`` is done
without help (no hint, no miss, no play shown); a mark only ever improves. Two tabs merge: the better
mark of each lesson, and the later resume point (:meth:`Marks.merge`).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

DONE, CLEAN = "done", "clean"
RANK = {DONE: 1, CLEAN: 2}


@dataclass
class Marks:
    """The marks and the resume point; :meth:`text` and :meth:`load` are the stored form."""

    marks: dict[str, str] = field(default_factory=dict)
    lesson: str = ""
    step: int = 0
    stamp: float = 0.0
    """When the resume point was set (seconds): the later one wins a merge."""

    def mark(self, lesson: str, clean: bool) -> bool:
        """Mark ``lesson`` done (``clean``: without help); returns whether the mark improved."""
        new = CLEAN if clean else DONE
        if RANK.get(self.marks.get(lesson, ""), 0) >= RANK[new]:
            return False
        self.marks[lesson] = new
        return True

    def at(self, lesson: str, step: int) -> None:
        """The learner is at ``step`` of ``lesson`` (the resume point)."""
        self.lesson, self.step, self.stamp = lesson, step, time.time()

    def text(self) -> str:
        return json.dumps({"v": 1, "marks": self.marks, "at": {"lesson": self.lesson, "step": self.step,
                                                                "t": self.stamp}}, sort_keys=True)

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
            out.marks = {k: v for k, v in marks.items() if isinstance(k, str) and v in RANK}
        at = data.get("at")
        if isinstance(at, dict) and isinstance(at.get("lesson"), str):
            step, stamp = at.get("step"), at.get("t")
            out.lesson = at["lesson"]
            out.step = step if isinstance(step, int) and not isinstance(step, bool) and step >= 0 else 0
            out.stamp = float(stamp) if isinstance(stamp, (int, float)) and not isinstance(stamp, bool) else 0.0
        return out

    def merge(self, text: str | None) -> bool:
        """Fold in another copy (another tab's): the better mark of each lesson, the later resume point.
        Returns whether anything changed."""
        other = Marks.parse(text)
        changed = False
        for lesson, mark in other.marks.items():
            if RANK[mark] > RANK.get(self.marks.get(lesson, ""), 0):
                self.marks[lesson] = mark
                changed = True
        if other.stamp > self.stamp:
            self.lesson, self.step, self.stamp = other.lesson, other.step, other.stamp
            changed = True
        return changed
