"""The record of when each claim's test was fixed only grows (issue 38, item 1).

* every entry is dated, the dates never go back, and each names a commit;
* the entries recorded so far are frozen: each one hashes to its line of
  ``tests/data/design_history.sha256``, so an entry edited in place fails here; a new entry goes at
  the end of :data:`bookkit.history.ENTRIES` (and its hash at the end of the file);
* each claim's latest entry carries its current design's fingerprint, which covers the design's
  words, its deals, its seeds and the code of its verdict functions (issue 46, item 2), so a design
  changed in any of these without a new entry fails here: each is changed in turn below;
* every claim's box shows its history, and no page or design says a test was fixed in advance.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import inspect
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from bookkit import claims, judging
from bookkit.judging import fingerprint
from bookkit.claim_design import Design
from bookkit.fingerprint import code_text
from bookkit.history import ALL, ENTRIES, Entry, current, entries_for, entry_hash, fixed, history_markdown

ROOT = Path(__file__).resolve().parent.parent

FROZEN = Path(__file__).resolve().parent / "data" / "design_history.sha256"


def frozen() -> list[str]:
    return [line.split()[0] for line in FROZEN.read_text(encoding="utf-8").splitlines() if line.strip()]


def check(entries: tuple[Entry, ...] | list[Entry], hashes: list[str]) -> list[str]:
    """What is wrong with ``entries`` against the frozen ``hashes``."""
    bad = []
    if len(entries) < len(hashes):
        bad.append(f"{len(hashes) - len(entries)} recorded entries are gone")
    for i, (e, h) in enumerate(zip(entries, hashes)):
        if entry_hash(e) != h:
            bad.append(f"entry {i} ({e.date} {e.commit} {e.claim}) was edited in place")
    for a, b in zip(entries, entries[1:]):
        if (b.recorded or b.date) < (a.recorded or a.date):
            bad.append(f"{b.date} {b.claim} comes after {a.date}: new entries go at the end (an entry found "
                       "later in the repository's history says when it was recorded)")
    return bad


def stale(designs: tuple[Design, ...] | list[Design]) -> list[str]:
    """The claims whose design differs from what their latest entry in the history recorded."""
    return [d.id for d in designs if current(d.id).fingerprint != fingerprint(d)]


def test_the_history_only_grows() -> None:
    assert check(ENTRIES, frozen()) == []


def test_the_check_catches_an_edit_in_place_and_a_removal() -> None:
    hashes = frozen()
    edited = list(ENTRIES)
    edited[1] = dataclasses.replace(edited[1], earlier="something kinder")
    assert any("edited in place" in b for b in check(edited, hashes))
    assert any("are gone" in b for b in check(list(ENTRIES)[:-1], hashes))
    late = dataclasses.replace(ENTRIES[-1], date="2026-12-01")
    assert any("new entries go at the end" in b for b in check(list(ENTRIES) + [late], hashes))
    assert check(list(ENTRIES) + [dataclasses.replace(ENTRIES[-1], date="2099-01-01")], hashes) == []
    # A change found later in the repository's history goes at the end, dated by its commit, with the
    # date it was recorded; without that date it would break the order.
    found = Entry("C3", "2026-12-02", "abcdef0", "a change found later", recorded="2099-01-01")
    assert check(list(ENTRIES) + [found], hashes) == []
    assert check(list(ENTRIES) + [dataclasses.replace(found, recorded="")], hashes)


def test_fields_added_later_keep_the_old_hashes() -> None:
    e = ENTRIES[1]
    assert entry_hash(e) == entry_hash(dataclasses.replace(e, recorded="", bookkeeping=False))
    assert entry_hash(e) != entry_hash(dataclasses.replace(e, recorded="2026-12-07"))
    assert entry_hash(e) != entry_hash(dataclasses.replace(e, bookkeeping=True))


def test_entries_are_dated_and_name_commits() -> None:
    known = {d.id for d in claims.DESIGNS} | {ALL}
    for e in ENTRIES:
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", e.date), e
        assert re.fullmatch(r"[0-9a-f]{7,40}", e.commit), e
        assert e.claim in known and e.change, e
        if e.after_results and e.fingerprint and not e.bookkeeping:
            assert e.earlier, f"{e.claim} {e.date}: a change after results names the earlier design's result"
        if e.recorded:
            assert re.fullmatch(r"\d{4}-\d\d-\d\d", e.recorded) and e.recorded >= e.date, e


def test_each_design_is_its_latest_entry() -> None:
    for d in claims.DESIGNS:
        assert current(d.id).fingerprint == fingerprint(d), (
            f"{d.id}'s design changed without a new entry in bookkit.history (add one at the end, with "
            f"fingerprint {fingerprint(d)!r} and the earlier design's result)")
        assert not fixed(d.id).bookkeeping and fixed(d.id).fingerprint
    assert stale(claims.DESIGNS) == []


# ------------------------------------------------------------------ what the fingerprint covers (issue 46, item 2)
def test_changed_words_need_an_entry() -> None:
    d = claims.design("C2")
    for field in ("measure", "comparison", "decides", "note", "translation"):
        assert stale([dataclasses.replace(d, **{field: getattr(d, field) + " More."})]) == ["C2"], field
    assert stale([dataclasses.replace(d, comparisons=d.comparisons + 1)]) == ["C2"]


def test_a_changed_number_of_deals_needs_an_entry() -> None:
    """C2's deals went from 200 to 400 after results with no entry (issue 46): now the history asks for one."""
    d = claims.design("C2")
    sample = d.sample("each player count")
    fewer = dataclasses.replace(sample, deals=200)
    assert stale([dataclasses.replace(d, samples=(fewer,))]) == ["C2"]


def test_a_changed_seed_needs_an_entry() -> None:
    d = claims.design("C10")
    sample = d.sample("both games")
    reseeded = dataclasses.replace(sample, seeds=(("", "c10-again"),))
    assert reseeded.seed() == "c10-again"
    assert stale([dataclasses.replace(d, samples=(reseeded,))]) == ["C10"]


def _rewritten(function: Any, old: str, new: str, tmp_path: Path) -> Any:
    """``function`` with ``old`` replaced by ``new`` in its source, from a module of its own (so that
    ``inspect`` can read it)."""
    source = inspect.getsource(inspect.getmodule(function)).replace(old, new)   # type: ignore[arg-type]
    path = tmp_path / f"changed_{function.__name__}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return getattr(module, function.__name__)


def test_changed_verdict_code_needs_an_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The verdict rewordings of C2 and C12 (issue 46) changed what the page says with no entry; now a
    changed headline, or a changed rule, makes the history ask for one. A changed docstring, comment or
    layout does not."""
    reworded = _rewritten(claims.verdict_c2, "fewer real choices than every larger table",
                          "fewer real choices than the larger tables", tmp_path)
    assert code_text(reworded) != code_text(claims.verdict_c2)
    monkeypatch.setitem(judging.VERDICT_CODE, "C2", (reworded,) + judging.VERDICT_CODE["C2"][1:])
    assert stale(claims.DESIGNS) == ["C2"]
    monkeypatch.undo()
    assert stale(claims.DESIGNS) == []
    stricter = _rewritten(claims.verdict_c12, 'side == "above" and all(', 'side == "above" and any(', tmp_path)
    monkeypatch.setitem(judging.VERDICT_CODE, "C12", (stricter,) + judging.VERDICT_CODE["C12"][1:])
    assert stale(claims.DESIGNS) == ["C12"]
    monkeypatch.undo()
    redocumented = _rewritten(claims.verdict_c13, "the mean number of deals to 121", "how many deals reach 121",
                              tmp_path)
    assert redocumented.__doc__ != claims.verdict_c13.__doc__
    assert code_text(redocumented) == code_text(claims.verdict_c13)


def test_a_changed_route_needs_an_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The branch of ``judge`` that picks a claim's comparisons decides its verdict as much as the verdict
    function does (C11 reads only those against three in four): changing it makes the history ask for an
    entry for that claim alone."""
    assert "vs 3/4" in judging.route_text("C11") and "identical" in judging.route_text("C10")
    rerouted = _rewritten(judging.judge, 'k.endswith("vs 3/4")', 'k.endswith("vs 1/2")', tmp_path)
    monkeypatch.setattr(judging, "judge", rerouted)
    assert "vs 1/2" in judging.route_text("C11")
    assert stale(claims.DESIGNS) == ["C11"]
    monkeypatch.undo()
    assert stale(claims.DESIGNS) == []
    with pytest.raises(KeyError, match="no branch"):
        judging.route_text("C99")


def test_a_changed_unit_needs_an_entry() -> None:
    """C13's box counted its matches as deals; the unit is part of the design."""
    d = claims.design("C13")
    sample = d.sample("matches")
    assert sample.unit == "matches" and "120 matches" in sample.text().replace(f"{sample.deals:,}", "120")
    as_deals = dataclasses.replace(sample, unit="deals")
    assert stale([dataclasses.replace(d, samples=(as_deals,))]) == ["C13"]
    # A sample counted in deals keeps the parts it had before units were written, so no other fingerprint moved.
    assert all(" | deals" not in p for x in claims.DESIGNS if x.id != "C13" for p in x.parts())


def test_a_shared_helper_is_in_every_fingerprint_that_reads_it() -> None:
    for claim, functions in judging.VERDICT_CODE.items():
        assert functions and all(callable(f) for f in functions), claim
        assert any(f.__name__.startswith(("verdict_c", "c1_alt")) for f in functions), claim
    assert claims.rule_of in judging.VERDICT_CODE["C10"] and claims.decided in judging.VERDICT_CODE["C1"]


# ------------------------------------------------------------------ the pages take deals and seeds from the designs
ANALYSIS = sorted((ROOT / "book" / "analysis").glob("*.md"))


def _code_cells(path: Path) -> str:
    return "\n".join(re.findall(r"```\{code-cell\}[^\n]*\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S))


def typed_sample_sizes(code: str) -> list[str]:
    """Seeds and numbers of deals a page's code types instead of taking them from its claim's design."""
    found = re.findall(r"seed=f?[\"'][^\"']*[\"']", code)
    found += re.findall(r"(?:games|deals|matches)=\s*\d[\d_]*", code)
    found += re.findall(r"^[A-Z][A-Z0-9_]* = \d{2,}\b.*$", code, flags=re.M)
    return found


@pytest.mark.parametrize("page", ANALYSIS, ids=lambda p: p.stem)
def test_pages_take_deals_and_seeds_from_the_designs(page: Path) -> None:
    assert typed_sample_sizes(_code_cells(page)) == [], page.name


def test_the_sample_check_catches_a_typed_seed_or_count() -> None:
    assert typed_sample_sizes('x = comet.simulate(v, games=S.deals, seed=S.seed(2))') == []
    assert len(typed_sample_sizes('x = comet.simulate(v, games=400, seed="c2-2")')) == 2
    assert typed_sample_sizes("C2_GAMES = 400\n") == ["C2_GAMES = 400"]


SHOWN_CALL = re.compile(r"[\w.]+\((?:[^()]|\([^()]*\))*?seed=\"(?P<seed>[^\"]+)\"[^()]*\)")
"""A call the pages show the reader (an exercise's code) with a seed of its own: ``f(..., 400, seed="c2-2")``."""


def shown_code(text: str) -> str:
    """The code a page shows its reader: its ``python`` blocks and inline code spans (not its code cells)."""
    blocks = re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)
    spans = re.findall(r"(?<!`)`([^`\n]+)`(?!`)", re.sub(r"^```.*?^```$", "", text, flags=re.S | re.M))
    return "\n".join(blocks + spans)


def shown_calls_off_their_design(text: str) -> list[str]:
    """Calls shown to the reader whose seed names no design's sample, or whose numbers do not include that
    sample's number of deals: the reader who runs them would not get the page's results."""
    seeds = {seed: s for d in claims.DESIGNS for s in d.samples for _, seed in s.seeds}
    bad = []
    for m in SHOWN_CALL.finditer(shown_code(text)):
        sample = seeds.get(m["seed"])
        numbers = {int(n) for n in re.findall(r"(?<![\w.\"-])\d+(?![\w.])", m.group(0))}
        if sample is None or sample.deals not in numbers:
            bad.append(m.group(0))
    return bad


def test_code_shown_to_the_reader_plays_the_designs_deals() -> None:
    """An exercise that says "run it yourself" shows a seed and a number of deals typed by hand: they must be
    the design's, so that the reader gets the page's numbers (issue 46's independent reading)."""
    shown = {p.name: SHOWN_CALL.findall(shown_code(p.read_text(encoding="utf-8"))) for p in ANALYSIS}
    assert sum(len(v) for v in shown.values()) >= 4, shown
    for page in ANALYSIS:
        assert shown_calls_off_their_design(page.read_text(encoding="utf-8")) == [], page.name


def test_the_shown_code_check_catches_a_stale_count() -> None:
    page = 'Run `bookkit.match_lengths(120, seed="c13")`.\n\n```python\nf("v", 2, 10, 400, seed="c2-2")\n```\n'
    assert shown_calls_off_their_design(page) == []
    assert shown_calls_off_their_design(page.replace("120", "200")) == ['bookkit.match_lengths(200, seed="c13")']
    assert shown_calls_off_their_design(page.replace('"c2-2"', '"c2-9"')) == ['f("v", 2, 10, 400, seed="c2-9")']


def test_every_sample_is_played_and_named_in_the_box() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in ANALYSIS)
    for d in claims.DESIGNS:
        assert d.samples, d.id
        md = d.markdown()
        assert "**Deals and seeds.**" in md
        for s in d.samples:
            assert f"{s.deals:,} {s.unit}" in md and all(f"`{seed}`" in md for _, seed in s.seeds), (d.id, s.name)
            assert f'.sample("{s.name.split(",")[0]}' in text or f".sample(\"{s.name[:8]}" in text, (d.id, s.name)


def test_every_box_shows_its_history() -> None:
    for d in claims.DESIGNS:
        md = d.markdown()
        assert history_markdown(d.id) in md
        for e in entries_for(d.id):
            assert f"{e.date}, `{e.commit}`" in md
            if e.recorded:
                assert f"Recorded on {e.recorded}, from the repository's history" in md
    dates = [e.date for e in entries_for("C2")]
    assert dates == sorted(dates)


ADVANCE = re.compile(r"stated (?:in advance|first|before)|(?:fixed|set) (?:in advance|first)", re.I)
"""What the pages and designs used to say of tests that were in fact fixed after results."""


def test_no_test_is_said_to_be_fixed_in_advance() -> None:
    texts = {p.name: p.read_text(encoding="utf-8") for p in ANALYSIS}
    texts.update({d.id: d.markdown() for d in claims.DESIGNS})
    texts["teachers.md"] = (ROOT / "book" / "teachers.md").read_text(encoding="utf-8")
    found = {name: ADVANCE.findall(text) for name, text in texts.items() if ADVANCE.search(text)}
    assert found == {}
    assert ADVANCE.search("The test, stated before this page's data") and ADVANCE.search("a margin stated in advance")
