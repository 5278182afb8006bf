"""Find the puzzles of ``comet_learn.puzzle_data``: ``make puzzles`` (or ``python tools/make_puzzles.py``).

For each family (``widgets.pages.FAMILIES``: the variants of ``comet.VARIANTS`` by family), deal
seeded deals (seed 0, 1, 2, ..., the family's variants in turn) and play them with the greedy
player.  At up to two positions of each deal where the player to move holds at most
``MAX_HAND`` cards and has 2 to ``comet_learn.puzzles.MAX_CHOICES`` legal card plays (at least two different for the rules), value
every legal play by determinized playouts from the mover's view (``comet.agents.evaluate``,
the search player's estimate): first ``--screen`` samples a play, then, when the best play
leads by ``comet_learn.puzzles.MIN_MARGIN`` or more, ``--confirm`` samples a play (a much larger
budget, other random deals).  The position is kept when the confirmed best play is the same
and still leads by the margin; it is graded by ``comet_learn.puzzles.grade`` against the family's
median lead.

Everything is seeded (the deals, the positions chosen, the playouts) and the results are taken
in seed order, so the same options give the same file whatever the number of workers.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import comet  # noqa: E402
from comet.agents import GreedyAgent, _signature, decide, evaluate  # noqa: E402
from comet.cards import Card  # noqa: E402
from comet.plays import CARDS, PASS  # noqa: E402
from comet_learn.puzzles import LEVELS, MAX_CHOICES, MIN_MARGIN, Puzzle, family_of, grade, puzzle_text, typical_margin  # noqa: E402

OUT = ROOT / "comet_learn" / "puzzle_data.py"
MAX_HAND = 7
"""Only positions where the mover holds this many cards or fewer: quick to read (and to search)."""


def families() -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for v in comet.VARIANTS.values():
        out[family_of(v.family)] = out.get(family_of(v.family), ()) + (v.id,)
    return out


def _players(v: comet.Variant) -> int:
    return 2 if 2 in v.players else v.players.start


def _groups(rnd: comet.Round, plays: list[comet.Play]) -> dict[Any, list[str]]:
    rules = rnd.rules
    special = rnd.wilds | frozenset(Card.parse(t) for t in rules.hoc_cards)
    groups: dict[Any, list[str]] = {}
    for p in plays:
        groups.setdefault(_signature(p, rules, special), []).append(p.text)
    return groups


def _value(rnd: comet.Round, samples: int, seed: str) -> tuple[list[tuple[str, float]], list[str], float]:
    """Every legal play's mean payment (best first), the best group, and its lead over the next."""
    view = rnd.view(rnd.to_play)  # type: ignore[arg-type]
    legal = list(view.legal)
    groups = _groups(rnd, legal)
    hints = evaluate(view, legal, rng=random.Random(seed), playouts=samples * len(groups))
    values = [(h.play.text, round(h.payment, 2)) for h in hints]
    best = next(g for g in groups.values() if values[0][0] in g)
    others = [v for t, v in values if t not in best]
    return values, best, values[0][1] - max(others)


def find(task: tuple[str, str, int, int, int]) -> dict[str, Any] | None:
    """One deal's puzzle (a dict for :class:`Puzzle`), or None."""
    family, vid, seed, screen, confirm = task
    v = comet.VARIANTS[vid]
    rnd = comet.Round.deal(v, players=_players(v), seed=seed)
    greedy = GreedyAgent()
    spots: list[int] = []
    while rnd.to_play is not None:
        legal = rnd.legal_plays()
        if (rnd.phase == "play" and 2 <= len(legal) <= MAX_CHOICES and len(rnd.hands[rnd.to_play]) <= MAX_HAND
                and all(p.kind in (CARDS, PASS) for p in legal) and len(_groups(rnd, legal)) >= 2):
            spots.append(len(rnd.history))
        rnd.play(decide(greedy, rnd))
    record_moves = [p.text for _, p in rnd.history]
    rng = random.Random(f"puzzle {vid} {seed}")
    rng.shuffle(spots)
    for move in sorted(spots[:2]):
        pos = comet.Round.deal(v, players=_players(v), seed=seed)
        for text in record_moves[:move]:
            pos.play(text)
        values, best, margin = _value(pos, screen, f"screen {vid} {seed} {move}")
        if margin < MIN_MARGIN:
            continue
        values, best2, margin = _value(pos, confirm, f"confirm {vid} {seed} {move}")
        if best2 != best or margin < MIN_MARGIN:
            continue
        return {"family": family, "variant": vid, "move": move, "answers": tuple(best), "values": tuple(values),
                "record": pos.record(), "seed": seed}
    return None


def choices(p: Puzzle) -> int:
    """The distinct choices of a puzzle for the rules (a 7♥ or a 7♠ is one when suits do not matter)."""
    rnd = p.position()
    return len(_groups(rnd, rnd.legal_plays()))


def graded(found: list[Puzzle]) -> list[Puzzle]:
    """The family's puzzles with their levels (:func:`comet_learn.puzzles.grade`, against its median lead)."""
    if not found:
        return found
    typical = typical_margin([p.margin for p in found])
    return [replace(p, level=grade(p.margin, choices(p), typical)) for p in found]


def generate(per_family: int, screen: int, confirm: int, workers: int, only: list[str] | None = None,
             max_seeds: int = 2000, log: Any = None) -> dict[str, list[Puzzle]]:
    out: dict[str, list[Puzzle]] = {}
    with Pool(workers) as pool:
        for family, ids in families().items():
            if only and family not in only:
                continue
            start = time.perf_counter()
            found: list[Puzzle] = []
            tasks = ((family, ids[s % len(ids)], s, screen, confirm) for s in range(max_seeds))
            for got in pool.imap(find, tasks, chunksize=1):
                if got is None:
                    continue
                found.append(Puzzle(id=f"{family}-{len(found) + 1}", level="", move=got["move"],
                                    answers=got["answers"], values=got["values"], record=got["record"],
                                    variant=got["variant"], family=family))
                if log:
                    log(f"  {found[-1].id}: {found[-1].variant} seed {got['seed']} move {got['move']}")
                if len(found) >= per_family:
                    break
            found = graded(found)
            pool_levels = {lv: sum(1 for p in found if p.level == lv) for lv in LEVELS}
            if log:
                log(f"{family}: {len(found)} puzzles {pool_levels} in {time.perf_counter() - start:.0f} s")
            out[family] = found
    return out


def module_text(puzzles: dict[str, list[Puzzle]], command: str) -> str:
    lines = ['"""The stored puzzles, made by ``tools/make_puzzles.py`` (do not edit: run ``make puzzles``).',
             "",
             f"Made with: ``{command}``.  Each puzzle is a record in the project's notation with the",
             "puzzle's headers; :mod:`comet_learn.puzzles` reads them.", '"""', "",
             "PUZZLES: dict[str, str] = {"]
    for family, found in puzzles.items():
        lines.append(f"    {family!r}: (")
        for p in found:
            for line in puzzle_text(p).splitlines():
                lines.append(f"        {line + chr(10)!r}")
            lines.append(f"        {chr(10)!r}")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-family", type=int, default=30, help="puzzles per family (default 30)")
    ap.add_argument("--screen", type=int, default=12, help="samples per play to screen a position (default 12)")
    ap.add_argument("--confirm", type=int, default=100, help="samples per play to confirm it (default 100)")
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--family", action="append", help="only this family (repeatable)")
    ap.add_argument("--out", default=str(OUT), help="the module written (default comet_learn/puzzle_data.py); - for stdout")
    args = ap.parse_args(argv)
    puzzles = generate(args.per_family, args.screen, args.confirm, args.workers, args.family,
                       log=lambda s: print(s, file=sys.stderr))
    command = (f"python tools/make_puzzles.py --per-family {args.per_family} --screen {args.screen} "
               f"--confirm {args.confirm}")
    text = module_text(puzzles, command)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
