"""The claims' verdicts in each edition's language (issue 47), translated when the page is written.

A verdict's headline is English text that :mod:`bookkit.claims` builds and that its claim's fingerprint
covers (:mod:`bookkit.judging`): it must not change by a byte.  So an edition reads the English
headline back against the templates below (each a message of the ``book`` catalogs, its placeholders
the parts the verdict function fills in: player counts, lead policies, measures, games, an outcome, a
verdict nested in another) and writes the template's translation with its parts in the edition's
words.  ``tests/test_verdict_words.py`` reads every headline each verdict function can write and checks
that each reads back, so a new or reworded headline without its template fails there.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Sequence

from bookkit.markdown import NUMBER_WORDS, and_list
from comet_render.i18n import N_, book_words, number

__all__ = ["verdict_text", "TEMPLATES", "reads_back", "semicolons"]

_WHOLE = (
    N_("contradicted in {games}, where even this weak player wins most deals; not contradicted in the other {n}, "
       "where a weak player's share is only a lower bound on what skill can do, so these deals cannot support "
       "\"mostly luck\""),
    N_("not contradicted in any of the {n} games; but a weak player's share is only a lower bound on what skill can "
       "do, so these deals cannot support \"mostly luck\""),
)
"""Headlines with a semicolon of their own (C11), read whole before a headline is cut at its semicolons."""

_CLAUSES = (
    # C1
    N_("supported at every player count: the first hand gains money"),
    N_("contradicted at every player count: the first hand loses money"),
    N_("the data cannot decide at any player count"),
    N_("supported with {players}"),
    N_("contradicted with {players}"),
    N_("the data cannot decide with {players}"),
    # C2
    N_("supported: the two-handed game has fewer real choices than every larger table"),
    N_("contradicted: the two-handed game has more real choices than every larger table, on both measures"),
    N_("the data cannot decide: the measures do not all point the same way"),
    # C3
    N_("supported for frequency: an opera is more frequent with two players than with more"),
    N_("contradicted for frequency: an opera is less frequent with two players than with {players}"),
    N_("the data cannot decide whether an opera is more frequent with two players"),
    # C4
    N_("a real jackpot with {players}"),
    N_("a small jackpot at every player count: an occasional swing, not a fortune"),
    # C5
    N_("the manille costs a newcomer more than it costs an expert in the same seat, which fits the story but "
       "proves nothing about it"),
    N_("the newcomer loses less through the manille than an expert in its seat: these deals do not fit the story"),
    N_("the data cannot decide whether the manille costs a newcomer more than an expert"),
    # C6
    N_("supported: the advice beats a random lead"),
    N_("contradicted: a random lead beats the advice"),
    N_("the data cannot decide between the advice and a random lead"),
    N_("it beats leading {policies}"),
    N_("it loses to leading {policies}"),
    N_("the data cannot decide against leading {policies}"),
    # C7
    N_("\"aces early\": {outcome}"),
    N_("\"high cards first\": {outcome}"),
    # C8
    N_("the right can matter: the first hand's result follows the worth of its hand"),
    N_("contradicted: the first hand did worse with its better hands"),
    N_("the data cannot decide whether a bad hand costs the first hand anything"),
    # C9 (and the page's and the family's "with two players, ..." before each count's verdict)
    N_("groups are common"),
    N_("groups are rare"),
    N_("groups are neither rare nor common"),
    N_("the data cannot decide how common groups are"),
    N_("with {players}, {verdict}"),
    # C10
    N_("void: both games were played out the same way in every deal, so these deals do not compare their rules"),
    N_("supported: the play is almost the same on every measure"),
    N_("contradicted: the games differ by more than the margin in {measures}"),
    N_("the data cannot decide: within the margin in {measures}, and no difference is shown to be larger than it"),
    N_("the data cannot decide: no difference is shown to be within the margin or beyond it"),
    # C11
    N_("contradicted in all {n} games: even this weak player wins most deals"),
    # C12
    N_("supported: the exchange helps the first hand, and more than the others"),
    N_("contradicted: the first hand does worse with the exchange"),
    N_("the data cannot decide whether the exchange helps the first hand most"),
    # C13
    N_("an evening's game"),
    N_("longer than an evening"),
    N_("the data cannot decide whether a game to 121 fits an evening"),
    # C14
    N_("supported: taking the 8♦ out makes stops, and it adds to the stops in all"),
    N_("supported: taking the 8♦ out makes stops, though there are fewer stops in all"),
    N_("supported: taking the 8♦ out makes stops, though whether it adds to the stops in all, the data cannot "
       "decide"),
    N_("contradicted: taking the 8♦ out makes fewer such stops"),
    N_("the data cannot decide whether taking the 8♦ out makes stops"),
    # C15 and its experiment
    N_("manille lays out long tails, as the story of the name needs (it cannot prove the story)"),
    N_("manille's tails are mostly short: these deals do not fit the story of the name"),
    N_("the data cannot decide whether manille's tails are long"),
    N_("measured: the comet's stop shortens the new comet's tails"),
    N_("measured: the comet's stop lengthens the tails, if anything"),
    N_("the experiment cannot tell whether the comet's stop shortens the tails"),
    N_("the experiment: {verdict}"),
)
"""One clause of a headline each (a headline is cut at its semicolons, as the verdicts join their parts)."""

TEMPLATES = _WHOLE + _CLAUSES
# TRANSLATORS: two clauses of a verdict, as a semicolon joins them (French: a narrow no-break space before it).
CLAUSES = N_("{verdict}; {more}")

_PARTS = (N_("supported"), N_("contradicted"), N_("the data cannot decide"),
          N_("the highest card"), N_("an ace first"), N_("the lowest card"), N_("a card at random"),
          N_("plays per deal"), N_("stops per deal"), N_("cards left in the loser's hand"))
"""The words a headline's placeholders take (C7's outcomes, C6's lead policies, C10's measures), which
the edition translates one by one; the games' names are the interface's."""


@lru_cache(maxsize=None)
def template_pattern(template: str) -> re.Pattern[str]:
    """``template`` as a pattern: its words as they are, each ``{name}`` a group of that name (as little
    text as it takes; a text of several lines too)."""
    out, last = [], 0
    for m in re.finditer(r"\{(\w+)\}", template):
        out += [re.escape(template[last:m.start()]), f"(?P<{m.group(1)}>.+?)"]
        last = m.end()
    return re.compile("".join(out) + re.escape(template[last:]), re.DOTALL)


def read_back(text: str, templates: Sequence[str], lang: str, fill: Callable[[str, str, str], str]) -> str | None:
    """The first of ``templates`` that ``text`` matches whole, in ``lang`` (the book catalogs' translation),
    each part filled in by ``fill(name, part, lang)``; None if none matches."""
    for template in templates:
        m = template_pattern(template).fullmatch(text)
        if m:
            return book_words(lang)(template, **{k: fill(k, v, lang) for k, v in m.groupdict().items()})
    return None


def _items(text: str) -> list[str]:
    """The items of an English :func:`bookkit.markdown.and_list`."""
    some, _, last = text.rpartition(" and ")
    return [*some.split(", "), last] if some else [text]


def _count(word: str) -> int:
    return NUMBER_WORDS.index(word) if word in NUMBER_WORDS else int(word.replace(",", ""))


def _players(text: str, lang: str) -> str:
    """``"two and five players"`` (:func:`bookkit.claims.players_text`) as ``lang`` writes the counts, "2 et
    5" (the template's translation writes the noun, in the case its sentence needs)."""
    counts = text.removesuffix(" players").removesuffix(" player")
    return and_list([number(_count(w), lang) for w in _items(counts)], lang=lang)


def _fill(name: str, value: str, lang: str) -> str:
    _ = book_words(lang)
    fills: dict[str, Callable[[str], str]] = {
        "players": lambda v: _players(v, lang),
        "n": lambda v: number(_count(v), lang),
        "verdict": lambda v: verdict_text(v, lang),
        "outcome": _,
    }
    if name in fills:
        return fills[name](value)
    return and_list([_(item) for item in _items(value)], lang=lang)


def _read(text: str, templates: tuple[str, ...], lang: str) -> str | None:
    return read_back(text, templates, lang, _fill)


def reads_back(headline: str) -> bool:
    """Whether every clause of ``headline`` matches a template (so that every edition translates it)."""
    if _read(headline, _WHOLE, "en") is not None:
        return True
    return all(_read(clause, _CLAUSES, "en") is not None and _nested_read(clause) for clause in headline.split("; "))


def _nested_read(clause: str) -> bool:
    for template in _CLAUSES:
        m = template_pattern(template).fullmatch(clause)
        if m:
            return all(reads_back(v) for k, v in m.groupdict().items() if k == "verdict")
    return False


def verdict_text(headline: str, lang: str = "en") -> str:
    """A verdict's ``headline`` (:attr:`bookkit.claims.Finding.headline`) in ``lang``: the English one as it
    is; in another language, each clause's template translated, its parts in that language's words (a
    clause no template reads stays as it is: ``tests/test_verdict_words.py`` holds that none does)."""
    if lang == "en":
        return headline
    whole = _read(headline, _WHOLE, lang)
    if whole is not None:
        return whole
    return semicolons([_read(clause, _CLAUSES, lang) or clause for clause in headline.split("; ")], lang)


def semicolons(parts: Sequence[str], lang: str = "en") -> str:
    """``parts`` joined by semicolons as ``lang`` writes them (French: a narrow no-break space before each)."""
    if not parts:
        return ""
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = book_words(lang)(CLAUSES, verdict=part, more=text)
    return text
