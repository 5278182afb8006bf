"""The legal plays: what the player to move may play, in every variant (digest section 2.0).

:class:`Moves` is a part of :class:`~comet.round.Round` (its methods read the round's own fields,
declared in :mod:`comet.state`); ``Round.legal_plays`` caches their answer until the next play.
The plays are the pack's, made once: the singles, the wild cards' and the groups' (:mod:`comet.tables`,
tables filled from the pack alone, so that what they hold shows no hand: issue 37).
"""

from __future__ import annotations

from bisect import bisect_left

from comet.cards import KING, NINE, Card, sort_key
from comet.plays import (CARDS, CLAIM_PLAY, DRAW_PLAY, KEEP_PLAY, PASS_PLAY, REDEAL_PLAY, SINGLES, Play, Target,
                         discard, wild_play)
from comet.state import PHASE_EXCHANGE, PHASE_PLAY, PHASE_REDEAL, RoundState
from comet.tables import group_plays, nominations, one_rank_plays


class Moves(RoundState):
    """Legal play generation."""

    __slots__ = ()

    def _generate(self) -> list[Play]:
        seat = self.to_play
        if seat is None:
            return []
        phase = self.phase
        if phase is PHASE_PLAY:
            return self._card_plays(seat)
        if phase is PHASE_REDEAL:
            return [KEEP_PLAY, REDEAL_PLAY]
        if phase is PHASE_EXCHANGE:
            plays: list[Play] = [DRAW_PLAY]
            if self.exchange_count < self._allowance():
                prev = None
                for c in self.hands[seat]:
                    if c is not prev:
                        plays.append(discard(c))
                    prev = c
            return plays
        return []

    def _card_plays(self, seat: int) -> list[Play]:
        r = self.rules
        hand = self.hands[seat]
        wilds = self.wilds
        targets = self.targets
        plays: list[Play] = []
        add = plays.append
        wild1 = self._wild1
        if wild1 is not None:
            my_wilds = self._wild_list if wild1 in hand else _NO_CARDS
        else:
            my_wilds = [w for w in self._wild_list if w in hand] if wilds else _NO_CARDS
        if self.claim_seat == seat:
            add(CLAIM_PLAY)
        if targets is None:
            prev = None
            for c in hand:
                if c is not prev and c not in wilds:
                    add(SINGLES[c.index])
                prev = c
            if r.groups:
                # A hand is sorted by rank: count each rank's cards as they come (wild cards
                # included; a group needs two of its rank), the lowest rank's groups first.
                rank, k = -1, 0
                for c in hand + _END:
                    if c.rank == rank:
                        k += 1
                        continue
                    if k >= 2 and (k >= 4 or rank == NINE or rank == KING):
                        self._group_plays(hand, rank, my_wilds, plays)
                    rank, k = c.rank, 1
            if my_wilds:
                nominations = self._lead_nominations()
                for w in my_wilds:
                    for rank, suit in nominations:
                        add(wild_play(w, rank, suit))
            if r.leader_may_pass:
                add(PASS_PLAY)
            return plays
        natural = False
        groups = r.groups
        one_rank = self._one_rank
        size = len(hand)
        for rank, suit in targets:
            prev = None
            k = 0
            i = bisect_left(hand, rank << 2, key=sort_key)
            while i < size:
                c = hand[i]
                i += 1
                if c.rank != rank:
                    break
                if (not suit or c.suit == suit) and c not in wilds:
                    k += 1
                    if c is not prev:
                        add(SINGLES[c.index])
                    prev = c
            if k:
                natural = True
                if one_rank and k > 1:
                    self._one_rank_plays(hand, rank, plays)
            if groups and (k >= 4 or ((rank == NINE or rank == KING) and (k >= 2 or suit))):
                self._group_plays(hand, rank, my_wilds, plays)  # none with fewer than two of the rank
        if my_wilds and (r.wild_mode != "bridge" or self._nobody_holds(targets)):
            for w in my_wilds:
                for rank, suit in targets:
                    if rank <= KING:
                        add(wild_play(w, rank, suit))
        if self._hocs and r.hoc_mode == "stop_anytime":
            listed = {p.cards[0] for p in plays if p.kind == CARDS and len(p.cards) == 1}
            prev = None
            for c in hand:
                if c in self._hocs and c not in listed and c is not prev:
                    add(SINGLES[c.index])
                prev = c
        if not natural or not (r.must_extend if self.last == seat else r.must_follow):
            add(PASS_PLAY)
        return plays

    def _group_plays(self, hand: list[Card], rank: int, my_wilds: list[Card], plays: list[Play]) -> None:
        """Group plays of one rank (1752/1991: four of a kind, three nines ± comet, 2-3 kings)."""
        wilds = self.wilds
        # The hand is sorted: its cards of ``rank`` lie together (sort_key is rank * 4 + suit).
        same = tuple(c for c in hand[bisect_left(hand, rank << 2, key=sort_key):
                                     bisect_left(hand, (rank + 1) << 2, key=sort_key)] if c not in wilds)
        plays.extend(group_plays(same, my_wilds, rank, self.rules))

    def _one_rank_plays(self, hand: list[Card], rank: int, plays: list[Play]) -> None:
        """Alternate turns, one rank a turn (Yanovsky, S2, PW): two or more cards of ``rank`` at once
        ("any number of the proper rank", PW's "four 8s on a 7"); the singles are listed already."""
        plays.extend(one_rank_plays(tuple(c for c in hand if c.rank == rank and c not in self.wilds), rank))

    def _lead_nominations(self) -> list[Target]:
        """What a wild card may stand for on a lead: any card of the pack (in-suit games), else any rank."""
        return nominations(self._pack_set, self.wilds, self.rules.in_suit)

    def _nobody_holds(self, targets: tuple[Target, ...]) -> bool:
        """True when no live hand holds a natural card of the targets (Commit's bridge)."""
        for hand in self.hands:
            for c in hand:
                for rank, suit in targets:
                    if c.rank == rank and (not suit or c.suit == suit) and c not in self.wilds:
                        return False
        return True


_NO_CARDS: list[Card] = []
_END: list[Card] = [Card.parse("JK")]
"""Closes a scan of a hand by rank: the joker sorts last and makes no group, so the scan
always ends the last rank's count (only a hand's own joker, never in a group, runs into it)."""
