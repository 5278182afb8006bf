"""``Round``: one deal of any Comet variant, from the deal to the settlement.

One mechanism serves every variant (digest section 2.0):

* **what may be played next** is a tuple of *targets* ``(rank, suit)`` (``suit`` is ""
  when suits are ignored), or ``None`` after a stop, when the entitled player leads
  anything (:mod:`comet.moves` lists the legal plays);
* **who plays next** follows the turn model: ``R`` (the player on turn runs on, then the
  turn passes in the play direction), ``H`` (whoever holds the next card plays it) or ``A``
  (Yanovsky: the players alternate, a lead of one card, then one play a turn, S2, PW);
* **stops**: a king, a wild card that stops, a hoc, a card whose successor is out of the
  pack (in-suit games), a card that stops by rule (Commit 1857's 7♦), or an incidental stop
  when nobody can go on; the player entitled (the one who stopped, or the last to play)
  leads anew (:mod:`comet.mechanics` plays them out);
* **wild cards** stand for a target (or any card on a lead) and then stop, continue the
  run, bridge a gap, or open a branch, as the variant says;
* **payments** in play go to the ledger; the settlement is computed by
  :mod:`comet.settlement` when a hand is empty.

The round is mutable with cheap ``undo`` (python-chess's push/pop); queries never mutate.
Its fields are declared, and every round is built, in :mod:`comet.state`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterable, Sequence, Union

from comet.cards import Card, a_rank, cards_text, check_subset, parse_cards, sort_key
from comet.deal import deal_cards, shuffle
from comet.display import render
from comet.errors import CometError, IllegalPlayError, InvalidDealError, check_count, check_seat, check_seed, shown
from comet.events import Event, Kept, named
from comet.ledger import net
from comet.mechanics import Mechanics, Ordered
from comet.moves import Moves
from comet.outcome import END_PLAYING, Outcome
from comet.plays import CARDS, CLAIM, DISCARD, DRAW, KEEP, PASS, REDEAL, REDEAL_PLAY, Play
from comet.record import round_record
from comet.settlement import settle
from comet.state import PHASE_OVER, PHASE_PLAY, FrameValues, Initial, Setup, SetupPublic, frame_of
from comet.variant import Variant
from comet.variants import find_variant
from comet.view import RoundView

VariantLike = Union[Variant, str]


def resolve_variant(variant: VariantLike) -> Variant:
    return variant if isinstance(variant, Variant) else find_variant(variant)


class Round(Moves, Mechanics):
    """One deal.  Build it with :meth:`deal` or :meth:`from_hands`; drive it with
    :meth:`legal_plays`, :meth:`play` and :meth:`undo`; read :meth:`outcome`.

    Its fields are declared once, in :mod:`comet.state`, by how they change and who may see
    them; undo frames, copies and seat views are built from that declaration.
    """

    __slots__ = ()

    # ------------------------------------------------------------------ construction
    @classmethod
    def _new(cls, variant: Variant, hands: Sequence[Sequence[Card]], dead: Sequence[Card], *, dealer: int,
             leader: int, pack: str, seed: Any = None, dealt: bool = False, dead_comets: int = 0,
             talon: Sequence[Card] = ()) -> "Round":
        """A deal as it lies on the table, before anything is played."""
        sorted_hands = [sorted(h, key=sort_key) for h in hands]
        dead_cards = sorted(dead, key=sort_key)
        rnd = cls(variant, pack=pack, dealer=dealer, dead_comets=dead_comets, seed=seed, dealt=dealt,
                  initial=Initial(tuple(map(tuple, sorted_hands)), tuple(dead_cards), tuple(talon)),
                  turn=(leader, None, -1, 0, -1, variant.rules.turn_model == "H", -1, 0, 0, None, END_PLAYING,
                        PHASE_PLAY),  # a Turn's values
                  setup=Setup(sorted_hands, dead_cards, list(talon), [], [[] for _ in hands],
                              SetupPublic(leader, False, (), 0, 0, tuple(map(len, hands)))),
                  ledger=[], history=[], events=[], stack=[], rng=None)
        rnd._start()
        return rnd

    @classmethod
    def deal(
        cls,
        variant: VariantLike,
        players: int = 2,
        seed: Any = None,
        dealer: int = 0,
        *,
        pack: str | None = None,
        dead_comets: int = 0,
    ) -> "Round":
        """Shuffle with ``random.Random(seed)`` and deal as the variant says.

        Seat ``dealer + 1`` (eldest, in the direction of play) receives the first card and
        leads.  ``pack`` picks one of the variant's packs (``red``/``black`` in two-pack
        games); ``dead_comets`` counts the immediately preceding deals whose comet lay in
        the dead hand (the modern escalation, S0, AMB-18).
        """
        v = resolve_variant(variant)
        v.check_players(players)
        check_seat(dealer, players, "dealer")
        check_seed(seed), check_count(dead_comets, "dead_comets")
        pack_name = cls._check_pack(v, pack)
        cards = v.rules.pack(pack_name, players=players)
        shuffle(cards, random.Random(seed))
        eldest = (dealer + 1) % players
        hands, dead, talon = deal_cards(v, players, cards, eldest)
        return cls._new(v, hands, dead, dealer=dealer, leader=eldest, pack=pack_name, seed=seed, dealt=True,
                        dead_comets=dead_comets, talon=talon)

    @classmethod
    def from_hands(
        cls,
        variant: VariantLike,
        hands: Sequence[str | Iterable[str | Card]],
        leader: int = 0,
        dead: str | Iterable[str | Card] | None = None,
        *,
        pack: str | None = None,
        dealer: int | None = None,
        talon: str | Iterable[str | Card] | None = None,
        dead_comets: int = 0,
        seed: Any = None,
    ) -> "Round":
        """A round from given hands (``["7H 8D 9D", "KS QS"]``), ``leader`` to lead.

        Hands may be of any size (short hands make teaching examples).  The rest of the
        pack goes to the dead hand unless ``dead`` is given.  Cards the pack lacks, or too
        many copies, raise :class:`InvalidDealError` naming them.
        """
        v = resolve_variant(variant)
        pack_name = cls._check_pack(v, pack)
        if not isinstance(hands, (list, tuple)) or not hands:
            raise InvalidDealError("hands must be a list with one hand per player, e.g. ['7H 8D', 'KS QS']")
        parsed = [parse_cards(h) for h in hands]
        players = len(parsed)
        if players not in v.players:
            raise InvalidDealError(f"{v.id} is played by {v.players_words}; got {players} hands")
        check_seat(leader, players, "leader")
        if dealer is not None:
            check_seat(dealer, players, "dealer")
        check_seed(seed), check_count(dead_comets, "dead_comets")
        if any(not h for h in parsed):
            raise InvalidDealError("every player needs at least one card")
        pack_cards = v.rules.pack(pack_name, players=players)
        talon_cards = parse_cards(talon) if talon is not None else []
        used = [c for h in parsed for c in h] + talon_cards
        dead_cards = parse_cards(dead) if dead is not None else None
        if dead_cards is not None:
            used += dead_cards
        bad = check_subset(used, pack_cards)
        if bad:
            raise InvalidDealError(
                f"the {pack_name} pack of {v.id} lacks {cards_text(bad)} "
                f"(or holds fewer copies); its cards are {cards_text(sorted(set(pack_cards), key=sort_key))}"
            )
        if dead_cards is None:
            rest = list(pack_cards)
            for c in used:
                rest.remove(c)
            dead_cards = rest
        if dealer is None:
            dealer = (leader - 1) % players
        return cls._new(v, parsed, dead_cards, dealer=dealer, leader=leader, pack=pack_name, seed=seed,
                        dead_comets=dead_comets, talon=talon_cards)

    @staticmethod
    def _check_pack(v: Variant, pack: str | None) -> str:
        if pack is None:
            return v.rules.packs[0]
        if pack.__class__ is not str or pack not in v.rules.packs:
            raise InvalidDealError(f"{v.id} uses the packs {', '.join(v.rules.packs)}, not {shown(pack)}")
        return pack

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase is PHASE_OVER

    @property
    def pack(self) -> list[Card]:
        """The cards of the pack this deal uses (sorted)."""
        return list(self._pack)

    def legal_plays(self) -> list[Play]:
        """The plays the player to move may make (empty when the round is over)."""
        legal = self._legal
        if legal is None:
            if self.phase is PHASE_PLAY and self.to_play is not None:
                legal = self._legal = self._card_plays(self.to_play)
            else:
                legal = self._legal = self._generate()
        return legal[:]

    def is_legal(self, play: Play | str) -> bool:
        """Whether a play (or its text) is legal now; never raises."""
        try:
            self._check(play)
        except CometError:
            return False
        return True

    # ------------------------------------------------------------------ playing
    def play(self, play: Play | str) -> Play:
        """Make a play (a :class:`Play` or its text); return the play made.

        Raises :class:`InvalidPlayError` for text that is not a play and
        :class:`IllegalPlayError` for a play the rules forbid here; the message lists the
        legal plays and the round is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        for move in legal:  # plays are interned: identity is enough for the usual case
            if move is play:
                break
        else:
            move = self._check(play)
        # The undo frame, then the play (written here, not in a method of its own: the hottest path).
        seat = self.to_play
        assert seat is not None
        kind = move.kind
        frame: FrameValues  # a Frame's values, in its order (comet.state.FrameValues)
        if kind is CARDS or kind is PASS:  # only this seat's hand and the turn change
            frame = (seat, self.hands[seat], self._turn_values(), len(self.ledger), len(self._events), None, None)
        else:
            frame = (seat, self.hands[seat], self._turn_values(), len(self.ledger), len(self._events),
                     self._setup_values(), self._rng.getstate() if self._rng is not None else None)
        self._stack.append(frame)
        self.history.append((seat, move))
        self._legal = None
        if kind is CARDS:
            self._play_cards(seat, move)
        elif kind is PASS:
            self._pass(seat)
        elif kind is CLAIM:
            self._claim(seat)
        elif kind is DISCARD:
            self._discard(seat, move.cards[0])
        elif kind is DRAW:
            self._draw(seat)
        elif kind is REDEAL:
            self._redeal(seat)
        elif kind is KEEP:
            self._events.append(Kept(seat))
            self._begin_exchange()
        return move

    def redeal_from(self, order: Iterable[Card | str]) -> Play:
        """The first hand's ``redeal`` (1752, S0, S1), its new deal made from ``order``: every card of the
        deal (hands, dead hand, talon) in the order a shuffle would leave them, for a caller that deals
        the cards itself (OpenSpiel's chance nodes, :mod:`comet_openspiel.game`). Undone as any play."""
        self._check(REDEAL_PLAY)
        cards, here = parse_cards(order), [c for h in self.hands for c in h] + self.dead + self.talon
        if Counter(cards) != Counter(here):
            raise InvalidDealError(f"a redeal's order holds the deal's cards, each as often as the deal does: "
                                   f"{cards_text(sorted(here, key=sort_key))}")
        rng, self._rng = self._rng, Ordered(cards, self._rng)
        try:
            return self.play(REDEAL_PLAY)
        finally:
            self._rng = rng

    def _check(self, play: Play | str) -> Play:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if play.__class__ is Play and play in legal:  # identity first: interned plays
            return play
        # Play.parse raises InvalidPlayError for anything but a play or its text (e.g. an int)
        move = play if isinstance(play, Play) else Play.parse(play)
        for p in legal:
            if p == move:
                return p
        resolved = self._resolve(move, legal)
        if resolved is not None:
            return resolved
        raise IllegalPlayError(self._illegal_message(move))

    def _resolve(self, move: Play, legal_set: list[Play]) -> Play | None:
        """Accept a wild card written without what it stands for when only one reading is legal."""
        if move.kind is not CARDS or move.wild is not None:
            return None
        wilds = [c for c in move.cards if c in self.wilds]
        if len(wilds) != 1:
            return None
        same = [p for p in legal_set if p.kind is CARDS and sorted(map(str, p.cards)) == sorted(map(str, move.cards))]
        return same[0] if len(same) == 1 else None

    def _illegal_message(self, move: Play) -> str:
        legal = ", ".join(p.text for p in (self._legal or [])) or "nothing (the round is over)"
        if self.phase is PHASE_OVER:
            return f"{move} is not possible: the round is over"
        seat = self.to_play
        if move.kind is CARDS and seat is not None:
            missing = check_subset(list(move.cards), self.hands[seat])
            if missing:
                why = f"seat {seat} does not hold {cards_text(missing)}"
            elif self.targets is not None:
                why = f"the next card must be {self.describe_targets()}"
            else:
                why = "that is not a play this variant allows"
        elif move.kind is PASS:
            why = "a player who can go on must (or the leader must lead)"
        else:
            why = f"'{move}' is not possible now"
        return f"{move} is illegal for seat {seat}: {why}. Legal: {legal}"

    def describe_targets(self) -> str:
        """What may be played next, in words: ``"a 10"``, ``"the 8♥ or a 10"``, ``"any card"``."""
        if self.targets is None:
            return "any card (a new lead)"
        return " or ".join(Card(rank, suit).symbol if suit else a_rank(rank) for rank, suit in self.targets)

    def step_starts(self) -> list[int]:
        """Where each play's events begin in the event log (one index per play that can be
        undone), so that readers of the log need not know the undo frame."""
        return [frame_of(frame).events_len for frame in self._stack]

    def undo(self) -> Play:
        """Take back the last play and return it; raise ``IndexError`` if there is none."""
        if not self._stack:
            raise IndexError("nothing to undo: no play has been made in this round (or in this sample)")
        _, move = self.history.pop()
        seat, hand, turn, ledger_len, events_len, setup, rng_state = self._stack.pop()  # FrameValues
        self._restore_turn(turn)  # type: ignore[arg-type]  # a Turn's values, as the stack keeps them
        if setup is None:
            self.hands[seat] = hand
        else:
            self._restore_setup(setup)
            if rng_state is None:
                self._rng = None
            elif self._rng is not None:
                self._rng.setstate(rng_state)
        del self.ledger[ledger_len:]
        del self._events[events_len:]
        self._legal = None
        return move

    # ------------------------------------------------------------------ results
    def outcome(self) -> Outcome | None:
        """The result of the deal, or ``None`` while it is being played."""
        return settle(self) if self.phase is PHASE_OVER else None

    @property
    def events(self) -> list[Event]:
        """The event log, typed records of :mod:`comet.events` (told in sentences by
        :func:`comet_render.narrate.narrate`)."""
        return [named(e) for e in self._events]

    def view(self, seat: int) -> RoundView:
        """What ``seat`` may see: its own hand, the table, sizes of other hands (what a bot is given)."""
        return RoundView.of(self, seat)

    def record(self, comments: bool = True) -> str:
        """This deal in the text notation; :func:`comet.replay` reproduces it. ``comments``: each
        run's call after its last play (``; 7, 8, 9 without 10``), which replaying ignores."""
        return round_record(self, comments)

    def in_play_net(self) -> list[int]:
        return net(self.ledger, self.players)

    @property
    def initial_hands(self) -> list[list[Card]]:
        return [list(h) for h in self._initial.hands]

    @property
    def initial_dead(self) -> list[Card]:
        return list(self._initial.dead)

    @property
    def initial_talon(self) -> list[Card]:
        return list(self._initial.talon)

    @property
    def start_sizes(self) -> list[int]:
        return list(self.play_sizes)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.to_play} to play"
        return f"<Round {self.variant.id} {self.players}p, {state}, {len(self.history)} plays>"

    def _repr_html_(self) -> str | None:
        """The table as HTML, drawn by the renderer a layer above registered (:mod:`comet.display`)."""
        return render(self, "text/html")

    def hand_text(self, seat: int) -> str:
        return cards_text(self.hands[seat])

    def holds_wild(self, seat: int) -> bool:
        return any(w in self.hands[seat] for w in self.wilds)
