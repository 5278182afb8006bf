"""What the cards of a pack can make, made whole when a deal with that pack is first made: the group
plays of every hand it can hold, Yanovsky's plays of several cards of one rank, what a wild card may
stand for on a lead, the wild cards' plays (:func:`comet.plays.wild_play`).

These tables are process-wide (every round of the process reads them) and so is every bot: a table
filled as hands asked for their plays would show which cards some hand held (issue 37). So each is
filled from the pack and the rules alone, by :func:`fill` (:func:`comet.deal.table_facts` calls it),
before any hand asks; a lookup the table did not foresee is computed and not kept.
"""

from __future__ import annotations

from itertools import combinations
from operator import attrgetter

from comet.cards import KING, NINE, SUIT_CHARS, Card, sort_key
from comet.plays import Play, Target, hand_play, wild_play
from comet.variant import Rules

GroupKey = tuple[object, ...]
_GROUPS: dict[GroupKey, list[Play]] = {}
"""The group plays (1752/1991: four of a kind, three nines with or without the comet, two or three kings)
by the rules' groups, the natural cards of one rank a hand holds and the wild cards it holds, the rank."""
_ONE_RANK: dict[tuple[Card, ...], list[Play]] = {}
"""Yanovsky's plays of two or more cards of one rank (S2, PW), by the cards of that rank held."""
_NOMINATIONS: dict[tuple[frozenset[Card], frozenset[Card], bool], list[Target]] = {}
_FILLED: set[tuple[object, ...]] = set()
_NO_PLAYS: list[Play] = []
"""No play (shared: the lists of the tables are never edited)."""
_TEXT = attrgetter("text")


def fill(rules: Rules, cards: list[Card], wild_list: list[Card]) -> None:
    """Every entry a deal of ``rules`` with the pack ``cards`` (its wild cards ``wild_list``) can look up."""
    wilds = frozenset(wild_list)
    key = (rules.groups, rules.nine_group, rules.turn_model, rules.turn_adds, rules.in_suit, rules.wild_mode,
           frozenset(cards), wilds)
    if key in _FILLED:
        return
    _FILLED.add(key)
    for w in wild_list:
        for suit in ("", *SUIT_CHARS) if rules.in_suit or rules.wild_mode == "branch" else ("",):
            wild_play(w, KING, suit)
    if wilds:
        nominations(frozenset(cards), wilds, rules.in_suit)
    held = [tuple(w for k, w in enumerate(wild_list) if mask >> k & 1) for mask in range(2 ** len(wild_list))]
    for rank in range(1, KING + 1):
        naturals = sorted((c for c in cards if c.rank == rank and c not in wilds), key=sort_key)
        if rules.groups:  # (the legal plays ask for the nines and kings held, of any count; four or more of the others)
            for size in range(0 if rank in (NINE, KING) else 4, len(naturals) + 1):
                for same in set(combinations(naturals, size)):
                    for mine in held:
                        _GROUPS[(rules.groups, rules.nine_group, same, mine, rank)] = _groups(same, list(mine), rank,
                                                                                               rules)
        if rules.turn_model == "A" and rules.turn_adds == "one_rank":
            for size in range(2, len(naturals) + 1):
                for same in set(combinations(naturals, size)):
                    _ONE_RANK[same] = _one_rank(same, rank)


def group_plays(same: tuple[Card, ...], my_wilds: list[Card], rank: int, rules: Rules) -> list[Play]:
    """The group plays of ``rank`` made of its natural cards ``same`` (in the hand's order) and the wild
    cards held (in the pack's order)."""
    found = _GROUPS.get((rules.groups, rules.nine_group, same, tuple(my_wilds), rank))
    return found if found is not None else _groups(same, my_wilds, rank, rules)


def one_rank_plays(same: tuple[Card, ...], rank: int) -> list[Play]:
    """Yanovsky's plays of two or more of the cards ``same`` (of ``rank``, in the hand's order)."""
    found = _ONE_RANK.get(same)
    return found if found is not None else _one_rank(same, rank)


def nominations(pack: frozenset[Card], wilds: frozenset[Card], in_suit: bool) -> list[Target]:
    """What a wild card may stand for on a lead: any card of the pack (in-suit games), else any rank."""
    key = (pack, wilds, in_suit)
    found = _NOMINATIONS.get(key)
    if found is None:
        if in_suit:
            found = sorted({(c.rank, c.suit) for c in pack if c not in wilds})
        else:
            found = [(rank, "") for rank in sorted({c.rank for c in pack if c not in wilds})]
        _NOMINATIONS[key] = found
    return found


def _groups(same: tuple[Card, ...], my_wilds: list[Card], rank: int, rules: Rules) -> list[Play]:
    """The group plays of ``rank`` made of its natural cards ``same`` and the wild cards held."""
    groups = rules.groups
    k = len(same)
    if k < 2 and not (k and my_wilds and rank == NINE) or not (
            ("four" in groups and k >= 4) or ("kings" in groups and rank == KING) or ("nines" in groups and rank == NINE)):
        return _NO_PLAYS
    found: dict[tuple[Card, ...], Play] = {}  # by cards: two packs hold most cards twice, so combinations repeat

    def add(cards: tuple[Card, ...], wild: Card | None = None) -> None:
        if cards not in found:
            found[cards] = hand_play(cards, wild, rank)

    if "four" in groups and k >= 4:
        add(same[:4])
    if "kings" in groups and rank == KING:
        for size in (2, 3):
            for combo in combinations(same, size):
                add(combo)
    if "nines" in groups and rank == NINE:
        if k >= 3:
            for combo in combinations(same, 3):
                add(combo)
                for w in my_wilds:
                    add(combo + (w,), w)
        if rules.nine_group == "both":
            for combo in combinations(same, 2):
                for w in my_wilds:
                    add(combo + (w,), w)
    return sorted(found.values(), key=_TEXT)


def _one_rank(same: tuple[Card, ...], rank: int) -> list[Play]:
    combos = {combo: None for size in range(2, len(same) + 1) for combo in combinations(same, size)}
    return sorted((hand_play(c, None, rank) for c in combos), key=_TEXT)
