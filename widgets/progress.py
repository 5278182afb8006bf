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
from widgets.common import safe

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


class Trainer:
    """The shared parts of the practice widgets (a mixin for an ``ipywidgets.VBox``): the prompt,
    the table, one button per answer, the feedback, *Next* and *Reset progress*, the progress
    table.  A subclass sets ``self.progress``, ``self.titles`` and the settings row, and defines
    ``_pick()`` (the next item), ``_present(item) -> (prompt_html, table_html, [(label, tooltip,
    value)])`` and ``_judge(value) -> (item id, group, right, feedback_html)``.

    Every answer button belongs to the item it was offered with (``offer`` changes with each
    item shown): a click on an older offer, or a second click once answered, is ignored.
    """

    progress: Progress
    titles: dict[str, str]
    messages: Any
    children: Any

    def _build(self, prefix: str, settings: list[Any], next_label: str, next_tip: str) -> None:
        import ipywidgets as W

        from widgets.common import button

        self.prompt = W.HTML(layout=W.Layout(width="auto"))
        self.table = W.HTML(layout=W.Layout(width="auto"))
        self.answer_buttons = W.HBox(layout=W.Layout(flex_flow="row wrap", width="100%"))
        self.feedback = W.HTML(layout=W.Layout(width="auto"))
        self.next_button = button(next_label, next_tip, self._on_next, style="primary", icon="arrow-right")
        self.reset_button = button("Reset progress", "Forget every answer kept in this browser", self._on_reset,
                                   icon="trash")
        self.progress_html = W.HTML(layout=W.Layout(width="auto"))
        self.offer = 0
        self.answered = False
        self.children = [
            W.HBox(settings, layout=W.Layout(flex_flow="row wrap")),
            self.prompt, self.table, self.answer_buttons, self.feedback, self.messages.widget,
            W.HBox([self.next_button, self.reset_button], layout=W.Layout(flex_flow="row wrap")),
            self.progress_html,
        ]
        self.add_class(f"comet-{prefix}s")  # type: ignore[attr-defined]
        self.add_class("comet-once")  # type: ignore[attr-defined]  # a double click acts once (live/page.js)
        for w, name in ((self.answer_buttons, "plays" if prefix == "puzzle" else "answers"),
                        (self.feedback, "feedback"), (self.next_button, "next"), (self.reset_button, "reset"),
                        (self.progress_html, "progress")):
            w.add_class(f"comet-{prefix}-{name}")
        self._prefix = prefix

    def _pick(self) -> Any:
        raise NotImplementedError

    def _present(self, item: Any) -> tuple[str, str, list[tuple[str, str, str]]]:
        raise NotImplementedError

    def _judge(self, value: str) -> tuple[str, str, bool, str]:
        raise NotImplementedError

    def _show(self, item: Any) -> None:
        import ipywidgets as W

        self.offer += 1
        self.answered = False
        prompt, table, options = self._present(item)
        self.prompt.value = prompt
        self.table.value = table
        offer = self.offer
        buttons = []
        for label, tooltip, value in options:
            b = W.Button(description=label, tooltip=tooltip,
                         layout=W.Layout(width="auto", min_width="52px", height="44px", margin="2px"))
            b.on_click(self._handler(offer, value))
            b.add_class(f"comet-{self._prefix}-answer")
            buttons.append(b)
        self.answer_buttons.children = buttons
        self.feedback.value = ""
        self.messages.clear()
        self._show_progress()

    def _handler(self, offer: int, value: str) -> Any:
        def handler(_: Any) -> None:
            self.answer(value, offer)
        return handler

    @safe
    def answer(self, value: str, offer: int | None = None) -> None:
        """Answer the item shown with ``value``; ignored for another offer or once answered."""
        if (offer is not None and offer != self.offer) or self.answered:
            return
        item, group, right, feedback = self._judge(value)  # raises (a message) before any change
        self.answered = True
        self.progress.record(item, group, right)
        for b in self.answer_buttons.children:
            b.disabled = True
        self.feedback.value = feedback
        self._show_progress()

    def _show_progress(self) -> None:
        self.progress_html.value = summary_html(self.progress, self.titles)

    @safe
    def _on_next(self, _: Any) -> None:
        self._show(self._pick())

    @safe
    def _on_reset(self, _: Any) -> None:
        self.progress.reset()
        self._show_progress()
        self.messages.info("Progress reset: everything is new again.")
