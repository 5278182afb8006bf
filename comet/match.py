"""``Match``: several deals with running scores.

Dealer rotation (one seat on, in the direction of play: AMB-37), colour packs used alternately
(S0, S1 for 1752; AMB-44 for the others), the modern comet's escalating value (AMB-18), the first
hand drawn by lot in 1718 (S0, S1; AMB-6), the first dealer drawn elsewhere (S0, S1 for 1991;
AMB-37 for the others), the 1718 purse of 10 jetons + 9 fiches (100 jetons), target scores
(121 on Arnold's cribbage board, 24 for Yanovsky's card count) and running plus/minus
totals (Arnold's rounds for 3-5 hands).
"""

from __future__ import annotations

import random
from typing import Any

from comet.cards import Card, sort_key
from comet.errors import GameStateError, InvalidOptionError, check_count, check_seed
from comet.outcome import Outcome
from comet.record import match_record
from comet.round import Round, VariantLike, resolve_variant


class Match:
    """A series of deals.  ``match.round`` is the deal being played; call
    :meth:`next_deal` when it is over.  ``deals`` fixes the number of deals (default: one
    full round, each player dealing once); a variant with a target plays until someone
    reaches it; a variant with a purse stops early when a player has nothing left.
    """

    def __init__(self, variant: VariantLike, players: int = 2, seed: Any = None, *,
                 deals: int | None = None, target: int | None = None) -> None:
        v = resolve_variant(variant)
        v.check_players(players)
        check_seed(seed)
        if deals is not None and check_count(deals, "deals") < 1:
            raise InvalidOptionError(f"a match has at least 1 deal, not {deals}")
        if target is not None:
            check_count(target, "target")
        r = v.rules
        self.variant = v
        self.players = players
        self.seed = seed
        self.target = r.target if target is None else target
        self.deals = deals if deals is not None else (None if self.target else players)
        self.scores = [0] * players
        """Net result per seat so far (plus and minus)."""
        self.pegged = [0] * players
        """Points won per seat (what a cribbage board shows)."""
        self.purses = [r.purse] * players if r.purse else []
        self.finished: list[tuple[Round, Outcome]] = []
        self.dead_comets = 0
        self.lot: list[str] = []
        self._rng = random.Random(f"{seed}/lot")
        self.dealer = self._first_dealer()
        self.round = self._new_round()

    # ------------------------------------------------------------------ lot
    def _first_dealer(self) -> int:
        n = self.players
        pack = sorted(set(self.variant.rules.pack(players=n)), key=sort_key)
        rng = self._rng
        if self.variant.rules.first_dealer == "lot_1718":
            # Turn a card; deal one to each player until someone holds the highest of its suit (S0, S1, AMB-6).
            cards = list(pack)
            rng.shuffle(cards)
            turned = cards.pop()
            self.lot.append(f"The lot: {turned.symbol} is turned; the highest {turned.suit} dealt wins the first hand.")
            best: tuple[int, int] | None = None
            while cards and best is None:
                for seat in range(n):
                    if not cards:
                        break
                    c = cards.pop()
                    self.lot.append(f"Seat {seat} receives {c.symbol}.")
                    if c.suit == turned.suit and (best is None or c.rank > best[0]):
                        best = (c.rank, seat)
            first = best[1] if best else 0
            self.lot.append(f"Seat {first} has the first hand.")
            return (first - 1) % n
        # Draw for the deal: the lowest card deals (S0, S1 for 1991; AMB-37 elsewhere); ties draw again.
        while True:
            cards = list(pack)
            rng.shuffle(cards)
            drawn: list[Card] = cards[:n]
            low = min(c.rank for c in drawn)
            self.lot.append("Draw for the deal: " + ", ".join(f"seat {s} {c.symbol}" for s, c in enumerate(drawn)))
            lowest = [s for s, c in enumerate(drawn) if c.rank == low]
            if len(lowest) == 1:
                self.lot.append(f"Seat {lowest[0]} draws lowest and deals.")
                return lowest[0]

    # ------------------------------------------------------------------ deals
    @property
    def deal_number(self) -> int:
        return len(self.finished) + 1

    def _new_round(self) -> Round:
        packs = self.variant.rules.packs
        pack = packs[(self.deal_number - 1) % len(packs)]
        return Round.deal(self.variant, players=self.players, seed=f"{self.seed}/{self.deal_number}",
                          dealer=self.dealer, pack=pack, dead_comets=self.dead_comets)

    def next_deal(self) -> Round:
        """Score the finished deal and deal the next one; return it."""
        rnd = self.round
        outcome = rnd.outcome()
        if outcome is None:
            raise GameStateError("the deal is not over yet: finish it before dealing the next")
        if self.is_over:
            raise GameStateError("the match is over")
        self._score(rnd, outcome)
        self.dealer = (self.dealer + 1) % self.players
        self.round = self._new_round()
        return self.round

    def _score(self, rnd: Round, outcome: Outcome) -> None:
        self.finished.append((rnd, outcome))
        for seat, amount in enumerate(outcome.payments):
            self.scores[seat] += amount
            if amount > 0:
                self.pegged[seat] += amount
            if self.purses:
                self.purses[seat] += amount
        # the modern comet's value rises while the comet lies in the dead hand (AMB-18)
        wilds = rnd.wilds
        in_dead = any(c in wilds for c in rnd.initial_dead + rnd.initial_talon)
        played = any(p.wild is not None for _, p in rnd.history)
        if in_dead:
            self.dead_comets += 1
        elif self.variant.rules.escalation_reset == "dealt" or played:
            self.dead_comets = 0

    @property
    def is_over(self) -> bool:
        done = len(self.finished) + (1 if self.round.is_over else 0)
        if self.round.is_over:
            scores = self._projected()
        else:
            scores = (self.pegged, self.purses)
        pegged, purses = scores
        if self.target and max(self._sides(pegged)) >= self.target:
            return True
        if purses and min(purses) <= 0:
            return True
        return self.deals is not None and done >= self.deals

    def _projected(self) -> tuple[list[int], list[int]]:
        outcome = self.round.outcome()
        assert outcome is not None
        pegged = [p + max(a, 0) for p, a in zip(self.pegged, outcome.payments)]
        purses = [p + a for p, a in zip(self.purses, outcome.payments)] if self.purses else []
        return pegged, purses

    def _sides(self, values: list[int]) -> list[int]:
        if self.variant.rules.partnerships and self.players == 4:
            return [values[0] + values[2], values[1] + values[3]]
        return values

    def standings(self) -> list[int]:
        """Scores including the current deal if it is over."""
        if self.round.is_over:
            outcome = self.round.outcome()
            assert outcome is not None
            return [s + a for s, a in zip(self.scores, outcome.payments)]
        return list(self.scores)

    def record(self, comments: bool = True) -> str:
        """The whole match in the notation; :func:`comet.replay` rebuilds it. ``comments``: the
        runs' calls, as in :meth:`Round.record`."""
        return match_record(self, comments)

    def __repr__(self) -> str:
        return f"<Match {self.variant.id} {self.players}p, deal {self.deal_number}, scores {self.standings()}>"
