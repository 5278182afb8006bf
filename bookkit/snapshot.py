"""A step-through's saved snapshot as plain HTML, written into the page at build time.

A book page's widgets are saved as widget state (the models) and drawn in the reader's browser by
the widget manager, which starts after the page's load event and takes about a second to draw
them. A step-through (``widgets.step.StepThrough(frames=True)``) must step as soon as the page is
shown, before any script has loaded (issue 15), so the book writes its snapshot as HTML: the
same widget tree, drawn from the same saved models, with the controls that need Python disabled
and the stepping controls (class ``comet-step-ctl``) left for ``_static/live/live.js`` to wire to
the saved frames. When Python is ready the live widget replaces it, as it replaces any snapshot.

Only what a step-through holds is drawn (boxes, an accordion, HTML, buttons, drop-downs, number
boxes, a check box, a slider); :func:`step_through_html` returns ``None`` for any other widget,
which the widget manager then draws as before.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

VIEW_SCRIPT = re.compile(r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.S)
STEP_CLASS = "comet-step"
FRAMES_CLASS = "comet-step-frames"
CONTROL_CLASS = "comet-step-ctl"
ICONS = {"fast-backward": "⇤", "step-backward": "◀", "step-forward": "▶", "fast-forward": "⇥", "play": "▶",
         "upload": "⤒"}
"""Font Awesome names (the widgets' icons) as characters: the page loads no icon font for this."""
LAYOUT_STYLES = {"width": "width", "max_width": "max-width", "flex_flow": "flex-flow",
                 "align_items": "align-items", "height": "height"}

Models = dict[str, Any]


def _id(reference: str) -> str:
    return reference.removeprefix("IPY_MODEL_")


class Attributes:
    """A drawn widget's classes (its own, then the kind of element drawn) and inline style."""

    def __init__(self, classes: list[str], styles: list[str]) -> None:
        self.classes = classes
        self.styles = styles

    def __call__(self, kind: str, *styles: str) -> str:
        text = f' class="{html.escape(" ".join([*self.classes, kind]))}"'
        style = ";".join([*self.styles, *styles])
        return text + (f' style="{html.escape(style)}"' if style else "")


class ModelDrawer:
    """Draws saved widget models (ipywidgets' embed state) as HTML: ``draw`` a model, which calls the
    method named after its kind (``_vbox``, ``_html``, ...) with the model's state and its
    :class:`Attributes`. A subclass draws more kinds (``book/_ext/comet_play_static.py``: a whole
    play table)."""

    def __init__(self, models: Models) -> None:
        self.models = models

    def state(self, reference: str) -> dict[str, Any]:
        state: dict[str, Any] = self.models[_id(reference)]["state"]
        return state

    def draw(self, reference: str) -> str:
        model = self.models[_id(reference)]
        name: str = model["model_name"]
        s = self.state(reference)
        if FRAMES_CLASS in s.get("_dom_classes", []):  # hidden, but kept: live.js steps through them
            return f'<div class="{FRAMES_CLASS}" hidden>{s["value"]}</div>' if s.get("value") else ""
        layout = self.state(s["layout"]) if s.get("layout") else {}
        if layout.get("display") == "none" or layout.get("visibility") == "hidden":
            return ""
        draw = getattr(self, "_" + name.removesuffix("Model").lower(), None)
        if draw is None:
            raise ValueError(f"a step-through holds a {name}, which the book cannot draw without the widget manager")
        styles = [f"{css}:{layout[key]}" for key, css in LAYOUT_STYLES.items() if layout.get(key)]
        text: str = draw(s, Attributes(list(s.get("_dom_classes", [])), styles))
        return text

    def _children(self, s: dict[str, Any]) -> str:
        return "".join(self.draw(child) for child in s.get("children", []))

    def _vbox(self, s: dict[str, Any], a: Attributes) -> str:
        return f'<div{a("comet-snap-col")}>{self._children(s)}</div>'

    def _hbox(self, s: dict[str, Any], a: Attributes) -> str:
        return f'<div{a("comet-snap-row")}>{self._children(s)}</div>'

    def _accordion(self, s: dict[str, Any], a: Attributes) -> str:
        # Closed, and it opens only with Python: drawn as its (disabled) title.
        title = html.escape((s.get("titles") or [""])[0])
        return (f'<div{a("comet-snap-accordion comet-live-off")} aria-disabled="true">'
                f'<span aria-hidden="true">▸</span> {title}</div>')

    def _html(self, s: dict[str, Any], a: Attributes) -> str:
        return f'<div{a("comet-snap-html")}><div class="widget-html-content">{s.get("value", "")}</div></div>'

    def _button(self, s: dict[str, Any], a: Attributes) -> str:
        off = CONTROL_CLASS not in a.classes or s.get("disabled")
        colour = self.state(s["style"]).get("button_color") if s.get("style") else None
        look = (f"background:{colour}", "color:#fff") if colour else ()
        icon = ICONS.get(s.get("icon") or "", "")
        glyph = f'<span aria-hidden="true">{icon}</span> ' if icon else ""
        tip = f' title="{html.escape(s["tooltip"])}"' if s.get("tooltip") else ""
        return (f'<button type="button"{a("comet-snap-button", *look)}{tip}'
                f'{" disabled" if off else ""}>{glyph}{html.escape(s.get("description", ""))}</button>')

    def _field(self, s: dict[str, Any], a: Attributes, control: str) -> str:
        return (f'<label{a("comet-snap-field")}><span>{html.escape(s.get("description", ""))}</span>'
                f'{control}</label>')

    def _dropdown(self, s: dict[str, Any], a: Attributes) -> str:
        index = s.get("index")
        label = s["_options_labels"][index] if isinstance(index, int) else ""
        return self._field(s, a, f'<select disabled><option selected>{html.escape(label)}</option></select>')

    def _boundedinttext(self, s: dict[str, Any], a: Attributes) -> str:
        return self._field(s, a, f'<input type="number" value="{int(s.get("value", 0))}" disabled>')

    def _textarea(self, s: dict[str, Any], a: Attributes) -> str:
        return self._field(s, a, f'<textarea disabled>{html.escape(s.get("value", ""))}</textarea>')

    def _checkbox(self, s: dict[str, Any], a: Attributes) -> str:
        checked = " checked" if s.get("value") else ""
        return (f'<label{a("comet-snap-field")}><input type="checkbox"{checked} disabled>'
                f'<span>{html.escape(s.get("description", ""))}</span></label>')

    def _intslider(self, s: dict[str, Any], a: Attributes) -> str:
        value, low, high = int(s.get("value", 0)), int(s.get("min", 0)), int(s.get("max", 100))
        return (f'<div{a("comet-snap-slider")}><label><span>{html.escape(s.get("description", ""))}</span>'
                f'<input type="range" min="{low}" max="{high}" value="{value}"></label>'
                f'<output class="widget-readout">{value}</output></div>')


def step_through_html(models: Models, model_id: str) -> str | None:
    """The step-through ``model_id`` of the saved ``models`` as HTML; ``None`` when the model is not
    a step-through with saved frames."""
    model = models.get(model_id)
    if model is None or STEP_CLASS not in model["state"].get("_dom_classes", []):
        return None
    drawn = ModelDrawer(models).draw(model_id)
    return drawn if f'<div class="{FRAMES_CLASS}" hidden>' in drawn else None


def inline_step_throughs(body: str, widget_state: str) -> str:
    """``body`` (a page's HTML) with each step-through's widget view replaced by its snapshot as
    HTML (:func:`step_through_html`); other views stay for the widget manager."""
    models: Models = json.loads(widget_state)["state"]

    def replace(match: re.Match[str]) -> str:
        model_id = json.loads(match.group(1))["model_id"]
        drawn = step_through_html(models, model_id)
        return match.group(0) if drawn is None else f'<div class="comet-snap">{drawn}</div>'

    return VIEW_SCRIPT.sub(replace, body)
