"""The designs of the analysis chapter's fifteen claims, and the record of when each was fixed.

Each claim (C1 to C15) has a :class:`Design`, which the page prints in a box above the claim's data:
the claim in the source's own words (with our translation), the measure, the comparison and its
threshold, how many comparisons the claim makes (so the Bonferroni level of each interval), and the
deals it plays with their seeds (:class:`Sample`).  The thresholds are the constants below; the
design's words are made from them, so the page states the very number the verdict
(:mod:`bookkit.claims`) uses, and the pages take their numbers of deals and their seeds from here.

No design was fixed before its data: every one was written after earlier versions had been run and
their results seen.  The box says so, from :mod:`bookkit.history` (when the design was fixed, and
every change made after results were seen, with the earlier design's result).  A design's
fingerprint (:func:`bookkit.judging.fingerprint`) covers its words, its deals, its seeds and its verdict code, so any
change to one of them is a new dated entry there, never an edit in place (``tests/test_history.py``).
"""

from __future__ import annotations

from bookkit.claim_design import Design, Sample
from bookkit.claim_design import samples as _samples
from bookkit.markdown import and_list, cite, number_word
from comet_render.i18n import N_

__all__ = ["Design", "Sample", "DESIGNS", "design", "C1_PLAYERS", "C1_MODERN_PLAYERS", "C1_EDGE", "C2_HAND",
           "C4_JACKPOT", "C9_COMMON", "C9_RARE", "C10_MARGINS", "C11_MOSTLY", "C13_EVENING", "C15_LONG", "C15_SHARE"]

# ------------------------------------------------------------------ thresholds (each fixed after results: bookkit.history)
C1_PLAYERS = (2, 3, 4, 5)
C1_MODERN_PLAYERS = (2, 3, 4)
"""The modern game's tables shown beside C1 (not tested: the claim is the 1718 text's): two players,
and the three and four of the teachers' tournament."""
C1_EDGE = 2.0
"""The size of edge, in jetons a deal, for which C1's page says how many deals a decision would need
(a fiftieth of the hundred jetons a player starts with; fixed here, not taken from the data)."""
C2_HAND = 10
"""C2 deals this many cards to each player at every table (the most five players can all hold), so that
the player count, not the hand size, is compared."""
C4_JACKPOT = 1.5
"""The comet is a jackpot if its mean value at a deal is at least this many times its base value."""
C9_COMMON, C9_RARE = 0.5, 0.2
"""Groups are common if more than half the two-handed hands hold one, rare if fewer than a fifth."""
C10_MARGINS = {"plays per deal": 3.0, "stops per deal": 0.7, "cards left in the loser's hand": 0.3}
""""Almost the same": each measure of the modern game within this many plays, stops or cards of the new
comet's, deal by deal.  Fixed numbers: a tenth of the new comet's values in the run of 2026-12-06
(30.2 plays, 7.03 stops, 3.24 cards), rounded; they had been a tenth of the values each run observed,
so that the margin moved with the data.  That run played the same seeds as the page does, so these
are the values of the very deals C10 tests, taken once, after results had been seen (the design
says so)."""
C11_MOSTLY = 0.75
"""Luck decides most deals if the better player wins fewer than 3 in 4 (its skill share 2p - 1 is
under one half)."""
C13_EVENING = 20
"""An evening's game: at most this many deals on average."""
C15_LONG, C15_SHARE = 8, 0.25
"""A long tail: a sequence of at least 8 cards (six to king, as in the worked example); the tails are
long if at least a quarter of the sequences are."""


def _pct(x: float) -> str:
    return f"{100 * x:g}%"


def players_words(ns: tuple[int, ...]) -> str:
    """``(2, 3, 4)`` -> ``"two, three and four players"``."""
    return and_list(number_word(n) for n in ns) + " players"


C11_GAMES = ("hoc-third-stage", "old-comet-1718", "new-comet-1752", "yanovsky-1804", "modern-comet-1991", "commit-1857",
             "commit-1991")
"""The seven games of C11, in the page's order."""


DESIGNS: tuple[Design, ...] = (
    Design("C1", (("S0", "есть преимущество в том, чтобы быть первым"), ("S1", "hay una ventaja en ser el primero en jugar")),
           N_("there is an advantage in being first"),
           "in the old comet with the greedy player in every seat, the first hand's mean net result per deal, in "
           f"jetons, at {players_words(C1_PLAYERS)}. Its share of the deals won is shown beside it and decides "
           "nothing.",
           N_("the net result against zero, at each player count."),
           len(C1_PLAYERS),
           "money decides, since the game is paid in jetons: at a player count the claim is supported if the net "
           "result's interval lies wholly above zero, contradicted if wholly below, and otherwise the data cannot "
           "decide there, whatever the share of deals won (a higher share with a net that cannot be told from zero "
           "supports nothing).",
           "The claim is the 1718 text's reason for drawing the first hand by lot, so only the 1718 game tests it. "
           f"The modern game's eldest, at {players_words(C1_MODERN_PLAYERS)}, is shown after the verdict for the "
           "teachers' tournament; it is another game, and does not enter the test.",
           samples=(_samples(N_("the old comet"), 500, {n: f"c1-{n}" for n in C1_PLAYERS}),
                    _samples(N_("the modern game"), 600, {2: "c1-m", 3: "c1-m3", 4: "c1-m4"}, tested=False))),
    Design("C2", (("S0", "с двумя игроками она была сочтена «слишком скучной»"),
                  ("S1", "se consideró \"demasiado aburrido\" con sólo dos jugadores")),
           N_("with two players it was judged 'too dull'"),
           "\"dull\" as too few real decisions: a *real choice* is a move at which the player could choose between "
           "plays that differ in more than suit. Two measures per deal, greedy players: real choices per card the "
           f"players lay, and the share of moves that are real choices. Every table is dealt {C2_HAND} cards each "
           "(the rest dead), so that the hand size is the same at every player count.",
           N_("the two-handed game against each larger table (three, four and five players), at the same hand size: the "
              "difference, two players minus more (independent samples: Welch's interval)."),
           6,
           "supported if the two-handed game has fewer real choices than every larger table on both measures "
           "(every interval of the difference wholly below zero); contradicted if it has more on both; otherwise "
           "the data cannot decide.",
           "Real choices are likely to grow with the hand size (we have not measured it), and under the engine's "
           "reading of the deal (AMB-7) two players "
           "hold far more cards each than five: compared at the engine's deal, the player count and the hand size "
           "cannot be told apart, so this test holds the hand size fixed. The dead cards then differ instead (the "
           "fewer the players, the more cards lie out of play): the comparison is of the player count together with "
           "its dead cards, at this hand size. It no longer depends on AMB-7, and says nothing about hands of other "
           "sizes.",
           samples=(_samples(N_("each player count"), 400, {n: f"c2-{n}" for n in C1_PLAYERS}),)),
    Design("C3", (("S0", "хотя лучше всего это работает с двумя игроками"), ("S1", "aunque esto funciona mejor con dos jugadores")),
           N_("though it works best with two players"),
           "the share of dealt hands with which the eldest can go out at once (an exact search of each random deal), "
           "by player count, in the modern game.",
           N_("two players against each of three, four and five: the difference of the shares."),
           3,
           "supported (for frequency) if the share with two players is above each of the others; contradicted if it "
           "is below any of them; otherwise the data cannot decide.",
           "\"Works best\" may be about the scoring (only two players have the dealer's answering draw) rather than "
           "about frequency; this test reads it as frequency.",
           samples=(_samples(N_("each player count"), 2000, {n: f"c3-{n}" for n in (2, 3, 4, 5)}),)),
    Design("C4", (("S0", "Это значение увеличивается на два каждый раз, когда комета сдается подряд мертвой руке"),),
           N_("this value increases by two each time the comet is dealt, in succession, to the dead hand"),
           "the comet's mean value at a deal, as a multiple of its base value, by player count. It is exact: the "
           "comet lies in the dead hand with chance q (dead cards over the pack) on each deal, independently, so the "
           "number k of preceding dead deals has P(k) = (1 − q) qᵏ and the mean value is base + step · q / (1 − q).",
           f"the mean value against {C4_JACKPOT:g} times the base value.",
           1,
           f"a jackpot (supported) if at some player count the mean value is at least {C4_JACKPOT:g} times the base; "
           "a small one (contradicted) if it is below that at every player count. The values are exact, so there is "
           "no interval.",
           "The source states a rule, not a claim; the question, does the escalation make a jackpot, is ours.",
           samples=(_samples(N_("the simulated check of the formula"), 3000, {n: f"c4-{n}" for n in (2, 3, 4, 5)},
                             tested=False),)),
    Design("C5", (("S0", "Шотландцы, которым предстояло изучить эту игру, почувствовали это на себе"),
                  ("S1", "Los escoceses que aprendieron el juego lo sintieron a su costa")),
           N_("the Scots who had to learn the game felt it to their cost"),
           "in three-handed manille, the first seat facing two experts (greedy players), played twice on the same "
           "deals: once by a newcomer (the random player, who may forget to claim the fiche or keep the card too "
           "long), once by an expert (greedy). Per deal, the newcomer's result minus the expert's, through the "
           "manille's own payments (its fiche claimed, the fiche a player caught with it pays), and in all, in "
           "jetons.",
           N_("each paired difference (one pair per deal: Student's t on the differences) against zero."),
           2,
           "fits the story (supported) if the newcomer loses more through the manille than the expert in its seat "
           "(the paired difference wholly below zero); contradicts it if wholly above; otherwise the data cannot "
           "decide. Against zero alone, as first designed, a random player's loss was close to built in.",
           "A simulation cannot say whether the 1786 story is true, only whether the card costs a newcomer more than "
           "it costs an expert.",
           samples=(_samples(N_("the tables of novices and of experts"), 250, {"": "c5"}, tested=False),
                    _samples(N_("the first seat, newcomer then expert"), 250, {"": "c5-mixed"}))),
    Design("C6", (("S0", "имеет смысл выбрать младшую карту самой длинной восходящей последовательности"),
                  ("S1", "tiene sentido elegir una carta baja de la secuencia ascendente más larga que se tenga")),
           N_("it makes sense to choose the lowest card of the longest rising sequence"),
           "two-handed old comet between a player who leads the low end of its longest run and players who lead "
           "otherwise (and play identically after the lead), seats swapped every deal: the advice's mean net "
           "result per deal against each, in jetons (its win rate is shown too).",
           N_("each mean net against zero."),
           4,
           "supported if the advice beats leading at random (\"makes sense\"); contradicted if it loses to it; "
           "against each other lead, the page says whether it wins, loses, or the data cannot decide.",
           "A claim about these players: the engine's greedy play after the lead.",
           samples=(_samples(N_("each pairing"), 400, {p: f"c6-{p}" for p in ("highest", "aces-first", "lowest",
                                                                             "random")}),)),
    Design("C7", (),
           "The French dictionary's advice, as our notes paraphrase an OCR page of it that we did not keep: shed "
           "your high cards first, and play your aces early, since a late ace is hard to get rid of unless you hold "
           f"a king to regain the lead {cite('Enc')}. The test is of this paraphrase.",
           "from the C6 deals: the mean net result per deal, in jetons, of leading an ace first (else the longest "
           "run) against leading the longest run; and of leading the highest card against it.",
           N_("each against zero: money decides, since the game is paid in jetons (a win rate is shown beside it)."),
           2,
           "each half of the advice is supported if its lead's mean net lies wholly above zero, contradicted if "
           "wholly below; otherwise the data cannot decide. Only the ace-first lead tests \"aces early\".",
           "\"Shed high cards\" is read as *lead* the highest card; the dictionary may have meant which cards to keep "
           "for the end.",
           samples=(_samples(N_("C6's deals"), 400, {p: f"c6-{p}" for p in ("aces-first", "highest")}),)),
    Design("C8", (("S0", "Первая рука могла потребовать пересдачи, если у нее была плохая рука"),
                  ("S1", "podía pedir que se le volviera a repartir si su mano era mala")),
           N_("the first hand could demand a redeal if it had a bad hand"),
           "two-handed new comet without the right, greedy players: the first hand's mean net result per deal, in "
           "points, with its best third of dealt hands and with its worst third (by the greedy player's rough "
           "measure of a hand's worth).",
           N_("the best third minus the worst third, against zero."),
           1,
           "the right can matter (supported) if the difference lies wholly above zero: a bad hand costs; contradicted "
           "if wholly below; otherwise the data cannot decide.",
           "The source states a rule; the question, is the right worth having, is ours. What a redeal would gain is "
           "estimated from these deals, not simulated.",
           samples=(_samples(N_("the deals"), 600, {"": "c8"}),)),
    Design("C9", (("S0", "игрок, имеющий четыре карты одного ранга, мог разыграть их все одновременно"),
                  ("S1", "un jugador con cuatro cartas del mismo valor podía jugarlas todas a la vez")),
           N_("a player with four cards of one rank could play them all at once"),
           "the share of dealt hands (new comet) that hold a group: four of a kind, three nine-cards, or two or "
           "three kings, by player count. The hands of one deal share one pack, so they are not independent: the "
           "interval is cluster-robust, by deal.",
           f"each player count's share against {_pct(C9_COMMON)} (common) and {_pct(C9_RARE)} (rare).",
           3,
           f"common if the interval lies wholly above {_pct(C9_COMMON)}, rare if wholly below {_pct(C9_RARE)}, "
           "neither if it lies between; otherwise the data cannot decide.",
           "The source states a rule; the question, are groups common enough to matter, is ours.",
           samples=(_samples(N_("each player count"), 1500, {n: f"c9-{n}" for n in (2, 3, 4)}),)),
    Design("C10", (("S0", "Сегодня комета по-прежнему разыгрывается почти так же, как «новая комета» XVIII века"),
                   ("S1", "el juego del cometa se sigue jugando de forma casi idéntica al \"nuevo cometa\" del siglo XVIII")),
           N_("today comet is still played almost the same as the \"new comet\" of the eighteenth century"),
           f"two players, greedy in both seats, the same seeds dealing both games (the same cards): "
           f"{and_list(C10_MARGINS)}. First, the share of seeds whose two deals were played out the same way (the "
           "same runs, stops, winner and cards left): where the engine's players play both games alike, the rules "
           "compared made no difference to the play. The share of deals in which the comet is played is shown, not "
           "tested: the cards decide it (whether the comet is dealt to a hand or lies dead), and the cards are the "
           "same in both games, so its difference measures the deal, not the rules.",
           "the modern game minus the new comet on each measure, deal by deal (paired differences, Student's t), "
           "against a margin fixed as a number for each: " + and_list(f"±{m:g} {k.split()[0]}" for k, m in
                                                                       C10_MARGINS.items())
           + " (an equivalence test). The margins are a tenth of the new comet's values on these same deals (the "
           "same seed), as run on 2026-12-06, rounded: taken from the data once, after results had been seen, and "
           "fixed since.",
           len(C10_MARGINS),
           "supported if every difference lies wholly inside its margin (\"almost the same\"); contradicted if any "
           "lies wholly outside; otherwise the data cannot decide. An interval that merely contains zero is not "
           "\"the same\". If every seed's two deals were played out the same way, the test is void.",
           "Both rule sets are played as the engine reads them where the sources leave a rule open (AMB-18, "
           "AMB-20), so the verdict holds for those readings.",
           samples=(_samples(N_("both games"), 400, {"": "c10"}),)),
    Design("C11", (),
           f"The pages on Red Nines and Newmarket present the stops family as games of luck {cite('W-Red9; W-NM')} "
           "(we have their gist, not their words).",
           "two-handed deals of seven games between the greedy player and the random one, seats swapped every "
           "deal: the greedy player's share of the deals won, p. Its *skill share* 2p − 1 is 0 if luck decides "
           "everything and 1 if the better player always wins.",
           f"p against {_pct(C11_MOSTLY)} (\"mostly luck\": the skill share under one half), and against 50% (skill "
           "shows at all), in each game.",
           14,
           f"in a game, \"mostly luck\" is contradicted if p lies wholly above {_pct(C11_MOSTLY)} (even this weak "
           "player wins most deals); otherwise it is *not contradicted*, which is not support. This design cannot "
           "support the claim: the greedy player is weak, so its share is only a lower bound on what skill can do, "
           "and a stronger player might win more.",
           "A design that could support the claim would need the best possible player, which we do not have; the "
           "engine's search player is stronger than the greedy one but too slow for this book's build.",
           samples=(_samples(N_("each game"), 300, {v: f"c11-{v}" for v in C11_GAMES}),)),
    Design("C12", (("S2", "При игре втроем первый может обменять до шести карт, двое остальных — по три"),),
           N_("with three players, the first may exchange up to six cards, the other two three each"),
           "three-handed games with and without the exchange (the Russian entry's rules), greedy players: each "
           "position's share of the deals won.",
           N_("the first hand's gain (with minus without) against zero, and against the other two positions' gains."),
           3,
           "supported if the first hand's gain lies wholly above zero and above each other position's gain; "
           "contradicted if its gain lies wholly below zero; otherwise the data cannot decide.",
           "S2 gives the allowances, not the claim: that the exchange helps the first seat most is our reading of "
           "them.",
           samples=(_samples(N_("each arm"), 400, {v: f"c12-{v}" for v in ("yanovsky-1804", "yanovsky-exchange")}),)),
    Design("C13", (("S0", "в которой рекомендуется и целевой балл 121"),
                   ("S1", "se recomienda el uso de un tablero de cribbage y una puntuación objetivo de 121")),
           N_("a cribbage board and a target score of 121 are recommended"),
           "matches of Arnold's two-handed game to 121 between greedy players: deals per match.",
           f"the mean against {C13_EVENING} deals (an evening's game).",
           1,
           f"an evening's game (supported) if the interval of the mean lies wholly at or below {C13_EVENING} deals; "
           "longer (contradicted) if wholly above; otherwise the data cannot decide.",
           "The source recommends a target; that 121 makes an evening's game is our question.",
           samples=(_samples(N_("matches to 121"), 120, {"": "c13"}, unit="matches"),)),
    Design("C14", (("S1", "El 7♦ y todos los reyes son paradas"), ("S0", "8♦ удаляется")),
           N_("the 7♦ and all the kings are stops (the 8♦ being removed)"),
           "an experiment: Arnold's Commit for four, random players, played with the 8♦ taken out and with it left "
           "in, everything else equal, on the same seeds: stops per deal made by a card whose successor is out of "
           "the pack, and all stops per deal. With one card fewer a seed shuffles a different pack, so the two arms "
           "are not the same deals; but it shuffles both packs alike, so they are not independent either.",
           N_("with minus without, against zero, for each measure, by Welch's interval, which treats the arms as "
              "independent: where their results go together, as the page measures, that interval is wider than it "
              "need be, and errs towards \"the data cannot decide\"."),
           2,
           "the removal makes stops (supported) if the difference in stops made by a missing successor lies wholly "
           "above zero; contradicted if wholly below; otherwise the data cannot decide. The page also says whether "
           "it adds to the stops in all.",
           "Pope Joan and the American Hoyle's Commit take the 8♦ out; Arnold's Commit lets us switch that alone.",
           samples=(_samples(N_("the stops of every variant"), 300, {"": "c14"}, tested=False),
                    _samples(N_("each arm of the experiment"), 600, {"": "c14x"}))),
    Design("C15", (("S0", "название «комета», вероятно, произошло из-за сходства карточных рядов, разыгранных во время игры, "
                          "с длинным следом света за кометой"),
                   ("S1", "el nombre \"cometa\" probablemente surgió de la semejanza de las series de cartas jugadas "
                          "durante el juego con el largo rastro de luz detrás de un cometa")),
           N_("the name \"comet\" probably came from the resemblance of the rows of cards played during the game to "
              "the long trail of light behind a comet"),
           f"the share of manille's sequences (from a lead to its stop, four players, random players) that are "
           f"long tails of {C15_LONG} cards or more; the same share in the seven other games of the family the engine "
           "plays, for comparison; and an experiment in the new comet, its comet a stop or not on the same deals. A "
           "deal lays out several sequences, which are not independent: every interval is cluster-robust, by deal.",
           f"manille's share against {_pct(C15_SHARE)}; each other game's share minus manille's against zero; the "
           "experiment's difference (not a stop minus a stop) against zero.",
           9,
           f"the game makes long tails (supported) if manille's share lies wholly above {_pct(C15_SHARE)}; not "
           "(contradicted) if wholly below; otherwise the data cannot decide.",
           "A simulation cannot show where a name came from. It can show whether the game, as the engine plays it, "
           "lays out such tails at all; the source itself says \"probably\".",
           samples=(_samples(N_("C14's deals of each variant"), 300, {"": "c14"}),
                    _samples(N_("each arm of the experiment"), 300, {"": "c15x"}))),
)


def design(claim: str) -> Design:
    """The design of ``claim`` ("C1"...)."""
    for d in DESIGNS:
        if d.id == claim:
            return d
    raise KeyError(f"no claim {claim!r}; claims: {', '.join(d.id for d in DESIGNS)}")
