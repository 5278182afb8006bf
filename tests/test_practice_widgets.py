"""The practice widgets: puzzles and rules drills, answered by pressing their buttons; progress kept."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from comet.plays import PASS  # noqa: E402
from comet_learn.drills import KINDS, NOBODY, PASS_OPTION, check, make, settlement_lines, variants_for  # noqa: E402
from comet_render.words import Names  # noqa: E402
from comet_learn.practice import GAP  # noqa: E402
from comet_learn.puzzles import THEMES, load  # noqa: E402
from tests.widget_helpers import click  # noqa: E402
from widgets import browser  # noqa: E402
from widgets.drills import DrillTrainer  # noqa: E402
from widgets.progress import where_kept  # noqa: E402
from widgets.puzzles import PuzzleTrainer  # noqa: E402
from website.study import puzzle_page  # noqa: E402


@pytest.fixture(autouse=True)
def empty_storage() -> None:
    browser._storage.clear()


def _button(trainer: PuzzleTrainer, text: str) -> Any:
    assert trainer.puzzle is not None
    i = list(trainer.puzzle.plays).index(text)
    return trainer.play_buttons.children[i]


def _kept(key: str = "comet:puzzles") -> dict[str, Any]:
    return json.loads(browser.stored(key) or "{}")  # type: ignore[no-any-return]


def test_a_right_answer_then_a_wrong_one_are_judged_explained_and_kept() -> None:
    t = PuzzleTrainer("modern")
    assert t.errors == 0 and not t.messages.is_error
    p = t.puzzle
    assert p is not None and p.family == "modern"
    assert "comet-table" in t.table.value and len(t.play_buttons.children) == len(p.plays)
    assert f"?id={p.id}" in t.prompt.value and "Themes" not in t.prompt.value  # a theme can hint at the answer
    assert "How the answers are proven" in t.definition.value and "1,000 deals" in t.definition.value
    click(_button(t, p.answers[0]))
    assert t.verdict is not None and t.verdict.correct
    assert "Right!" in t.feedback.value and "What each choice is worth" in t.feedback.value
    assert "The principle:" in t.feedback.value and "keeps the run going" not in t.feedback.value
    assert all(THEMES[th] in t.feedback.value for th in p.themes)
    assert _kept()["items"][p.id]["r"] == 1 and _kept()["items"][p.id]["m"] == 0
    # A second click (the end of a double click) on the same offer changes nothing.
    other = next(c for c in p.plays if c not in p.answers)
    click(_button(t, other))
    assert t.verdict.correct and _kept()["items"][p.id]["r"] == 1
    click(t.next_button)
    q = t.puzzle
    assert q is not None and q.id != p.id
    wrong = next(c for c in q.plays if c not in q.answers)
    click(_button(t, wrong))
    assert t.verdict is not None and not t.verdict.correct
    assert "Not the best." in t.feedback.value and "(yours)" in t.feedback.value and "(best)" in t.feedback.value
    assert _kept()["items"][q.id]["m"] == 1
    assert "Solved" in t.progress_html.value and "The modern comet" in t.progress_html.value


def test_a_stale_button_of_an_old_puzzle_is_ignored() -> None:
    t = PuzzleTrainer("hoc", "hard")
    old = list(t.play_buttons.children)
    click(t.next_button)
    click(old[0])
    assert t.verdict is None and browser.stored("comet:puzzles") is None


def test_a_missed_puzzle_comes_back_after_a_few_others_and_reset_forgets() -> None:
    t = PuzzleTrainer("manille")
    missed = t.puzzle
    assert missed is not None
    t.answer(next(c for c in missed.plays if c not in missed.answers))
    seen = []
    for _ in range(GAP + 1):
        click(t.next_button)
        assert t.puzzle is not None
        seen.append(t.puzzle.id)
        if t.puzzle.id != missed.id:
            t.answer(t.puzzle.answers[0])
    assert missed.id not in seen[:GAP] and seen[GAP] == missed.id
    # Progress survives a new widget (a reload of the page reads the same storage).
    again = PuzzleTrainer("manille")
    assert again.session.practice.items[missed.id].missed == 1
    click(again.reset_button)
    assert again.session.practice.items == {} and _kept()["items"] == {}
    assert "No answers yet" in again.progress_html.value


def test_next_without_answering_moves_on_through_the_set() -> None:
    t = PuzzleTrainer("commit")
    ids = [t.puzzle.id if t.puzzle else ""]
    for _ in range(5):
        click(t.next_button)
        ids.append(t.puzzle.id if t.puzzle else "")
    assert len(set(ids)) == len(ids)


def test_themes_are_shown_and_selectable_and_each_puzzle_has_a_link() -> None:
    family = "manille"
    theme = next(iter({th for p in load(family) for th in p.themes}))
    t = puzzle_page(f"family={family}&theme={theme}")
    assert t.puzzle is not None and theme in t.puzzle.themes
    assert {v for _, v in t.theme_choice.options} >= {"any", theme}
    target = load("new-comet")[-1]
    linked = puzzle_page(f"id={target.id}")
    assert linked.puzzle is target and linked.family_choice.value == "new-comet" and not linked.query_problems
    assert linked.notice.layout.display == "none"
    gone = puzzle_page("id=modern-00000000")
    # a notice at the top of the page (under its heading), the message said once
    assert gone.children[1] is gone.notice and gone.notice.layout.display != "none"
    assert gone.query_problems == [p for p in gone.query_problems if "no longer in the set" in p] and gone.puzzle
    assert gone.notice.value.count("no longer in the set") == 1 and not gone.messages.is_error
    ru = puzzle_page("family=nonsense&lang=ru")
    assert len(ru.query_problems) == 1 and ru.notice.value.count("nonsense") == 1


def test_bad_settings_and_bad_stored_values_fall_back() -> None:
    browser.store("comet:puzzles", "not json")
    t = PuzzleTrainer("nonsense", "impossible")
    assert "nonsense" in t.notice.value and "impossible" in t.notice.value and t.puzzle is not None
    assert "modern, " not in t.notice.value and "easy, medium" in t.notice.value  # levels named, no ids listed
    browser.store("comet:puzzles", json.dumps({"turn": "x", "items": {"a": {"g": 3}}}))
    assert PuzzleTrainer("hoc").session.practice.items == {}


def test_where_progress_is_kept_is_said_truthfully(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "notebook's Python" in where_kept()  # a notebook's kernel
    monkeypatch.setenv("VOILA_BASE_URL", "/")  # Voilà: a kernel per page, gone when the page closes
    assert "only while this page is open" in where_kept()
    assert "only while this page is open" in PuzzleTrainer("hoc").progress_html.value
    browser._send = lambda text, buffers: None
    try:
        assert "kept in this browser" in where_kept()
    finally:
        browser._send = None


def test_another_tabs_answers_are_merged_when_its_storage_changes() -> None:
    t = PuzzleTrainer("hoc")
    p = t.puzzle
    assert p is not None
    t.answer(p.answers[0])
    other = PuzzleTrainer("manille")  # another tab, its own copy of the progress
    q = other.puzzle
    assert q is not None
    other.answer(next(c for c in q.plays if c not in q.answers))
    # The other tab's write reaches this one as a storage event: both answers are kept and shown.
    browser.storage_changed("comet:puzzles", other.session.practice.dumps())
    assert {p.id, q.id} <= set(t.session.practice.items)
    assert "Manille" in t.progress_html.value and "Hoc" in t.progress_html.value


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
            after = rnd.copy()
            after.play(d.play)
            assert "♥" in d.question or "♦" in d.question or "♠" in d.question or "♣" in d.question \
                or "passes" in d.question or "JK" in d.question  # in the table's card symbols
            assert d.answers == {f"Seat {after.to_play}" if after.to_play is not None else NOBODY}
        elif kind == "settle":
            out = rnd.outcome()
            # the settlement as the table words it, seat 0 being "you" (no "seat N")
            assert out is not None and d.answers == {f"{out.payments[0]:+d}"}
            assert d.lines == settlement_lines(rnd, Names.seats(rnd.players, 0)) and "Net: You" in d.lines[-1]
            assert not any("seat" in line.lower() for line in d.lines)
        else:
            out = rnd.outcome()
            assert out is not None and d.answers == {"Yes" if out.opera else "No"}
        assert all(check(d, a) == (a in d.answers) for a in d.options)
    with pytest.raises(ValueError, match="kinds"):
        make("guess", "modern-comet-1991", 1)


def test_who_plays_next_never_asks_what_is_only_a_forced_pass() -> None:
    """The same seat is the answer only when it holds a card to go on with (or leads after a stop)."""
    for vid in variants_for("next"):
        for seed in range(12):
            d = make("next", vid, seed)
            rnd = d.position()
            after = rnd.copy()
            after.play(d.play)
            if after.to_play == rnd.to_play:
                assert any(p.kind != PASS for p in after.legal_plays()), (vid, seed)


def test_who_plays_next_shows_every_hand() -> None:
    """Who plays next may depend on who holds the next card: the question shows every hand."""
    t = DrillTrainer("next", "commit-1857")
    d = t.drill
    assert d is not None and d.seat is None
    for hand in d.position().hands:
        assert all(c.symbol in t.table.value for c in hand)


def test_the_quoted_rule_covers_the_case_asked() -> None:
    bridge = make("play", "commit-1857", 1)
    assert "bridging the gap" in bridge.rule and "AMB-24" in bridge.rule
    stops = [make("next", "commit-1991", s) for s in range(12)]
    assert any("a king is a stop" in d.rule for d in stops)
    assert all("Whoever holds" in d.rule or "stops" in d.rule or "last card" in d.rule or "passes" in d.rule
               for d in (make("next", "commit-1857", s) for s in range(8)))


def test_the_settlement_drill_hides_its_answer_until_answered() -> None:
    t = DrillTrainer("settle", "modern-comet-1991")
    d = t.drill
    assert d is not None
    out = d.position().outcome()
    assert out is not None
    net_line = html.escape(next(line for line in d.lines if line.startswith("Net:")))
    assert "Settlement" not in t.table.value and net_line not in t.table.value
    assert net_line not in t.prompt.value + t.feedback.value
    click(t.answer_buttons.children[d.options.index(next(iter(d.answers)))])
    assert t.correct is True and "Right!" in t.feedback.value and "Sources: S0" in t.feedback.value
    assert "comet-drill-lines" in t.feedback.value and net_line in t.feedback.value  # line by line
    positions = [t.feedback.value.index(html.escape(line.strip())) for line in d.lines]
    assert positions == sorted(positions)


def test_the_opera_drill_shows_no_settlement_before_the_answer() -> None:
    t = DrillTrainer("opera")
    assert t.drill is not None and "Settlement" not in t.table.value and "opera" not in t.table.value.lower()
    click(t.answer_buttons.children[0])
    assert "comet-drill-lines" in t.feedback.value and html.escape(t.drill.lines[0]) in t.feedback.value


def test_drill_trainer_right_wrong_and_progress() -> None:
    t = DrillTrainer("settle", "modern-comet-1991")
    assert t.errors == 0 and t.drill is not None
    d = t.drill
    click(t.answer_buttons.children[d.options.index(next(iter(d.answers)))])
    click(t.next_button)
    d2 = t.drill
    assert d2 is not None and d2.id != d.id
    click(t.answer_buttons.children[d2.options.index(next(a for a in d2.options if a not in d2.answers))])
    assert t.correct is False and "Not so." in t.feedback.value
    kept = _kept("comet:drills")
    assert kept["items"][d.id]["r"] == 1 and kept["items"][d2.id]["m"] == 1
    t.kind_choice.value = "opera"
    assert t.drill is not None and t.drill.kind == "opera" and not t.messages.is_error
    click(t.reset_button)
    assert _kept("comet:drills")["items"] == {}


def test_next_question_without_answering_moves_on() -> None:
    t = DrillTrainer("play", "hoc-third-stage")
    ids = [t.drill.id if t.drill else ""]
    for _ in range(5):
        click(t.next_button)
        ids.append(t.drill.id if t.drill else "")
    assert len(set(ids)) == len(ids)


def test_an_answer_not_offered_is_a_message_and_changes_nothing() -> None:
    t = PuzzleTrainer("commit")
    t.answer("XX")
    assert t.messages.is_error and "not a legal play" in t.messages.text
    assert not t.answered and browser.stored("comet:puzzles") is None
    d = DrillTrainer("opera")
    d.answer("Maybe")
    assert d.messages.is_error and "not an answer offered" in d.messages.text and not d.answered


def test_the_table_of_a_puzzle_is_the_solvers_view() -> None:
    """The other hand is drawn face down: a 1718 manille puzzle (one pack, every card unique) shows none of
    the opponent's cards, and every card of the solver's hand."""
    t = PuzzleTrainer("manille")
    p = t.puzzle
    assert p is not None
    rnd = p.position()
    mine, theirs = rnd.hands[p.seat], rnd.hands[1 - p.seat]
    assert all(c.symbol in t.table.value for c in mine)
    assert not any(c.symbol in t.table.value for c in theirs)
