"""What changes in Commit (the American Hoyle of 1857; chapter ``rules/commit``): the path's lessons
after the modern game (:mod:`comet_learn.course`)."""

from __future__ import annotations

from comet.events import Stop
from comet.ledger import Why
from comet_learn.course import Ends, Lesson, Needs, Pack, Pays, Practice, Setup, Step, Stops, Turn
from comet_learn.course_claims_more import Excused, InSpare, NeedsAfter, OutOfPack, Settles, practice
from comet_learn.course_credits import Credit
from comet_render.i18n import N_

# ------------------------------------------------------------------ Commit of the American Hoyle, 1857 (rules/commit)
COMMIT = "commit-1857"
COMMIT_CHAPTER = "rules/commit"
RULES_1857 = Credit("S0, S1", N_("Commit's pack, spare hand, stops and payments"),
                    work="hoyle1857")
IN_SUIT = Credit("Foster", N_("runs within a suit, as its Commit has them"), amb="AMB-22")
HOLDER_PLAYS = Credit("PJ", N_("whoever holds the next card plays it, as in Pope Joan"), amb="AMB-23")

COMMIT_TURNS = Lesson(
    "commit-turns", "commit", N_("In suit, and the card calls its holder"),
    N_("One pack without the eight of diamonds, all dealt, a spare hand among the hands; the engine plays the "
       "runs in suit, the next card's holder playing it."),
    COMMIT_CHAPTER, "S0, S1, Foster, PJ",
    (
        Step(N_("Commit of the American Hoyle of 1857, as the Wikipedia article reports it: one pack without the "
                "{d8}, {pack} cards, all dealt: {hand} each to the three of you, and a spare hand of {dead} that "
                "nobody plays. Lead the {card}."),
             "3C",
             N_("Any card may start a run; this one starts a long run of clubs."),
             N_("The run needs {now}: the next club. The 1857 account says neither whether a run keeps to its "
                "suit nor who plays next, beyond “in turn”. Foster's Hoyle of 1897 plays the runs in suit, and so "
                "does the engine; and as in Pope Joan, it gives the turn to whoever holds the next card: {p2} held "
                "it, so he played it at once, ahead of {p1}."),
             "KS",
             replies=("4C",),
             claims=(Pack(51, "CDHS"), OutOfPack("8D"), Needs(("4C",)), Turn(2)),
             setup=Setup.dealt(COMMIT, 3, 11),
             cards=(("d8", "8D"),), readings=(("then", "AMB-22"), ("then", "AMB-23"))),
        Step(N_("The run needs {need}: the next card of the same suit, and you hold it. Play it."),
             "5C",
             N_("Here only the next card of the run's suit may follow."),
             N_("Each next club went to its holder: {p2} the {c6} and the {c7}, {p1} the {c8}, {p2} the {c9}."),
             "8S",
             replies=("6C", "7C", "8C", "9C"),
             claims=(Needs(("6C",)), Turn(2), NeedsAfter(("TC",))),
             cards=(("c6", "6C"), ("c7", "7C"), ("c8", "8C"), ("c9", "9C")),
             readings=(("say", "AMB-22"), ("then", "AMB-23"))),
        Step(N_("The run needs {need}, and you hold it: play it."),
             "TC",
             N_("Here whoever holds the next card plays it: now that is you."),
             N_("{p2} held the {cj} and the {cq} and played them. The {ck} lies in the spare hand: nobody can play "
                "it."),
             "QH",
             replies=("JC", "QC"),
             claims=(NeedsAfter(("KC",)), InSpare("KC")),
             cards=(("cj", "JC"), ("cq", "QC"), ("ck", "KC")), readings=(("then", "AMB-23"),)),
    ),
    Practice(COMMIT, 3, 7, 79, N_(
        "Now a short deal of {size} cards each against two gentle bots, {p1} one of them: watch whose turn it is. "
        "The coach lights the card it would play and says the rule of the moment.")),
    changes=N_("What changes from the modern game: one pack without one card, a spare hand, and, in the engine's "
               "reading, runs within one suit and the turn to whoever holds the next card."),
    credits=(RULES_1857, IN_SUIT, HOLDER_PLAYS),
)

COMMIT_STOPS = Lesson(
    "commit-stops", "commit", N_("The stops: the seven of diamonds and the kings"),
    N_("The seven of diamonds and every king stop the run; their player begins again."),
    COMMIT_CHAPTER, "S0, S1, Foster",
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
             cards=(("d8", "8D"),), readings=(("say", "AMB-22"),)),
        Step(N_("Lead the {card}: a king stops as well."),
             "KH",
             N_("A king is a stop: you lead again at once."),
             N_("The king stopped the run, and you lead again. A king played also earns a chip from each opponent: "
                "{p1} and {p2} paid you {amount} each."),
             "2C",
             claims=(Stops(Stop.KING), Pays(Why.CARD, 1))),
    ),
    practice(COMMIT, 78, 7),
    changes=N_("What changes from the modern game: besides the kings, the seven of diamonds stops the run."),
    credits=(RULES_1857, IN_SUIT),
)

COMMIT_BRIDGE = Lesson(
    "commit-bridge", "commit", N_("The nine of diamonds bridges a gap"),
    N_("The nine of diamonds may be played instead of any other card “to prevent a stop”: here, when nobody holds "
       "the card a run needs, its holder plays it in that card's place, and the run goes on."),
    COMMIT_CHAPTER, "S0, S1, Foster",
    (
        Step(N_("Play the {card}."),
             "6H",
             N_("Go on while you hold the next card."),
             N_("The run needs {now}, but it lies in the spare hand: nobody can play it."),
             "3D",
             claims=(InSpare("7H"), Needs(("7H",)), Turn(0)),
             setup=Setup(COMMIT, ("5H 6H 9D 5S 3D", "8H 4S 6C", "KC 3C 4C"), before=("5H",)),
             readings=(("then", "AMB-22"),)),
        Step(N_("Nobody holds {need}, so the turn comes to you, who hold the {comet}. It may replace the missing "
                "card, so that the run goes on: play it as {need}."),
             "9D=7H",
             N_("Here the nine of diamonds replaces a card nobody can play, to prevent a stop."),
             N_("The {comet} stood for the missing card and the run went on: {p1} held the next card and played it. "
                "After it nobody could go on, so she began again with the {s4}."),
             "pass",
             replies=("8H", "4S"),
             claims=(Needs(("8H",)), Turn(1), InSpare("9H"), NeedsAfter(("5S",))),
             cards=(("s4", "4S"),), readings=(("say", "AMB-22"), ("say", "AMB-23"), ("say", "AMB-24"))),
        Step(N_("Her {s4} calls for your {card}: play it."),
             "5S",
             N_("Here whoever holds the next card plays it."),
             N_("Nobody holds the {s6}: the run stopped at your card."),
             "3D",
             claims=(InSpare("6S"), Stops(Stop.INCIDENTAL)),
             cards=(("s4", "4S"), ("s6", "6S"))),
    ),
    practice(COMMIT, 70, 7),
    changes=N_("What changes from the modern game: the wild card does not stop the run; in the engine's reading, "
               "it bridges a gap that nobody can fill, and the run goes on."),
    credits=(RULES_1857, Credit("S0, S1", N_("the nine of diamonds played for any card, to prevent a stop"),
                                amb="AMB-24"), IN_SUIT),
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
             claims=(Pays(Why.CARD, 1), Ends(2, 4), Excused(0), Settles(Why.HAND, 1, 2, 3)),
             readings=(("then", "AMB-23"),)),
    ),
    practice(COMMIT, 197, 7),
    changes=N_("What changes from the modern game: aces and kings earn chips as they are played, the loser pays a "
               "chip for each card, not each pip, and the holder of the wild card pays nothing."),
    credits=(RULES_1857, Credit("PJ", N_("the holder of the Pope excused in Pope Joan, for comparison"))),
)

COMMIT_LESSONS = (COMMIT_TURNS, COMMIT_STOPS, COMMIT_BRIDGE, COMMIT_PAY)
