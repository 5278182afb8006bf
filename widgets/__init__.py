"""The Comet widgets: step-through demos, a playable table, calculators and explorers.

Each widget is a class that owns its children and wires its own events; each can be made
with no arguments::

    from widgets import PlayTable
    PlayTable()                      # the last expression of a Voilà page

No callback lets a traceback through: a bad or forged value gets a readable message in the
widget, and the game is left unchanged.
"""

from __future__ import annotations

from widgets.calc import ScoreCalculator
from widgets.compare import VariantCompare
from widgets.explore import SimulationExplorer
from widgets.play import PlayTable
from widgets.step import StepThrough

__all__ = ["StepThrough", "PlayTable", "ScoreCalculator", "VariantCompare", "SimulationExplorer"]
