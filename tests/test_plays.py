"""Play objects."""

from __future__ import annotations

from comet import Card, Play


def test_play_fields() -> None:
    p = Play.parse("9C=T")
    assert p.kind == "cards" and p.wild is Card.parse("9C") and p.rank == 10 and p.naturals == ()
    g = Play.parse("9H 9H 9D 9C=9")
    assert g.rank == 9 and len(g.naturals) == 3 and g.wild is Card.parse("9C")
    s = Play.parse("9D=TH")
    assert s.rank == 10 and s.suit == "H"
    assert Play.parse("pass") == "pass" and hash(Play.parse("8H")) == hash("8H")
