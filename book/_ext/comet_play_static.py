"""The play pages as static pages: ``play/<page>.html`` for each notebook of ``book/play/``.

Each page shows the notebook's introduction and a snapshot of its table (the notebook's code run
here, at build time, with the default settings), then runs the *same* code in the reader's
browser (``_static/live/live.js``), with the page's address as the query string, so the
settings in the address (``?variant=...&players=3``) work as on the Voilà pages.
``play/index.html`` presents the games.  Used by :mod:`comet_live` at the end of the build.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from comet_live import ROOT, config_script

PLAY_DIR = ROOT / "book" / "play"

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="../_static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="../_static/live/live.css">
<link rel="stylesheet" href="../_static/live/play.css">
{head}
</head>
<body>
<header class="comet-play-header">
<nav aria-label="Site" data-comet-label="site"><a href="../index.html" data-comet-word="book">The book</a> · <a href="index.html" data-comet-word="games" data-comet-keep-lang>All games</a></nav>
</header>
<main>
{body}
</main>
{tail}
</body>
</html>
"""

WIDGET_SCRIPTS = """<script src="../_static/offline/require.js"></script>
<script src="../_static/offline/widgets-assets-path.js"></script>
<script src="../_static/offline/html-manager/embed-amd.js"></script>"""


def _markdown(text: str) -> str:
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark").render(text))


def read_notebook(path: Path) -> tuple[list[str], list[str]]:
    """(markdown sources, code sources) of a notebook, in order."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    markdown = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    return markdown, code


def snapshot(code: list[str]) -> dict[str, Any]:
    """Run a page's cells here and save the widget it shows (ipywidgets' embed format)."""
    from ipywidgets.embed import dependency_state, embed_data

    from widgets.browser import evaluate_cell

    namespace: dict[str, Any] = {"__name__": "__main__"}
    shown = None
    for i, cell in enumerate(code):
        value = evaluate_cell(cell, namespace, f"<cell {i}>")
        if value is not None:
            shown = value
    if shown is None:
        raise RuntimeError("a play page's notebook must end with the widget it shows")
    data: dict[str, Any] = embed_data(views=[shown], state=dependency_state([shown]))
    return data


def play_page(name: str, zip_name: str) -> str:
    markdown, code = read_notebook(PLAY_DIR / f"{name}.ipynb")
    data = snapshot(code)
    state = json.dumps(data["manager_state"]).replace("</", "<\\/")
    view = json.dumps(data["view_specs"][0]).replace("</", "<\\/")
    intro = "".join(_markdown(m) for m in markdown)
    body = (f'<div class="comet-play-intro">{intro}</div>'
            f'<div class="comet-live-slot"><div class="cell_output">'
            f'<script type="application/vnd.jupyter.widget-view+json">{view}</script></div></div>')
    head = WIDGET_SCRIPTS + f'\n<script type="application/vnd.jupyter.widget-state+json">{state}</script>'
    tail = (words_script()
            + config_script(code, ".comet-live-slot", zip_name, query=True)
            + '\n<script src="../_static/live/lang.js"></script>'
            + '\n<script src="../_static/live/live.js" defer></script>'
            + '\n<script src="../_static/live/page.js" defer></script>'
            + '\n<script src="../_static/offline/a11y.js" defer></script>')
    return PAGE.format(title=html.escape(page_title(PLAY_DIR / f"{name}.ipynb")), head=head, body=body, tail=tail)


def words_script() -> str:
    """The page's words in every language (the message catalogs), for ``lang.js``."""
    from widgets.pages import page_words

    text = json.dumps(page_words(), ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="comet-words">{text}</script>\n'


def page_title(path: Path) -> str:
    """The tab's title: the notebook's ``title`` metadata, which Voilà's template uses too
    (``tests/test_pages.py`` checks it is the notebook's heading and " — Comet")."""
    return str(json.loads(path.read_text(encoding="utf-8"))["metadata"]["title"])


def landing_page(names: list[str]) -> str:
    """``play/index.html``: every game of every page, with its period and players (the play
    server's landing page, :mod:`widgets.landing`, with links to the static pages)."""
    from widgets.landing import STYLE, all_languages, landing_body, static_links

    links = {name: href for name, href in static_links().items() if name in names}
    body = all_languages(lambda lang: landing_body(links, "browser", "../index.html", lang))
    return PAGE.format(title="Play the comet family — Comet", head=f"<style>{STYLE}</style>", body=body,
                       tail=words_script() + '<script src="../_static/live/lang.js"></script>')


def write_play_pages(out: Path, zip_name: str) -> None:
    target = out / "play"
    target.mkdir(parents=True, exist_ok=True)
    names = sorted(p.stem for p in PLAY_DIR.glob("*.ipynb"))
    for name in names:
        (target / f"{name}.html").write_text(play_page(name, zip_name), encoding="utf-8")
    (target / "index.html").write_text(landing_page(names), encoding="utf-8")
