"""Cards and packs."""

from __future__ import annotations

import pytest

from comet import JOKER, Card, InvalidCardError, parse_cards
from comet.cards import colour_pack, joker_pack, pack_without, standard_pack


def test_parse_and_intern() -> None:
    assert Card.parse("9d") is Card.parse("9D") and Card.parse("10H") is Card.parse("TH")
    assert Card.parse("JK") is JOKER and JOKER.pips == 9
    assert [c.pips for c in parse_cards("AS 9D TC JH QS KD")] == [1, 9, 10, 10, 10, 10]
    for bad in ["1H", "ZZ", "9X", "", "10"]:
        with pytest.raises(InvalidCardError):
            Card.parse(bad)


def test_packs() -> None:
    assert len(standard_pack()) == 52 and len(set(standard_pack())) == 52
    assert len(pack_without(["8D"])) == 51
    for colour in ("red", "black"):
        pack = colour_pack(colour)
        assert len(pack) == 48
        for rank in range(2, 14):
            assert sum(1 for c in pack if c.rank == rank) == 4
    assert len(joker_pack()) == 48
