"""Puzzles: positions of real deals where one play is clearly best, and why.

``tools/make_puzzles.py`` (``make puzzles``) finds them: it plays seeded deals, and at
positions with a few legal plays it values every play by determinized playouts
(:func:`comet.agents.evaluate`, the search player's estimate from the mover's view only),
first with a small budget, then confirmed with a much larger one; a position is kept when
the best play beats the second by :data:`MIN_MARGIN` or more in expected payment.  The
puzzles are stored in :mod:`comet_learn.puzzle_data` as records in the project's notation
(:func:`comet.replay`) with extra headers::

    [Puzzle "modern-3"]
    [Level "easy"]
    [Move "7"]
    [Answer "KS"]
    [Values "KS=+12.40, 7H=+2.10"]
    [Variant "modern-comet-1991"]
    ...
    1: 2H
    ...

The record holds the deal up to the position (``Move`` plays); the player to move is the
one solving.  Nothing is searched when a page loads: :func:`load` reads the stored text,
:meth:`Puzzle.position` replays it, :meth:`Puzzle.check` judges an answer and
:func:`explain` says in words what a play does, from the engine (the rules of the variant,
S0-S2 as :mod:`comet.variants` cites them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from comet.cards import cards_symbols
from comet.errors import IllegalPlayError, InvalidPlayError
from comet.notation import parse_record, replay
from comet.plays import CARDS, PASS, Play

if TYPE_CHECKING:
    from comet.round import Round

__all__ = ["LEVELS", "MIN_MARGIN", "Puzzle", "Verdict", "family_of", "grade", "typical_margin", "load", "parse", "explain",
           "puzzle_text"]

LEVELS = ("easy", "medium", "hard")
MIN_MARGIN = 2.0
"""The least lead, in the variant's unit, of the best play over the second in expected payment."""
MAX_CHOICES = 8
"""Positions with more legal plays are not puzzles (too many buttons to weigh)."""

_HEAD = re.compile(r'^\[Puzzle\s+"', re.M)


def family_of(variant_family: str) -> str:
    """The page name of a family (``"new comet"`` -> ``"new-comet"``), as ``widgets.pages.FAMILIES``."""
    return variant_family.replace(" ", "-")


def grade(margin: float, choices: int, typical: float) -> str:
    """``easy``/``medium``/``hard`` from the lead of the best play, the number of distinct choices
    and the family's ``typical`` lead (the median of its puzzles: the stakes differ by game).

    A lead of at least the typical one among at most three choices is easy; a lead under half
    the typical one, or five choices or more, is hard.
    """
    if margin < MIN_MARGIN:
        raise ValueError(f"a puzzle needs a margin of at least {MIN_MARGIN}, not {margin}")
    if choices < 2:
        raise ValueError(f"a puzzle needs at least 2 distinct choices, not {choices}")
    if margin >= typical and choices <= 3:
        return "easy"
    if margin < typical / 2 or choices >= 5:
        return "hard"
    return "medium"


def typical_margin(margins: list[float]) -> float:
    """The median of ``margins`` (the ``typical`` of :func:`grade`)."""
    ordered = sorted(margins)
    if not ordered:
        raise ValueError("no margins: a family needs puzzles")
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer."""

    correct: bool
    chosen: str
    best: tuple[str, ...]
    value: float
    """Expected payment of the chosen play."""
    best_value: float
    why: str
    """In words: what the best play does, and what the chosen one does if different."""


@dataclass(frozen=True)
class Puzzle:
    id: str
    level: str
    move: int
    answers: tuple[str, ...]
    """The best play (and the plays the rules treat as the same, e.g. a 7♥ or a 7♠ when suits do
    not matter)."""
    values: tuple[tuple[str, float], ...]
    """Every legal play with its expected payment for the mover, best first."""
    record: str
    """The deal up to the position, in the project's notation (without the puzzle headers)."""
    variant: str
    family: str

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
    def choices(self) -> tuple[str, ...]:
        """The legal plays offered, in the order of the engine's list."""
        texts = [p.text for p in self.position().legal_plays()]
        return tuple(sorted((t for t, _ in self.values), key=lambda t: texts.index(t) if t in texts else len(texts)))

    @property
    def margin(self) -> float:
        """The lead of the best play over the best of the others."""
        best = self.values[0][1]
        others = [v for t, v in self.values if t not in self.answers]
        return best - max(others) if others else 0.0

    def value_of(self, text: str) -> float:
        for t, v in self.values:
            if t == text:
                return v
        raise IllegalPlayError(f"{text!r} is not a legal play of puzzle {self.id}; the plays are "
                         f"{', '.join(t for t, _ in self.values)}")

    def check(self, answer: str) -> Verdict:
        """Judge ``answer`` (a play's text); a play that is not legal here raises ``ValueError``."""
        value = self.value_of(answer)
        rnd = self.position()
        best = self.answers[0]
        correct = answer in self.answers
        why = explain(rnd, best)
        if not correct:
            why += " " + explain(rnd, answer, better=best)
        why += (f" Over many deals of the cards you cannot see, {_play_words(best)} is worth "
                f"{self.values[0][1]:+.1f} {rnd.variant.unit}s on average")
        if correct:
            second = next((t for t, _ in self.values if t not in self.answers), None)
            if second is not None:
                why += f"; the next best, {_play_words(second)}, {self.value_of(second):+.1f}."
            else:
                why += "."
        else:
            why += f"; yours, {_play_words(answer)}, {value:+.1f}."
        return Verdict(correct, answer, self.answers, value, self.values[0][1], why)


def _play_words(text: str) -> str:
    play = Play.parse(text)
    if play.kind == PASS:
        return "passing"
    if play.kind != CARDS:
        return f"'{text}'"
    words = cards_symbols(list(play.cards))
    if play.wild is not None:
        words += " (the wild card as " + text.split("=", 1)[1] + ")"
    return words


def explain(rnd: "Round", text: str, *, better: str | None = None) -> str:
    """What the play ``text`` does at ``rnd`` for the player to move, in words, from the engine.

    ("The K♠ stops the run and you lead again, with 4 cards left.")  With ``better`` the
    sentence is about a play that is not the best one.
    """
    seat = rnd.to_play
    if seat is None:
        raise ValueError("the deal is over: there is no play to explain")
    after = rnd.copy()
    move = after.play(text)
    words = _play_words(move.text)
    left = len(after.hands[seat])
    paid = sum(p.amount for p in after.ledger[len(rnd.ledger):] if p.payee == seat) - sum(
        p.amount for p in after.ledger[len(rnd.ledger):] if p.payer == seat)
    pays = f" and it pays you {paid} now" if paid > 0 else (f" and it costs you {-paid} now" if paid < 0 else "")
    start = "Yours, " + words + "," if better is not None else words[0].upper() + words[1:]
    if after.is_over and after.winner == seat:
        return f"{start} goes out: the deal ends and you are paid{pays}."
    if after.is_over:
        return f"{start} ends the deal{pays}."
    if after.to_play == seat and after.targets is None:
        nxt = ""
        if better is None:
            nxt = f": you lead again with {left} card{'s' if left != 1 else ''} left ({cards_symbols(after.hands[seat])})"
        if move.kind == PASS:
            return f"{start}: nobody can go on, and you lead again{pays}."
        return f"{start} stops the run{pays}{nxt or ' and you lead again'}."
    if after.to_play == seat:
        return (f"{start} keeps the run going{pays}: next you may play {after.describe_targets()}, "
                f"with {left} card{'s' if left != 1 else ''} left.")
    if move.kind == PASS:
        return f"{start}: passing hands the turn to seat {after.to_play}{pays}."
    return (f"{start} hands the turn to seat {after.to_play}{pays}, who needs {after.describe_targets()}; "
            f"you keep {left} card{'s' if left != 1 else ''}.")


def puzzle_text(p: Puzzle) -> str:
    """The stored form of a puzzle: its headers, then the record."""
    values = ", ".join(f"{t}={v:+.2f}" for t, v in p.values)
    head = (f'[Puzzle "{p.id}"]\n[Level "{p.level}"]\n[Move "{p.move}"]\n'
            f'[Answer "{" | ".join(p.answers)}"]\n[Values "{values}"]\n')
    return head + p.record


def parse(text: str) -> list[Puzzle]:
    """The puzzles of a stored text (blocks each starting with ``[Puzzle "id"]``)."""
    from comet.variants import find_variant

    starts = [m.start() for m in _HEAD.finditer(text)]
    out: list[Puzzle] = []
    for i, start in enumerate(starts):
        block = text[start:starts[i + 1] if i + 1 < len(starts) else len(text)]
        top, _ = parse_record(block)
        missing = [k for k in ("Puzzle", "Level", "Move", "Answer", "Values", "Variant") if k not in top]
        if missing:
            raise InvalidPlayError(f"puzzle block {i + 1} lacks the headers {', '.join(missing)}")
        if top["Level"] not in LEVELS:
            raise InvalidPlayError(f"puzzle {top['Puzzle']}: level {top['Level']!r} is not one of {', '.join(LEVELS)}")
        values: list[tuple[str, float]] = []
        for part in top["Values"].split(","):
            t, _, v = part.strip().rpartition("=")
            values.append((t, float(v)))
        lines = [ln for ln in block.splitlines() if not re.match(r'^\[(Puzzle|Level|Move|Answer|Values)\s', ln)]
        record = "\n".join(lines).strip() + "\n"
        variant = find_variant(top["Variant"])
        out.append(Puzzle(id=top["Puzzle"], level=top["Level"], move=int(top["Move"]),
                          answers=tuple(a.strip() for a in top["Answer"].split("|")), values=tuple(values),
                          record=record, variant=variant.id, family=family_of(variant.family)))
    return out


_CACHE: dict[str, list[Puzzle]] = {}


def load(family: str | None = None) -> list[Puzzle]:
    """The stored puzzles of ``family`` (a page name: ``modern``, ``new-comet``...), or all of them."""
    from comet_learn.puzzle_data import PUZZLES

    if family is not None and family not in PUZZLES:
        raise ValueError(f"no puzzles for {family!r}; families: {', '.join(PUZZLES)}")
    out: list[Puzzle] = []
    for fam in (PUZZLES if family is None else [family]):
        if fam not in _CACHE:
            _CACHE[fam] = parse(PUZZLES[fam])
        out.extend(_CACHE[fam])
    return out
