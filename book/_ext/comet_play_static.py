"""The play pages as static pages: ``play/<page>.html`` for each notebook of ``book/play/``.

Each page shows the notebook's introduction and a snapshot of its table (the notebook's code run
here, at build time, with the default settings), then runs the *same* code in the reader's
browser (``_static/live/live.js``), with the page's address as the query string, so the
settings in the address (``?variant=...&players=3``) work as on the Voilà pages.
``play/index.html`` presents the games.  Used by :mod:`comet_live` at the end of the build.

The snapshot is written into the page as HTML (:class:`PlayDrawer`, the drawer of
``bookkit.snapshot`` with the few more widgets a table holds and the widget classes the table's
own styles select), so the first paint shows the table: the page's head loads no script, and the
widget manager (3.6 MB of JavaScript) is fetched by live.js with Python, for the live table.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from comet_live import ROOT, config_script

PLAY_DIR = ROOT / "book" / "play"

PAGE = """<!DOCTYPE html>
<html lang="en" data-comet-lang-query>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<script src="../_static/offline/langs.js"></script>
<link rel="icon" href="../_static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="../_static/live/live.css">
<link rel="stylesheet" href="../_static/live/play.css">
{head}
</head>
<body>
<header class="comet-play-header">
<nav aria-label="Site" data-comet-label="site"><a href="../index.html" data-comet-word="book" data-comet-book>The book</a> · <a href="index.html" data-comet-word="games" data-comet-keep-lang>All games</a> · <a href="learn.html" data-comet-word="learn" data-comet-keep-lang>Learn to play</a></nav>
</header>
<main>
{body}
</main>
{tail}
</body>
</html>
"""

MANAGER = ["../_static/offline/require.js", "../_static/offline/widgets-assets-path.js",
           "../_static/offline/html-manager/embed-amd.js"]
"""The widget manager's scripts, in order: live.js loads them while Python loads."""

WIDGET_CLASSES = {
    "ButtonModel": "jupyter-button widget-button",
    "ToggleButtonModel": "jupyter-button widget-toggle-button",
    "BoxModel": "widget-container widget-box",
    "HBoxModel": "widget-container widget-box widget-hbox",
    "VBoxModel": "widget-container widget-box widget-vbox",
    "HTMLModel": "widget-inline-hbox widget-html",
    "DropdownModel": "widget-inline-hbox widget-dropdown",
    "CheckboxModel": "widget-inline-hbox widget-checkbox",
    "BoundedIntTextModel": "widget-inline-hbox widget-text",
    "TextareaModel": "widget-inline-hbox widget-textarea",
    "IntSliderModel": "widget-inline-hbox widget-slider",
    "AccordionModel": "widget-accordion",
}
"""The classes the widget manager gives each widget: the table's own styles select them."""
BUTTON_STYLE = {"button_color": "background", "text_color": "color", "font_size": "font-size",
                "font_weight": "font-weight", "font_style": "font-style", "font_family": "font-family"}
"""A button's style (ipywidgets' ButtonStyle) as CSS."""
MORE_LAYOUT = {"min_width": "min-width", "min_height": "min-height", "margin": "margin", "padding": "padding",
               "overflow": "overflow", "border_top": "border-top", "border_right": "border-right",
               "border_bottom": "border-bottom", "border_left": "border-left"}


def _drawer() -> type:
    from bookkit.snapshot import ICONS, LAYOUT_STYLES, Attributes, ModelDrawer

    class PlayDrawer(ModelDrawer):  # type: ignore[misc,valid-type]
        """``bookkit.snapshot``'s drawer of saved widget models as HTML, for a whole play table."""

        def draw(self, reference: str) -> str:
            model = self.models[reference.removeprefix("IPY_MODEL_")]
            name: str = model["model_name"]
            s = model["state"]
            layout = self.state(s["layout"]) if s.get("layout") else {}
            if layout.get("display") == "none" or layout.get("visibility") == "hidden":
                # Hidden, but an HTML widget may hold the table's styles (as it does): kept, hidden.
                return f'<div hidden>{s.get("value", "")}</div>' if name == "HTMLModel" else ""
            draw = getattr(self, "_" + name.removesuffix("Model").lower(), None)
            if draw is None:
                raise ValueError(f"a play page's table holds a {name}, which the build cannot draw as HTML")
            styles = [f"{css}:{layout[key]}" for key, css in {**LAYOUT_STYLES, **MORE_LAYOUT}.items()
                      if layout.get(key)]
            classes = [*s.get("_dom_classes", []), *WIDGET_CLASSES.get(name, "").split()]
            return str(draw(s, Attributes(classes, styles)))

        def _box(self, s: dict[str, Any], a: Any) -> str:
            return f'<div{a("comet-snap-box")}>{self._children(s)}</div>'

        def _button(self, s: dict[str, Any], a: Any) -> str:
            """Drawn with its own style (a card: its colours, size and weight), and off."""
            style = self.state(s["style"]) if s.get("style") else {}
            look = [f"{css}:{style[key]}" for key, css in BUTTON_STYLE.items() if style.get(key)]
            icon = ICONS.get(s.get("icon") or "", "")
            glyph = f'<span aria-hidden="true">{icon}</span> ' if icon else ""
            tip = f' title="{html.escape(s["tooltip"])}"' if s.get("tooltip") else ""
            return (f'<button type="button"{a("comet-snap-button", *look)}{tip} disabled>{glyph}'
                    f'{html.escape(s.get("description", ""))}</button>')

        def _togglebutton(self, s: dict[str, Any], a: Any) -> str:
            """A panel's toggle says whether its panel is open (aria-expanded); another, whether it is pressed."""
            state = "aria-expanded" if "comet-panel-toggle" in s.get("_dom_classes", []) else "aria-pressed"
            value = "true" if s.get("value") else "false"
            return (f'<button type="button"{a("comet-snap-button")} {state}="{value}" disabled>'
                    f'{html.escape(s.get("description", ""))}</button>')

    return PlayDrawer


def snapshot_html(data: dict[str, Any]) -> str:
    """The widget that ``data`` (ipywidgets' embed format) shows, as HTML."""
    view = data["view_specs"][0]["model_id"]
    return f'<div class="comet-snap">{_drawer()(data["manager_state"]["state"]).draw(view)}</div>'


def _markdown(text: str) -> str:
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark").render(text))


def read_notebook(path: Path) -> tuple[list[str], list[str]]:
    """(markdown sources, code sources) of a notebook, in order."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    markdown = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    return markdown, code


def snapshot(code: list[str], query: str = "") -> dict[str, Any]:
    """Run a page's cells here, as the address ``?query`` would, and save the widget it shows
    (ipywidgets' embed format)."""
    import os

    from ipywidgets.embed import dependency_state, embed_data

    from widgets.browser import evaluate_cell

    namespace: dict[str, Any] = {"__name__": "__main__"}
    shown = None
    before = os.environ.get("QUERY_STRING")
    os.environ["QUERY_STRING"] = query
    try:
        for i, cell in enumerate(code):
            value = evaluate_cell(cell, namespace, f"<cell {i}>")
            if value is not None:
                shown = value
    finally:
        if before is None:
            del os.environ["QUERY_STRING"]
        else:
            os.environ["QUERY_STRING"] = before
    if shown is None:
        raise RuntimeError("a play page's notebook must end with the widget it shows")
    data: dict[str, Any] = embed_data(views=[shown], state=dependency_state([shown]))
    return data


SETTINGS = ("variant", "players", "seed", "bot", "seats", "names", "mode", "record", "move", "lesson")
"""The address's settings that change what a table deals: with any of them, the loading picture is
the table's frame in a neutral "dealing" state (no other deal's cards), not the saved default deal."""

LOADING_SCRIPT = """<script>
/* While Python loads: the saved picture in the address's language (one was saved for each), and, when
   the address asks for another deal than the saved one, the table's frame in a neutral "dealing" state
   of the right size (the players' count, the class table) rather than another deal's cards. */
(function () {
  "use strict";
  var q = new URLSearchParams(location.search), lang = q.get("lang");
  if (["en", "fr", "ru", "es"].indexOf(lang) < 0) { lang = "en"; }
  var shown = null;
  document.querySelectorAll(".comet-snap-lang").forEach(function (v) {
    v.hidden = v.getAttribute("data-lang") !== lang;
    if (!v.hidden) { shown = v; }
  });
  var asked = @SETTINGS@.some(function (k) { return q.has(k); });
  if (!shown || !asked) { return; }
  shown.classList.add("comet-snap-dealing");
  var players = parseInt(q.get("players") || "", 10);
  shown.querySelectorAll(".comet-felt").forEach(function (felt) {
    if (players >= 2 && players <= 8) {
      felt.className = felt.className.replace(/comet-felt-\\d+/, "comet-felt-" + players);
    }
    var note = document.createElement("div");
    note.className = "comet-dealing-note";
    note.setAttribute("role", "status");
    note.textContent = shown.getAttribute("data-dealing");
    felt.appendChild(note);
  });
  if (q.get("mode") === "class") {
    shown.querySelectorAll(".comet-mode-table").forEach(function (root) {
      root.classList.replace("comet-mode-table", "comet-mode-class");
    });
  }
})();
</script>"""


LESSON_MARKS_SCRIPT = """<script>
/* The lessons' page while Python loads: the learner's marks (the browser's comet:lessons, as
   comet_learn/course_marks.py keeps them) written into *All lessons*, in the words each language's list
   carries (data-marks), so that the whole path, with its links and marks, is there before Python. */
(function () {
  "use strict";
  var marks = {};
  try { marks = (JSON.parse(localStorage.getItem("comet:lessons") || "{}") || {}).marks || {}; } catch (e) { return; }
  var first = { clean: 3, done: 1 };
  document.querySelectorAll(".comet-snap .comet-lesson-list").forEach(function (list) {
    var nav = list.querySelector("nav[data-marks]");
    var said = JSON.parse(nav.getAttribute("data-marks"));
    var done = 0;
    nav.querySelectorAll(".comet-lesson-mark[data-lesson]").forEach(function (mark) {
      var stars = marks[mark.getAttribute("data-lesson")];
      if (typeof stars === "string") { stars = first[stars]; }
      if (typeof stars !== "number" || stars < 0 || stars > 3 || stars !== Math.floor(stars)) { return; }
      done += 1;
      mark.classList.remove("comet-lesson-todo");
      mark.querySelector(".comet-stars").textContent = "\u2605\u2605\u2605".slice(0, stars) + "\u2606\u2606\u2606".slice(stars);
      mark.querySelector(".comet-stars-words").textContent = said.stars[stars];
    });
    list.querySelector("summary").textContent = said.summary.replace("{done}", String(done));
  });
})();
</script>"""


def play_page(name: str, zip_name: str, **live: Any) -> str:
    """A play page: its introduction, its table saved in each language (the address's shown while
    Python loads, :data:`LOADING_SCRIPT`), and the scripts that bring the live table."""
    from comet.calls import LANGUAGES

    markdown, code = read_notebook(PLAY_DIR / f"{name}.ipynb")
    intro = "".join(_markdown(m) for m in markdown)
    from comet_render.i18n import words

    from website.page_text import PAGE_WORDS

    shots = "".join(f'<div class="comet-snap-lang" data-lang="{lang}" lang="{lang}" '
                    f'data-dealing="{html.escape(words(lang)(PAGE_WORDS["dealing"]), quote=True)}"'
                    f'{"" if lang == "en" else " hidden"}>'
                    f'{snapshot_html(snapshot(code, "" if lang == "en" else f"lang={lang}"))}</div>'
                    for lang in LANGUAGES)
    script = LOADING_SCRIPT.replace("@SETTINGS@", json.dumps(list(SETTINGS)))
    if name == "learn":
        script += LESSON_MARKS_SCRIPT
    body = (f'<div class="comet-play-intro">{intro}</div>'
            f'<div class="comet-live-slot"><div class="cell_output">{shots}</div></div>{script}')
    head = ""
    tail = (words_script()
            + config_script(code, ".comet-live-slot", zip_name, query=True, manager=MANAGER, early=True, **live)
            + '\n<script src="../_static/live/lang.js"></script>'
            + '\n<script src="../_static/live/live.js" defer></script>'
            + '\n<script src="../_static/live/page.js" defer></script>'
            + '\n<script src="../_static/offline/a11y.js" defer></script>')
    return PAGE.format(title=html.escape(page_title(PLAY_DIR / f"{name}.ipynb")), head=head, body=body, tail=tail)


def words_script() -> str:
    """The page's words in every language (the message catalogs), for ``lang.js``."""
    from website.pages import page_words

    text = json.dumps(page_words(), ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="comet-words">{text}</script>\n'


def page_title(path: Path) -> str:
    """The tab's title: the notebook's ``title`` metadata, which Voilà's template uses too
    (``tests/test_pages.py`` checks it is the notebook's heading and " — Comet")."""
    return str(json.loads(path.read_text(encoding="utf-8"))["metadata"]["title"])


def landing_page(names: list[str]) -> str:
    """``play/index.html``: every game of every page, with its period and players (the play
    server's landing page, :mod:`website.landing`, with links to the static pages)."""
    from website.landing import RECORD_SCRIPT, STYLE, all_languages, landing_body, static_links

    links = {name: href for name, href in static_links().items() if name in names}
    from widgets.languages import edition_prefix

    body = all_languages(lambda lang: landing_body(links, "browser", f"../{edition_prefix(lang)}index.html", lang)
                         ) + RECORD_SCRIPT
    return PAGE.format(title="Play the comet family — Comet", head=f"<style>{STYLE}</style>", body=body,
                       tail=words_script() + '<script src="../_static/live/lang.js"></script>')


def write_play_pages(out: Path, zip_name: str, **live: Any) -> None:
    target = out / "play"
    target.mkdir(parents=True, exist_ok=True)
    names = sorted(p.stem for p in PLAY_DIR.glob("*.ipynb"))
    for name in names:
        (target / f"{name}.html").write_text(play_page(name, zip_name, **live), encoding="utf-8")
    (target / "index.html").write_text(landing_page(names), encoding="utf-8")
