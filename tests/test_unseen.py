"""No engine structure reveals an unseen card (issue 37, item 3).

A bot sees its seat (:func:`comet.agents.decide` hands it a view), but it runs in the engine's
process and may read any module-level or class-level table of ``comet``. In a fresh process
(so that no other test has parsed a play), every seat of a deal of every variant asks for its
legal plays, a hint and a sampled deal at each of its turns; then every such table of every
``comet`` module is searched for the plays in it. A play that a seat could not know of (cards of
another hand it never saw, or some but not all of a wild card's nominations, which would show who
held it) fails the test.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import pkgutil
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import comet
from comet.plays import DISCARD, Play

ROOT = Path(__file__).resolve().parent.parent
ROW = 13
"""A wild card's plays are made by rows (:func:`comet.plays.wild_play`): each rank, with one suit or none."""


def tables() -> Iterator[tuple[str, Any]]:
    """Every module-level and class-level value of every ``comet`` module, by name."""
    for info in pkgutil.walk_packages(comet.__path__, "comet."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            yield f"{info.name}.{name}", value
            if isinstance(value, type) and value.__module__ == info.name:
                for attr, held in vars(value).items():
                    yield f"{info.name}.{name}.{attr}", held


def plays_in(value: Any, seen: set[int]) -> Iterator[Play]:
    """The plays held in ``value``, through dicts (keys and values), lists, tuples, sets and dataclasses."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Play):
        yield value
    elif isinstance(value, dict) or type(value).__name__ == "mappingproxy":
        for k, v in list(value.items()):
            yield from plays_in(k, seen)
            yield from plays_in(v, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in list(value):
            yield from plays_in(item, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from plays_in(getattr(value, f.name, None), seen)


def all_plays() -> set[Play]:
    seen: set[int] = set()
    return {p for _, value in tables() for p in plays_in(value, seen)}


def unknowable(plays: set[Play], known: Counter[Any], wilds: frozenset[Any]) -> list[str]:
    """The plays a seat that has seen the cards ``known`` (with their counts) could not know of: cards
    of a hand it never saw, or a wild card's nominations that are not whole rows (which ones were made
    would show who held it, and against what)."""
    out = []
    rows: dict[tuple[Any, str], set[int]] = {}
    for p in plays:
        if p.wild is not None and len(p.cards) == 1:
            rows.setdefault((p.wild, p.suit), set()).add(p.rank)
        elif len(p.cards) > 1 and Counter(p.cards) - known:
            out.append(p.text)
    for (wild, suit), ranks in rows.items():
        if len(ranks) != ROW and wild not in known:
            out.append(f"{wild}: {len(ranks)} of its {ROW} nominations{' in ' + suit if suit else ''}")
    return sorted(out)


def probe(cases: list[tuple[str, int]]) -> dict[str, list[str]]:
    """Play a deal of each case, every seat asking at each of its turns; what each seat could not know."""
    found: dict[str, list[str]] = {}
    for vid, players in cases:
        rnd = comet.Round.deal(vid, players=players, seed=7)
        known = [Counter(h) for h in rnd.hands]
        rng = random.Random(3)
        while not rnd.is_over:
            seat = rnd.to_play
            assert seat is not None
            legal = rnd.legal_plays()
            comet.hint(rnd, playouts=len(legal), time_limit=None, seed=len(rnd.history))
            rnd.view(seat).determinize(rng)
            play = rng.choice(legal)
            rnd.play(play)
            for s, hand in enumerate(rnd.hands):
                known[s] |= Counter(hand)
                known[s] |= Counter(play.cards)
                known[s] |= Counter(rnd.view(s).seen_aside)
        plays = all_plays()
        for s in range(players):
            bad = unknowable(plays, known[s], rnd.wilds)
            if bad:
                found[f"{vid} {players}p seat {s}"] = bad[:5]
    return found


def run_probe(cases: list[tuple[str, int]], extra: str = "") -> dict[str, Any]:
    """:func:`probe` in a fresh process (``extra``: code run there first)."""
    code = (f"import json, tests.test_unseen as t\n{extra}\n"
            f"print(json.dumps({{'found': t.probe({cases!r}), 'plays': len(t.all_plays())}}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[-1])  # type: ignore[no-any-return]


CASES = [(vid, n) for vid, v in comet.VARIANTS.items()
         for n in sorted({v.players[0], min(v.players[-1], max(4, v.players[0]))})]
"""Every variant with the fewest players it allows, and with four (or its most, if fewer)."""


def test_no_table_of_the_engine_shows_a_play_of_an_unseen_card() -> None:
    result = run_probe(CASES)
    assert result["found"] == {}
    assert result["plays"] >= 53 * 2 + 5  # the search saw the intern table: every single and discard, the words


def test_the_search_finds_a_play_that_is_not_knowable() -> None:
    """The check itself: a group of the table that no seat held is found, and so is a wild card with only
    some of its nominations made."""
    grouped = run_probe([("modern-comet-1991", 2)], "from comet import Play; Play.parse('2H 2H 2D 2D')")
    assert all("2H 2H 2D 2D" in bad for bad in grouped["found"].values()) and grouped["found"]
    wild = Play.parse("9C=T")
    partial = unknowable({wild}, Counter(), frozenset([wild.wild]))
    assert partial == ["9C: 1 of its 13 nominations"]
    assert unknowable({wild}, Counter([wild.wild]), frozenset([wild.wild])) == []
    assert all(p.kind is DISCARD for p in comet.plays.DISCARDS) and len(comet.plays.DISCARDS) == 53
