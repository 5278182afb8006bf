"""``RoundView``: what one player may see (OpenSpiel's observation, a hot-seat screen).

A view holds the player's own hand, the cards on the table, the sizes of the other hands,
the in-play ledger and the public state of the sequence, but never another player's cards
or the dead hand.  :meth:`RoundView.determinize` deals the unseen cards at random into a
full :class:`~comet.round.Round` consistent with the view, for search agents.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from comet.cards import Card, sort_key
from comet.ledger import Payment
from comet.plays import DISCARD, Play

if TYPE_CHECKING:
    from comet.round import Round
    from comet.variant import Variant

PUBLIC_FIELDS = frozenset({
    # the game and the deal's public facts
    "variant", "rules", "players", "pack_name", "dealer", "leader", "dead_comets", "comet_value",
    "wilds", "_wild_list", "_wild1", "_pack", "_pack_set", "_hocs", "_stop_cards", "_alternate", "_one_rank",
    # the state of play everyone at the table sees
    "phase", "to_play", "targets", "last", "passes", "claim_seat", "h_mode", "streak_seat", "streak_len",
    "cards_played", "winner", "end", "redealt", "exchange_order", "exchange_index", "exchange_count",
    "ledger", "_start_sizes",
})
"""The round's fields a seat may see: a view (and a round determinized from it) is built from
these alone, so a field added to ``Round`` reaches no agent until it is declared here."""

HIDDEN_FIELDS = frozenset({"hands", "dead", "talon", "set_aside", "discards", "_initial", "_stack", "_events",
                           "_rng", "_legal", "history", "seed", "dealt"})
"""Never in a view: the cards a seat may not see, and what would reveal them (``seed``: with it
a player could redeal and see every hand; ``history`` is shown masked).  Every field of a
``Round`` is in exactly one of the two sets (tests/test_view.py checks it)."""


@dataclass(frozen=True)
class RoundView:
    seat: int
    variant: "Variant"
    players: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    history: tuple[tuple[int, str], ...]
    """Every play in order, other players' discards masked as ``discard ?``."""
    table: tuple[tuple[int, Play], ...]
    """The card plays made so far (seat, play)."""
    to_play: int | None
    targets: tuple[tuple[int, str], ...] | None
    phase: str
    ledger: tuple[Payment, ...]
    wilds: frozenset[Card]
    dead_size: int
    legal: tuple[Play, ...]
    seen_aside: tuple[Card, ...]
    own_discards: tuple[Card, ...]
    is_over: bool
    _public: dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def of(cls, rnd: "Round", seat: int) -> "RoundView":
        if not isinstance(seat, int) or not 0 <= seat < rnd.players:
            raise ValueError(f"seat must be 0..{rnd.players - 1}, not {seat!r}")
        history = tuple(
            (s, "discard ?" if (p.kind == DISCARD and s != seat) else p.text) for s, p in rnd.history
        )
        table = tuple((s, p) for s, p in rnd.history if p.kind == "cards")
        seen: list[Card] = []
        for e in rnd._events:
            if e[0] == "draw" and e[1] == seat:
                seen.extend(e[3])
        state = vars(rnd)
        # Fresh containers: a round determinized from the view must never write into this one.
        public = {k: (list(v) if isinstance(v, list) else v) for k, v in ((k, state[k]) for k in PUBLIC_FIELDS)}
        return cls(
            seat=seat,
            variant=rnd.variant,
            players=rnd.players,
            hand=tuple(rnd.hands[seat]),
            hand_sizes=tuple(len(h) for h in rnd.hands),
            history=history,
            table=table,
            to_play=rnd.to_play,
            targets=rnd.targets,
            phase=rnd.phase,
            ledger=tuple(rnd.ledger),
            wilds=rnd.wilds,
            dead_size=len(rnd.dead) + len(rnd.talon) + len(rnd.set_aside) + sum(len(d) for d in rnd.discards),
            legal=tuple(rnd.legal_plays()) if rnd.to_play == seat else (),
            seen_aside=tuple(seen),
            own_discards=tuple(rnd.discards[seat]),
            is_over=rnd.is_over,
            _public=public,
        )

    def unseen(self) -> list[Card]:
        """Cards this player has not seen: other hands and the dead hand, in some order."""
        rest = Counter(self._public["_pack"])
        rest.subtract(self.hand)
        for _, play in self.table:
            rest.subtract(play.cards)
        rest.subtract(self.seen_aside)
        rest.subtract(self.own_discards)
        return sorted((+rest).elements(), key=sort_key)

    def determinize(self, rng: random.Random) -> "Round":
        """A full round consistent with this view, the unseen cards dealt at random.

        The sampled round continues from the current position (its undo history starts here).
        """
        from comet.round import Round

        unseen = self.unseen()
        rng.shuffle(unseen)
        hands: list[list[Card]] = []
        pos = 0
        for s, size in enumerate(self.hand_sizes):
            if s == self.seat:
                hands.append(list(self.hand))
            else:
                hands.append(sorted(unseen[pos:pos + size], key=sort_key))
                pos += size
        rest = unseen[pos:]
        rnd = object.__new__(Round)
        rnd.__dict__.update(self._public)
        rnd.hands = hands
        rnd.seed = None
        rnd.dealt = False
        rnd.dead = sorted(rest, key=sort_key)
        rnd.talon = []
        rnd.set_aside = []
        rnd.discards = [[] for _ in range(self.players)]
        played: list[list[Card]] = [[] for _ in range(self.players)]
        for s, play in self.table:
            played[s].extend(play.cards)
        rnd._initial = ([sorted(h + p, key=sort_key) for h, p in zip(hands, played)], list(rnd.dead), [])
        rnd._stack = []
        rnd._events = []
        # The public plays (other players' discards stay unknown); undo stops at this position.
        rnd.history = [(s, Play.parse(t)) for s, t in self.history if t != "discard ?"]
        rnd._rng = random.Random(rng.random())
        rnd._legal = None
        if self.phase == "exchange":
            # Unseen talon cards: keep the talon the right size for the exchanges still to come.
            size = sum(self._public["rules"].exchange.get(self.players, ())[self._public["exchange_index"]:])
            rnd.talon = rnd.dead[:size]
            rnd.dead = rnd.dead[size:]
        return rnd
