"""Golden behaviour, pinned: perft-style counts and one whole recorded deal per variant.

* **Perft** (as chess engines count move paths): from a fixed deal of every variant and
  player count, the number of legal-play sequences of length 1 to ``DEPTH`` (each play made
  and taken back with ``undo``, which must restore the record exactly).
* **A golden record**: one deal per variant played out by greedy players, in the notation;
  it must be reproduced move for move, outcome included.

Any change to the rules' legal plays, turn order, stops or settlement changes a count or a
record, so it has to be deliberate: regenerate with ``python tests/test_golden.py --update``
and review the diff of ``tests/golden/*.json``.

Every variant is pinned, the Yanovsky family with its alternate turns (issue 14) included.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from typing import Any

import pytest

import comet
from comet.agents import GreedyAgent

GOLDEN = Path(__file__).resolve().parent / "golden"
DEPTH = 4
UNPINNED: frozenset[str] = frozenset()
"""Variants left out of the goldens (none)."""
CASES = [(vid, n) for vid, v in comet.VARIANTS.items() if vid not in UNPINNED for n in v.players]


def _deal(vid: str, players: int) -> comet.Round:
    return comet.Round.deal(vid, players=players, seed=f"golden/{vid}/{players}")


def perft(rnd: comet.Round, depth: int, counts: list[int]) -> None:
    """Add to ``counts[k]`` the number of play sequences of length ``k + 1`` from ``rnd``."""
    if rnd.is_over or depth == len(counts):
        return
    before = rnd.record()
    for play in rnd.legal_plays():
        rnd.play(play)
        counts[depth] += 1
        perft(rnd, depth + 1, counts)
        rnd.undo()
    assert rnd.record() == before, "undo did not restore the deal"


def perft_counts(vid: str, players: int) -> list[int]:
    counts = [0] * DEPTH
    perft(_deal(vid, players), 0, counts)
    return counts


def golden_record(vid: str) -> dict[str, object]:
    v = comet.VARIANTS[vid]
    rnd = _deal(vid, v.players[0])
    agents = [GreedyAgent() for _ in range(rnd.players)]  # deterministic: no seed to fix
    while not rnd.is_over:
        seat = rnd.to_play
        assert seat is not None
        rnd.play(agents[seat].choose(rnd.view(seat)))
    out = rnd.outcome()
    assert out is not None
    return {"record": rnd.record(), "payments": list(out.payments), "settlement": list(out.lines)}


def _load(name: str) -> dict[str, Any]:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("vid,players", CASES, ids=[f"{v}-{n}p" for v, n in CASES])
def test_perft(vid: str, players: int) -> None:
    expected = _load("perft.json")[f"{vid}/{players}"]
    assert perft_counts(vid, players) == expected


@pytest.mark.parametrize("vid", sorted({v for v, _ in CASES}))
def test_golden_record(vid: str) -> None:
    expected = _load("records.json")[vid]
    assert golden_record(vid) == expected
    again = comet.replay(expected["record"])
    assert isinstance(again, comet.Round) and again.record() == expected["record"]
    out = again.outcome()
    assert out is not None and list(out.payments) == expected["payments"]


def test_every_variant_is_pinned_or_named() -> None:
    pinned = set(_load("records.json"))
    assert pinned | UNPINNED == set(comet.VARIANTS) and not pinned & UNPINNED
    assert set(_load("perft.json")) == {f"{v}/{n}" for v, n in CASES}


def _update() -> None:
    GOLDEN.mkdir(exist_ok=True)
    perfts = {f"{v}/{n}": perft_counts(v, n) for v, n in CASES}
    (GOLDEN / "perft.json").write_text(json.dumps(perfts, indent=1) + "\n", encoding="utf-8")
    records = {v: golden_record(v) for v in sorted({v for v, _ in CASES})}
    (GOLDEN / "records.json").write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(perfts)} perft counts and {len(records)} records to {GOLDEN}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        raise SystemExit("usage: python tests/test_golden.py --update")
    _update()


def test_the_engine_shuffles_as_random_shuffle_does() -> None:
    """``comet.round.shuffle`` writes out CPython's ``random.shuffle``: every seeded deal on
    record (the golden records, the book's examples) stays the same."""
    from comet.round import shuffle

    for seed in [*range(200), "a", "deal/7"]:
        for n in (1, 2, 24, 32, 52, 53, 104):
            expected, got = list(range(n)), list(range(n))
            random.Random(seed).shuffle(expected)
            shuffle(got, random.Random(seed))
            assert got == expected, (seed, n)
