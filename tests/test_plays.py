"""Play objects."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.budget import budget

from comet import Card, Play
from comet.cards import ALL_CARDS


def test_play_fields() -> None:
    p = Play.parse("9C=T")
    assert p.kind == "cards" and p.wild is Card.parse("9C") and p.rank == 10 and p.naturals == ()
    g = Play.parse("9H 9H 9D 9C=9")
    assert g.rank == 9 and len(g.naturals) == 3 and g.wild is Card.parse("9C")
    s = Play.parse("9D=TH")
    assert s.rank == 10 and s.suit == "H"
    assert Play.parse("pass") is Play.parse("PASS") and Play.parse("8H") == Play.parse("8h")


def test_a_play_never_equals_its_text() -> None:
    """A play is comparable only with plays (documented in comet.plays)."""
    assert Play.parse("pass") != "pass" and not (Play.parse("pass") == "pass")
    assert "pass" not in [Play.parse("pass")] and Play.parse("8H") != "8H"
    assert Play.parse("8H").text == "8H" and str(Play.parse("pass")) == "pass"


def test_a_play_is_immutable() -> None:
    p = Play.parse("8H")
    for name, value in (("text", "9H"), ("rank", 9), ("kind", "pass"), ("cards", ()), ("wild", None), ("x", 1)):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(p, name, value)
    with pytest.raises(AttributeError, match="immutable"):
        del p.text
    assert Play.parse("8H").text == "8H" and Play.parse("8H").rank == 8  # a later parse is unchanged
    assert copy.deepcopy(p) is p and pickle.loads(pickle.dumps(p)) is p


@budget(100)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=1))
def test_parse_of_text_round_trips(cards: list[Card]) -> None:
    p = Play.parse(str(cards[0]))
    assert Play.parse(p.text) is p and p.cards == (cards[0],)
