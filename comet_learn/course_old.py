"""What changes in Hoc (its shedding stage) and in manille, the old comet of 1718: the path's
lessons after the modern game (:mod:`comet_learn.course`; chapters ``history/origins`` and ``rules/manille``)."""

from __future__ import annotations

from comet.events import Stop
from comet.ledger import Why
from comet_learn.course import Ends, Lesson, Needs, NoPayment, Only, Pack, Pays, Setup, Step, Stops, Turn
from comet_learn.course_claims_more import Counted, DealSize, Direction, Lapses, NoPass, Settles, practice
from comet_learn.course_credits import Credit
from comet_render.i18n import N_

# ------------------------------------------------------------------ Hoc Mazarin (history/origins)
HOC = "hoc-third-stage"
ORIGINS = "history/origins"
HOC_PAGES = Credit("W-Hoc, AJO-Hoc", N_("the deal, the aces low and the turn going anticlockwise"))
HOC_STAGE_OF = Credit("S0, S1", N_("the shedding stage that became the comet"))
HOCS = Credit("FR-Hoc", N_("the six hocs that cut all others"), amb="AMB-5")

HOC_STAGE = Lesson(
    "hoc-stage", "hoc", N_("Hoc: one pack, played out"),
    N_("The shedding stage of Hoc Mazarin: one full pack, aces low, no comet, the turn going anticlockwise."),
    ORIGINS, "S0, S1, W-Hoc, AJO-Hoc",
    (
        Step(N_("Hoc Mazarin's last stage, the shedding game the comet grew out of. One full pack of {pack} cards "
                "and no comet: you and {p1} hold {hand} cards each, and the other {dead} stay unseen. Hoc goes "
                "round anticlockwise, so the eldest, who leads, sits on the dealer's right: {p1} dealt, and you "
                "lead. Aces are low: lead your {card}."),
             "AD",
             N_("In Hoc the ace is the lowest card: a run can start below the 2."),
             N_("You led the {card}. The run needs {now}: the ace is the bottom of the run."),
             "KH",
             claims=(Pack(52, "CDHS"), Direction("anticlockwise"), Needs(("2",)), Turn(0), DealSize(15)),
             setup=Setup.dealt(HOC, 2, 25), readings=(("say", "AMB-4"),)),
        Step(N_("Runs climb rank by rank, suits ignored, as in the modern game. Play the {card}."),
             "2S",
             N_("Each card of a run is one rank higher than the last, whatever its suit."),
             N_("The run needs {now}. You go on while you can, as in the modern game."),
             "5H",
             claims=(Needs(("3",)), Turn(0), NoPass()), readings=(("then", "AMB-36"),)),
    ),
    practice(HOC, 31),
    changes=N_("Hoc's card play is pieced together from sources that describe it only in part. What changes from the "
               "modern game: one full pack with its aces, the aces low, no comet, and the turn goes round "
               "anticlockwise."),
    credits=(HOC_STAGE_OF, HOC_PAGES, Credit("AJO-Hoc", N_("fifteen cards each for two players"),
                                             amb="AMB-4")),
)

HOC_HOCS = Lesson(
    "hoc-hocs", "hoc", N_("The hocs cut all others"),
    N_("Six cards, the hocs, “cut all others”: here each may be played on your turn whatever the run needs "
       "and stops it, and “hoc!” earns a jeton from each opponent, as one late source alone says."),
    ORIGINS, "FR-Hoc",
    (
        Step(N_("The run needs {need}, and you hold none. In the modern game you would pass; in Hoc you may cut "
                "with a hoc: the four kings, the {qs} and the {jd}. Play your {card} and say “hoc!”."),
             "JD",
             N_("Here a hoc may be played on your turn whatever the run needs: it stops the run, and you lead again."),
             N_("The {card} cut the run: you lead again, and {p1} paid you {amount} for the “hoc!”. One late "
                "source alone gives that jeton; the engine keeps it, as the book warns."),
             "9H",
             claims=(Stops(Stop.HOC), Pays(Why.HOC, 1)),
             setup=Setup(HOC, ("4C 5D 9H TS JD 4S", "6C 7D 8S QS 3H KH"), before=("4C", "5D")),
             cards=(("qs", "QS"), ("jd", "JD")), readings=(("say", "AMB-5"),)),
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
    practice(HOC, 32),
    changes=N_("Hoc's card play is pieced together from sources that describe it only in part. What changes from the "
               "modern game: six cards, the hocs, may be played on your turn whatever the run needs; each stops the "
               "run and pays its player."),
    credits=(HOCS, Credit("", N_("the jeton for “hoc!”"), work="grokhoc")),
)

HOC_OUT = Lesson(
    "hoc-out", "hoc", N_("Going out, and what the others pay"),
    N_("The first player out wins; how the others pay, no source says: here, a jeton for each pip left in hand, "
       "as in manille."),
    ORIGINS, "W-Hoc, AJO-Hoc, FR-Hoc, S0, S1",
    (
        Step(N_("Three players now, {p1} and {p2} with you. Lead the {card}."),
             "6C",
             N_("Play your run first: a hoc can wait, since here it may go at any time."),
             N_("The run needs {now}."),
             "KS",
             claims=(Needs(("7",)), Turn(0)),
             setup=Setup(HOC, ("6C 7D KS", "KH 2S 3D", "QD 5S 8C"))),
        Step(N_("Play the {card}, not your king yet."),
             "7D",
             N_("Play your run first: a hoc can wait, since here it may go at any time."),
             N_("The run needs {now}, and you hold none. Your last card is a hoc."),
             "KS",
             claims=(Needs(("8",)), Turn(0))),
        Step(N_("A hoc may go whatever the run needs: cut with the {card}, your last card."),
             "KS",
             N_("Here a hoc may be played at any time on your turn, and it is your last card."),
             N_("You are out, and the first out wins. How the others pay, the pages on Hoc do not say; the engine "
                "pays as in manille: {p1} and {p2} each pay you a jeton for each pip left in hand, courts ten, on "
                "top of the jeton for “hoc!”, and {p1}'s {kh}, a hoc kept in hand, counts its pips like any card. "
                "You win {net} in all."),
             "pass",
             claims=(Pays(Why.HOC, 1), Ends(0, 40), Counted(1, "KH")),
             cards=(("kh", "KH"),), readings=(("say", "AMB-5"), ("then", "AMB-47"))),
    ),
    practice(HOC, 33),
    changes=N_("Hoc's card play is pieced together from sources that describe it only in part. What changes from the "
               "modern game: the losers pay in jetons; how much, no source says, and the engine counts a jeton for "
               "each pip, as in manille."),
    credits=(Credit("W-Hoc, AJO-Hoc", N_("the first player out wins, and the purse in jetons")), HOCS,
             Credit("S0, S1", N_("manille's jeton a pip, which the engine lends to Hoc"), amb="AMB-47")),
)

HOC_LESSONS = (HOC_STAGE, HOC_HOCS, HOC_OUT)



# ------------------------------------------------------------------ manille, the old comet of 1718 (rules/manille)
OLD = "old-comet-1718"
MANILLE = "rules/manille"
RULES_1718 = Credit("S0, S1", N_("the rules of 1718"), work="academie1718")
ENC = Credit("Enc", N_("the same game, described in an 18th-century dictionary"))

MANILLE_PACK = Lesson(
    "manille-pack", "manille", N_("One pack and the manille"),
    N_("One pack, aces low, and one wild card, the manille: it stands for the card you need, and its fiche must "
       "be claimed."),
    MANILLE, "S0, S1, Enc",
    (
        Step(N_("Manille, the old comet of 1718. One pack of {pack} cards, aces low, and a single wild card, the "
                "{comet}: the manille. How many cards each, the sources do not say: here the three of you hold "
                "{hand} each, as many as divide evenly, and the rest lies face down. Lead your {card}."),
             "AS",
             N_("Aces are low in manille: a run can start from the ace."),
             N_("The run needs {now}, and you hold none."),
             "KS",
             claims=(Pack(52, "CDHS"), Needs(("2",)), Turn(0), DealSize(17)),
             setup=Setup.dealt(OLD, 3, 57), readings=(("say", "AMB-7"),)),
        Step(N_("The run needs {need}, which you lack, but the manille may stand for any card. Play it as {need}."),
             "9D=2",
             N_("The manille is wild: it stands for the card the run needs."),
             N_("The manille stood for the card you needed. Does it stop the run, as the modern comet does? No "
                "source says; here it does not: the run needs {now}, and you go on. But first, before any other "
                "card is played, there is its fiche to claim."),
             "KS",
             claims=(Needs(("3",)), Turn(0), NoPayment()), readings=(("then", "AMB-8"),)),
        Step(N_("Claim the manille's fiche now, before the next card: press “{card}”."),
             "claim",
             N_("The manille's fiche is yours only if you claim it before the next card is played."),
             N_("Claimed in time: {p1} and {p2} each paid you a fiche, {amount}."),
             "3H",
             claims=(Pays(Why.CLAIM, 10),)),
        Step(N_("Now play on with the {card}."),
             "3H",
             N_("Go on while you can."),
             N_("The run needs {now}, as in any run."),
             "KS",
             claims=(Needs(("4",)), Turn(0))),
    ),
    practice(OLD, 41, 7),
    changes=N_("What changes from the modern game: one pack with its aces, the aces low, and one wild card, the "
               "manille, whose fiche you must claim."),
    credits=(RULES_1718, ENC, Credit("S0, S1", N_("the manille, wild, and its fiche claimed before the next card"))),
)

MANILLE_CLAIM = Lesson(
    "manille-claim", "manille", N_("Claim in time"),
    N_("The manille's fiche is lost if the next card is played before it is claimed."),
    MANILLE, "S0, S1, Enc",
    (
        Step(N_("{p1} led, played the manille in her run, and then passed without claiming its fiche. A pass is not "
                "a card played, so her claim was still open. Play the {card}, the card the run needs."),
             "6H",
             N_("The claim must come before the next card is played: your card ends it."),
             N_("You played the next card, so {p1}'s claim has lapsed: she has lost her fiche. The run needs {now}."),
             "2C",
             claims=(Lapses(1), NoPayment(), Needs(("7",))),
             setup=Setup(OLD, ("6H 7H 2C QC", "3C 4D 9D KC 8S"), leader=1, before=("3C", "4D", "9D=5", "pass")),
             readings=(("say", "AMB-8"), ("say", "AMB-34"))),
        Step(N_("The end of another deal. Your last card is the manille: play it as {need}."),
             "9D=5",
             N_("Your last card goes out, and nothing follows the manille."),
             N_("You are out with the manille. No card can follow it, so its fiche is paid without a claim: {p1} "
                "paid you {amount}, and then her pips as well. You win {net} in all."),
             "pass",
             claims=(Pays(Why.MANILLE_OUT, 10), Ends(0, 45)),
             setup=Setup(OLD, ("3C 4D 9D", "7C 8S JH QD"), before=("3C", "4D")), readings=(("then", "AMB-34"),)),
    ),
    practice(OLD, 42, 7),
    changes=N_("What changes from the modern game: the wild card's payment is not automatic; it is lost if "
               "another card is played before its player claims it."),
    credits=(RULES_1718, ENC),
)

MANILLE_STOPS = Lesson(
    "manille-stops", "manille", N_("Stops pay a jeton"),
    N_("A king, or a card that nobody can follow, stops the run as in the modern game, and it earns its player "
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
    practice(OLD, 43, 7),
    changes=N_("What changes from the modern game: a stop pays its player a jeton from each opponent, whether a "
               "king made it or nobody could go on."),
    credits=(RULES_1718, ENC),
)

MANILLE_END = Lesson(
    "manille-end", "manille", N_("The settlement, and a kept manille"),
    N_("The first out takes a jeton for each pip left in every hand; a player left holding the manille also pays "
       "a fiche to each opponent."),
    MANILLE, "S0, S1, Enc",
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
                     Settles(Why.MANILLE_EACH, 2, 0, 10), Settles(Why.MANILLE_EACH, 2, 1, 10)),
             readings=(("then", "AMB-9"),)),
    ),
    practice(OLD, 44, 7),
    changes=N_("What changes from the modern game: the losers pay in jetons, a jeton for each pip, and the "
               "manille left in hand costs a fiche to every other player, loser or winner."),
    credits=(RULES_1718, Credit("S0, S1", N_("the manille kept in hand costing a fiche to each opponent"),
                                amb="AMB-9"),
             Credit("Enc", N_("the fiche paid to the winner only"), amb="AMB-9")),
)

MANILLE_LESSONS = (MANILLE_PACK, MANILLE_CLAIM, MANILLE_STOPS, MANILLE_END)
