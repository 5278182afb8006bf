"""Puzzles: every stored one proven again against the engine as it stands, a rule change caught, the set's
shape (families, levels, themes, stable ids), the explanations, and the generator reproducible."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import comet
import comet.variants
from comet_learn import generate, proof
from comet_learn.lessons import themes_of
from comet_learn.puzzles import (CHECK_DEALS, LEVELS, PRINCIPLES, THEMES, Puzzle, from_dict, load, puzzle_id, recheck,
                                 stored_facts, to_dict)

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = load()
FAMILIES = generate.families()
MIN_PER_FAMILY = 40


def test_at_least_40_puzzles_a_family_with_stable_ids_levels_and_themes() -> None:
    assert set(FAMILIES) == {"hoc", "manille", "new-comet", "modern", "commit"}
    for family in FAMILIES:
        found = load(family)
        assert len(found) >= MIN_PER_FAMILY, family
        assert {p.level for p in found} == set(LEVELS), family
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    for p in PUZZLES:
        assert p.id == puzzle_id(p.family, p.record)  # derived from the position: stable when made again
        assert p.themes and set(p.themes) <= set(THEMES) and p.level in LEVELS
        assert comet.VARIANTS[p.variant].family.replace(" ", "-") == p.family and p.variant in FAMILIES[p.family]
    seen = {t for p in PUZZLES for t in p.themes}
    assert {"comet", "claim", "stops", "hoc", "going-out", "blocking"} <= seen


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_stored_puzzle_holds_with_the_engine_as_it_stands(puzzle: Puzzle) -> None:
    """Exact puzzles are searched again; sampled ones valued again on the first deals they were proven on
    (``CHECK_DEALS``): nothing may contradict what is stored (``comet_learn.puzzles.recheck``)."""
    assert recheck(puzzle) == []


def _changed(monkeypatch: pytest.MonkeyPatch, vid: str, **rules: object) -> None:
    v = comet.variants.VARIANTS[vid]
    monkeypatch.setitem(comet.variants.VARIANTS, vid, dataclasses.replace(v, rules=dataclasses.replace(v.rules, **rules)))


def test_a_rule_change_makes_the_check_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """Take away the 1718 manille's jeton for an incidental stop (S0, S1, Enc): every exact manille puzzle
    is valued differently, and some answers no longer hold at all."""
    manille = load("manille")
    assert all(recheck(p) == [] for p in manille[:5])
    _changed(monkeypatch, "old-comet-1718", incidental_stop_pay=0)
    problems = [recheck(p) for p in manille]
    assert all(problems)
    assert any("best play now" in x or "no longer leads" in x for found in problems for x in found)


def test_a_rule_change_fails_a_sampled_puzzle_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The modern comet without its double payment by the comet's holder (S0, S1): sampled puzzles whose
    lesson depends on it are contradicted by the smaller sample."""
    modern = [p for p in load("modern") if p.method == "sampled"]
    _changed(monkeypatch, "modern-comet-1991", comet_holder_multiplier=1, wild_pay=0)
    assert any(recheck(p) for p in modern)


def test_the_stored_set_is_data_with_a_version_and_round_trips() -> None:
    path = ROOT / "comet_learn" / "data" / "puzzles.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "comet-puzzles" and data["version"] == 2 and data["set"]
    assert data["deals"] == proof.DEALS and data["margin"] == proof.MARGIN and data["check_deals"] == CHECK_DEALS
    assert stored_facts()["set"] == data["set"]
    assert [from_dict(d) for d in data["puzzles"]] == PUZZLES
    assert [to_dict(p) for p in PUZZLES] == data["puzzles"]
    # What make_puzzles writes is what is stored (the same puzzles give the same file).
    by_family = {f: [p for p in PUZZLES if p.family == f] for f in FAMILIES}
    assert generate.set_text(by_family, data["made_with"]) == path.read_text(encoding="utf-8")
    assert not (ROOT / "comet_learn" / "puzzle_data.py").exists()


def test_levels_and_themes_are_the_generators() -> None:
    for family in FAMILIES:
        found = load(family)
        assert generate.grade(found) == found
    for p in PUZZLES:
        assert themes_of(p.position(), p.answers, p.options) == p.themes, p.id


def test_the_answer_leads_every_other_play_by_the_margin_under_both_finishes() -> None:
    for p in PUZZLES:
        assert p.margin >= proof.MARGIN, p.id
        for c in p.options:
            if c.play in p.answers:
                assert c.lead is None
                continue
            assert c.lead is not None and c.greedy_lead is not None
            assert c.lead[0] >= proof.MARGIN and c.lead[1] > 0, (p.id, c)
            assert c.greedy_lead[0] >= proof.MARGIN and c.greedy_lead[1] > 0, (p.id, c)
        assert p.method == ("exact" if proof.all_known(p.position()) else "sampled")
        assert p.deals == (1 if p.method == "exact" else proof.DEALS)


def test_explanations_give_each_choices_line_and_a_principle() -> None:
    for p in PUZZLES:
        verdict = p.check(p.answers[0])
        assert verdict.correct and verdict.principle in PRINCIPLES.values()
        assert {t for t, _ in verdict.lines[: len(p.answers)]} == set(p.answers)  # the best first
        assert {t for t, _ in verdict.lines} == set(p.plays)
        for text, words in verdict.lines:
            assert "keeps the run going" not in words
            c = p.choice(text)
            shown = f"{c.value:+.0f}" if p.method == "exact" else f"{c.value:+.1f}"
            assert shown.replace("-", "\u2212") in words, (p.id, words)
        wrong = next(t for t in p.plays if t not in p.answers)
        assert not p.check(wrong).correct and "Yours:" in p.check(wrong).why


def test_an_exact_line_is_played_out_to_its_value() -> None:
    for p in (p for p in PUZZLES if p.method == "exact"):
        for c in p.options:
            rnd = p.position()
            for seat, text in c.line:
                assert rnd.to_play == seat
                rnd.play(text)
            out = rnd.outcome()
            assert out is not None and out.payments[p.seat] == c.value, (p.id, c.play)


def test_a_bad_answer_is_refused_with_the_plays_allowed() -> None:
    with pytest.raises(ValueError, match="not a legal play"):
        PUZZLES[0].check("XX")


def test_the_generator_is_reproducible_on_a_small_budget(tmp_path: Path) -> None:
    task = ("commit", "commit-1991", 0, 60, CHECK_DEALS)
    first, second = generate.find(task), generate.find(task)
    assert first["puzzle"] == second["puzzle"] and first["tried"] == second["tried"]
    found, figures = generate.generate(2, only=["manille"], deals=60, cache=tmp_path)
    again, _ = generate.generate(2, only=["manille"], deals=60, cache=tmp_path)  # from the cache
    assert found == again and len(found["manille"]) == 2 and figures["manille"]["puzzles"] == 2
    for p in found["manille"]:
        assert p.method == "exact" and recheck(p) == []
