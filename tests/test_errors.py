"""Error types and messages: malformed text, illegal plays, bad deals, options, variants."""

from __future__ import annotations

import pytest

import comet
from comet import (IllegalPlayError, InvalidCardError, InvalidDealError, InvalidOptionError, InvalidPlayError,
                   Round, UnknownVariantError)


def test_error_types_are_value_errors() -> None:
    for err in (IllegalPlayError, InvalidPlayError, InvalidDealError, InvalidOptionError, UnknownVariantError,
                InvalidCardError):
        assert issubclass(err, ValueError)


def test_illegal_play_lists_legal_plays_and_changes_nothing() -> None:
    rnd = Round.from_hands("modern-comet-1991", ["7H 8H 2H", "TD 3H"], pack="red")
    rnd.play("7H")
    with pytest.raises(IllegalPlayError) as e:
        rnd.play("2H")
    msg = str(e.value)
    assert "Legal: 8H" in msg and "must be an 8" in msg
    with pytest.raises(IllegalPlayError) as e:
        rnd.play("TD")
    assert "does not hold TD" in str(e.value)
    with pytest.raises(IllegalPlayError):
        rnd.play("pass")
    assert rnd.hands[0] == [comet.Card.parse("2H"), comet.Card.parse("8H")] and len(rnd.history) == 1


@pytest.mark.parametrize("text", ["", "  ", "ZZ", "9C=", "9C=X", "discard", "discard 7H 8H", "7H=8 9C=9", "1H"])
def test_malformed_text(text: str) -> None:
    rnd = Round.from_hands("modern-comet-1991", ["7H 8H 2H", "TD 3H"], pack="red")
    with pytest.raises(InvalidPlayError):
        rnd.play(text)
    assert rnd.history == []


def test_non_text_play() -> None:
    rnd = Round.from_hands("modern-comet-1991", ["7H 8H 2H", "TD 3H"], pack="red")
    with pytest.raises(InvalidPlayError):
        rnd.play(7)  # type: ignore[arg-type]
    assert not rnd.is_legal(7)  # type: ignore[arg-type]


def test_play_after_the_end() -> None:
    rnd = Round.from_hands("modern-comet-1991", ["7H", "TD 3H"], pack="red")
    rnd.play("7H")
    with pytest.raises(IllegalPlayError) as e:
        rnd.play("TD")
    assert "over" in str(e.value)


def test_bad_deals() -> None:
    with pytest.raises(InvalidDealError) as e:
        Round.from_hands("modern-comet-1991", ["AH", "TD"], pack="red")
    assert "lacks AH" in str(e.value)
    with pytest.raises(InvalidDealError):
        Round.from_hands("modern-comet-1991", ["9C 9C", "TD"], pack="red")  # one comet per pack
    with pytest.raises(InvalidDealError):
        Round.from_hands("modern-comet-1991", ["7H"], pack="red")
    with pytest.raises(InvalidDealError):
        Round.from_hands("modern-comet-1991", ["7H", ""], pack="red")
    with pytest.raises(InvalidDealError):
        Round.from_hands("modern-comet-1991", ["7H", "8H"], leader=2, pack="red")
    with pytest.raises(ValueError):
        Round.deal("modern-comet-1991", players=6)
    with pytest.raises(ValueError):
        Round.deal("modern-comet-1991", players=2, pack="green")
    with pytest.raises(ValueError):
        Round.deal("modern-comet-1991", players=2, dealer=2)


def test_unknown_variant_and_options() -> None:
    with pytest.raises(UnknownVariantError) as e:
        comet.find_variant("bridge")
    assert "modern-comet-1991" in str(e.value)
    v = comet.find_variant("old-comet-1718")
    with pytest.raises(InvalidOptionError) as e2:
        v.with_options(colour="red")
    assert "manille_penalty" in str(e2.value)
    with pytest.raises(InvalidOptionError) as e3:
        v.with_options(manille_penalty="nobody")
    assert "each_opponent" in str(e3.value)


def test_undo_with_nothing_to_undo() -> None:
    rnd = Round.from_hands("modern-comet-1991", ["7H", "TD"], pack="red")
    with pytest.raises(IndexError):
        rnd.undo()
