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
from bookkit.dates import DATES, SEED_FILES, VARIANT_DATES, sources_for_year, variant_date, years_of
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
    assert family.event("card-play stage").sources == ("W-Hoc",)
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


def undated_years(path: Path) -> list[str]:
    """Each year a paragraph prints without citing a source that gives it (or saying the date is
    the book's own inference)."""
    bad = []
    for para in _paragraphs(path):
        cited = {BIB_TO_KEY.get(k.strip(), k.strip()) for m in CITE.finditer(para) for k in m.group(1).split(",")}
        prose = CITE.sub("", para)
        for m in YEAR.finditer(prose):
            years = years_of(m.group(0))
            ok = all(sources_for_year(y) & cited for y in years) or "our inference" in para
            if not ok:
                bad.append(f"{m.group(0)}: …{_squash(prose[max(0, m.start() - 60):m.end() + 30])}…")
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
