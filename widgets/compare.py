"""``VariantCompare``: two variants side by side, generated from their metadata."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

import comet
from widgets.common import Messages, check_variant, safe, variant_options


def variant_facts(v: comet.Variant) -> dict[str, str]:
    """Rows for one variant: ``comet_learn.describe.facts`` plus deal sizes, options and sources."""
    rows: dict[str, str] = {"Game": f"{v.title}, {v.family} family", "Summary": v.summary}
    from comet_learn.describe import facts

    rows.update(facts(v))
    rows["Deal by players"] = "; ".join(
        f"{n}: {v.deal_size(n)} each, {v.dead_size(n)} left over" for n in v.players)
    rows["Options (readings)"] = "\n".join(
        f"{name} = {o.default!r}" + (f" [{o.amb}]" if o.amb else "") + f": {o.doc}"
        + (f" Choices: {', '.join(map(repr, o.choices))}." if o.choices else "")
        for name, o in v.options.items()) or "none"
    rows["Sources"] = "\n".join(f"{s.key}: {s.title}" for s in v.sources)
    return rows


class VariantCompare(W.VBox):
    """Two variants side by side: deck, deal sizes by player count, play, stops, wild cards,
    payments, settlement, options and sources, all read from the variants themselves.
    Rows that differ are marked "≠" (not by colour alone).

    Parameters (all optional): ``left`` and ``right``, variant ids.
    """

    def __init__(self, left: str = "old-comet-1718", right: str = "modern-comet-1991") -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.messages = Messages()
        self.errors = 0
        self._busy = False
        ids = list(comet.VARIANTS)
        bad = [x for x in (left, right) if x not in comet.VARIANTS]
        left = left if left in comet.VARIANTS else "old-comet-1718"
        right = right if right in comet.VARIANTS else "modern-comet-1991"
        short = {"description_width": "initial"}
        self.left_choice = W.Dropdown(options=variant_options(), value=left, description="Compare",
                                      style=short, layout=W.Layout(width="360px"))
        self.right_choice = W.Dropdown(options=variant_options(), value=right, description="with",
                                       style=short, layout=W.Layout(width="330px"))
        self.only_diff = W.Checkbox(value=False, description="Only the differences", indent=False,
                                    layout=W.Layout(width="auto"))
        self.table = W.HTML(layout=W.Layout(width="auto"))
        self.children = [W.HBox([self.left_choice, self.right_choice, self.only_diff],
                                layout=W.Layout(flex_flow="row wrap", align_items="center")),
                         self.messages.widget, self.table]
        for w in (self.left_choice, self.right_choice, self.only_diff):
            w.observe(self._on_change, names="value")
        self.rows: list[tuple[str, str, str]] = []
        self._draw()
        if bad:
            self.messages.error(f"Unknown variant {', '.join(map(repr, bad))}; known: {', '.join(ids)}.")

    def _draw(self) -> None:
        a = check_variant(self.left_choice.value)
        b = check_variant(self.right_choice.value)
        fa, fb = variant_facts(a), variant_facts(b)
        keys = list(fa) + [k for k in fb if k not in fa]
        self.rows = [(k, fa.get(k, "—"), fb.get(k, "—")) for k in keys]
        cell = "padding:4px 8px;border:1px solid #ddd5bd;vertical-align:top;white-space:pre-wrap"
        body = []
        for k, x, y in self.rows:
            same = x == y
            if same and self.only_diff.value:
                continue
            mark = "=" if same else "≠"
            label = "same" if same else "different"
            bg = "" if same else "background:#fff6db;"
            body.append(f'<tr style="{bg}"><th scope="row" style="{cell};text-align:left">{html.escape(k)}</th>'
                        f'<td style="{cell};text-align:center" aria-label="{label}" title="{label}">{mark}</td>'
                        f'<td style="{cell}">{html.escape(x)}</td><td style="{cell}">{html.escape(y)}</td></tr>')
        head = (f'<tr><th style="{cell}">Rule</th><th style="{cell}" title="same or different">=/≠</th>'
                f'<th scope="col" style="{cell}">{html.escape(a.name)}</th>'
                f'<th scope="col" style="{cell}">{html.escape(b.name)}</th></tr>')
        self.table.value = (f'<div style="overflow-x:auto"><table style="border-collapse:collapse;font-family:'
                            f'system-ui,sans-serif;font-size:13px;background:#fffdf7;width:100%">'
                            f'<caption style="text-align:left;font-weight:700;padding:4px 0">{html.escape(a.name)} '
                            f'and {html.escape(b.name)}</caption>{head}{"".join(body)}</table></div>')

    @safe
    def _on_change(self, change: Any) -> None:
        self._draw()
        self.messages.clear()
