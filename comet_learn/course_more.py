"""What changes in the other games of the family, lesson by lesson, from the modern game
(:mod:`comet_learn.course`).

Each part of the path starts from the modern game (:mod:`comet_learn.course_modern`) and teaches only
what differs: Hoc's shedding stage (``history/origins``), manille of 1718 (``rules/manille``), the new
comet of 1752 and Yanovsky's two-handed game (``rules/new-comet``), Commit (``rules/commit``). The
rules are the engine's, as each variant's docstring and the book's chapter give them, with their
sources (S0, S1, S2...) and readings (AMB-n, :mod:`comet.ambiguities`). Every card and number a
sentence names comes from the engine (the fields of :func:`comet_learn.course.values`), and every
claim is checked by :func:`comet_learn.course.verify`; the claims the modern lessons do not need
(a lapsed claim, a settlement line, a partner's cards ignored...) are defined here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import comet
from comet.events import Lapsed, Redealt, Stop
from comet.ledger import Why
from comet.outcome import Say
from comet_learn.course import (LEARNER, Ends, Illegal, Lesson, Needs, NoPayment, Only, Pack, Pays, Practice, Setup,
                                Step, StepRun, Stops, Turn)
from comet_render.i18n import N_


# ------------------------------------------------------------------ claims these games need
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


def _replay(rnd: comet.Round, options: tuple[tuple[str, Any], ...] = (),
            plays: list[Any] | None = None) -> comet.Round:
    """``rnd``'s deal from its start under the variant's ``options``, with ``plays`` made (``rnd``'s own by
    default)."""
    game = rnd.variant.with_options(**dict(options))
    again = comet.Round.from_hands(game, rnd.initial_hands, leader=rnd.leader, dead=rnd.initial_dead,
                                   pack=rnd.pack_name, dealer=rnd.dealer, dead_comets=rnd.dead_comets)
    for play in (plays if plays is not None else [p for _seat, p in rnd.history]):
        again.play(play)
    return again


@dataclass(frozen=True)
class Instead:
    """Had the learner made ``play`` instead of the asked play, the deal would have ended at once with the
    learner's net result ``net`` (a comparison a sentence makes)."""

    play: str
    net: int

    def problem(self, run: StepRun) -> str | None:
        other = _replay(run.before, plays=[p for _seat, p in run.before.history] + [comet.Play.parse(self.play)])
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
        outcome = _replay(run.settled, self.options).outcome()
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


def _practice(variant: str, seed: int, size: int = 6, players: int = 2) -> Practice:
    return Practice(variant, players, size, seed, N_(
        "Now a short deal of {size} cards each against {p1}, a gentle bot. The coach lights the card it would "
        "play and says the rule of the moment; play as you like."))


# ------------------------------------------------------------------ Hoc Mazarin (history/origins)
HOC = "hoc-third-stage"
ORIGINS = "history/origins"

HOC_STAGE = Lesson(
    "hoc-stage", "hoc", N_("Hoc: one pack, played out"),
    N_("The shedding stage of Hoc Mazarin: one full pack, aces low, no comet, the turn going anticlockwise."),
    ORIGINS, "W-Hoc, AJO-Hoc, W-Hocs; S0, S1; AMB-3, AMB-4",
    (
        Step(N_("Hoc Mazarin's last stage, the shedding game the comet grew out of. One full pack of {pack} cards "
                "and no comet: you and {p1} hold {hand} cards each, and the other {dead} stay unseen. Hoc goes "
                "round anticlockwise, so the eldest, who leads, sits on the dealer's right: {p1} dealt, and you "
                "lead. Aces are low: lead your {card}."),
             "AD",
             N_("In Hoc the ace is the lowest card: a run can start below the 2."),
             N_("You led the {card}. The run needs {now}: the ace is the bottom of the run."),
             "KH",
             claims=(Pack(52, "CDHS"), Direction("anticlockwise"), Needs(("2",)), Turn(0)),
             setup=Setup.dealt(HOC, 2, 25)),
        Step(N_("Runs climb rank by rank, suits ignored, as in the modern game. Play the {card}."),
             "2S",
             N_("Each card of a run is one rank higher than the last, whatever its suit."),
             N_("The run needs {now}. You go on while you can, as in the modern game."),
             "5H",
             claims=(Needs(("3",)), Turn(0))),
    ),
    _practice(HOC, 31),
    changes=N_("What changes from the modern game: one full pack with its aces, the aces low, no comet, and "
               "the turn goes round anticlockwise."),
)

HOC_HOCS = Lesson(
    "hoc-hocs", "hoc", N_("The hocs cut all others"),
    N_("Six cards, the hocs, may be played on your turn whatever the run needs: each stops it, and “hoc!” "
       "earns a jeton from each opponent."),
    ORIGINS, "FR-Hoc, AJO-Hoc, W-Hoc; S0, S1; AMB-5",
    (
        Step(N_("The run needs {need}, and you hold none. In the modern game you would pass; in Hoc you may cut "
                "with a hoc: the four kings, the {qs} and the {jd}. Play your {card} and say “hoc!”."),
             "JD",
             N_("A hoc may be played on your turn whatever the run needs: it stops the run, and you lead again."),
             N_("The {card} cut the run: you lead again, and {p1} paid you {amount} for the “hoc!”. One late "
                "source alone gives that jeton; the engine keeps it, as the book warns."),
             "9H",
             claims=(Stops(Stop.HOC), Pays(Why.HOC, 1)),
             setup=Setup(HOC, ("4C 5D 9H TS JD 4S", "6C 7D 8S QS 3H KH"), before=("4C", "5D")),
             cards=(("qs", "QS"), ("jd", "JD"))),
        Step(N_("Lead the {card}."),
             "9H",
             N_("After a stop you lead any card: start the run you can carry furthest."),
             N_("The run needs {now}."),
             "4S",
             claims=(Needs(("T",)), Turn(0))),
        Step(N_("Play the {card}."),
             "TS",
             N_("Go on while you can."),
             N_("The run needs {now}, and you hold none."),
             "4S",
             claims=(Needs(("J",)),)),
        Step(N_("The run needs {need}; you hold none, and no hoc: pass."),
             "pass",
             N_("Without the card the run needs, or a hoc, you pass."),
             N_("{p1} could not follow either, but she held the {qs}, a hoc: she cut the run with it, and you paid "
                "her {amount}. She led the {h3} and, with nothing to follow it, passed."),
             "4S",
             replies=("QS", "3H", "pass"),
             claims=(Only(), Pays(Why.HOC, 1, payee=1)),
             cards=(("qs", "QS"), ("h3", "3H"))),
    ),
    _practice(HOC, 32),
    changes=N_("What changes from the modern game: six cards, the hocs, may be played on your turn whatever the "
               "run needs; each stops the run and pays its player."),
)

HOC_OUT = Lesson(
    "hoc-out", "hoc", N_("Going out, and what the others pay"),
    N_("The first player out wins; each other player pays a jeton for each pip left in hand, hocs included."),
    ORIGINS, "W-Hoc, AJO-Hoc; S0, S1; AMB-47, AMB-5",
    (
        Step(N_("Three players now, {p1} and {p2} with you. Lead the {card}."),
             "6C",
             N_("Play your run first: a hoc can wait, since it may go at any time."),
             N_("The run needs {now}."),
             "KS",
             claims=(Needs(("7",)), Turn(0)),
             setup=Setup(HOC, ("6C 7D KS", "KH 2S 3D", "QD 5S 8C"))),
        Step(N_("Play the {card}, not your king yet."),
             "7D",
             N_("Play your run first: a hoc can wait, since it may go at any time."),
             N_("The run needs {now}, and you hold none. Your last card is a hoc."),
             "KS",
             claims=(Needs(("8",)), Turn(0))),
        Step(N_("A hoc may go whatever the run needs: cut with the {card}, your last card."),
             "KS",
             N_("A hoc may be played at any time on your turn, and it is your last card."),
             N_("You are out, and the first out wins. {p1} and {p2} each pay you a jeton for each pip left in "
                "hand, courts ten, on top of the jeton for “hoc!”. {p1}'s {kh} is a hoc, but a hoc kept in hand "
                "counts its pips like any card. You win {net} in all."),
             "pass",
             claims=(Pays(Why.HOC, 1), Ends(0, 40), Counted(1, "KH")),
             cards=(("kh", "KH"),)),
    ),
    _practice(HOC, 33),
    changes=N_("What changes from the modern game: the losers pay in jetons, a jeton for each pip, and a hoc "
               "left in hand is counted like any other card."),
)

HOC_LESSONS = (HOC_STAGE, HOC_HOCS, HOC_OUT)



# ------------------------------------------------------------------ manille, the old comet of 1718 (rules/manille)
OLD = "old-comet-1718"
MANILLE = "rules/manille"

MANILLE_PACK = Lesson(
    "manille-pack", "manille", N_("One pack and the manille"),
    N_("One pack, aces low, and one wild card, the manille: it stands for the card you need, the run goes on, "
       "and its fiche must be claimed."),
    MANILLE, "S0, S1, Enc; AMB-7, AMB-8, AMB-38",
    (
        Step(N_("Manille, the old comet of 1718. One pack of {pack} cards, aces low, and a single wild card, the "
                "{comet}: the manille. Three of you hold {hand} cards each, as many as divide evenly; the rest lies "
                "face down. Lead your {card}."),
             "AS",
             N_("Aces are low in manille: a run can start from the ace."),
             N_("The run needs {now}, and you hold none."),
             "KS",
             claims=(Pack(52, "CDHS"), Needs(("2",)), Turn(0)),
             setup=Setup.dealt(OLD, 3, 57)),
        Step(N_("The run needs {need}, which you lack, but the manille may stand for any card. Play it as {need}."),
             "9D=2",
             N_("The manille is wild: it stands for the card the run needs."),
             N_("The manille stood for the card you needed, and unlike the modern comet it does not stop the run: "
                "it needs {now}, and you go on. But first, before any other card is played, there is its fiche to "
                "claim."),
             "KS",
             claims=(Needs(("3",)), Turn(0), NoPayment())),
        Step(N_("Claim the manille's fiche now, before the next card: press “{card}”."),
             "claim",
             N_("The manille's fiche is yours only if you claim it before the next card is played."),
             N_("Claimed in time: {p1} and {p2} each paid you a fiche, {amount}."),
             "3H",
             claims=(Pays(Why.CLAIM, 10), Needs(("3",)), Turn(0))),
        Step(N_("Now play on with the {card}."),
             "3H",
             N_("The manille did not stop the run: go on while you can."),
             N_("The run needs {now}, as in any run."),
             "KS",
             claims=(Needs(("4",)), Turn(0))),
    ),
    _practice(OLD, 41, 7),
    changes=N_("What changes from the modern game: one pack with its aces, the aces low, and one wild card, the "
               "manille, which does not stop the run and whose fiche you must claim."),
)

MANILLE_CLAIM = Lesson(
    "manille-claim", "manille", N_("Claim in time"),
    N_("The manille's fiche is lost if the next card is played before it is claimed; a pass does not end the "
       "claim, and going out with the manille needs none."),
    MANILLE, "S0, S1, Enc; AMB-34",
    (
        Step(N_("{p1} led, played the manille in her run, and then passed without claiming its fiche. A pass is not "
                "a card played, so her claim was still open. Play the {card}, the card the run needs."),
             "6H",
             N_("The claim must come before the next card is played: your card ends it."),
             N_("You played the next card, so {p1}'s claim has lapsed: she has lost her fiche. The run needs {now}."),
             "2C",
             claims=(Lapses(1), NoPayment(), Needs(("7",))),
             setup=Setup(OLD, ("6H 7H 2C QC", "3C 4D 9D KC 8S"), leader=1, before=("3C", "4D", "9D=5", "pass"))),
        Step(N_("Another deal's end. Your last card is the manille: play it as {need}."),
             "9D=5",
             N_("Your last card goes out, and nothing follows the manille."),
             N_("You are out with the manille. No card can follow it, so its fiche is paid without a claim: {p1} "
                "paid you {amount}, and then her pips as well. You win {net} in all."),
             "pass",
             claims=(Pays(Why.MANILLE_OUT, 10), Ends(0, 45)),
             setup=Setup(OLD, ("3C 4D 9D", "7C 8S JH QD"), before=("3C", "4D"))),
    ),
    _practice(OLD, 42, 7),
    changes=N_("What changes from the modern game: the wild card's payment is not automatic; it is lost if "
               "another card is played before its player claims it."),
)

MANILLE_STOPS = Lesson(
    "manille-stops", "manille", N_("Stops pay a jeton"),
    N_("A king, or a run that nobody can go on, stops the run as in the modern game, and it earns its player "
       "a jeton from each opponent."),
    MANILLE, "S0, S1, Enc",
    (
        Step(N_("Three players, {p1} and {p2} with you. Lead the {card}: a king stops the run."),
             "KC",
             N_("A king is a stop, and in manille a stop pays."),
             N_("The king stopped the run, and {p1} and {p2} each paid you {amount}. You lead again."),
             "5S",
             claims=(Stops(Stop.KING), Pays(Why.KING_STOP, 1)),
             setup=Setup(OLD, ("KC 5S 2C 8D", "3C 4C 7H QD", "8C 9C QH JS"))),
        Step(N_("Lead the {card}."),
             "5S",
             N_("A lead may be any card of your hand."),
             N_("The run needs {now}, and you hold none."),
             "8D",
             claims=(Needs(("6",)), Turn(0))),
        Step(N_("The run needs {need}, and you hold none: pass, “without”."),
             "pass",
             N_("You cannot go on, so you pass."),
             N_("Neither {p1} nor {p2} could go on. Nobody could, so the run stopped and you, the last to play, "
                "lead again, as in the modern game; and here that stop pays too: {amount} from each."),
             "8D",
             replies=("pass", "pass"),
             claims=(Only(), Stops(Stop.INCIDENTAL), Pays(Why.INCIDENTAL, 1))),
    ),
    _practice(OLD, 43, 7),
    changes=N_("What changes from the modern game: a stop pays its player a jeton from each opponent, whether a "
               "king made it or nobody could go on."),
)

MANILLE_END = Lesson(
    "manille-end", "manille", N_("The settlement, and a kept manille"),
    N_("The first out takes a jeton for each pip left in every hand; a player left holding the manille also pays "
       "a fiche to each opponent."),
    MANILLE, "S0, S1, Enc; AMB-9",
    (
        Step(N_("Three players, and you lead. Lead the {card}."),
             "4D",
             N_("Lead the bottom of your run, so that the rest can follow."),
             N_("The run needs {now}."),
             "JS",
             claims=(Needs(("5",)), Turn(0)),
             setup=Setup(OLD, ("4D 5D 2H JS", "6C", "9D KS 3S"))),
        Step(N_("Play the {card}."),
             "5D",
             N_("Go on while you can."),
             N_("The run needs {now}, and you hold none."),
             "2H",
             claims=(Needs(("6",)), Turn(0))),
        Step(N_("The run needs {need}, and you hold none: pass."),
             "pass",
             N_("You cannot go on, so you pass."),
             N_("{p1} played her last card and went out. She takes a jeton for each pip left in your hand and in "
                "{p2}'s, courts ten. But {p2} kept the manille: its pips count with his other cards, and it costs "
                "him a fiche to each opponent, to {p1} and to you as well. So you lose only {net}."),
             "2H",
             replies=("6C",),
             claims=(Only(), Ends(1, -2), Counted(0, "JS"), Counted(2, "9D"), Counted(2, "KS"),
                     Settles(Why.MANILLE_EACH, 2, 0, 10), Settles(Why.MANILLE_EACH, 2, 1, 10))),
    ),
    _practice(OLD, 44, 7),
    changes=N_("What changes from the modern game: the losers pay in jetons, a jeton for each pip, and the "
               "manille left in hand costs a fiche to every other player, loser or winner."),
)

MANILLE_LESSONS = (MANILLE_PACK, MANILLE_CLAIM, MANILLE_STOPS, MANILLE_END)



# ------------------------------------------------------------------ the new comet of 1752 (rules/new-comet)
NEW = "new-comet-1752"
NEW_CHAPTER = "rules/new-comet"

NEW_FIRST_HAND = Lesson(
    "new-comet-first-hand", "new-comet", N_("Before the first card: a new deal, carte blanche"),
    N_("The first hand may keep its cards or demand a new deal; a hand without a court card is a carte blanche, "
       "paid at once."),
    NEW_CHAPTER, "S0, S1; AMB-40, AMB-41, AMB-44",
    (
        Step(N_("The new comet of 1752. Its two packs are the modern game's: this deal uses the black pack, {pack} "
                "cards, whose comet is the {comet}. New in 1752: before any card is played, the first hand, you, "
                "may keep these cards or demand a new deal. What makes a hand bad, the sources do not say; this one "
                "has no run at all. Demand a new deal."),
             "redeal",
             N_("The first hand may refuse its cards, once a deal, before anything is played."),
             N_("The cards were dealt again, a new hand of the same size. And it holds no jack, queen or king: a "
                "carte blanche. {p1} paid you {amount} for it at once."),
             "8C",
             claims=(Pack(48, "CS"), Redeals(), Pays(Why.BLANCHE, 50)),
             setup=Setup(NEW, ("2C 4S 6S 8C TS QC", "KC QS 3S 5C"), pack="black")),
        Step(N_("The right is used: this deal goes on with these cards. Lead your {card}."),
             "3C",
             N_("Once the first hand has kept its cards or had them dealt again, play begins."),
             N_("The run needs {now}, and the play goes on as in the modern game."),
             "TS",
             claims=(Illegal(("keep", "redeal")), Needs(("4",)), Turn(0))),
        Step(N_("Another deal, in the red pack. Your hand has no court card, and it holds the comet, the {comet}. "
                "Keep it."),
             "keep",
             N_("A carte blanche is paid when the hand is kept, before the first card."),
             N_("A carte blanche with the comet in it pays double: {p1} paid you {amount}."),
             "5H",
             claims=(Pays(Why.BLANCHE_COMET, 100),),
             setup=Setup(NEW, ("5H 6D 7H 9C 2H", "KH QD 2D 4H"), pack="red")),
    ),
    _practice(NEW, 51),
    changes=N_("What changes from the modern game: before the first card, the first hand may demand a new deal, "
               "and a hand dealt without a court card, a carte blanche, is paid at once."),
)

NEW_GROUPS = Lesson(
    "new-comet-groups", "new-comet", N_("Kings together, and nothing paid in play"),
    N_("Two or three kings may go down together, as well as four of a kind and three nines; the comet stops but "
       "pays nothing in play."),
    NEW_CHAPTER, "S0, S1; AMB-11, AMB-39, AMB-48",
    (
        Step(N_("You kept your hand. Besides four of a kind and three nines, the new comet lets two or three kings go "
                "down together. Lead both your kings as one play: {card}."),
             "KH KD",
             N_("Two or three kings make a group in 1752, and a king stops the run."),
             N_("Two cards in one play, and the kings stopped the run: you lead again. Nothing was paid: the new game "
                "is counted in points when the deal ends."),
             "KH",
             claims=(Stops(Stop.KING), NoPayment()),
             setup=Setup(NEW, ("KH KD 9H 9H 9D TH 9C 2H", "JH JD 3H 4D QH"), pack="red", before=("keep",))),
        Step(N_("Three nines go together as in the modern game. Lead your natural nines as one play: {card}."),
             "9H 9H 9D",
             N_("Three nines make a group, with or without the comet."),
             N_("The run needs {now}."),
             "9H",
             claims=(Needs(("T",)), Turn(0))),
        Step(N_("Play the {card}."),
             "TH",
             N_("Go on while you can."),
             N_("The run needs {now}, and you hold none; but you hold the comet."),
             "2H",
             claims=(Needs(("J",)),)),
        Step(N_("Play the comet, the {comet}, as the card the run needs: {card}."),
             "9C=J",
             N_("The comet stands for the card the run needs, and stops the run."),
             N_("The comet stopped the run, and you lead again. In the modern game it would have earned chips at "
                "once; in 1752 nothing is paid in play, and the comet counts only when the deal ends."),
             "pass",
             claims=(Stops(Stop.COMET), NoPayment())),
    ),
    _practice(NEW, 52),
    changes=N_("What changes from the modern game: two or three kings make a group too, and nothing is paid in "
               "play: the deal is counted in points at its end."),
)

NEW_OPERA = Lesson(
    "new-comet-opera", "new-comet", N_("The opera of 1752"),
    N_("The first hand who goes out before anyone else has played a card makes an opera, even if the others "
       "passed in between."),
    NEW_CHAPTER, "S0, S1; AMB-31, AMB-12, AMB-45",
    (
        Step(N_("You are the first hand, you kept your cards and began a run. It needs {need}, which you lack: "
                "pass."),
             "pass",
             N_("You cannot go on, so you pass; nobody else has played a card yet."),
             N_("{p1} could not go on either, so you, the last to play, lead again. She passed, but she has not "
                "played a card."),
             "KH",
             replies=("pass",),
             claims=(Only(), Stops(Stop.INCIDENTAL)),
             setup=Setup(NEW, ("5H 6D KH KD", "3H 4D 8H JD QD"), pack="red", before=("keep", "5H", "6D"))),
        Step(N_("Your last two cards are kings: lead them together, {card}."),
             "KH KD",
             N_("Both kings go down in one play, and your hand is empty."),
             N_("You went out before anyone else played a card: an opera, as 1752 counts it, though {p1} passed in "
                "between. The opera doubles what she pays: you win {net}. In the modern game the turn went round when "
                "she passed, so it would be no opera."),
             "KH",
             claims=(Ends(0, 70, opera=True), OperaUnder((("opera", "first_turn"),), False))),
    ),
    _practice(NEW, 53),
    changes=N_("What changes from the modern game: the opera is going out before anyone else has played a card, "
               "even if the turn went round in between."),
)

NEW_PARTNERS = Lesson(
    "new-comet-partners", "new-comet", N_("Two against two"),
    N_("Four play as two sides, partners facing each other; when one goes out, the side wins, and the partner's "
       "cards count for nothing."),
    NEW_CHAPTER, "S0, S1; AMB-42, AMB-10",
    (
        Step(N_("Four players, two against two: your partner is {p2}, facing you; {p1} and {p3} are the other "
                "side. Lead the {card}."),
             "9H",
             N_("Lead your run: it sheds the most cards."),
             N_("The run needs {now}."),
             "KH",
             claims=(Needs(("T",)), Turn(0)),
             setup=Setup(NEW, ("9H TD 2D KH", "3H 4D QH", "JH QD KD", "5H 6D JD"), pack="red", before=("keep",))),
        Step(N_("Play the {card}."),
             "TD",
             N_("Go on while you can."),
             N_("The run needs {now}, and you hold none."),
             "2D",
             claims=(Needs(("J",)), Turn(0))),
        Step(N_("The run needs {need}, and you hold none: pass."),
             "pass",
             N_("You cannot go on, so you pass; your partner may."),
             N_("{p1} passed; {p2}, your partner, ran his last cards and went out. Your side wins: {p1} and {p3} each "
                "pay him for the cards in their own hands, and your cards count for nothing: partners never pay "
                "each other."),
             "2D",
             replies=("pass", "JH", "QD", "KD"),
             claims=(Only(), SideWins(2))),
    ),
    Practice(NEW, 4, 5, 54, N_(
        "Now a short deal of {size} cards each, two against two: your partner faces you, and the gentle bots play "
        "the other seats. The coach lights the card it would play and says the rule of the moment.")),
    changes=N_("What changes from the modern game: four play as two sides, and when one partner goes out the "
               "whole side wins."),
)

NEW_LESSONS = (NEW_FIRST_HAND, NEW_GROUPS, NEW_OPERA, NEW_PARTNERS)



# ------------------------------------------------------------------ Yanovsky's two-handed game (rules/new-comet)
YAN = "yanovsky-1804"

YAN_TURNS = Lesson(
    "yanovsky-turns", "yanovsky", N_("Turn and turn about"),
    N_("Two players alternate: each turn lays one or more cards of one rank, the top card's rank or the next."),
    NEW_CHAPTER, "S2, PW; AMB-29",
    (
        Step(N_("Yanovsky's comet, as the Russian encyclopedia tells it: two players, and they alternate. You lead "
                "one card, {p1} builds on it, then you, and so on. Lead the {card}."),
             "5H",
             N_("A lead is one card; then the turn passes."),
             N_("The run could take your 6, but it is {p1}'s turn: in this game the turn passes after every play. "
                "She laid two 5s at once, the same rank as the top card."),
             "8D",
             replies=("5H 5D",),
             claims=(Holds("6D", 1), Turn(1)),
             setup=Setup(YAN, ("5H 6D 6H 8D KD", "5D 5H 7H 7D 8H 2D 3H"), pack="red")),
        Step(N_("A turn lays one or more cards of one rank: the top card's rank, or the next. The run may take "
                "{need}: lay your two 6s together, {card}."),
             "6D 6H",
             N_("Any number of cards of one rank go down in one turn."),
             N_("{p1} laid her two 7s, the next rank."),
             "6D",
             replies=("7H 7D",),
             claims=(Turn(1),)),
        Step(N_("The run may take {need}. Play the {card}."),
             "8D",
             N_("The next rank up is yours to lay."),
             N_("{p1} laid the other 8, the same rank."),
             "KD",
             replies=("8H",),
             claims=(Turn(1), Illegal(("KD",)))),
        Step(N_("The run may take {need}, and you cannot build: pass."),
             "pass",
             N_("Who cannot build passes, and the other begins a new run."),
             N_("When one cannot build, the other begins a new sequence: {p1} led the {d2}."),
             "KD",
             replies=("2D",),
             claims=(Only(), Turn(1, lead=True)),
             cards=(("d2", "2D"),)),
    ),
    _practice(YAN, 66),
    changes=N_("What changes from the modern game: the two players alternate, and a turn lays any number of cards "
               "of one rank, the same as the top card or one higher."),
)

YAN_COMET = Lesson(
    "yanovsky-comet", "yanovsky", N_("The comet replaces the proper card"),
    N_("The comet may be played instead of the card the run needs, alone, as a whole turn; it stops the run and "
       "its player leads anew."),
    NEW_CHAPTER, "S2, PW; AMB-13, AMB-38, AMB-43, AMB-30",
    (
        Step(N_("Yanovsky's packs are the new comet's, but this deal's black pack has its own comet: the {comet}, "
                "where 1752 put the {nd}. Lead the {card}."),
             "5S",
             N_("Lead a low card, so that the run can climb from it."),
             N_("{p1} laid a card of the same rank."),
             "KC",
             replies=("5C",),
             claims=(Pack(48, "CS"), CometOf("new-comet-1752", "black", "9D"), Turn(1)),
             setup=Setup(YAN, ("5S 9H KC 2C 3C", "5C 7C 8C JC QS 4S"), pack="black"),
             cards=(("nd", "9D"),)),
        Step(N_("The run may take {need}, and you hold neither; but the comet may replace the proper card. Play "
                "it as the next rank, {card}."),
             "9H=6",
             N_("The comet goes down alone, as your whole turn, and stops the run."),
             N_("The comet stopped the run, and you begin a new one at once, without waiting for {p1}."),
             "pass",
             claims=(Stops(Stop.COMET), NoPayment())),
        Step(N_("A king always stops too. Lead the {card}."),
             "KC",
             N_("Nothing may follow a king: it stops, and you lead again."),
             N_("The king stopped the run, and you lead again."),
             "2C",
             claims=(Stops(Stop.KING),)),
    ),
    _practice(YAN, 60),
    changes=N_("What changes from the modern game: the black pack's comet is another nine, and the comet goes down "
               "alone, as its player's whole turn."),
)

YAN_SCORE = Lesson(
    "yanovsky-score", "yanovsky", N_("A point a card"),
    N_("The first out wins a point for each card left in the other hand, doubled or quadrupled by the comet; a "
       "match is played to an agreed total."),
    NEW_CHAPTER, "S2, PW; AMB-45",
    (
        Step(N_("Lead the {card}."),
             "6S",
             N_("Keep your pair: two cards of one rank go down in one turn."),
             N_("{p1} laid the next rank."),
             "8S",
             replies=("7C",),
             claims=(Turn(1),),
             setup=Setup(YAN, ("6S 8S 8C", "5C 7C 9H JC QS 4S"), pack="black")),
        Step(N_("The run may take {need}. Lay your two 8s together, {card}, and you are out."),
             "8S 8C",
             N_("Both cards of one rank go down in one turn, and your hand is empty."),
             N_("You are out. {p1} pays a point for each card left in her hand, not for its pips, and double, since "
                "she still holds the comet: you win {net}."),
             "8S",
             claims=(Ends(0, 10), Counted(1, "9H"))),
        Step(N_("Another deal's end. Your last card is the comet, and the run may take {need}: go out with it as "
                "a nine, {card}."),
             "9H=9",
             N_("The comet as a nine is worth the most."),
             N_("Going out with the comet doubles the score; as a nine it quadruples it: you win {net}. A match is "
                "played to an agreed total, usually 24 points."),
             "9H=8",
             claims=(Ends(0, 16), Instead("9H=8", 8), MatchTo(24)),
             setup=Setup(YAN, ("7S 9H", "8C 4S 5C JC QS"), pack="black", before=("7S", "8C"))),
    ),
    _practice(YAN, 68),
    changes=N_("What changes from the modern game: the loser pays a point for each card left, not for each pip, and "
               "a match is played to an agreed total."),
)

YAN_LESSONS = (YAN_TURNS, YAN_COMET, YAN_SCORE)



# ------------------------------------------------------------------ Commit of the American Hoyle, 1857 (rules/commit)
COMMIT = "commit-1857"
COMMIT_CHAPTER = "rules/commit"

COMMIT_TURNS = Lesson(
    "commit-turns", "commit", N_("In suit, and the card calls its holder"),
    N_("Runs climb within one suit, and whoever holds the next card plays it, wherever they sit."),
    COMMIT_CHAPTER, "S0, S1, Foster, PJ; AMB-22, AMB-23",
    (
        Step(N_("Commit, as the American Hoyle of 1857 gives it: one pack without the {d8}, {pack} cards, all "
                "dealt: {hand} each to the three of you, and a spare hand of {dead} that nobody plays. Runs climb "
                "in one suit. Lead the {card}."),
             "3C",
             N_("Any card may start a run; this one starts a long run of clubs."),
             N_("The run needs {now}, and {p2} held it, so he played it at once, ahead of {p1}: in Commit the "
                "turn goes to whoever holds the next card."),
             "KS",
             replies=("4C",),
             claims=(Pack(51, "CDHS"), OutOfPack("8D"), Needs(("4C",)), Turn(2)),
             setup=Setup.dealt(COMMIT, 3, 11),
             cards=(("d8", "8D"),)),
        Step(N_("The run needs {need}: the next card of the same suit, and you hold it. Play it."),
             "5C",
             N_("Only the next card of the run's suit may follow."),
             N_("Each next club went to its holder: {p2} the {c6} and the {c7}, {p1} the {c8}, {p2} the {c9}. "
                "Now the {c10} is yours to play."),
             "8S",
             replies=("6C", "7C", "8C", "9C"),
             claims=(Needs(("6C",)), Turn(2), NeedsAfter(("TC",))),
             cards=(("c6", "6C"), ("c7", "7C"), ("c8", "8C"), ("c9", "9C"), ("c10", "TC"))),
    ),
    Practice(COMMIT, 3, 7, 79, N_(
        "Now a short deal of {size} cards each against two gentle bots, {p1} one of them: watch whose turn it is. "
        "The coach lights the card it would play and says the rule of the moment.")),
    changes=N_("What changes from the modern game: one pack without one card, runs within one suit, and the turn "
               "goes to whoever holds the next card, not round the table."),
)

COMMIT_STOPS = Lesson(
    "commit-stops", "commit", N_("The stops: the seven of diamonds and the kings"),
    N_("A card whose next card is out of the pack stops the run, and so does every king; their player begins "
       "again."),
    COMMIT_CHAPTER, "S0, S1; AMB-22",
    (
        Step(N_("Your run needs {need}. The card after it, the {d8}, is out of the pack: so this card is a stop. "
                "Play the {card}."),
             "7D",
             N_("No card can follow it, so it stops the run, and its player begins again."),
             N_("The run stopped, and you begin a new one. In the source's words, the {card} and all the kings are "
                "stops, and the same player may begin again."),
             "2C",
             claims=(OutOfPack("8D"), Stops(Stop.CARD)),
             setup=Setup(COMMIT, ("5D 6D 7D 2C KH", "AS 3S 4H", "KC 3C 4C"), before=("5D", "6D")),
             cards=(("d8", "8D"),)),
        Step(N_("Lead the {card}: a king stops as well."),
             "KH",
             N_("A king is a stop: you lead again at once."),
             N_("The king stopped the run, and you lead again. A king played also earns a chip from each opponent: "
                "{p1} and {p2} paid you {amount} each."),
             "2C",
             claims=(Stops(Stop.KING), Pays(Why.CARD, 1))),
    ),
    _practice(COMMIT, 78, 7),
    changes=N_("What changes from the modern game: besides the kings, a card whose next card is out of the pack "
               "stops the run."),
)

COMMIT_BRIDGE = Lesson(
    "commit-bridge", "commit", N_("The nine of diamonds bridges a gap"),
    N_("When nobody holds the card a run needs, the holder of the nine of diamonds may play it in its place, and "
       "the run goes on."),
    COMMIT_CHAPTER, "S0, S1, Foster; AMB-24",
    (
        Step(N_("Play the {card}."),
             "6H",
             N_("Go on while you hold the next card."),
             N_("The run needs {now}, but it lies in the spare hand: nobody can play it."),
             "3D",
             claims=(InSpare("7H"), Needs(("7H",)), Turn(0)),
             setup=Setup(COMMIT, ("5H 6H 9D 5S 3D", "8H 4S 6C", "KC 3C 4C"), before=("5H",))),
        Step(N_("Nobody holds {need}, so the turn comes to you, who hold the {comet}. It may replace the missing "
                "card, so that the run goes on: play it as {need}."),
             "9D=7H",
             N_("The nine of diamonds replaces a card nobody can play, to prevent a stop."),
             N_("The {comet} stood for the missing card and the run went on: {p1} held the next card and played it. "
                "After it nobody could go on, so she began again, and her {s4} calls for your card."),
             "pass",
             replies=("8H", "4S"),
             claims=(Needs(("8H",)), Turn(1), InSpare("9H"), NeedsAfter(("5S",))),
             cards=(("s4", "4S"),)),
    ),
    _practice(COMMIT, 70, 7),
    changes=N_("What changes from the modern game: the wild card does not stop the run; it bridges a gap that "
               "nobody can fill, and the run goes on."),
)

COMMIT_PAY = Lesson(
    "commit-pay", "commit", N_("What is paid in Commit"),
    N_("An ace or a king played earns a chip from each opponent; the first out collects a chip for each card left, "
       "but not from the holder of the nine of diamonds."),
    COMMIT_CHAPTER, "S0, S1, PJ",
    (
        Step(N_("Lead the {card}."),
             "KC",
             N_("A king played earns a chip from each opponent, and stops the run."),
             N_("The king stopped the run and earned you {amount} from each opponent."),
             "7H",
             claims=(Stops(Stop.KING), Pays(Why.CARD, 1)),
             setup=Setup(COMMIT, ("KC AS 9D 7H", "5D 6D TD", "2S 3S 4S"))),
        Step(N_("An ace earns a chip from each opponent too. Lead the {card}."),
             "AS",
             N_("An ace played earns a chip from each opponent."),
             N_("The ace earned you {amount} from each. Then {p2} held the next cards, played them all, and went "
                "out. The first out collects a chip for each card left in each hand: {p1} pays him for hers. But you "
                "hold the {comet}, and its holder is excused, like the Pope's holder in Pope Joan. With your chips "
                "for the king and the ace, you are {net} up."),
             "7H",
             replies=("2S", "3S", "4S"),
             claims=(Pays(Why.CARD, 1), Ends(2, 4), Excused(0), Settles(Why.HAND, 1, 2, 3))),
    ),
    _practice(COMMIT, 197, 7),
    changes=N_("What changes from the modern game: aces and kings earn chips as they are played, the loser pays a "
               "chip for each card, not each pip, and the holder of the wild card pays nothing."),
)

COMMIT_LESSONS = (COMMIT_TURNS, COMMIT_STOPS, COMMIT_BRIDGE, COMMIT_PAY)


LESSONS: tuple[Lesson, ...] = (*HOC_LESSONS, *MANILLE_LESSONS, *NEW_LESSONS, *YAN_LESSONS, *COMMIT_LESSONS)
"""The lessons after the modern game's, in the path's order (:data:`comet_learn.lesson_path.FAMILIES`)."""
