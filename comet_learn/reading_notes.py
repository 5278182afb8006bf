"""What an "our reading" mark opens (:func:`comet_learn.reading_marks.mark_html`): for each ambiguity of
the sources (:mod:`comet.ambiguities`) that a sentence at the table may rest on, a sentence or two in
the catalogs' four languages: what the sources say (in their words where the words decide), what the
other reading would give, and why this one is played; and the sources' names as the bibliography
(``book/references.bib``) names them, for a lesson's "Sources" line.

The notes say, for a learner, what :data:`comet.ambiguities.AMBIGUITIES` says for the book; a test
checks that every reading a mark can name has its note.
"""

from __future__ import annotations

from comet_render.i18n import N_

NOTES: dict[str, str] = {
    "AMB-2": N_("The Wikipedia article dates the new game to 1752, the Académie its rules come from; the Russian "
                "encyclopedia entry names an earlier printing of its rules, Paris, 1748 («Regles du nouveau jeu de la "
                "Comete»). We call it the new comet of 1752, after the account we follow; it was in print by 1748."),
    "AMB-4": N_("The pages on Hoc disagree on the deal: one gives twelve cards each without saying for how many "
                "players, the other fifteen each for two and twelve for three. We follow the second, which names the "
                "players; twelve each is an option."),
    "AMB-5": N_("The Wikipedia article calls the hocs wild cards without naming them; the French pages name the four "
                "kings, the Q♠ and the J♦, which “cut all others”. We play them as stops you may play at any time on "
                "your turn; as wild cards standing for the card the run needs, they are an option."),
    "AMB-7": N_("The 1718 rules deal the cards in packets of three or four, but do not say how many each. We deal as "
                "many as divide evenly and lay the rest aside; the Nain Jaune's table, 15, 12 or 9 each, is an "
                "option."),
    "AMB-8": N_("The 1718 rules say that the manille may stand for any other card, not whether it stops the run. We "
                "let the run go on from it, as only the king and a card nobody can follow are named as stops; a "
                "manille that stops, like the modern comet, is an option."),
    "AMB-9": N_("The Wikipedia article has a manille kept in hand cost a fiche to each opponent; the French "
                "dictionary has only the winner paid. We follow the article; the dictionary's way is an option."),
    "AMB-10": N_("The 1752 rules deal eighteen cards each, which only two players can have from a 48-card pack. For "
                 "three and four players we deal twelve and ten, as the Russian encyclopedia entry and the modern "
                 "rules do."),
    "AMB-11": N_("“Three nines, with or without the comet”: we accept three natural nines, or two with the comet; "
                 "three natural nines only is an option."),
    "AMB-12": N_("The 1752 account pays “the bonus and the game” and counts points without saying what they are. We "
                 "count the points of the cards left, no stake for the game, and a bonus of a fiche, 100 points, when "
                 "the winner goes out with the comet; a stake for the game is an option."),
    "AMB-13": N_("Yanovsky, as the Russian encyclopedia entry quotes him, puts the heart nine («керовая») into the "
                 "black pack; the 1752 and modern rules put the 9♦ there. We follow Yanovsky in his game; the 9♦ is an "
                 "option."),
    "AMB-14": N_("The Russian encyclopedia entry settles a deal in which both players are blocked, which cannot "
                 "happen if a leader must lead. We have the leader lead; a leader who may pass, which makes that "
                 "settlement possible, is an option."),
    "AMB-15": N_("A player who takes fewer cards than allowed may look at those left, as at Piquet; the entry does "
                 "not say whether they pass on. We set them aside; passing them on is an option."),
    "AMB-16": N_("The one-pack form replaces “one of the nines” with a joker. We take out the aces and the 9♦, so "
                 "that the pack is shaped like a colour pack of the two-pack game."),
    "AMB-17": N_("The Wikipedia article, reporting the 1991 rules, swaps a 9♦ and a 9♣ between the two packs; a "
                 "modern web page swaps a 9♦ and a 9♠. We follow the article; the 9♠ is an option."),
    "AMB-18": N_("The modern comet's value rises by two each time it is dealt to the dead hand in a row, and returns "
                 "to two once it is dealt to a player. We count those deals across both packs; returning to two only "
                 "once the comet is played is an option."),
    "AMB-19": N_("A loser holding the comet pays double for every card, the comet included; the rules do not say "
                 "what the comet counts. We count it nine, its printed rank."),
    "AMB-20": N_("With two players an opera is drawn if the dealer could have made one too. We read “could” as: the "
                 "dealer's hand could be played out in a single turn from a free lead; no draw is an option."),
    "AMB-21": N_("For six to eight players one rule set takes out two more sevens or eights for seven, and three for "
                 "six or eight, without naming the pack. We start from one pack without the 8♦, as Commit does, take "
                 "out eights and play in suit; sevens, or suits ignored, are options."),
    "AMB-22": N_("The 1857 account, as the Wikipedia article reports it, does not say whether a run keeps to its "
                 "suit. Foster's Hoyle of 1897 plays in suit, and a 7♦ that stops because the 8♦ is out suggests it: "
                 "we play in suit; suits ignored are an option."),
    "AMB-23": N_("In the 1857 account the players play “in turn” («по очереди»; the Spanish has «en secuencia», in "
                 "sequence). We give the turn to whoever holds the next card, as "
                 "in Pope Joan and the other games of stops; turns round the table are an option."),
    "AMB-24": N_("The 1857 nine of diamonds “may be played instead of any other card to prevent a stop”. We let it "
                 "bridge a gap nobody can fill, and the run goes on; a nine that replaces any card, or that stops, "
                 "are options."),
    "AMB-25": N_("The 1991 Commit is played with one pack; the article does not say whether the 8♦ is taken out, as "
                 "in 1857. We keep all 52 cards; the 8♦ out is an option."),
    "AMB-26": N_("In the 1991 Commit the comet's player may go on from the run or “from the 10♦”. With suits "
                 "ignored we read any ten; the 10♦ alone is an option."),
    "AMB-27": N_("Arnold's Commit does not say whether the 8♦ is out. We keep all 52 cards, the cards left over "
                 "being stops; 51 cards is an option."),
    "AMB-28": N_("In Arnold's Commit, once the comet is played, whoever holds the next card in suit plays it; he "
                 "does not say for how long. We keep it so for the rest of the deal; until the run stops is an "
                 "option."),
    "AMB-29": N_("The players “in turn add one or more cards, of the same rank or the next” («одну или более карту»). "
                 "We read a turn as cards of one rank, the top card's or the next, so that the turn passes after "
                 "every play, as a compendium text lays four 8s on a 7; climbing several ranks in a turn is an "
                 "option."),
    "AMB-30": N_("The encyclopedia entry allows “the same rank”, which would let a king follow a king; the compendium "
                 "text says a king always stops. We follow the compendium; a king on a king is an option."),
    "AMB-31": N_("The 1752 account calls an opera the first hand going out “at once, before anyone else played a "
                 "card” («сразу перед тем, как кто-либо еще разыграл карту», «inmediatamente antes de que alguien más "
                 "jugara una carta»); the modern rules say that the eldest goes out “at once” («сразу же», "
                 "«inmediatamente»), the same word. For 1752 we take “before anyone else played a card” as the test, "
                 "passes in between allowed, and the modern “at once” as the eldest's first, unbroken turn; each game "
                 "may be played the other way, as an option."),
    "AMB-32": N_("A drawn opera: the sources say only that the hand is drawn. We keep the chips paid for the comet "
                 "during the play; returning them is an option."),
    "AMB-33": N_("The opera is getting rid of one's cards “in one turn” («за один ход»). With the turn passing after "
                 "every play, we count a hand played out with no other player laying a card in between; the turn "
                 "never leaving its player is an option."),
    "AMB-34": N_("The manille's fiche is lost if not claimed before the next card is played. We take the words as "
                 "they stand: a pass is not a card played, so the claim stays open; and going out with the manille, "
                 "no card follows it, so the fiche is paid."),
    "AMB-35": N_("The examples have a player pass when unable to go on; none says that a player who can go on may "
                 "pass. We make a player holding the card the run needs play it (a wild card is never forced); "
                 "passing anyway is an option."),
    "AMB-36": N_("The examples play on until the player cannot continue; none stops early. We make the player on turn "
                 "go on while holding the next card (a wild card is never forced); stopping early is an option."),
    "AMB-38": N_("The comet counts as any rank its player names. We let it be any card on a lead, but after a run "
                 "only the card the run needs, since a run climbs one rank at a time."),
    "AMB-39": N_("The 1752 account says that the comet is wild, not whether it stops the run. We have it stop, as the "
                 "Russian encyclopedia entry and the modern rules do; the run going on from it, like the 1718 "
                 "manille, is an option."),
    "AMB-40": N_("The first hand could demand a new deal if it had a bad hand; the sources do not say which hand is "
                 "bad. We leave it to the first hand: any hand, once a deal, before anything is played."),
    "AMB-41": N_("A carte blanche brought 50 points, or 100 with the comet; the sources do not say what it is. We "
                 "read it as at Piquet, whose counting the 1752 game borrows: a hand without a jack, queen or king, "
                 "paid at once by each opponent."),
    "AMB-42": N_("Four play in two teams of two; the sources say nothing of where partners sit or how a side is paid. "
                 "We seat partners opposite; when one goes out, the side wins, each opponent pays for the cards in "
                 "their own hand, and a partner never pays a partner."),
    "AMB-43": N_("The comet may be played instead of the proper card, and its player begins a new sequence at once. "
                 "We have it go down alone, as its player's whole turn."),
    "AMB-44": N_("The 1752 packs “were used alternately”; the modern rules name a red and a black pack without saying "
                 "so. We use them in turn, red first, as in 1752."),
    "AMB-45": N_("The sources give the multipliers one at a time (going out with the comet, as a nine, the opera, a "
                 "loser holding the comet), except an opera ended with the comet: ×4 in 1752 and in the Russian "
                 "encyclopedia entry, and in 1752 the game ×16 and the points ×8 with the comet as a nine. When "
                 "several apply we multiply them together; only the largest counting is an option."),
    "AMB-46": N_("The 1991 players stake an ante to a pool; the sources do not say how much. We ante one chip each, "
                 "each deal."),
    "AMB-47": N_("The pages on Hoc give the purse and say that the first player out wins, not what the others pay. We "
                 "pay as in manille: a jeton for each pip left in hand, courts ten."),
    "AMB-48": N_("After the lead, “play went on as before” («игра шла по-прежнему»). We read that as the card play "
                 "only: the 1718 jetons for a king or a stop are not paid, the new game being counted in points at "
                 "the end of the deal."),
    "AMB-49": N_("The 1991 winner takes the pool, a chip for each king still held and two chips from the comet's "
                 "holder; nothing is said of the other cards. We pay nothing for them."),
}
"""Each reading a mark can name, for a learner (``tests/test_reading_marks.py``: every reading an option
switches or a sentence declares has one)."""

SOURCE_NAMES: dict[str, str] = {
    "S0, S1": N_("the Wikipedia article “Comet (card game)”"),
    "S0": N_("the Wikipedia article “Comet (card game)”, in Russian"),
    "S1": N_("the Wikipedia article “Comet (card game)”, in Spanish"),
    "S2": N_("the Russian encyclopedia entry «КОМЕТА»"),
    "Enc": N_("an 18th-century French dictionary, article «COMETE (jeu)»"),
    "W-Hoc": N_("Wikipedia, “Hoc Mazarin”"),
    "AJO-Hoc": N_("the Académie des jeux oubliés, “Hoc Mazarin”"),
    "FR-Hoc": N_("French Wikipedia, « Hoc (jeu) »"),
    "Foster": N_("Foster's Complete Hoyle (1897)"),
    "PJ": N_("nineteenth-century texts on Pope Joan"),
    "PW": N_("a compendium text, “Comet”"),
}
"""The sources a lesson credits, by the names the bibliography gives them (S0 and S1, two translations of
one article, under one name)."""

WORKS: dict[str, str] = {
    "hoyle1991": N_("Morehead, Frey and Mott-Smith's Hoyle (1991)"),
    "academie1718": N_("the Académie Universelle des Jeux (1718)"),
    "academie1752": N_("the Académie of 1752 (Amsterdam and Leipzig)"),
    "hoyle1857": N_("Hoyle's Games (1857)"),
    "yanovsky1804": N_("Yanovsky's Новый словотолкователь (1804)"),
    "grokhoc": N_("Grokipedia, “Hoc Mazarin”, a source of low reliability"),
}
"""The books the sources report, by their entries in the bibliography (``book/references.bib`` keys)."""

_BIB = {"S0": "s0", "S1": "s1", "S0, S1": "s0", "S2": "s2", "Enc": "enc", "W-Hoc": "whoc", "AJO-Hoc": "ajohoc",
        "FR-Hoc": "frhoc", "Foster": "foster1897", "PJ": "popejoan", "PW": "pw"}


def bib_key(source: str) -> str:
    """The bibliography's key of a source (``"Foster"`` -> ``"foster1897"``; S0 and S1 together: S0's)."""
    return _BIB[source]
