"""Practice that remembers by days: what a reader answered, and what to ask next.

:class:`Practice` keeps, for each item answered (a puzzle's id, a drill's ``kind:variant:seed``), how
often it was right and missed and its review schedule, and chooses what to ask next:

* within a sitting, a missed item comes back after :data:`GAP` other answers;
* across days, every item answered, right or missed, is scheduled by FSRS (the Free Spaced Repetition
  Scheduler that Anki adopted; the PyPI package ``fsrs``): a right answer (rated *Good*) comes back
  after a few days, then after longer and longer intervals; a miss (*Again*) the next day;
* each day's set mixes the reviews that are due with up to :data:`NEW_PER_DAY` items never seen,
  one of each in turn; once both are done the reader may go on practising (the items due soonest, then
  more new ones), and Next without an answer moves on through the set, never back and forth.

The progress is one JSON value (``{"v": VERSION, "set": ..., "items": {...}}``) that the caller
loads and saves (the widgets keep it in the reader's browser).  Two tabs of the same page each keep
their own copy: :meth:`Practice.merge` folds another copy in, item by item, keeping for each item the
later answer, so that both tabs' answers survive.  Items that no longer exist (a puzzle made again
differently) are dropped when the progress is read, never attached to another item.  The clock is a
parameter, so tests move it by days.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Iterable

from fsrs import Card, Rating, Scheduler

from comet.errors import GameStateError

__all__ = ["Practice", "Entry", "VERSION", "GAP", "NEW_PER_DAY", "utc_now"]

VERSION = 2
"""The version of the stored progress (version 1, before days, counted answers only)."""
GAP = 3
"""A missed item comes back after this many other answers in the same sitting."""
NEW_PER_DAY = 10
"""Items never seen that a day's set offers."""

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def _scheduler() -> Scheduler:
    # No learning steps (the sitting's own queue brings a miss back after a few others), no fuzz (a
    # schedule that tests and readers can predict): FSRS schedules in days only.
    return Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


@dataclass
class Entry:
    """One item's progress."""

    group: str
    """What the item belongs to (``modern/easy``, ``play/commit-1991``), for the summary."""
    right: int = 0
    missed: int = 0
    last: str = ""
    """When it was last answered (ISO time, UTC): the later answer wins a merge."""
    first: str = ""
    """The day it was first answered (``YYYY-MM-DD``): today's new items are counted from it."""
    card: dict[str, Any] = field(default_factory=dict)
    """Its FSRS card (``fsrs.Card.to_dict()``); empty until answered."""

    @property
    def due(self) -> datetime | None:
        return datetime.fromisoformat(self.card["due"]) if self.card else None

    def to_json(self) -> dict[str, Any]:
        return {"g": self.group, "r": self.right, "m": self.missed, "t": self.last, "f": self.first, "c": self.card}

    @classmethod
    def from_json(cls, d: Any) -> "Entry | None":
        """An entry from its stored form, or None if it is not one (a value of another program, a damaged one)."""
        try:
            entry = cls(str(d["g"]), int(d["r"]), int(d["m"]), str(d["t"]), str(d["f"]), dict(d["c"]))
            if entry.card:
                Card.from_dict(entry.card)  # type: ignore[arg-type]
                datetime.fromisoformat(entry.last)
        except (KeyError, TypeError, ValueError):
            return None
        return entry


class Practice:
    """The progress on a set of items, and what to ask next.

    ``exists(item)`` says whether an item still exists (progress for others is dropped on reading);
    ``set_version`` names the set the progress was kept against; ``clock`` gives the time (UTC).
    """

    def __init__(self, *, exists: Callable[[str], bool] = lambda item: True, set_version: str = "",
                 clock: Clock = utc_now, new_per_day: int = NEW_PER_DAY, gap: int = GAP) -> None:
        self.exists = exists
        self.set_version = set_version
        self.clock = clock
        self.new_per_day = new_per_day
        self.gap = gap
        self.items: dict[str, Entry] = {}
        self.dropped = 0
        """Items of the progress read that no longer exist (dropped)."""
        self.turn = 0
        """Answers given in this sitting."""
        self._again: dict[str, int] = {}
        """Items missed in this sitting -> the turn from which they may come back."""
        self._shown: dict[str, int] = {}
        """Items shown in this sitting -> when last (a counter), so that skipping moves on."""
        self._shows = 0
        self._scheduler = _scheduler()

    # ------------------------------------------------------------------ storage
    def load(self, text: str | None) -> None:
        """Read a stored progress (replacing what is held); anything not ours is ignored (start afresh)."""
        self.items = self._parse(text)

    def _parse(self, text: str | None) -> dict[str, Entry]:
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            return {}
        raw = data.get("items", {})
        if not isinstance(raw, dict):
            return {}
        items: dict[str, Entry] = {}
        for key, value in raw.items():
            if not isinstance(key, str) or not self.exists(key):
                self.dropped += 1
                continue
            entry = Entry.from_json(value) if data.get("v") == VERSION else _from_v1(value)
            if entry is not None:
                items[key] = entry
        return items

    def dumps(self) -> str:
        """The progress as stored."""
        return json.dumps({"v": VERSION, "set": self.set_version,
                           "items": {k: e.to_json() for k, e in sorted(self.items.items())}}, sort_keys=True)

    def merge(self, text: str | None) -> bool:
        """Fold another copy of the progress in (another tab's): for each item the later answer wins.
        Returns whether anything changed."""
        changed = False
        for key, other in self._parse(text).items():
            mine = self.items.get(key)
            if mine is None or (other.last, other.right + other.missed) > (mine.last, mine.right + mine.missed):
                self.items[key] = other
                changed = True
        return changed

    # ------------------------------------------------------------------ answers
    def record(self, item: str, group: str, correct: bool) -> Entry:
        """One answer to ``item`` (of ``group``), scheduled: *Good* if right, *Again* if missed."""
        now = self.clock()
        self.turn += 1
        entry = self.items.get(item) or Entry(group)
        entry.group = group
        card = Card.from_dict(entry.card) if entry.card else Card(card_id=0, due=now)  # type: ignore[arg-type]
        card, _ = self._scheduler.review_card(card, Rating.Good if correct else Rating.Again, review_datetime=now)
        entry.card = dict(card.to_dict())
        if correct:
            entry.right += 1
            self._again.pop(item, None)
        else:
            entry.missed += 1
            self._again[item] = self.turn + self.gap
        entry.last = now.isoformat()
        entry.first = entry.first or now.date().isoformat()
        self.items[item] = entry
        return entry

    def reset(self) -> None:
        """Forget every answer."""
        self.items = {}
        self._again = {}
        self.turn = 0

    # ------------------------------------------------------------------ what next
    def due(self, items: Iterable[str]) -> list[str]:
        """The items among ``items`` due for review now (earliest first)."""
        now = self.clock()
        found = [(e.due, i) for i in items if (e := self.items.get(i)) is not None and e.due is not None and e.due <= now]
        return [i for _, i in sorted(found)]

    def new_today(self) -> int:
        """Items first answered today."""
        today = self.clock().date().isoformat()
        return sum(1 for e in self.items.values() if e.first == today)

    def today(self, items: Iterable[str]) -> tuple[int, int]:
        """Today's set among ``items``: (reviews due, new items still offered)."""
        pool = list(items)
        fresh = sum(1 for i in pool if i not in self.items)
        return len(self.due(pool)), min(fresh, max(0, self.new_per_day - self.new_today()))

    def next(self, items: Iterable[str], avoid: str | None = None) -> str:
        """The item to ask next among ``items`` (in their order):

        1. an item missed in this sitting, once :attr:`gap` other answers have been given;
        2. today's set: a due review and a new item in turn (up to :attr:`new_per_day` new ones a day);
        3. then, for more practice, another new item, or the item due soonest.

        Within each, the item shown longest ago in this sitting comes first (so Next without an answer
        moves on through the set), and never ``avoid`` (the item just shown) when there is another.
        """
        pool = [i for i in dict.fromkeys(items) if i != avoid] or list(dict.fromkeys(items))
        if not pool:
            raise GameStateError("there is nothing to ask")
        pick = self._pick(pool)
        self._shows += 1
        self._shown[pick] = self._shows
        return pick

    def _oldest(self, candidates: list[str]) -> str:
        return min(candidates, key=lambda i: self._shown.get(i, 0))  # min keeps the first of equals

    def _pick(self, pool: list[str]) -> str:
        back = [i for i in pool if i in self._again and self._again[i] <= self.turn]
        if back:
            return self._oldest(back)
        due = self.due(pool)
        fresh = [i for i in pool if i not in self.items]
        new_left = max(0, self.new_per_day - self.new_today())
        offer_new = fresh if new_left else []
        # Skipped items wait behind the others: those shown in this sitting come last.
        unseen_due = [i for i in due if i not in self._shown]
        unseen_new = [i for i in offer_new if i not in self._shown]
        if unseen_due and unseen_new:
            return unseen_due[0] if self._shows % 2 == 0 else unseen_new[0]
        if unseen_due or unseen_new:
            return (unseen_due or unseen_new)[0]
        if due or offer_new:
            return self._oldest(due + offer_new)
        # Today's set is done: more practice, new items first, then those due soonest.
        waiting = sorted((e.due or self.clock(), i) for i in pool if (e := self.items.get(i)) is not None)
        return self._oldest(fresh + [i for _, i in waiting])

    # ------------------------------------------------------------------ summary
    def summary(self, items: Iterable[str] | None = None) -> dict[str, tuple[int, int, int]]:
        """``group -> (items answered right at least once, items missed at least once, items due now)``."""
        now = self.clock()
        out: dict[str, tuple[int, int, int]] = {}
        for key, e in self.items.items():
            if items is not None and key not in items:
                continue
            s, m, d = out.get(e.group, (0, 0, 0))
            out[e.group] = (s + (e.right > 0), m + (e.missed > 0), d + (e.due is not None and e.due <= now))
        return dict(sorted(out.items()))

    def next_review(self) -> datetime | None:
        """When the next review falls due (None if nothing is scheduled)."""
        dues = [e.due for e in self.items.values() if e.due is not None]
        return min(dues) if dues else None


def _from_v1(value: Any) -> Entry | None:
    """An answer kept by the first version (counts, no days): its counts, scheduled afresh."""
    if not isinstance(value, dict) or not isinstance(value.get("g"), str):
        return None
    right, missed = value.get("s", 0), value.get("m", 0)
    if not isinstance(right, int) or not isinstance(missed, int):
        return None
    return Entry(value["g"], right, missed)


def in_days(clock: Clock, days: float) -> Clock:
    """A clock ``days`` ahead of ``clock`` (for tests and previews)."""
    return lambda: clock() + timedelta(days=days)
