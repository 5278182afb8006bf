"""Plays in the notation, records and replay (golden records in tests/games/)."""

from __future__ import annotations

from pathlib import Path

import pytest

import comet
from comet import InvalidPlayError, Play, Round

GAMES = Path(__file__).parent / "games"


def test_play_texts_round_trip() -> None:
    for text in ["8H", "7H 7H 7D 7D", "9C=T", "9D=TH", "pass", "claim", "keep", "redeal", "discard 7H", "draw",
                 "JK=8"]:
        assert Play.parse(text).text == text
    assert Play.parse("7D 7H 7D 7H").text == "7H 7H 7D 7D"  # canonical order
    assert Play.parse("9c=10").text == "9C=T"
    assert Play.parse("without 10").kind == "pass" and Play.parse("sans dix").kind == "pass"
    assert Play.parse("8H") is Play.parse("8H")


def test_wild_written_without_its_rank_when_only_one_reading_is_legal() -> None:
    rnd = Round.from_hands("modern-comet-1991", ["7H 9C 2H", "3H"], pack="red")
    rnd.play("7H")
    assert rnd.play("9C").text == "9C=8"


def test_round_record_replays() -> None:
    rnd = Round.deal("old-comet-1718", players=3, seed=42)
    while not rnd.is_over:
        rnd.play(rnd.legal_plays()[-1])
    text = rnd.record()
    assert text.startswith('[Variant "old-comet-1718"]')
    again = comet.replay(text)
    assert isinstance(again, Round) and again.record() == text


def test_record_with_options_and_talon() -> None:
    v = comet.find_variant("yanovsky-exchange").with_options(leftovers_pass_on=True, count="pips")
    rnd = Round.deal(v, players=3, seed=3)
    while not rnd.is_over:
        rnd.play(rnd.legal_plays()[0])
    text = rnd.record()
    assert "[Options \"count='pips', leftovers_pass_on=True\"]" in text
    again = comet.replay(text)
    assert isinstance(again, Round) and again.variant == v and again.record() == text


def test_replay_rejects_a_wrong_seat_or_play() -> None:
    rnd = Round.from_hands("modern-comet-1991", ["7H 8H 2H", "TD 3H"], pack="red")
    rnd.play("7H")
    text = rnd.record()
    with pytest.raises(InvalidPlayError):
        comet.replay(text.replace("0: 7H", "1: 7H"))
    with pytest.raises(comet.IllegalPlayError):
        comet.replay(text.replace("0: 7H", "0: TD"))
    with pytest.raises(InvalidPlayError):
        comet.replay(text + "garbage\n")
    with pytest.raises(InvalidPlayError):
        comet.replay("0: 7H\n")


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.txt")), ids=lambda p: p.name)
def test_golden_records(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    rnd = comet.replay(text)
    assert rnd.record() == text
