"""Sphinx extension: the games' names and years as MyST substitutions (:mod:`bookkit.names`), and
the analysis chapter's summary of the fifteen claims (:mod:`bookkit.claimset`).

Listed in ``_config.yml`` under ``sphinx.extra_extensions``.

* It adds ``v`` to ``myst_substitutions`` when the configuration is read, before myst-parser reads
  it (at ``builder-inited``), so that ``{{ v.old_comet_1718.title }}`` in any page is the variant's
  own name and year.
* It tells the pages where to record their claims (``COMET_CLAIMS_DIR``: ``_build/.claims``, set in
  this process so that the kernels it starts inherit it), and replaces the ``{claims-summary}``
  directive, once every page has been read and run, with the table of every claim's verdict within
  the claim and across the family.  A claim no page recorded is a build error.
* The ``{claim-family}`` role (``{claim-family}`C14```), placed after a claim's verdict on its page, becomes
  :func:`bookkit.claimset.family_sentence`: the claim's verdict across the family, beside its own.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from docutils import nodes  # type: ignore[import-untyped]
from docutils.parsers.rst import Directive  # type: ignore[import-untyped]
from docutils.utils.smartquotes import smartyPants  # type: ignore[import-untyped]

from bookkit.names import substitutions
from comet_render.i18n import N_, book_words

SUMMARY_HEAD = (N_("claim"), N_("comparisons"), N_("verdict within the claim (Bonferroni)"),
                N_("verdict across the family (Holm)"), N_("smallest Holm-adjusted p"), N_("test fixed"))
SUMMARY_TITLE = N_("The fifteen claims: {n} comparisons in all, corrected within each claim and across the family")
NO_TESTS, NO_TEST = N_("none (exact values)"), N_("no test (exact values)")
"""The summary table's words, in the edition's language (the verdicts are the claims' own)."""


def _language(app: Any) -> str:
    """The language of the edition being built (``en`` for the English one)."""
    return str(getattr(app.config, "language", None) or "en")


def _add_names(app: Any, config: Any) -> None:
    subs = dict(config.myst_substitutions or {})
    subs.update(substitutions(str(config.language or "en")))
    config.myst_substitutions = subs


def _claims_dir(app: Any, config: Any) -> None:
    # A translated edition (tools/editions.py) reads the records of the English build, which ran the pages.
    root = getattr(config, "comet_edition_root", "")
    os.environ["COMET_CLAIMS_DIR"] = str(Path(root or app.outdir).parent / ".claims")


class claims_summary(nodes.General, nodes.Element):  # type: ignore[misc]
    """Where the summary table goes, once every page has run."""


class claim_family(nodes.Inline, nodes.TextElement):  # type: ignore[misc]
    """Where a claim's verdict across the family goes, once every page has run."""


def _claim_family_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                       options: Any = None, content: Any = None) -> tuple[list[nodes.Node], list[Any]]:
    return [claim_family(rawtext, "", claim=text.strip())], []


class ClaimsSummary(Directive):  # type: ignore[misc]
    has_content = False

    def run(self) -> list[nodes.Node]:
        return [claims_summary()]


def _text_entry(text: str, link: str = "") -> nodes.entry:
    text = smartyPants(text, "q")        # the typography the rest of the page has (Sphinx's smartquotes)
    para = nodes.paragraph()
    if link:
        para += nodes.reference("", text, refuri=link, internal=True)
    else:
        para += nodes.Text(text)
    entry = nodes.entry()
    entry += para
    return entry


def _table(app: Any, docname: str) -> nodes.Node:
    from bookkit.claimset import CLAIM_PAGES, family, load
    from bookkit.history import fixed
    from bookkit.stats import number_text
    from bookkit.verdict_words import verdict_text

    _ = book_words(_language(app))
    rows, comparisons = family(load())
    head = [_(h) for h in SUMMARY_HEAD]
    table = nodes.table(classes=["claims-summary"], ids=["the-fifteen-claims-table"])
    title = nodes.title(text=_(SUMMARY_TITLE, n=len(comparisons)))
    table += title
    group = nodes.tgroup(cols=len(head))
    table += group
    for _column in head:
        group += nodes.colspec(colwidth=1)
    thead = nodes.thead()
    row = nodes.row()
    for h in head:
        row += _text_entry(h)
    thead += row
    group += thead
    body = nodes.tbody()
    for r in rows:
        page, label = CLAIM_PAGES[r.claim]
        link = app.builder.get_relative_uri(docname, f"book/analysis/{page}") + f"#{label}"
        e = fixed(r.claim)
        p = "" if r.smallest_p_holm is None else (
            number_text(r.smallest_p_holm, _.lang, 3) if r.smallest_p_holm >= 0.001 else "< " + number_text(0.001, _.lang, 3))
        row = nodes.row()
        for i, text in enumerate([r.claim, str(r.tests) if r.tests else _(NO_TESTS), verdict_text(r.within.headline, _.lang),
                                  verdict_text(r.across.headline, _.lang) if r.tests else _(NO_TEST), p,
                                  f"{e.date} ({e.commit})"]):
            row += _text_entry(text, link if i == 0 else "")
        body += row
    group += body
    return table


def _fill(app: Any, doctree: nodes.document, docname: str) -> None:
    if app.builder.format != "html":
        return  # (the catalogs' build, tools/editions.py po: the table's words are the interface's catalogs')
    for node in list(doctree.findall(claims_summary)):
        node.replace_self(_table(app, docname))
    marks = list(doctree.findall(claim_family))
    if marks:
        from bookkit.claimset import family, family_sentence, load

        rows = {r.claim: r for r in family(load())[0]}
        for node in marks:
            claim = node["claim"]
            if claim not in rows:
                raise KeyError(f"{docname}: {{claim-family}}`{claim}` names no claim")
            sentence = family_sentence(rows[claim], _language(app))
            node.replace_self(nodes.inline("", smartyPants(sentence, "q"), classes=["claim-family"]))


def setup(app: Any) -> dict[str, Any]:
    app.connect("config-inited", _add_names, priority=200)
    app.connect("config-inited", _claims_dir)
    app.add_node(claims_summary)
    app.add_directive("claims-summary", ClaimsSummary)
    app.add_node(claim_family)
    app.add_role("claim-family", _claim_family_role)
    app.connect("doctree-resolved", _fill)
    return {"version": "1.1", "parallel_read_safe": True, "parallel_write_safe": True}
