"""Rounds sampled from a seat's view (:meth:`RoundView.determinize`), and what the event log shows
of the hidden cards: the plays, each seat's voids.

A sample is a whole deal consistent with everything the seat saw: its own hand as dealt (and, in
an exchange, the cards it drew and saw), every public play, the voids those plays showed. The
cards it has not seen are dealt at random among the other hands, their discards and set-aside
cards, and the dead hand or the talon, so that the sample's first deal (``Round.initial_hands``,
the talon in its order) plays out, play by play, to the position seen.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Iterable

from comet.cards import Card, sort_key
from comet.events import Discarded, Drew, Event, LoggedEvent
from comet.plays import CARDS, CLAIM_PLAY, DRAW_PLAY, KEEP_PLAY, PASS_PLAY, REDEAL_PLAY, Play, Target, discard
from comet.state import Initial, Phase, Setup
from comet.variant import Rules

if TYPE_CHECKING:
    from comet.round import Round
    from comet.view import RoundView

Voids = tuple[frozenset[Target], ...]


def determinize(view: "RoundView", rng: random.Random, tries: int) -> "Round":
    """See :meth:`RoundView.determinize`."""
    world = _sample(view, rng)
    if not _needs_replay(view):
        return world
    for _ in range(tries - 1):
        if _replays(view, world):
            return world
        world = _sample(view, rng)
    return world


def _sample(view: "RoundView", rng: random.Random) -> "Round":
    pub = view.public
    pass_on = pub.rules.leftovers_pass_on
    unseen = view.unseen()
    if pass_on:
        unseen.extend(view.seen_aside)
    rng.shuffle(unseen)
    hands = _deal_hidden(view, unseen, rng)
    pos = sum(len(h) for s, h in enumerate(hands) if s != view.seat)

    def take(k: int) -> list[Card]:
        nonlocal pos
        got = unseen[pos:pos + k]
        pos += k
        return got

    # Other players' discards and the talon cards they saw and set aside (exchange, S2).
    hidden_discards: dict[int, list[Card]] = {}
    hidden_left: dict[int, list[Card]] = {}
    for e in view.events:
        if isinstance(e, Discarded) and e.card is None:
            hidden_discards.setdefault(e.seat, []).extend(take(1))
        elif isinstance(e, Drew) and e.seat != view.seat and e.left:
            hidden_left[e.seat] = unseen[pos:pos + len(e.left)] if pass_on else take(len(e.left))
    rest = unseen[pos:]
    queue = {s: list(cards) for s, cards in hidden_discards.items()}
    events: list[Event] = []
    for e in view.events:  # the full log, other players' hidden cards filled in from the sample
        if isinstance(e, Discarded) and e.card is None:
            e = Discarded(e.seat, queue[e.seat].pop(0))
        elif isinstance(e, Drew) and e.seat != view.seat:
            e = Drew(e.seat, e.taken, tuple(hidden_left.get(e.seat, ())))
        events.append(e)
    exchanging = pub.turn.phase is Phase.EXCHANGE  # the talon: the cards still to be drawn
    discards = [list(view.own_discards) if s == view.seat else list(hidden_discards.get(s, ()))
                for s in range(view.players)]
    setup = Setup(hands, [] if exchanging else sorted(rest, key=sort_key), list(rest) if exchanging else [],
                  [] if pass_on else list(view.seen_aside) + [c for s in sorted(hidden_left) for c in hidden_left[s]],
                  discards, pub.setup)
    plays = plays_of(events)
    log: list[LoggedEvent] = [*events]
    return view._round_class(
        pub.variant, pack=pub.pack_name, dealer=pub.dealer, dead_comets=pub.dead_comets, seed=None, dealt=False,
        initial=_first_deal(view, hands, discards, events, rest, rng), turn=pub.turn, setup=setup,
        ledger=list(view.ledger), history=[(s, p) for s, p in plays if p is not None], events=log, stack=[],
        rng=random.Random(rng.random()))


def _first_deal(view: "RoundView", hands: list[list[Card]], discards: list[list[Card]], events: list[Event],
                rest: list[Card], rng: random.Random) -> Initial:
    """The deal a sample began with: each hand as dealt (the viewer's as it was; before a redeal,
    the others' at random from the cards it did not hold), the talon in order, the dead hand."""
    players, seat = view.players, view.seat
    held = [list(h) for h in hands]  # every card each seat has held since the deal (or the redeal)
    for s, play in view.table:
        held[s].extend(play.cards)
    if view.public.setup.redealt:  # before the redeal: the viewer's own first hand, the rest at random
        pool = list((Counter(view.public.variant.rules.pack(view.public.pack_name, players=players))
                     - Counter(view.dealt)).elements())
        rng.shuffle(pool)
        first, pos = [], 0
        for s in range(players):
            if s == seat:
                first.append(list(view.dealt))
            else:
                first.append(pool[pos:pos + len(held[s])])
                pos += len(held[s])
        return Initial(tuple(tuple(sorted(h, key=sort_key)) for h in first), tuple(sorted(pool[pos:], key=sort_key)), ())
    shares: list[Card] = []
    for e in events:  # the talon, share by share, in the order of the exchange (S2): the cards drawn, then those left
        if isinstance(e, Drew):
            if e.seat == seat:
                drawn = list((Counter(held[seat]) + Counter(discards[seat]) - Counter(view.dealt)).elements())
            else:
                drawn = rng.sample(held[e.seat], e.taken)
            shares += drawn + [c for c in e.left if c is not None]
            held[e.seat] = list((Counter(held[e.seat]) - Counter(drawn)).elements())
    first_hands = tuple(tuple(sorted(h + d, key=sort_key)) for h, d in zip(held, discards))
    if view.rules.exchange.get(players):
        return Initial(first_hands, (), tuple(shares + rest))
    return Initial(first_hands, tuple(sorted(rest, key=sort_key)), ())


def _needs_replay(view: "RoundView") -> bool:
    """Whether public play can reveal hidden cards (turns by holding, the bridge, carte blanche)."""
    r = view.rules
    if view.phase not in (Phase.PLAY, Phase.OVER) or not view.table and not r.carte_blanche:
        return False
    return bool(r.turn_model == "H" or r.switch_to_h_on_wild or r.wild_mode == "bridge" or r.carte_blanche)


def _replays(view: "RoundView", world: "Round") -> bool:
    """Replay the card play on ``world``'s hands as dealt for play: same turns, plays, payments?"""
    start = [list(h) for h in world.hands]
    for s, play in view.table:
        start[s].extend(play.cards)
    # The plays since the card play began (after any redeal or exchange).
    moves = list(world.history)
    first = 0
    for i, (_, play) in enumerate(moves):
        if play.kind is not CARDS and play is not PASS_PLAY and play is not CLAIM_PLAY:
            first = i + 1
    pub = view.public
    probe = view._round_class._new(view.variant, start, list(world.dead), dealer=pub.dealer, leader=pub.setup.leader,
                                   pack=pub.pack_name, dead_comets=pub.dead_comets)
    if probe.phase is not Phase.PLAY:
        probe._begin_play()
    if probe.to_play != pub.setup.leader:
        return False
    for s, play in moves[first:]:
        if probe.to_play != s or not probe.is_legal(play):
            return False
        probe.play(play)
    if probe.to_play != view.to_play:
        return False
    if view.to_play == view.seat and tuple(probe.legal_plays()) != view.legal:
        return False
    return probe.in_play_net() == world.in_play_net()


def _deal_hidden(view: "RoundView", unseen: list[Card], rng: random.Random) -> list[list[Card]]:
    """The other players' hands from the shuffled ``unseen`` cards, ``unseen`` left with the hands'
    cards first (in seat order) and the rest after them.

    With no void to respect, each seat takes the next cards in turn. Otherwise the cards fewest
    seats may hold are placed first, each with a seat that may hold it or among the rest (the
    dead hand, discards), at random in proportion to the room left in each: a deal that fits
    every void is found whenever the first cards placed leave room for one (a card no seat with
    room may hold goes to any seat with room)."""
    seat, sizes, voids, wilds = view.seat, view.hand_sizes, view.voids, view.wilds
    hands: list[list[Card]] = [list(view.hand) if s == seat else [] for s in range(view.players)]
    others = [s for s in range(view.players) if s != seat]
    if not any(voids[s] for s in others):
        pos = 0
        for s in others:
            hands[s] = sorted(unseen[pos:pos + sizes[s]], key=sort_key)
            pos += sizes[s]
        return hands
    room = {s: sizes[s] for s in others}
    room[-1] = len(unseen) - sum(sizes[s] for s in others)  # -1: the rest
    holders = [[s for s in others if c in wilds or ((c.rank, "") not in voids[s] and (c.rank, c.suit) not in voids[s])]
               + [-1] for c in unseen]
    rest: list[Card] = []
    for i in sorted(range(len(unseen)), key=lambda i: len(holders[i])):  # stable: the shuffle breaks ties
        places = [s for s in holders[i] if room[s]] or [s for s in others if room[s]]
        pick = rng.random() * sum(room[s] for s in places)
        for s in places:
            pick -= room[s]
            if pick < 0:
                break
        room[s] -= 1
        (rest if s < 0 else hands[s]).append(unseen[i])
    for s in others:
        hands[s].sort(key=sort_key)
    unseen[:] = [c for s in others for c in hands[s]] + rest
    return hands


# ---------------------------------------------------------------------- what the log shows
def masked(e: Event, seat: int) -> Event:
    """An event as ``seat`` sees it: other players' discards and the talon cards they saw, hidden."""
    if isinstance(e, Discarded) and e.seat != seat:
        return Discarded(e.seat, None)
    if isinstance(e, Drew) and e.seat != seat:
        return Drew(e.seat, e.taken, (None,) * len(e.left))
    return e


_WORD_PLAYS = {"pass": PASS_PLAY, "claim": CLAIM_PLAY, "keep": KEEP_PLAY, "redeal": REDEAL_PLAY, "draw": DRAW_PLAY}


def plays_of(events: Iterable[Event]) -> list[tuple[int, Play | None]]:
    """Every play of a deal, read from its log (each play logs one record; a hidden discard: ``None``)."""
    out: list[tuple[int, Play | None]] = []
    for e in events:
        kind = e.kind
        if kind == "play":
            out.append((e.seat, e.play))  # type: ignore[union-attr]
        elif kind == "discard":
            card = e.card  # type: ignore[union-attr]
            out.append((e.seat, discard(card) if card is not None else None))  # type: ignore[union-attr]
        elif kind in _WORD_PLAYS:
            out.append((e.seat, _WORD_PLAYS[kind]))  # type: ignore[union-attr]
    return out


def voids_of(log: Iterable[LoggedEvent], rules: Rules, players: int) -> Voids:
    """The targets each seat publicly showed it holds no natural card of (see ``RoundView.voids``),
    read from the event log: each pass and card play with what was needed then (``Passed`` and
    ``Played`` carry it), the turn model of the moment (``Switched``, ``Unswitched``) and the
    last seat to play a card."""
    voids: list[set[Target]] = [set() for _ in range(players)]
    h_mode = rules.turn_model == "H"
    bridge = rules.wild_mode == "bridge"
    last = -1
    entry: tuple[Any, ...]
    for entry in log:
        kind = entry[-1]
        if kind == "play" or kind == "pass":
            seat, targets = entry[0], entry[2] if kind == "play" else entry[1]
            if targets is not None:
                if kind == "pass" and (rules.must_extend if last == seat else rules.must_follow):
                    voids[seat].update(targets)
                if h_mode and last >= 0:
                    s = last
                    while s != seat:  # the holder of the next card plays it: those before it hold none
                        voids[s].update(targets)
                        s = (s + 1) % players
                if kind == "play" and bridge and entry[1].wild is not None:
                    for s in range(players):  # a bridge only spans a gap nobody can fill (Commit 1857)
                        voids[s].update(targets)
            if kind == "play":
                last = seat
        elif kind == "switch":
            h_mode = True
        elif kind == "unswitch":
            h_mode = False
    return tuple(frozenset(v) for v in voids)
