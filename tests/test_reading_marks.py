"""What the site teaches rests on readings of the sources, and says so where it is read (issue 44).

The engine finds the readings (:mod:`comet_learn.readings`): every step of every lesson is verified again
under each other documented reading of its variant, every sentence of every rules panel is written again,
every kind of refusal is said again of the same deal; a sentence that changes rests on that reading, and
carries its "our reading" mark (:mod:`comet_learn.reading_marks`). Removing a mark, marking a reading a
sentence does not rest on, or changing a reading's default makes these tests fail. Each lesson credits
each source with what it says (:attr:`comet_learn.course.Lesson.credits`), checked against its chapter's
citations and :mod:`comet.ambiguities`.
"""

from __future__ import annotations

import dataclasses
import re
from html import escape
from pathlib import Path

import pytest

import comet
from comet.ambiguities import AMBIGUITIES, find_ambiguity
from comet.rulebook import SOURCES
from comet_learn.course import Lesson, runs, sentence, verify
from comet_learn.lesson_path import PATH
from comet_learn.reading_marks import mark_html, panel_html, refusal_mark, sources_html, step_mark
from comet_learn.reading_notes import NOTES, SOURCE_NAMES, WORKS, bib_key
from comet_learn.readings import alternatives, by_number, lesson_readings, mark_problems, panel_readings, refusal_readings
from comet_learn.refusals import KINDS, refusal, refusal_kind
from comet_learn.rules_panel import rules_lines
from comet_render.i18n import LANGS

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"


# ------------------------------------------------------------------ lessons: the marks the engine finds
@pytest.mark.parametrize("lesson", PATH.lessons, ids=lambda x: x.id)
def test_every_step_marks_the_readings_it_rests_on(lesson: Lesson) -> None:
    assert mark_problems(lesson) == []


def _lesson(lesson_id: str) -> Lesson:
    found = PATH.get(lesson_id)
    assert found is not None
    return found


def _restep(lesson: Lesson, index: int, **changes: object) -> Lesson:
    steps = list(lesson.steps)
    steps[index] = dataclasses.replace(steps[index], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(lesson, steps=tuple(steps))


def test_a_mark_removed_or_a_reading_marked_that_the_step_does_not_rest_on_fails() -> None:
    runs_ = _lesson("modern-runs")
    assert lesson_readings(runs_).steps[2] == {"AMB-35"} and mark_problems(runs_) == []
    bare = _restep(runs_, 2, readings=())
    assert mark_problems(bare) == ["modern-runs step 3 rests on AMB-35 and does not mark it"]
    extra = _restep(runs_, 0, readings=(("say", "AMB-36"),))
    assert mark_problems(extra) == ["modern-runs step 1 marks AMB-36, which it does not rest on (the engine finds "
                                    "none)"]
    deal = _lesson("modern-deal")  # its position (the 9♣ comet) rests on AMB-17, marked on its first step
    assert mark_problems(_restep(deal, 0, readings=(("then", "AMB-36"),))) == [
        "modern-deal step 1: its position rests on AMB-17, marked on none of its steps"]
    hoc = _restep(_lesson("hoc-stage"), 1, readings=(("then", "AMB-36"), ("then", "AMB-44"), ("here", "AMB-99")))
    assert mark_problems(hoc) == [
        "hoc-stage step 2 marks AMB-44, a reading hoc-third-stage does not make (its docstring does not name it) "
        "and no option of it switches",
        "hoc-stage step 2 marks AMB-99, which comet.ambiguities does not list",
        "hoc-stage step 2 marks a reading beside 'here', not one of ('say', 'then')"]


def _default(monkeypatch: pytest.MonkeyPatch, vid: str, option: str, value: object) -> None:
    """``vid`` played with ``option``'s default changed to ``value`` (its rules and the option's default)."""
    v = comet.VARIANTS[vid]
    changed = v.with_options(**{option: value})
    options = dict(v.options)
    options[option] = dataclasses.replace(options[option], default=value)
    monkeypatch.setitem(comet.variants.VARIANTS, vid, dataclasses.replace(v, rules=changed.rules, options=options))


@pytest.mark.parametrize(("lesson", "vid", "option", "value"), [
    ("modern-opera", "modern-comet-1991", "multipliers", "largest"),
    ("manille-pack", "old-comet-1718", "wild_is_stop", True),
    ("commit-turns", "commit-1857", "turn_model", "R"),
    ("new-comet-opera", "new-comet-1752", "opera", "first_turn"),
])
def test_a_readings_default_changed_makes_its_lesson_fail(monkeypatch: pytest.MonkeyPatch, lesson: str, vid: str,
                                                          option: str, value: object) -> None:
    found = _lesson(lesson)
    assert verify(found) == [] and mark_problems(found) == []
    _default(monkeypatch, vid, option, value)
    assert verify(found), f"{lesson} still verifies with {option}={value!r}"


def test_the_readings_the_engine_finds_under_the_lessons() -> None:
    """The list the issue asked for (a reading taught as a fact shows up here first)."""
    found = {}
    for lesson in PATH.lessons:
        f = lesson_readings(lesson)
        found[lesson.id] = by_number(set().union(*f.steps, *f.positions))
    assert found["new-comet-opera"] == ["AMB-12", "AMB-31"]
    assert found["manille-pack"] == ["AMB-7", "AMB-8"]
    assert found["commit-turns"] == ["AMB-22", "AMB-23"]
    assert found["hoc-out"] == ["AMB-5"]
    assert found["modern-opera"] == ["AMB-17", "AMB-45"]
    assert found["modern-stops"] == [] and found["manille-stops"] == []


def test_readings_no_option_switches_are_declared_only_where_the_variant_makes_them() -> None:
    for lesson in PATH.lessons:
        setup = lesson.steps[0].setup
        assert setup is not None
        switched = {o.amb for o in setup.game.options.values() if o.amb}
        for step in lesson.steps:
            for _where, amb in step.readings:
                if amb not in switched:
                    assert amb in setup.game.doc or find_ambiguity(amb).history, (lesson.id, amb)


# ------------------------------------------------------------------ the mark
def test_the_mark_is_a_disclosure_with_a_note_and_a_link_to_the_question() -> None:
    html = mark_html(["AMB-31", "AMB-12"], "en", "../book/reference/ambiguities.html")
    assert html.startswith('<details class="comet-reading"') and html.endswith("</details>")
    assert "<summary" in html and ">our readings</summary>" in html and 'data-readings="AMB-12 AMB-31"' in html
    assert html.index("ambiguity-12") < html.index("ambiguity-31")  # in the ambiguities' order
    assert 'href="../book/reference/ambiguities.html#ambiguity-31"' in html and "at once" in html
    assert "AMB-" not in re.sub(r"<[^>]+>", "", html)  # no code in what a learner reads
    assert mark_html([], "en") == "" and "href" not in mark_html(["AMB-8"], "en", None)
    for lang in LANGS:
        assert "our reading" not in mark_html(["AMB-8"], lang) or lang == "en"


def test_every_reading_a_mark_can_name_has_its_note() -> None:
    named = {a for v in comet.VARIANTS.values() for a, _o, _v in alternatives(v)}
    named |= {a for lesson in PATH.lessons for step in lesson.steps for _w, a in step.readings}
    named |= {a for v in comet.VARIANTS.values() for ambs in panel_readings(v).values() for a in ambs}
    assert named <= set(NOTES), sorted(named - set(NOTES))
    assert set(NOTES) <= {a.id for a in AMBIGUITIES}


def test_a_steps_marks_go_beside_its_sentences() -> None:
    step = _lesson("new-comet-opera").steps[1]
    assert 'data-readings="AMB-12 AMB-31"' in step_mark(step, "then", "fr", "x.html")
    assert step_mark(step, "say") == ""


# ------------------------------------------------------------------ the rules panel
@pytest.mark.parametrize("vid", sorted(comet.VARIANTS))
def test_every_sentence_of_the_rules_panel_carries_the_readings_it_rests_on(vid: str) -> None:
    v = comet.VARIANTS[vid]
    rnd = comet.Round.deal(v, players=min(v.players), seed=3)
    keys = [line.key for _h, lines in rules_lines(v) for line in lines]
    assert len(keys) == len(set(keys)), keys
    found = panel_readings(v)
    html = panel_html(rnd, "en", True, "a.html")
    for _head, lines in rules_lines(v):
        for line in lines:
            at = html.index(escape(line.text))
            after = html[at + len(escape(line.text)):]
            marked = re.match(r'<details class="comet-reading"[^>]*data-readings="([^"]*)"', after)
            assert (marked.group(1).split() if marked else []) == list(found[line.key]), (vid, line.key)


def test_the_rules_panel_readings_the_engine_finds() -> None:
    """A sentence that says what an option's value gives rests on its reading (and stops resting on it if
    the sentence no longer depends on the option: then this fails)."""
    modern = panel_readings(comet.VARIANTS["modern-comet-1991"])
    assert modern["must"] == ("AMB-35", "AMB-36") and modern["comet"] == ("AMB-17", "AMB-38")
    assert modern["multipliers"] == ("AMB-31", "AMB-45") and modern["paid"] == ("AMB-18",)
    assert panel_readings(comet.VARIANTS["commit-1857"])["first"] == ("AMB-22",)
    assert panel_readings(comet.VARIANTS["new-comet-1752"])["comet"] == ("AMB-38", "AMB-39")
    assert panel_readings(comet.VARIANTS["hoc-third-stage"])["pay"] == ("AMB-47",)


def test_hocs_table_says_its_card_play_is_a_reconstruction() -> None:
    for lang in LANGS:
        lines = {line.key for _h, lines in rules_lines(comet.VARIANTS["hoc-third-stage"], lang) for line in lines}
        assert "reconstruction" in lines
    for lesson in PATH.of("hoc"):
        assert "pieced together" in lesson.changes, lesson.id


# ------------------------------------------------------------------ refusals, the rule of the moment
def _position(vid: str, hands: list[str], plays: tuple[str, ...] = (), leader: int = 0, **options: object) -> comet.Round:
    v = comet.find_variant(vid).with_options(**options) if options else vid
    rnd = comet.Round.from_hands(v, hands, leader)
    for play in plays:
        rnd.play(play)
    return rnd


REFUSALS = [  # (kind, variant, hands, plays before, the play refused, the readings it rests on)
    ("over", "modern-comet-1991", ["5H", "7D 8D"], ("5H",), "pass", ()),
    ("redeal", "new-comet-1752", ["5H 6D 7H 2H", "KH QD 2D 4H"], (), "5H", ()),
    ("exchange", "yanovsky-exchange", [], (), "", ()),
    ("lead-pass", "old-comet-1718", ["5H 6D", "7H 8H"], (), "pass", ("AMB-14",)),
    ("lead-pass", "modern-comet-1991", ["5H 6D", "7H 8H"], (), "pass", ()),
    ("must", "modern-comet-1991", ["5H 6D KD", "7H 8H"], ("5H",), "pass", ("AMB-36",)),
    ("must", "modern-comet-1991", ["5H 7D KD", "6H 8H"], ("5H", "pass", "6H", "pass"), "pass", ("AMB-35",)),
    ("not-now", "modern-comet-1991", ["5H 6D", "7H 8H"], ("5H",), "claim", ("AMB-36",)),
    ("not-held", "modern-comet-1991", ["5H 6D", "7H 8H"], ("5H",), "6H", ()),
    ("holder", "commit-1857", ["5S 6S 2C", "7S 3C", "KD 4C"], ("5S", "6S"), "3C", ("AMB-22", "AMB-23")),
    ("group", "modern-comet-1991", ["5D 5D 2H", "7H 8H"], (), "5D 5D", ()),
    ("lead", "modern-comet-1991", ["5H 9C", "7H 8H"], (), "9C", ()),
    ("wild", "modern-comet-1991", ["5H 9C KD", "7H 8H"], ("5H",), "9C=8", ("AMB-38",)),
    ("needs", "modern-comet-1991", ["5H 6D KD", "7H 8H"], ("5H",), "KD", ("AMB-36",)),
]
"""A position for every kind of refusal, and the readings the engine finds the refusal resting on."""


def test_every_kind_of_refusal_is_sampled() -> None:
    assert {kind for kind, *_rest in REFUSALS} == set(KINDS)


@pytest.mark.parametrize(("kind", "vid", "hands", "plays", "play", "readings"), REFUSALS,
                         ids=[f"{r[0]}-{r[1]}" for r in REFUSALS])
def test_every_kind_of_refusal_rests_on_the_readings_the_engine_finds(kind: str, vid: str, hands: list[str],
                                                                      plays: tuple[str, ...], play: str,
                                                                      readings: tuple[str, ...]) -> None:
    rnd = _position(vid, hands, plays) if hands else comet.Round.deal(vid, players=2, seed=1)
    refused = comet.Play.parse(play or str(rnd.hands[rnd.to_play or 0][0]))
    assert not rnd.is_legal(refused) and refusal_kind(rnd, refused) == kind
    assert refusal_readings(rnd, refused) == readings, refusal(rnd, refused)
    mark = refusal_mark(rnd, refused, "ru", "a.html")
    assert (f'data-readings="{" ".join(readings)}"' in mark) if readings else mark == ""


def test_a_sentence_about_a_position_may_rest_on_a_reading_only_if_the_deal_is_the_same_under_it() -> None:
    """Under a reading that makes another card the comet the deal does not exist: it says nothing."""
    from comet_learn.readings import moment_readings, position_readings

    rnd = _position("modern-comet-1991", ["5H 6D 9C", "7H 8H"], ("5H",))
    assert position_readings(rnd, lambda r: len(r.hands[0])) == ()
    assert moment_readings(rnd) == ("AMB-36",)  # "you may play 6♦ or the comet", not "or pass"


# ------------------------------------------------------------------ credits
def _cited(chapter: str) -> set[str]:
    text = (BOOK / f"{chapter}.md").read_text(encoding="utf-8")
    return {key for group in re.findall(r"\{cite:[pt]\}`([^`]*)`", text) for key in group.split(",")}


def _keys(sources: str) -> list[str]:
    return [k.strip() for k in re.split(r"[,;]", sources) if k.strip()]


@pytest.mark.parametrize("lesson", PATH.lessons, ids=lambda x: x.id)
def test_every_lesson_credits_each_source_with_what_its_chapter_cites_it_for(lesson: Lesson) -> None:
    from bookkit.markdown import BIB_KEYS

    assert lesson.credits, f"{lesson.id} credits no source"
    cited = _cited(lesson.chapter)
    marked = {amb for step in lesson.steps for _w, amb in step.readings}
    bib = (BOOK / "references.bib").read_text(encoding="utf-8")
    credited: list[str] = []
    for credit in lesson.credits:
        keys = _keys(credit.sources)
        assert keys or credit.work, credit
        for key in keys:
            assert key in SOURCES and bib_key(key) == BIB_KEYS[key], (lesson.id, key)
            assert BIB_KEYS[key] in cited, f"{lesson.id} credits {key}, which {lesson.chapter} does not cite"
            credited.append(key)
        if credit.work:
            assert credit.work in WORKS and f"@misc{{{credit.work}," in bib, credit.work
            assert credit.work in cited, f"{lesson.id} credits {credit.work}, which {lesson.chapter} does not cite"
        if credit.amb:
            told = set(_keys(find_ambiguity(credit.amb).sources))
            assert set(keys) <= told, f"{lesson.id} credits {keys} with a side of {credit.amb}, whose sources are {told}"
            assert credit.amb in marked, f"{lesson.id} credits a side of {credit.amb} and marks it nowhere"
    assert _keys(lesson.sources) == list(dict.fromkeys(credited)), (lesson.id, lesson.sources)


def test_the_sources_line_names_and_links_each_source() -> None:
    commit = _lesson("commit-turns")
    line = sources_html(commit, "en", "../book/reference/bibliography.html")
    assert line.startswith("Sources: <a href=\"../book/reference/bibliography.html#cite-hoyle1857\"")
    assert "Foster&#x27;s Complete Hoyle (1897)</a>: runs within a suit" in line
    assert "#cite-s0\"" in line and "#cite-popejoan\"" in line and "AMB" not in line and "S0" not in line
    bib = (BOOK / "references.bib").read_text(encoding="utf-8")
    for lesson in PATH.lessons:
        for lang in LANGS:
            html = sources_html(lesson, lang, "b.html")
            for key in re.findall(r"#cite-([\w]+)", html):
                assert f"@misc{{{key}," in bib
    assert set(SOURCE_NAMES) >= {k for lesson in PATH.lessons for c in lesson.credits for k in [c.sources] if k
                                 and "S0" in k and "S1" in k} | {"S2", "Foster", "PJ"}


# ------------------------------------------------------------------ what the lessons say
def test_no_lesson_sentence_shows_a_sources_code() -> None:
    for lesson in PATH.lessons:
        said = [lesson.title, lesson.summary, lesson.changes, lesson.practice.say]
        said += [sentence(text, run) for run in runs(lesson) for text in (run.step.say, run.step.idea, run.step.then)]
        for text in said:
            assert not re.search(r"\bAMB-\d|\bS[0-2]\b", text), (lesson.id, text)


def test_no_free_play_deals_the_comet_before_the_comets_lesson() -> None:
    modern = PATH.of("modern")
    before = modern[:[x.id for x in modern].index("modern-comet")]
    for lesson in before:
        rnd = lesson.practice.setup().round()
        assert not any(c in rnd.wilds for hand in rnd.hands for c in hand), lesson.id
