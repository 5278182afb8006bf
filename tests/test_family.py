"""bookkit.family and bookkit.svg_family: the timeline and the family tree follow the variants."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import bookkit
import comet
from bookkit import BIB_KEYS, family, readings_markdown, svg_family
from comet.ambiguities import AMBIGUITIES
from comet.cards import a_rank

NS = {"s": "http://www.w3.org/2000/svg"}


def test_every_variant_is_on_the_timeline_once_at_its_year() -> None:
    entries = [e for e in family.timeline() if e.variant]
    assert sorted(e.variant for e in entries) == sorted(comet.VARIANTS)
    for e in entries:
        v = comet.find_variant(e.variant)
        assert e.when == v.year
        assert e.year == (int(v.year) if v.year.isdigit() else None)
        assert e.sources == family.date_sources(v.id)  # the sources of its date (tests/test_dates.py)
        assert v.name in e.what


def test_timeline_is_in_order_with_undated_entries_last() -> None:
    years = [e.year for e in family.timeline()]
    dated = [y for y in years if y is not None]
    assert dated == sorted(dated)
    assert years[len(dated):] == [None] * (len(years) - len(dated))
    # The exchange and joker games are S2's own undated description, not Yanovsky's 1804.
    assert family.event("Comet with exchange").year is None
    assert family.event("One pack with a joker").year is None
    assert family.event("printed twice in Russia").when == "1791, 1809"


def test_every_entry_has_sources_the_bibliography_knows_and_a_chapter() -> None:
    for e in family.timeline():
        assert e.sources and all(k in BIB_KEYS for k in e.sources), e
        assert e.chapter in family.CHAPTERS.values()
    for _, g in family.family_rows():
        assert g.sources and all(k in BIB_KEYS for k in g.sources), g
        assert g.chapter in family.CHAPTERS.values()


def test_event_lookup_is_unambiguous() -> None:
    assert family.event("British Apollo").year == 1708
    with pytest.raises(KeyError, match="contain"):
        family.event("comet")  # in many entries


def test_family_tree_places_every_variant_family_once_under_hoc() -> None:
    rows = family.family_rows()
    assert rows[0] == (0, family.FAMILY[0]) and rows[0][1].name == "Hoc Mazarin"
    assert len(rows) == len(family.FAMILY)  # every game reached from the root
    played = [vid for _, g in rows for vid in g.variants]
    assert sorted(played) == sorted(comet.VARIANTS)
    depth = {g.key: d for d, g in rows}
    assert depth["comet"] == 1 and depth["new"] == 2 and depth["modern"] == 3 and depth["commit"] == 2
    names = {g.name for _, g in rows}
    assert {"Newmarket", "Michigan"} <= names  # the infobox's neighbours
    commit = next(g for _, g in rows if g.key == "commit")
    assert commit.dates == "1857, 1991, 2011"


def test_one_name_per_game() -> None:
    """A game the engine plays is named as its first variant's name begins (issue 25, point 2)."""
    for _, g in family.family_rows():
        if g.variants:
            assert comet.VARIANTS[g.variants[0]].name.startswith(g.name), (g.name, g.variants[0])


def test_timeline_labels_fit_left_of_the_axis() -> None:
    """No date label starts left of the drawing (the old picture cut "1791, 1809" to "791, 1809")."""
    svg = svg_family.timeline_svg()
    root = ET.fromstring(svg)
    axis = float(root.find("s:line", NS).get("x1"))  # type: ignore[union-attr]
    for t in root.iter("{http://www.w3.org/2000/svg}text"):
        if t.get("text-anchor") == "end":
            left = float(t.get("x", 0)) - svg_family.label_width(t.text or "", float(t.get("font-size", 12)), bold=True)
            assert left >= 0 and float(t.get("x", 0)) < axis, t.text
    assert svg_family.date_lines("1791, 1809") == ["1791,", "1809"]


def test_text_alternatives_link_every_entry_to_its_chapter() -> None:
    table = family.timeline_markdown().splitlines()[2:]
    assert len(table) == len(family.timeline())
    assert all(re.search(r"\{doc\}`/book/(history|rules)/[a-z-]+`", row) for row in table)
    assert all("{cite:p}`" in row for row in table)
    tree = family.family_markdown().splitlines()
    assert len(tree) == len(family.FAMILY) and all("{doc}`" in line for line in tree)
    assert "may have grown out of" in next(line for line in tree if "Red nines" in line)


@pytest.mark.parametrize("draw", [svg_family.timeline_svg, svg_family.family_svg])
def test_pictures_scale_and_carry_a_text(draw: object) -> None:
    svg = draw()  # type: ignore[operator]
    root = ET.fromstring(svg)
    assert root.get("viewBox", "").startswith(f"0 0 {svg_family.WIDTH} ")
    assert "max-width:100%" in root.get("style", "")
    assert root.find("s:title", NS) is not None and root.find("s:desc", NS).text  # type: ignore[union-attr]
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Commit" in " ".join(texts)


def test_timeline_rejects_nothing_to_draw_and_unknown_chapters() -> None:
    with pytest.raises(ValueError, match="at least one"):
        svg_family.timeline_svg([])
    with pytest.raises(ValueError, match="unknown chapter"):
        svg_family.colour("rules/nowhere")


def test_readings_name_each_chapters_ambiguities_and_options() -> None:
    manille = readings_markdown("old-comet-1718")
    assert "<ambiguity-6>" in manille and "<ambiguity-9>" in manille and "`manille_penalty`" in manille
    assert "<ambiguity-21>" not in manille
    modern = readings_markdown("modern-comet-1991")
    assert "<ambiguity-19>" in modern  # a rules question with no option still shows


def test_only_history_questions_are_called_history() -> None:
    history = {a.id for a in AMBIGUITIES if a.history}
    assert history == {"AMB-1", "AMB-2", "AMB-3"}
    page = bookkit.ambiguities_markdown()
    for amb in ("6", "10", "16", "19"):
        section = page.split(f"### AMB-{amb}\n", 1)[1].split("###", 1)[0]
        assert "a question of the rules" in section and "history" not in section


@pytest.mark.parametrize("rank,text", [(1, "an A"), (7, "a 7"), (8, "an 8"), (10, "a 10"), (11, "a J")])
def test_a_rank_reads_aloud(rank: int, text: str) -> None:
    assert a_rank(rank) == text
