"""Readings are marked as readings, with their ambiguity (issue 25, point 1).

Wherever the book, a variant's docstring or the glossary states a reading of the sources (a
rule they leave silent or unclear), it names the ambiguity of :mod:`comet.ambiguities` that
explains it: in the book as ``{ref}`ambiguity-N``` (or ``AMB-N``), in the docstrings and the
glossary as ``AMB-N``.  A reading is never cited as the sources' own words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from comet.ambiguities import AMBIGUITIES
from comet.variants import VARIANTS
from comet_learn.glossary import GLOSSARY

BOOK = Path(__file__).resolve().parents[1] / "book"
KNOWN = {a.id for a in AMBIGUITIES}

READING = re.compile(r"\b(?:our|the\s+engine['’]s|the\s+book['’]s)\s+readings?\b", re.IGNORECASE)
"""The book's phrases for a reading: "our reading", "the engine's reading", "the book's reading"."""

AMB_REF = re.compile(r"\{ref\}`(?:[^`<]*<)?ambiguity-(\d+)>?`|\bAMB-(\d+)\b")
"""A reference to an ambiguity: ``{ref}`ambiguity-7```, ``{ref}`AMB-7 <ambiguity-7>```, or ``AMB-7``."""

EXCEPTIONS: dict[tuple[str, str], str] = {
    (chapter, 'names the reading the engine plays ("our reading", "the'): (
        "the chapter's 'Sources and readings' section quotes the phrases to introduce the list of its "
        "readings, generated just below it, each linked to its ambiguity")
    for chapter in ("history/origins.md", "rules/manille.md", "rules/new-comet.md", "rules/modern.md",
                    "rules/commit.md")
}
EXCEPTIONS.update({
    ("rules/commit.md", "tell the rules the sources give from the engine's readings"): (
        "a learning objective: it names the skill, the readings themselves are marked in the rules below"),
    ("rules-card.md", "where the card gives the engine's reading of a rule the"): (
        "the rules card's introduction says that the card marks its readings; each is marked where stated"),
    ("rules-card.md", "the book's readings are marked"): (
        "the rules card's footer says the same; each reading on the card carries its ambiguity"),
})
"""Paragraphs that use a reading phrase without stating a reading, by (file under book/, a snippet
of the paragraph): each with the reason it needs no ambiguity."""


def book_pages() -> list[Path]:
    return sorted(p for p in BOOK.rglob("*.md") if "_build" not in p.parts)


def paragraphs(page: Path) -> list[str]:
    return re.split(r"\n[ \t]*\n", page.read_text(encoding="utf-8"))


def refs(text: str) -> list[str]:
    return [f"AMB-{a or b}" for a, b in AMB_REF.findall(text)]


def test_every_reading_in_the_book_names_its_ambiguity() -> None:
    """Each "our reading" (or "the engine's reading", "the book's reading") is followed, in its
    paragraph and before the next such phrase, by a reference to its ambiguity."""
    missing: list[str] = []
    used: set[tuple[str, str]] = set()
    for page in book_pages():
        name = page.relative_to(BOOK).as_posix()
        for para in paragraphs(page):
            found_all = list(READING.finditer(para))
            for found, after in zip(found_all, found_all[1:] + [None]):
                # its own reference: after the phrase, before the paragraph's next reading phrase
                if AMB_REF.search(para, found.end(), after.start() if after else len(para)):
                    continue
                excused = [key for key in EXCEPTIONS if key[0] == name and key[1] in para]
                if excused:
                    used.update(excused)
                    continue
                line = para[: found.start()].count("\n") + 1
                missing.append(f"{name}: {found.group(0)!r} with no AMB after it in its paragraph "
                               f"(line {line} of: {para.strip()[:80]!r}...)")
    assert not missing, "\n".join(missing)
    assert used == set(EXCEPTIONS), f"exceptions no longer in the book: {set(EXCEPTIONS) - used}"


def test_the_test_sees_a_reading_without_its_ambiguity() -> None:
    """The phrase and reference patterns work on both sides: a bare reading is caught, a cited one is not."""
    bare = "the engine lets the first hand demand a redeal of any hand (our reading)."
    cited = "the engine lets the first hand demand a redeal (our reading, {ref}`ambiguity-40`)."
    split = "names the\nengine's reading ({ref}`AMB\u201140 <ambiguity-40>`)"
    assert READING.search(bare) and not AMB_REF.search(bare)
    assert READING.search(cited) and refs(cited) == ["AMB-40"]
    assert READING.search(split) and refs(split) == ["AMB-40"]
    assert refs("as AMB-10 says, and AMB-7") == ["AMB-10", "AMB-7"]


def test_every_ambiguity_the_book_names_exists() -> None:
    for page in book_pages():
        for amb in refs(page.read_text(encoding="utf-8")):
            assert amb in KNOWN, f"{page.relative_to(BOOK)} cites {amb}, which comet.ambiguities does not list"


@pytest.mark.parametrize("vid", list(VARIANTS))
def test_a_variants_readings_name_their_ambiguity(vid: str) -> None:
    """Each point of the docstring that says "our reading" names its AMB-n, and every AMB-n the
    docstring or an option names exists."""
    v = VARIANTS[vid]
    for point in re.split(r"\n\s*\* ", v.doc):
        if READING.search(point):
            assert refs(point), f"{vid}: a reading with no AMB-n: {point.strip()[:100]!r}"
    named = refs(v.doc) + [o.amb for o in v.options.values() if o.amb]
    assert set(named) <= KNOWN, f"{vid} names {set(named) - KNOWN}"
    assert all(o.amb.startswith("AMB-") for o in v.options.values() if o.amb)


def test_glossary_definitions_that_rest_on_a_reading_name_it() -> None:
    for term in GLOSSARY:
        if re.search(r"\breading\b|\bread as\b", term.note):
            assert refs(term.note), f"{term.english}: a reading with no AMB-n"
        assert set(refs(term.note)) <= KNOWN


def test_every_ambiguity_is_cited_where_its_reading_is_played() -> None:
    """No ambiguity is listed and then forgotten: each is named by the book's prose, a variant
    (docstring or option) or the glossary."""
    cited: set[str] = set()
    for page in book_pages():
        cited.update(refs(page.read_text(encoding="utf-8")))
    for v in VARIANTS.values():
        cited.update(refs(v.doc))
        cited.update(o.amb for o in v.options.values() if o.amb)
    for term in GLOSSARY:
        cited.update(refs(term.note))
    assert KNOWN <= cited, f"never cited: {sorted(KNOWN - cited, key=lambda a: int(a.split('-')[1]))}"
