"""The practice widgets: puzzles and rules drills, answered by pressing their buttons; progress kept."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("ipywidgets")

import comet  # noqa: E402
from comet_learn.drills import KINDS, PASS_OPTION, check, make, variants_for  # noqa: E402
from tests.widget_helpers import click  # noqa: E402
from widgets import browser  # noqa: E402
from widgets.drills import DrillTrainer  # noqa: E402
from widgets.progress import FIRST_GAP, Progress  # noqa: E402
from widgets.puzzles import PuzzleTrainer  # noqa: E402


@pytest.fixture(autouse=True)
def empty_storage() -> None:
    browser._storage.clear()


def _button(trainer: PuzzleTrainer, text: str):  # type: ignore[no-untyped-def]
    assert trainer.puzzle is not None
    i = list(trainer.puzzle.choices).index(text)
    return trainer.play_buttons.children[i]


def test_a_right_answer_then_a_wrong_one_are_judged_and_kept() -> None:
    t = PuzzleTrainer("modern", "medium")
    assert t.errors == 0 and not t.messages.is_error
    p = t.puzzle
    assert p is not None and p.family == "modern" and p.level == "medium"
    assert "comet-table" in t.table.value and len(t.play_buttons.children) == len(p.choices)
    click(_button(t, p.answers[0]))
    assert t.verdict is not None and t.verdict.correct
    assert "Right!" in t.feedback.value and "What each choice is worth" in t.feedback.value
    assert "stops the run" in t.feedback.value or "run" in t.feedback.value or "turn" in t.feedback.value
    kept = json.loads(browser.stored("comet:puzzles") or "{}")
    assert kept["items"][p.id]["s"] == 1 and kept["items"][p.id]["m"] == 0
    # A second click (the end of a double click) on the same offer changes nothing.
    other = next(c for c in p.choices if c not in p.answers)
    click(_button(t, other))
    assert t.verdict.correct and json.loads(browser.stored("comet:puzzles") or "{}")["turn"] == 1
    click(t.next_button)
    q = t.puzzle
    assert q is not None and q.id != p.id
    wrong = next(c for c in q.choices if c not in q.answers)
    click(_button(t, wrong))
    assert t.verdict is not None and not t.verdict.correct
    assert "Not the best." in t.feedback.value and "(yours)" in t.feedback.value and "(best)" in t.feedback.value
    kept = json.loads(browser.stored("comet:puzzles") or "{}")
    assert kept["items"][q.id]["m"] == 1
    assert "Solved" in t.progress_html.value and "The modern comet, medium" in t.progress_html.value


def test_a_stale_button_of_an_old_puzzle_is_ignored() -> None:
    t = PuzzleTrainer("hoc", "hard")
    old = list(t.play_buttons.children)
    click(t.next_button)
    click(old[0])
    assert t.verdict is None and browser.stored("comet:puzzles") is None


def test_a_missed_puzzle_comes_back_after_a_few_others_and_reset_forgets() -> None:
    t = PuzzleTrainer("manille", "easy")
    missed = t.puzzle
    assert missed is not None
    t.answer(next(c for c in missed.choices if c not in missed.answers))
    seen = []
    for _ in range(FIRST_GAP + 1):
        click(t.next_button)
        assert t.puzzle is not None
        seen.append(t.puzzle.id)
        if t.puzzle.id != missed.id:
            t.answer(t.puzzle.answers[0])
    assert seen[:FIRST_GAP - 1].count(missed.id) == 0 and missed.id in seen
    # Progress survives a new widget (a reload of the page reads the same storage).
    again = PuzzleTrainer("manille", "easy")
    assert again.progress.items[missed.id]["m"] == 1
    click(again.reset_button)
    assert again.progress.items == {} and json.loads(browser.stored("comet:puzzles") or "{}")["items"] == {}
    assert "No answers yet" in again.progress_html.value


def test_bad_settings_and_bad_stored_values_fall_back() -> None:
    browser.store("comet:puzzles", "not json")
    t = PuzzleTrainer("nonsense", "impossible")
    assert t.messages.is_error and "nonsense" in t.messages.text and t.puzzle is not None
    browser.store("comet:puzzles", json.dumps({"turn": "x", "items": {"a": {"g": 3}}}))
    assert Progress("comet:puzzles").items == {}


def test_progress_queue() -> None:
    pr = Progress("comet:test")
    items = ["a", "b", "c", "d", "e", "f"]
    assert pr.next(items) == "a"
    pr.record("a", "g", False)
    assert pr.next(items, avoid="a") == "b"
    for x in "bcd":
        assert pr.next(items) == x
        pr.record(x, "g", True)
    assert pr.next(items) == "a"  # due after FIRST_GAP other answers
    pr.record("a", "g", True)
    assert pr.items["a"]["due"] == pr.turn + FIRST_GAP * 3
    assert pr.summary() == {"g": (4, 1, 1)}


@pytest.mark.parametrize("kind", list(KINDS))
def test_drills_are_checked_by_the_engine(kind: str) -> None:
    for vid in variants_for(kind)[::2]:
        d = make(kind, vid, 3)
        assert d == make(kind, vid, 3)  # the same id asks the same question
        assert d.answers and d.answers <= set(d.options) and d.rule and d.sources
        rnd = d.position()
        if kind == "play":
            cards = {str(c) for p in rnd.legal_plays() if p.kind == "cards" for c in p.cards}
            assert d.answers == (cards or {PASS_OPTION})
        elif kind == "next":
            play = d.question.split(" plays ")[1].split(". ")[0]
            after = rnd.copy()
            after.play(play)
            assert d.answers == {f"Seat {after.to_play}" if after.to_play is not None else "Nobody: the deal is over"}
        elif kind == "settle":
            out = rnd.outcome()
            assert out is not None and d.answers == {f"{out.payments[0]:+d}"}
        else:
            out = rnd.outcome()
            assert out is not None and d.answers == {"Yes" if out.opera else "No"}
        assert all(check(d, a) == (a in d.answers) for a in d.options)
    with pytest.raises(ValueError, match="kinds"):
        make("guess", "modern-comet-1991", 1)


def test_drill_trainer_right_wrong_and_progress() -> None:
    t = DrillTrainer("settle", "modern-comet-1991")
    assert t.errors == 0 and t.drill is not None
    d = t.drill
    click(t.answer_buttons.children[d.options.index(next(iter(d.answers)))])
    assert t.correct is True and "Right!" in t.feedback.value and "Sources: S0" in t.feedback.value
    click(t.next_button)
    d2 = t.drill
    assert d2 is not None and d2.id != d.id
    click(t.answer_buttons.children[d2.options.index(next(a for a in d2.options if a not in d2.answers))])
    assert t.correct is False and "Not so." in t.feedback.value
    kept = json.loads(browser.stored("comet:drills") or "{}")
    assert kept["items"][d.id]["s"] == 1 and kept["items"][d2.id]["m"] == 1
    t.kind_choice.value = "opera"
    assert t.drill is not None and t.drill.kind == "opera" and not t.messages.is_error
    click(t.reset_button)
    assert json.loads(browser.stored("comet:drills") or "{}")["items"] == {}


def test_an_answer_not_offered_is_a_message_and_changes_nothing() -> None:
    t = PuzzleTrainer("commit", "easy")
    t.answer("XX")
    assert t.messages.is_error and "not a legal play" in t.messages.text
    assert not t.answered and browser.stored("comet:puzzles") is None
    d = DrillTrainer("opera")
    d.answer("Maybe")
    assert d.messages.is_error and "not an answer offered" in d.messages.text and not d.answered
