"""The state of a round, written out: its fields, the one constructor, save, restore and copy.

A :class:`~comet.round.Round` holds these fields and nothing else (``__slots__``); each is in a
group that says how it changes and who may see it (python-chess keeps a board's state the same
way: one set of fields, a ``_BoardState`` saved by ``push`` and restored by ``pop``):

* the deal's **facts**, fixed when the round is made (public);
* its **secrets** (hidden): the seed and the hands as dealt, with which a player would see every card;
* the **turn** (:class:`Turn`, public): saved before every play, in its undo frame;
* the **setup** (:class:`Setup`: the hands, the dead hand, the talon, the exchange): what the plays
  before the card play change, saved with them;
* the **logs**: the in-play ledger (public), the plays and the event log (shown to a seat masked);
* the **work** fields (hidden): the undo stack, the legal plays' cache, the redeal's shuffle.

Every round, dealt, copied or sampled from a seat's view, is made by :meth:`RoundState.__init__`
from these groups. A seat sees the public groups as a :class:`Public` record (a frozen
dataclass) in its :class:`~comet.view.RoundView`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, Self

from comet.cards import Card
from comet.deal import table_facts
from comet.events import LoggedEvent
from comet.ledger import Payment
from comet.outcome import End
from comet.plays import Play, Target
from comet.variant import Rules, Variant


class Phase(StrEnum):
    """Where a deal is (described in :data:`PHASE_WORDS`). A ``StrEnum``: ``Phase.PLAY == "play"``."""

    REDEAL = "redeal"
    EXCHANGE = "exchange"
    PLAY = "play"
    OVER = "over"

    @property
    def description(self) -> str:
        return PHASE_WORDS[self]


PHASE_WORDS: dict[Phase, str] = {
    Phase.REDEAL: "the first hand keeps its cards or demands a new deal (1752, S0, S1)",
    Phase.EXCHANGE: "each player in turn discards and draws from the talon (S2)",
    Phase.PLAY: "the card play",
    Phase.OVER: "the deal is over",
}
"""Each phase in words: the one table of them."""

PHASE_REDEAL, PHASE_EXCHANGE, PHASE_PLAY, PHASE_OVER = Phase.REDEAL, Phase.EXCHANGE, Phase.PLAY, Phase.OVER
"""The phases as module constants, for the hot path: ``Phase.PLAY`` is a lookup through the enum's
metaclass, about 0.2 µs in Python 3.11 (valgrind counts it at some 700 instructions); a module
constant costs a tenth of that."""


class Turn(NamedTuple):
    """The public state of play, saved before every play (an undo frame's ``turn``)."""

    to_play: int | None
    """The seat to move, ``None`` when the round is over."""
    targets: tuple[Target, ...] | None
    """What may be played next; ``None`` on a new lead."""
    last: int
    """The seat that played the last card (-1 before any)."""
    passes: int
    """Passes since the last card."""
    claim_seat: int
    """The seat that may still claim the manille's fiche (-1: none; S0, S1)."""
    h_mode: bool
    """Whether whoever holds the next card plays it (turn model H)."""
    streak_seat: int
    streak_len: int
    """Who played the latest unbroken streak of cards, and how many (opera, S0)."""
    cards_played: int
    winner: int | None
    end: End
    phase: Phase


class SetupPublic(NamedTuple):
    """The public part of the setup."""

    leader: int
    redealt: bool
    exchange_order: tuple[int, ...]
    exchange_index: int
    exchange_count: int
    play_sizes: tuple[int, ...]
    """Each hand's size when the card play began (opera, S0)."""


class Setup(NamedTuple):
    """What the plays before the card play change (a redeal, the exchange, S0, S1, S2): saved,
    with copies of its lists, before each of them."""

    hands: list[list[Card]]
    dead: list[Card]
    talon: list[Card]
    set_aside: list[Card]
    discards: list[list[Card]]
    public: SetupPublic


class Initial(NamedTuple):
    """The cards as dealt (hidden): each hand sorted, the dead hand sorted, the talon in order."""

    hands: tuple[tuple[Card, ...], ...]
    dead: tuple[Card, ...]
    talon: tuple[Card, ...]


class Frame(NamedTuple):
    """What one play changed, to take it back (:meth:`Round.undo`)."""

    seat: int
    hand: list[Card]
    """The player's hand before the play (a card play replaces the list, never edits it)."""
    turn: Turn
    ledger_len: int
    events_len: int
    """The event log's length before the play: where the play's events begin."""
    setup: Setup | None = None
    """For plays before the card play (redeal, exchange), else ``None``."""
    rng_state: Any = None
    """The redeal shuffle's state, with ``setup``."""


TurnValues = tuple[Any, ...]
"""A :class:`Turn`'s values in its order, as a plain tuple: what a play saves."""
FrameValues = tuple[int, list[Card], TurnValues, int, int, "Setup | None", Any]
"""A :class:`Frame`'s values in its order, as a plain tuple: what the undo stack holds.

Two of these are made for every play, the engine's hottest path, and a named tuple costs
about five times a plain one to build (``tuple.__new__`` on a subclass, measured with
valgrind's instruction counts): so the stack holds plain tuples, built and unpacked in the
order above by :meth:`Round.play` and :meth:`Round.undo` only, and :func:`frame_of` names
them for every other reader."""


def frame_of(values: FrameValues) -> Frame:
    """An undo frame's values, named (its turn too)."""
    seat, hand, turn, ledger_len, events_len, setup, rng_state = values
    return Frame(seat, hand, Turn._make(turn), ledger_len, events_len, setup, rng_state)


# ---------------------------------------------------------------------- the groups
FACTS = ("variant", "players", "pack_name", "dealer", "dead_comets")
"""The deal's public facts, given to the constructor."""
DERIVED = ("rules", "comet_value", "wilds", "_wild_list", "_wild1", "_pack", "_pack_set", "_hocs", "_stop_cards",
           "_alternate", "_one_rank")
"""Public facts the constructor derives from :data:`FACTS` (cached tables, never edited)."""
SECRETS = ("seed", "dealt", "_initial")
"""Fixed and hidden: with the seed or the hands as dealt a player would see every card."""
SETUP_PUBLIC: tuple[str, ...] = SetupPublic._fields
SETUP_HIDDEN: tuple[str, ...] = Setup._fields[:-1]
LOGS_PUBLIC = ("ledger",)
LOGS_HIDDEN = ("history", "_events")
"""Shown to a seat masked (other players' discards), by :meth:`RoundView.of`."""
WORK_HIDDEN = ("_stack", "_legal", "_rng")

PUBLIC_FIELDS: tuple[str, ...] = FACTS + DERIVED + Turn._fields + SETUP_PUBLIC + LOGS_PUBLIC
"""The fields a seat may see: a view's :class:`Public` part holds them (the derived facts as properties)."""
HIDDEN_FIELDS: tuple[str, ...] = SECRETS + SETUP_HIDDEN + LOGS_HIDDEN + WORK_HIDDEN
ROUND_FIELDS: tuple[str, ...] = PUBLIC_FIELDS + HIDDEN_FIELDS
"""Every field of a round (``Round.__slots__``)."""


@dataclass(frozen=True)
class Public:
    """What every seat sees of a round: its facts, the turn, the public setup and the ledger (the
    groups of :data:`PUBLIC_FIELDS`; the derived facts are properties)."""

    variant: Variant
    players: int
    pack_name: str
    dealer: int
    dead_comets: int
    turn: Turn
    setup: SetupPublic
    ledger: tuple[Payment, ...]

    @property
    def rules(self) -> Rules:
        return self.variant.rules

    @property
    def wilds(self) -> frozenset[Card]:
        return table_facts(self.variant.rules, self.pack_name, self.players)[0]

    @property
    def comet_value(self) -> int:
        return self.variant.rules.comet_value(self.dead_comets)


class RoundState:
    """A round's fields (:data:`ROUND_FIELDS`), the one constructor, and save, restore and copy,
    written out. :class:`~comet.round.Round` adds the play on top."""

    __slots__ = ROUND_FIELDS

    variant: Variant
    players: int
    pack_name: str
    dealer: int
    dead_comets: int
    rules: Rules
    comet_value: int
    wilds: frozenset[Card]
    _wild_list: list[Card]
    _wild1: Card | None
    _pack: list[Card]
    _pack_set: frozenset[Card]
    _hocs: frozenset[Card]
    _stop_cards: frozenset[Card]
    _alternate: bool
    _one_rank: bool
    seed: Any
    dealt: bool
    _initial: Initial
    # The turn's and the setup's fields are typed by Turn and Setup (see _restore_turn, _put_setup).
    ledger: list[Payment]
    history: list[tuple[int, Play]]
    _events: list[LoggedEvent]
    _stack: list[FrameValues]
    _legal: list[Play] | None
    _rng: random.Random | None

    def __init__(self, variant: Variant, *, pack: str, dealer: int, dead_comets: int, seed: Any, dealt: bool,
                 initial: Initial, turn: TurnValues, setup: Setup, ledger: list[Payment], history: list[tuple[int, Play]],
                 events: list[LoggedEvent], stack: list[FrameValues], rng: random.Random | None) -> None:
        """The one constructor: every round (dealt, copied, sampled from a view) is made here, from
        every group of fields (``turn``: a :class:`Turn` or its values in order). It keeps the lists
        it is given (pass copies)."""
        r = variant.rules
        players = len(setup.hands)
        self.variant, self.players, self.pack_name, self.dealer, self.dead_comets = (
            variant, players, pack, dealer, dead_comets)
        self.rules = r
        self.comet_value = r.comet_value(dead_comets)
        (self.wilds, self._wild_list, self._wild1, self._pack, self._pack_set, self._hocs,
         self._stop_cards) = table_facts(r, pack, players)
        self._alternate = r.turn_model == "A"
        self._one_rank = self._alternate and r.turn_adds == "one_rank"
        self.seed, self.dealt, self._initial = seed, dealt, initial
        self._restore_turn(turn)  # type: ignore[arg-type]  # a Turn, or its values in order
        self._put_setup(setup)
        self.ledger, self.history, self._events, self._stack = ledger, history, events, stack
        self._legal = None
        self._rng = rng

    # ------------------------------------------------------------------ the turn
    def _turn_values(self) -> TurnValues:
        """The :class:`Turn`, as the plain tuple a play saves (in ``Turn``'s field order)."""
        return (self.to_play, self.targets, self.last, self.passes, self.claim_seat, self.h_mode, self.streak_seat,
                self.streak_len, self.cards_played, self.winner, self.end, self.phase)

    def _restore_turn(self, turn: Turn) -> None:
        """Set the turn's fields (from a :class:`Turn` or its values: the undo stack keeps plain tuples)."""
        (self.to_play, self.targets, self.last, self.passes, self.claim_seat, self.h_mode, self.streak_seat,
         self.streak_len, self.cards_played, self.winner, self.end, self.phase) = turn

    @property
    def turn(self) -> Turn:
        """The public state of play, named."""
        return Turn._make(self._turn_values())

    # ------------------------------------------------------------------ the setup
    def _setup_values(self) -> Setup:
        """The setup, its lists copied (a frame or a copy must not change with the round)."""
        return _copied(Setup(self.hands, self.dead, self.talon, self.set_aside, self.discards, self.setup_public))

    @property
    def setup_public(self) -> SetupPublic:
        """The public part of the setup, named."""
        return SetupPublic(self.leader, self.redealt, self.exchange_order, self.exchange_index, self.exchange_count,
                           self.play_sizes)

    def _put_setup(self, setup: Setup) -> None:
        """Set the setup fields to ``setup``'s values (its own lists: pass a copy)."""
        (self.hands, self.dead, self.talon, self.set_aside, self.discards,
         (self.leader, self.redealt, self.exchange_order, self.exchange_index, self.exchange_count, self.play_sizes)) = setup

    def _restore_setup(self, setup: Setup) -> None:
        """Put a frame's setup back, as fresh lists (copies of a round share its frames)."""
        self._put_setup(_copied(setup))

    # ------------------------------------------------------------------ copies
    def copy(self) -> Self:
        """An independent copy (for agents that search): its own lists, the redeal's shuffle
        cloned, the frames (never edited) shared."""
        return type(self)(
            self.variant, pack=self.pack_name, dealer=self.dealer, dead_comets=self.dead_comets, seed=self.seed,
            dealt=self.dealt, initial=self._initial, turn=self.turn, setup=self._setup_values(),
            ledger=self.ledger[:], history=self.history[:], events=self._events[:], stack=self._stack[:],
            rng=_clone(self._rng))

    def _allowance(self) -> int:
        """How many cards the player in turn may exchange (S2, AMB-15)."""
        allowances = self.rules.exchange.get(self.players, ())
        return allowances[self.exchange_index] if self.exchange_index < len(allowances) else 0


def _copied(setup: Setup) -> Setup:
    return setup._replace(hands=[list(h) for h in setup.hands], dead=list(setup.dead), talon=list(setup.talon),
                          set_aside=list(setup.set_aside), discards=[list(d) for d in setup.discards])


def _clone(rng: random.Random | None) -> random.Random | None:
    if rng is None:
        return None
    other = random.Random()
    other.setstate(rng.getstate())
    return other
