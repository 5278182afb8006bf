"""Learn to play: every lesson's claims hold against the engine as it stands (and a rule changed makes
them fail), the lesson's flow at the table (feedback from the rules, hints, three misses, marks), the
marks kept and merged, forced passes made for a person, the rules panel of every game."""

from __future__ import annotations

import dataclasses
import re

import pytest

import comet
from comet.ambiguities import AMBIGUITIES
from comet.rulebook import SOURCES
from comet_learn.course import LEARNER, Ends, Lesson, Pays, Setup, Step, Stops, verify
from comet_learn.course_marks import Marks
from comet_learn.lesson_path import FAMILIES, PATH
from comet_learn.refusals import refusal
from comet_learn.rules_panel import moment, rules_sections
from comet_render.i18n import LANGS
from widgets.controllers.checks import PERSON
from widgets.controllers.lessons.flow import MISSES, OVER, PRACTICE, RESULT, STEPS, LessonController
from widgets.controllers.table import TableController


@pytest.mark.parametrize("lesson", PATH.lessons, ids=lambda x: x.id)
def test_every_claim_of_every_lesson_holds(lesson: Lesson) -> None:
    assert verify(lesson) == []


def test_the_path_has_eight_modern_lessons_and_three_for_every_other_family() -> None:
    counts = {family: len(PATH.of(family)) for family in FAMILIES}
    assert counts["modern"] >= 8, counts
    assert all(n >= 3 for n in counts.values()), counts
    assert len({x.id for x in PATH.lessons}) == len(PATH.lessons)
    assert {x.family for x in PATH.lessons} <= set(FAMILIES)


def test_every_lesson_cites_its_chapter_and_sources() -> None:
    from pathlib import Path

    book = Path(__file__).resolve().parent.parent / "book"
    for lesson in PATH.lessons:
        assert (book / f"{lesson.chapter}.md").exists(), lesson.chapter
        cited = [c.strip() for c in re.split(r"[,;]", lesson.sources) if c.strip()]
        assert cited and all(c in SOURCES or c in KNOWN_AMBS for c in cited), (lesson.id, lesson.sources)
        assert any(c in SOURCES for c in cited), lesson.sources


KNOWN_AMBS = {a.id for a in AMBIGUITIES}


def _changed(monkeypatch: pytest.MonkeyPatch, vid: str, **rules: object) -> None:
    v = comet.VARIANTS[vid]
    monkeypatch.setitem(comet.variants.VARIANTS, vid, dataclasses.replace(v, rules=dataclasses.replace(v.rules, **rules)))


@pytest.mark.parametrize(("lesson", "rules"), [
    ("modern-comet", {"wild_pay": 3}),  # the comet would earn 3, not 2
    ("modern-stops", {"king_stops": False}),
    ("modern-going-out", {"comet_holder_multiplier": 1}),
    ("modern-groups", {"groups": frozenset({"four"})}),
])
def test_a_rule_changed_makes_its_lesson_fail(monkeypatch: pytest.MonkeyPatch, lesson: str,
                                               rules: dict[str, object]) -> None:
    found = PATH.get(lesson)
    assert found is not None and verify(found) == []
    _changed(monkeypatch, "modern-comet-1991", **rules)
    assert verify(found), f"{lesson} still verifies with {rules}"


def test_a_sentence_that_names_what_the_step_does_not_give_fails() -> None:
    setup = Setup("modern-comet-1991", ("5H 6D TD KH", "4D 7H 8H 9H JD QD"), before=("5H",))
    step = Step("Play the {card} for {amount}.", "6D", "idea", "then", "TD", setup=setup)
    lesson = Lesson("x", "modern", "t", "s", "rules/modern", "S0", (step, dataclasses.replace(step, setup=None,
                                                                                           say="{card}", play="7H")),
                    PATH.lessons[0].practice)
    problems = verify(lesson)
    assert any("names what the step does not give" in p for p in problems), problems
    assert any("refused the script: 7H is illegal" in p for p in problems), problems


def test_claims_catch_a_wrong_stop_a_wrong_payment_and_a_wrong_result() -> None:
    setup = Setup("modern-comet-1991", ("4H 9C TD KD", "5H 6H 7H 2D 3D"), before=("4H",))
    bad = Step("{card}", "9C=5", "i", "t", "TD", claims=(Pays(comet.ledger.Why.WILD, 3), Stops(comet.events.Stop.KING),
                                                        Ends(LEARNER, 10)), setup=setup)
    problems = verify(Lesson("x", "modern", "t", "s", "rules/modern", "S0", (bad, dataclasses.replace(
        bad, setup=None, claims=(), play="TD", wrong="KD")), PATH.lessons[0].practice))
    assert any("Pays" in p for p in problems) and any("Stops" in p for p in problems) and any("Ends" in p for p in problems)


# ------------------------------------------------------------------ the flow at the table
def _lesson(lesson_id: str = "modern-runs", lang: str = "en") -> tuple[LessonController, list[str]]:
    saved: list[str] = []
    flow = TableController("modern-comet-1991", 2, 1, lang=lang)
    return LessonController(flow, lesson_id, Marks(), saved.append), saved


def _finish_steps(lesson: LessonController) -> None:
    while lesson.phase in (STEPS, RESULT):
        if lesson.phase == RESULT:  # (the step's result on the table: Continue)
            lesson.go_on()
            continue
        step = lesson.step
        said = lesson.attempt(comet.Play.parse(step.play))
        assert said.accepted
        lesson.flow.run_bots()
        lesson.settled()


def test_a_lesson_played_right_is_done_without_help_and_kept() -> None:
    lesson, saved = _lesson()
    assert lesson.instruction().startswith("You led the 5♥. The run needs a 6")
    _finish_steps(lesson)
    assert lesson.phase == PRACTICE and lesson.marks.marks == {"modern-runs": 3}
    assert Marks.parse(saved[-1]).marks == {"modern-runs": 3}
    assert lesson.flow.round.to_play == LEARNER and not lesson.flow.round.history  # the free play's deal


def test_an_illegal_play_is_refused_with_the_rules_reason_and_the_step_repeats() -> None:
    lesson, _saved = _lesson()
    rnd = lesson.flow.round
    before = list(rnd.history)
    said = lesson.attempt(comet.Play.parse("TD"))
    assert said.refused and said.text == "The run needs a 6, and 10♦ is not that: you may play 6♦."
    assert rnd.history == before and lesson.index == 0 and lesson.help == 1


def test_a_pass_you_may_not_make_says_that_a_player_who_can_go_on_must() -> None:
    lesson, _saved = _lesson()
    for _ in range(2):  # the two first steps, then the third asks for the 10♦
        lesson.attempt(comet.Play.parse(lesson.step.play))
        lesson.flow.run_bots()
        lesson.settled()
    said = lesson.attempt(comet.Play.parse("pass"))
    assert said.refused and said.text == "You may not pass: you may play 10♦. A player who can go on must."


def test_a_legal_play_that_is_not_the_lessons_is_refused_with_the_steps_idea() -> None:
    lesson, _saved = _lesson("modern-groups")
    said = lesson.attempt(comet.Play.parse("7H"))
    assert said.refused
    assert said.text.startswith("7♥ is not this step's play. A group sheds several cards")


def test_three_misses_show_the_play_and_move_on_marked_as_helped() -> None:
    lesson, _saved = _lesson()
    for n in range(1, MISSES):
        assert lesson.attempt(comet.Play.parse("KH")).refused and lesson.misses == n
    said = lesson.attempt(comet.Play.parse("KH"))
    assert said.shown and said.text.endswith("Here is the play: 6♦.")
    assert [p.text for _s, p in lesson.flow.round.history][-1] == "6D"
    lesson.flow.run_bots()
    lesson.settled()
    assert lesson.index == 1 and lesson.misses == 0
    _finish_steps(lesson)
    assert lesson.marks.marks == {"modern-runs": 1}  # (three misses and a play shown: 5 help, 1 star)


def test_hints_give_the_idea_then_the_card() -> None:
    lesson, _saved = _lesson()
    first, play = lesson.hint()
    assert first == "Hint: Suits are ignored in the modern game: only the rank counts." and play is None
    second, play = lesson.hint()
    assert second == "Hint: play 6♦." and play is not None and play.text == "6D"
    _finish_steps(lesson)
    assert lesson.marks.marks == {"modern-runs": 2}  # (two hints: 2 stars)


def test_the_free_play_has_a_coach_and_passes_for_you() -> None:
    lesson, _saved = _lesson()
    _finish_steps(lesson)
    flow = lesson.flow
    assert flow.auto_pass and flow.seats == [PERSON, "random"]
    plays = 0
    while not flow.round.is_over:
        if flow.bot_to_move():
            flow.bot_step()
            continue
        best = lesson.coach()
        assert best is not None and best in flow.round.legal_plays()
        assert best.kind != "pass" or len(flow.round.legal_plays()) > 1  # a forced pass is made for you
        advice = lesson.advice()
        assert advice is not None and advice.reason.problem(flow.round) is None
        assert lesson.instruction().endswith(advice.reason.sentence(flow.round))
        flow.play(best)
        plays += 1
    lesson.settled()
    assert lesson.phase == OVER and plays > 0
    assert lesson.instruction() == "Lesson done. Next: What stops a run."


@pytest.mark.parametrize("lesson_id", [x.id for x in PATH.lessons])
def test_every_free_play_ends_with_the_coach_followed(lesson_id: str) -> None:
    lesson, _saved = _lesson(lesson_id)
    _finish_steps(lesson)
    flow = lesson.flow
    for _ in range(400):
        if flow.round.is_over:
            break
        if flow.bot_to_move():
            flow.bot_step()
            continue
        best = lesson.coach()
        assert best is not None and best in flow.round.legal_plays()
        flow.play(best)
    lesson.settled()
    assert lesson.phase == OVER


def comet_render_label(play: comet.Play) -> str:
    from comet_render.i18n import words
    from comet_render.words import play_label

    return play_label(words("en"), play)


def test_an_unknown_lesson_or_step_is_refused() -> None:
    from widgets.controllers.checks import UserError

    lesson, _saved = _lesson()
    with pytest.raises(UserError, match="not a lesson"):
        lesson.open("no-such-lesson")
    with pytest.raises(UserError, match="steps"):
        lesson.open("modern-runs", 9)
    assert lesson.lesson.id == "modern-runs" and lesson.index == 0


# ------------------------------------------------------------------ marks
def test_marks_only_improve_and_two_tabs_merge() -> None:
    a, b = Marks(), Marks()
    assert a.mark("modern-deal", 1) and not a.mark("modern-deal", 1)
    assert a.mark("modern-deal", 3) and not a.mark("modern-deal", 2)
    assert a.marks == {"modern-deal": 3}
    b.mark("modern-runs", 0)
    b.at("modern-runs", 2)
    assert a.merge(b.text())
    assert a.marks == {"modern-deal": 3, "modern-runs": 0} and (a.lesson, a.step) == ("modern-runs", 2)
    assert not a.merge(b.text())
    c = Marks()
    c.mark("modern-deal", 1)
    assert not a.merge(c.text())  # a worse mark never replaces a better one
    assert a.marks["modern-deal"] == 3


@pytest.mark.parametrize("text", [None, "", "{", "[]", '{"marks": [1]}', '{"marks": {"x": "great"}, "at": 3}',
                                  '{"at": {"lesson": 5, "step": "two"}}', '{"at": {"lesson": "a", "step": true}}'])
def test_marks_that_cannot_be_read_are_a_fresh_start(text: str | None) -> None:
    marks = Marks.parse(text)
    assert marks.marks == {} and marks.step == 0 and isinstance(marks.lesson, str)


# ------------------------------------------------------------------ forced passes at any table
def test_a_pass_that_is_your_only_play_is_made_for_you_with_a_note() -> None:
    flow = TableController("modern-comet-1991", 2, 1)
    flow.match.round = comet.Round.from_hands("modern-comet-1991", ["5H 6D TD KH", "4D 7H 8H 9H JD QD"], 0)
    flow.round.play("5H")
    flow.round.play("6D")
    assert flow.forced_pass_due() and flow.bot_to_move()
    flow.run_bots()
    assert flow.round.to_play == 0 and flow.round.targets is not None  # back to you: the 10
    assert [p.text for _s, p in flow.round.history][2] == "pass"
    assert flow.turn_message().startswith("You cannot play a 7: passed for you.")
    off = TableController("modern-comet-1991", 2, 1, auto_pass=False)
    off.match.round = comet.Round.from_hands("modern-comet-1991", ["5H 6D TD KH", "4D 7H 8H 9H JD QD"], 0)
    off.round.play("5H")
    off.round.play("6D")
    assert not off.forced_pass_due() and not off.bot_to_move()


def test_refusals_say_what_the_run_needs_and_what_you_may_do() -> None:
    rnd = comet.Round.from_hands("modern-comet-1991", ["5H 6D 9C KH", "4D 7H 8H"], 0)
    assert refusal(rnd, comet.Play.parse("pass")) == "You lead: a leader must play a card, any card of the hand."
    rnd.play("5H")
    assert refusal(rnd, comet.Play.parse("KH")) == ("The run needs a 6, and K♥ is not that: you may play 6♦ or the "
                                                     "comet (9♣).")
    assert refusal(rnd, comet.Play.parse("QH")) == "You do not hold Q♥."
    assert refusal(rnd, comet.Play.parse("KH"), "fr") != refusal(rnd, comet.Play.parse("KH"))


# ------------------------------------------------------------------ the rules panel
@pytest.mark.parametrize("vid", sorted(comet.VARIANTS))
def test_the_rules_of_every_game_fit_a_page_in_every_language(vid: str) -> None:
    v = comet.VARIANTS[vid]
    for lang in LANGS:
        sections = rules_sections(v, lang)
        words_count = sum(len(text.split()) for _h, text in sections)
        assert 60 < words_count < 450, (vid, lang, words_count)
        assert not any("{" in text for _h, text in sections)
    text = " ".join(t for _h, t in rules_sections(v))
    for n in v.players:
        assert f"{v.deal_size(n)} with {n}" in text


def test_the_rule_of_the_moment_says_what_you_may_play() -> None:
    rnd = comet.Round.from_hands("modern-comet-1991", ["5H 6D 9C KH", "4D 7H 8H"], 0)
    assert moment(rnd).startswith("Now: a new lead")
    rnd.play("5H")
    assert moment(rnd) == "Now: a 6 (one rank higher, suits ignored); you may play 6♦ or the comet (9♣)."
    assert moment(rnd, yours=False) == "Now the run needs a 6 (one rank higher, suits ignored)."


# ------------------------------------------------------------------ every word in four languages
ENGLISH = re.compile(r"\b(the|and|you|your|with|without|which|who|plays?|played|cannot|leads?|pays|cards?|"
                     r"opponent|next|nobody|none|stops?|runs?|holds?|goes|out|keep|hand|lesson|step|deal)\b",
                     re.IGNORECASE)
"""English words none of the lessons' French, Russian or Spanish sentences uses."""


@pytest.mark.parametrize("lang", ["fr", "ru", "es"])
def test_every_lesson_and_the_rules_panel_in_each_language_have_no_english_left(lang: str) -> None:
    from comet_learn.course import runs, sentence
    from comet_render.i18n import words

    _ = words(lang)
    said: list[str] = []
    for lesson in PATH.lessons:
        said += [_(lesson.title), _(lesson.summary), _(lesson.changes) if lesson.changes else "",
                 _(lesson.practice.say, size=lesson.practice.size, p1=_("Anna"))]
        for run in runs(lesson):
            said += [sentence(text, run, lang) for text in (run.step.say, run.step.idea, run.step.then)]
    for v in comet.VARIANTS.values():
        said += [text for _h, text in rules_sections(v, lang)]
    left = [text for text in said if ENGLISH.search(text)]
    assert not left, f"{len(left)} sentences with English words, e.g. {left[:3]}"


def test_the_play_tables_rules_panel_and_forced_passes_are_one_tap_away() -> None:
    from widgets.play import PlayTable

    table = PlayTable(variant="modern-comet-1991", players=2, seed=1, lang="fr")
    rules = table.toggles["rules"]
    assert rules.description == "Règles" and table.rules_panel.layout.display == "none"
    rules.value = True
    shown = table.rules_panel.value
    assert table.rules_panel.layout.display == "" and "comet-rule-now" in shown
    assert all(text.split(":")[0] in shown for _h, text in rules_sections(table.round.variant, "fr")[:1])
    assert table.auto_pass_box.value is True and table.flow.auto_pass
    table.auto_pass_box.value = False
    assert table.flow.auto_pass is False


def test_another_tabs_marks_are_merged_into_the_lessons_page() -> None:
    from widgets import browser
    from widgets.lessons.table import STORAGE_KEY, LessonTable

    browser.load_storage("{}")
    table = LessonTable(lesson="modern-runs")
    assert browser.stored(STORAGE_KEY) is not None and table.marks.lesson == "modern-runs"
    other = Marks()
    other.mark("modern-deal", 3)
    other.mark("modern-stops", 1)
    browser.storage_changed(STORAGE_KEY, other.text())  # another tab finished two lessons
    assert table.marks.marks == {"modern-deal": 3, "modern-stops": 1}
    assert table.path.value.count("★") == 4 and "3 stars of 3" in table.path.value and "1 star of 3" in table.path.value
    reopened = LessonTable()  # no lesson in the address: where the learner left off
    assert reopened.lesson.lesson.id == table.marks.lesson
