"""The deal: the shuffle, the hands dealt one card at a time, and each deal's fixed facts (with what
its pack's cards can make: :mod:`comet.tables`)."""

from __future__ import annotations

import random

from comet.cards import Card, sort_key
from comet.tables import fill
from comet.variant import Rules, Variant


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle in place exactly as ``rng.shuffle(cards)`` does (CPython's Fisher-Yates with
    ``getrandbits``), written out: the same deal for a seed on every Python, in fewer calls."""
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(cards))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(cards)] = [(i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1)]
    for i, n, k in steps:  # swap position i with one drawn below n = i + 1, from k random bits
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


_SHUFFLE_STEPS: dict[int, list[tuple[int, int, int]]] = {}
"""The shuffle's steps for each pack size."""


def deal_cards(variant: Variant, players: int, cards: list[Card],
               eldest: int) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Deal ``cards`` (shuffled) as the variant says: ``(hands, dead, talon)``.

    One card at a time round the table from ``eldest``; Commit 1857 deals round-robin as far as
    the cards go, one hand being the spare (the dead hand); in games with an exchange (S2) the
    cards left over are the talon, in their order."""
    r = variant.rules
    hands: list[list[Card]] = [[] for _ in range(players)]
    if r.spare_hand and not r.excess_to_spare:
        dealt_to = players + 1
        spare: list[Card] = []
        for i, card in enumerate(cards):
            k = i % dealt_to
            if k == dealt_to - 1:
                spare.append(card)
            else:
                hands[(eldest + k) % players].append(card)
        return hands, spare, []
    pos = variant.deal_size(players) * players
    for k in range(players):
        hands[(eldest + k) % players] = cards[k:pos:players]
    rest = cards[pos:]
    if r.exchange.get(players):
        return hands, [], rest
    return hands, rest, []


def redeal_cards(cards: list[Card], sizes: list[int], leader: int,
                 talon_size: int) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Deal ``cards`` (shuffled) again for a redeal: each hand keeps its size (a custom deal may
    have unequal ones), one card at a time round the table from ``leader``; ``(hands, dead, talon)``."""
    n = len(sizes)
    hands: list[list[Card]] = [[] for _ in range(n)]
    pos = 0
    for _ in range(max(sizes)):
        for k in range(n):
            seat = (leader + k) % n
            if len(hands[seat]) < sizes[seat]:
                hands[seat].append(cards[pos])
                pos += 1
    rest = cards[pos:]
    return hands, rest[talon_size:], rest[:talon_size]


TableFacts = tuple[frozenset[Card], list[Card], "Card | None", list[Card], frozenset[Card], frozenset[Card],
                   frozenset[Card]]
"""A deal's fixed facts: its wild cards (a set, a sorted list, the one wild card or ``None``), its
pack (sorted, and as a set), its hocs and its cards that stop (shared by every round that has them:
never edited)."""
_FACTS: dict[tuple[int, str, int], tuple[Rules, TableFacts]] = {}


def table_facts(rules: Rules, pack: str, players: int) -> TableFacts:
    """The fixed facts of a deal of ``rules`` with ``pack`` for ``players``, made once for each."""
    key = (id(rules), pack, players)
    found = _FACTS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    if len(_FACTS) > 512:  # rules made for options come and go: keep the table small
        _FACTS.clear()
    wilds = rules.wild_cards(pack)
    wild_list = sorted(wilds, key=sort_key)
    cards = rules.pack(pack, players=players)
    fill(rules, cards, wild_list)  # what the pack's cards can make, before any hand asks (comet.tables)
    facts: TableFacts = (wilds, wild_list, wild_list[0] if len(wild_list) == 1 else None, cards, frozenset(cards),
                         _card_set(rules.hoc_cards), _card_set(rules.stop_cards))
    _FACTS[key] = (rules, facts)
    return facts


def _card_set(texts: tuple[str, ...]) -> frozenset[Card]:
    return frozenset(Card.parse(t) for t in texts) if texts else frozenset()
