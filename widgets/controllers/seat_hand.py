"""The hand a seat sees and the plays beside it, as a snapshot carries them: each card with the play it
makes alone or the reason it cannot be played (and the readings of the sources that refusal rests on),
its face as a pack's corner prints it and its name as a screen reader says it; a group or a comet's
play with its label and its words. Plain Python (no ipywidgets): part of :mod:`widgets.controllers.snapshot`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import comet
from comet.cards import SUIT_SYMBOLS
from comet_learn.readings import refusals_readings
from comet_render.card_names import capital, card_name
from comet_render.i18n import card_symbol, rank_label, words
from comet_render.words import play_label

if TYPE_CHECKING:
    from widgets.controllers.snapshot import Lens
    from widgets.controllers.table import TableController


@dataclass(frozen=True)
class HandCard:
    """A card of the hand shown: its notation and face (rank over suit, in the reader's letters), its
    suit's class (``W`` for a wild card), the play it makes alone ("" if none), else why it cannot be
    played now; the class table's vote letter; whether a hint lights it."""

    card: str
    face: str
    suit: str
    play: str
    why: str
    tooltip: str
    vote: str = ""
    hint: bool = False
    readings: tuple[str, ...] = ()
    """The readings of the sources its refusal rests on (AMB ids: an "our reading" mark after ``why``)."""


@dataclass(frozen=True)
class Choice:
    """A play that is not one card of the hand (a group, the comet for a card, a claim...)."""

    play: str
    label: str
    tooltip: str
    hint: bool = False


def corner_index(card: comet.Card, lang: str) -> str:
    """A card's face as a hand shows it: its rank over its suit, as a pack's corner prints them, so
    that both show on a card half hidden by the next (``"10\\n♥"``; the joker ``"JK"``)."""
    symbol = card_symbol(card, lang)
    if card.suit not in SUIT_SYMBOLS:
        return symbol
    return rank_label(card.rank, lang) + "\n" + SUIT_SYMBOLS[card.suit]


def hand_cards(flow: "TableController", lens: "Lens", legal: list[comet.Play], hinted: comet.Play | None,
               mode: str, closed: str = "") -> tuple[tuple[HandCard, ...], set[comet.Play]]:
    """The cards of ``lens``'s hand (none: no hand shown), each with its play among ``legal`` or why it
    has none (``closed``: the source's reason for every card), and the plays they make."""
    rnd, lang = flow.round, flow.lang
    _ = words(lang)
    alone: dict[comet.Card, list[comet.Play]] = {}
    for p in legal:
        if len(p.cards) == 1 and p.kind in ("cards", "discard"):
            alone.setdefault(p.cards[0], []).append(p)
    hand = list(rnd.hands[lens.seat]) if lens.seat is not None else []
    refused = [comet.Play.parse(str(card)) for card in dict.fromkeys(hand) if legal and not closed
               and len(alone.get(card, [])) != 1 and not any(card in p.cards for p in legal)]
    readings = refusals_readings(rnd, refused, lang) if refused else {}  # (one replay for all of them)
    drawn: set[comet.Play] = set()
    out = []
    votes = 0
    for card in hand:
        plays = alone.get(card, [])
        play = plays[0] if len(plays) == 1 else None
        name = capital(card_name(card, lang, wild=card in rnd.wilds))  # (its tooltip: a screen reader's name)
        vote = ""
        if play is not None and mode == "class" and votes < 26:
            vote = chr(97 + votes)
            votes += 1
        lit = play is not None and play == hinted
        if lit:
            hinted = None
        if play is not None:
            drawn.add(play)
        out.append(HandCard(
            card=str(card), face=corner_index(card, lang), suit="W" if card in rnd.wilds else card.suit,
            play=play.text if play is not None else "",
            why="" if play is not None else closed or flow.illegal_reason(card, legal, lens.seat),
            tooltip=name if play is not None else _("{card}: cannot be played now", card=name),
            vote=vote, hint=lit, readings=readings.get(comet.Play.parse(str(card)), ()) if play is None else ()))
    return tuple(out), drawn


def choice(rnd: comet.Round, p: comet.Play, hinted: comet.Play | None, lang: str) -> Choice:
    """A play beside the hand (a group, the comet for a card, a call): its label, and its words for its
    tooltip and a screen reader."""
    _ = words(lang)
    label = play_label(_, p)
    if p.kind == "cards" and len(p.cards) > 1 and p.wild is None:
        label = _("{cards} together", cards=label)  # a group play, said as one
    return Choice(p.text, label, _("Play {cards}", cards=play_words(rnd, p, lang)), p == hinted)


def play_words(rnd: comet.Round, play: comet.Play, lang: str) -> str:
    """A play beside the hand in words: ``the comet, nine of clubs, as the 5``; a group ``seven of hearts,
    seven of diamonds``; any other play by its label."""
    if play.kind != "cards":
        return play_label(words(lang), play)
    return ", ".join(card_name(c, lang, wild=c in rnd.wilds, wild_as=play.rank if c is play.wild else None)
                     for c in play.cards)
