"""The claims that the lessons of the older games need (:mod:`comet_learn.course_old`,
:mod:`comet_learn.course_new`, :mod:`comet_learn.course_commit`), beside :mod:`comet_learn.course_claims`:
a lapsed claim, a settlement line, a partner's cards ignored, an opera under another reading... Each
has ``problem(run) -> str | None``, checked by :func:`comet_learn.course.verify`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import comet
from comet.events import Lapsed, Redealt
from comet.ledger import Payment, Why
from comet.outcome import Say
from comet_learn.course import LEARNER, Practice, StepRun
from comet_learn.readings import replay
from comet.plays import PASS
from comet_render.i18n import N_, Words, number
from comet_render.words import amount


@dataclass(frozen=True)
class Direction:
    """The game goes round ``way`` (``"anticlockwise"``: Hoc)."""

    way: str

    def problem(self, run: StepRun) -> str | None:
        got = run.before.rules.direction
        return None if got == self.way else f"the game goes {got}"


@dataclass(frozen=True)
class Lapses:
    """With the asked play (and the replies) the manille's claim of ``seat`` lapses, unpaid."""

    seat: int

    def problem(self, run: StepRun) -> str | None:
        lapsed = [e.seat for e in run.new_events if isinstance(e, Lapsed)]
        claimed = [p for p in run.new_payments if p.why in (Why.CLAIM, Why.MANILLE_OUT)]
        if lapsed != [self.seat] or claimed:
            return f"lapsed claims {lapsed}, claims paid {claimed}"
        return None


@dataclass(frozen=True)
class Settles:
    """The deal is over and its settlement holds a payment ``why`` from ``payer`` to ``payee`` (of
    ``amount``, when given)."""

    why: Why
    payer: int
    payee: int = LEARNER
    amount: int | None = None

    def problem(self, run: StepRun) -> str | None:
        outcome = run.settled.outcome()
        if outcome is None:
            return "the deal is not over"
        found = [p.amount for p in outcome.settlement
                 if p.why is self.why and p.payer == self.payer and p.payee == self.payee]
        if not found or (self.amount is not None and found != [self.amount]):
            return f"settlement for {self.why.value} from seat {self.payer} to seat {self.payee}: {found}"
        return None


@dataclass(frozen=True)
class Counted:
    """The deal is over and ``card``, left in ``seat``'s hand, is counted in what that seat pays for
    its hand (no card kept is spared)."""

    seat: int
    card: str

    def problem(self, run: StepRun) -> str | None:
        outcome = run.settled.outcome()
        if outcome is None:
            return "the deal is not over"
        card = comet.Card.parse(self.card)
        if card not in run.settled.hands[self.seat]:
            return f"seat {self.seat} does not keep {card}"
        if not any(p.why is Why.HAND and p.payer == self.seat and card in p.cards for p in outcome.settlement):
            return f"{card} is not counted in seat {self.seat}'s payment"
        return None


@dataclass(frozen=True)
class Redeals:
    """The asked play is the first hand's redeal: a new deal, each hand of the same size."""

    def problem(self, run: StepRun) -> str | None:
        if not any(isinstance(e, Redealt) and e.seat == LEARNER for e in run.new_events):
            return "no redeal"
        before, after = run.before.hands, run.after.hands
        if [len(h) for h in before] != [len(h) for h in after] or before[LEARNER] == after[LEARNER]:
            return "the hands are not dealt again"
        return None


@dataclass(frozen=True)
class Instead:
    """Had the learner made ``play`` instead of the asked play, the deal would have ended at once with the
    learner's net result ``net`` (a comparison a sentence makes)."""

    play: str
    net: int

    def problem(self, run: StepRun) -> str | None:
        other = replay(run.before, plays=[p for _seat, p in run.before.history] + [comet.Play.parse(self.play)])
        outcome = other.outcome()
        if outcome is None:
            return f"after {self.play} the deal is not over"
        return None if outcome.payments[LEARNER] == self.net else f"after {self.play} the net is {outcome.payments}"


@dataclass(frozen=True)
class CometOf:
    """In ``variant`` the ``pack`` pack's comet is ``card`` (a comparison with another game)."""

    variant: str
    pack: str
    card: str

    def problem(self, run: StepRun) -> str | None:
        got = getattr(comet.find_variant(self.variant).rules, f"{self.pack}_comet")
        return None if got == self.card else f"the {self.pack} comet of {self.variant} is {got}"


@dataclass(frozen=True)
class OperaUnder:
    """Played again under the variant's ``options`` (another reading), the same deal is an opera or
    not (``opera``): the claim that a rule makes the difference."""

    options: tuple[tuple[str, Any], ...]
    opera: bool

    def problem(self, run: StepRun) -> str | None:
        outcome = replay(run.settled, self.options).outcome()
        if outcome is None:
            return "the deal is not over"
        return None if outcome.opera is self.opera else f"under {self.options} the opera is {outcome.opera}"


@dataclass(frozen=True)
class SideWins:
    """Four in two partnerships: ``winner`` went out, and the settlement is paid to the winner by the
    other side alone (the winner's partner neither pays nor counts their cards)."""

    winner: int

    def problem(self, run: StepRun) -> str | None:
        outcome = run.settled.outcome()
        if outcome is None or outcome.winner != self.winner or not outcome.partnerships:
            return f"the deal is not won by seat {self.winner} in partnership"
        partner = (self.winner + 2) % 4
        payers = {p.payer for p in outcome.settlement}
        payees = {p.payee for p in outcome.settlement}
        if payers != {(self.winner + 1) % 4, (self.winner + 3) % 4} or payees != {self.winner}:
            return f"the settlement's payers {payers}, payees {payees}"
        if not run.settled.hands[partner]:
            return f"the partner, seat {partner}, holds no cards"
        return None


@dataclass(frozen=True)
class Excused:
    """The deal is over and ``seat``, holding the wild card, is excused: it pays nothing."""

    seat: int

    def problem(self, run: StepRun) -> str | None:
        outcome = run.settled.outcome()
        if outcome is None:
            return "the deal is not over"
        if not any(n.what is Say.EXCUSED and n.seat == self.seat for n in outcome.remarks):
            return f"seat {self.seat} is not excused"
        if any(p.payer == self.seat for p in outcome.settlement) or not run.settled.hands[self.seat]:
            return f"seat {self.seat} pays, or holds nothing"
        return None


@dataclass(frozen=True)
class Holds:
    """After the asked play the learner still holds ``card``, which the run could take, yet it is
    ``seat``'s turn (the players alternate)."""

    card: str
    seat: int

    def problem(self, run: StepRun) -> str | None:
        after = run.after
        card = comet.Card.parse(self.card)
        if card not in after.hands[LEARNER]:
            return f"the learner does not hold {card}"
        if after.targets is None or card.rank not in {rank for rank, _suit in after.targets}:
            return f"the run needs {after.targets}, not a {card.rank}"
        if after.to_play != self.seat:
            return f"seat {after.to_play} is to play"
        return None


@dataclass(frozen=True)
class MatchTo:
    """A match is played to ``target`` (the variant's default)."""

    target: int

    def problem(self, run: StepRun) -> str | None:
        got = run.before.rules.target
        return None if got == self.target else f"the match is played to {got}"


@dataclass(frozen=True)
class NeedsAfter:
    """After the replies the run needs exactly ``targets`` (``"5S"``), as :class:`Needs` says of the asked
    play alone."""

    targets: tuple[str, ...]

    def problem(self, run: StepRun) -> str | None:
        want = tuple((comet.Card.parse(t).rank, comet.Card.parse(t).suit) for t in self.targets)
        got = run.settled.targets
        return None if got is not None and tuple(got) == want else f"after the replies the run needs {got}"


@dataclass(frozen=True)
class OutOfPack:
    """``card`` is not in the deal's pack (Commit's 8♦)."""

    card: str

    def problem(self, run: StepRun) -> str | None:
        return f"{self.card} is in the pack" if comet.Card.parse(self.card) in run.before.pack else None


@dataclass(frozen=True)
class InSpare:
    """``card`` lies in the spare (dead) hand, so nobody can play it."""

    card: str

    def problem(self, run: StepRun) -> str | None:
        card = comet.Card.parse(self.card)
        if card not in run.before.initial_dead or any(card in hand for hand in run.before.hands):
            return f"{card} is not in the spare hand"
        return None


@dataclass(frozen=True)
class NoPass:
    """After the asked play and the replies the learner is to play and may not pass: who can go on
    must (AMB-35, AMB-36)."""

    def problem(self, run: StepRun) -> str | None:
        after = run.settled
        if after.is_over or after.to_play != LEARNER:
            return f"seat {after.to_play} is to play"
        return "the learner may pass" if any(p.kind is PASS for p in after.legal_plays()) else None


@dataclass(frozen=True)
class NobodyHolds:
    """After the asked play no hand holds a card of ``rank`` (``"9"``) nor a wild card: nobody can follow."""

    rank: str

    def problem(self, run: StepRun) -> str | None:
        rank = comet.Card.parse(self.rank + "S").rank
        held = [c for hand in run.after.hands for c in hand if c.rank == rank or c in run.after.wilds]
        return f"{held} are held" if held else None


@dataclass(frozen=True)
class Naturals:
    """The deal's pack holds ``count`` natural cards of ``rank`` (``"9"``), the wild cards aside."""

    rank: str
    count: int

    def problem(self, run: StepRun) -> str | None:
        rank = comet.Card.parse(self.rank + "S").rank
        got = sum(1 for c in run.before.pack if c.rank == rank and c not in run.before.wilds)
        return None if got == self.count else f"the pack holds {got} natural cards of that rank"


@dataclass(frozen=True)
class DealSize:
    """The game deals ``size`` cards each to the position's players, and so many were dealt to the learner."""

    size: int

    def problem(self, run: StepRun) -> str | None:
        rnd = run.before
        got = (rnd.variant.deal_size(rnd.players), len(rnd.initial_hands[LEARNER]))
        return None if got == (self.size, self.size) else f"the game deals {got[0]} each, the learner holds {got[1]}"


@dataclass(frozen=True)
class InHand:
    """The learner holds ``card`` before the step."""

    card: str

    def problem(self, run: StepRun) -> str | None:
        return None if comet.Card.parse(self.card) in run.before.hands[LEARNER] else f"the learner lacks {self.card}"


@dataclass(frozen=True)
class Reckons:
    """The deal is over and ``seat`` pays the winner for its hand ``count`` (pips, or cards) times the
    ``factors`` of the settlement, the deal's multiplier written as its parts (the comet last, the opera),
    then holding the comet: the reckoning the settlement on the table writes. The sentences may name
    ``{count}`` and ``{paid}``."""

    seat: int
    count: int
    factors: tuple[int, ...] = ()

    def _line(self, run: StepRun) -> Payment | None:
        outcome = run.settled.outcome()
        found = [p for p in outcome.settlement if p.why is Why.HAND and p.payer == self.seat] if outcome else []
        return found[0] if len(found) == 1 else None

    def problem(self, run: StepRun) -> str | None:
        line = self._line(run)
        outcome = run.settled.outcome()
        if line is None or outcome is None:
            return f"no one settlement line for seat {self.seat}'s hand"
        deal = [n.times for n in outcome.remarks if n.what is Say.DEAL_FACTORS]
        written: list[int] = []
        for f in line.factors:  # the deal's multiplier as its parts, as the settlement writes it
            written += list(deal[0]) if f.why == "deal" and deal else [f.times]
        got = (line.terms[0].value if line.terms else 0, tuple(written))
        return None if got == (self.count, self.factors) else f"seat {self.seat} pays for {got}"

    def fields(self, run: StepRun, _: Words) -> dict[str, str]:
        line = self._line(run)
        return {"count": number(self.count, _.lang)} | ({"paid": amount(_, line.amount, run.settled.rules.unit)}
                                                         if line is not None else {})


def practice(variant: str, seed: int, size: int = 6, players: int = 2) -> Practice:
    return Practice(variant, players, size, seed, N_(
        "Now a short deal of {size} cards each against {p1}, a gentle bot. The coach lights the card it would "
        "play and says the rule of the moment; play as you like."))
