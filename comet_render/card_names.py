"""Cards named in words, as a screen reader should say them: "five of hearts", "the comet, nine of
clubs"; French « cinq de cœur », Russian «пятёрка червей», Spanish «cinco de corazones».

The symbols (``5♥``, :func:`comet_render.i18n.card_symbol`) are for the eye; a screen reader reads
them as "5 black heart suit", or worse. Every card a page names for the ear (the hand's buttons, the
cards on the felt, the tail) is named here, through the catalogs: a rank word and a suit word, put
together by the language's pattern (``{rank} of {suit}``; Russian ``{rank} {suit}``, the suit in the
genitive plural, as the catalogs already name the cards: «семёрка бубен», «neuf de carreau»,
«nueve de diamantes»).
"""

from __future__ import annotations

from comet.cards import JOKER_RANK, Card
from comet_render.i18n import N_, rank_label, words

RANK_WORDS = {1: N_("ace"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"),
              7: N_("seven"), 8: N_("eight"), 9: N_("nine"), 10: N_("ten"), 11: N_("jack"), 12: N_("queen"),
              13: N_("king")}
"""Each rank's word in a card's name."""
SUIT_WORDS = {"H": N_("hearts"), "D": N_("diamonds"), "S": N_("spades"), "C": N_("clubs")}
"""Each suit's word as a card's name says it (French *cœur*, Russian *червей*, in the genitive)."""


def card_name(card: Card, lang: str = "en", *, wild: bool = False, wild_as: int | None = None) -> str:
    """``"five of hearts"``; a wild card ``"the comet, nine of clubs"``, and what it stands for
    (``"the comet, nine of clubs, as the 5"``); the joker ``"the joker"``."""
    _ = words(lang)
    if card.rank == JOKER_RANK:
        name = _("the joker")
    else:
        name = _.pgettext("card name", "{rank} of {suit}", rank=_(RANK_WORDS[card.rank]),
                          suit=_(SUIT_WORDS[card.suit]))
    if wild or card.rank == JOKER_RANK:
        name = _("the comet, {card}", card=name) if card.rank != JOKER_RANK else _("the comet, the joker")
    if wild_as is not None:
        name = _("{comet}, as the {rank}", comet=name, rank=rank_label(wild_as, lang))
    return name


def cards_names(cards: list[Card], lang: str = "en", wilds: frozenset[Card] | set[Card] = frozenset()) -> str:
    """Cards named in words, separated by commas."""
    return ", ".join(card_name(c, lang, wild=c in wilds) for c in cards)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
