"""Property tests over every variant and every allowed player count (hypothesis).

Random seeds and random legal plays: cards are conserved, payments are zero-sum, games
terminate, ``undo`` restores the exact state, records replay identically, illegal plays
raise the right error and leave the round unchanged, views hide other hands, and
``determinize`` keeps the viewer's view and legal plays.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.budget import budget

import comet
from comet import IllegalPlayError, InvalidPlayError, Match, Round
from comet_render.narrate import narrate

CASES = [(vid, n) for vid, v in comet.VARIANTS.items() for n in v.players]
MAX_MOVES = 3000

case = st.sampled_from(CASES)
seeds = st.integers(0, 2**32 - 1)
FAST = budget(120)


def random_game(vid: str, n: int, seed: int, pick: int, limit: int = MAX_MOVES) -> Round:
    rnd = Round.deal(vid, players=n, seed=seed)
    rng = random.Random(pick)
    moves = 0
    while not rnd.is_over:
        legal = rnd.legal_plays()
        assert legal, f"{vid} {n}p seed {seed}: not over but no legal play"
        rnd.play(rng.choice(legal))
        moves += 1
        assert moves <= limit, f"{vid} {n}p seed {seed}: no end after {limit} moves"
    return rnd


def all_cards(rnd: Round) -> Counter[Any]:
    cards: Counter[Any] = Counter()
    for h in rnd.hands:
        cards.update(h)
    cards.update(rnd.dead)
    cards.update(rnd.talon)
    cards.update(rnd.set_aside)
    for d in rnd.discards:
        cards.update(d)
    for _, play in rnd.history:
        if play.kind == "cards":
            cards.update(play.cards)
    return cards


def snapshot(rnd: Round) -> tuple[Any, ...]:
    return (
        [list(h) for h in rnd.hands], list(rnd.dead), list(rnd.talon), list(rnd.set_aside),
        [list(d) for d in rnd.discards], rnd.to_play, rnd.targets, rnd.phase,
        [p.text for p in rnd.legal_plays()], list(rnd.ledger), narrate(rnd), rnd.is_over,
        list(rnd.history), rnd.leader,
    )


@FAST
@given(case, seeds, seeds)
def test_cards_conserved_and_payments_zero_sum(c: tuple[str, int], seed: int, pick: int) -> None:
    vid, n = c
    rnd = Round.deal(vid, players=n, seed=seed)
    pack = Counter(rnd.pack)
    rng = random.Random(pick)
    moves = 0
    while not rnd.is_over:
        assert all_cards(rnd) == pack
        rnd.play(rng.choice(rnd.legal_plays()))
        moves += 1
        assert moves <= MAX_MOVES
    assert all_cards(rnd) == pack
    out = rnd.outcome()
    assert out is not None
    assert sum(out.payments) == 0
    assert len(out.payments) == n
    assert rnd.legal_plays() == []
    if out.end == "out":
        assert out.winner is not None and not rnd.hands[out.winner]
    # every seat's net equals what the ledger and the settlement say
    totals = [0] * n
    for p in out.ledger + out.settlement:
        if p.payer >= 0:
            totals[p.payer] -= p.amount
        if p.payee >= 0:
            totals[p.payee] += p.amount
        assert p.amount > 0
    assert totals == out.payments


@budget(25)
@given(case, seeds, seeds)
def test_undo_restores_every_point(c: tuple[str, int], seed: int, pick: int) -> None:
    vid, n = c
    rnd = Round.deal(vid, players=n, seed=seed)
    rng = random.Random(pick)
    snaps = [snapshot(rnd)]
    while not rnd.is_over and len(snaps) < 400:
        rnd.play(rng.choice(rnd.legal_plays()))
        snaps.append(snapshot(rnd))
    final = snapshot(rnd)
    # undo all the way back, checking each point
    for expected in reversed(snaps[:-1]):
        rnd.undo()
        assert snapshot(rnd) == expected
    with pytest.raises(IndexError):
        rnd.undo()
    # and forward again: the same plays give the same states
    for s in snaps[1:]:
        rnd.play(s[12][-1][1])
    assert snapshot(rnd) == final


@FAST
@given(case, seeds, seeds)
def test_record_replays_identically(c: tuple[str, int], seed: int, pick: int) -> None:
    vid, n = c
    rnd = random_game(vid, n, seed, pick)
    text = rnd.record()
    again = comet.replay(text)
    assert isinstance(again, Round)
    assert again.record() == text
    assert again.history == rnd.history
    assert again.hands == rnd.hands
    a, b = again.outcome(), rnd.outcome()
    assert a is not None and b is not None
    assert a.payments == b.payments and a.settlement == b.settlement and a.ledger == b.ledger
    assert narrate(again) == narrate(rnd)


@FAST
@given(case, seeds, seeds)
def test_from_hands_record_replays(c: tuple[str, int], seed: int, pick: int) -> None:
    """A deal rebuilt with from_hands (hands, dead, talon) records and replays too."""
    vid, n = c
    dealt = Round.deal(vid, players=n, seed=seed)
    rnd = Round.from_hands(vid, [list(h) for h in dealt.initial_hands], leader=dealt.leader,
                           dead=dealt.initial_dead, talon=dealt.initial_talon or None,
                           pack=dealt.pack_name, dealer=dealt.dealer)
    rng = random.Random(pick)
    moves = 0
    while not rnd.is_over and moves < 200:
        rnd.play(rng.choice(rnd.legal_plays()))
        moves += 1
    text = rnd.record()
    again = comet.replay(text)
    assert isinstance(again, Round)
    assert again.record() == text
    assert snapshot(again) == snapshot(rnd)


def _illegal_candidates(rnd: Round) -> list[str]:
    seat = rnd.to_play
    assert seat is not None
    held = set(rnd.hands[seat])
    legal = {p.text for p in rnd.legal_plays()}
    out = []
    # a card not held
    for c in rnd.pack:
        if c not in held and c not in rnd.wilds:
            out.append(str(c))
            break
    # a held card that is not a legal play (wrong rank / suit)
    for c in rnd.hands[seat]:
        if str(c) not in legal and c not in rnd.wilds:
            out.append(str(c))
            break
    if "pass" not in legal:
        out.append("pass")
    return [t for t in out if t not in legal]


@FAST
@given(case, seeds, seeds, st.integers(0, 60))
def test_illegal_and_malformed_plays_raise_and_change_nothing(c: tuple[str, int], seed: int, pick: int,
                                                              steps: int) -> None:
    vid, n = c
    rnd = Round.deal(vid, players=n, seed=seed)
    rng = random.Random(pick)
    for _ in range(steps):
        if rnd.is_over:
            break
        rnd.play(rng.choice(rnd.legal_plays()))
    before = snapshot(rnd)
    if not rnd.is_over:
        legal = [p.text for p in rnd.legal_plays()]
        for text in _illegal_candidates(rnd):
            with pytest.raises(IllegalPlayError) as err:
                rnd.play(text)
            assert isinstance(err.value, ValueError)
            for t in legal:
                assert t in str(err.value)
            assert snapshot(rnd) == before
            assert not rnd.is_legal(text)
    for bad in ["", "XZ", "9D=", "9D=Z", "discard", "7H=8 9D=9", "11H", 42]:
        with pytest.raises(InvalidPlayError):
            rnd.play(bad)  # type: ignore[arg-type]
        assert snapshot(rnd) == before
    if rnd.is_over:
        with pytest.raises(IllegalPlayError):
            rnd.play("pass")


@FAST
@given(case, seeds, seeds, st.integers(0, 80))
def test_view_hides_other_hands_and_determinize_keeps_legal_plays(c: tuple[str, int], seed: int, pick: int,
                                                                   steps: int) -> None:
    vid, n = c
    rnd = Round.deal(vid, players=n, seed=seed)
    rng = random.Random(pick)
    for _ in range(steps):
        if rnd.is_over:
            break
        rnd.play(rng.choice(rnd.legal_plays()))
    for seat in range(n):
        view = rnd.view(seat)
        assert list(view.hand) == rnd.hands[seat]
        assert view.hand_sizes == tuple(len(h) for h in rnd.hands)
        # what the view holds: the seat's own cards and plays, the public record, the log as the seat saw it
        text = repr((view.hand, view.legal, view.seen_aside, view.own_discards, view.public, view.events,
                     view.history))
        played = {c for _, p in view.table for c in p.cards}
        for other in range(n):
            if other != seat:
                for card in set(rnd.hands[other]) - set(rnd.hands[seat]) - played - set(view.seen_aside) - set(view.own_discards):
                    assert f"Card.parse('{card}')" not in text
        assert not any(hasattr(view, k) or hasattr(view.public, k) for k in HIDDEN_KEYS | {"seed"}), \
            "the seed would let a player redeal and see every hand"
        unseen = Counter(view.unseen())
        expected = Counter(c for s in range(n) if s != seat for c in rnd.hands[s])
        expected.update(rnd.dead)
        expected.update(rnd.talon)
        expected.update(c for s in range(n) if s != seat for c in rnd.discards[s])
        expected.update(rnd.set_aside)
        expected.subtract(view.seen_aside)
        assert unseen == +expected
    if rnd.is_over:
        return
    seat = rnd.to_play
    assert seat is not None
    view = rnd.view(seat)
    sample = view.determinize(random.Random(pick))
    assert sample.hands[seat] == rnd.hands[seat]
    assert sample.to_play == rnd.to_play
    assert sample.view(seat) == view  # the same hand, history, events, ledger and run in progress
    assert Counter(all_cards(sample)) == Counter(all_cards(rnd))
    if rnd.rules.wild_mode == "bridge" and rnd.holds_wild(seat):
        # Commit 1857: the 9♦ may bridge only a gap *nobody* can fill, which depends on the
        # hidden hands; the viewer's other plays still agree.
        def natural(r: Round) -> set[str]:
            return {p.text for p in r.legal_plays() if p.wild is None and p.kind != "pass"}
        assert natural(sample) == natural(rnd)
    else:
        assert [p.text for p in sample.legal_plays()] == [p.text for p in rnd.legal_plays()]
    # the sample can be played on to the end
    for _ in range(MAX_MOVES):
        if sample.is_over:
            break
        sample.play(rng.choice(sample.legal_plays()))
    assert sample.is_over


HIDDEN_KEYS = {"hands", "dead", "talon", "set_aside", "discards", "_initial", "_stack", "_events", "_rng"}


MATCH_CASES = [("modern-comet-1991", 2), ("modern-comet-1991", 4), ("two-handed-arnold-2011", 2),
               ("old-comet-1718", 3), ("new-comet-1752", 4), ("yanovsky-exchange", 3), ("commit-1991", 5),
               ("yanovsky-1804", 2), ("commit-1857", 4), ("hoc-third-stage", 3), ("comet-6-8-players", 7),
               ("single-pack-joker", 3), ("commit-2011", 4)]


@budget(15)
@given(st.sampled_from(MATCH_CASES), seeds, seeds, st.integers(1, 4))
def test_match_record_round_trip(c: tuple[str, int], seed: int, pick: int, deals: int) -> None:
    vid, n = c
    m = Match(vid, players=n, seed=seed, deals=deals)
    rng = random.Random(pick)
    total = [0] * n
    while True:
        rnd = m.round
        while not rnd.is_over:
            rnd.play(rng.choice(rnd.legal_plays()))
        out = rnd.outcome()
        assert out is not None and sum(out.payments) == 0
        total = [t + p for t, p in zip(total, out.payments)]
        if m.is_over:
            break
        m.next_deal()
    assert m.standings() == total
    assert sum(m.standings()) == 0
    text = m.record()
    again = comet.replay(text)
    assert isinstance(again, Match)
    assert again.record() == text
    assert again.standings() == m.standings()
    assert again.is_over


def test_copy_and_undo_do_not_share_state() -> None:
    """A copy undone past non-card plays (keep, discard, draw) must not corrupt the original."""
    for vid, players in (("new-comet-1752", 2), ("yanovsky-exchange", 3)):
        rnd = comet.Round.deal(vid, players=players, seed=11)
        while not rnd.is_over:
            rnd.play(rnd.legal_plays()[0])
        record = rnd.record()
        twin = rnd.copy()
        moves = [p for _, p in twin.history]
        while twin.history:
            twin.undo()
        for p in moves:
            twin.play(p)
        assert twin.record() == record
        assert rnd.record() == record
        while rnd.history:
            rnd.undo()
        for p in moves:
            rnd.play(p)
        assert rnd.record() == record
