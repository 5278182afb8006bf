"""Sphinx extension: the games' names and years as MyST substitutions (:mod:`bookkit.names`).

Listed in ``_config.yml`` under ``sphinx.extra_extensions``.  It adds ``v`` to
``myst_substitutions`` when the configuration is read, before myst-parser reads it (at
``builder-inited``), so that ``{{ v.old_comet_1718.title }}`` in any page is the variant's
own name and year.
"""

from __future__ import annotations

from typing import Any

from bookkit.names import substitutions


def _add_names(app: Any, config: Any) -> None:
    subs = dict(config.myst_substitutions or {})
    subs.update(substitutions())
    config.myst_substitutions = subs


def setup(app: Any) -> dict[str, Any]:
    app.connect("config-inited", _add_names, priority=200)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
