"""What changes in the new comet of 1752 and in Yanovsky's two-handed game (chapter ``rules/new-comet``):
the path's lessons after the modern game (:mod:`comet_learn.course`)."""

from __future__ import annotations

from comet.events import Stop
from comet.ledger import Why
from comet_learn.course import Ends, Illegal, Lesson, Needs, NoPayment, Only, Pack, Pays, Practice, Setup, Step, Stops, Turn
from comet_learn.course_claims_more import CometOf, Counted, Holds, Instead, MatchTo, OperaUnder, Redeals, SideWins, practice
from comet_learn.course_credits import Credit
from comet_render.i18n import N_

# ------------------------------------------------------------------ the new comet of 1752 (rules/new-comet)
NEW = "new-comet-1752"
NEW_CHAPTER = "rules/new-comet"
RULES_1752 = Credit("S0, S1", N_("the rules of the new comet"), work="academie1752")

NEW_FIRST_HAND = Lesson(
    "new-comet-first-hand", "new-comet", N_("Before the first card: a new deal, carte blanche"),
    N_("The first hand may keep its cards or demand a new deal; a carte blanche brings 50 points, or 100 with the "
       "comet: read as at Piquet, a hand without a court card, paid at once."),
    NEW_CHAPTER, "S0, S1",
    (
        Step(N_("The new comet of 1752. Its two packs are the modern game's: this deal uses the black pack, {pack} "
                "cards, whose comet is the {comet}. New in 1752: before any card is played, the first hand, you, "
                "may keep these cards or demand a new deal. What makes a hand bad, the sources do not say; this one "
                "has no run at all. Demand a new deal."),
             "redeal",
             N_("The first hand may demand a new deal of a bad hand."),
             N_("The cards were dealt again, a new hand of the same size. And it holds no jack, queen or king: a "
                "carte blanche, as at Piquet. {p1} paid you {amount} for it at once."),
             "8C",
             claims=(Pack(48, "CS"), Redeals(), Pays(Why.BLANCHE, 50)),
             setup=Setup(NEW, ("2C 4S 6S 8C TS QC", "KC QS 3S 5C"), pack="black"),
             readings=(("say", "AMB-2"), ("say", "AMB-40"), ("then", "AMB-41"))),
        Step(N_("The right is used: this deal goes on with these cards. Lead your {card}."),
             "3C",
             N_("Once the first hand has kept its cards or had them dealt again, play begins."),
             N_("The run needs {now}, and the play goes on as in the modern game."),
             "TS",
             claims=(Illegal(("keep", "redeal")), Needs(("4",)), Turn(0))),
        Step(N_("Another table, and a deal in the red pack. Your hand has no court card, and it holds the comet, the "
                "{comet}. Keep it."),
             "keep",
             N_("Here a carte blanche is paid when the hand is kept, before the first card."),
             N_("A carte blanche with the comet in it pays double: {p1} paid you {amount}."),
             "5H",
             claims=(Pays(Why.BLANCHE_COMET, 100),),
             setup=Setup(NEW, ("5H 6D 7H 9C 2H", "KH QD 2D 4H"), pack="red"), readings=(("say", "AMB-41"),)),
    ),
    practice(NEW, 51),
    changes=N_("What changes from the modern game: before the first card, the first hand may demand a new deal, "
               "and a carte blanche is paid."),
    credits=(RULES_1752, Credit("S0, S1", N_("the redeal and the carte blanche's 50 and 100 points"))),
)

NEW_GROUPS = Lesson(
    "new-comet-groups", "new-comet", N_("Kings together, and a count in points"),
    N_("Two or three kings may go down together, as well as four of a kind and three nines; in our reading, "
       "nothing is paid in play: the deal is counted in points at its end."),
    NEW_CHAPTER, "S0, S1",
    (
        Step(N_("You kept your hand. Besides four of a kind and three nines, the new comet lets two or three kings go "
                "down together. Lead both your kings as one play: {card}."),
             "KH KD",
             N_("Two or three kings make a group in 1752, and a king stops the run."),
             N_("Two cards in one play, and the kings stopped the run: you lead again. Nothing was paid: the new game "
                "is counted in points when the deal ends."),
             "KH",
             claims=(Stops(Stop.KING), NoPayment()),
             setup=Setup(NEW, ("KH KD 9H 9H 9D TH 9C 2H", "JH JD 3H 4D QH"), pack="red", before=("keep",)),
             readings=(("then", "AMB-48"),)),
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
             N_("The comet stands for the card the run needs, and here it stops the run."),
             N_("The comet stopped the run, and you lead again: the 1752 account does not say that it stops, and "
                "the engine has it stop as in the modern game. But in the modern game it would have earned chips at "
                "once; here nothing is paid in play, and the comet counts only when the deal ends."),
             "pass",
             claims=(Stops(Stop.COMET), NoPayment()), readings=(("then", "AMB-39"), ("then", "AMB-48"))),
    ),
    practice(NEW, 52),
    changes=N_("What changes from the modern game: two or three kings make a group too, and the deal is counted "
               "in points; in our reading, at its end only."),
    credits=(RULES_1752, Credit("S0, S1", N_("the groups: four of a kind, three nines, two or three kings"))),
)

NEW_OPERA = Lesson(
    "new-comet-opera", "new-comet", N_("The opera of 1752"),
    N_("The first hand who goes out at once, before anyone else has played a card, makes an opera, which doubles "
       "the deal."),
    NEW_CHAPTER, "S0, S1",
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
             N_("You went out before anyone else played a card. The 1752 account calls an opera the first hand's "
                "going out “at once, before anyone else played a card”; {p1} passed in between, and the engine, "
                "taking “before anyone else played a card” as the test, counts an opera all the same. It doubles "
                "what she pays: you win {net}. Read as the modern game's “at once” is read, the turn went round "
                "when she passed, and this would be no opera."),
             "KH",
             claims=(Ends(0, 70, opera=True), OperaUnder((("opera", "first_turn"),), False)),
             readings=(("then", "AMB-12"), ("then", "AMB-31"))),
    ),
    practice(NEW, 53),
    changes=N_("What changes from the modern game: the 1752 account words the opera as the first hand going out at "
               "once, before anyone else has played a card, and counts it in points."),
    credits=(Credit("S0, S1", N_("the rules of the new comet and its opera, in the account's words"),
                    work="academie1752"), Credit("S0, S1", N_("the modern game's opera, “at once”"))),
)

NEW_PARTNERS = Lesson(
    "new-comet-partners", "new-comet", N_("Two against two"),
    N_("Four play in two teams of two; here partners face each other, and when one goes out, the side wins and "
       "the partner's cards count for nothing."),
    NEW_CHAPTER, "S0, S1",
    (
        Step(N_("Four players, two against two: your partner is {p2}, facing you; {p1} and {p3} are the other "
                "side. Lead the {card}."),
             "9H",
             N_("Lead your run: it sheds the most cards."),
             N_("The run needs {now}."),
             "KH",
             claims=(Needs(("T",)), Turn(0)),
             setup=Setup(NEW, ("9H TD 2D KH", "3H 4D QH", "JH QD KD", "5H 6D JD"), pack="red", before=("keep",)),
             readings=(("say", "AMB-42"),)),
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
             claims=(Only(), SideWins(2)), readings=(("then", "AMB-42"),)),
    ),
    Practice(NEW, 4, 5, 54, N_(
        "Now a short deal of {size} cards each, two against two: your partner faces you, and the gentle bots play "
        "the other seats. The coach lights the card it would play and says the rule of the moment.")),
    changes=N_("What changes from the modern game: four play as two sides, and when one partner goes out the "
               "whole side wins."),
    credits=(RULES_1752, Credit("S0, S1", N_("four players in two teams of two"))),
)

NEW_LESSONS = (NEW_FIRST_HAND, NEW_GROUPS, NEW_OPERA, NEW_PARTNERS)



# ------------------------------------------------------------------ Yanovsky's two-handed game (rules/new-comet)
YAN = "yanovsky-1804"
S2_RULES = Credit("S2", N_("its own rules of play"))
YAN_PACKS = Credit("S2", N_("the packs, the deal and the comets"), work="yanovsky1804")

YAN_TURNS = Lesson(
    "yanovsky-turns", "yanovsky", N_("Turn and turn about"),
    N_("Two players alternate: each turn lays one or more cards, of the top card's rank or the next."),
    NEW_CHAPTER, "S2, PW",
    (
        Step(N_("The Russian encyclopedia entry «КОМЕТА» quotes Yanovsky (1804), whose packs and deal its "
                "description shares; its rules of play are its own: two players, and they alternate. You lead one "
                "card, {p1} builds on it, then you, and so on. Lead the {card}."),
             "5H",
             N_("Here a lead is one card; then the turn passes."),
             N_("The run could take your 6, but it is {p1}'s turn: each player adds cards in turn, and the engine "
                "passes the turn after every play. She laid two 5s at once, the same rank as the top card."),
             "8D",
             replies=("5H 5D",),
             claims=(Holds("6D", 1), Turn(1)),
             setup=Setup(YAN, ("5H 6D 6H 8D KD", "5D 5H 7H 7D 8H 2D 3H"), pack="red"), readings=(("then", "AMB-29"),)),
        Step(N_("A turn lays one or more cards of one rank: the top card's rank, or the next. The run may take "
                "{need}: lay your two 6s together, {card}."),
             "6D 6H",
             N_("Here any number of cards of one rank go down in one turn."),
             N_("{p1} laid her two 7s, the next rank."),
             "6D",
             replies=("7H 7D",),
             claims=(Turn(1),), readings=(("say", "AMB-29"),)),
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
    practice(YAN, 66),
    changes=N_("What changes from the modern game: the two players alternate, each adding one or more cards of the "
               "top card's rank or the next."),
    credits=(S2_RULES, Credit("PW", N_("a turn of several cards of one rank, as all four 8s on a 7"), amb="AMB-29")),
)

YAN_COMET = Lesson(
    "yanovsky-comet", "yanovsky", N_("The comet replaces the proper card"),
    N_("The comet may be played instead of the card the run needs; it stops the run and its player begins a new "
       "one at once."),
    NEW_CHAPTER, "S2, PW",
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
             cards=(("nd", "9D"),), readings=(("say", "AMB-13"), ("then", "AMB-29"))),
        Step(N_("The run may take {need}, and you hold neither; but the comet may replace the proper card. Play "
                "it as the next rank, {card}."),
             "9H=6",
             N_("The comet replaces the proper card, and its player begins a new run at once."),
             N_("The comet stopped the run, and you begin a new one at once, without waiting for {p1}."),
             "pass",
             claims=(Stops(Stop.COMET), NoPayment()), readings=(("say", "AMB-29"),)),
        Step(N_("A king stops too: the encyclopedia's “the same rank” would let a king follow a king, but the "
                "compendium text says a king always stops, and so does the engine. Lead the {card}."),
             "KC",
             N_("Here nothing may follow a king: it stops, and you lead again."),
             N_("The king stopped the run, and you lead again."),
             "2C",
             claims=(Stops(Stop.KING),), readings=(("say", "AMB-30"),)),
    ),
    practice(YAN, 60),
    changes=N_("What changes from the modern game: the black pack's comet is another nine, the 9♥, and the comet "
               "replaces the proper card in its player's turn."),
    credits=(YAN_PACKS, S2_RULES, Credit("S2", N_("the 9♥ as the black pack's comet"), work="yanovsky1804",
                                         amb="AMB-13"),
             Credit("PW", N_("a king that always stops"), amb="AMB-30")),
)

YAN_SCORE = Lesson(
    "yanovsky-score", "yanovsky", N_("A point a card"),
    N_("The first out wins a point for each card left in the other hand, doubled or quadrupled by the comet; a "
       "match is played to an agreed total."),
    NEW_CHAPTER, "S2, PW",
    (
        Step(N_("Lead the {card}."),
             "6S",
             N_("Keep your pair: here two cards of one rank go down in one turn."),
             N_("{p1} laid the next rank."),
             "8S",
             replies=("7C",),
             claims=(Turn(1),),
             setup=Setup(YAN, ("6S 8S 8C", "5C 7C 9H JC QS 4S"), pack="black"), readings=(("then", "AMB-29"),)),
        Step(N_("The run may take {need}. Lay your two 8s together, {card}, and you are out."),
             "8S 8C",
             N_("Both cards of one rank go down in one turn, and your hand is empty."),
             N_("You are out. {p1} pays a point for each card left in her hand, not for its pips, and double, since "
                "she still holds the comet: you win {net}."),
             "8S",
             claims=(Ends(0, 10), Counted(1, "9H")), readings=(("say", "AMB-29"), ("then", "AMB-13"))),
        Step(N_("Another deal's end. Your last card is the comet, and the run may take {need}: go out with it as "
                "a nine, {card}."),
             "9H=9",
             N_("The comet as a nine is worth the most."),
             N_("Going out with the comet doubles the score; as a nine it quadruples it: you win {net}. A match is "
                "played to an agreed total, usually 24 points."),
             "9H=8",
             claims=(Ends(0, 16), Instead("9H=8", 8), MatchTo(24)),
             setup=Setup(YAN, ("7S 9H", "8C 4S 5C JC QS"), pack="black", before=("7S", "8C")),
             readings=(("say", "AMB-13"), ("say", "AMB-29"))),
    ),
    practice(YAN, 68),
    changes=N_("What changes from the modern game: the loser pays a point for each card left, not for each pip, and "
               "a match is played to an agreed total."),
    credits=(S2_RULES, Credit("S2, PW", N_("the comet doubling and, as a nine, quadrupling the score"))),
)

YAN_LESSONS = (YAN_TURNS, YAN_COMET, YAN_SCORE)
