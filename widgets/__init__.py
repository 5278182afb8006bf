"""The Comet widgets: step-through demos, a playable table, calculators and explorers.

Each widget is a class that owns its children and wires its own events; each can be made
with no arguments::

    from widgets import PlayTable
    PlayTable()                      # the last expression of a Voilà page

A bad or forged value gets a readable message in the widget and leaves the game unchanged
(the engine's :class:`comet.CometError` and the widgets' :class:`~widgets.common.UserError`);
any other error in a callback is a bug: the widget says so in a sentence and logs the
traceback, and under the tests it is raised (:func:`widgets.common.safe`).

Each widget's module is imported when the widget is first asked for (``from widgets import
StepThrough`` imports ``widgets.step`` only): a page in the reader's browser, where every import
costs, loads just what it shows.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from widgets.calc import ScoreCalculator
    from widgets.compare import VariantCompare
    from widgets.explore import SimulationExplorer
    from widgets.play import PlayTable
    from widgets.step import StepThrough

_MODULES = {"StepThrough": "step", "PlayTable": "play", "ScoreCalculator": "calc", "VariantCompare": "compare",
            "SimulationExplorer": "explore"}
__all__ = list(_MODULES)


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        return getattr(importlib.import_module(f"widgets.{_MODULES[name]}"), name)
    raise AttributeError(f"module 'widgets' has no attribute {name!r}")
