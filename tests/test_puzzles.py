"""Puzzles: the stored ones re-checked by the engine, the generator reproducible, the model's words."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import comet
from comet.agents import _signature
from comet.cards import Card
from comet_learn.puzzles import LEVELS, MIN_MARGIN, explain, family_of, grade, load, parse, puzzle_text, typical_margin

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import make_puzzles  # noqa: E402

PUZZLES = load()
FAMILY_KEYS = sorted({family_of(v.family) for v in comet.VARIANTS.values()})


def test_at_least_30_puzzles_for_every_family_and_unique_ids() -> None:
    for family in FAMILY_KEYS:
        assert len(load(family)) >= 30, family
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert {p.level for p in PUZZLES} <= set(LEVELS)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_stored_puzzle_is_rechecked_by_the_engine(puzzle: comet_learn.puzzles.Puzzle) -> None:
    rnd = puzzle.position()  # replays every play, checked by the engine
    assert len(rnd.history) == puzzle.move and rnd.to_play is not None
    assert family_of(rnd.variant.family) == puzzle.family
    legal = {p.text for p in rnd.legal_plays()}
    values = dict(puzzle.values)
    assert set(values) == legal  # every legal play is valued, nothing else
    assert set(puzzle.answers) <= legal
    # The answers are one play for the rules (a 7♥ or a 7♠ when suits do not matter), valued alike.
    special = rnd.wilds | frozenset(Card.parse(t) for t in rnd.rules.hoc_cards)
    plays = {p.text: p for p in rnd.legal_plays()}
    assert len({_signature(plays[a], rnd.rules, special) for a in puzzle.answers}) == 1
    assert len({values[a] for a in puzzle.answers}) == 1
    best = values[puzzle.answers[0]]
    assert best == max(values.values())
    assert puzzle.margin >= MIN_MARGIN
    groups = {_signature(p, rnd.rules, special) for p in rnd.legal_plays()}
    typical = typical_margin([p.margin for p in load(puzzle.family)])
    assert puzzle.level == grade(puzzle.margin, len(groups), typical)
    right = puzzle.check(puzzle.answers[0])
    assert right.correct and right.value == best and f"{best:+.1f}" in right.why
    wrong = next(t for t in legal if t not in puzzle.answers)
    verdict = puzzle.check(wrong)
    assert not verdict.correct and verdict.value < best


def test_the_stored_text_round_trips() -> None:
    for family in FAMILY_KEYS:
        found = load(family)
        again = parse("".join(puzzle_text(p) + "\n" for p in found))
        assert again == found


def test_grade() -> None:
    assert grade(12, 2, 10) == "easy" and grade(3, 2, 10) == "hard" and grade(12, 6, 10) == "hard"
    assert grade(6, 3, 10) == "medium" and typical_margin([1, 5, 3]) == 3 and typical_margin([1, 2, 3, 5]) == 2.5
    with pytest.raises(ValueError, match="margin"):
        grade(MIN_MARGIN / 2, 2, 10)
    with pytest.raises(ValueError, match="choices"):
        grade(10, 1, 10)
    for family in FAMILY_KEYS:
        assert make_puzzles.graded(load(family)) == load(family)  # the stored levels are the generator's


def test_a_bad_answer_is_refused_with_the_plays_allowed() -> None:
    p = PUZZLES[0]
    with pytest.raises(ValueError, match="not a legal play"):
        p.check("XX")


def test_explain_says_what_a_king_does() -> None:
    # Seat 0 follows 7, 8... with the king of a run Q-K: the king stops and seat 0 leads again.
    rnd = comet.Round.from_hands("modern-comet-1991", ["QH KD 3H 5D", "2D 4H 6D 8H"], leader=0)
    rnd.play("QH")
    text = explain(rnd, "KD")
    assert "K♦ stops the run" in text and "you lead again with 2 cards left" in text


def test_generator_is_reproducible_on_a_small_budget() -> None:
    tasks = [("manille", "old-comet-1718", s, 3, 8) for s in range(3)]
    first = [make_puzzles.find(t) for t in tasks]
    second = [make_puzzles.find(t) for t in tasks]
    assert first == second
    assert any(got is not None for got in first)
    for got in first:
        if got is not None:
            rnd = comet.replay(got["record"])
            assert isinstance(rnd, comet.Round) and len(rnd.history) == got["move"]


def test_module_text_is_what_load_reads(tmp_path: Path) -> None:
    found = {"manille": load("manille")[:2]}
    text = make_puzzles.module_text(found, "test")
    namespace: dict[str, object] = {}
    exec(compile(text, "puzzle_data", "exec"), namespace)
    stored = namespace["PUZZLES"]
    assert isinstance(stored, dict)
    assert parse(stored["manille"]) == found["manille"]
