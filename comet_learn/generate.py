"""Finding the puzzles (``make puzzles``, ``tools/make_puzzles.py``): seeded, proven, graded.

For each family, deal seeded two-handed deals (seed 0, 1, 2, ..., the family's two-handed variants
in turn) and play them with the greedy player.  Positions late in a deal are the instructive ones
and the cheap ones to prove: the player to move holds at most :data:`MAX_HAND` cards, both hands
together at most :data:`MAX_CARDS`, there are 2 to :data:`MAX_CHOICES` legal card plays (two at
least different for the rules) and no opera is still possible (:func:`comet_learn.solver.opera_open`).
Up to :data:`SPOTS` such positions of each deal are tried, in a seeded order, and the first that
proves a puzzle is kept (one a deal, for variety):

1. its plays are valued on the first :data:`comet_learn.puzzles.CHECK_DEALS` deals of the unseen
   cards (or exactly, where every card is known: :mod:`comet_learn.proof`) and screened;
2. a sampled position is valued again on :data:`comet_learn.proof.DEALS` deals, with the line of best
   play after each choice; it is kept when the answer leads every other play by the margin under best
   play and under the greedy finish, each 95% interval clear of zero, and when
   :func:`comet_learn.puzzles.recheck` (what every test run checks) agrees;
3. its difficulty is measured (does the greedy player find it; how often the fast search player and a
   random player do; how many distinct choices) and its themes read from its choices and lines.

A family's puzzles are then graded by measured difficulty (:func:`grade`).  Every step is seeded and
the results are taken in seed order, so the same options give the same file whatever the number of
workers; the results of each deal are cached (``--cache``) under a fingerprint of the engine's and the
proof's source, so an interrupted run resumes and a changed engine starts afresh.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections import Counter
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any, Callable, Iterator

import comet
from comet.agents import GreedyAgent, SearchAgent, _signature, decide
from comet.cards import Card
from comet.plays import CARDS, PASS
from comet.state import Phase
from comet_learn import proof
from comet_learn.lessons import themes_of
from comet_learn.puzzles import (CHECK_DEALS, FORMAT_VERSION, LEVELS, Choice, Puzzle, family_of, from_dict, puzzle_id,
                                 recheck, to_dict)
from comet_learn.solver import BudgetExceeded, Line, opera_open

__all__ = ["families", "find", "grade", "generate", "set_text", "fingerprint"]

MAX_HAND = 7
"""Only positions where the mover holds this many cards or fewer: quick to read (and to prove)."""
MAX_CARDS = 16
"""Both hands together hold at most this many cards (the exact search stays small)."""
MAX_CHOICES = 8
"""Positions with more legal plays are not puzzles (too many buttons to weigh)."""
SPOTS = 3
"""Positions tried per deal."""
LINE_DEALS = 1000
"""Deals whose lines of best play are read for a sampled puzzle's explanation."""
SEARCH_TRIES = 8
"""Seeds of the fast search player tried on each puzzle (its difficulty)."""
ROOT = Path(__file__).resolve().parent


def families() -> dict[str, tuple[str, ...]]:
    """Each family's variants that two can play (puzzles are two-handed: best play is then defined)."""
    out: dict[str, tuple[str, ...]] = {}
    for v in comet.VARIANTS.values():
        if 2 in v.players:
            out[family_of(v.family)] = out.get(family_of(v.family), ()) + (v.id,)
    return out


def _groups(rnd: comet.Round) -> dict[Any, list[str]]:
    rules = rnd.rules
    special = rnd.wilds | frozenset(Card.parse(t) for t in rules.hoc_cards)
    groups: dict[Any, list[str]] = {}
    for p in rnd.legal_plays():
        groups.setdefault(_signature(p, rules, special), []).append(p.text)
    return groups


def candidate(rnd: comet.Round) -> bool:
    """Whether a position may be a puzzle (before it is valued)."""
    seat = rnd.to_play
    if seat is None or rnd.phase is not Phase.PLAY or rnd.players != 2:
        return False
    legal = rnd.legal_plays()
    return (2 <= len(legal) <= MAX_CHOICES and len(rnd.hands[seat]) <= MAX_HAND
            and sum(len(h) for h in rnd.hands) <= MAX_CARDS
            and all(p.kind in (CARDS, PASS) for p in legal) and len(_groups(rnd)) >= 2 and not opera_open(rnd))


def _deal(vid: str, seed: int) -> comet.Round:
    return comet.Round.deal(vid, players=2, seed=seed)


def _line_facts(line: Line, me: int) -> tuple[tuple[str, ...], bool, bool, bool]:
    """The mover's plays in a row from the start of ``line``, whether it goes out first, whether the
    opponent's first action after them is a pass, whether it goes out with the opponent laying no card."""
    prefix: list[str] = []
    stuck = False
    for seat, play in line.plays:
        if seat != me:
            stuck = play.kind == PASS
            break
        prefix.append(play.text)
    out = line.winner == me
    at_once = out and all(seat == me or play.kind == PASS for seat, play in line.plays)
    return tuple(prefix), out, stuck, at_once


def _choices(val: proof.Valuation, answers: tuple[str, ...], leads: dict[str, tuple[proof.Lead, proof.Lead]],
             me: int) -> tuple[Choice, ...]:
    out = []
    for text in val.plays:
        lines = val.lines.get(text, [])
        facts = [_line_facts(line, me) for line in lines]
        prefixes = Counter(f[0] for f in facts)
        prefix, count = prefixes.most_common(1)[0] if prefixes else ((), 0)
        n = max(len(facts), 1)
        lb, lg = leads.get(text, (None, None))
        exact = val.method == "exact"
        out.append(Choice(
            play=text,
            value=int(val.best[text][0]) if exact else round(val.mean(text), 2),
            greedy=int(val.greedy[text][0]) if exact else round(val.mean(text, True), 2),
            lead=None if lb is None else (round(lb.mean, 3), round(lb.low, 3), round(lb.high, 3)),
            greedy_lead=None if lg is None else (round(lg.mean, 3), round(lg.low, 3), round(lg.high, 3)),
            line=tuple((s, p.text) for s, p in lines[0].plays) if exact and lines else (),
            prefix=() if exact else prefix,
            share=1.0 if exact else round(count / n, 3),
            out=round(sum(f[1] for f in facts) / n, 3),
            stuck=round(sum(f[2] for f in facts) / n, 3),
            at_once=round(sum(f[3] for f in facts) / n, 3),
        ))
    return tuple(out)


def difficulty(rnd: comet.Round, answers: tuple[str, ...], key: str) -> dict[str, Any]:
    """How hard the puzzle is, measured: the greedy player finds it or not, the share of the fast search
    player's seeded tries that find it, a random player's chance, and the distinct choices."""
    greedy = decide(GreedyAgent(), rnd).text in answers
    hits = sum(decide(SearchAgent(f"{key}/{k}", level="fast", time_limit=None), rnd).text in answers
               for k in range(SEARCH_TRIES))
    legal = rnd.legal_plays()
    found = (float(greedy) + hits / SEARCH_TRIES + len(answers) / len(legal)) / 3
    return {"greedy": greedy, "search": round(hits / SEARCH_TRIES, 3), "random": round(len(answers) / len(legal), 3),
            "choices": len(_groups(rnd)), "found": round(found, 3)}


def examine(family: str, vid: str, seed: int, move: int, deals: int = proof.DEALS,
            check_deals: int = CHECK_DEALS) -> tuple[Puzzle | None, str]:
    """The puzzle at ``move`` of seeded deal ``seed`` of ``vid`` (level not yet graded), or None and why not."""
    rnd = _deal(vid, seed)
    greedy = GreedyAgent()
    while len(rnd.history) < move:
        rnd.play(decide(greedy, rnd))
    record = rnd.record(comments=False)
    key = puzzle_id(family, record)
    me = rnd.to_play
    assert me is not None
    try:
        screen = proof.valuate(rnd, key=key, deals=check_deals, lines=0)
        answers, leads, ok = proof.verdict(screen)
        if not ok:
            return None, "screen"
        if screen.method == "exact":
            val = proof.valuate(rnd, key=key, lines=1)
        else:
            val = proof.valuate(rnd, key=key, deals=deals, lines=min(LINE_DEALS, deals))
    except BudgetExceeded:
        return None, "budget"
    answers, leads, ok = proof.verdict(val)
    if not ok:
        return None, "proof"
    choices = _choices(val, answers, leads, me)
    puzzle = Puzzle(id=key, family=family, variant=vid, move=move, record=record, method=val.method,
                    deals=val.deals, answers=answers, level="easy", themes=themes_of(rnd, answers, choices),
                    options=choices, difficulty=difficulty(rnd, answers, key))
    if recheck(puzzle, check_deals):
        return None, "recheck"
    return puzzle, "kept"


def _themed(p: Puzzle) -> Puzzle:
    """``p`` with its themes read from its choices and lines (:func:`comet_learn.lessons.themes_of`)."""
    return replace(p, themes=themes_of(p.position(), p.answers, p.options))


def spots(vid: str, seed: int) -> list[int]:
    """The positions of a seeded deal that may be puzzles (moves), in the seeded order they are tried."""
    rnd = _deal(vid, seed)
    greedy = GreedyAgent()
    found: list[int] = []
    while rnd.to_play is not None:
        if candidate(rnd):
            found.append(len(rnd.history))
        rnd.play(decide(greedy, rnd))
    random.Random(f"puzzle {vid} {seed}").shuffle(found)
    return found[:SPOTS]


Task = tuple[str, str, int, int, int]
"""``(family, variant, seed, deals, check_deals)``."""


def find(task: Task) -> dict[str, Any]:
    """One deal's result: ``{"puzzle": stored dict or None, "tried": {reason: count}, "seconds": s}``."""
    family, vid, seed, deals, check_deals = task
    start = time.process_time()
    tried: Counter[str] = Counter()
    for move in spots(vid, seed):
        puzzle, why = examine(family, vid, seed, move, deals, check_deals)
        tried[why] += 1
        if puzzle is not None:
            return {"puzzle": to_dict(puzzle), "tried": dict(tried), "seconds": round(time.process_time() - start, 3)}
    return {"puzzle": None, "tried": dict(tried), "seconds": round(time.process_time() - start, 3)}


def grade(found: list[Puzzle]) -> list[Puzzle]:
    """A family's puzzles with their levels: ordered by how often they are found (the ``found`` of
    :func:`difficulty`, most found first; more distinct choices is harder), the first third easy, the
    next medium, the last hard."""
    if not found:
        return found
    order = sorted(found, key=lambda p: (-p.difficulty["found"], p.difficulty["choices"], p.id))
    n = len(order)
    level = {p.id: LEVELS[min(len(LEVELS) - 1, (i * len(LEVELS)) // n)] for i, p in enumerate(order)}
    return [replace(p, level=level[p.id]) for p in found]


def fingerprint() -> str:
    """A hash of the engine's, the solver's and the proof's source and of the choices of positions: cached
    results of another engine are not reused (themes and levels are read afresh from the cached values)."""
    h = hashlib.sha256(repr((MAX_HAND, MAX_CARDS, MAX_CHOICES, SPOTS, LINE_DEALS, SEARCH_TRIES, CHECK_DEALS)).encode())
    comet_dir = Path(comet.__file__).resolve().parent
    for path in sorted(comet_dir.glob("*.py")) + [ROOT / n for n in ("solver.py", "proof.py")]:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _tasks(family: str, ids: tuple[str, ...], deals: int, check_deals: int, max_seeds: int) -> Iterator[Task]:
    for s in range(max_seeds):
        yield (family, ids[s % len(ids)], s, deals, check_deals)


def generate(per_family: int, *, workers: int = 1, only: list[str] | None = None, deals: int = proof.DEALS,
             check_deals: int = CHECK_DEALS, max_seeds: int = 3000, cache: Path | None = None,
             log: Callable[[str], None] | None = None) -> tuple[dict[str, list[Puzzle]], dict[str, Any]]:
    """Each family's puzzles (graded), and figures of the run (time, positions tried, why rejected)."""
    out: dict[str, list[Puzzle]] = {}
    figures: dict[str, Any] = {}
    stamp = fingerprint()
    pool = Pool(workers) if workers > 1 else None
    try:
        for family, ids in families().items():
            if only and family not in only:
                continue
            start = time.perf_counter()
            done: dict[str, Any] = {}
            cache_file = None
            if cache is not None:
                cache.mkdir(parents=True, exist_ok=True)
                cache_file = cache / f"{family}-{stamp}-{deals}-{check_deals}.jsonl"
                if cache_file.exists():
                    for line in cache_file.read_text(encoding="utf-8").splitlines():
                        entry = json.loads(line)
                        done[entry["task"]] = entry["result"]
            found: list[Puzzle] = []
            tried: Counter[str] = Counter()
            cpu = 0.0
            seeds = 0
            todo = (t for t in _tasks(family, ids, deals, check_deals, max_seeds))
            results = _results(todo, done, pool, workers, cache_file)
            cached = 0
            for task, result in results:
                seeds += 1
                cached += f"{task[1]}/{task[2]}" in done
                tried.update(result["tried"])
                cpu += result["seconds"]
                if result["puzzle"] is not None:
                    found.append(_themed(from_dict(result["puzzle"])))
                    if log:
                        p = found[-1]
                        log(f"  {p.id}: {p.variant} seed {task[2]} move {p.move} ({p.method}, {', '.join(p.themes)})")
                    if len(found) >= per_family:
                        break
            found = grade(found)
            wall = time.perf_counter() - start
            figures[family] = {"puzzles": len(found), "deals_tried": seeds, "deals_from_cache": cached,
                               "positions": dict(tried), "cpu_seconds": round(cpu, 1), "wall_seconds": round(wall, 1)}
            if log:
                levels = {lv: sum(1 for p in found if p.level == lv) for lv in LEVELS}
                log(f"{family}: {len(found)} puzzles {levels} from {seeds} deals in {wall:.0f} s "
                    f"({cpu:.0f} s of CPU); positions {dict(tried)}")
            out[family] = found
    finally:
        if pool is not None:
            pool.terminate()
    return out, figures


def _results(tasks: Iterator[Task], done: dict[str, Any], pool: Any, workers: int, cache_file: Path | None
             ) -> Iterator[tuple[Task, dict[str, Any]]]:
    """Each task's result in order: from the cache, else computed (in the pool of ``workers`` processes,
    a few ahead)."""
    pending: list[tuple[Task, Any]] = []
    ahead = 4 * (workers if pool is not None else 1)

    def name(t: Task) -> str:
        return f"{t[1]}/{t[2]}"

    def submit(t: Task) -> None:
        if name(t) in done:
            pending.append((t, None))
        elif pool is not None:
            pending.append((t, pool.apply_async(find, (t,))))
        else:
            pending.append((t, find))

    source = iter(tasks)
    for t in source:
        submit(t)
        if len(pending) >= ahead:
            break
    while pending:
        t, job = pending.pop(0)
        if job is None:
            result = done[name(t)]
        else:
            result = job(t) if job is find else job.get()
            if cache_file is not None:
                with cache_file.open("a", encoding="utf-8") as f:
                    f.write(json.dumps({"task": name(t), "result": result}) + "\n")
        yield t, result
        nxt = next(source, None)
        if nxt is not None:
            submit(nxt)


def set_text(puzzles: dict[str, list[Puzzle]], command: str, keep: list[dict[str, Any]] | None = None) -> str:
    """The stored set as JSON text: its format, how it was made, the definition's figures and every puzzle
    (``keep``: stored puzzles of families not made again, kept as they are)."""
    items = list(keep or []) + [to_dict(p) for fam in puzzles.values() for p in fam]
    order = list(families())
    items.sort(key=lambda d: (order.index(d["family"]) if d["family"] in order else len(order), d["id"]))
    digest = hashlib.sha256(json.dumps([[d["id"], d["answers"]] for d in items]).encode()).hexdigest()[:12]
    head = {"format": "comet-puzzles", "version": FORMAT_VERSION, "set": digest, "made_with": command,
            "deals": proof.DEALS, "margin": proof.MARGIN, "check_deals": CHECK_DEALS}
    # Compact, one puzzle a line: small for the browser, and a new set diffs puzzle by puzzle.
    lines = ",\n".join(json.dumps(d, ensure_ascii=False, separators=(",", ":")) for d in items)
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "puzzles": [\n' + lines + "\n]}\n"


def default_workers() -> int:
    return min(2, os.cpu_count() or 1)
