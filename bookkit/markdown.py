"""MyST Markdown for the book's pages: citations, exercise answers and the reference tables.

Text helpers return MyST Markdown (the book renders ``text/markdown`` outputs as MyST, so
``{cite:p}`` roles inside them resolve against ``book/references.bib``).

>>> from bookkit.markdown import cite
>>> cite("S0, S1; Enc")
'{cite:p}`s0,s1,enc`'
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from comet.ambiguities import AMBIGUITIES
from comet_learn.describe import ROWS, deal_table, facts
from comet_learn.glossary import GLOSSARY
from comet.calls import LANGUAGES
from comet.ledger import Payment, plural
from comet.outcome import End, Outcome
from comet.round import Round, resolve_variant
from comet.variant import Variant

__all__ = ["BIB_KEYS", "cite", "plays_text", "outcome_markdown", "outcome_words", "rules_markdown", "deal_markdown",
           "ambiguities_markdown", "readings_markdown", "glossary_markdown", "and_list", "number_word"]

# ---------------------------------------------------------------- citations
BIB_KEYS: dict[str, str] = {
    "S0": "s0", "S1": "s1", "S2": "s2", "W-Comet": "wcomet", "Enc": "enc", "W-Hoc": "whoc",
    "AJO-Hoc": "ajohoc", "FR-Hoc": "frhoc", "W-Hocs": "whocs", "PW": "pw", "Foster": "foster1897",
    "PJ": "popejoan", "W-Red9": "wred9", "W-NM": "wnm", "Stops": "mcleod", "CoS": "cos",
    "Web-modern": "webmodern", "NJ": "nainjaune", "Brewer": "brewer1898",
    # Added by the book, outside the digest's sources (each entry says where it was read):
    "DNB": "dnb1892", "McAlister": "mcalister2003", "W-Halley": "whalley", "Strickland": "strickland",
}
"""The digest's source keys (and the few sources the book adds) and the matching entries of
``book/references.bib``."""


def cite(keys: str | Iterable[str]) -> str:
    """A MyST ``{cite:p}`` role for digest source keys (``"S0, S1; Enc"`` or a list).

    Unknown keys raise ``KeyError``, so a new source cannot slip into the book uncited.
    """
    if isinstance(keys, str):
        keys = re.split(r"[;,]", keys)
    bib: list[str] = []
    for key in keys:
        key = key.strip()
        if key and BIB_KEYS[key] not in bib:
            bib.append(BIB_KEYS[key])
    return "{cite:p}`" + ",".join(bib) + "`" if bib else ""


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


# ---------------------------------------------------------------- exercises
def plays_text(rnd: Round, *, compact: int = 6) -> str:
    """The legal plays of the player to move, as the notation writes them (``7H, 9D=8, pass``).

    When one wild card has more than ``compact`` plays (a free lead with the comet), they
    are summed up as ``9D=… (the 9D as any of 52 cards)``.
    """
    plays = rnd.legal_plays()
    wild: Counter[str] = Counter(str(p.wild) for p in plays if p.wild is not None and len(p.cards) == 1)
    texts: list[str] = []
    done: set[str] = set()
    for p in plays:
        w = str(p.wild) if p.wild is not None and len(p.cards) == 1 else ""
        if w and wild[w] > compact:
            if w not in done:
                done.add(w)
                texts.append(f"{w}=… (the {w} as any of {wild[w]} ranks or cards)")
            continue
        texts.append(p.text)
    return ", ".join(texts)


def outcome_markdown(outcome: Outcome | None) -> str:
    """An outcome's explained lines (who went out, payments, net) as a Markdown list."""
    if outcome is None:
        return "The deal is not over."
    items: list[str] = []
    for line in outcome.lines:
        if line.startswith("  "):
            items.append("  - " + line.strip())
        else:
            items.append("- " + line)
    return "\n".join(items)


def outcome_words(outcome: Outcome | None) -> str:
    """A deal's settlement told in one paragraph of words, from the same payments as
    :func:`outcome_markdown`: who went out, what was paid in play and why, what each loser
    pays at the end and why, and the net result.

    >>> import comet
    >>> rnd = comet.Round.from_hands("old-comet-1718", ["QC", "2H 3H", "KS"], leader=0)
    >>> _ = rnd.play("QC")
    >>> outcome_words(rnd.outcome())
    'Seat 0 went out with its last card. At the end each loser pays it for the cards left in hand: seat 1 pays 5 jetons (5 pips in 2♥ 3♥) and seat 2 pays 10 jetons (10 pips in K♠). Net: seat 0 wins 15 jetons; seat 1 loses 5; seat 2 loses 10.'
    """
    if outcome is None:
        return "The deal is not over."
    units = plural(outcome.unit)

    def paid(p: Payment) -> str:
        who = "the pool" if p.payer < 0 else f"seat {p.payer}"
        return f"{who} pays {p.amount} {outcome.unit if p.amount == 1 else units} ({p.reason})"

    parts: list[str] = []
    if outcome.end is End.OUT and outcome.winner is not None:
        parts.append(f"Seat {outcome.winner} went out with its last card"
                     + (", an opera" if outcome.opera else "") + ".")
    elif outcome.end is End.DRAW:
        parts.append("The hand is drawn, so nothing is settled at the end.")
    else:
        parts.append("Nobody went out.")
    if outcome.ledger:
        parts.append("During play, " + and_list(paid(p) for p in outcome.ledger) + ".")
    if outcome.settlement:
        parts.append("At the end each loser pays " + ("it" if outcome.winner is not None else "the others")
                     + " for the cards left in hand: " + and_list(paid(p) for p in outcome.settlement) + ".")
    nets = []
    for seat, amount in enumerate(outcome.payments):
        if amount > 0:
            nets.append(f"seat {seat} wins {amount} {outcome.unit if amount == 1 else units}")
        elif amount < 0:
            nets.append(f"seat {seat} loses {-amount}")
        else:
            nets.append(f"seat {seat} is even")
    parts.append("Net: " + "; ".join(nets) + ".")
    return " ".join(parts)


# ---------------------------------------------------------------- reference tables
def rules_markdown(variant: Variant | str) -> str:
    """The rules of one variant as a two-column Markdown table (from :func:`comet_learn.describe.facts`),
    its sources cited."""
    v = resolve_variant(variant)
    rows = facts(v)
    lines = ["| rule | as the engine plays it |", "|---|---|"]
    for row in ROWS:
        text = _cell(rows[row])
        if row == "Sources":
            text = cite(s.key for s in v.sources)
        lines.append(f"| **{row}** | {text} |")
    return "\n".join(lines)


def deal_markdown(variant: Variant | str) -> str:
    """Cards each and cards left over by player count, as a Markdown table."""
    v = resolve_variant(variant)
    lines = ["| players | cards each | left over |", "|---:|---:|---:|"]
    lines += [f"| {n} | {each} | {rest} |" for n, (each, rest) in deal_table(v).items()]
    return "\n".join(lines)


def _ambiguity_label(amb_id: str) -> str:
    """``"AMB-12"`` -> ``"ambiguity-12"``, the section's label that ``{ref}`` links to."""
    return f"ambiguity-{amb_id.split('-')[1]}"


def ambiguities_markdown() -> str:
    """Every ambiguity of the sources with the reading chosen, its sources and its option, after
    an index (a table of the questions, each linked to its section)."""
    out = ["| | question |", "|---|---|"]
    for a in AMBIGUITIES:
        shown = a.id.replace("-", "\u2011")  # a non-breaking hyphen: "AMB-12" is not cut in two
        out.append(f"| {{ref}}`{shown} <{_ambiguity_label(a.id)}>` | {_cell(a.question)} |")
    out[-1] += "\n"
    for a in AMBIGUITIES:
        variants = ", ".join(f"`{v}`" for v in a.variants) or "none"
        if a.option:
            option = f"`{a.option}`, in {variants}"
        elif a.history:
            option = "none: a question of history, not of the rules"
        else:
            option = "none: a question of the rules, but the engine plays only the reading above"
        out.append(f"({_ambiguity_label(a.id)})=\n### {a.id}\n\n**Question.** {a.question}\n\n"
                   f"**Reading chosen.** {a.reading}\n\n**Sources.** {cite(a.sources)}\n\n"
                   f"**Option.** {option}.\n")
    return "\n".join(out)


def readings_markdown(*variants: Variant | str) -> str:
    """The ambiguities of the sources that these variants settle by a reading (an option's
    ``AMB-n`` or an ``AMB-n`` named in the variant's rules), as a Markdown list: each linked to
    its section of the ambiguities page, with the question, the reading the engine plays, and
    the option that switches it.  Every rules chapter ends its rules with this list."""
    wanted: dict[str, str] = {}
    for v in (resolve_variant(x) for x in variants):
        named: dict[str, str] = {}
        for o in v.options.values():
            if o.amb.startswith("AMB-"):
                named.setdefault(o.amb, o.name)
        for m in re.findall(r"AMB-\d+", v.doc):
            named.setdefault(m, "")
        for amb_id, option in named.items():
            wanted.setdefault(amb_id, option)
    lines = []
    for a in AMBIGUITIES:
        if a.id in wanted:
            switch = f" (option `{wanted[a.id]}`)" if wanted[a.id] else ""
            shown = a.id.replace("-", "\u2011")
            lines.append(f"- {{ref}}`{shown} <{_ambiguity_label(a.id)}>`: {a.question} "
                         f"*The engine's reading:* {a.reading}{switch}")
    return "\n".join(lines)


def glossary_markdown() -> str:
    """The glossary in four languages as a Markdown table ("—" where no source gives a form)."""
    lines = ["| English | French | Russian | Spanish | note |", "|---|---|---|---|---|"]
    for t in GLOSSARY:
        forms = [_cell(t.form(lang) or "—") for lang in LANGUAGES]
        lines.append("| " + " | ".join(forms) + f" | {_cell(t.note)} |")
    return "\n".join(lines)


def and_list(items: Iterable[str], empty: str = "none") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` (``empty`` when there is nothing)."""
    words = list(items)
    if not words:
        return empty
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(n: int) -> str:
    """``2`` -> ``"two"`` (0 to 10), larger numbers as digits."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else f"{n:,}"


def position_link(rnd: Round, text: str = "Open this position on a table", *, up: str = "../../") -> str:
    """A link (inline HTML: MyST reads a Markdown link without a scheme as a cross-reference)
    from a chapter (``book/<part>/<chapter>``; from a page one level higher, ``up="../"``) to the
    replay page at the position ``rnd`` is in now: its record so far and its move
    (:mod:`widgets.links`). The replay page steps through it and offers to play on from there."""
    from html import escape
    from urllib.parse import quote

    href = f"{up}play/replay.html?record={quote(rnd.record(comments=False), safe='')}&move={len(rnd.history)}"
    return f'<a class="comet-position-link" href="{escape(href, quote=True)}">{escape(text)}</a>'
