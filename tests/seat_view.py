"""What a seat may see, for the tests that read snapshots (a table's, a room's frames): every card a
snapshot names (each ``"card"`` field: the hand, the felt's face-up hands, the tail) must be one the
seat may know of: its own hand, a card played on the table, and, once the deal is over, the hands left
(the rules turn them face up). Never another seat's cards in play, never the dead hand or a talon."""

from __future__ import annotations

from collections import Counter
from typing import Any

import comet
from comet.plays import Kind


def named_cards(value: Any) -> Counter[str]:
    """Every card a JSON value names in a ``"card"`` field, counted."""
    found: Counter[str] = Counter()
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, dict):
            card = v.get("card")
            if isinstance(card, str):
                found[card] += 1
            todo.extend(v.values())
        elif isinstance(v, list):
            todo.extend(v)
    return found


def may_know(rnd: comet.Round, seat: int | None, reveal: bool = False) -> Counter[str]:
    """How many of each card ``seat`` (None: a spectator) may see named in one picture of ``rnd``."""
    allowed: Counter[str] = Counter(str(c) for _s, p in rnd.history if p.kind is Kind.CARDS for c in p.cards)
    if seat is not None:
        allowed.update(str(c) for c in rnd.hands[seat])
        allowed.update(str(c) for c in rnd.hands[seat])  # (the hand, and the felt's own seat at the end)
        allowed.update(str(c) for c in rnd.view(seat).own_discards)
    if rnd.is_over or reveal:
        for hand in rnd.hands:
            allowed.update(str(c) for c in hand)
    return allowed


def unseen_named(snapshot_json: Any, rnd: comet.Round, seat: int | None, reveal: bool = False) -> Counter[str]:
    """The cards ``snapshot_json`` names beyond what ``seat`` may know of (empty when it leaks nothing)."""
    return named_cards(snapshot_json) - may_know(rnd, seat, reveal)


def round_at(record: str, deal: int, plays: int) -> comet.Round:
    """The deal number ``deal`` of a match's ``record``, after its first ``plays`` plays."""
    head, *deals = record.split("[Deal ")
    match = comet.replay(head + "".join("[Deal " + d for d in deals[:deal]))
    rnd = match.round if isinstance(match, comet.Match) else match
    while len(rnd.history) > plays:
        rnd.undo()
    return rnd
