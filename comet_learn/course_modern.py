"""The modern comet from zero: eight lessons on the real table (:mod:`comet_learn.course`).

The rules are the modern game's as chapter 4 of the book tells them (``rules/modern``), from
Morehead, Frey and Mott-Smith's Hoyle (1991) as S0 and S1 report it; the readings are named where a
lesson rests on one (AMB-n, :mod:`comet.ambiguities`). Every sentence's card and number comes from
the engine; every claim is checked by :func:`comet_learn.course.verify`.
"""

from __future__ import annotations

from comet.events import Stop
from comet.ledger import Why
from comet_learn.course import Ends, Illegal, Lesson, Needs, Only, Pack, Pays, Practice, Setup, Step, Stops, Turn
from comet_learn.course_claims_more import InHand, Naturals, NobodyHolds, NoPass, Reckons
from comet_learn.course_credits import Credit
from comet_render.i18n import N_

MODERN = "modern-comet-1991"
CHAPTER = "rules/modern"
RULES_1991 = Credit("S0, S1", N_("the rules of the modern game"), work="hoyle1991")
"""What every modern lesson credits: Morehead, Frey and Mott-Smith's rules (1991), as S0 and S1 report them."""


def _practice(seed: int, size: int = 6, players: int = 2) -> Practice:
    return Practice(MODERN, players, size, seed, N_(
        "Now a short deal of {size} cards each against {p1}, a gentle bot. The coach lights the card it would "
        "play and says the rule of the moment; play as you like."))


DEAL = Lesson(
    "modern-deal", "modern", N_("The packs and the deal"),
    N_("Two packs without aces, a comet in each; eighteen cards each for two; the eldest leads."),
    CHAPTER, "S0, S1",
    (
        Step(N_("A real deal of the modern comet for two. The game takes two packs without their aces and sorts "
                "them by colour into a red pack and a black one, swapping one 9♦ for one 9♣: this deal's red pack "
                "holds {pack} cards, the hearts and diamonds and that {comet}, the comet. You and {p1} hold {hand} "
                "cards each; the other {dead} lie face down as the dead hand and are never played. {p1} dealt, so "
                "you, on her left, are eldest and lead. Lead your lowest card, the {card}."),
             "2H",
             N_("Any card may start a run: the eldest chooses. A low card leaves the most cards to follow it."),
             N_("You led the {card}. The run now needs {now}, and you, who led, go on while you can."),
             "KH",
             claims=(Pack(48, "HD"), Turn(0), Needs(("3",)), NoPass()),
             setup=Setup.dealt(MODERN, 2, 1), readings=(("say", "AMB-17"), ("then", "AMB-36"))),
        Step(N_("The run needs {need}, and you hold one. Play the {card}."),
             "3H",
             N_("Each card of a run is one rank higher than the last."),
             N_("Your run climbs: it needs {now} next. The other pack, the black one, is used on the next deal: "
                "the two packs take turns."),
             "KH",
             claims=(Turn(0), Needs(("4",))), readings=(("then", "AMB-44"),)),
    ),
    _practice(11),
    credits=(RULES_1991,),
)

RUNS = Lesson(
    "modern-runs", "modern", N_("A run goes up, rank by rank"),
    N_("Suits do not matter; who cannot go on passes, and the next player takes the run on."),
    CHAPTER, "S0, S1",
    (
        Step(N_("You led the {led}. The run needs {need}: the next rank up, and in the modern game in any suit. "
                "Play the {card}."),
             "6D",
             N_("Suits are ignored in the modern game: only the rank counts."),
             N_("A diamond on a heart is fine. Now the run needs {now}."),
             "TD",
             claims=(Needs(("7",)), Illegal(("TD", "KH"))),
             setup=Setup(MODERN, ("5H 6D TD KH", "4D 7H 8H 9H JD QD"), before=("5H",)), cards=(("led", "5H"),)),
        Step(N_("The run needs {need}, and you hold none: pass. Players call it \"without\": \"5, 6 without 7\"."),
             "pass",
             N_("When you cannot play the card the run needs, you pass and the next player takes the run on."),
             N_("{p1} held the 7 and took the run on: 7, 8, 9. She holds no 10, so she passed in her turn."),
             "KH",
             replies=("7H", "8H", "9H", "pass"),
             claims=(Only(),)),
        Step(N_("The run is back with you, and it needs {need}. You hold it, and a player who can go on must: "
                "play the {card}."),
             "TD",
             N_("Here a player who can go on must: a pass is for when you cannot."),
             N_("You took the run on from {p1}. Now it needs {now}."),
             "KH",
             claims=(Illegal(("pass",)), Needs(("J",))), readings=(("say", "AMB-35"),)),
    ),
    _practice(12),
    credits=(RULES_1991,),
)

STOPS = Lesson(
    "modern-stops", "modern", N_("What stops a run"),
    N_("A king ends a run, and so does a card nobody can follow; then the player who stopped it leads."),
    CHAPTER, "S0, S1",
    (
        Step(N_("Nothing goes above a king, so a king stops the run and its player leads again. Lead the {card} "
                "and see."),
             "KH",
             N_("A king is a stop: no card can follow it."),
             N_("The run stopped at the king, and the lead is yours again."),
             "8H",
             claims=(Stops(Stop.KING),),
             setup=Setup(MODERN, ("8H JD QD KH", "2H 3D 4D 5D QH"))),
        Step(N_("Lead the {card}. Every 9 is in the dead hand, and so is the comet, so nobody can follow it."),
             "8H",
             N_("A card whose next rank nobody holds ends the run as surely as a king."),
             N_("The run needs {now}."),
             "JD",
             claims=(Needs(("9",)), Turn(0), NobodyHolds("9"))),
        Step(N_("You hold no 9: pass."),
             "pass",
             N_("Nobody can go on, so the last player to play leads again."),
             N_("{p1} held no 9 either and passed. Nobody could go on, so the run stopped, and the lead came back "
                "to you, the last to play."),
             "JD",
             replies=("pass",),
             claims=(Only(), Stops(Stop.INCIDENTAL))),
        Step(N_("The lead is yours: lead the {card}."),
             "JD",
             N_("After a stop you lead any card of your hand."),
             N_("A new run, started by you: it needs {now}."),
             "QD",
             claims=(Needs(("Q",)), Turn(0))),
    ),
    _practice(20),
    credits=(RULES_1991,),
)

COMET = Lesson(
    "modern-comet", "modern", N_("The comet, a wild card that stops and pays"),
    N_("The comet stands for any card, stops the run, and earns chips from every opponent at once."),
    CHAPTER, "S0, S1",
    (
        Step(N_("The run needs {need}, and you hold none. But you hold the comet, the {comet}: it may stand for "
                "the card the run needs. Play it as {need}."),
             "9C=5",
             N_("The comet is wild: it can be any card, and the run stops on it."),
             N_("The comet stood for {need} and stopped the run: you lead again, and {p1} paid you {amount} at "
                "once."),
             "TD",
             claims=(Pays(Why.WILD, 2), Stops(Stop.COMET)),
             setup=Setup(MODERN, ("4H 9C TD KD", "5H 6H 7H 2D 3D"), before=("4H",)), readings=(("say", "AMB-17"),)),
        Step(N_("Another table, another match. Here, in the deal just before this one, the comet was never dealt to "
                "a player: it lay in the dead hand. So this deal's comet is worth more. The run needs {need}: play "
                "the comet, the {comet}, as {need}."),
             "9C=7",
             N_("Each deal in a row whose comet lay in the dead hand adds 2 to what the next comet earns."),
             N_("This comet earned {amount} from {p1}: 2, and 2 more for the comet left in the dead hand of the "
                "deal before."),
             "pass",
             claims=(Pays(Why.WILD, 4), Stops(Stop.COMET)),
             setup=Setup(MODERN, ("6D 9C JD", "2H 8H QD KD"), before=("6D",), dead_comets=1),
             readings=(("say", "AMB-17"),)),
    ),
    _practice(14),
    credits=(RULES_1991,),
)

GROUPS = Lesson(
    "modern-groups", "modern", N_("Groups: four of a kind, three nines"),
    N_("Four cards of one rank, or three nines, go down together as one play."),
    CHAPTER, "S0, S1",
    (
        Step(N_("You may play four cards of a rank together. Lead your four 7s as one play: {card}."),
             "7H 7H 7D 7D",
             N_("A group sheds several cards at once: the run goes on from their rank."),
             N_("Four cards left your hand in one play, and the run needs {now}."),
             "7H",
             claims=(Needs(("8",)), Turn(0)),
             setup=Setup(MODERN, ("7H 7H 7D 7D 8H 9H 9H 9D 2D", "3H 4D 5H TD JD"))),
        Step(N_("Play the {card}."),
             "8H",
             N_("The run goes on from the group's rank."),
             N_("The run needs {now}."),
             "9H",
             claims=(Needs(("9",)),)),
        Step(N_("Three nines count as a group too: a pack holds only three natural nines, since its fourth nine "
                "went to the other pack, where it is the comet. Play them together: {card}."),
             "9H 9H 9D",
             N_("Three nines, with or without the comet, may go down together."),
             N_("Three nines in one play. The run needs {now}."),
             "9H",
             claims=(Needs(("T",)), Naturals("9", 3))),
    ),
    _practice(15),
    credits=(RULES_1991,),
)

GOING_OUT = Lesson(
    "modern-going-out", "modern", N_("Going out and the settlement"),
    N_("The first to play their last card wins; the others pay a chip for each pip they still hold."),
    CHAPTER, "S0, S1",
    (
        Step(N_("Play the {card}."),
             "TD",
             N_("Two cards left: play them and you are out."),
             N_("One card left. The run needs {now}."),
             "JH",
             claims=(Needs(("J",)),),
             setup=Setup(MODERN, ("9H TD JH", "3H 5D 8H KD 9C"), leader=1, before=("8H", "pass", "9H"))),
        Step(N_("Play your last card, the {card}: the first player out wins the deal."),
             "JH",
             N_("The first to empty their hand wins, and the others pay."),
             N_("You are out. {p1} pays a chip for each pip left in her hand, courts 10 and the comet 9: {count} "
                "pips. And she pays double because she still holds the comet: {count} × 2 = {net}."),
             "",
             claims=(Ends(0, 54), Reckons(1, 27, (2,))), readings=(("then", "AMB-17"), ("then", "AMB-19"))),
        Step(N_("The end of another deal. Your last card is the comet: go out with it, as {need}."),
             "9C=6",
             N_("Going out with the comet doubles what the loser pays."),
             N_("Out with the comet: it earned you {amount} as you played it, and going out with it doubles what "
                "{p1} pays for her {count} pips: {count} × 2 = {paid}. You win {net} in all."),
             "pass",
             claims=(Ends(0, 32), Pays(Why.WILD, 2), Reckons(1, 15, (2,))),
             setup=Setup(MODERN, ("5H 9C", "3H 4H 7D 8D"), leader=1, before=("3H", "4H", "pass", "5H")),
             readings=(("say", "AMB-17"),)),
    ),
    _practice(16),
    credits=(RULES_1991,),
)

OPERA = Lesson(
    "modern-opera", "modern", N_("The opera"),
    N_("The eldest who plays out the whole hand in the first turn makes an opera: what the others pay is doubled."),
    CHAPTER, "S0, S1",
    (
        Step(N_("You are eldest and nobody has played yet. If you play out your whole hand in this first turn, "
                "that is an opera. Lead the {card}: a king stops at once, and you lead again."),
             "KH",
             N_("A stop keeps the lead with you: your first turn goes on."),
             N_("The king stopped the run, and your first turn goes on."),
             "5D",
             claims=(Stops(Stop.KING),),
             setup=Setup(MODERN, ("5D 6H 9C KH", "2H 4D 8H JD QD"))),
        Step(N_("Lead the {card}."),
             "5D",
             N_("Play on: every card must go in this one turn."),
             N_("The run needs {now}."),
             "9C=5",
             claims=(Needs(("6",)),)),
        Step(N_("Play the {card}."),
             "6H",
             N_("Keep going: the comet is still in hand."),
             N_("The run needs {now}, which you do not hold, but your last card is the comet."),
             "9C=6",
             claims=(Needs(("7",)),)),
        Step(N_("Finish with the comet, the {comet}, as {need}."),
             "9C=7",
             N_("The comet stands for the card the run needs and empties your hand in the first turn."),
             N_("An opera: your whole hand in the first turn. With two players an opera is drawn if the dealer "
                "could have made one too; {p1} could not have gone out in one turn, so it stands. She pays for "
                "her {count} pips, doubled for your last card, the comet, and doubled again for the opera: "
                "{count} × 2 × 2 = {paid}. With the comet's {amount} in play, you win {net}."),
             "pass",
             claims=(Ends(0, 138, opera=True), Pays(Why.WILD, 2), Reckons(1, 34, (2, 2))),
             readings=(("say", "AMB-17"), ("then", "AMB-45"))),
    ),
    _practice(17),
    credits=(RULES_1991,),
)

FIRST_DEAL = Lesson(
    "modern-first-deal", "modern", N_("A whole first deal with the coach"),
    N_("Everything together: a full deal for two, the coach beside you."),
    CHAPTER, "S0, S1",
    (
        Step(N_("A whole deal: {hand} cards each, and the comet, the {comet}, is in your hand. You are eldest: "
                "lead your lowest card, the {card}."),
             "2H",
             N_("Start low: the more cards that can follow, the longer your run."),
             N_("The run needs {now}."),
             "KH",
             claims=(Turn(0), InHand("9C")),
             setup=Setup.dealt(MODERN, 2, 2), readings=(("say", "AMB-17"),)),
        Step(N_("Play on with the {card}."),
             "3H",
             N_("Go on while you can: it empties your hand."),
             N_("Now play the deal out with the coach beside you."),
             "KH",
             claims=(Needs(("4",)),)),
    ),
    Practice(MODERN, 2, 18, 21, go_on=True, say=N_(
        "Play the rest of a whole deal against {p1}, a gentle bot. The coach lights the card it would play and "
        "says the rule of the moment. A pass that is your only play is made for you.")),
    credits=(RULES_1991,),
)

LESSONS = (DEAL, RUNS, STOPS, COMET, GROUPS, GOING_OUT, OPERA, FIRST_DEAL)
"""The modern game's lessons, in order."""
