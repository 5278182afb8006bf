"""``RoundView``: what one player may see (OpenSpiel's observation, a hot-seat screen).

A view holds the player's own hand, the cards on the table, the sizes of the other hands,
the in-play ledger, the public events and the public state of the sequence, but never
another player's cards, discards or set-aside cards, nor the dead hand.
:meth:`RoundView.determinize` deals the unseen cards at random into a full
:class:`~comet.round.Round` whose view, for this player, is this view (for search agents
and OpenSpiel's ``resample_from_infostate``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from comet import state
from comet.cards import Card, sort_key
from comet.errors import InvalidOptionError
from comet.events import Discarded, Drew, Event, LoggedEvent
from comet.ledger import Payment
from comet.plays import CARDS, DISCARD, DRAW, KEEP, PASS, REDEAL, Play, discard
from comet.runs import open_run

if TYPE_CHECKING:
    from comet.round import Round
    from comet.variant import Variant

PUBLIC_FIELDS = frozenset(state.PUBLIC_FIELDS)
"""The round's fields a seat may see (declared in :mod:`comet.state`): a view, and a round
determinized from it, are built from these alone."""
_ALWAYS = PUBLIC_FIELDS - {"_voids"}
"""The public fields copied from the round (``_voids`` is computed afresh for each view)."""
HIDDEN_FIELDS = frozenset(state.HIDDEN_FIELDS)
"""Never in a view: the cards a seat may not see, and what would reveal them (``seed``: with it
a player could redeal and see every hand; ``history`` and the events are shown masked)."""


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
    events: tuple[Event, ...] = ()
    """The event log as this player saw it: other players' discards are ``Discarded(seat,
    None)`` and the cards they saw and set aside in an exchange ``Drew(seat, taken, (None,
    ...))``."""
    sequence: tuple[tuple[int, Play], ...] = ()
    """The run in progress: the card plays since the last stop (empty on a new lead)."""
    voids: tuple[frozenset[tuple[int, str]], ...] = field(default=(), compare=False)
    """Per seat, the ``(rank, suit)`` targets public play showed it cannot hold a natural
    card of: it passed when it would have had to follow (D1, D2), another player held the
    next card first (turn model H), or a bridge was played (nobody held the gap's card)."""
    _public: dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def of(cls, rnd: "Round", seat: int) -> "RoundView":
        if not isinstance(seat, int) or not 0 <= seat < rnd.players:
            raise InvalidOptionError(f"seat must be 0..{rnd.players - 1}, not {seat!r}")
        history = tuple(
            (s, "discard ?" if (p.kind == DISCARD and s != seat) else p.text) for s, p in rnd.history
        )
        table = tuple((s, p) for s, p in rnd.history if p.kind == "cards")
        seen: list[Card] = []
        events: list[Event] = []
        for e in rnd.events:
            if isinstance(e, Discarded) and e.seat != seat:
                e = Discarded(e.seat, None)
            elif isinstance(e, Drew):
                if e.seat != seat:
                    e = Drew(e.seat, e.taken, (None,) * len(e.left))
                else:
                    seen.extend(c for c in e.left if c is not None)
            events.append(e)
        run = open_run(events)
        # Fresh containers: a round determinized from the view must never write into this one.
        public = {k: (list(v) if isinstance(v, list) else v) for k, v in ((k, getattr(rnd, k)) for k in _ALWAYS)}
        voids = _voids(rnd)
        public["_voids"] = voids
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
            events=tuple(events),
            sequence=tuple(run.plays) if run is not None else (),
            voids=voids,
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

    def determinize(self, rng: random.Random, *, tries: int = 64) -> "Round":
        """A full round consistent with this view, the unseen cards dealt at random.

        The cards this player has not seen are shuffled and dealt to the other hands, the
        other players' discards and set-aside cards (exchange, S2) and the dead hand or
        talon, keeping every public size.  The sampled round's ``view(seat)`` equals this
        view: the same hand, history, events, ledger and run in progress.

        Public play says more about the hidden hands, and the sample respects it:

        * **voids** (:attr:`voids`): a player who passed when the rules made it follow
          (D1, D2), or was skipped by the turn model H, holds no natural card of what was
          needed; it takes its hand from the shuffled cards it may hold (the most
          constrained player first).  Uniform when no void binds; otherwise each hand is
          uniform among the cards left that it may hold, not exactly uniform over deals.
        * where public play depends on hidden cards in other ways (who holds the next
          card in the turn model H, Commit 1857's bridge over a gap nobody can fill, a
          declared carte blanche), a deal is kept only if replaying the public card play
          on it gives the same turns, legal plays and payments (rejection sampling);
          after ``tries`` deals the last one is returned (cards, sizes and voids right,
          some past turn perhaps not).

        Not modelled: with the ``leftovers_pass_on`` reading (AMB-15) the talon cards this
        player saw and passed on go back among the unseen cards.  The sampled round
        continues from the current position (its undo history starts here).
        """
        world = self._sample(rng)
        if not self._needs_replay():
            return world
        for _ in range(tries - 1):
            if self._replays(world):
                return world
            world = self._sample(rng)
        return world

    def _sample(self, rng: random.Random) -> "Round":
        from comet.round import Round

        rules = self._public["rules"]
        pass_on = rules.leftovers_pass_on
        unseen = self.unseen()
        if pass_on:
            unseen.extend(self.seen_aside)
        rng.shuffle(unseen)
        pos = 0

        def take(k: int) -> list[Card]:
            nonlocal pos
            got = unseen[pos:pos + k]
            pos += k
            return got

        hands: list[list[Card]] = [list(self.hand) if s == self.seat else [] for s in range(self.players)]
        voids = self.voids
        if any(voids[s] for s in range(self.players) if s != self.seat):
            # Seats with known voids first, each taking the first cards of the shuffled pool it may hold.
            wilds = self.wilds
            order = sorted((s for s in range(self.players) if s != self.seat), key=lambda s: -len(voids[s]))
            for s in order:
                void = voids[s]
                size = self.hand_sizes[s]
                if void:
                    mine = [i for i, c in enumerate(unseen) if c in wilds
                            or ((c.rank, "") not in void and (c.rank, c.suit) not in void)][:size]
                    if len(mine) < size:  # the voids cannot all hold: fill up with any cards
                        mine += [i for i in range(len(unseen)) if i not in set(mine)][:size - len(mine)]
                    picked = set(mine)
                    hands[s] = sorted((unseen[i] for i in mine), key=sort_key)
                    unseen = [c for i, c in enumerate(unseen) if i not in picked]
                else:
                    hands[s] = sorted(take(size), key=sort_key)
        else:
            for s, size in enumerate(self.hand_sizes):
                if s != self.seat:
                    hands[s] = sorted(take(size), key=sort_key)
        # Other players' discards and the talon cards they saw and set aside (exchange, S2).
        hidden_discards: dict[int, list[Card]] = {}
        hidden_left: dict[int, list[Card]] = {}
        for e in self.events:
            if isinstance(e, Discarded) and e.card is None:
                hidden_discards.setdefault(e.seat, []).extend(take(1))
            elif isinstance(e, Drew) and e.seat != self.seat and e.left:
                hidden_left[e.seat] = unseen[pos:pos + len(e.left)] if pass_on else take(len(e.left))
        rest = unseen[pos:]
        rnd = object.__new__(Round)
        for name, value in self._public.items():
            setattr(rnd, name, value)
        rnd.ledger = list(self.ledger)
        rnd.play_sizes = list(self._public["play_sizes"])
        rnd.exchange_order = list(self._public["exchange_order"])
        rnd.hands = hands
        rnd.seed = None
        rnd.dealt = False
        rnd.discards = [list(self.own_discards) if s == self.seat else list(hidden_discards.get(s, ()))
                        for s in range(self.players)]
        rnd.set_aside = [] if pass_on else list(self.seen_aside) + [c for s in sorted(hidden_left)
                                                                   for c in hidden_left[s]]
        rnd.dead = sorted(rest, key=sort_key)
        rnd.talon = []
        if self.phase == "exchange":
            # The talon is what was left after the deal: the cards still to be drawn.
            rnd.talon, rnd.dead = list(rest), []
        played: list[list[Card]] = [[] for _ in range(self.players)]
        for s, play in self.table:
            played[s].extend(play.cards)
        rnd._initial = ([sorted(h + p, key=sort_key) for h, p in zip(hands, played)], list(rnd.dead), [])
        rnd._stack = []
        # The full history and events, other players' hidden cards filled in from the sample.
        queue = {s: list(cards) for s, cards in hidden_discards.items()}
        history: list[tuple[int, Play]] = []
        for s, text in self.history:
            history.append((s, discard(queue[s].pop(0)) if text == "discard ?" else Play.parse(text)))
        rnd.history = history
        queue = {s: list(cards) for s, cards in hidden_discards.items()}
        events: list[LoggedEvent] = []
        for e in self.events:
            if isinstance(e, Discarded) and e.card is None:
                e = Discarded(e.seat, queue[e.seat].pop(0))
            elif isinstance(e, Drew) and e.seat != self.seat:
                e = Drew(e.seat, e.taken, tuple(hidden_left.get(e.seat, ())))
            events.append(e)
        rnd._events = events
        rnd._rng = random.Random(rng.random())
        rnd._legal = None
        return rnd

    def _needs_replay(self) -> bool:
        """Whether public play can reveal hidden cards (turns by holding, the bridge, carte blanche)."""
        r = self._public["rules"]
        if self.phase not in ("play", "over") or not self.table and not r.carte_blanche:
            return False
        return bool(r.turn_model == "H" or r.switch_to_h_on_wild or r.wild_mode == "bridge" or r.carte_blanche)

    def _replays(self, world: "Round") -> bool:
        """Replay the card play on ``world``'s hands as dealt for play: same turns, plays, payments?"""
        from comet.round import Round

        start = [list(h) for h in world.hands]
        for s, play in self.table:
            start[s].extend(play.cards)
        # The plays since the card play began (after any redeal or exchange).
        moves = list(world.history)
        first = 0
        for i, (_, play) in enumerate(moves):
            if play.kind in (KEEP, REDEAL, DISCARD, DRAW):
                first = i + 1
        pub = self._public
        probe = Round(self.variant, start, list(world.dead), dealer=pub["dealer"], leader=pub["leader"],
                      pack=pub["pack_name"], dead_comets=pub["dead_comets"])
        if probe.phase != "play":
            probe._begin_play()
        if probe.to_play != pub["leader"]:
            return False
        for s, play in moves[first:]:
            if probe.to_play != s or not probe.is_legal(play):
                return False
            probe.play(play)
        if probe.to_play != self.to_play:
            return False
        if self.to_play == self.seat and tuple(probe.legal_plays()) != self.legal:
            return False
        return probe.in_play_net() == world.in_play_net()


def _voids(rnd: "Round") -> tuple[frozenset[tuple[int, str]], ...]:
    """The targets each seat publicly showed it holds no natural card of (see ``RoundView.voids``).

    Read from the undo frames (the targets, the last player and the turn model before each
    play) of the plays this round recorded, added to those a sampled round inherited.
    """
    r = rnd.rules
    known = rnd._voids
    voids: list[set[tuple[int, str]]] = [set(known[s]) if s < len(known) else set() for s in range(rnd.players)]
    stack = rnd._stack
    if stack:
        n = rnd.players
        for (seat, play), values in zip(rnd.history[len(rnd.history) - len(stack):], stack):
            turn = state.frame_of(values).turn
            targets, last, h_mode, phase = turn.targets, turn.last, turn.h_mode, turn.phase
            if targets is None or phase != "play":
                continue
            kind = play.kind
            if kind == PASS and (r.must_extend if last == seat else r.must_follow):
                voids[seat].update(targets)
            if h_mode and last >= 0:
                s = last
                while s != seat:  # the holder of the next card plays it: those before it hold none
                    voids[s].update(targets)
                    s = (s + 1) % n
            if kind == CARDS and play.wild is not None and r.wild_mode == "bridge":
                for s in range(n):  # a bridge only spans a gap nobody can fill (Commit 1857)
                    voids[s].update(targets)
    return tuple(frozenset(v) for v in voids)
