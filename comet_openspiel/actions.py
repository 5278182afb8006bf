"""The action space of ``python_comet`` (:mod:`comet_openspiel.game`): every play text a variant's packs
allow (singles, groups, wild cards with each rank they may stand for, ``pass``, ``claim``,
``keep``, ``redeal``, ``discard X``, ``draw``), sorted; action ``i`` is ``action_texts(variant)[i]``.
"""

from __future__ import annotations

from itertools import combinations

from comet.cards import KING, NINE, SUIT_CHARS, sort_key
from comet.plays import CLAIM_PLAY, DRAW_PLAY, KEEP_PLAY, PASS_PLAY, REDEAL_PLAY, discard, make_cards_play
from comet.variants import find_variant

_TABLES: dict[str, tuple[list[str], dict[str, int]]] = {}


def action_texts(variant: str) -> list[str]:
    """Every play text possible in ``variant`` (all its packs and player counts), sorted."""
    table = _TABLES.get(variant)
    if table is None:
        texts = sorted(_enumerate(variant))
        table = _TABLES[variant] = (texts, {t: i for i, t in enumerate(texts)})
    return table[0]


def action_index(variant: str) -> dict[str, int]:
    action_texts(variant)
    return _TABLES[variant][1]


def _enumerate(variant: str) -> set[str]:
    v = find_variant(variant)
    r = v.rules
    texts = {p.text for p in (PASS_PLAY, CLAIM_PLAY, KEEP_PLAY, REDEAL_PLAY, DRAW_PLAY)}
    suits = ("",) + (tuple(SUIT_CHARS) if r.in_suit else ())
    for pack in r.packs:
        wilds = sorted(r.wild_cards(pack), key=sort_key)
        for players in v.players:
            cards = r.pack(pack, players=players)
            for c in set(cards):
                texts.add(discard(c).text)
                texts.add(make_cards_play((c,), None, c.rank).text)
            for w in wilds:
                for rank in range(1, KING + 1):
                    for suit in suits:
                        texts.add(make_cards_play((w,), w, rank, suit).text)
            for rank in range(1, KING + 1):
                same = sorted((c for c in cards if c.rank == rank and c not in wilds), key=sort_key)
                sizes = {4} | ({2, 3} if rank == KING else set()) | ({2, 3} if rank == NINE else set())
                if r.turn_model == "A" and r.turn_adds == "one_rank":
                    sizes |= {2, 3}  # Yanovsky: any number of one rank in a turn (AMB-29)
                for size in sizes:
                    for combo in set(combinations(same, size)):
                        texts.add(make_cards_play(combo, None, rank).text)
                        if rank == NINE:
                            for w in wilds:
                                texts.add(make_cards_play(combo + (w,), w, rank).text)
    return texts
