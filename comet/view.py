"""``RoundView``: what one player may see (what a bot is given; OpenSpiel's observation).

A view holds the player's own hand (and as it was dealt), its legal plays, the public part of
the round (a :class:`~comet.state.Public` record: the facts, the turn, the public setup, the
ledger) and the event log as this player saw it, but never another player's cards, discards or set-aside cards,
nor the dead hand, nor anything that holds them (the round itself, its undo frames). It is built
once per decision and cheaply: a few copies of the round's lists; the rest (the masked history,
the table, the run in progress, the voids) is read from those copies when first asked for.

:meth:`RoundView.determinize` deals the unseen cards at random into a full round whose view,
for this player, is this view (for search agents and OpenSpiel's ``resample_from_infostate``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from comet.cards import Card, sort_key
from comet.deal import table_facts
from comet.errors import InvalidOptionError
from comet.events import Drew, Event, LoggedEvent, named
from comet.ledger import Payment
from comet.plays import CARDS, Play, Target
from comet.runs import open_run
from comet.sample import Voids, determinize, masked, plays_of, voids_of
from comet.state import Phase, Public, SetupPublic, Turn, TurnValues
from comet.variant import Rules, Variant

if TYPE_CHECKING:
    from comet.round import Round

T = TypeVar("T")
SetupValues = tuple[int, bool, tuple[int, ...], int, int, tuple[int, ...]]
"""A :class:`~comet.state.SetupPublic`'s values in its order."""


class RoundView:
    """What ``seat`` may see of a round, as it stood when the view was made (:meth:`of`).

    ``hand``, ``legal`` (empty unless it is this seat's turn), ``dealt`` (its hand as dealt, before
    any redeal or exchange), ``own_discards`` and ``dead_size`` (cards out of play: dead hand, talon,
    set aside, discards) are kept as made; ``public`` (a frozen :class:`~comet.state.Public`),
    ``hand_sizes``, the masked ``history`` and ``events``, ``table``, ``sequence``, ``seen_aside``
    and ``voids`` are read on first use. Views compare equal when they show the same things.
    """

    __slots__ = ("seat", "hand", "legal", "dealt", "own_discards", "dead_size", "_facts", "_turn", "_setup",
                 "_ledger", "_log", "_round_class", "_lazy")

    seat: int
    hand: tuple[Card, ...]
    legal: tuple[Play, ...]
    dealt: tuple[Card, ...]
    own_discards: tuple[Card, ...]
    dead_size: int
    _facts: tuple[Variant, int, str, int, int]
    _turn: TurnValues
    _setup: SetupValues
    _ledger: tuple[Payment, ...]
    _log: tuple[LoggedEvent, ...]
    _round_class: type["Round"]
    """The class of the round seen, which :meth:`determinize` builds (a class: it holds no cards)."""
    _lazy: dict[str, Any] | None

    @classmethod
    def of(cls, rnd: "Round", seat: int) -> "RoundView":
        """``seat``'s view of ``rnd`` now. Made for every decision of a bot, so it copies little: its own
        hand, its legal plays, the turn, the ledger and the event log (masked in an exchange)."""
        if seat.__class__ is not int or not 0 <= seat < rnd.players:
            raise InvalidOptionError(f"seat must be 0..{rnd.players - 1}, not {seat!r}")
        log = tuple(rnd._events)
        out = len(rnd.dead) + len(rnd.talon)
        own: tuple[Card, ...] = ()
        if rnd.exchange_order:  # an exchange: other players' discards and the talon cards they saw are hidden
            log = tuple(masked(named(e), seat) for e in log)
            out += len(rnd.set_aside) + sum(map(len, rnd.discards))
            own = tuple(rnd.discards[seat])
        view = object.__new__(cls)
        view.seat, view.hand, view.dealt, view.own_discards, view.dead_size = (
            seat, tuple(rnd.hands[seat]), rnd._initial.hands[seat], own, out)
        view.legal = tuple(rnd.legal_plays()) if rnd.to_play == seat else ()
        view._turn, view._ledger, view._log, view._round_class, view._lazy = (
            rnd._turn_values(), tuple(rnd.ledger), log, type(rnd), None)
        view._facts = (rnd.variant, rnd.players, rnd.pack_name, rnd.dealer, rnd.dead_comets)
        view._setup = (rnd.leader, rnd.redealt, rnd.exchange_order, rnd.exchange_index, rnd.exchange_count,
                       rnd.play_sizes)
        return view

    # ------------------------------------------------------------------ what is seen
    @property
    def public(self) -> Public:
        """The public part of the round (the same for every seat)."""
        def make() -> Public:
            variant, players, pack, dealer, dead_comets = self._facts
            return Public(variant, players, pack, dealer, dead_comets, Turn._make(self._turn),
                          SetupPublic._make(self._setup), self._ledger)
        return self._get("public", make)

    @property
    def variant(self) -> Variant:
        return self._facts[0]

    @property
    def rules(self) -> Rules:
        return self._facts[0].rules

    @property
    def players(self) -> int:
        return self._facts[1]

    @property
    def wilds(self) -> frozenset[Card]:
        variant, players, pack = self._facts[:3]
        return table_facts(variant.rules, pack, players)[0]

    @property
    def to_play(self) -> int | None:
        return self._turn[0]  # type: ignore[no-any-return]

    @property
    def targets(self) -> tuple[Target, ...] | None:
        return self._turn[1]  # type: ignore[no-any-return]

    @property
    def phase(self) -> Phase:
        return self._turn[-1]  # type: ignore[no-any-return]

    @property
    def is_over(self) -> bool:
        return self._turn[-1] is Phase.OVER

    @property
    def ledger(self) -> tuple[Payment, ...]:
        return self._ledger

    @property
    def events(self) -> tuple[Event, ...]:
        """The event log as this player saw it: other players' discards are ``Discarded(seat,
        None)`` and the cards they saw and set aside in an exchange ``Drew(seat, taken, (None,
        ...))``."""
        return self._get("events", lambda: tuple(named(e) for e in self._log))

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        """Every play in order, other players' discards masked as ``discard ?``."""
        return self._get("history", lambda: tuple((s, p.text if p is not None else "discard ?")
                                                  for s, p in plays_of(self.events)))

    @property
    def table(self) -> tuple[tuple[int, Play], ...]:
        """The card plays made so far (seat, play)."""
        return self._get("table", lambda: tuple((s, p) for s, p in plays_of(self.events)
                                                if p is not None and p.kind is CARDS))

    @property
    def sequence(self) -> tuple[tuple[int, Play], ...]:
        """The run in progress: the card plays since the last stop (empty on a new lead)."""
        def find() -> tuple[tuple[int, Play], ...]:
            run = open_run(self.events)
            return tuple(run.plays) if run is not None else ()
        return self._get("sequence", find)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Each hand's size: as the card play began, less the cards played since (before it, less
        the discards and plus the cards drawn in the exchange; a redeal keeps the sizes)."""
        def count() -> tuple[int, ...]:
            sizes = list(self._setup[5])
            playing = self.phase is Phase.PLAY or self.phase is Phase.OVER
            for e in self.events:
                if playing and e.kind == "play":
                    sizes[e.seat] -= len(e.play.cards)
                elif not playing and e.kind == "discard":
                    sizes[e.seat] -= 1
                elif not playing and e.kind == "draw":
                    sizes[e.seat] += e.taken
            return tuple(sizes)
        return self._get("hand_sizes", count)

    @property
    def seen_aside(self) -> tuple[Card, ...]:
        """The talon cards this player saw and left in an exchange (S2, AMB-15)."""
        return self._get("seen_aside", lambda: tuple(c for e in self.events if isinstance(e, Drew)
                                                     and e.seat == self.seat for c in e.left if c is not None))

    @property
    def voids(self) -> Voids:
        """Per seat, the ``(rank, suit)`` targets public play showed it cannot hold a natural
        card of: it passed when it would have had to follow (AMB-35, AMB-36), another player held the
        next card first (turn model H), or a bridge was played (nobody held the gap's card)."""
        return self._get("voids", lambda: voids_of(self._log, self.rules, self.players))

    def _get(self, name: str, make: Callable[[], T]) -> T:
        """A part of the view read on first use, then kept."""
        if self._lazy is None:
            self._lazy = {}
        found = self._lazy.get(name)
        if found is None:
            found = self._lazy[name] = make()
        return found

    def _key(self) -> tuple[Any, ...]:
        return (self.seat, self.hand, self.legal, self.own_discards, self.dead_size, self.dealt, self._facts,
                self._turn, self._setup, self._ledger, self.events)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundView):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"<RoundView of seat {self.seat}: {self.variant.id}, {len(self.hand)} cards, "
                f"{'to play' if self.legal else 'waiting'}, {len(self._log)} events>")

    def unseen(self) -> list[Card]:
        """Cards this player has not seen: other hands and the dead hand, in some order."""
        rest = Counter(self.public.variant.rules.pack(self.public.pack_name, players=self.players))
        rest.subtract(self.hand)
        for _, play in self.table:
            rest.subtract(play.cards)
        rest.subtract(self.seen_aside)
        rest.subtract(self.own_discards)
        return sorted((+rest).elements(), key=sort_key)

    # ------------------------------------------------------------------ sampling
    def determinize(self, rng: random.Random, *, tries: int = 64) -> "Round":
        """A full round consistent with this view, the unseen cards dealt at random.

        The cards this player has not seen are shuffled and dealt to the other hands, the
        other players' discards and set-aside cards (exchange, S2) and the dead hand or
        talon, keeping every public size.  The sampled round's ``view(seat)`` equals this
        view: the same hand, history, events, ledger and run in progress.

        Public play says more about the hidden hands, and the sample respects it:

        * **voids** (:attr:`voids`): a player who passed when the rules made it follow
          (AMB-35, AMB-36), or was skipped by the turn model H, holds no natural card of what was
          needed; the cards fewest players may hold are dealt first, each to a seat that may
          hold it (or among the rest), in proportion to the room left.  Uniform when no void
          binds; otherwise close to it, not exactly uniform over deals.
        * where public play depends on hidden cards in other ways (who holds the next
          card in the turn model H, Commit 1857's bridge over a gap nobody can fill, a
          declared carte blanche), a deal is kept only if replaying the public card play
          on it gives the same turns, legal plays and payments (rejection sampling);
          after ``tries`` deals the last one is returned (cards, sizes and voids right,
          some past turn perhaps not).

        Not modelled: with the ``leftovers_pass_on`` reading (AMB-15) the talon cards this
        player saw and passed on go back among the unseen cards.  The sampled round
        continues from the current position (its undo history starts here); its first deal
        (``initial_hands``, the talon) is one that plays out to it (:mod:`comet.sample`).
        """
        return determinize(self, rng, tries)
