"""Find the stored puzzles again: ``make puzzles`` (or ``python tools/make_puzzles.py``).

Writes ``comet_learn/data/puzzles.json`` (:mod:`comet_learn.generate` says how puzzles are found,
proven and graded; :mod:`comet_learn.proof` what a play is worth).  Seeded: the same options give
the same file whatever ``--workers``.  ``--family`` makes one family again and keeps the others as
stored; each deal's result is cached in ``--cache`` (under a fingerprint of the engine's source), so
an interrupted run resumes where it stopped.  The run's figures (time, positions tried and why they
were not kept) go to ``bench/results/make_puzzles.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from comet_learn import generate, proof
from comet_learn.puzzles import CHECK_DEALS

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "comet_learn" / "data" / "puzzles.json"
CACHE = ROOT / ".cache" / "puzzles"
FIGURES = ROOT / "bench" / "results" / "make_puzzles.json"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--per-family", type=int, default=45, help="puzzles per family (default 45)")
    ap.add_argument("--deals", type=int, default=proof.DEALS,
                    help=f"deals of the unseen cards a sampled value averages (default {proof.DEALS})")
    ap.add_argument("--workers", type=int, default=generate.default_workers(),
                    help="processes (default: 2, or 1 on a one-core machine)")
    ap.add_argument("--family", action="append", choices=sorted(generate.families()),
                    help="only this family (repeatable); the others are kept as stored")
    ap.add_argument("--max-seeds", type=int, default=3000, help="deals tried per family at most (default 3000)")
    ap.add_argument("--cache", default=str(CACHE), help="where each deal's result is kept to resume ('' for none)")
    ap.add_argument("--out", default=str(OUT), help="the file written (default comet_learn/data/puzzles.json)")
    args = ap.parse_args(argv)
    if args.deals < CHECK_DEALS:
        ap.error(f"--deals must be at least {CHECK_DEALS} (the deals every test run checks again)")
    start = time.perf_counter()
    found, figures = generate.generate(args.per_family, workers=args.workers, only=args.family, deals=args.deals,
                                       max_seeds=args.max_seeds, cache=Path(args.cache) if args.cache else None,
                                       log=lambda s: print(s, file=sys.stderr, flush=True))
    short = [f for f, ps in found.items() if len(ps) < args.per_family]
    if short:
        print(f"make_puzzles: fewer than {args.per_family} puzzles for {', '.join(short)} "
              f"(raise --max-seeds)", file=sys.stderr)
    out = Path(args.out)
    keep = []
    if args.family and out.exists():
        keep = [d for d in json.loads(out.read_text(encoding="utf-8"))["puzzles"] if d["family"] not in found]
    command = f"python tools/make_puzzles.py --per-family {args.per_family} --deals {args.deals}"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(generate.set_text(found, command, keep), encoding="utf-8")
    wall = round(time.perf_counter() - start, 1)
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    kept = json.loads(FIGURES.read_text(encoding="utf-8")) if FIGURES.exists() else {}
    for family, facts in figures.items():
        if facts["deals_from_cache"] == facts["deals_tried"] and family in kept:
            continue  # all from the cache: the figures of the run that computed them stand
        kept[family] = dict(facts, workers=args.workers, command=" ".join(sys.argv))
    FIGURES.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
    print(f"make_puzzles: wrote {out} in {wall:.0f} s", file=sys.stderr)
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
