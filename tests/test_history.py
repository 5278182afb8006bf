"""The record of when each claim's test was fixed only grows (issue 38, item 1).

* every entry is dated, the dates never go back, and each names a commit;
* the entries recorded so far are frozen: each one hashes to its line of
  ``tests/data/design_history.sha256``, so an entry edited in place fails here; a new entry goes at
  the end of :data:`bookkit.history.ENTRIES` (and its hash at the end of the file);
* each claim's latest entry carries its current design's fingerprint, so a design changed without
  a new entry fails here;
* every claim's box shows its history.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from bookkit import claims
from bookkit.history import ALL, ENTRIES, Entry, entries_for, entry_hash, fixed, history_markdown

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
        if b.date < a.date:
            bad.append(f"{b.date} {b.claim} comes after {a.date}: new entries go at the end")
    return bad


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


def test_entries_are_dated_and_name_commits() -> None:
    known = {d.id for d in claims.DESIGNS} | {ALL}
    for e in ENTRIES:
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", e.date), e
        assert re.fullmatch(r"[0-9a-f]{7,40}", e.commit), e
        assert e.claim in known and e.change, e
        if e.after_results and e.fingerprint:
            assert e.earlier, f"{e.claim} {e.date}: a change after results names the earlier design's result"


def test_each_design_is_its_latest_entry() -> None:
    for d in claims.DESIGNS:
        assert fixed(d.id).fingerprint == d.fingerprint, (
            f"{d.id}'s design changed without a new entry in bookkit.history (add one at the end, with "
            f"fingerprint {d.fingerprint!r} and the earlier design's result)")


def test_every_box_shows_its_history() -> None:
    for d in claims.DESIGNS:
        md = d.markdown()
        assert history_markdown(d.id) in md
        for e in entries_for(d.id):
            assert f"{e.date}, `{e.commit}`" in md
