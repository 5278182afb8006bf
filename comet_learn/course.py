"""Learn to play by playing: short lessons on scripted positions, each claim checked by the engine.

A :class:`Lesson` teaches one idea in two to five :class:`Step` s, then a short free play. A step is
a position built with the engine from hands and a record (a :class:`Setup`, or the previous step's
position played on), a single instruction, the one play it asks for, the idea behind it (the first
hint) and what happened (said after the play). Its sentences name what the engine shows: ``{card}``
is the asked play, ``{need}`` what the run needs before it, ``{now}`` after it, ``{amount}`` the
payment a :class:`Pays` claim checks, ``{net}`` the learner's result of the deal, and any card
named in ``Step.cards``; and each thing a sentence claims is a :class:`Claim` that
:func:`verify` checks against the engine as it stands (``tests/test_course.py``: a rule changed,
a lesson fails).

The lessons themselves are in :mod:`comet_learn.course_modern` and :mod:`comet_learn.course_more`;
:data:`LESSONS` lists them in the path's order. The learner always sits at seat 0; the other seats'
plays in a step are scripted (``Step.replies``); in the free play they are the gentlest bot's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator, Protocol, Sequence

import comet
from comet.cards import sort_key
from comet.plays import CARDS, PASS, Play
from comet_learn.course_claims import LEARNER, Ends, Illegal, Needs, NoPayment, Only, Pack, Pays, Stops, Turn
from comet_learn.course_credits import Credit
from comet_render.i18n import N_, card_symbol, words
from comet_render.words import amount, play_label, targets_text

if TYPE_CHECKING:
    from comet.view import RoundView

__all__ = ["LEARNER", "RIVALS", "Setup", "Step", "Practice", "Lesson", "StepRun", "Claim", "runs", "position",
           "values", "sentence", "verify", "legal_play", "accepts", "Path", "Script",
           "Only", "Illegal", "Stops", "Pays", "NoPayment", "Turn", "Needs", "Ends", "Pack"]
RIVALS = (N_("Anna"), N_("Boris"), N_("Clara"))
"""The other seats' names in a lesson, from seat 1 (the table calls its bots so too)."""


@dataclass(frozen=True)
class Setup:
    """A position: ``hands`` (one string of cards per seat, the learner's first), ``leader``, the
    dead hand (the rest of the pack unless given), the variant's ``options`` and the plays already
    made (``before``, in notation)."""

    variant: str
    hands: tuple[str, ...]
    leader: int = LEARNER
    dead: str | None = None
    pack: str | None = None
    options: tuple[tuple[str, Any], ...] = ()
    before: tuple[str, ...] = ()
    dead_comets: int = 0
    dealer: int | None = None
    seed: Any = None
    """The seed of the deal's own shuffles (a redeal's)."""

    @classmethod
    def dealt(cls, variant: str, players: int, seed: int, **more: Any) -> "Setup":
        """The hands of a real deal (``Round.deal`` from ``seed``, the learner eldest), the rest dead."""
        rnd = comet.Round.deal(variant, players=players, seed=seed, dealer=players - 1)
        hands = tuple(" ".join(str(c) for c in hand) for hand in rnd.hands)
        return cls(variant, hands, dead=" ".join(str(c) for c in rnd.initial_dead), dealer=players - 1, **more)

    @property
    def game(self) -> comet.Variant:
        v = comet.find_variant(self.variant)
        return v.with_options(**dict(self.options)) if self.options else v

    def round(self, plays: tuple[str, ...] = ()) -> comet.Round:
        """The position, with ``before`` and then ``plays`` made."""
        rnd = comet.Round.from_hands(self.game, list(self.hands), leader=self.leader, dead=self.dead,
                                     pack=self.pack, dead_comets=self.dead_comets, dealer=self.dealer,
                                     seed=self.seed)
        for text in (*self.before, *plays):
            rnd.play(text)
        return rnd


class Claim(Protocol):
    """Something a step's sentences say, checked against the engine: :meth:`problem` is None when it
    holds, else says what the engine does instead. A claim may also name what it checks for the
    sentences: ``fields(run, _) -> dict[str, str]`` (in the language of ``_``), as :class:`Pays` gives
    ``{amount}``."""

    def problem(self, run: "StepRun") -> str | None: ...


@dataclass(frozen=True)
class Step:
    """One instruction and the one play it asks for (see the module's docstring for the sentences'
    fields). ``wrong``: a play a learner might try instead, which is refused (illegal, or legal but
    not what the step teaches): a legal play or a card of the learner's hand, so that it can be
    clicked (the first step of a lesson must have one; "" for none); ``replies``: the other seats' plays after it, until the learner's turn
    or the end of the deal."""

    say: str
    play: str
    idea: str
    then: str
    wrong: str
    replies: tuple[str, ...] = ()
    claims: tuple[Claim, ...] = ()
    setup: Setup | None = None
    cards: tuple[tuple[str, str], ...] = ()
    readings: tuple[tuple[str, str], ...] = ()
    """(sentence, ambiguity) pairs, ``("then", "AMB-8")``: the readings of the sources that the step's
    ``say`` or ``then`` rests on, marked where the learner reads it (the engine finds those
    an option switches: :mod:`comet_learn.readings`)."""


@dataclass(frozen=True)
class Practice:
    """The free play that ends a lesson: a short deal of ``size`` cards each from the ``seed``'s
    shuffle of the variant's pack (``players`` seats, the learner leading), against the gentlest bot
    with the coach on; ``say`` introduces it."""

    variant: str
    players: int
    size: int
    seed: int
    say: str
    options: tuple[tuple[str, Any], ...] = ()
    go_on: bool = False
    """Play the steps' own deal to its end instead of a new one (a whole first deal)."""

    def setup(self) -> Setup:
        import random

        v = Setup(self.variant, ("",), options=self.options).game
        pack = v.rules.pack(v.rules.packs[0], players=self.players)
        random.Random(self.seed).shuffle(pack)
        hands = tuple(" ".join(str(c) for c in pack[s * self.size:(s + 1) * self.size]) for s in range(self.players))
        return Setup(self.variant, hands, options=self.options, seed=f"practice/{self.seed}")


@dataclass(frozen=True)
class Lesson:
    """One idea: ``steps`` on the real table, then a free play. ``family`` is the play page's family
    (``modern``, ``hoc``...), ``chapter`` the book's page that tells the rule (``rules/modern``),
    ``sources`` the sources and readings it rests on, as the chapter cites them."""

    id: str
    family: str
    title: str
    summary: str
    chapter: str
    sources: str
    steps: tuple[Step, ...]
    practice: Practice
    changes: str = ""
    """For a family after the modern game: what changes, in a sentence (shown first)."""
    credits: tuple[Credit, ...] = ()
    """Which source the lesson credits with what (:class:`comet_learn.course_credits.Credit`)."""


@dataclass
class StepRun:
    """A step played out: the position ``before`` it, ``after`` the asked play, and ``settled`` after
    the replies."""

    step: Step
    before: comet.Round
    after: comet.Round
    settled: comet.Round
    plays: tuple[str, ...] = ()
    """The plays made since the step's setup, up to ``before``."""

    @property
    def new_events(self) -> list[Any]:
        """What happened from the asked play to the end of the replies."""
        return self.settled.events[len(self.before.events):]

    @property
    def new_payments(self) -> list[comet.Payment]:
        """The payments in play from the asked play to the end of the replies."""
        return list(self.settled.ledger)[len(self.before.ledger):]


# ------------------------------------------------------------------ playing a lesson out
def runs(lesson: Lesson) -> Iterator[StepRun]:
    """Each step of ``lesson`` played out with the engine, in order."""
    setup: Setup | None = None
    plays: tuple[str, ...] = ()
    for step in lesson.steps:
        if step.setup is not None:
            setup, plays = step.setup, ()
        if setup is None:
            raise ValueError(f"{lesson.id}: its first step needs a setup")
        before = setup.round(plays)
        after = setup.round(plays + (step.play,))
        settled = setup.round(plays + (step.play, *step.replies))
        yield StepRun(step, before, after, settled, plays)
        plays = plays + (step.play, *step.replies)


def setup_at(lesson: Lesson, index: int) -> Setup:
    """The setup step ``index`` plays on (its own, or the last one before it)."""
    setup = next((s.setup for s in reversed(lesson.steps[:index + 1]) if s.setup is not None), None)
    if setup is None:
        raise ValueError(f"{lesson.id}: its first step needs a setup")
    return setup


def values(run: StepRun, lang: str = "en", names: Sequence[str] = ()) -> dict[str, str]:
    """What the step's sentences name, from the engine, in ``lang``; ``{p1}``, ``{p2}``... are the
    other seats' ``names`` (the table's; :data:`RIVALS` by default)."""
    _ = words(lang)
    before, after = run.before, run.after
    play = Play.parse(run.step.play)
    unit = before.rules.unit
    hand = before.hands[LEARNER]
    out = {"card": play_label(_, legal_play(before, run.step.play) or play), "need": targets_text(_, before.targets),
           "now": targets_text(_, after.targets) if not after.is_over else "",
           "hand": str(len(hand)), "dead": str(len(before.initial_dead)), "pack": str(len(before.pack)),
           "comet": " ".join(card_symbol(c, lang) for c in sorted(before.wilds, key=sort_key))}
    for seat in range(1, before.players):
        out[f"p{seat}"] = names[seat] if seat < len(names) else _(RIVALS[(seat - 1) % len(RIVALS)])
    for key, text in run.step.cards:
        out[key] = card_symbol(comet.Card.parse(text), lang)
    for claim in run.step.claims:
        if isinstance(claim, Pays):
            out["amount"] = amount(_, claim.amount, unit)
        if isinstance(claim, Ends):
            out["net"] = amount(_, abs(claim.net), unit)
        named = getattr(claim, "fields", None)
        if named is not None:  # a claim that names what it checks (a settlement's reckoning)
            out.update(named(run, _))
    return out


def sentence(text: str, run: StepRun, lang: str = "en", names: Sequence[str] = ()) -> str:
    """One of the step's sentences (``say``, ``idea``, ``then``) in ``lang``, its fields filled."""
    return words(lang)(text, **values(run, lang, names))


def verify(lesson: Lesson) -> list[str]:
    """What in ``lesson`` the engine does not support (empty: every claim holds)."""
    problems: list[str] = []
    if not 2 <= len(lesson.steps) <= 5:
        problems.append(f"{lesson.id}: {len(lesson.steps)} steps (two to five)")
    try:
        for i, run in enumerate(runs(lesson)):
            where = f"{lesson.id} step {i + 1}"
            problems += [f"{where}: {p}" for p in _step_problems(run, i == 0)]
    except comet.CometError as error:
        problems.append(f"{lesson.id}: the engine refused the script: {error}")
    try:
        practice = lesson.practice.setup().round()
        if lesson.practice.go_on:
            last = list(runs(lesson))[-1].settled
            if last.is_over or last.to_play != LEARNER:
                problems.append(f"{lesson.id} practice: the steps' deal cannot go on with the learner to play")
        elif practice.to_play != LEARNER:
            problems.append(f"{lesson.id} practice: seat {practice.to_play} leads, not the learner")
    except comet.CometError as error:
        problems.append(f"{lesson.id} practice: {error}")
    return problems


def _step_problems(run: StepRun, first: bool) -> Iterator[str]:
    step, before = run.step, run.before
    if before.to_play != LEARNER:
        yield f"seat {before.to_play} is to play, not the learner"
        return
    if not before.is_legal(step.play):
        yield f"the asked play {step.play} is not legal: legal {[p.text for p in before.legal_plays()]}"
        return
    yield from _wrong_problems(run, first)
    settled = run.settled
    if not settled.is_over and settled.to_play != LEARNER:
        yield f"after the replies seat {settled.to_play} is to play, not the learner"
    for claim in step.claims:
        problem = claim.problem(run)
        if problem is not None:
            yield f"{type(claim).__name__}: {problem}"
    for lang in ("en", "fr", "ru", "es"):
        for text in (step.say, step.idea, step.then):
            try:
                sentence(text, run, lang)
            except (KeyError, IndexError, ValueError) as error:
                yield f"a sentence names what the step does not give ({lang}: {error!r}): {text[:50]}"


def _wrong_problems(run: StepRun, first: bool) -> Iterator[str]:
    """The step's wrong play (the first step of a lesson must have one) is not the asked play and can
    be clicked: a legal play, or a card of the learner's hand."""
    step, before = run.step, run.before
    if not step.wrong:
        if first:
            yield "the first step of a lesson needs a wrong play"
        return
    wrong = Play.parse(step.wrong)
    if accepts(before, step, wrong):
        yield f"the wrong play {step.wrong} is the asked play"
    single = wrong.kind is CARDS and len(wrong.cards) == 1 and wrong.wild is None
    if legal_play(before, wrong) is None and not (single and wrong.cards[0] in before.hands[LEARNER]):
        yield f"the wrong play {step.wrong} cannot be clicked: neither legal nor a card of the learner's hand"


def legal_play(rnd: comet.Round, text: str | Play) -> Play | None:
    """The legal play of ``rnd`` that ``text`` writes, or None."""
    try:
        wanted = text if isinstance(text, Play) else Play.parse(text)
    except comet.CometError:
        return None
    return next((p for p in rnd.legal_plays() if p == wanted), None)


def accepts(rnd: comet.Round, step: Step, play: Play) -> bool:
    """Whether ``play`` is the (legal) play ``step`` asks for."""
    asked = legal_play(rnd, step.play)
    return asked is not None and legal_play(rnd, play) is asked


def is_pass(play: Play) -> bool:
    return play.kind is PASS


@dataclass(frozen=True)
class Path:
    """The lessons in order, and each family's."""

    lessons: tuple[Lesson, ...] = field(default_factory=tuple)

    def get(self, lesson_id: str) -> Lesson | None:
        return next((x for x in self.lessons if x.id == lesson_id), None)

    def after(self, lesson_id: str) -> Lesson | None:
        ids = [x.id for x in self.lessons]
        i = ids.index(lesson_id) if lesson_id in ids else -1
        return self.lessons[i + 1] if 0 <= i < len(ids) - 1 else None

    def of(self, family: str) -> list[Lesson]:
        return [x for x in self.lessons if x.family == family]


class Script:
    """The other seats' plays of a lesson's step, in order (an agent: ``choose(view)``). A play that is
    not legal for the seat to move is a bug in the lesson, which :func:`verify` would have found."""

    name = "script"

    def __init__(self, plays: tuple[str, ...] = ()) -> None:
        self.plays = list(plays)

    def choose(self, view: "RoundView") -> Play:
        if not self.plays:
            raise RuntimeError("the lesson's script has no more plays for the other seats")
        text = self.plays.pop(0)
        found: Play | None = next((p for p in view.legal if p == Play.parse(text)), None)
        if found is None:
            raise RuntimeError(f"the lesson's scripted play {text} is not legal here")
        return found
