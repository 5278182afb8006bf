"""Sphinx extension: a source with a short key is cited by it alone ("S0, S1").

The book's main sources are the two machine translations of the Wikipedia article (S0, S1)
and the Russian encyclopedia entry (S2). In the author-year style they were cited with their
long descriptive "authors" and "n.d." every time, a dozen times a chapter. An entry of
``references.bib`` with a ``shorthand`` field is cited as that key, in the text and in the
bibliography's labels; every other entry keeps the author-year form.

Loaded through ``sphinx.local_extensions`` in ``_config.yml``, with
``bibtex_reference_style: comet_short`` and ``bibtex_default_style: comet_short``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from pybtex.plugin import register_plugin as register_pybtex_plugin
from pybtex.style.formatting.alpha import Style as AlphaStyle
from pybtex.style.labels.alpha import LabelStyle as AlphaLabelStyle
from pybtex.style.template import field, first_of, optional
from sphinx.application import Sphinx
from sphinxcontrib.bibtex.plugin import register_plugin
from sphinxcontrib.bibtex.style.referencing.author_year import AuthorYearReferenceStyle
from sphinxcontrib.bibtex.style.referencing.basic_author_year import BasicAuthorYearParentheticalReferenceStyle
from sphinxcontrib.bibtex.style.template import join, join2, post_text, pre_text, reference, year

NAME = "comet_short"


@dataclass
class _ShortParenthetical(BasicAuthorYearParentheticalReferenceStyle):
    """``(S0; Brewer, 1898)``: the shorthand if the entry has one, else author and year."""

    def inner(self, role_name: str) -> Any:
        author_year = join(sep=self.author_year_sep)[
            self.person.author_or_editor_or_title(full="s" in role_name), year]
        return join2(sep1=self.pre_text_sep, sep2=self.post_text_sep)[
            pre_text, reference[first_of[optional[field("shorthand", raw=True)], author_year]], post_text]


@dataclass
class ShortKeyReferenceStyle(AuthorYearReferenceStyle):
    """Author-year references, with short keys in parenthetical citations."""

    def __post_init__(self) -> None:
        super().__post_init__()
        short = _ShortParenthetical(bracket=self.bracket_parenthetical, person=self.person,
                                    author_year_sep=self.author_year_sep, pre_text_sep=self.pre_text_sep,
                                    post_text_sep=self.post_text_sep)
        self.role_style.update((name, short) for name in short.role_names())


class ShortKeyLabelStyle(AlphaLabelStyle):
    """Bibliography labels: the shorthand (``S0``) if any, else pybtex's alpha label (``Bre98``)."""

    def format_labels(self, sorted_entries: Iterable[Any]) -> Iterable[str]:
        entries = list(sorted_entries)
        for entry, label in zip(entries, super().format_labels(entries)):
            yield entry.fields.get("shorthand", label)


class ShortKeyStyle(AlphaStyle):
    default_label_style = ShortKeyLabelStyle


def setup(app: Sphinx) -> dict[str, Any]:
    register_plugin("sphinxcontrib.bibtex.style.referencing", NAME, ShortKeyReferenceStyle)
    register_pybtex_plugin("pybtex.style.formatting", NAME, ShortKeyStyle)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
