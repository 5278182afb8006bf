"""The interface in the reader's language: gettext catalogs in English, French, Russian, Spanish.

Every word a page shows goes through a :class:`Words` (``_ = Words("fr")``; ``_("Pass")``,
``_.ngettext("{n} card", "{n} cards", n)``, ``_.pgettext("rank", "J")``). The catalogs are the
ecosystem's standard form: the sources are ``comet_render/locale/<lang>/LC_MESSAGES/comet.po``,
extracted from the code and compiled to ``.mo`` with Babel at build time (``make catalogs``:
``pybabel extract / update / compile``, see ``babel.cfg``); at run time only the standard
library's :mod:`gettext` reads the ``.mo`` files, in a notebook, on Voilà and in the browser's
Python alike. English is the source language: its catalog is the code itself.

Card ranks are written in each language's letters (:func:`rank_label`): the letters printed on
the cards of each country's French-suited pack.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path
from typing import Any

from comet.calls import LANGUAGES
from comet.cards import JOKER_RANK, Card, RANK_LABELS, SUIT_SYMBOLS

DOMAIN = "comet"
BOOK_DOMAIN = "book"
"""The book's computed words (``bookkit``: its tables, answers, settlements; the sources' ambiguities), for
the book's editions, in ``locale/<lang>/LC_MESSAGES/book.po``; a message the interface's catalog has is
not repeated there (:func:`book_words` falls back on it). Build time only: the browser never reads it."""
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGS: tuple[str, ...] = tuple(LANGUAGES)
"""The languages of the interface (those of the calls, :data:`comet.calls.LANGUAGES`)."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (it is translated where shown)."""
    return message


@lru_cache(maxsize=None)
def translation(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English, or a language without a catalog: the code's own words)."""
    if lang not in LANGS or lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[lang], fallback=True)


@lru_cache(maxsize=None)
def book_translation(lang: str) -> gettext.NullTranslations:
    """The book's catalog of ``lang``, then the interface's (:data:`BOOK_DOMAIN`)."""
    if lang not in LANGS or lang == "en":
        return gettext.NullTranslations()
    book = gettext.translation(BOOK_DOMAIN, str(LOCALE_DIR), languages=[lang], fallback=True)
    book.add_fallback(translation(lang))
    return book


def has_catalog(lang: str) -> bool:
    """Whether the compiled catalog of ``lang`` is installed (``make catalogs`` writes them)."""
    return lang == "en" or isinstance(translation(lang), gettext.GNUTranslations)


class Words:
    """The words of one language: ``_ = Words("ru")``; ``_("Your turn")``; placeholders in braces
    are filled after translation (``_("{name} plays {cards}.", name=..., cards=...)``)."""

    def __init__(self, lang: str = "en", domain: str = DOMAIN) -> None:
        self.lang = lang if lang in LANGS else "en"
        self._t = book_translation(self.lang) if domain == BOOK_DOMAIN else translation(self.lang)

    def __call__(self, message: str, **values: Any) -> str:
        text = self._t.gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, **values: Any) -> str:
        """The form for the number ``n`` (``{n}`` is filled in): Russian has three."""
        return self._t.ngettext(singular, plural, n).format(n=n, **values)

    def pgettext(self, context: str, message: str, **values: Any) -> str:
        """A message whose translation depends on where it is used (``"rank"``, ``"J"``)."""
        text = self._t.pgettext(context, message)
        return text.format(**values) if values else text


@lru_cache(maxsize=None)
def words(lang: str) -> Words:
    """The shared :class:`Words` of ``lang``."""
    return Words(lang)


@lru_cache(maxsize=None)
def book_words(lang: str) -> Words:
    """The shared :class:`Words` of the book's computed text in ``lang`` (:data:`BOOK_DOMAIN`)."""
    return Words(lang, BOOK_DOMAIN)


RANK_LETTERS: dict[str, dict[int, str]] = {
    "en": {},
    "fr": {1: "A", 11: "V", 12: "D", 13: "R"},
    "ru": {1: "Т", 11: "В", 12: "Д", 13: "К"},
    "es": {},
}
"""The ace and court cards' letters in each language (number cards are digits everywhere).

* French: V(alet), D(ame), R(oi), as the French pack prints them; the words are those of the
  calls (:data:`comet.calls.RANK_CALLS`: valet, dame, roi, standard French card names).
* Russian: В(алет), Д(ама), К(ороль), Т(уз), as the Russian pack prints them; the words are S0's
  (валет, дама, король, туз: :data:`comet.calls.RANK_CALLS`).
* Spanish: S1 names the cards sota, reina, rey, as; their initials would print R for both the
  queen and the king, and Spanish French-suited packs print J, Q, K: the letters stay.
* English: :data:`comet.cards.RANK_LABELS`.
"""


def rank_label(rank: int, lang: str = "en") -> str:
    """A rank as the cards of ``lang`` print it: ``rank_label(12, "ru") == "Д"``, ``"10"`` everywhere."""
    return RANK_LETTERS.get(lang, {}).get(rank) or RANK_LABELS[rank - 1]


def card_symbol(card: Card, lang: str = "en") -> str:
    """``"Д♥"`` in Russian, ``"V♠"`` in French, ``"Q♥"`` in English; the joker is ``JK`` in English (the
    notation's name) and its word in the others (``Джокер``)."""
    if card.rank == JOKER_RANK:
        return words(lang)(N_("JK")) if lang != "en" else card.symbol
    return rank_label(card.rank, lang) + SUIT_SYMBOLS[card.suit]


def cards_symbols(cards: Any, lang: str = "en") -> str:
    """Cards in symbols, separated by spaces."""
    return " ".join(card_symbol(c, lang) for c in cards)


NUMBERS: dict[str, tuple[str, str, str]] = {
    "en": (".", ",", "{n}%"),
    "fr": (",", "\u202f", "{n}\u00a0%"),
    "ru": (",", "\u00a0", "{n}\u00a0%"),
    "es": (",", ".", "{n}\u00a0%"),
}
"""Each language's decimal mark, digit-group separator and percent pattern, as Babel's locale data
(CLDR) gives them (``babel.numbers.get_decimal_symbol``, ``get_group_symbol``, ``format_percent``;
``tests/test_catalog_review.py`` checks them against Babel): a few constants, so that the browser's
Python formats numbers by locale without shipping Babel."""
MINUS = "\u2212"
MIN_GROUPING = {"es": 2}
"""CLDR's ``minimumGroupingDigits``: Spanish writes 1000 but 10.000 (Babel's formatter leaves this out)."""


def number(value: float, lang: str = "en", places: int = 0, signed: bool = False) -> str:
    """``1,000`` / ``1\u202f000`` / ``1\u00a0000`` / ``1.000``; ``+28.9`` / ``+28,9``; a minus sign
    (U+2212) for negative numbers: a number as ``lang`` writes it."""
    point, group, _pattern = NUMBERS.get(lang, NUMBERS["en"])
    text = f"{abs(value):,.{places}f}"
    if abs(value) < 10 ** (2 + MIN_GROUPING.get(lang, 1)):
        text = text.replace(",", "")
    text = text.replace(",", "\x00").replace(".", point).replace("\x00", group)
    if value < 0 and any(ch not in "0,. \u202f\u00a0" for ch in text):
        return MINUS + text
    return ("+" if signed else "") + text


def percent(share: float, lang: str = "en") -> str:
    """``53%`` in English, ``53\u00a0%`` in French, Russian and Spanish (``share`` is a fraction)."""
    return NUMBERS.get(lang, NUMBERS["en"])[2].format(n=number(round(share * 100), lang))


def language_name(lang: str) -> str:
    """The language's own name (``Русский``)."""
    return LANGUAGES.get(lang, lang)
