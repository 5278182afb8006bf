"""What a lesson's sentences claim, as data the engine checks (:func:`comet_learn.course.verify`).

Each claim has ``problem(run) -> str | None``: None when the engine does what the sentence says, else
what it does instead. :mod:`comet_learn.course` re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import comet
from comet.events import Stop, Stopped
from comet.ledger import Why
from comet.outcome import End
from comet.plays import Play

if TYPE_CHECKING:
    from comet_learn.course import StepRun

__all__ = ["LEARNER", "Only", "Illegal", "Stops", "Pays", "NoPayment", "Turn", "Needs", "Ends", "Pack"]

LEARNER = 0
"""The learner's seat in every lesson."""


@dataclass(frozen=True)
class Only:
    """The asked play is the only legal play (a forced pass, a forced card)."""

    def problem(self, run: StepRun) -> str | None:
        legal = [p.text for p in run.before.legal_plays()]
        return None if legal == [Play.parse(run.step.play).text] else f"the legal plays are {legal}, not only it"


@dataclass(frozen=True)
class Illegal:
    """Each of ``plays`` is not legal before the step."""

    plays: tuple[str, ...]

    def problem(self, run: StepRun) -> str | None:
        legal = [p for p in self.plays if run.before.is_legal(p)]
        return f"{legal} are legal" if legal else None


@dataclass(frozen=True)
class Stops:
    """The asked play (with the replies) stops the run for ``reason``, and ``leads`` (the learner by
    default) leads next."""

    reason: Stop
    leads: int = LEARNER

    def problem(self, run: StepRun) -> str | None:
        stops = [e for e in run.new_events if isinstance(e, Stopped)]
        if not stops or stops[-1].reason is not self.reason:
            return f"no stop for {self.reason.value}: {[e.reason.value for e in stops]}"
        after = run.settled
        if after.is_over:
            return None
        if after.to_play != self.leads or after.targets is not None:
            return f"seat {after.to_play} is to play with targets {after.targets}, not seat {self.leads} leading"
        return None


@dataclass(frozen=True)
class Pays:
    """The asked play (with the replies) earns ``amount`` from each of the other seats (``why``) for
    ``payee`` (the learner); ``{amount}`` in the step's sentences is that amount in words."""

    why: Why
    amount: int
    payee: int = LEARNER

    def problem(self, run: StepRun) -> str | None:
        mine = [p for p in run.new_payments if p.why is self.why and p.payee == self.payee]
        payers = {p.payer for p in mine}
        others = set(range(run.before.players)) - {self.payee}
        if payers != others or any(p.amount != self.amount for p in mine):
            return f"payments for {self.why.value}: {[(p.payer, p.amount) for p in mine]}"
        return None


@dataclass(frozen=True)
class NoPayment:
    """The asked play pays nothing (in play)."""

    def problem(self, run: StepRun) -> str | None:
        return f"payments {run.new_payments}" if run.new_payments else None


@dataclass(frozen=True)
class Turn:
    """After the asked play ``seat`` is to play, leading (``lead``) or following."""

    seat: int
    lead: bool = False

    def problem(self, run: StepRun) -> str | None:
        after = run.after
        if after.to_play != self.seat or (after.targets is None) != self.lead:
            return f"seat {after.to_play} is to play with targets {after.targets}"
        return None


@dataclass(frozen=True)
class Needs:
    """After the asked play the run needs exactly ``targets`` (``"9"``: a 9 of any suit, ``"7H"``)."""

    targets: tuple[str, ...]

    def problem(self, run: StepRun) -> str | None:
        want = tuple((comet.Card.parse(t).rank, comet.Card.parse(t).suit) if len(t) > 1 and t[-1] in "SHDC"
                     else (_rank(t), "") for t in self.targets)
        got = run.after.targets
        return None if got is not None and tuple(got) == want else f"the run needs {got}, not {want}"


def _rank(text: str) -> int:
    return comet.Card.parse(text + "S").rank


@dataclass(frozen=True)
class Ends:
    """After the replies the deal is over: ``winner`` went out (``opera``: an opera or not) and the
    learner's net result is ``net`` (``{net}`` in the sentences, with its unit)."""

    winner: int
    net: int
    opera: bool = False
    end: End = End.OUT

    def problem(self, run: StepRun) -> str | None:
        outcome = run.settled.outcome()
        if outcome is None:
            return "the deal is not over"
        got = (outcome.winner, outcome.payments[LEARNER], outcome.opera, outcome.end)
        want = (self.winner, self.net, self.opera, self.end)
        return None if got == want else f"the deal ended {got}, not {want}"


@dataclass(frozen=True)
class Pack:
    """The deal's pack has ``size`` cards; its natural cards are of the ``suits`` only; ``{pack}`` in
    the sentences is its size and ``{comet}`` its wild cards."""

    size: int
    suits: str

    def problem(self, run: StepRun) -> str | None:
        pack = run.before.pack
        suits = "".join(sorted({c.suit for c in pack if c not in run.before.wilds}))
        got = (len(pack), suits)
        return None if got == (self.size, "".join(sorted(self.suits))) else f"the pack is {got}"
