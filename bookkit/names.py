"""One name and one date per game, from the variants' data, for every page of the book.

The book never retypes a game's name or year: its pages write them as MyST substitutions,
``{{ v.new_comet_1752.title }}`` ("The new comet (1752)"), ``{{ v.new_comet_1752.year }}``,
``{{ v.old_comet_1718.name }}``, filled in from :data:`comet.VARIANTS` when the book is built
(:mod:`bookkit.sphinx_ext`, which puts :func:`substitutions` into ``myst_substitutions``).
A variant's key is its id with ``-`` as ``_``. Each edition of the book fills them in its
language (the interface's catalogs: ``substitutions("fr")``).

>>> substitutions()["v"]["new_comet_1752"]["title"]
'The new comet (1752)'
>>> substitutions()["v"]["new_comet_1752"]["name_lc"]
'the new comet'
"""

from __future__ import annotations

from typing import Any

from comet.variants import VARIANTS
from comet_render.i18n import words
from comet_render.words import game_title

__all__ = ["key", "in_text", "substitutions"]


def key(variant_id: str) -> str:
    """The substitution key of a variant: ``"new-comet-1752"`` -> ``"new_comet_1752"``."""
    return variant_id.replace("-", "_")


PROPER = ("Commit", "Hoc")
"""The games whose names are proper names (the first word of the English name): their capital stays."""


def in_text(name: str, english: str | None = None, lang: str = "en") -> str:
    """A name as it reads inside a sentence. In English, a name that is a common noun (a leading
    "The") loses its capital (``"The new comet"`` -> ``"the new comet"``), other names keep it
    (``Modern comet``, ``Commit``). In French, Russian and Spanish a game's name is a common noun
    (``"Comète à deux d'Arnold"`` -> ``"comète à deux d'Arnold"``, ``"Манилла"`` -> ``"манилла"``)
    unless it is a proper name (:data:`PROPER`: ``Commit d'Arnold``, ``Коммит``)."""
    source = english or name
    if source.startswith("The ") or (lang != "en" and not source.startswith(PROPER)):
        return name[:1].lower() + name[1:]
    return name


def substitutions(lang: str = "en") -> dict[str, Any]:
    """``{"v": {key: {"name", "name_lc", "year", "title", "id"}}}`` for every variant, in ``lang``."""
    _ = words(lang)
    return {"v": {key(v.id): {"id": v.id, "name": _(v.name), "name_lc": in_text(_(v.name), v.name, lang), "year": v.year,
                              "title": game_title(v, lang)} for v in VARIANTS.values()}}
