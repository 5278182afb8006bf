"""Which readings of the sources what the site teaches rests on, found by the engine (issue 44).

A variant's options (:attr:`comet.Variant.options`) switch between documented readings, each option
naming its ambiguity (AMB-n, :mod:`comet.ambiguities`). A sentence rests on a reading when, under
another choice of that option, the engine no longer says it:

* a lesson's step no longer verifies (:func:`lesson_readings`: its claims, its script, its wrong play,
  its sentences, checked by :func:`comet_learn.course.verify` again under each other reading of the
  variant); when the position itself cannot be dealt under the other reading (a comet that is another
  card), the readings belong to the position, marked on any of its steps;
* a sentence of the rules panel reads otherwise (:func:`panel_readings`);
* a refusal, the rule of the moment, a coach's reason: what a function of the position says of the
  same deal replayed under the other reading (:func:`position_readings`, :func:`refusal_readings`,
  :func:`moment_readings`, :func:`reason_readings`).

Readings that no option switches cannot be found so: they are declared where they are read (a step's
``readings``, a rules-panel :class:`comet_learn.rules_panel.Line`), and must be readings the variant
makes (its docstring names them) or questions of history. :func:`mark_problems` compares what a
lesson marks with what the engine finds; ``tests/test_reading_marks.py`` runs it on every lesson.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any, Callable, Mapping, NamedTuple, Sequence, TypeVar

import comet
from comet.ambiguities import AMBIGUITIES, find_ambiguity
from comet.plays import Play
from comet.variant import Variant
from comet_learn.course import Lesson, runs, verify
from comet_learn.rules_panel import rules_lines

if TYPE_CHECKING:
    from comet_learn.coach import Reason

K = TypeVar("K")


SENTENCES = ("say", "then")
"""The sentences of a step a mark may sit beside: the instruction, and what happened (the idea, a hint, states
no reading: it says what the step teaches)."""


class Alternative(NamedTuple):
    """Another documented reading: ``option`` set to ``value`` reads ambiguity ``amb`` otherwise."""

    amb: str
    option: str
    value: Any


def alternatives(variant: Variant) -> tuple[Alternative, ...]:
    """Every other documented reading of ``variant``: each choice but the current one of every option
    that names an ambiguity."""
    now = variant.option_values
    return tuple(Alternative(o.amb, o.name, c) for o in variant.options.values() if o.amb
                 for c in o.choices if not (type(c) is type(now[o.name]) and c == now[o.name]))


def by_number(ambs: Any) -> list[str]:
    """AMB ids in their numbers' order."""
    return sorted(set(ambs), key=lambda a: int(a.split("-")[1]))


def replay(rnd: comet.Round, options: tuple[tuple[str, Any], ...] = (), plays: list[Any] | None = None) -> comet.Round:
    """``rnd``'s deal from its start under the variant's ``options`` (another reading), with ``plays``
    made (``rnd``'s own by default). The engine's errors are raised: under another reading the deal may
    not exist (another comet) or a play may be illegal."""
    game = rnd.variant.with_options(**dict(options))
    again = comet.Round.from_hands(game, rnd.initial_hands, leader=rnd.leader, dead=rnd.initial_dead,
                                   talon=rnd.initial_talon, pack=rnd.pack_name, dealer=rnd.dealer,
                                   dead_comets=rnd.dead_comets, seed=rnd.seed)
    for play in (plays if plays is not None else [p for _seat, p in rnd.history]):
        again.play(play)
    return again


# ------------------------------------------------------------------ lessons
@dataclasses.dataclass(frozen=True)
class Found:
    """What the engine finds a lesson resting on: for each step, the readings of its own claims and
    script (``steps``), those of the position it is played on (``positions``, the same for every
    step of one setup), and those under which an earlier step's play is refused, so that the step is
    never reached (``unreached``: the step may mark them, as it may not be played otherwise)."""

    steps: tuple[frozenset[str], ...]
    positions: tuple[frozenset[str], ...]
    unreached: tuple[frozenset[str], ...]


def _groups(lesson: Lesson) -> list[int]:
    """For each step, the index of the step that sets up its position."""
    first, out = 0, []
    for i, step in enumerate(lesson.steps):
        if step.setup is not None:
            first = i
        out.append(first)
    return out


def _under(lesson: Lesson, alt: Alternative) -> Lesson:
    """``lesson`` with every setup under ``alt`` (a setup that sets the option itself keeps its own)."""
    steps = tuple(dataclasses.replace(s, setup=dataclasses.replace(s.setup, options=s.setup.options + (
        (alt.option, alt.value),))) if s.setup is not None and alt.option not in dict(s.setup.options) else s
                  for s in lesson.steps)
    return dataclasses.replace(lesson, steps=steps)


def _parts(lesson: Lesson) -> list[tuple[int, Lesson]]:
    """Each position of ``lesson`` as a lesson of its own steps, with the index of its first step."""
    groups = _groups(lesson)
    return [(first, dataclasses.replace(lesson, steps=tuple(s for s, g in zip(lesson.steps, groups) if g == first)))
            for first in sorted(set(groups))]


def _problems(lesson: Lesson) -> set[tuple[int, str]]:
    """What the engine refuses in ``lesson``, position by position: (step, problem), (first step,
    "position") for a position it cannot deal, (step, "unreached") for the steps after a refused play."""
    out: set[tuple[int, str]] = set()
    for first, part in _parts(lesson):
        setup = part.steps[0].setup
        assert setup is not None
        try:
            setup.round()
        except comet.CometError:
            out.add((first, "position"))
            continue
        own = re.compile(rf"^{re.escape(lesson.id)} step (\d+): (.*)$", re.S)
        for problem in verify(part):
            found = own.match(problem)
            if found:
                out.add((first + int(found.group(1)) - 1, found.group(2)))
            elif "refused the script" in problem:
                done = 0
                try:
                    for _run in runs(part):
                        done += 1
                except comet.CometError as error:
                    out.add((first + done, f"refused: {error}"))
                    out.update((j, "unreached") for j in range(first + done + 1, first + len(part.steps)))
    return out


def lesson_readings(lesson: Lesson) -> Found:
    """The readings the engine finds ``lesson`` resting on (see :class:`Found`)."""
    setup = lesson.steps[0].setup
    assert setup is not None
    groups = _groups(lesson)
    steps: list[set[str]] = [set() for _ in lesson.steps]
    positions: list[set[str]] = [set() for _ in lesson.steps]
    unreached: list[set[str]] = [set() for _ in lesson.steps]
    usual = _problems(lesson)
    for alt in alternatives(setup.game):
        for i, problem in _problems(_under(lesson, alt)) - usual:
            if problem == "position":
                for j, first in enumerate(groups):
                    if first == i:
                        positions[j].add(alt.amb)
            elif problem == "unreached":
                unreached[i].add(alt.amb)
            else:
                steps[i].add(alt.amb)
    return Found(*(tuple(map(frozenset, found)) for found in (steps, positions, unreached)))


def declared(lesson: Lesson) -> list[set[str]]:
    """For each step, the readings it marks."""
    return [{amb for _where, amb in step.readings} for step in lesson.steps]


def mark_problems(lesson: Lesson) -> list[str]:
    """Where ``lesson``'s marks and the engine disagree: a reading a step rests on and does not mark (its
    position's readings marked on one of the position's steps), a mark naming a reading the step does not
    rest on, a mark of a reading no option switches that the variant does not make, a mark beside no
    sentence."""
    setup = lesson.steps[0].setup
    assert setup is not None
    variant = setup.game
    switched = {o.amb for o in variant.options.values() if o.amb}
    found = lesson_readings(lesson)
    marked = declared(lesson)
    groups = _groups(lesson)
    known = {a.id for a in AMBIGUITIES}
    problems = []
    for i, step in enumerate(lesson.steps):
        where = f"{lesson.id} step {i + 1}"
        group = [j for j, first in enumerate(groups) if first == groups[i]]
        near = set().union(*(marked[j] for j in group))
        for amb in by_number(found.steps[i] - marked[i]):
            problems.append(f"{where} rests on {amb} and does not mark it")
        if i == groups[i]:
            for amb in by_number(found.positions[i] - near):
                problems.append(f"{where}: its position rests on {amb}, marked on none of its steps")
        for amb in by_number(marked[i] & switched - found.steps[i] - found.positions[i] - found.unreached[i]):
            problems.append(f"{where} marks {amb}, which it does not rest on (the engine finds "
                            f"{by_number(found.steps[i] | found.positions[i] | found.unreached[i]) or 'none'})")
        for amb in by_number(marked[i] - switched):
            if amb not in known:
                problems.append(f"{where} marks {amb}, which comet.ambiguities does not list")
            elif not (find_ambiguity(amb).history or amb in variant.doc):
                problems.append(f"{where} marks {amb}, a reading {variant.id} does not make (its docstring does "
                                f"not name it) and no option of it switches")
        for sentence, _amb in step.readings:
            if sentence not in SENTENCES:
                problems.append(f"{where} marks a reading beside {sentence!r}, not one of {SENTENCES}")
    return problems


# ------------------------------------------------------------------ the rules panel, positions
def panel_readings(variant: Variant, lang: str = "en") -> dict[str, tuple[str, ...]]:
    """For each sentence of ``variant``'s rules panel (by its key), the readings it rests on: those
    under which it reads otherwise (or is not said), and those it declares."""
    base = {line.key: line for _head, lines in rules_lines(variant, lang) for line in lines}
    found = {key: set(line.readings) for key, line in base.items()}
    for alt in alternatives(variant):
        other = {line.key: line.text for _head, lines in rules_lines(variant.with_options(**{alt.option: alt.value}),
                                                                   lang) for line in lines}
        for key, line in base.items():
            if other.get(key) != line.text:
                found[key].add(alt.amb)
    return {key: tuple(by_number(ambs)) for key, ambs in found.items()}


def position_readings(rnd: comet.Round, say: Callable[[comet.Round], object]) -> tuple[str, ...]:
    """The readings under which ``say`` (a sentence, or anything comparable, about a position) is not
    what it is of ``rnd``: the same deal, replayed under each other reading, said again. A reading under
    which the deal cannot be replayed (another comet, an illegal play) says nothing of this position."""
    return positions_readings(rnd, {0: say})[0]


def positions_readings(rnd: comet.Round, says: Mapping[K, Callable[[comet.Round], object]]) -> dict[K, tuple[str, ...]]:
    """:func:`position_readings` of several sentences about one position, the deal replayed once under
    each other reading for all of them (a hand's refusals: one replay, not one a card)."""
    said = {key: say(rnd) for key, say in says.items()}
    found: dict[K, set[str]] = {key: set() for key in says}
    for alt in alternatives(rnd.variant):
        if all(alt.amb in amb for amb in found.values()):
            continue
        try:
            other = replay(rnd, ((alt.option, alt.value),))
        except comet.CometError:
            continue
        for key, say in says.items():
            if alt.amb not in found[key] and say(other) != said[key]:
                found[key].add(alt.amb)
    return {key: tuple(by_number(ambs)) for key, ambs in found.items()}


def refusal_readings(rnd: comet.Round, play: Play, lang: str = "en") -> tuple[str, ...]:
    """The readings a refusal of ``play`` (not legal in ``rnd``) rests on: under them ``play`` is legal,
    or refused for another reason."""
    return refusals_readings(rnd, [play], lang)[play]


def refusals_readings(rnd: comet.Round, plays: Sequence[Play], lang: str = "en") -> dict[Play, tuple[str, ...]]:
    """:func:`refusal_readings` of each of ``plays`` (a hand's refused cards), the deal replayed once."""
    from comet_learn.refusals import DECLARED, refusal, refusal_kind

    def say(play: Play) -> Callable[[comet.Round], object]:
        return lambda r: None if r.is_legal(play) else refusal(r, play, lang)

    found = positions_readings(rnd, {play: say(play) for play in plays})
    return {play: tuple(by_number([*found[play], *(a for a in DECLARED.get(refusal_kind(rnd, play), ())
                                                    if a in rnd.variant.doc)])) for play in plays}


def moment_readings(rnd: comet.Round, lang: str = "en", yours: bool = True) -> tuple[str, ...]:
    """The readings the rule of the moment (:func:`comet_learn.rules_panel.moment`) rests on."""
    from comet_learn.rules_panel import moment

    return position_readings(rnd, lambda r: moment(r, lang, yours))


def reason_readings(rnd: comet.Round, reason: "Reason", lang: str = "en", names: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The readings a coach's ``reason`` (:func:`comet_learn.coach.reasons`, given in ``rnd``) rests on:
    under them it no longer holds (:meth:`~comet_learn.coach.Reason.problem`), or says otherwise. A reason
    of the search's (a share of deals won, a statistic of the position) is compared by its sentence alone."""
    from comet_learn.coach import Why

    if reason.why is Why.SEARCH:
        return position_readings(rnd, lambda r: reason.sentence(r, lang, names))
    return position_readings(rnd, lambda r: (reason.problem(r) is None, reason.sentence(r, lang, names)))
