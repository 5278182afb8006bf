"""The puzzles and the drills in French, Russian and Spanish: a puzzle's verdict (its lines, its lesson),
each kind of drill's question, answers, rule and settlement, the pages' every word after an answer, and
the practice words (today's set, the progress) come out with no English left, the cards in each
language's letters, and no "seat N" (tests/browser/test_languages.py checks the pages in a browser)."""

from __future__ import annotations

import html
import re

import pytest

from comet_learn.drills import KINDS, make, variants_for
from comet_learn.puzzles import PRINCIPLES, lesson, load
from comet_learn.trainers import describe_today

LANGS = ("fr", "ru", "es")
ENGLISH = re.compile(r"\b(the|and|you|your|with|without|which|who|plays?|played|cannot|leads?|deals?|pays|"
                     r"cards?|opponent|average|best|right|next|nobody|none|yes|themes?|level|puzzle|"
                     r"progress|reviews?|today|settlement|stops?|runs?|holds?|goes|out|keep|worth|greedy|hand|trail)\b",
                     re.IGNORECASE)
"""English words no French or Spanish text of these pages uses (``net``, ``sources`` and ``passes`` are French
too)."""
LATIN_ALLOWED = {"S0", "S1", "S2", "Enc", "PW", "PJ", "Arnold", "Hoyle", "American", "New", "Complete", "JK",
                 "Hocs", "Hoc", "FR", "AMB", "W", "Mazarin",
                 "English", "Français", "Español", "Python"}
"""Words in Latin letters a Russian text may show: the sources' keys and authors, the readings, the joker, the
languages' own names, Python (where the progress is kept in a notebook); and a puzzle's id (``modern-0a1b2c3d``)."""
FOREIGN_RANKS = {"fr": re.compile(r"\b[JQK][♥♦♠♣]"), "ru": re.compile(r"\b[AJQK][♥♦♠♣]"), "es": None}
"""Rank letters another language's pack prints (French: V/D/R, Russian: В/Д/К/Т)."""


def text_of(markup: str) -> str:
    """The text a reader sees (a picture's title is its accessible name, checked too)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def without_keys(text: str) -> str:
    """A notice without the values an address may take (``level=hard``: the keys stay English)."""
    import comet
    from comet_learn.puzzles import LEVELS, THEMES, load

    keys = {*LEVELS, *THEMES, *KINDS, *comet.VARIANTS, *(p.family for p in load()), "any"}
    return re.sub(r"[\w\-]+", lambda m: "" if m.group(0) in keys else m.group(0), text)


def english_left(text: str, lang: str) -> list[str]:
    if lang == "ru":
        words = {w for w in re.findall(r"[A-Za-z][\w\-]*", text)}
        return sorted(w for w in words if w not in LATIN_ALLOWED
                      and not re.fullmatch(r"(AMB|FR|W|[A-Z]+)-[\w\-]+|S\d|[a-z\-]+-[0-9a-f]{8}", w))
    return sorted({m.group(0).lower() for m in ENGLISH.finditer(text)})


def assert_translated(text: str, lang: str) -> None:
    assert not english_left(text, lang), (lang, english_left(text, lang), text[:600])
    assert "seat" not in text.lower(), text[:600]
    foreign = FOREIGN_RANKS[lang]
    assert foreign is None or not foreign.search(text), (lang, text[:600])


def sample_puzzles() -> list:
    """Exact and sampled puzzles of every family, and one of every lesson."""
    found: dict[str, object] = {}
    for p in load():
        keys = [f"{p.family}/{p.method}", lesson(p.position(), p.answers, p.options)]
        for key in keys:
            found.setdefault(key, p)
    return list(dict.fromkeys(found.values()))


@pytest.mark.parametrize("lang", LANGS)
def test_a_puzzles_verdict_has_no_english_left(lang: str) -> None:
    seen = set()
    for p in sample_puzzles():
        for answer in (p.answers[0], p.plays[-1]):
            v = p.check(answer, lang)
            for text in (v.why, v.principle, *(line for _t, line in v.lines)):
                assert_translated(text, lang)
            seen.add(v.principle)
            english = p.check(answer)
            assert v.correct == english.correct and v.best == english.best  # the same judgement
    assert len(seen) >= 5 and seen <= {p for p in (__import__("comet_render.i18n").i18n.words(lang)(x)
                                                   for x in PRINCIPLES.values())}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_of_drill_has_no_english_left(kind: str, lang: str) -> None:
    for vid in variants_for(kind)[::3]:
        for seed in (0, 1):
            d, english = make(kind, vid, seed, lang), make(kind, vid, seed)
            assert (d.options, d.answers, d.record) == (english.options, english.answers, english.record)
            for text in (d.question, d.rule, *d.lines, *(d.label(o) for o in d.options)):
                assert_translated(text, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_todays_set_in_each_language(lang: str) -> None:
    for due, new in ((0, 0), (1, 0), (0, 1), (2, 5), (21, 3)):
        assert_translated(describe_today(due, new, lang), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_puzzle_page_after_an_answer_has_no_english_left(lang: str) -> None:
    pytest.importorskip("ipywidgets")
    from tests.widget_helpers import click
    from widgets import browser
    from website.study import puzzle_page

    browser._storage.clear()
    for family in ("modern", "manille"):
        t = puzzle_page(f"family={family}&lang={lang}")
        p = t.puzzle
        assert p is not None
        wrong = next(x for x in p.plays if x not in p.answers)
        click(t.play_buttons.children[p.plays.index(wrong)])
        shown = [t.children[0].value, t.prompt.value, t.table.value, t.feedback.value, t.definition.value,
                 t.today_html.value, t.progress_html.value, t.messages.widget.value,
                 t.next_button.description, t.next_button.tooltip, t.reset_button.description]
        shown += [b.description for b in t.play_buttons.children] + [b.tooltip for b in t.play_buttons.children]
        for choice in (t.family_choice, t.level_choice, t.theme_choice):
            shown += [choice.description, *(label for label, _v in choice.options)]
        assert_translated(text_of("\n".join(shown)), lang)
        assert f"lang={lang}" in t.prompt.value  # the puzzle's own link keeps the language
        assert "comet-lang-" + lang in t._dom_classes
    browser._storage.clear()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", list(KINDS))
def test_the_drill_page_after_an_answer_has_no_english_left(kind: str, lang: str) -> None:
    pytest.importorskip("ipywidgets")
    from tests.widget_helpers import click
    from widgets import browser
    from website.study import drill_page

    browser._storage.clear()
    t = drill_page(f"kind={kind}&lang={lang}")
    d = t.drill
    assert d is not None and d.lang == lang
    click(t.answer_buttons.children[0])
    shown = [t.children[0].value, t.prompt.value, t.table.value, t.feedback.value, t.today_html.value,
             t.progress_html.value, t.messages.widget.value, t.next_button.description, t.reset_button.description]
    shown += [b.description for b in t.answer_buttons.children]
    for choice in (t.kind_choice, t.variant_choice):
        shown += [choice.description, *(label for label, _v in choice.options)]
    assert_translated(text_of("\n".join(shown)), lang)
    browser._storage.clear()


@pytest.mark.parametrize("lang", LANGS)
def test_bad_addresses_are_said_in_the_pages_language(lang: str) -> None:
    pytest.importorskip("ipywidgets")
    from website.study import drill_page
    from website.study import puzzle_page

    t = puzzle_page(f"family=nope&level=impossible&theme=luck&lang={lang}")
    assert t.query_problems and not t.messages.is_error  # a notice at the top of the page
    assert_translated(without_keys(text_of(t.notice.value).replace("'nope'", "")
                                   .replace("'impossible'", "").replace("'luck'", "")), lang)
    t = puzzle_page(f"id=modern-00000000&lang={lang}")
    assert "modern-00000000" in t.notice.value
    d = drill_page(f"kind=guess&variant=nowhere&lang={lang}")
    assert d.query_problems and d.children[1] is d.notice
    assert_translated(without_keys(text_of(d.notice.value).replace("'guess'", "").replace("'nowhere'", "")),
                      lang)
