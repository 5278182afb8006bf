"""Matches: dealer rotation, alternating packs, targets, purses, record and replay."""

from __future__ import annotations

import random

import pytest

import comet
from comet import Match


def finish(m: Match, seed: int = 0) -> None:
    rng = random.Random(seed)
    while True:
        rnd = m.round
        while not rnd.is_over:
            rnd.play(rng.choice(rnd.legal_plays()))
        if m.is_over:
            return
        m.next_deal()


def test_dealer_rotates_and_packs_alternate() -> None:
    m = Match("new-comet-1752", players=3, seed=1, deals=4)
    dealers, packs = [], []
    rng = random.Random(0)
    while True:
        dealers.append(m.round.dealer)
        packs.append(m.round.pack_name)
        rnd = m.round
        while not rnd.is_over:
            rnd.play(rng.choice(rnd.legal_plays()))
        if m.is_over:
            break
        m.next_deal()
    assert packs == ["red", "black", "red", "black"]
    assert [(d - dealers[0]) % 3 for d in dealers] == [0, 1, 2, 0]


def test_next_deal_before_the_end_is_refused() -> None:
    m = Match("modern-comet-1991", players=2, seed=1)
    with pytest.raises(ValueError):
        m.next_deal()


def test_lowest_card_deals() -> None:
    m = Match("modern-comet-1991", players=3, seed=4)
    assert m.lot and m.lot[0].startswith("Draw for the deal")


def test_yanovsky_plays_to_24_by_sides() -> None:
    m = Match("yanovsky-1804", players=2, seed=3)
    assert m.target == 24
    finish(m)
    assert max(m._projected()[0]) >= 24


def test_scores_sum_to_zero_and_replay() -> None:
    m = Match("old-comet-1718", players=4, seed=9, deals=3)
    finish(m, 2)
    assert sum(m.standings()) == 0
    again = comet.replay(m.record())
    assert isinstance(again, Match) and again.standings() == m.standings()
    assert [r.history for r, _ in again.finished] == [r.history for r, _ in m.finished]


def test_match_options_recorded() -> None:
    m = Match("two-handed-arnold-2011", players=2, seed=1, target=61)
    finish(m)
    text = m.record()
    assert "target=61" in text
    again = comet.replay(text)
    assert isinstance(again, Match) and again.target == 61 and again.standings() == m.standings()
