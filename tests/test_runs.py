"""comet.runs: one definition of a run, read alike by the records, the table and the book."""

from __future__ import annotations

import random
from pathlib import Path

import bookkit
import comet
from comet.runs import runs_of
from comet.simulate import record_of
from comet_render.svg_table import runs as table_runs

GAMES = Path(__file__).resolve().parent / "games"


def test_the_worked_example_is_one_run_stopped_by_a_king() -> None:
    """1718: 6, 7, 8, 9 without 10; 10, J without Q; Q and K (S0, S1): passes hand the run on, the
    king stops it."""
    rnd = comet.replay((GAMES / "old-comet-1718-worked-example.txt").read_text(encoding="utf-8"))
    assert isinstance(rnd, comet.Round)
    found = runs_of(rnd.events)
    assert [str(c) for c in found[0].cards] == ["6S", "7H", "8D", "9C", "TS", "JS", "QH", "KD"]
    assert found[0].stop == "king" and found[0].stop_seat == 2
    assert [s for s, _ in found[0].plays] == [0, 0, 0, 0, 1, 1, 2, 2]


def test_a_run_ends_at_its_stop_and_a_new_lead_starts_the_next() -> None:
    """Passes hand the run on; when nobody can go on (an incidental stop, S0, S1) the last
    player leads a new run."""
    rnd = comet.Round.from_hands("old-comet-1718", ["7H 8H 2D 5S", "3C 4C 9S"], leader=0)
    for play in ("7H", "8H", "pass", "9S", "pass"):
        rnd.play(play)
    runs = runs_of(rnd.events)
    assert [[str(c) for c in r.cards] for r in runs] == [["7H", "8H", "9S"]] and runs[0].stop is None
    rnd.play("pass")
    runs = runs_of(rnd.events)
    assert runs[0].stop == "incidental" and runs[0].stop_seat == 1 and rnd.to_play == 1
    rnd.play("3C")
    runs = runs_of(rnd.events)
    assert [[str(c) for c in r.cards] for r in runs] == [["7H", "8H", "9S"], ["3C"]] and runs[1].stop is None


def test_every_reader_counts_the_same_runs() -> None:
    """The simulation's record, the table's trail and the book's trail agree on every variant."""
    for vid, v in comet.VARIANTS.items():
        for n in v.players:
            rnd = comet.Round.deal(vid, players=n, seed=f"runs/{vid}/{n}")
            rng = random.Random(n)
            while not rnd.is_over:
                rnd.play(rng.choice(rnd.legal_plays()))
            runs = runs_of(rnd.events)
            record = record_of(rnd)
            assert record.runs == tuple(len(r.cards) for r in runs) and record.leads == len(runs)
            assert [r.cards for r in table_runs(rnd)] == [r.cards for r in runs]
            cards, stops = bookkit.trail_of(rnd)
            assert cards == [c for r in runs for c in r.cards]
            assert len(stops) == sum(1 for r in runs if r.stop)
            assert sum(record.runs) == sum(len(p.cards) for _, p in rnd.history if p.kind == "cards")
