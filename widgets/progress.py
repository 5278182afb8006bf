"""Progress kept in the reader's browser, and a simple spaced-repetition queue.

One JSON value under a ``comet:`` key (:func:`widgets.browser.store`: the page's local storage
on the static site, the kernel's memory elsewhere) holds, for each item answered (a puzzle id, a
drill question), its group (``modern/easy``), how often it was solved and missed, and when it is
due again.  A missed item comes back after :data:`FIRST_GAP` other answers; each later right
answer to it triples the gap (9, then 27 answers) until it has been right :data:`BOXES` times
in a row; an item right at the first try is done.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from widgets import browser

FIRST_GAP = 3
"""A missed item comes back after this many other answers."""
BOXES = 3
"""Right this many times in a row after a miss, an item is learnt."""


class Progress:
    """The answers kept under ``key``; a stored value that is not ours is ignored (start afresh)."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.turn = 0
        self.items: dict[str, dict[str, Any]] = {}
        self._load()

    def _load(self) -> None:
        text = browser.stored(self.key)
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        turn = data.get("turn", 0)
        self.turn = turn if isinstance(turn, int) and turn >= 0 else 0
        items = data.get("items", {})
        self.items = {}
        if isinstance(items, dict):
            for k, v in items.items():
                if (isinstance(k, str) and isinstance(v, dict) and isinstance(v.get("g"), str)
                        and all(isinstance(v.get(f, 0), int) for f in ("s", "m", "box"))
                        and (v.get("due") is None or isinstance(v.get("due"), int))):
                    self.items[k] = {"g": v["g"], "s": v.get("s", 0), "m": v.get("m", 0), "box": v.get("box", 0),
                                     "due": v.get("due")}

    def save(self) -> None:
        browser.store(self.key, json.dumps({"turn": self.turn, "items": self.items}, sort_keys=True))

    def record(self, item: str, group: str, correct: bool) -> None:
        """One answer to ``item`` (of ``group``), kept at once."""
        self.turn += 1
        entry = self.items.setdefault(item, {"g": group, "s": 0, "m": 0, "box": 0, "due": None})
        if correct:
            entry["s"] += 1
            if entry["m"]:  # learning a missed item: come back later and later
                entry["box"] += 1
                entry["due"] = None if entry["box"] >= BOXES else self.turn + FIRST_GAP * 3 ** entry["box"]
            else:
                entry["due"] = None
        else:
            entry["m"] += 1
            entry["box"] = 0
            entry["due"] = self.turn + FIRST_GAP
        self.save()

    def next(self, items: Iterable[str], avoid: str | None = None) -> str:
        """The item to ask next among ``items``: a missed one now due, else one never asked, else the
        one due soonest (or asked least), never ``avoid`` (the item just asked) when there is another."""
        pool = [i for i in items if i != avoid] or list(items)
        if not pool:
            raise ValueError("there is nothing to ask")
        due = [i for i in pool if i in self.items and self.items[i]["due"] is not None
               and self.items[i]["due"] <= self.turn]
        if due:
            return min(due, key=lambda i: (self.items[i]["due"], pool.index(i)))
        fresh = [i for i in pool if i not in self.items]
        if fresh:
            return fresh[0]
        waiting = [i for i in pool if self.items[i]["due"] is not None]
        if waiting:
            return min(waiting, key=lambda i: self.items[i]["due"])
        return min(pool, key=lambda i: (self.items[i]["s"] + self.items[i]["m"], pool.index(i)))

    def summary(self) -> dict[str, tuple[int, int, int]]:
        """``group -> (items solved at least once, items missed at least once, items due again)``."""
        out: dict[str, tuple[int, int, int]] = {}
        for entry in self.items.values():
            s, m, d = out.get(entry["g"], (0, 0, 0))
            out[entry["g"]] = (s + (entry["s"] > 0), m + (entry["m"] > 0), d + (entry["due"] is not None))
        return dict(sorted(out.items()))

    def reset(self) -> None:
        """Forget every answer (and store that)."""
        self.turn = 0
        self.items = {}
        self.save()


def summary_html(progress: Progress, titles: dict[str, str] | None = None) -> str:
    """The progress as a small table: group, solved, missed, to review."""
    import html

    rows = progress.summary()
    if not rows:
        return '<p class="comet-progress-empty">No answers yet: your progress is kept in this browser only.</p>'
    cells = "".join(
        f"<tr><td>{html.escape((titles or {}).get(g, g))}</td><td>{s}</td><td>{m}</td><td>{d}</td></tr>"
        for g, (s, m, d) in rows.items())
    return ('<table class="comet-progress" style="border-collapse:collapse;font-size:13px">'
            '<caption style="text-align:left;font-weight:600">Your progress (kept in this browser)</caption>'
            '<tr><th scope="col" style="text-align:left;padding-right:8px">Set</th>'
            '<th scope="col" style="padding-right:8px">Solved</th><th scope="col" style="padding-right:8px">Missed</th>'
            f'<th scope="col">To review</th></tr>{cells}</table>')
