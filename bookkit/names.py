"""One name and one date per game, from the variants' data, for every page of the book.

The book never retypes a game's name or year: its pages write them as MyST substitutions,
``{{ v.new_comet_1752.title }}`` ("The new comet (1752)"), ``{{ v.new_comet_1752.year }}``,
``{{ v.old_comet_1718.name }}``, filled in from :data:`comet.VARIANTS` when the book is built
(:mod:`bookkit.sphinx_ext`, which puts :func:`substitutions` into ``myst_substitutions``).
A variant's key is its id with ``-`` as ``_``.

>>> substitutions()["v"]["new_comet_1752"]["title"]
'The new comet (1752)'
>>> substitutions()["v"]["new_comet_1752"]["name_lc"]
'the new comet'
"""

from __future__ import annotations

from typing import Any

from comet.variants import VARIANTS

__all__ = ["key", "in_text", "substitutions"]


def key(variant_id: str) -> str:
    """The substitution key of a variant: ``"new-comet-1752"`` -> ``"new_comet_1752"``."""
    return variant_id.replace("-", "_")


def in_text(name: str) -> str:
    """A name as it reads inside a sentence: a leading "The" loses its capital
    (``"The new comet"`` -> ``"the new comet"``); other names are kept as they are."""
    return "t" + name[1:] if name.startswith("The ") else name


def substitutions() -> dict[str, Any]:
    """``{"v": {key: {"name", "name_lc", "year", "title", "id"}}}`` for every variant."""
    return {"v": {key(v.id): {"id": v.id, "name": v.name, "name_lc": in_text(v.name), "year": v.year,
                              "title": v.title} for v in VARIANTS.values()}}
