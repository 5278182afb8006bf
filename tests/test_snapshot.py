"""The book writes a step-through's snapshot as HTML (bookkit.snapshot): drawn from the saved
widget state, it holds the step shown, its frames and its controls, with those that need Python
disabled."""

from __future__ import annotations

import json
import re

import ipywidgets as W
from ipywidgets.embed import embed_data

from bookkit.snapshot import inline_step_throughs, step_through_html
from widgets.step import StepThrough


def _saved(*widgets: W.Widget, drop_defaults: bool = False) -> tuple[dict, list[str]]:
    data = embed_data(views=list(widgets), drop_defaults=drop_defaults)
    return data["manager_state"], [spec["model_id"] for spec in data["view_specs"]]


def test_a_step_through_is_drawn_at_its_step_with_its_frames() -> None:
    demo = StepThrough(variant="modern-comet-1991", players=3, seed=5, step=10, frames=True)
    state, (model_id,) = _saved(demo)
    drawn = step_through_html(state["state"], model_id)
    assert drawn is not None and drawn.startswith('<div class="comet-step ')
    # The step shown, its caption and its table, as the widget shows them.
    assert f'<input type="range" min="0" max="{demo.steps}" value="10">' in drawn
    assert '<output class="widget-readout">10</output>' in drawn
    assert demo.sentence.value in drawn and demo.table.value in drawn
    # The saved frames, for live.js to step through.
    assert f'<div class="comet-step-frames" hidden>{demo.frames.value}</div>' in drawn
    # One of each stepping button (of the two models of each, the one shown), enabled.
    for name in ("first", "prev", "next", "last"):
        buttons = re.findall(rf'<button type="button" class="comet-step-{name} [^"]*"[^>]*>', drawn)
        assert len(buttons) == 1 and " disabled" not in buttons[0], buttons
    # What needs Python is disabled: the settings, the deal button, the language, the record panel.
    assert "<option selected>Modern comet (1991)</option>" in drawn
    assert '<input type="number" value="5" disabled>' in drawn
    assert re.search(r'<button type="button" [^>]*disabled><span aria-hidden="true">▶</span> Deal and play', drawn)
    assert "<option selected>English</option></select>" in drawn
    assert drawn.count("<select disabled>") == 4
    assert 'comet-snap-accordion comet-live-off" aria-disabled="true"' in drawn
    assert "Paste a deal" not in drawn  # (inside the closed accordion)


def test_only_step_throughs_with_frames_are_written_as_html() -> None:
    demo = StepThrough(variant="old-comet-1718", players=3, seed=7, step=9, frames=True)
    plain = StepThrough(variant="old-comet-1718", players=3, seed=7)
    other = W.Button(description="Other")
    state, ids = _saved(demo, plain, other, drop_defaults=True)  # (a state without defaults draws too)
    views = "".join(f'<p>{i}</p><script type="application/vnd.jupyter.widget-view+json">'
                    f'{json.dumps({"version_major": 2, "version_minor": 0, "model_id": m})}</script>'
                    for i, m in enumerate(ids))
    body = inline_step_throughs(views, json.dumps(state))
    assert body.count('<div class="comet-snap"><div class="comet-step ') == 1
    assert body.index("comet-snap") < body.index("<p>1</p>")
    assert f'"model_id": "{ids[0]}"' not in body  # the demo's view is replaced
    for model_id in ids[1:]:  # the others stay for the widget manager
        assert f'"model_id": "{model_id}"' in body
    assert step_through_html(state["state"], ids[1]) is None
    assert step_through_html(state["state"], ids[2]) is None
