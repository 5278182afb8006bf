"""Practice that remembers by days (comet_learn.practice, FSRS) and the trainers' flow
(comet_learn.trainers), driven directly, with a clock the tests move."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from comet_learn.practice import GAP, VERSION, Practice
from comet_learn.puzzles import load
from comet_learn.trainers import ANY, DrillSession, PuzzleSession


class Clock:
    """A clock that tests move by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def days(self, n: float) -> None:
        self.now += timedelta(days=n)


ITEMS = [f"i{k}" for k in range(30)]


def test_a_missed_item_comes_back_after_a_few_others_then_the_next_day() -> None:
    clock = Clock()
    pr = Practice(clock=clock)
    first = pr.next(ITEMS)
    pr.record(first, "g", False)
    asked = []
    for _ in range(GAP + 1):
        item = pr.next(ITEMS, avoid=asked[-1] if asked else first)
        asked.append(item)
        if item != first:
            pr.record(item, "g", True)
    assert first not in asked[:GAP] and asked[GAP] == first  # after GAP other answers
    pr.record(first, "g", False)
    due = pr.items[first].due
    assert due is not None and timedelta(hours=12) < due - clock() <= timedelta(days=2)  # the next day
    clock.days(1.5)
    assert first in pr.due(ITEMS)


def test_items_answered_right_come_back_for_review_days_later_and_later() -> None:
    clock = Clock()
    pr = Practice(clock=clock)
    pr.record("a", "g", True)
    gaps = []
    for _ in range(4):
        due = pr.items["a"].due
        assert due is not None
        gap = (due - clock()).total_seconds() / 86400
        gaps.append(gap)
        assert pr.due(["a"]) == []
        clock.days(gap)
        assert pr.due(["a"]) == ["a"]  # due again: a review
        pr.record("a", "g", True)
    assert gaps[0] >= 1 and all(b > a for a, b in zip(gaps, gaps[1:]))  # longer and longer intervals


def test_a_daily_set_mixes_due_reviews_and_new_items() -> None:
    clock = Clock()
    pr = Practice(clock=clock, new_per_day=4)
    for item in ITEMS[:4]:
        assert pr.next(ITEMS) == item  # new items in order
        pr.record(item, "g", True)
    assert pr.today(ITEMS) == (0, 0)  # four new a day: today's set is done
    clock.days(30)  # the four are due; four new ones again
    assert pr.today(ITEMS) == (4, 4)
    fresh = Practice(clock=clock, new_per_day=4)
    fresh.load(pr.dumps())
    asked = []
    for _ in range(8):
        item = fresh.next(ITEMS)
        asked.append(item)
        fresh.record(item, "g", True)
    reviews = [i for i in asked if i in ITEMS[:4]]
    assert sorted(reviews) == ITEMS[:4] and len(asked) - len(reviews) == 4
    kinds = ["review" if i in ITEMS[:4] else "new" for i in asked]
    assert kinds[:4] in (["review", "new"] * 2, ["new", "review"] * 2)  # mixed, one of each in turn


def test_next_without_an_answer_moves_on_through_the_set() -> None:
    pr = Practice(clock=Clock())
    shown = [pr.next(ITEMS[:5])]
    for _ in range(9):
        shown.append(pr.next(ITEMS[:5], avoid=shown[-1]))
    assert shown[:5] == ITEMS[:5] and shown[5:] == ITEMS[:5]  # round the set, never back and forth


def test_two_copies_merge_keeping_both_answers_and_the_later_of_one_item() -> None:
    clock = Clock()
    a, b = Practice(clock=clock), Practice(clock=clock)
    a.record("x", "g", True)
    clock.days(0.01)
    b.record("y", "g", False)
    b.record("x", "g", False)  # later than a's answer to x
    assert a.merge(b.dumps())
    assert set(a.items) == {"x", "y"} and a.items["x"].missed == 1 and a.items["x"].right == 0
    assert not a.merge(b.dumps())  # nothing new the second time
    b.merge(a.dumps())
    assert json.loads(a.dumps())["items"] == json.loads(b.dumps())["items"]


def test_stored_progress_is_versioned_and_what_no_longer_exists_is_dropped() -> None:
    pr = Practice(clock=Clock(), exists=lambda i: i != "gone", set_version="s1")
    pr.load(json.dumps({"v": VERSION, "items": {"gone": {"g": "x", "r": 1, "m": 0, "t": "", "f": "", "c": {}},
                                                "kept": {"g": "x", "r": 2, "m": 1, "t": "", "f": "", "c": {}}}}))
    assert set(pr.items) == {"kept"} and pr.dropped == 1
    stored = json.loads(pr.dumps())
    assert stored["v"] == VERSION and stored["set"] == "s1"
    # The first version counted answers: its counts are kept, the schedule starts afresh.
    pr.load(json.dumps({"turn": 4, "items": {"kept": {"g": "x", "s": 3, "m": 1, "box": 1, "due": 9}}}))
    assert pr.items["kept"].right == 3 and pr.items["kept"].card == {}
    for junk in ("not json", "[1, 2]", json.dumps({"v": VERSION, "items": {"a": {"g": 3}}})):
        pr.load(junk)
        assert pr.items == {}


def _store() -> tuple[dict[str, str], object, object]:
    kept: dict[str, str] = {}
    return kept, (lambda: kept.get("k")), (lambda text: kept.__setitem__("k", text))


def test_the_puzzle_session_judges_keeps_and_moves_on() -> None:
    kept, load_text, save_text = _store()
    clock = Clock()
    s = PuzzleSession(load_text, save_text, family="manille", clock=clock)  # type: ignore[arg-type]
    p = s.next()
    assert p.family == "manille" and s.offer == 1
    wrong = next(t for t in p.plays if t not in p.answers)
    with pytest.raises(ValueError, match="not a legal play"):
        s.answer("XX")
    assert not s.answered and "k" not in kept
    got = s.answer(wrong)
    assert got is not None and not got.correct and got.verdict is not None and got.verdict.lines
    assert s.answer(p.answers[0]) is None  # answered once: a second click changes nothing
    stored = json.loads(kept["k"])
    assert stored["items"][p.id]["m"] == 1 and stored["set"]
    q = s.next()
    assert q.id != p.id
    assert s.answer(q.answers[0], offer=s.offer - 1) is None  # an older offer is ignored
    assert s.answer(q.answers[0], offer=s.offer) is not None


def test_two_sessions_sharing_a_store_keep_both_answers() -> None:
    kept, load_text, save_text = _store()
    one = PuzzleSession(load_text, save_text, family="hoc")  # type: ignore[arg-type]
    two = PuzzleSession(load_text, save_text, family="hoc")  # type: ignore[arg-type]
    a = one.next()
    b = two.next()
    b = b if b.id != a.id else two.next()
    one.answer(a.answers[0])
    two.answer(b.answers[0])  # two never saw one's answer: it folds in what is stored first
    assert set(json.loads(kept["k"])["items"]) == {a.id, b.id}


def test_filters_links_and_bad_settings() -> None:
    _, load_text, save_text = _store()
    s = PuzzleSession(load_text, save_text, family="nope", level="impossible", theme="x")  # type: ignore[arg-type]
    assert len(s.problems) == 3 and s.family == s.families[0] and s.level == ANY
    family = load()[0].family
    theme = next(t for p in load(family) for t in p.themes)
    s.choose(family, "hard", theme)
    assert all(p.level == "hard" and theme in p.themes for p in s.pool()) or s.problems
    target = load("commit")[-1]
    assert s.open(target.id) is target and s.family == "commit"
    with pytest.raises(ValueError, match="no puzzle"):
        s.open("commit-00000000")


def test_the_drill_session_moves_on_and_keeps_answers() -> None:
    kept, load_text, save_text = _store()
    s = DrillSession(load_text, save_text, kind="settle", variant="modern-comet-1991")  # type: ignore[arg-type]
    first = s.next()
    seen = [first.id]
    for _ in range(4):
        seen.append(s.next().id)
    assert len(set(seen)) == 5  # Next without answering walks on, never back and forth
    d = s.current
    assert d is not None
    assert s.answer(next(iter(d.answers))) is not None
    assert json.loads(kept["k"])["items"][d.id]["r"] == 1
