"""Every public constructor and parser of the engine refuses what it cannot use (issue 37, item 2).

Hypothesis feeds each one random and hostile values: the only exception that escapes is a
:class:`comet.CometError` whose message names what is allowed, and a refused call changes no state
(the intern tables of cards and plays, the round, the variant).
"""

from __future__ import annotations

from typing import Any, Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import comet
from comet import Card, CometError, Play

SOME = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HOSTILE: st.SearchStrategy[Any] = st.one_of(
    st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True), st.text(max_size=8),
    st.binary(max_size=4), st.lists(st.integers(), max_size=3), st.tuples(st.integers()),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2), st.just(object()), st.just(b"\xff" * 10_000),
    st.just("7H " * 5000), st.just(float("inf")))
"""Values a careless or hostile caller may pass anywhere: wrong types, out of range, huge."""


def tables() -> tuple[int, int]:
    """The process-wide tables a refused call must leave as they were."""
    return len(Card._interned), len(Play._interned)


def refused(call: Callable[[], Any], *allowed: str) -> bool:
    """Run ``call``: True if it raised a :class:`CometError` naming every fragment of ``allowed`` and
    left the intern tables unchanged; False if it returned. Any other exception escapes (fails)."""
    before = tables()
    try:
        call()
    except CometError as e:
        text = str(e)
        assert all(a in text for a in allowed), (text, allowed)
        assert len(text) < 2000, f"an unbounded message: {len(text)} characters"
        assert tables() == before, "a refused call changed a process-wide table"
        return True
    return False


# ---------------------------------------------------------------------- cards
RANKS = st.one_of(st.integers(-20, 20), HOSTILE)
SUITS = st.one_of(st.sampled_from(["S", "H", "D", "C", "", "JK", "h", "SH"]), HOSTILE)


@SOME
@given(RANKS, SUITS)
def test_a_card_is_made_only_of_a_rank_and_a_suit_it_has(rank: Any, suit: Any) -> None:
    """``Card(-3, "H")`` was the 10♥, ``Card(-12, "S")`` the A♠, ``Card(0, "H")`` the joker and
    ``Card(14, "H")`` raised ``IndexError``: every card is a rank 1..13 with a suit of SHDC, or the joker."""
    if not refused(lambda: Card(rank, suit), "1..13", "SHDC", "joker"):
        card = Card(rank, suit)
        assert (card.rank, card.suit) == (rank, suit) and type(rank) is int and type(suit) is str
        assert (1 <= rank <= 13 and suit in tuple("SHDC")) or (rank, suit) == (0, "")


def test_the_cards_the_issue_found() -> None:
    for rank, suit in ((-3, "H"), (-12, "S"), (0, "H"), (14, "H"), (True, "H"), (1.0, "H"), (7, None), (7, "X")):
        assert refused(lambda: Card(rank, suit), "1..13", "SHDC"), (rank, suit)
    assert Card(10, "H") is Card.parse("TH") and Card(0, "") is comet.JOKER


@SOME
@given(st.one_of(HOSTILE, st.text(alphabet="A23456789TJQKSHDC10 k", max_size=4)))
def test_a_card_is_read_only_from_its_notation(text: Any) -> None:
    if not refused(lambda: Card.parse(text), "SHDC", "JK"):
        card = Card.parse(text)
        assert str(card) == text.strip().upper().replace("10", "T")


# ---------------------------------------------------------------------- plays
CARD = st.sampled_from([Card.parse(t) for t in ("7H", "7D", "9C", "KS", "KH", "JK")])
KINDS = st.one_of(st.sampled_from(["cards", "pass", "claim", "keep", "redeal", "discard", "draw", "bogus"]), HOSTILE)


@SOME
@given(KINDS, st.one_of(st.tuples(CARD), st.tuples(CARD, CARD), st.lists(CARD, max_size=3), st.just(()),
                        st.tuples(CARD, st.integers()), st.just((Card.parse("7H"),) * 12), HOSTILE),
       st.one_of(st.none(), CARD, HOSTILE), st.one_of(st.integers(-2, 15), HOSTILE),
       st.one_of(st.sampled_from(["", "H", "D", "X"]), HOSTILE))
def test_a_play_is_built_only_from_parts_that_make_one(kind: Any, cards: Any, wild: Any, rank: Any,
                                                       suit: Any) -> None:
    if not refused(lambda: Play(kind, cards, wild, rank, suit), "pass"):
        play = Play(kind, cards, wild, rank, suit)
        assert Play.parse(play.text) is play  # what the notation writes, it reads back
        assert (play.kind, play.cards, play.wild, play.rank, play.suit) == (kind, cards, wild, rank, suit)


PLAY_WORDS = st.sampled_from(["7H", "7h", "7H 7H 7D 7D", "9C=T", "9D=TH", "9C=", "=T", "9C=T 9D=T", "pass",
                              "PASS", "without", "discard", "discard 7H", "discard 7H 8H", "claim", "keep",
                              "redeal", "draw", "JK", "10H", "1H", "ZZ", ",", "7H,7D", "KS KH KD"])


@SOME
@given(st.one_of(HOSTILE, PLAY_WORDS, st.lists(PLAY_WORDS, max_size=4).map(" ".join)))
def test_a_play_is_read_only_from_its_notation(text: Any) -> None:
    if not refused(lambda: Play.parse(text), "'9C=T'", "pass"):
        play = Play.parse(text)
        assert Play.parse(play.text) is play and isinstance(text, str)
