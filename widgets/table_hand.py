"""The play table's hand and the plays beside it: card buttons offered with the state they were
drawn in (:class:`widgets.common.Offers`), the cards in the reader's letters, the playable ones
raised, the others saying why not, the class table's letters for its vote."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

import comet
from comet.cards import SUIT_SYMBOLS
from comet_render.card_names import capital, card_name
from comet_render.i18n import card_symbol, rank_label, words
from comet_render.words import play_label
from widgets.table_parts import hand_grid

if TYPE_CHECKING:
    from widgets.play import PlayTable


def corner_index(card: comet.Card, lang: str) -> str:
    """A card's face as a hand shows it: its rank over its suit, as a pack's corner prints them, so
    that both show on a card half hidden by the next (``"10\n♥"``; the joker ``"JK"``)."""
    symbol = card_symbol(card, lang)
    if card.suit not in SUIT_SYMBOLS:
        return symbol
    return rank_label(card.rank, lang) + "\n" + SUIT_SYMBOLS[card.suit]


def fill_hand(self: "PlayTable", legal: list[comet.Play], hinted: comet.Play | None) -> set[comet.Play]:
    """The viewer's hand as card buttons in hand order, each offered with the one legal play it
    makes alone, or with the reason it cannot be played; returns the plays so drawn."""
    flow, rnd = self.flow, self.round
    alone: dict[comet.Card, list[comet.Play]] = {}
    for p in legal:
        if len(p.cards) == 1 and p.kind in ("cards", "discard"):
            alone.setdefault(p.cards[0], []).append(p)
    hand = list(rnd.hands[flow.viewer]) if flow.viewer is not None else []
    slots = self._slots[self.offers.side]
    while len(slots) < len(hand):
        b = W.Button(layout=W.Layout(width="auto"))
        b.on_click(self._on_card)
        slots.append((W.Box([b], layout=W.Layout(width="auto", overflow="visible")), b))
    drawn: set[comet.Play] = set()
    _ = words(self.lang)
    votes = 0
    four = bool(self.four_colour_box.value)
    for (box, b), card in zip(slots, hand):
        plays = alone.get(card, [])
        play = plays[0] if len(plays) == 1 else None
        name = capital(card_name(card, self.lang, wild=card in rnd.wilds))  # (its tooltip: a screen reader's name)
        with b.hold_sync():
            b.description = corner_index(card, self.lang)
            if play is not None:
                drawn.add(play)
                self.offers.offer(b, play)
                b.tooltip = name
            else:
                self.offers.offer(b, flow.illegal_reason(card, legal))
                b.tooltip = _("{card}: cannot be played now", card=name)
        suit = "W" if card in rnd.wilds else ("X" if four and card.suit in "DC" else "") + card.suit
        classes = ["comet-card-slot", f"comet-suit-{suit}"]
        classes += ["comet-play-buttons", "comet-card-legal"] if play is not None else ["comet-card-dim"]
        if play is not None and self.mode == "class" and play not in drawn - {play} and votes < 26:
            classes.append(f"comet-vote-{chr(97 + votes)}")
            votes += 1
        if play is not None and play == hinted:
            classes.append("comet-card-hint")
            hinted = None
        box._dom_classes = tuple(classes)
    for _box, b in slots[len(hand):]:
        self.offers.withdraw(b)
    self.hand.children = tuple(box for box, _b in slots[:len(hand)])
    self.hand.layout.grid_template_columns = hand_grid(len(hand))
    return drawn

def fill_pool(self: "PlayTable", plays: list[comet.Play], hinted: comet.Play | None = None) -> None:
    """One button per play that is not one card of the hand (two pools used in turn)."""
    pool = self._pools[self.offers.side]
    while len(pool) < len(plays):
        b = W.Button(layout=W.Layout(width="auto"))
        b.on_click(self._on_card)
        pool.append(b)
    _ = words(self.lang)
    for i, b in enumerate(pool):
        p = plays[i] if i < len(plays) else None
        if p is None:
            self.offers.withdraw(b)
            continue
        self.offers.offer(b, p)
        label = play_label(_, p)
        if p.kind == "cards" and len(p.cards) > 1 and p.wild is None:
            label = _("{cards} together", cards=label)  # a group play, said as one
        with b.hold_sync():
            b.description = label
            b.tooltip = _("Play {cards}", cards=_play_words(self.round, p, self.lang))
        b._dom_classes = tuple(["comet-play-choice"] + (["comet-card-hint"] if p == hinted else []))
    self.play_buttons.children = tuple(pool[:len(plays)])
    self.play_buttons.layout.display = "" if plays else "none"


def _play_words(rnd: comet.Round, play: comet.Play, lang: str) -> str:
    """A play beside the hand in words, for its tooltip and a screen reader: ``the comet, nine of clubs,
    as the 5``; a group ``seven of hearts, seven of diamonds``; any other play by its label."""
    if play.kind != "cards":
        return play_label(words(lang), play)
    return ", ".join(card_name(c, lang, wild=c in rnd.wilds, wild_as=play.rank if c is play.wild else None)
                     for c in play.cards)
