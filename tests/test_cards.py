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


def test_rank_labels_are_written_once() -> None:
    """The card face's labels come from one table: the symbol, the SVG's corner and the
    narration agree, and 10 is "10" (the notation's T is only for typing)."""
    from comet.cards import RANK_LABELS, rank_label
    from comet.calls import rank_word

    assert RANK_LABELS[0] == "A" and rank_label(10) == "10" and rank_label(13) == "K"
    assert [rank_word(r) for r in range(1, 14)] == list(RANK_LABELS)
    assert Card.parse("TH").symbol == "10\u2665" and Card.parse("AS").symbol == "A\u2660"
    for bad in (0, 14):
        with pytest.raises(ValueError, match="1..13"):
            rank_label(bad)


def test_one_language_table() -> None:
    """The calls, the table's caption, the widgets' menu and the glossary share one table."""
    from comet_learn.glossary import GLOSSARY
    from comet.calls import CALLS, LANGUAGES

    assert set(CALLS) == set(LANGUAGES) == {"en", "fr", "ru", "es"}
    for lang in LANGUAGES:
        assert GLOSSARY[0].form(lang) is not None
