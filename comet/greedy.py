"""The greedy player's rule: the period advice as a one-move choice (S0, S1, Enc; digest C6/C7).

Lead the low end of your longest run; shed high cards and aces early (an ace can only be led);
keep a king to regain the lead; use the comet when stuck rather than leading it; always claim;
redeal a hand without a stop or a run; in an exchange, throw isolated high cards.
:class:`~comet.agents.GreedyAgent` plays it from a seat's view; the search player finishes its
sampled deals with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from comet.cards import ACE, KING, Card
from comet.plays import CARDS, CLAIM, DISCARD, DRAW, KEEP, PASS, REDEAL, Play

if TYPE_CHECKING:
    from comet.variant import Rules


def _counts(hand: Sequence[Card], wilds: frozenset[Card], in_suit: bool) -> dict[Any, int]:
    counts: dict[Any, int] = {}
    for c in hand:
        if c not in wilds:
            key: Any = (c.rank, c.suit) if in_suit else c.rank
            counts[key] = counts.get(key, 0) + 1
    return counts


def _run_from(counts: dict[Any, int], rank: int, suit: str, in_suit: bool, same_too: bool) -> int:
    """Cards of this hand a run starting at ``rank`` (``suit``) would shed, kings stopping it."""
    n = 0
    r = rank
    while r <= KING:
        k = counts.get((r, suit) if in_suit else r, 0)
        if not k:
            break
        n += k if same_too else 1
        r += 1
    return n


def _isolated(counts: dict[Any, int], c: Card, in_suit: bool) -> bool:
    if in_suit:
        return not counts.get((c.rank - 1, c.suit)) and not counts.get((c.rank + 1, c.suit))
    return not counts.get(c.rank - 1) and not counts.get(c.rank + 1) and counts.get(c.rank, 0) < 2


def hand_quality(hand: Sequence[Card], wilds: frozenset[Card], in_suit: bool = False) -> float:
    """A rough worth of a hand before play: stops (kings, wild cards) and the longest run."""
    counts = _counts(hand, wilds, in_suit)
    stops = sum(1 for c in hand if c.rank == KING or c in wilds)
    longest = max((_run_from(counts, c.rank, c.suit, in_suit, False) for c in hand if c not in wilds), default=0)
    isolated = sum(1 for c in hand if c not in wilds and c.rank != KING and _isolated(counts, c, in_suit))
    return stops + longest / 3 - isolated / max(len(hand), 1)


def greedy_play(
    hand: Sequence[Card],
    legal: Sequence[Play],
    targets: Any,
    rules: "Rules",
    wilds: frozenset[Card],
) -> Play:
    """The greedy choice among ``legal`` for a player holding ``hand``."""
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    kind = first.kind
    if kind is CLAIM:
        return first
    if kind is KEEP or kind is REDEAL:
        keep = hand_quality(hand, wilds, rules.in_suit) >= 1.0
        want = KEEP if keep else REDEAL
        for p in legal:
            if p.kind == want:
                return p
        return first
    if kind is DRAW:
        return _exchange(hand, legal, rules, wilds)
    return _card_choice(hand, legal, targets, rules, wilds)


def _exchange(hand: Sequence[Card], legal: Sequence[Play], rules: "Rules", wilds: frozenset[Card]) -> Play:
    """Throw the worst isolated card (high pips, never a king or a wild), else draw."""
    in_suit = rules.in_suit
    counts = _counts(hand, wilds, in_suit)
    best: Play | None = None
    best_score = 0.0
    for p in legal:
        if p.kind is not DISCARD:
            continue
        c = p.cards[0]
        if c in wilds or c.rank == KING or not _isolated(counts, c, in_suit):
            continue
        score = c.pips + (12 if c.rank == ACE else 0)
        if score > best_score:
            best, best_score = p, score
    if best is not None and best_score >= 6:
        return best
    for p in legal:
        if p.kind is DRAW:
            return p
    return legal[0]


def _card_choice(
    hand: Sequence[Card], legal: Sequence[Play], targets: Any, rules: "Rules", wilds: frozenset[Card]
) -> Play:
    in_suit = rules.in_suit
    same_too = rules.follow != "next"
    counts = _counts(hand, wilds, in_suit)
    size = len(hand)
    leading = targets is None
    naturals_available = False
    for p in legal:
        if p.kind is CARDS and p.wild is None:
            naturals_available = True
            break
    best = legal[0]
    best_score = -1e9
    for p in legal:
        kind = p.kind
        if kind is CLAIM:
            return p
        if kind is PASS:
            score = -50.0
        elif kind is not CARDS:
            score = -100.0
        else:
            n = len(p.cards)
            rank = p.rank
            suit = p.suit or (p.cards[0].suit if in_suit else "")
            if n == size:
                return p  # goes out
            after = _run_from(counts, rank + 1, suit, in_suit, same_too) if rank < KING else 0
            if p.wild is not None:
                # The comet: a sure stop (or bridge) that pays; keep it for when stuck.
                if len(p.naturals):
                    score = 30.0 + 3 * n
                elif leading:
                    score = 8.0 if size <= 2 else -20.0 + after
                elif not naturals_available:
                    score = 20.0 + after
                else:
                    score = -10.0 + after
                if rules.wild_mode != "stop":
                    score += 2 * after
            else:
                c = p.cards[0]
                run = (_run_from(counts, rank, suit, in_suit, same_too) if leading else 1 + after)
                score = 10.0 * run + 4 * (n - 1) + c.pips * 0.3
                if rank == ACE:
                    score += 6  # late aces are hard to shed
                if rank == KING:
                    if leading and n == 1 and size > 2:
                        score -= 25  # keep a king to regain the lead
                    else:
                        score += 5  # a king met on the way stops and keeps the lead
                if c in wilds:
                    score -= 5
        if score > best_score:
            best, best_score = p, score
    return best
