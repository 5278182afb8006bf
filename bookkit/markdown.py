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
from typing import TYPE_CHECKING, Iterable

from comet.ambiguities import AMBIGUITIES
from comet_learn.describe import ROWS, deal_table, facts
from comet_learn.glossary import GLOSSARY
from comet.calls import LANGUAGES
from comet.ledger import Payment, plural
from comet.outcome import End, Outcome
from comet.round import Round, resolve_variant
from comet.variant import Variant
from comet_render.i18n import N_, book_words, number

if TYPE_CHECKING:
    from comet_render.i18n import Words
    from comet_render.words import Names

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
def plays_text(rnd: Round, *, compact: int = 6, lang: str = "en") -> str:
    """The legal plays of the player to move, as the notation writes them (``7H, 9D=8, pass``).

    When one wild card has more than ``compact`` plays (a free lead with the comet), they
    are summed up as ``9D=… (the 9D as any of 52 cards)`` (its words in ``lang``; the notation is the
    book's, in every language).
    """
    _ = book_words(lang)
    plays = rnd.legal_plays()
    wild: Counter[str] = Counter(str(p.wild) for p in plays if p.wild is not None and len(p.cards) == 1)
    texts: list[str] = []
    done: set[str] = set()
    for p in plays:
        w = str(p.wild) if p.wild is not None and len(p.cards) == 1 else ""
        if w and wild[w] > compact:
            if w not in done:
                done.add(w)
                texts.append(_("{wild}=… (the {wild} as any of {n} ranks or cards)", wild=w, n=wild[w]))
            continue
        texts.append(p.text)
    return ", ".join(texts)


def outcome_markdown(outcome: Outcome | None, lang: str = "en") -> str:
    """An outcome's explained lines (who went out, payments, net) as a Markdown list: the engine's
    own lines in English, the table's settlement in the other languages (the same payments, worded
    by the interface's catalogs: :func:`comet_render.words.settlement`)."""
    if outcome is None:
        return book_words(lang)("The deal is not over.")
    if lang != "en":
        return _settlement_markdown(outcome, lang)
    items: list[str] = []
    for line in outcome.lines:
        if line.startswith("  "):
            items.append("  - " + line.strip())
        else:
            items.append("- " + line)
    return "\n".join(items)


def seat_names(players: int, lang: str = "en") -> "Names":
    """The book's names of the seats, ``Seat 0``, ``Seat 1``... (counted from 0, as the notation
    and the engine count them), in ``lang``."""
    from comet_render.words import Names

    return Names(tuple(book_words(lang)("Seat {n}", n=s) for s in range(players)), None, lang)


def _settlement_markdown(outcome: Outcome, lang: str) -> str:
    from comet_render.words import settlement, unit_name

    _ = book_words(lang)
    said = settlement(outcome, seat_names(len(outcome.payments), lang), lang)
    items = [f"- {said.headline}", *(f"- {note}" for note in said.notes), *(f"- {left}" for left in said.left)]
    items += [f"- {text}" for _p, text in said.in_play + said.final]
    nets = _("; ").join(_("{seat}: {net}", seat=_("Seat {n}", n=s), net=number(n, lang, signed=True))
                     for s, n in enumerate(said.net))
    items.append("- " + _("Net, in {unit}: {nets}.", unit=unit_name(words_of(lang), outcome.unit), nets=nets))
    return "\n".join(items)


def ledger_markdown(payments: Iterable[Payment], players: int, unit: str, lang: str = "en") -> str:
    """Payments as a Markdown list, one sentence each, in ``lang``: ``- Seat 1 pays 1 jeton to Seat 0:
    ...`` (the interface's sentence, :func:`comet_render.words.payment_sentence`)."""
    from comet_render.words import payment_sentence

    names = seat_names(players, lang)
    return "\n".join("- " + payment_sentence(words_of(lang), names, p, unit) for p in payments)


def words_of(lang: str) -> "Words":
    """The interface's words of ``lang``."""
    from comet_render.i18n import words

    return words(lang)


def outcome_words(outcome: Outcome | None, lang: str = "en") -> str:
    """A deal's settlement told in one paragraph of words, from the same payments as
    :func:`outcome_markdown`: who went out, what was paid in play and why, what each loser
    pays at the end and why, and the net result (in ``lang``: the reasons worded by the interface's
    catalogs, :func:`comet_render.words.reason_text`).

    >>> import comet
    >>> rnd = comet.Round.from_hands("old-comet-1718", ["QC", "2H 3H", "KS"], leader=0)
    >>> _ = rnd.play("QC")
    >>> outcome_words(rnd.outcome())
    'Seat 0 went out with its last card. At the end each loser pays it for the cards left in hand: seat 1 pays 5 jetons (5 pips in 2♥ 3♥) and seat 2 pays 10 jetons (10 pips in K♠). Net: seat 0 wins 15 jetons; seat 1 loses 5; seat 2 loses 10.'
    """
    _ = book_words(lang)
    if outcome is None:
        return _("The deal is not over.")
    english = lang == "en"

    def units(n: int) -> str:
        from comet_render.words import amount

        return f"{n} {outcome.unit if n == 1 else plural(outcome.unit)}" if english else amount(words_of(lang), n, outcome.unit)

    def paid(p: Payment) -> str:
        from comet_render.words import reason_text

        reason = p.reason if english else reason_text(words_of(lang), p)
        if p.payer < 0:
            return _("the pool pays {amount} ({reason})", amount=units(p.amount), reason=reason)
        return _("seat {seat} pays {amount} ({reason})", seat=p.payer, amount=units(p.amount), reason=reason)

    parts: list[str] = []
    if outcome.end is End.OUT and outcome.winner is not None:
        parts.append(_("Seat {seat} went out with its last card, an opera.", seat=outcome.winner) if outcome.opera
                     else _("Seat {seat} went out with its last card.", seat=outcome.winner))
    elif outcome.end is End.DRAW:
        parts.append(_("The hand is drawn, so nothing is settled at the end."))
    else:
        parts.append(_("Nobody went out."))
    if outcome.ledger:
        parts.append(_("During play, {payments}.", payments=and_list((paid(p) for p in outcome.ledger), lang=lang)))
    if outcome.settlement:
        payments = and_list((paid(p) for p in outcome.settlement), lang=lang)
        parts.append(_("At the end each loser pays it for the cards left in hand: {payments}.", payments=payments)
                     if outcome.winner is not None else
                     _("At the end each loser pays the others for the cards left in hand: {payments}.", payments=payments))
    nets = []
    for seat, amount in enumerate(outcome.payments):
        if amount > 0:
            nets.append(_("seat {seat} wins {amount}", seat=seat, amount=units(amount)))
        elif amount < 0:
            nets.append(_("seat {seat} loses {n}", seat=seat, n=-amount))
        else:
            nets.append(_("seat {seat} is even", seat=seat))
    parts.append(_("Net: {nets}.", nets=_("; ").join(nets)))
    return " ".join(parts)


# ---------------------------------------------------------------- reference tables
RULE_ROWS = {row: row for row in (
    N_("Players"), N_("Pack"), N_("Deal"), N_("Left over"), N_("Play"), N_("Group plays"), N_("Stops"), N_("Wild card"),
    N_("In play"), N_("Settlement"), N_("Opera"), N_("Before play"), N_("Match"), N_("Sources"))}
"""The rows' names (:data:`comet_learn.describe.ROWS`), each written out in an ``N_()`` so that the
catalogs' extraction finds it."""


def rules_markdown(variant: Variant | str, lang: str = "en") -> str:
    """The rules of one variant as a two-column Markdown table, its sources cited. In English, a row
    per fact of :func:`comet_learn.describe.facts` (written in English); in another language, a row
    per section of the rules panel that the play pages show beside the table
    (:func:`comet_learn.rules_panel.rules_sections`: the same rules, read from the same data, in the
    interface's catalogs)."""
    _ = book_words(lang)
    v = resolve_variant(variant)
    if lang != "en":
        from comet_learn.rules_panel import rules_sections

        lines = [f"| {_('rule')} | {_('as the engine plays it')} |", "|---|---|"]
        lines += [f"| **{_cell(head)}** | {_cell(text)} |" for head, text in rules_sections(v, lang)]
        lines.append(f"| **{_('Sources')}** | {cite(s.key for s in v.sources)} |")
        return "\n".join(lines)
    rows = facts(v)
    lines = [f"| {_('rule')} | {_('as the engine plays it')} |", "|---|---|"]
    for row in ROWS:
        text = _cell(rows[row])
        if row == "Sources":
            text = cite(s.key for s in v.sources)
        lines.append(f"| **{_(RULE_ROWS.get(row, row))}** | {text} |")
    return "\n".join(lines)


def deal_markdown(variant: Variant | str, lang: str = "en") -> str:
    """Cards each and cards left over by player count, as a Markdown table (in ``lang``)."""
    _ = book_words(lang)
    v = resolve_variant(variant)
    lines = [f"| {_('players')} | {_('cards each')} | {_('left over')} |", "|---:|---:|---:|"]
    lines += [f"| {n} | {each} | {rest} |" for n, (each, rest) in deal_table(v).items()]
    return "\n".join(lines)


def _ambiguity_label(amb_id: str) -> str:
    """``"AMB-12"`` -> ``"ambiguity-12"``, the section's label that ``{ref}`` links to."""
    return f"ambiguity-{amb_id.split('-')[1]}"


def ambiguities_markdown(lang: str = "en") -> str:
    """Every ambiguity of the sources with the reading chosen, its sources and its option, after
    an index (a table of the questions, each linked to its section), in ``lang``."""
    _ = book_words(lang)
    out = [f"| | {_('question')} |", "|---|---|"]
    for a in AMBIGUITIES:
        shown = a.id.replace("-", "\u2011")  # a non-breaking hyphen: "AMB-12" is not cut in two
        out.append(f"| {{ref}}`{shown} <{_ambiguity_label(a.id)}>` | {_cell(_(a.question))} |")
    out[-1] += "\n"
    for a in AMBIGUITIES:
        variants = ", ".join(f"`{v}`" for v in a.variants) or _("none")
        if a.option:
            option = _("`{option}`, in {variants}", option=a.option, variants=variants)
        elif a.history:
            option = _("none: a question of history, not of the rules")
        else:
            option = _("none: a question of the rules, but the engine plays only the reading above")
        out.append(f"({_ambiguity_label(a.id)})=\n### {a.id}\n\n**{_('Question.')}** {_(a.question)}\n\n"
                   f"**{_('Reading chosen.')}** {_(a.reading)}\n\n**{_('Sources.')}** {cite(a.sources)}\n\n"
                   f"**{_('Option.')}** {option}.\n")
    return "\n".join(out)


ENGINE_READING = N_("The engine's reading:")


def readings_markdown(*variants: Variant | str, lang: str = "en") -> str:
    """The ambiguities of the sources that these variants settle by a reading (an option's
    ``AMB-n`` or an ``AMB-n`` named in the variant's rules), as a Markdown list: each linked to
    its section of the ambiguities page, with the question, the reading the engine plays, and
    the option that switches it.  Every rules chapter ends its rules with this list (in ``lang``: the
    book's catalog has the questions and readings)."""
    _ = book_words(lang)
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
            switch = " " + _("(option `{option}`)", option=wanted[a.id]) if wanted[a.id] else ""
            shown = a.id.replace("-", "\u2011")
            named_question = _("{ambiguity}: {question}", ambiguity=f"{{ref}}`{shown} <{_ambiguity_label(a.id)}>`",
                               question=_(a.question))
            lines.append(f"- {named_question} *{_(ENGINE_READING)}* {_(a.reading)}{switch}")
    return "\n".join(lines)


LANGUAGE_NAMES = {"en": N_("English"), "fr": N_("French"), "ru": N_("Russian"), "es": N_("Spanish")}


def glossary_markdown(lang: str = "en") -> str:
    """The glossary in four languages as a Markdown table ("—" where no source gives a form), each form
    marked with its language (``<span lang>``: read aloud in it); its headings and notes in ``lang``."""
    _ = book_words(lang)
    lines = ["| " + " | ".join(_(LANGUAGE_NAMES[code]) for code in LANGUAGES) + f" | {_('note')} |",
             "|---|---|---|---|---|"]
    for t in GLOSSARY:
        forms = [f'<span lang="{code}">{_cell(t.form(code))}</span>' if t.form(code) else "—" for code in LANGUAGES]
        lines.append("| " + " | ".join(forms) + f" | {_cell(_(t.note) if t.note else '')} |")
    return "\n".join(lines)


def and_list(items: Iterable[str], empty: str = "none", lang: str = "en") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` (``empty`` when there is nothing), in ``lang``."""
    words = list(items)
    if not words:
        return book_words(lang)(empty)
    return words[0] if len(words) == 1 else book_words(lang)("{some} and {last}", some=", ".join(words[:-1]),
                                                             last=words[-1])


NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(n: int, lang: str = "en") -> str:
    """``2`` -> ``"two"`` (0 to 10), larger numbers as digits; in the other languages, digits as the
    language writes them (a number's word there agrees with the noun it counts, which the sentence
    around it chooses: its translator writes the noun)."""
    if lang != "en":
        return number(n, lang)
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else f"{n:,}"


POSITION_LINK = N_("Open this position on a table")
RECORD_LINK = N_("Open this record on the replay page")
"""The two texts of :func:`position_link`: a position, a whole record (the teachers' page)."""
# TRANSLATORS: an edge in money per deal, the size of effect a class asks about (n is 5).
CHIPS_A_DEAL = N_("{n} chips a deal")


def position_link(rnd: Round, text: str = POSITION_LINK, *, up: str = "../../", lang: str = "en") -> str:
    """A link (inline HTML: MyST reads a Markdown link without a scheme as a cross-reference)
    from a chapter (``book/<part>/<chapter>``; from a page one level higher, ``up="../"``) to the
    replay page at the position ``rnd`` is in now: its record so far and its move
    (:mod:`widgets.links`). The replay page steps through it and offers to play on from there. In
    ``lang``: its text (a message of the catalogs) and the page's (``lang=``); from a book's edition
    in ``fr/``, the build points it one folder higher (``tools/editions.py``)."""
    from html import escape
    from urllib.parse import quote

    href = f"{up}play/replay.html?record={quote(rnd.record(comments=False), safe='')}&move={len(rnd.history)}"
    href += "" if lang == "en" else f"&lang={lang}"
    return f'<a class="comet-position-link" href="{escape(href, quote=True)}">{escape(book_words(lang)(text))}</a>'
