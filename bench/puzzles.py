"""Puzzles: an independent re-verification of every stored puzzle, and what proving them costs.

For every puzzle of ``comet_learn/data/puzzles.json``:

* **exact** ones (every card known) are valued again by a plain memoized minimax written here
  (:func:`minimax`: no alpha-beta, no bounds, and a table keyed by the round's whole public turn state,
  not the solver's key), every legal play to the end of the deal;
* **sampled** ones on 1,000 fresh deals of the unseen cards (other seeds than the ones they were proven
  on: ``verify/<id>/<i>``), each finished by best play (the solver, :class:`comet_learn.solver.Solver`)
  and by the greedy finish; the first ``--cross`` deals of each are also valued by :func:`minimax`, which
  must agree with the solver deal by deal.

A puzzle fails if an unmarked play beats or ties a marked answer (exact: any value at least the answer's;
sampled: a mean lead of 0 or less), under best play or under the greedy finish, or if answers marked
as tied are not worth the same under best play in every deal.  The figures go to the
"Puzzles" section of ``bench/README.md``, with the time the last ``make puzzles`` took
(``bench/results/make_puzzles.json``, written by ``tools/make_puzzles.py``).

    python -m bench.puzzles [--deals 1000] [--family modern] [--workers 2] [--cross 20]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import comet
from comet_learn import proof
from comet_learn.puzzles import CHECK_DEALS, Puzzle, load, recheck
from comet_learn.solver import Solver

from bench._report import SMOKE_HELP, write_section

ROOT = Path(__file__).resolve().parents[1]
FIGURES = ROOT / "bench" / "results" / "make_puzzles.json"


def minimax(rnd: comet.Round, seat: int) -> dict[str, int]:
    """Every legal play's value for ``seat`` by plain memoized minimax (the whole deal's payments)."""
    memo: dict[Any, int] = {}

    def paid() -> int:
        return sum(p.amount for p in rnd.ledger if p.payee == seat) - sum(p.amount for p in rnd.ledger if p.payer == seat)

    def future() -> int:
        """Payments still to come for ``seat`` from here, under best play by both."""
        key = (tuple(tuple(h) for h in rnd.hands), rnd.turn)
        if key in memo:
            return memo[key]
        before = paid()
        results = []
        for play in rnd.legal_plays():
            rnd.play(play)
            if rnd.to_play is None:
                out = rnd.outcome()
                assert out is not None
                results.append(out.payments[seat] - before)
            else:
                results.append(paid() - before + future())
            rnd.undo()
        value = max(results) if rnd.to_play == seat else min(results)
        memo[key] = value
        return value

    values = {}
    for play in rnd.legal_plays():
        rnd.play(play)
        if rnd.to_play is None:
            out = rnd.outcome()
            assert out is not None
            values[play.text] = out.payments[seat]
        else:
            values[play.text] = paid() + future()
        rnd.undo()
    return values


def verify(task: tuple[Puzzle, int, int]) -> dict[str, Any]:
    """One puzzle re-verified: its figures and what failed."""
    p, deals, cross = task
    start = time.process_time()
    rnd = p.position()
    seat = rnd.to_play
    assert seat is not None
    failures: list[str] = []
    mismatches = 0
    marked = p.answers
    if p.method == "exact":
        values = minimax(rnd, seat)
        greedy = {}
        for play in rnd.legal_plays():
            rnd.play(play)
            greedy[play.text] = proof.greedy_finish(rnd, seat) if rnd.to_play is not None else _final(rnd, seat)
            rnd.undo()
        worst = min(values[a] for a in marked)
        worst_g = min(greedy[a] for a in marked)
        others = [t for t in values if t not in marked]
        leads = [worst - values[t] for t in others]
        g_leads = [worst_g - greedy[t] for t in others]
        for t in others:
            if values[t] >= worst:
                failures.append(f"{t} is worth {values[t]:+d}, the answer {worst:+d}")
            if greedy[t] >= worst_g:
                failures.append(f"{t} with the greedy finish {greedy[t]:+d}, the answer {worst_g:+d}")
        if any(values[t] != p.choice(t).value for t in values):
            failures.append("minimax values differ from the stored ones")
        return {"id": p.id, "family": p.family, "method": "exact", "min_lead": min(leads), "min_low": min(leads),
                "min_greedy_lead": min(g_leads), "failures": failures, "mismatches": 0,
                "seconds": time.process_time() - start}
    val = proof.Valuation("sampled", tuple(q.text for q in rnd.legal_plays()), deals,
                          {q: [] for q in p.plays}, {q: [] for q in p.plays})
    view = rnd.view(seat)
    for i in range(deals):
        world = view.determinize(random.Random(f"verify/{p.id}/{i}"))
        own = {q.text: q for q in world.legal_plays()}
        best = Solver(world, seat).values()
        if i < cross:
            if minimax(world, seat) != best:
                mismatches += 1
        for text in p.plays:
            val.best[text].append(best[text])
            world.play(own[text])
            val.greedy[text].append(proof.greedy_finish(world, seat) if world.to_play is not None else _final(world, seat))
            world.undo()
    first = marked[0]
    leads_b = [val.lead(first, t) for t in p.plays if t not in marked]
    leads_g = [val.lead(first, t, greedy=True) for t in p.plays if t not in marked]
    for t, lb, lg in zip([t for t in p.plays if t not in marked], leads_b, leads_g):
        if lb.mean <= 0:
            failures.append(f"{t} beats or ties {first} under best play ({lb.mean:+.2f})")
        if lg.mean <= 0:
            failures.append(f"{t} beats or ties {first} with the greedy finish ({lg.mean:+.2f})")
        for a in marked[1:]:
            tied = val.lead(a, t, greedy=True)
            if tied.mean <= 0:
                failures.append(f"{t} beats or ties {a} with the greedy finish ({tied.mean:+.2f})")
    for a in marked[1:]:
        if not val.same(first, a):
            failures.append(f"{a} does not tie {first} under best play")
    if mismatches:
        failures.append(f"minimax and the solver disagree on {mismatches} of {min(cross, deals)} deals")
    return {"id": p.id, "family": p.family, "method": "sampled", "min_lead": min(x.mean for x in leads_b),
            "min_low": min(x.low for x in leads_b), "min_greedy_lead": min(x.mean for x in leads_g),
            "failures": failures, "mismatches": mismatches, "seconds": time.process_time() - start}


def _final(rnd: comet.Round, seat: int) -> int:
    out = rnd.outcome()
    assert out is not None
    return out.payments[seat]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", type=int, default=proof.DEALS, help="fresh deals a sampled puzzle is valued on")
    ap.add_argument("--cross", type=int, default=20, help="deals of each sampled puzzle also valued by plain minimax")
    ap.add_argument("--family", action="append", help="only this family (repeatable)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-readme", action="store_true", help="print the figures only")
    ap.add_argument("--smoke", action="store_true", help=SMOKE_HELP + ": one exact puzzle and one sampled on 10 deals")
    args = ap.parse_args(argv)
    puzzles = [p for p in load() if not args.family or p.family in args.family]
    if args.smoke:
        args.deals, args.cross, args.workers, args.no_readme = 10, 2, 1, True
        puzzles = [next(p for p in puzzles if p.method == method) for method in ("exact", "sampled")]
    start = time.perf_counter()
    tasks = [(p, args.deals, args.cross) for p in puzzles]
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = pool.map(verify, tasks, chunksize=1)
    else:
        results = [verify(t) for t in tasks]
    wall = time.perf_counter() - start
    check_start = time.process_time()
    rechecked = [p.id for p in puzzles if recheck(p)]
    check_cpu = time.process_time() - check_start
    families = list(dict.fromkeys(p.family for p in puzzles))
    rows = []
    failed = [r for r in results if r["failures"]]
    for fam in families:
        rs = [r for r in results if r["family"] == fam]
        exact = sum(r["method"] == "exact" for r in rs)
        rows.append(f"| {fam} | {len(rs)} | {exact} | {len(rs) - exact} | {sum(bool(r['failures']) for r in rs)} | "
                    f"{min(r['min_lead'] for r in rs):.2f} | {min(r['min_low'] for r in rs):.2f} | "
                    f"{min(r['min_greedy_lead'] for r in rs):.2f} | {sum(r['mismatches'] for r in rs)} | "
                    f"{sum(r['seconds'] for r in rs):.0f} s |")
    for r in failed:
        print(f"FAILED {r['id']}: {'; '.join(r['failures'])}", file=sys.stderr)
    made = ""
    if FIGURES.exists():
        figures = json.loads(FIGURES.read_text(encoding="utf-8"))
        rows_made = [(fam, f) for fam, f in figures.items() if isinstance(f, dict) and "puzzles" in f]
        lines = [f"| {fam} | {f['puzzles']} | {f['deals_tried']} | {f['cpu_seconds']:.0f} s | {f['wall_seconds']:.0f} s | "
                 f"{f.get('workers', '?')} |" for fam, f in rows_made]
        lines.append(f"| all | {sum(f['puzzles'] for _, f in rows_made)} | {sum(f['deals_tried'] for _, f in rows_made)} | "
                     f"{sum(f['cpu_seconds'] for _, f in rows_made):.0f} s | "
                     f"{sum(f['wall_seconds'] for _, f in rows_made) / 60:.0f} min | |")
        made = ("\n\nThe last `make puzzles` (`bench/results/make_puzzles.json`; seeded: the same file every run; "
                "CPU counted in the workers, wall time under `nice` on the shared machine):\n\n"
                "| family | puzzles | deals tried | CPU | wall | workers |\n|---|---:|---:|---:|---:|---:|\n"
                + "\n".join(lines))
    body = (f"`python -m bench.puzzles`: every stored puzzle re-verified independently of `make puzzles`: exact "
            f"ones by a plain memoized minimax (no pruning, keyed by the whole turn state), sampled ones on "
            f"{args.deals:,} fresh deals of the unseen cards (seeds `verify/<id>/<i>`, not those they were proven on), "
            f"each finished by best play with every card open and by the greedy finish; the solver's values on "
            f"the first {args.cross} deals of each are checked against the plain minimax. A puzzle fails if an "
            f"unmarked play beats or ties a marked one under either finish, or if answers marked as tied differ "
            f"under best play in some deal. Leads are the answer's least lead "
            f"over another play (in the game's unit); *low* is the least lower end of its 95% interval.\n\n"
            "| family | puzzles | exact | sampled | failed | least lead | least low | least greedy lead | "
            "minimax ≠ solver | CPU |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
            + "\n".join(rows)
            + f"\n\n{len(results)} puzzles, {len(failed)} failed, in {wall:.0f} s ({args.workers} workers). "
            f"The check every test run makes (`comet_learn.puzzles.recheck`: exact ones searched again, sampled ones "
            f"on the first {CHECK_DEALS} of their deals) took {check_cpu:.1f} s of CPU for all {len(puzzles)} "
            f"(target: 60 s){'' if not rechecked else ', and failed for ' + ', '.join(rechecked)}.{made}")
    print(body)
    if not args.no_readme:
        write_section("puzzles", "Puzzles: independent re-verification and the cost of making them", body)
    return 1 if failed or rechecked else 0


if __name__ == "__main__":
    sys.exit(main())
