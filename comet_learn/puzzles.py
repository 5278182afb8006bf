"""Puzzles: positions of real deals where one play is proven best, and why.

The stored set is data, ``comet_learn/data/puzzles.json`` (made by ``make puzzles``:
:mod:`comet_learn.generate`), read by :func:`load`.  Each puzzle is a position of a seeded
two-handed deal (its record in the project's notation, :func:`comet.replay`, up to ``move`` plays)
and every legal play there, valued as :mod:`comet_learn.proof` defines it (:data:`DEFINITION`):
exact where the player to move can see every card, else the average over 1,000 deals of the
unseen cards, each finished by best play; and again with the greedy finish.  The answer leads
every other play by at least the margin under both, with its 95% interval clear of zero.

A puzzle's id is derived from its position (``family-`` and a hash of the record), so it stays
the same when the puzzles are made again; progress kept for ids that no longer exist is dropped
(:mod:`comet_learn.practice`).  :func:`recheck` values a stored puzzle again with the engine as it
stands (``tests/test_puzzles.py`` runs it for every puzzle); :meth:`Puzzle.check` judges an answer
and :meth:`Puzzle.explain` gives the line that follows each choice under best play, in the table's
card symbols, and the principle it illustrates.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from comet.errors import CometError, IllegalPlayError, InvalidOptionError, InvalidPlayError
from comet.notation import replay
from comet_render.i18n import N_, words
from comet_learn.lessons import (PRINCIPLES, THEMES, decimal, exact_line, lesson, percent, play_words, sampled_line,
                                 whole)

if TYPE_CHECKING:
    from comet.round import Round

__all__ = ["LEVELS", "THEMES", "PRINCIPLES", "FORMAT_VERSION", "Choice", "Puzzle", "Verdict", "load", "data_version",
           "family_of", "puzzle_id", "recheck", "play_words", "CHECK_DEALS", "from_dict", "to_dict", "LEVEL_TITLES",
           "decimal", "percent", "whole"]

FORMAT_VERSION = 2
"""The version of the stored set's format (``puzzles.json``'s ``version``)."""
LEVELS = ("easy", "medium", "hard")
LEVEL_TITLES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
"""Each level's name on the page (translated where shown: ``words(lang)(LEVEL_TITLES[level])``)."""
CHECK_DEALS = 40
"""Deals of a sampled puzzle valued again by :func:`recheck` (the first of the 1,000 it was proven on)."""
Z99 = 2.575829
"""The normal quantile of a two-sided 99% interval (:func:`recheck`'s agreement test)."""

def family_of(variant_family: str) -> str:
    """The page name of a family (``"new comet"`` -> ``"new-comet"``), as ``widgets.links.family_page``
    names it (the layer above, which this one does not import)."""
    return variant_family.replace(" ", "-")


def puzzle_id(family: str, record: str) -> str:
    """The stable id of a puzzle: its family and a short hash of its position's record (no comments)."""
    return f"{family}-{hashlib.sha256(record.encode('utf-8')).hexdigest()[:8]}"


@dataclass(frozen=True)
class Choice:
    """One legal play of a puzzle, with what it is worth and the line that follows it."""

    play: str
    value: float
    """Its value (exact, or the mean over the deals) under best play."""
    greedy: float
    """Its value with the greedy finish."""
    lead: tuple[float, float, float] | None = None
    """How far it is behind the answer under best play: mean and 95% interval (None for an answer)."""
    greedy_lead: tuple[float, float, float] | None = None
    line: tuple[tuple[int, str], ...] = ()
    """(exact) The play and best play after it to the end of the deal, as ``(seat, play text)``."""
    prefix: tuple[str, ...] = ()
    """(sampled) The plays the mover most often makes in a row from this choice on, under best play."""
    share: float = 1.0
    """(sampled) In how many of the deals the mover's plays are :attr:`prefix` (0..1)."""
    out: float = 0.0
    """In how many deals the mover goes out first under best play after this choice (0..1; exact: 0 or 1)."""
    stuck: float = 0.0
    """In how many deals the opponent's first action after the mover's plays is a pass (0..1)."""
    at_once: float = 0.0
    """In how many deals the mover goes out with the opponent laying no card in between (0..1)."""


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer."""

    correct: bool
    chosen: str
    best: tuple[str, ...]
    value: float
    """The value of the chosen play."""
    best_value: float
    why: str
    """In words: the line after the best play, and after the chosen one if different."""
    lines: tuple[tuple[str, str], ...] = ()
    """Every choice and its line in words, best first."""
    principle: str = ""


@dataclass(frozen=True)
class Puzzle:
    id: str
    family: str
    variant: str
    move: int
    record: str
    """The deal up to the position, in the project's notation."""
    method: str
    """``exact`` or ``sampled`` (:mod:`comet_learn.proof`)."""
    deals: int
    answers: tuple[str, ...]
    """The best play, and every play tied with it in every deal (each marked right)."""
    level: str
    themes: tuple[str, ...]
    options: tuple[Choice, ...]
    """Every legal play with its values and lines, in the engine's order."""
    difficulty: dict[str, Any] = field(default_factory=dict, compare=False)
    """What was measured: ``greedy`` (the greedy player finds it), ``search`` (share of the search player's
    tries that do), ``random`` (a random player's chance), ``choices`` (distinct choices)."""

    # ------------------------------------------------------------------ the position
    def position(self) -> "Round":
        """The position as a :class:`Round` (replayed and checked by the engine)."""
        from comet.round import Round

        rnd = replay(self.record)
        if not isinstance(rnd, Round):
            raise InvalidPlayError(f"puzzle {self.id}: the record is a match, not one deal")
        if len(rnd.history) != self.move:
            raise InvalidPlayError(f"puzzle {self.id}: the record has {len(rnd.history)} plays, not {self.move}")
        if rnd.to_play is None:
            raise InvalidPlayError(f"puzzle {self.id}: the deal is over at move {self.move}")
        return rnd

    @property
    def seat(self) -> int:
        """The player solving the puzzle (the player to move)."""
        seat = self.position().to_play
        assert seat is not None
        return seat

    @property
    def plays(self) -> tuple[str, ...]:
        """The legal plays offered, in the engine's order."""
        return tuple(c.play for c in self.options)

    @property
    def choices(self) -> tuple[str, ...]:
        """The legal plays offered (their texts), in the engine's order (as :attr:`plays`)."""
        return self.plays

    def choice(self, text: str) -> Choice:
        for c in self.options:
            if c.play == text:
                return c
        raise IllegalPlayError(f"{text!r} is not a legal play of puzzle {self.id}; the plays are "
                         f"{', '.join(self.plays)}")

    def value_of(self, text: str) -> float:
        return self.choice(text).value

    @property
    def margin(self) -> float:
        """The least lead of the answer over another play, under best play."""
        return min(c.lead[0] for c in self.options if c.lead is not None)

    @property
    def ranked(self) -> list[Choice]:
        """The choices, best first (answers first, then by value)."""
        return sorted(self.options, key=lambda c: (c.play not in self.answers, -c.value))

    # ------------------------------------------------------------------ judging and teaching
    def check(self, answer: str, lang: str = "en") -> Verdict:
        """Judge ``answer`` (a play's text); a play that is not legal here raises :class:`~comet.errors.IllegalPlayError`.
        The verdict's words (the lines, the principle) are in ``lang``."""
        chosen = self.choice(answer)
        best = self.choice(self.answers[0])
        correct = answer in self.answers
        lines = tuple((c.play, self.line_words(c, lang)) for c in self.ranked)
        said = dict(lines)
        _ = words(lang)
        why = _("{line}.", line=said[best.play])
        if not correct:
            why += " " + _("Yours: {line}.", line=said[answer])
        return Verdict(correct, answer, self.answers, chosen.value, best.value, why, lines, self.principle(lang))

    def line_words(self, choice: Choice, lang: str = "en") -> str:
        """The line after ``choice`` under best play, in card symbols, and what it is worth, in ``lang``."""
        rnd = self.position()
        _ = words(lang)
        if self.method == "exact":
            return _("{line}, {value}", line=exact_line(rnd, choice.line, _), value=decimal(choice.value, 0, lang))
        return sampled_line(rnd, choice, _)

    def principle(self, lang: str = "en") -> str:
        """The one principle the puzzle illustrates (:data:`PRINCIPLES`), from what its answer does, in ``lang``."""
        return words(lang)(PRINCIPLES[lesson(self.position(), self.answers, self.options)])


# ---------------------------------------------------------------------- storage
def to_dict(p: Puzzle) -> dict[str, Any]:
    """A puzzle as stored in ``puzzles.json``."""
    choices: dict[str, Any] = {}
    for c in p.options:
        d: dict[str, Any] = {"value": c.value, "greedy": c.greedy}
        if c.lead is not None:
            d["lead"] = list(c.lead)
        if c.greedy_lead is not None:
            d["greedy_lead"] = list(c.greedy_lead)
        if c.line:
            d["line"] = " ".join(f"{s}:{t.replace(' ', '+')}" for s, t in c.line)
        if c.prefix:
            d["prefix"] = " ".join(t.replace(" ", "+") for t in c.prefix)
            d["share"] = c.share
        d["out"] = c.out
        d["stuck"] = c.stuck
        d["at_once"] = c.at_once
        choices[c.play] = d
    return {"id": p.id, "family": p.family, "variant": p.variant, "move": p.move, "level": p.level,
            "themes": list(p.themes), "method": p.method, "deals": p.deals, "answers": list(p.answers),
            "choices": choices, "difficulty": p.difficulty, "record": p.record}


def from_dict(d: dict[str, Any]) -> Puzzle:
    """A puzzle from its stored form (the inverse of :func:`to_dict`)."""
    choices = []
    for text, c in d["choices"].items():
        line = tuple((int(s), t.replace("+", " ")) for s, _, t in (x.partition(":") for x in c.get("line", "").split()))
        prefix = tuple(t.replace("+", " ") for t in c.get("prefix", "").split())
        choices.append(Choice(text, c["value"], c["greedy"], tuple(c["lead"]) if "lead" in c else None,
                              tuple(c["greedy_lead"]) if "greedy_lead" in c else None, line, prefix,
                              c.get("share", 1.0), c.get("out", 0.0), c.get("stuck", 0.0),
                              c.get("at_once", 0.0)))
    if d["level"] not in LEVELS:
        raise InvalidPlayError(f"puzzle {d['id']}: level {d['level']!r} is not one of {', '.join(LEVELS)}")
    unknown = [t for t in d["themes"] if t not in THEMES]
    if unknown:
        raise InvalidPlayError(f"puzzle {d['id']}: unknown themes {unknown}; themes are {', '.join(THEMES)}")
    return Puzzle(id=d["id"], family=d["family"], variant=d["variant"], move=d["move"], record=d["record"],
                  method=d["method"], deals=d["deals"], answers=tuple(d["answers"]), level=d["level"],
                  themes=tuple(d["themes"]), options=tuple(choices), difficulty=dict(d.get("difficulty", {})))


@lru_cache(maxsize=1)
def _stored() -> dict[str, Any]:
    text = resources.files("comet_learn").joinpath("data/puzzles.json").read_text(encoding="utf-8")
    data = json.loads(text)
    if data.get("format") != "comet-puzzles" or data.get("version") != FORMAT_VERSION:
        raise ValueError(f"comet_learn/data/puzzles.json is not a puzzle set of format version {FORMAT_VERSION}: "
                         "run `make puzzles`")
    return data  # type: ignore[no-any-return]


@lru_cache(maxsize=1)
def _all() -> tuple[Puzzle, ...]:
    return tuple(from_dict(d) for d in _stored()["puzzles"])


def data_version() -> str:
    """The stored set's version: a hash of its puzzles' ids and answers (progress is kept against it)."""
    return str(_stored()["set"])


def load(family: str | None = None) -> list[Puzzle]:
    """The stored puzzles of ``family`` (a page name: ``modern``, ``new-comet``...), or all of them."""
    found = list(_all())
    if family is None:
        return found
    families = sorted({p.family for p in found})
    if family not in families:
        raise InvalidOptionError(f"no puzzles for {family!r}; families: {', '.join(families)}")
    return [p for p in found if p.family == family]


def stored_facts() -> dict[str, Any]:
    """The set's own facts: how it was made (``made_with``), its ``deals``, ``margin`` and ``check_deals``."""
    return {k: v for k, v in _stored().items() if k != "puzzles"}


# ---------------------------------------------------------------------- re-verification
def recheck(p: Puzzle, deals: int = CHECK_DEALS) -> list[str]:
    """What no longer holds of a stored puzzle with the engine as it stands (empty: it holds).

    An exact puzzle is searched again: every value, the answers and their lead must be as stored.  A
    sampled one is valued again on the first ``deals`` of the deals it was proven on: the answer must still
    lead every other play on average, under best play and under the greedy finish (each tied answer too),
    and the stored leads must lie within the new sample's 99% interval (the two results agree); tied answers
    must still tie under best play.
    """
    from comet_learn import proof

    problems: list[str] = []
    try:
        rnd = p.position()
    except CometError as e:
        return [f"{p.id}: the position no longer replays: {e}"]
    legal = tuple(q.text for q in rnd.legal_plays())
    if legal != p.plays:
        return [f"{p.id}: the legal plays are now {', '.join(legal)}, not {', '.join(p.plays)}"]
    method = "exact" if proof.all_known(rnd) else "sampled"
    if method != p.method:
        return [f"{p.id}: the position is now {method}, stored as {p.method}"]
    val = proof.valuate(rnd, key=p.id, deals=deals)
    if method == "exact":
        answers = proof.answers_of(val)
        if set(answers) != set(p.answers):
            problems.append(f"{p.id}: best play now {', '.join(answers)}, stored {', '.join(p.answers)}")
        for c in p.options:
            got, greedy = val.mean(c.play), val.mean(c.play, True)
            if got != c.value or greedy != c.greedy:
                problems.append(f"{p.id}: {c.play} is now worth {got:+g} (greedy finish {greedy:+g}), "
                                f"stored {c.value:+g} ({c.greedy:+g})")
        _, _, ok = proof.verdict(val)
        if not ok:
            problems.append(f"{p.id}: the answer no longer leads every other play by {proof.MARGIN:g} under both finishes")
        return problems
    first = p.answers[0]
    for a in p.answers[1:]:
        if not val.same(first, a):
            problems.append(f"{p.id}: {a} no longer ties with {first}")
    for c in p.options:
        if c.lead is None or c.greedy_lead is None:
            continue
        for greedy, stored in ((False, c.lead), (True, c.greedy_lead)):
            lead = val.lead(first, c.play, greedy)
            half = (lead.high - lead.mean) / proof.Z95 * Z99
            what = "with the greedy finish" if greedy else "under best play"
            problems += [f"{p.id}: {c.play} now ties or beats {a} {what} on {deals} deals"
                         for a in p.answers[1:] if val.lead(a, c.play, greedy).mean <= 0]
            if lead.mean <= 0:
                problems.append(f"{p.id}: {c.play} now ties or beats {first} {what} ({lead.mean:+.2f} on {deals} deals)")
            elif abs(stored[0] - lead.mean) > half + 1e-9:
                problems.append(f"{p.id}: {first}'s lead over {c.play} {what} is {lead.mean:+.2f} ± {half:.2f} "
                                f"on {deals} deals, stored {stored[0]:+.2f}")
    return problems
