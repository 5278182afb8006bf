"""No engine structure reveals an unseen card (issue 37, item 3).

A bot sees its seat (:func:`comet.agents.decide` hands it a view), but it runs in the engine's
process and may read any module-level or class-level table of ``comet``. So what those tables hold
must depend on public facts only (the variant, its packs), never on the cards of a hand. In a fresh
process (no other test has parsed a play there), a deal of every variant is made with each of its
packs, which fills the tables of what a pack can make (:mod:`comet.tables`); then every seat of a
deal asks for its legal plays, a hint and a sampled deal at each of its turns. Nothing may be added
to any table while they ask, and what the deals added must be the same whatever cards they dealt.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import pkgutil
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import comet
from comet.plays import Play

ROOT = Path(__file__).resolve().parent.parent
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


def sizes() -> dict[str, int]:
    """The size of every table (a dict, list or set) at module or class level."""
    return {name: len(value) for name, value in tables() if isinstance(value, (dict, list, set))}


def fingerprint() -> tuple[list[str], dict[str, int]]:
    return sorted(p.text for p in all_plays()), sizes()


def deal_every_pack(cases: list[tuple[str, int]], seed: int) -> None:
    for vid, players in cases:
        for pack in comet.VARIANTS[vid].rules.packs:
            comet.Round.deal(vid, players=players, seed=seed, pack=pack)


def probe(cases: list[tuple[str, int]], seed: int, ask: bool = True) -> dict[str, Any]:
    """Deal every case with each of its packs (``seed``); then (``ask``) play a deal of each, every seat asking
    at each of its turns. What the deals left in the tables, and what the asking added to them."""
    deal_every_pack(cases, seed)
    dealt = fingerprint()
    for vid, players in cases if ask else ():
        rnd = comet.Round.deal(vid, players=players, seed=seed + 1)
        rng = random.Random(3)
        while not rnd.is_over:
            legal = rnd.legal_plays()
            comet.hint(rnd, playouts=len(legal), time_limit=None, seed=len(rnd.history))
            rnd.view(rnd.to_play).determinize(rng)  # type: ignore[arg-type]
            rnd.play(rng.choice(legal))
    plays, grown = fingerprint()
    return {"dealt": dealt, "added": sorted(set(plays) - set(dealt[0]))[:10],
            "grown": {name: (dealt[1].get(name), n) for name, n in grown.items() if n != dealt[1].get(name)}}


def run_probe(cases: list[tuple[str, int]], seed: int, ask: bool = True, extra: str = "") -> dict[str, Any]:
    """:func:`probe` in a fresh process (``extra``: code run there first)."""
    code = (f"import json, tests.test_unseen as t\n{extra}\n"
            f"print(json.dumps(t.probe({cases!r}, {seed}, {ask})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[-1])  # type: ignore[no-any-return]


CASES = [(vid, n) for vid, v in comet.VARIANTS.items()
         for n in sorted({v.players[0], min(v.players[-1], max(4, v.players[0]))})]
"""Every variant with the fewest players it allows, and with four (or its most, if fewer)."""


def test_no_table_of_the_engine_shows_a_play_of_an_unseen_card() -> None:
    first, second = run_probe(CASES, 7), run_probe(CASES, 1000, ask=False)
    assert first["added"] == [] and first["grown"] == {}, "asking for plays left them in a table"
    assert first["dealt"] == second["dealt"], "what a deal leaves in the tables depends on its cards"
    plays = first["dealt"][0]
    assert len(plays) > 53 * 2 + 5 and "7H 7H 7D 7D" in plays  # the search saw the tables: singles, discards, groups


def test_the_probe_finds_what_a_hand_leaves() -> None:
    """The check itself: a play of several cards made while the seats ask (as the intern table once kept
    the groups asked for) is found, and so is a table grown."""
    extra = ("import comet.agents\nreal = comet.hint\n"
             "def hint(rnd, **kw):\n    comet.Play.parse('2H 2H 2H'); comet.tables._NOMINATIONS[(1, 2, 3)] = []\n"
             "    return real(rnd, **kw)\ncomet.hint = hint")
    found = run_probe([("modern-comet-1991", 2)], 7, extra=extra)
    assert found["added"] == ["2H 2H 2H"] and "comet.tables._NOMINATIONS" in found["grown"]
