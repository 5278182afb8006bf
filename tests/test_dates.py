"""Every date the book prints cites a source that gives that date (issue 25, point 1).

* :mod:`bookkit.dates` lists the dated facts and the sources that give each date; for the
  project's own texts (S0, S1, S2) it keeps the words that give it, and those words are found
  in the texts themselves when they are on this machine (``shared/seeds``);
* the timeline and the family tree cite, beside each date, only sources listed for it;
* every paragraph of the book's pages that prints a year cites a source listed for that year,
  or says the date is the book's own inference.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import comet
from bookkit import family
from bookkit.dates import DATES, SEED_FILES, TERMS, VARIANT_DATES, facts_of, sources_for_year, variant_date, years_of
from bookkit.markdown import BIB_KEYS

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
BIB_TO_KEY = {bib: key for key, bib in BIB_KEYS.items()}


def _seeds() -> Path | None:
    """``shared/seeds`` beside the repository (or its worktree), if this machine has it."""
    for parent in ROOT.parents:
        candidate = parent / "shared" / "seeds"
        if candidate.is_dir():
            return candidate
    return None


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_every_date_source_can_be_cited() -> None:
    for d in DATES:
        assert d.given_by, d.id
        for e in d.given_by:
            assert e.source in BIB_KEYS, f"{d.id}: {e.source} is not a source of the bibliography"
        assert years_of(d.when), f"{d.id}: {d.when!r} names no year"


def test_the_words_give_the_date() -> None:
    for d in DATES:
        for e in d.given_by:
            if e.words:
                assert any(str(y) in e.words for y in years_of(d.when)), (d.id, e.source, e.words)


def test_the_words_are_in_the_sources() -> None:
    seeds = _seeds()
    if seeds is None:
        pytest.skip("the project's texts (shared/seeds) are not on this machine")
    texts = {key: _squash((seeds / name).read_text(encoding="utf-8")) for key, name in SEED_FILES.items()}
    missing = [(d.id, e.source, e.words) for d in DATES for e in d.given_by
               if e.words and _squash(e.words) not in texts[e.source]]
    assert not missing, f"words not found in the sources: {missing}"


def test_every_dated_variant_has_the_source_of_its_date() -> None:
    for v in comet.VARIANTS.values():
        d = variant_date(v.id)
        if v.year.isdigit():
            assert d is not None and d.when == v.year, f"{v.id} ({v.year}): no source listed for its date"
        else:
            assert v.year == "undated" and v.id not in VARIANT_DATES, v.id


def test_timeline_cites_the_sources_of_each_date() -> None:
    for e in family.timeline():
        if e.year is None:
            assert e.when == "undated"
            continue
        for year in years_of(e.when):
            assert set(e.sources) <= sources_for_year(year), (e.when, e.what, e.sources)
    # The examples: 1654 is W-Hoc's date, not S0/S1's "17th century"; 1804 is S2's.
    assert family.event("first printed rules of Hoc").sources == ("W-Hoc",)
    # The engine's Hoc and the game of Yanovsky's packs play undated rules: no date of another text on them.
    assert family.event("card-play stage as").when == "undated" and family.event("undated rules").when == "undated"
    assert family.event("Yanovsky's dictionary").sources == ("S2",)
    assert "Foster" not in family.event("American Hoyle").sources


def test_tree_cites_the_sources_of_each_date() -> None:
    for _, game in family.family_rows():
        for when, srcs in game.date_items:
            if when == "undated":
                assert srcs == ()
                continue
            for year in years_of(when):
                assert srcs and set(srcs) <= sources_for_year(year), (game.name, when, srcs)
    tree = family.family_markdown()
    assert "(1718 {cite:p}`s0,s1`)" in tree and "1804 {cite:p}`s2`" in tree


# ------------------------------------------------------------------ the pages
PAGES = sorted(p for p in BOOK.rglob("*.md") if "play" not in p.parts and not p.name.startswith("_"))
YEAR = re.compile(r"(?<![\w/=.-])(1[5-9]\d\d|20[0-2]\d)(?:[–-](\d\d)(?!\d))?(?![\w%])")
CITE = re.compile(r"⟦cite ([^⟧]+)⟧")


def _paragraphs(path: Path) -> list[str]:
    """The prose paragraphs of a page: no front matter, headings, code cells, glued outputs or
    figure options; the bodies of exercises, solutions and notes are kept."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    text = re.sub(r"```\{code-cell\}.*?```", "", text, flags=re.S)
    text = re.sub(r"```\{glue:md\}.*?```", "", text, flags=re.S)
    text = re.sub(r"^:[a-z-]+:.*$", "", text, flags=re.M)           # directive options (alt texts are checked apart)
    text = re.sub(r"^`{3,4}.*$", "", text, flags=re.M)               # directive fences
    text = re.sub(r"^#.*$", "", text, flags=re.M)                    # headings (years there come from the data)
    text = re.sub(r"\{cite:[a-z]+\}`([^`]+)`", r"⟦cite \1⟧", text)      # citations kept as tokens
    text = re.sub(r"\{glue:[a-z]+\}`[^`]*`", "", text)
    text = re.sub(r"\{(?:ref|doc|play|numref)\}`[^`]*`", "", text)
    text = re.sub(r"`[^`]*`", "", text)                               # code
    text = re.sub(r"<[^>]+>", "", text)
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


SENTENCE = re.compile(r"(?<=[.!?])[\"”’)]*\s+(?=[A-Z«\"“(*_])|\n\s*(?:[-*]|\d+\.)\s+")
"""Where one sentence ends and the next begins (a full stop, then a capital); "c. 1930" stays whole."""


def sentences(para: str) -> list[str]:
    return [s for s in SENTENCE.split(para) if s.strip()]


def undated_years(path: Path) -> list[str]:
    """Each year a sentence prints that is not a fact of :data:`bookkit.dates.DATES` cited to a source
    that gives it: the sentence must name a fact of that year (its terms) and cite, in the same
    sentence, a source listed for that fact; or say the date is the book's own inference."""
    bad = []
    for para in _paragraphs(path):
        for sent in sentences(para):
            cited = {BIB_TO_KEY.get(k.strip(), k.strip()) for m in CITE.finditer(sent) for k in m.group(1).split(",")}
            prose = CITE.sub("", sent)
            if "our inference" in sent:
                continue
            for m in YEAR.finditer(prose):
                for y in years_of(m.group(0)):
                    told = facts_of(prose, y)
                    if not any(set(d.sources) & cited for d in told):
                        why = ("tells no dated fact of the table" if not told else
                               f"cites {sorted(cited) or 'nothing'}, not a source of {', '.join(d.id for d in told)}")
                        bad.append(f"{y}: {why}: …{_squash(prose[max(0, m.start() - 70):m.end() + 40])}…")
    return bad


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(BOOK)))
def test_every_printed_year_cites_a_source_that_gives_it(page: Path) -> None:
    bad = undated_years(page)
    assert not bad, f"{page.relative_to(ROOT)}: years with no source that gives them:\n" + "\n".join(bad)


def test_the_check_catches_a_wrong_citation(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_text("In 1654 the first rules of Hoc were printed {cite:p}`s0,s1`.\n\n"
                    "In 1748 a pamphlet appeared {cite:p}`s2`.\n\nIn 1999 nothing happened.\n")
    bad = undated_years(page)
    assert len(bad) == 2 and bad[0].startswith("1654") and bad[1].startswith("1999")


@pytest.mark.parametrize("planted", [
    # The issue's: S2 gives 1682, but for the comet and the renaming, not for the duke's voyage (DNB's).
    "In 1682 the Duke of York sailed from Leith {cite:p}`s2`.",
    # S0 and S1 give 1752 for the new comet; the printing of 1748 is S2's alone.
    "The new comet was first printed in 1748 {cite:p}`s0,s1`.",
    # S2 gives 1804 for Yanovsky and 1809 for a Russian printing, not 1809 for Yanovsky's dictionary.
    "Yanovsky's dictionary described the game in 1809 {cite:p}`s2`.",
    # The British Apollo's 1708 is one page's (CoS), not the Wikipedia article on comet's.
    "The British Apollo printed \"the curse of Scotland\" in 1708 {cite:p}`s0,s1`.",
])
def test_planted_wrong_sentences_fail(tmp_path: Path, planted: str) -> None:
    """A year cited to a source that gives that year, but for another fact, fails: the check reads
    facts, not paragraphs.  Each planted sentence sits in a paragraph whose other sentence is right."""
    page = tmp_path / "p.md"
    page.write_text("Halley's comet appeared in 1682 {cite:p}`s0,s1,s2`. " + planted + "\n")
    bad = undated_years(page)
    assert len(bad) == 1, bad
    right = tmp_path / "q.md"
    right.write_text("Halley's comet appeared in 1682 {cite:p}`s0,s1,s2`.\n")
    assert undated_years(right) == []


def test_every_fact_has_terms() -> None:
    assert set(TERMS) == {d.id for d in DATES}
    assert all(TERMS[d.id] for d in DATES)
