"""The chapters' exercises: three to five per chapter, each marked warm-up, practice or challenge,
every solution explained in words, every answer glued from the engine, and each answer of the
rules chapters re-checked here against the value reasoned out by hand.

The rules chapters' own hidden cells are run (with ``glue`` capturing what it is given), so the
test checks the very computation the book shows, not a copy of it.  The analysis chapters'
cells play thousands of deals, so for them the test checks the exercises' form and that every
value a solution shows is glued by the page (the book build runs them).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("myst_nb")

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = ["history/origins", "rules/manille", "rules/new-comet", "rules/modern", "rules/commit"]
ANALYSIS = ["analysis/who-wins", "analysis/the-comet", "analysis/shape"]
LEVELS = ("Warm-up", "Practice", "Challenge")
"""The difficulty every exercise's title starts with."""
CELL = re.compile(r"```\{code-cell\} ipython3\n(.*?)```", re.S)
_glued: dict[str, dict[str, Any]] = {}


def _text(chapter: str) -> str:
    return (ROOT / "book" / f"{chapter}.md").read_text()


def glued(chapter: str) -> dict[str, Any]:
    """Every value the chapter's hidden cells glue, by key (each chapter run once)."""
    if chapter not in _glued:
        values: dict[str, Any] = {}

        def glue(key: str, value: Any, display: bool = True) -> None:
            values[key] = getattr(value, "data", value)

        import myst_nb

        namespace: dict[str, Any] = {}
        page_glue = myst_nb.glue
        myst_nb.glue = glue  # (what bookkit.glue_each calls: a value glued in each edition's language, the
        try:                 # English one under the plain key)
            for cell in CELL.findall(_text(chapter)):
                if ":tags: [remove-cell]" not in cell:
                    continue  # cells that display widgets or tables
                code = "\n".join(line for line in cell.splitlines() if not line.startswith(":tags:"))
                exec(compile(code, f"{chapter}.md", "exec"), namespace)
                namespace["glue"] = glue
        finally:
            myst_nb.glue = page_glue
        _glued[chapter] = values
    return _glued[chapter]


def exercises(chapter: str) -> list[tuple[str, str, str]]:
    """(label, question, solution) of each exercise of a chapter."""
    return [(label, question, solution) for label, _title, question, solution in titled_exercises(chapter)]


def titled_exercises(chapter: str) -> list[tuple[str, str, str, str]]:
    """(label, title, question, solution) of each exercise of a chapter."""
    text = _text(chapter)
    out = []
    for m in re.finditer(r"(`{3,4})\{exercise\}([^\n]*)\n:label: (\S+)\n(.*?)\n\1\n", text, re.S):
        label = m.group(3)
        sol = re.search(r"(`{3,4})\{solution\} " + re.escape(label) + r"\n(.*?)\n\1\n", text, re.S)
        assert sol, f"{chapter}: exercise {label} has no solution"
        out.append((label, m.group(2).strip(), m.group(4), sol.group(2)))
    return out


def _words(solution: str) -> int:
    """Words of prose in a solution (not glued values, blocks or options)."""
    text = re.sub(r"```.*?```", "", solution, flags=re.S)
    text = re.sub(r"\{[a-z:]+\}`[^`]*`", "", text)
    text = re.sub(r"^:[a-z]+:.*$", "", text, flags=re.M)
    return len(re.findall(r"[A-Za-z]{2,}", text))


@pytest.mark.parametrize("chapter", CHAPTERS + ANALYSIS)
def test_exercises_carry_a_difficulty_and_explain_in_words(chapter: str) -> None:
    found = titled_exercises(chapter)
    assert 3 <= len(found) <= 5, f"{chapter}: {len(found)} exercises"
    for label, title, _question, solution in found:
        assert title.split(":")[0] in LEVELS, f"{chapter}: {label}'s title {title!r} does not start with {LEVELS}"
        assert _words(solution) >= 20, f"{chapter}: the solution of {label} does not explain in words"
    levels = {title.split(":")[0] for _, title, _, _ in found}
    assert len(levels) >= 2, f"{chapter}: every exercise has the same difficulty"


@pytest.mark.parametrize("chapter", ANALYSIS)
def test_analysis_answers_are_glued_by_the_page(chapter: str) -> None:
    text = _text(chapter)
    for label, _q, solution in exercises(chapter):
        keys = re.findall(r"\{glue:(?:text|md)\}`([^`:]+)", solution)
        assert keys, f"{chapter}: the answer to {label} has nothing computed"
        missing = [k for k in keys if not any(f'{call}("{k}"' in text or f'{call}(f"{k}' in text
                                              for call in ("glue", "glue_each"))]
        assert not missing, f"{chapter}: {label} shows keys the page does not glue: {missing}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_three_to_five_exercises_each_answer_glued(chapter: str) -> None:
    found = exercises(chapter)
    assert 3 <= len(found) <= 5, f"{chapter}: {len(found)} exercises"
    values = glued(chapter)
    for label, _question, solution in found:
        keys = re.findall(r"\{glue:(?:text|md)\}`([^`:]+)", solution) + re.findall(r"```\{glue:md\} (\S+)", solution)
        assert keys, f"{chapter}: the answer to {label} has nothing computed"
        missing = [k for k in keys if k not in values]
        assert not missing, f"{chapter}: {label} shows keys no cell glues: {missing}"


# The answers, reasoned by hand from the rules each chapter states (the page's words say why).
EXPECTED: dict[str, dict[str, Any]] = {
    "history/origins": {
        "hoc_q1_legal": "2H, 6C, 7D, 9S, JD",   # a lead: any card
        "hoc_q1_after": "JD, pass",              # no eight; the J♦ is a hoc, playable any time
        "hoc_q2_seat": 1, "hoc_q2_legal": "8C, KH",
        "hoc_q3_net": 15,                        # K♥ 10 + 2♠ 2 + 3♦ 3 pips
        "curse_apollo_first": 78, "curse_letter_gap": 104, "curse_renamed": 1682, "curse_left": 1682,
        "curse_order": "the British Apollo (1708), the letter to The Gentleman's Magazine (1786), "
                       "Brewer's dictionary (1898)",
    },
    "rules/manille": {
        "q1_legal": "9D=7, pass",                # the manille as the needed seven
        "q1_after": "claim, pass",               # claim the fiche before the next card
        "q2_leader": 0,                          # the last to play leads after a general pass
        "q4_best": "KC",
    },
    "rules/new-comet": {
        "g_legal": "7H, 7D, 8H, 7H 7H 7D 7D, 9C=… (the 9C as any of 12 ranks or cards)",
        "st_to_play": 0, "st_legal": "2H",       # the comet stops: its player leads anew
        "ya_legal": "5H, 5D, 5H 5D, 6H",         # one rank a turn, the same or one higher (AMB-29)
        "ya_next": 0, "ya_next_legal": "6D",     # the turns alternate; seat 0 can build on the fives
    },
    "rules/modern": {
        "e1_seat": 1, "e1_legal": "9C=9, pass", "e1_next": 0, "e1_next_legal": "2D",
        "e3_legal": "9C=6, pass", "e3_after": 0, "e3_after_legal": "2H",
    },
    "rules/commit": {
        "e1_legal": "9D=7H, pass", "e1_next": 1,  # the holder of the 8♥ plays next
        "e3_net": 6,                              # pool 3 + two kings 2 + the comet 2, less the ante
    },
}

NET_LINES: dict[tuple[str, str], str] = {
    ("history/origins", "hoc_q3_outcome"): "- Net: seat 0 +15, seat 1 -15 (jetons)",
    ("rules/manille", "q2_ledger"): "- Seat 2 pays 1 jeton to Seat 0: nobody could go on (an incidental stop)",
    ("rules/manille", "q3_outcome"): "seat 1 pays 10 jetons to seat 2: kept the manille",
    ("rules/manille", "q4_hints"): "- `KC`: wins",
    ("rules/modern", "e2_outcome"): "- Net: seat 0 +0, seat 1 +0 (chips)",   # the two-handed opera drawn
    ("rules/commit", "e2_outcome"): "- Net: seat 0 +2, seat 1 +0, seat 2 -2 (chips)",  # the 9♦'s holder excused
    ("rules/commit", "e3_outcome"): "- Net: seat 0 +6, seat 1 -4, seat 2 -2 (chips)",
}


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_answers_are_what_the_rules_give(chapter: str) -> None:
    values = glued(chapter)
    for key, expected in EXPECTED[chapter].items():
        assert values[key] == expected, f"{chapter}: {key} is {values[key]!r}, not {expected!r}"
    for (ch, key), line in NET_LINES.items():
        if ch == chapter:
            assert line in str(values[key]), f"{chapter}: {key} lacks {line!r}: {values[key]}"


def test_every_answer_is_pinned() -> None:
    """Each value an answer shows is re-checked above (a new exercise needs its expected value)."""
    unpinned = []
    for chapter in CHAPTERS:
        for label, _q, solution in exercises(chapter):
            keys = re.findall(r"\{glue:(?:text|md)\}`([^`:]+)", solution) + re.findall(r"```\{glue:md\} (\S+)", solution)
            unpinned += [f"{chapter}:{label}:{k}" for k in keys
                         if k not in EXPECTED[chapter] and (chapter, k) not in NET_LINES]
    assert not unpinned, f"answers with no expected value in this test: {unpinned}"
