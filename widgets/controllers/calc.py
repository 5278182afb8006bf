"""``ScoreController``: the settlement of any variant from the hands left at the end (no widget).

The score calculator's logic (:class:`widgets.calc.ScoreCalculator` is its view). How it computes (the
simplest honest way): the end position is built with :meth:`comet.Round.from_hands` (each loser holds
the cards typed, the winner the cards of the last play and leads) and the winner's last play is made,
so the engine's own settlement (:mod:`comet.settlement`) does the sums and explains each payment.
Whether the deal was an opera is the caller's to say (the rules' opera is switched off otherwise);
carte blanche, the redeal right and the exchange belong to the start of a deal and are switched off.
Payments in play earlier in the deal are not known, except those of the last play itself (a comet or
a king played last) and the antes of a pool. :meth:`ScoreController.fill` plays a deal with bots and
takes its end: the settlement then matches the deal's own.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Sequence

import comet
from comet.cards import KING, parse_cards, sort_key
from comet.plays import Kind
from widgets.controllers.bots import play_out
from widgets.controllers.checks import UserError, check_int, check_players, check_seed, check_variant

MAX_TEXT = 400
"""The longest hand or play typed (a hand is a few dozen characters)."""
MAX_DEAD_COMETS = 20


def settle_end(variant: comet.Variant, hands: Sequence[str], winner: int, last_play: str, *, opera: bool = False,
               dead_comets: int = 0) -> comet.Outcome:
    """The outcome of a deal ending with ``winner`` making ``last_play``, the others holding ``hands``
    (the winner's entry is ignored)."""
    players = len(hands)
    check_players(variant, players)
    check_int(winner, 0, players - 1, "the winner")
    play = comet.Play.parse(last_play)
    if play.kind is not Kind.CARDS:
        raise UserError(f"the last play must be cards (like 8H, 9C=T or 7H 7H 7D 7D), not {last_play[:40]!r}.")
    changes: dict[str, Any] = {"carte_blanche": 0, "redeal_right": False, "exchange": {}}
    if not opera:
        changes["opera"] = "none"
    v = dataclasses.replace(variant, rules=dataclasses.replace(variant.rules, **changes))
    held = [list(play.cards) if seat == winner else parse_cards(text) for seat, text in enumerate(hands)]
    for seat, cards in enumerate(held):
        if not cards:
            raise UserError(f"seat {seat} lost, so it holds at least one card: type its cards (e.g. 7H KS).")
    leader, lead = winner, None
    if v.rules.turn_model == "A" and play.wild is None and len(play.cards) > 1:
        # Yanovsky: a lead is one card, and several of one rank go on a card of that rank (or the one below,
        # S2, PW): the seat before the winner leads it first (no payment in play follows it, AMB-29).
        leader = (winner - 1) % players
        lead = _lead_for(v, held, play.rank)
        held[leader] = held[leader] + [lead]
    rnd = comet.Round.from_hands(v, held, leader=leader, dead_comets=dead_comets)
    if lead is not None:
        rnd.play(comet.Play(Kind.CARDS, (lead,), None, lead.rank))
    rnd.play(play)
    outcome = rnd.outcome()
    if outcome is None:
        raise UserError(f"{last_play} did not end the deal.")
    return outcome


def _lead_for(v: comet.Variant, held: list[list[comet.Card]], rank: int) -> comet.Card:
    """A card of the pack no hand holds that lets a group of ``rank`` follow it: one of that rank, else
    of the rank below (only the one below for kings, which stop)."""
    free = Counter(v.rules.pack(players=len(held))) - Counter(c for cards in held for c in cards)
    wilds = v.rules.wild_cards()
    for lead in ((rank - 1,) if rank == KING else (rank, rank - 1)):
        for c in sorted(free.elements(), key=sort_key):
            if c not in wilds and c.rank == lead:
                return c
    raise UserError("no card is left in the pack to lead before the winner's last play (of its rank or the one "
                    "below).")


@dataclasses.dataclass(frozen=True)
class EndOfDeal:
    """What the calculator's entries hold at the end of a deal: each seat's hand (the winner's: the last
    play's cards), the winner, the last play, whether it was an opera, the deals with the comet dead."""

    hands: tuple[str, ...]
    winner: int
    last_play: str
    opera: bool
    dead_comets: int


class ScoreController:
    """The settlement of typed entries (:meth:`settle`), or of a deal bots played (:meth:`fill`)."""

    def __init__(self) -> None:
        self.outcome: comet.Outcome | None = None
        """The last settlement made."""
        self.game: comet.Round | None = None
        """The deal :meth:`fill` played (None for typed entries)."""

    def settle(self, variant: Any, players: Any, winner: Any, dead_comets: Any, hands: Sequence[Any], last: Any,
               opera: bool) -> comet.Outcome:
        """The settlement of the entries, each checked (a forged value is a :class:`UserError`)."""
        v = check_variant(variant)
        players = check_players(v, players)
        winner = check_int(winner, 0, players - 1, "the winner")
        dead = check_int(dead_comets, 0, MAX_DEAD_COMETS, "the number of preceding dead comets")
        texts = list(hands)[:players]
        for s, text in enumerate(texts):
            if not isinstance(text, str) or len(text) > MAX_TEXT:
                raise UserError(f"seat {s}'s hand must be a short text of cards like '7H 9C KS'.")
        if len(texts) != players:
            raise UserError(f"type the hands of the {players} seats.")
        if not isinstance(last, str) or len(last) > MAX_TEXT or not last.strip():
            raise UserError("type the winner's last play, e.g. 8H or 9C=T.")
        self.outcome = settle_end(v, texts, winner, last.strip(), opera=bool(opera), dead_comets=dead)
        return self.outcome

    def fill(self, variant: Any, players: Any, seed: Any) -> EndOfDeal:
        """Bots play a deal of ``variant`` from ``seed`` (greedy players); its end, for the entries."""
        v = check_variant(variant)
        players = check_players(v, players)
        seed = check_seed(seed)
        rnd = play_out(v, players, seed, "greedy")
        outcome = rnd.outcome()
        if outcome is None or rnd.winner is None or not rnd.history or rnd.history[-1][0] != rnd.winner:
            raise UserError(f"the deal from seed {seed} ended without a player going out; try another seed.")
        self.game = rnd
        return EndOfDeal(tuple(" ".join(map(str, h)) for h in rnd.hands), rnd.winner, rnd.history[-1][1].text,
                         bool(outcome.opera), rnd.dead_comets)

    @staticmethod
    def summary(variant: comet.Variant, outcome: comet.Outcome) -> str:
        """``Settled as Modern comet: net seat 0 -42, seat 1 +42.``"""
        net = ", ".join(f"seat {s} {x:+d}" for s, x in enumerate(outcome.payments))
        return f"Settled as {variant.name}: net {net}."
