"""What each play does to a round: the card play, stops, turns, payments in play, the deal's
start, the redeal and the exchange (digest section 2.0; each rule cites its source).

:class:`Mechanics` is a part of :class:`~comet.round.Round` (its methods run on the round's own
fields, declared in :mod:`comet.state`); :meth:`Round.play` calls them after saving the undo frame.
"""

from __future__ import annotations

import random
from typing import Any, MutableSequence, Sequence

from comet.cards import JOKER_RANK, KING, TEN, Card, sort_key
from comet.deal import redeal_cards
from comet.events import (STOP_CARD, STOP_COMET, STOP_FIXED, STOP_HOC, STOP_INCIDENTAL, STOP_KING, Blanche, Blocked,
                          Branched, Claimed, Dealt, Discarded, Drew, Lapsed, Redealt, Stop, Switched, Unswitched,
                          WentOut)
from comet.ledger import POOL, Payment, Why
from comet.outcome import END_BLOCKED, END_OUT
from comet.plays import Play, Target
from comet.state import PHASE_EXCHANGE, PHASE_OVER, PHASE_PLAY, PHASE_REDEAL, RoundState

PAY_WILD, PAY_JOKER, PAY_MANILLE_OUT, PAY_CARD, PAY_HOC, PAY_KING_STOP, PAY_INCIDENTAL = (
    Why.WILD, Why.WILD_JOKER, Why.MANILLE_OUT, Why.CARD, Why.HOC, Why.KING_STOP, Why.INCIDENTAL)
"""The reasons paid in play, as module constants for the hot path (see :data:`comet.state.PHASE_PLAY`)."""
_NEXT: list[tuple[Target, ...]] = [((rank + 1, ""),) for rank in range(14)]
"""The usual target after a card of each rank, suits ignored (shared tuples)."""


class Ordered(random.Random):
    """The redeal's shuffle when the caller gives the cards' order (:meth:`Round.redeal_from`): it puts
    them in that order; its state is that of the round's own shuffle (``base``), which an undo restores."""

    def __init__(self, order: list[Card], base: random.Random | None) -> None:
        super().__init__(0)
        self.order, self.base = order, base

    def shuffle(self, x: MutableSequence[Any]) -> None:
        x[:] = self.order

    def getstate(self) -> Any:
        return self.base.getstate() if self.base is not None else None


class Mechanics(RoundState):
    """The effects of plays on a round's fields."""

    __slots__ = ()

    # ------------------------------------------------------------------ the deal's start
    def _start(self) -> None:
        """The deal is on the table: antes, then the redeal right, the exchange or the card play."""
        r = self.rules
        self._events.append(Dealt(self.dealer, self.leader))
        if r.ante:
            for seat in range(self.players):
                self._pay(seat, POOL, r.ante, Why.ANTE)
        if r.redeal_right and not self.redealt:
            self.phase = PHASE_REDEAL
            self.to_play = self.leader
            return
        self._begin_exchange()

    def _begin_exchange(self) -> None:
        allowances = self.rules.exchange.get(self.players, ())
        if any(allowances) and self.talon:
            self.phase = PHASE_EXCHANGE
            self.exchange_order = tuple((self.leader + i) % self.players for i in range(self.players))
            self.exchange_index = 0
            self.exchange_count = 0
            self.to_play = self.exchange_order[0]
            return
        self._begin_play()

    def _begin_play(self) -> None:
        self.phase = PHASE_PLAY
        self.dead.extend(self.talon)
        self.talon = []
        self.play_sizes = tuple(map(len, self.hands))
        if self.rules.carte_blanche:
            self._declare_cartes_blanches()
        self.targets = None
        self.to_play = self.leader

    # ------------------------------------------------------------------ the card play
    def _play_cards(self, seat: int, move: Play) -> None:
        r = self.rules
        cards = move.cards
        hand = self.hands[seat][:]
        for c in cards:
            hand.remove(c)
        self.hands[seat] = hand
        n_cards = len(cards)
        events = self._events
        if self.claim_seat >= 0:
            events.append(Lapsed(self.claim_seat))
            self.claim_seat = -1
        if self.streak_seat == seat:
            self.streak_len += n_cards
        else:
            self.streak_seat = seat
            self.streak_len = n_cards
        self.cards_played += n_cards
        self.last = seat
        self.passes = 0
        wild = move.wild
        rank = move.rank
        events.append((seat, move, self.targets, "play"))  # a Played record's values (comet.events.LoggedEvent)
        stop: Stop | None = None
        if wild is not None:
            if r.wild_pay:
                if r.wild_claim == "claim" and hand:
                    self.claim_seat = seat
                elif r.wild_claim == "claim":
                    # Going out with the manille: no later card can make the claim lapse (AMB-34).
                    self._pay_each(seat, self.comet_value, PAY_MANILLE_OUT, (wild,))
                else:
                    self._pay_each(seat, self.comet_value, PAY_JOKER if wild.rank == JOKER_RANK else PAY_WILD,
                                   (wild,))
            if r.wild_mode == "stop":
                stop = STOP_COMET
            elif rank == KING:
                stop = STOP_KING
            if r.switch_to_h_on_wild and not self.h_mode:
                self.h_mode = True
                events.append(Switched(seat))
        elif rank == KING and r.king_stops:
            stop = STOP_HOC if r.hoc_mode == "stop_anytime" else STOP_KING
        elif self._hocs and r.hoc_mode == "stop_anytime" and cards[0] in self._hocs:
            stop = STOP_HOC
        elif r.in_suit and rank < KING and Card(rank + 1, cards[0].suit) not in self._pack_set:
            stop = STOP_CARD
        elif self._stop_cards and cards[0] in self._stop_cards:
            stop = STOP_FIXED
        if r.card_pay:
            for c in move.naturals:
                if c.rank in r.card_pay_ranks:
                    self._pay_each(seat, r.card_pay, PAY_CARD, (c,))
        if r.hoc_pay:
            for c in cards:
                if c in self._hocs:
                    self._pay_each(seat, r.hoc_pay, PAY_HOC, (c,))
        if stop is STOP_KING and r.king_stop_pay:
            self._pay_each(seat, r.king_stop_pay, PAY_KING_STOP, cards)
        if not hand:
            self._finish(seat)
            return
        if stop is not None:
            self._stop(seat, stop)
            return
        suit = move.suit or (cards[0].suit if r.in_suit else "")
        if wild is not None and r.wild_mode == "branch":
            ten = (TEN, "D" if (r.strict_10D or r.in_suit) else "")
            targets: tuple[Target, ...] = ((rank + 1, suit), ten) if (rank + 1, suit) != ten else (ten,)
            events.append(Branched(seat, targets))
        elif r.follow == "next":
            targets = _NEXT[rank] if not suit else ((rank + 1, suit),)
        elif rank < KING:
            targets = ((rank, ""), (rank + 1, ""))
        else:
            targets = ((rank, ""),)  # a king on a king (S2's literal reading, option king_stops)
        if self._alternate and (self._one_rank or self.targets is None):
            # Yanovsky: a lead is one card, then the other builds; one play a turn (S2, PW).
            self.to_play = (seat + 1) % self.players
        self.targets = targets
        if self.h_mode:
            self._next_holder(seat)

    def _next_holder(self, seat: int) -> None:
        """Turn model H: the holder of the next card plays it; the player who just played has first right."""
        targets = self.targets
        assert targets is not None
        n = self.players
        for k in range(n):
            s = (seat + k) % n
            for c in self.hands[s]:
                if c not in self.wilds and any(c.rank == rk and (not st or c.suit == st) for rk, st in targets):
                    self.to_play = s
                    return
        if self.wilds:
            for k in range(n):
                s = (seat + k) % n
                if any(w in self.hands[s] for w in self.wilds):
                    self.to_play = s
                    return
        self._stop(self.last, STOP_INCIDENTAL)

    def _pass(self, seat: int) -> None:
        # A pass is not a card played: the manille's claim stays open (AMB-34; it lapses in _play_cards).
        self.passes += 1
        self._events.append((seat, self.targets, "pass"))  # a Passed record's values
        n = self.players
        if self.targets is None:
            if self.passes >= n:
                self._blocked()
            else:
                self.to_play = (seat + 1) % n
            return
        if self.h_mode:
            self._stop(self.last, STOP_INCIDENTAL)
            return
        nxt = (seat + 1) % n
        if nxt == self.last:
            self._stop(self.last, STOP_INCIDENTAL)
        else:
            self.to_play = nxt

    def _stop(self, seat: int, reason: Stop) -> None:
        r = self.rules
        if reason is STOP_INCIDENTAL and r.incidental_stop_pay:
            self._pay_each(seat, r.incidental_stop_pay, PAY_INCIDENTAL)
        self._events.append((seat, reason, "stop"))  # a Stopped record's values
        self.targets = None
        self.passes = 0
        self.to_play = seat
        if self.h_mode and r.h_scope == "sequence" and r.turn_model == "R":
            self.h_mode = False
            self._events.append(Unswitched(seat))

    def _claim(self, seat: int) -> None:
        self.claim_seat = -1
        self._events.append(Claimed(seat))
        self._pay_each(seat, self.comet_value, Why.CLAIM)

    def _finish(self, seat: int) -> None:
        if self.claim_seat >= 0:
            self.claim_seat = -1
        self.winner = seat
        self.end = END_OUT
        self.phase = PHASE_OVER
        self.to_play = None
        self.targets = None
        self._events.append(WentOut(seat))

    def _blocked(self) -> None:
        """Everybody passed on a free lead (only when the leader may pass, AMB-14)."""
        counts = [self._count(h) for h in self.hands]
        best = min(counts)
        winners = [s for s, c in enumerate(counts) if c == best]
        self.winner = winners[0] if len(winners) == 1 else None
        self.end = END_BLOCKED
        self.phase = PHASE_OVER
        self.to_play = None
        self._events.append(Blocked(tuple(counts)))

    def _count(self, hand: Sequence[Card]) -> int:
        return len(hand) if self.rules.count == "cards" else sum(c.pips for c in hand)

    # ------------------------------------------------------------------ payments in play
    def _pay_each(self, payee: int, amount: int, why: Why, cards: tuple[Card, ...] = ()) -> None:
        """Each opponent of ``payee`` pays it: every other player, or the other side when four play
        in partnerships (S0, S1; a partner never pays a partner, AMB-42)."""
        sides = self.rules.partnerships and self.players == 4
        for s in range(self.players):
            if s != payee and not (sides and s % 2 == payee % 2):
                self._pay(s, payee, amount, why, cards)

    def _pay(self, payer: int, payee: int, amount: int, why: Why, cards: tuple[Card, ...] = ()) -> None:
        p = Payment(payer, payee, amount, why, cards, (), (), self.rules.unit)
        self.ledger.append(p)
        self._events.append((p, "pay"))  # a Paid record's values

    # ------------------------------------------------------------------ before play
    def _redeal(self, seat: int) -> None:
        """The 1752 first hand's right to demand a new deal (S0, S1); of any hand, once (AMB-40)."""
        self._events.append(Redealt(seat))
        cards = [c for h in self.hands for c in h] + self.dead + self.talon
        if self._rng is None:
            self._rng = random.Random(f"{self.seed}/redeal" if self.seed is not None else "redeal")
        self._rng.shuffle(cards)
        hands, dead, talon = redeal_cards(cards, [len(h) for h in self.hands], self.leader, len(self.talon))
        self.hands = [sorted(h, key=sort_key) for h in hands]
        if self.talon:
            self.talon, self.dead = talon, dead
        else:
            self.dead = sorted(dead, key=sort_key)
        self.redealt = True
        self._begin_exchange()

    def _discard(self, seat: int, card: Card) -> None:
        hand = self.hands[seat][:]
        hand.remove(card)
        self.hands[seat] = hand
        self.discards[seat] = self.discards[seat] + [card]
        self.exchange_count += 1
        self._events.append(Discarded(seat, card))

    def _draw(self, seat: int) -> None:
        """Draw as many as discarded from this player's share of the talon (S2, AMB-15)."""
        allowance = self._allowance()
        share = self.talon[:allowance]
        taken = share[: self.exchange_count]
        left = share[self.exchange_count:]
        self.hands[seat] = sorted(self.hands[seat] + taken, key=sort_key)
        self.talon = self.talon[allowance:]
        if left:
            if self.rules.leftovers_pass_on:
                self.talon = left + self.talon
            else:
                self.set_aside = self.set_aside + left
        self._events.append(Drew(seat, len(taken), tuple(left)))
        self.exchange_index += 1
        self.exchange_count = 0
        if self.exchange_index >= self.players or self.exchange_index >= len(self.rules.exchange[self.players]):
            # Discards and untaken cards stay in their own piles (set_aside, discards): moving
            # them into the dead hand as well counted them twice.
            self._begin_play()
        else:
            self.to_play = self.exchange_order[self.exchange_index]

    def _declare_cartes_blanches(self) -> None:
        """Carte blanche (S0, S1): a dealt hand without J, Q or K, as at Piquet, paid by each opponent (AMB-41)."""
        amount = self.rules.carte_blanche
        for seat, hand in enumerate(self.hands):
            if not any(c.rank > TEN and c not in self.wilds for c in hand):
                held = tuple(c for c in hand if c in self.wilds)
                self._events.append(Blanche(seat, bool(held)))
                self._pay_each(seat, amount * (2 if held else 1), Why.BLANCHE_COMET if held else Why.BLANCHE, held)
