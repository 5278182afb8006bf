"""``Round``: one deal of any Comet variant, from the deal to the settlement.

One mechanism serves every variant (digest section 2.0):

* **what may be played next** is a tuple of *targets* ``(rank, suit)`` (``suit`` is ""
  when suits are ignored), or ``None`` after a stop, when the entitled player leads
  anything;
* **who plays next** follows the turn model: ``R`` (the player on turn runs on, then the
  turn passes in the play direction), ``H`` (whoever holds the next card plays it) or ``A``
  (Yanovsky: the players alternate, a lead of one card, then one play a turn, S2, PW);
* **stops**: a king, a wild card that stops, a hoc, a card whose successor is out of the
  pack (in-suit games), a card that stops by rule (Commit 1857's 7♦), or an incidental stop
  when nobody can go on; the player entitled
  (the one who stopped, or the last to play) leads anew;
* **wild cards** stand for a target (or any card on a lead) and then stop, continue the
  run, bridge a gap, or open a branch, as the variant says;
* **payments** in play go to the ledger; the settlement is computed by
  :mod:`comet.settlement` when a hand is empty.

The round is mutable with cheap ``undo`` (python-chess's push/pop); queries never mutate.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from itertools import combinations
from typing import TYPE_CHECKING, Any, Iterable, Sequence, Union

from comet.cards import KING, NINE, TEN, Card, a_rank, cards_text, check_subset, parse_cards, rank_text, sort_key
from comet.errors import CometError, IllegalPlayError, InvalidDealError
from comet.events import (
    Blanche,
    Blocked,
    Branched,
    Claimed,
    Dealt,
    Discarded,
    Drew,
    Event,
    Kept,
    Lapsed,
    Paid,
    Passed,
    Played,
    Redealt,
    Stopped,
    Switched,
    Unswitched,
    LoggedEvent,
    WentOut,
    named,
)
from comet.ledger import POOL, Payment, net
from comet.plays import (
    CARDS,
    CLAIM,
    CLAIM_PLAY,
    DISCARD,
    DRAW,
    DRAW_PLAY,
    KEEP,
    KEEP_PLAY,
    PASS,
    PASS_PLAY,
    REDEAL,
    REDEAL_PLAY,
    Play,
    discard,
    make_cards_play,
    SINGLES,
)
from comet.state import (
    ROUND_FIELDS,
    FrameValues,
    Target,
    copy_fields,
    frame_of,
    restore_setup,
    restore_turn,
    save_setup,
    save_turn,
)
from comet.variant import Rules, Variant

if TYPE_CHECKING:
    from comet.outcome import Outcome
    from comet.view import RoundView

VariantLike = Union[Variant, str]

PHASE_REDEAL, PHASE_EXCHANGE, PHASE_PLAY, PHASE_OVER = "redeal", "exchange", "play", "over"


def resolve_variant(variant: VariantLike) -> Variant:
    if isinstance(variant, Variant):
        return variant
    from comet.variants import find_variant

    return find_variant(variant)


class Round:
    """One deal.  Build it with :meth:`deal` or :meth:`from_hands`; drive it with
    :meth:`legal_plays`, :meth:`play` and :meth:`undo`; read :meth:`outcome`.

    Its fields are declared once, in :mod:`comet.state`, by how they change and who may see
    them; undo frames, copies and seat views are built from that declaration.
    """

    __slots__ = ROUND_FIELDS

    # ------------------------------------------------------------------ construction
    def __init__(
        self,
        variant: Variant,
        hands: Sequence[Sequence[Card]],
        dead: Sequence[Card],
        *,
        dealer: int,
        leader: int,
        pack: str,
        seed: Any = None,
        dealt: bool = False,
        dead_comets: int = 0,
        talon: Sequence[Card] = (),
    ) -> None:
        r = variant.rules
        n = len(hands)
        self.variant = variant
        self.rules: Rules = r
        self.players = n
        self.pack_name = pack
        self.seed = seed
        self.dealt = dealt
        self.dealer = dealer
        self.leader = leader
        self.dead_comets = dead_comets
        (self.wilds, self._wild_list, self._wild1, self._pack, self._pack_set, self._hocs,
         self._stop_cards) = _table_facts(r, pack, n)
        self._alternate = r.turn_model == "A"
        self._one_rank = self._alternate and r.turn_adds == "one_rank"
        self._initial = ([sorted(h, key=sort_key) for h in hands], sorted(dead, key=sort_key), list(talon))
        self._rng: random.Random | None = None  # the redeal's shuffle, made when first needed
        self._setup(self._initial[0], self._initial[1], list(talon))

    def _setup(self, hands: list[list[Card]], dead: list[Card], talon: list[Card]) -> None:
        r = self.rules
        n = self.players
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self.dead: list[Card] = list(dead)
        self.talon: list[Card] = list(talon)
        self.set_aside: list[Card] = []
        self.discards: list[list[Card]] = [[] for _ in range(n)]
        self.history: list[tuple[int, Play]] = []
        self.ledger: list[Payment] = []
        self._events: list[LoggedEvent] = []
        self._stack: list[FrameValues] = []
        self._voids: tuple[frozenset[Target], ...] = ()
        self._legal: list[Play] | None = None
        self.targets: tuple[Target, ...] | None = None
        self.last = -1
        self.passes = 0
        self.claim_seat = -1
        self.h_mode = r.turn_model == "H"
        self.streak_seat = -1
        self.streak_len = 0
        self.cards_played = 0
        self.winner: int | None = None
        self.end = ""
        self.redealt = False
        self.exchange_order: list[int] = []
        self.exchange_index = 0
        self.exchange_count = 0
        self.comet_value = r.wild_pay + r.wild_pay_step * self.dead_comets
        self.play_sizes: list[int] = [len(h) for h in self.hands]
        self._events.append(Dealt(self.dealer, self.leader))
        if r.ante:
            for seat in range(n):
                self._pay(seat, POOL, r.ante, "ante to the pool")
        if r.redeal_right and not self.redealt:
            self.phase = PHASE_REDEAL
            self.to_play: int | None = self.leader
            return
        self._begin_exchange()

    def _begin_exchange(self) -> None:
        allowances = self.rules.exchange.get(self.players, ())
        if any(allowances) and self.talon:
            self.phase = PHASE_EXCHANGE
            self.exchange_order = [(self.leader + i) % self.players for i in range(self.players)]
            self.exchange_index = 0
            self.exchange_count = 0
            self.to_play = self.exchange_order[0]
            return
        self._begin_play()

    def _begin_play(self) -> None:
        self.phase = PHASE_PLAY
        self.dead.extend(self.talon)
        self.talon = []
        self.play_sizes = [len(h) for h in self.hands]
        if self.rules.carte_blanche:
            self._declare_cartes_blanches()
        self.targets = None
        self.to_play = self.leader

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
        r = v.rules
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise InvalidDealError(f"dealer must be a seat 0..{players - 1}, not {dealer!r}")
        pack_name = cls._check_pack(v, pack)
        cards = r.pack(pack_name, players=players)
        shuffle(cards, random.Random(seed))
        size = v.deal_size(players)
        eldest = (dealer + 1) % players
        hands: list[list[Card]] = [[] for _ in range(players)]
        dealt_to = players + 1 if r.spare_hand else players
        spare: list[Card] = []
        if r.spare_hand and not r.excess_to_spare:
            # Commit 1857: deal round-robin as far as the cards go, one hand being the spare.
            for i, card in enumerate(cards):
                k = i % dealt_to
                if k == dealt_to - 1:
                    spare.append(card)
                else:
                    hands[(eldest + k) % players].append(card)
            return cls(v, hands, spare, dealer=dealer, leader=eldest, pack=pack_name, seed=seed, dealt=True,
                       dead_comets=dead_comets)
        pos = size * players
        for k in range(players):  # one card at a time, round the table from the eldest
            hands[(eldest + k) % players] = cards[k:pos:players]
        rest = cards[pos:]
        talon: list[Card] = []
        if r.exchange.get(players):
            talon, rest = rest, []
        return cls(v, hands, rest, dealer=dealer, leader=eldest, pack=pack_name, seed=seed, dealt=True,
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
        r = v.rules
        pack_name = cls._check_pack(v, pack)
        if isinstance(hands, str) or not hands:
            raise InvalidDealError("hands must be a list with one hand per player, e.g. ['7H 8D', 'KS QS']")
        parsed = [parse_cards(h) for h in hands]
        players = len(parsed)
        if players not in v.players:
            raise InvalidDealError(
                f"{v.id} is played by {v.players_words}; got {players} hands"
            )
        if not isinstance(leader, int) or not 0 <= leader < players:
            raise InvalidDealError(f"leader must be a seat 0..{players - 1}, not {leader!r}")
        if any(not h for h in parsed):
            raise InvalidDealError("every player needs at least one card")
        pack_cards = r.pack(pack_name, players=players)
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
        return cls(v, parsed, dead_cards, dealer=dealer, leader=leader, pack=pack_name, seed=seed,
                   dead_comets=dead_comets, talon=talon_cards)

    @staticmethod
    def _check_pack(v: Variant, pack: str | None) -> str:
        if pack is None:
            return v.rules.packs[0]
        if pack not in v.rules.packs:
            raise InvalidDealError(f"{v.id} uses the packs {', '.join(v.rules.packs)}, not {pack!r}")
        return pack

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def pack(self) -> list[Card]:
        """The cards of the pack this deal uses (sorted)."""
        return list(self._pack)

    def legal_plays(self) -> list[Play]:
        """The plays the player to move may make (empty when the round is over)."""
        legal = self._legal
        if legal is None:
            if self.phase == PHASE_PLAY and self.to_play is not None:
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

    def _generate(self) -> list[Play]:
        seat = self.to_play
        if seat is None:
            return []
        phase = self.phase
        if phase == PHASE_PLAY:
            return self._card_plays(seat)
        if phase == PHASE_REDEAL:
            return [KEEP_PLAY, REDEAL_PLAY]
        if phase == PHASE_EXCHANGE:
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
                        add(_wild_play(w, rank, suit))
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
                        add(_wild_play(w, rank, suit))
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
        key = (same, tuple(my_wilds), rank, self.rules.groups, self.rules.nine_group)
        found = _GROUPS.get(key)
        if found is None:
            found = _GROUPS[key] = _groups(same, my_wilds, rank, self.rules)
        plays.extend(found)

    def _one_rank_plays(self, hand: list[Card], rank: int, plays: list[Play]) -> None:
        """Alternate turns, one rank a turn (Yanovsky, S2, PW): two or more cards of ``rank`` at once
        ("any number of the proper rank", PW's "four 8s on a 7"); the singles are listed already."""
        same = tuple(c for c in hand if c.rank == rank and c not in self.wilds)
        found = _ONE_RANK.get(same)
        if found is None:
            combos = {make_cards_play(combo, None, rank) for size in range(2, len(same) + 1)
                      for combo in combinations(same, size)}
            found = _ONE_RANK[same] = sorted(combos, key=lambda p: p.text)
        plays.extend(found)

    def _lead_nominations(self) -> list[Target]:
        """What a wild card may stand for on a lead: any card of the pack (in-suit games), else any rank."""
        key = (self._pack_set, self.wilds, self.rules.in_suit)
        found = _NOMINATIONS.get(key)
        if found is None:
            if self.rules.in_suit:
                found = sorted({(c.rank, c.suit) for c in self._pack_set if c not in self.wilds})
            else:
                found = [(rank, "") for rank in sorted({c.rank for c in self._pack_set if c not in self.wilds})]
            _NOMINATIONS[key] = found
        return found

    def _nobody_holds(self, targets: tuple[Target, ...]) -> bool:
        """True when no live hand holds a natural card of the targets (Commit's bridge)."""
        for hand in self.hands:
            for c in hand:
                for rank, suit in targets:
                    if c.rank == rank and (not suit or c.suit == suit) and c not in self.wilds:
                        return False
        return True

    def _allowance(self) -> int:
        allowances = self.rules.exchange.get(self.players, ())
        return allowances[self.exchange_index] if self.exchange_index < len(allowances) else 0

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
            frame = (seat, self.hands[seat], save_turn(self), len(self.ledger), len(self._events), None, None)
        else:
            frame = (seat, self.hands[seat], save_turn(self), len(self.ledger), len(self._events),
                     save_setup(self), self._rng.getstate() if self._rng is not None else None)
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
        if move.kind != CARDS or move.wild is not None:
            return None
        wilds = [c for c in move.cards if c in self.wilds]
        if len(wilds) != 1:
            return None
        same = [p for p in legal_set if p.kind == CARDS and sorted(map(str, p.cards)) == sorted(map(str, move.cards))]
        return same[0] if len(same) == 1 else None

    def _illegal_message(self, move: Play) -> str:
        legal = ", ".join(p.text for p in (self._legal or [])) or "nothing (the round is over)"
        if self.phase == PHASE_OVER:
            return f"{move} is not possible: the round is over"
        seat = self.to_play
        why = ""
        if move.kind == CARDS and seat is not None:
            missing = check_subset(list(move.cards), self.hands[seat])
            if missing:
                why = f"seat {seat} does not hold {cards_text(missing)}"
            elif self.targets is not None:
                why = f"the next card must be {self.describe_targets()}"
            else:
                why = "that is not a play this variant allows"
        elif move.kind == PASS:
            why = "a player who can go on must (or the leader must lead)"
        else:
            why = f"'{move}' is not possible now"
        return f"{move} is illegal for seat {seat}: {why}. Legal: {legal}"

    def describe_targets(self) -> str:
        """What may be played next, in words: ``"a 10"``, ``"the 8♥ or a 10"``, ``"any card"``."""
        if self.targets is None:
            return "any card (a new lead)"
        words = []
        for rank, suit in self.targets:
            if suit:
                words.append(str(Card(rank, suit).symbol))
            else:
                words.append(a_rank(rank))
        return " or ".join(words)

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
        restore_turn(self, turn)
        if setup is None:
            self.hands[seat] = hand
        else:
            restore_setup(self, setup)
            if rng_state is None:
                self._rng = None
            elif self._rng is not None:
                self._rng.setstate(rng_state)
        del self.ledger[ledger_len:]
        del self._events[events_len:]
        self._legal = None
        return move

    # ------------------------------------------------------------------ mechanics
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
        events.append((seat, move, "play"))  # a Played record's values (comet.events.LoggedEvent)
        stop = ""
        if wild is not None:
            if r.wild_pay:
                if r.wild_claim == "claim" and hand:
                    self.claim_seat = seat
                elif r.wild_claim == "claim":
                    # Going out with the manille: no later card can make the claim lapse (our reading).
                    self._pay_each(seat, self.comet_value, "went out with the manille (claim stands)")
                else:
                    self._pay_each(seat, self.comet_value, f"played the {self._wild_name(wild)}")
            if r.wild_mode == "stop":
                stop = "comet"
            elif rank == KING:
                stop = "king"
            if r.switch_to_h_on_wild and not self.h_mode:
                self.h_mode = True
                events.append(Switched(seat))
        elif rank == KING and r.king_stops:
            stop = "hoc" if r.hoc_mode == "stop_anytime" else "king"
        elif self._hocs and r.hoc_mode == "stop_anytime" and cards[0] in self._hocs:
            stop = "hoc"
        elif r.in_suit and rank < KING and Card(rank + 1, cards[0].suit) not in self._pack_set:
            stop = "card"
        elif self._stop_cards and cards[0] in self._stop_cards:
            stop = "fixed"
        if r.card_pay:
            for c in move.naturals:
                if c.rank in r.card_pay_ranks:
                    self._pay_each(seat, r.card_pay, f"played {c.symbol}")
        if r.hoc_pay:
            for c in cards:
                if c in self._hocs:
                    self._pay_each(seat, r.hoc_pay, f"hoc! ({c.symbol})")
        if stop == "king" and r.king_stop_pay:
            self._pay_each(seat, r.king_stop_pay, "stopped with a king")
        if not hand:
            self._finish(seat, "out")
            return
        if stop:
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

    def _wild_name(self, wild: Card) -> str:
        return "manille" if self.rules.wild_claim == "claim" else "comet" if wild.rank != 0 else "comet (joker)"

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
        self._stop(self.last, "incidental")

    def _pass(self, seat: int) -> None:
        # A pass is not a card played: the manille's claim stays open (S0, S1; it lapses in _play_cards).
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
            self._stop(self.last, "incidental")
            return
        nxt = (seat + 1) % n
        if nxt == self.last:
            self._stop(self.last, "incidental")
        else:
            self.to_play = nxt

    def _stop(self, seat: int, reason: str) -> None:
        r = self.rules
        if reason == "incidental" and r.incidental_stop_pay:
            self._pay_each(seat, r.incidental_stop_pay, "nobody could go on (incidental stop)")
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
        self._pay_each(seat, self.comet_value, "claimed the manille")

    def _finish(self, seat: int, how: str) -> None:
        if self.claim_seat >= 0:
            self.claim_seat = -1
        self.winner = seat
        self.end = how
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
        self.end = "blocked"
        self.phase = PHASE_OVER
        self.to_play = None
        self._events.append(Blocked(tuple(counts)))

    def _count(self, hand: Sequence[Card]) -> int:
        return len(hand) if self.rules.count == "cards" else sum(c.pips for c in hand)

    def _pay_each(self, payee: int, amount: int, reason: str) -> None:
        """Each opponent of ``payee`` pays it: every other player, or the other side when four play
        in partnerships (a partner never pays, S0, S1: the side collects from its opponents)."""
        sides = self.rules.partnerships and self.players == 4
        for s in range(self.players):
            if s != payee and not (sides and s % 2 == payee % 2):
                self._pay(s, payee, amount, reason)

    def _pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        p = Payment(payer, payee, amount, reason)
        self.ledger.append(p)
        self._events.append((p, "pay"))  # a Paid record's values

    # ------------------------------------------------------------------ before play
    def _redeal(self, seat: int) -> None:
        """The 1752 first hand's right to demand a new deal (S0, S1); used once."""
        self._events.append(Redealt(seat))
        cards = [c for h in self.hands for c in h] + self.dead + self.talon
        if self._rng is None:
            self._rng = random.Random(f"{self.seed}/redeal" if self.seed is not None else "redeal")
        self._rng.shuffle(cards)
        sizes = [len(h) for h in self.hands]  # each hand keeps its size (a custom deal may have unequal ones)
        n = self.players
        hands: list[list[Card]] = [[] for _ in range(n)]
        pos = 0
        for _ in range(max(sizes)):  # one card at a time round the table from the first hand
            for k in range(n):
                seat = (self.leader + k) % n
                if len(hands[seat]) < sizes[seat]:
                    hands[seat].append(cards[pos])
                    pos += 1
        rest = cards[pos:]
        self.hands = [sorted(h, key=sort_key) for h in hands]
        if self.talon:
            self.talon, self.dead = rest[: len(self.talon)], rest[len(self.talon):]
        else:
            self.dead = sorted(rest, key=sort_key)
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
        """Carte blanche: a dealt hand without J, Q or K (our reading, as in Piquet), S0, S1."""
        amount = self.rules.carte_blanche
        for seat, hand in enumerate(self.hands):
            if not any(c.rank > TEN and c not in self.wilds for c in hand):
                with_comet = any(c in self.wilds for c in hand)
                self._events.append(Blanche(seat, with_comet))
                self._pay_each(seat, amount * (2 if with_comet else 1),
                               "carte blanche" + (" with the comet" if with_comet else ""))

    # ------------------------------------------------------------------ results
    def outcome(self) -> "Outcome | None":
        """The result of the deal, or ``None`` while it is being played."""
        if self.phase != PHASE_OVER:
            return None
        from comet.settlement import settle

        return settle(self)

    @property
    def events(self) -> list[Event]:
        """The event log, typed records of :mod:`comet.events` (told in sentences by
        :func:`comet_render.narrate.narrate`)."""
        return [named(e) for e in self._events]

    def view(self, seat: int) -> "RoundView":
        """What ``seat`` may see: its own hand, the table, sizes of other hands."""
        from comet.view import RoundView

        return RoundView.of(self, seat)

    def record(self, comments: bool = True) -> str:
        """This deal in the text notation; :func:`comet.replay` reproduces it. ``comments``: each
        run's call after its last play (``; 7, 8, 9 without 10``), which replaying ignores."""
        from comet.notation import round_record

        return round_record(self, comments)

    def copy(self) -> "Round":
        """An independent copy (for agents that search)."""
        other = object.__new__(Round)
        copy_fields(self, other)
        return other

    def in_play_net(self) -> list[int]:
        return net(self.ledger, self.players)

    @property
    def initial_hands(self) -> list[list[Card]]:
        return [list(h) for h in self._initial[0]]

    @property
    def initial_dead(self) -> list[Card]:
        return list(self._initial[1])

    @property
    def initial_talon(self) -> list[Card]:
        return list(self._initial[2])

    @property
    def start_sizes(self) -> list[int]:
        return list(self.play_sizes)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.to_play} to play"
        return f"<Round {self.variant.id} {self.players}p, {state}, {len(self.history)} plays>"

    def _repr_html_(self) -> str | None:
        """The table as HTML, drawn by the renderer a layer above registered (:mod:`comet.display`)."""
        from comet.display import render

        return render(self, "text/html")

    def hand_text(self, seat: int) -> str:
        return cards_text(self.hands[seat])

    def holds_wild(self, seat: int) -> bool:
        return any(w in self.hands[seat] for w in self.wilds)


_NO_CARDS: list[Card] = []
_END: list[Card] = [Card.parse("JK")]
"""Closes a scan of a hand by rank: the joker sorts last and makes no group, so the scan
always ends the last rank's count (only a hand's own joker, never in a group, runs into it)."""


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle in place exactly as ``rng.shuffle(cards)`` does (CPython's Fisher-Yates with
    ``getrandbits``), written out: the same deal for a seed on every Python, in fewer calls."""
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(cards))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(cards)] = [(i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1)]
    for i, n, k in steps:  # swap position i with one drawn below n = i + 1, from k random bits
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


_SHUFFLE_STEPS: dict[int, list[tuple[int, int, int]]] = {}
"""The shuffle's steps for each pack size."""


TableFacts = tuple[frozenset[Card], list[Card], "Card | None", list[Card], frozenset[Card], frozenset[Card],
                   frozenset[Card]]
"""A deal's fixed facts: its wild cards (a set, a sorted list, the one wild card or ``None``), its
pack (sorted, and as a set), its hocs and its cards that stop (shared by every round that has them:
never edited)."""
_FACTS: dict[tuple[int, str, int], tuple[Rules, TableFacts]] = {}


def _table_facts(rules: Rules, pack: str, players: int) -> TableFacts:
    """The fixed facts of a deal of ``rules`` with ``pack`` for ``players``, made once for each."""
    key = (id(rules), pack, players)
    found = _FACTS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    if len(_FACTS) > 512:  # rules made for options come and go: keep the table small
        _FACTS.clear()
    wilds = rules.wild_cards(pack)
    wild_list = sorted(wilds, key=sort_key)
    cards = rules.pack(pack, players=players)
    facts: TableFacts = (wilds, wild_list, wild_list[0] if len(wild_list) == 1 else None, cards, frozenset(cards),
                         _hoc_cards(rules.hoc_cards), _hoc_cards(rules.stop_cards))
    _FACTS[key] = (rules, facts)
    return facts


def _hoc_cards(texts: tuple[str, ...]) -> frozenset[Card]:
    return frozenset(Card.parse(t) for t in texts) if texts else frozenset()
_NEXT: list[tuple[Target, ...]] = [((rank + 1, ""),) for rank in range(14)]
"""The usual target after a card of each rank, suits ignored (shared tuples)."""
_WILD_PLAYS: dict[tuple[Card, int, str], Play] = {}
_NOMINATIONS: dict[tuple[frozenset[Card], frozenset[Card], bool], list[Target]] = {}
_ONE_RANK: dict[tuple[Card, ...], list[Play]] = {}
"""Yanovsky's plays of two or more cards of one rank, by the cards of that rank in hand (cached)."""


def _wild_play(wild: Card, rank: int, suit: str) -> Play:
    """The (cached) play of a wild card standing for ``rank`` (and ``suit`` in suit games)."""
    key = (wild, rank, suit)
    play = _WILD_PLAYS.get(key)
    if play is None:
        play = _WILD_PLAYS[key] = make_cards_play((wild,), wild, rank, suit)
    return play


def _groups(same: tuple[Card, ...], my_wilds: list[Card], rank: int, rules: Rules) -> list[Play]:
    """The group plays of ``rank`` made of its natural cards ``same`` and the wild cards held."""
    groups = rules.groups
    k = len(same)
    if k < 2 and not (k and my_wilds and rank == NINE):
        return []
    found: set[Play] = set()
    if "four" in groups and k >= 4:
        found.add(make_cards_play(same[:4], None, rank))
    if "kings" in groups and rank == KING:
        for size in (2, 3):
            for combo in combinations(same, size):
                found.add(make_cards_play(combo, None, rank))
    if "nines" in groups and rank == NINE:
        if k >= 3:
            for combo in combinations(same, 3):
                found.add(make_cards_play(combo, None, rank))
                for w in my_wilds:
                    found.add(make_cards_play(combo + (w,), w, rank))
        if rules.nine_group == "both":
            for combo in combinations(same, 2):
                for w in my_wilds:
                    found.add(make_cards_play(combo + (w,), w, rank))
    return sorted(found, key=lambda p: p.text)


_GROUPS: dict[tuple[object, ...], list[Play]] = {}
"""Group plays by the natural cards of their rank in hand, the wild cards held and the rules' groups (cached)."""

