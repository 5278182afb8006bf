"""Sphinx extension: keep the static book free of third-party scripts.

jupyter-book 1.x always loads sphinx-thebe, even with `launch_buttons.thebe: false`. On
every page it injects an inline script declaring `const THEBE_JS_URL = ...` pointing at a public CDN
(twice, which throws "Identifier 'THEBE_JS_URL' has already been declared") plus
`sphinx-thebe.js`. Thebe is off in this book, so both are dropped from every page.

Loaded by jupyter-book through `sphinx.local_extensions` in `_config.yml`.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx


def _is_thebe_script(script: Any) -> bool:
    filename = str(getattr(script, "filename", "") or "")
    body = str(getattr(script, "attributes", {}).get("body", ""))
    return filename.endswith("sphinx-thebe.js") or "THEBE_JS_URL" in body or "thebe@" in filename


def _drop_thebe(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    scripts = context.get("script_files")
    if scripts:
        context["script_files"] = [s for s in scripts if not _is_thebe_script(s)]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _drop_thebe, priority=900)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
