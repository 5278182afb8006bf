"""Every ambiguity of the sources (``AMB-n``) and the reading this package takes.

AMB-1 to AMB-28 keep the numbers of the digest's notes; AMB-29 on are questions found since,
numbered here.  The book's reference chapter is generated from :data:`AMBIGUITIES`; each
engine-level ambiguity names the option (see ``variant.options``) that switches to another
reading, and every place that states a reading (the book, a variant's docstring, the
glossary) cites its ``AMB-n``.
"""

from __future__ import annotations

from dataclasses import dataclass

from comet.errors import UnknownAmbiguityError
from comet.variants import VARIANTS


@dataclass(frozen=True)
class Ambiguity:
    id: str
    question: str
    reading: str
    sources: str
    option: str = ""
    """The option that changes the reading ("" when no option does)."""
    history: bool = False
    """True for a question of history (dates, names); False for a question of the rules, even
    one that no option switches (the engine then plays only the reading chosen)."""

    @property
    def variants(self) -> list[str]:
        """Ids of the variants with an option settling this ambiguity."""
        return [v.id for v in VARIANTS.values()
                if any(o.amb == self.id for o in v.options.values())]


AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity("AMB-1", "When was manille renamed comet: Halley's comet of 1682, or its 1758-59 return?",
              "The 1682 renaming, the new game of 1748/1752; the folk dating to 1758 is mentioned.",
              "S0, S1, S2; Web-modern, PW", history=True),
    Ambiguity("AMB-2", "Is the new game of 1748 (S2's pamphlet) or of 1752 (W-Comet)?",
              "Printed by 1748; in the Académie by 1752.", "S2; S0, S1", history=True),
    Ambiguity("AMB-3", "Is Hoc in three stages (W-Comet) or two (W-Hoc, AJO-Hoc)?",
              "Only the shedding stage is played; 'third stage' means after the three vying phases.",
              "S0, S1; W-Hoc, AJO-Hoc", history=True),
    Ambiguity("AMB-4", "Hoc's deal: 12 each (W-Hoc) or 15/12 for 2/3 players (AJO-Hoc)?",
              "15 each for two players, 12 for three.", "W-Hoc; AJO-Hoc", "deal_table"),
    Ambiguity("AMB-5", "The Wikipedia article calls the hocs wild cards (S0 «подстановочных карт, известных как hocs», "
              "S1 «comodines conocidos como hocs») without naming them; the pages on Hoc name the four kings, Q♠ "
              "and J♦ as the hocs that 'cut all others' (FR-Hoc). Are Q♠ and J♦ wild, or stops playable at any "
              "time?",
              "Stops playable at any time on your turn; 'wild' is an option. Either way a hoc kept in hand "
              "counts its pips (our reading, AMB-47: the sources give a kept-card penalty only for the 1718 "
              "manille, and none for Hoc).", "S0, S1; FR-Hoc", "hoc_mode"),
    Ambiguity("AMB-6", "The 1718 lot: what if nobody receives the turned card's suit?",
              "Keep dealing rounds until someone does.", "S0, S1"),
    Ambiguity("AMB-7", "How many cards each in 1718?",
              "floor(52/n) each, the rest dead; the Nain Jaune table 15/12/9 is an option.", "S0, S1; W-Red9; NJ",
              "deal_table"),
    Ambiguity("AMB-8", "Is the manille a stop?",
              "No: it stands for the needed rank and the run goes on; as a king it stops.", "S0, S1, Enc",
              "wild_is_stop"),
    Ambiguity("AMB-9", "Who is paid by a player left holding the manille?",
              "Each opponent (S0, S1); the winner only (Enc) is an option.", "S0, S1; Enc", "manille_penalty"),
    Ambiguity("AMB-10", "18 cards each in 1752 works only for two players.",
              "12 each for three, 10 for four (S2 and the modern rules).", "S0, S1; S2"),
    Ambiguity("AMB-11", "'Three nines': three natural nines (± comet) or any three nine-cards?",
              "Both are accepted; the comet in the group counts as a nine.", "S0, S1", "nine_group"),
    Ambiguity("AMB-12", "The 1752 'game', 'bonus' and 'points' are never defined.",
              "Score G·mg + pips·mp + B·mb with G = 0 and B = 100 points (a fiche), B owed only when the "
              "winner goes out with the comet.", "S0, S1", "game_stake"),
    Ambiguity("AMB-13", "Which red nine is the black pack's comet: 9♥ (S2) or 9♦ (1752, 1991)?",
              "The 9♥ for Yanovsky; the 9♦ elsewhere.", "S2; S0, S1", "black_comet"),
    Ambiguity("AMB-14", "With a free lead after every stop, how can both players be blocked?",
              "Only if a leader may pass; the both-blocked settlement is kept for that option.", "S2, PW",
              "leader_may_pass"),
    Ambiguity("AMB-15", "Do untaken talon cards pass to the next player?",
              "No: the exchanger sees them and they are set aside.", "S2", "leftovers_pass_on"),
    Ambiguity("AMB-16", "The joker pack: are the aces out, and which nine goes?",
              "Aces out and the 9♦ replaced by the joker: 48 cards shaped like a colour pack.", "S2"),
    Ambiguity("AMB-17", "Which nines are swapped in the modern game?",
              "9♦ and 9♣ (activityvillage's 9♠ is an option).", "S0, S1; Web-modern", "red_comet"),
    Ambiguity("AMB-18", "How does the modern comet's value escalate?",
              "2 + 2k, k the consecutive preceding deals with the comet in the dead hand, across both packs; "
              "it resets once the comet is dealt.", "S0, S1", "escalation_reset"),
    Ambiguity("AMB-19", "What is the comet worth in the holder's hand?", "9, its printed rank.", "S0, S1"),
    Ambiguity("AMB-20", "Opera draw: what does 'the dealer could also have made an opera' mean?",
              "The dealer's dealt hand can be legally played out in a single turn from a free lead (what the "
              "draw does to the chips paid in play: AMB-32).", "S0, S1", "opera_draw"),
    Ambiguity("AMB-21", "Comet for 6-8: which base pack, which cards removed?",
              "One pack without the 8♦, then extra eights: 48/49/48 cards, all dealt, played in suit.", "S0, S1",
              "removed_rank"),
    Ambiguity("AMB-22", "Does Commit 1857 play in suit?",
              "Yes (Foster; the 7♦ stop suggests it). With suits ignored (the option) the 7♦ is still a stop "
              "by rule (S1).",
              "S0, S1; Foster", "in_suit"),
    Ambiguity("AMB-23", "Commit 1857's turn order: 'in turn'?",
              "Whoever holds the next card plays it, as in Pope Joan; rotation is an option.", "S0, S1; PJ",
              "turn_model"),
    Ambiguity("AMB-24", "Commit 1857's 9♦: a stop, or a bridge over a gap?",
              "A bridge: it replaces a card nobody can play and the run goes on.", "S0, S1", "wild_mode"),
    Ambiguity("AMB-25", "Is the 8♦ removed in Commit 1991?", "No: 52 cards.", "S0, S1", "remove_8D"),
    Ambiguity("AMB-26", "With suits ignored, what is 'from the 10♦'?", "Any ten; the strict 10♦ is an option.",
              "S0, S1", "strict_10D"),
    Ambiguity("AMB-27", "Commit 2011: 51 or 52 cards?", "52; the leftover cards are stops.", "S0", "remove_8D"),
    Ambiguity("AMB-28", "After the comet in Commit 2011, how long does the holder of the next card play?",
              "For the rest of the deal; the rest of the sequence is an option.", "S0", "h_scope"),
    Ambiguity("AMB-29", "Yanovsky: the players alternate, each adding 'one or more cards, of the same rank or "
              "the next'. What may one turn add?",
              "Any number of cards of one rank, the top card's or the next (PW: all four 8s on a 7); a lead is "
              "one card. Climbing several ranks in one turn is an option.", "S2, PW", "turn_adds"),
    Ambiguity("AMB-30", "Yanovsky: may a king follow a king? S2 allows 'the same rank'; PW says a king always "
              "stops.",
              "A king always stops and its player leads anew (PW); S2's literal reading, a king on a king, is an "
              "option.", "S2, PW", "king_stops"),
    Ambiguity("AMB-31", "Opera: what is going out 'at once'? The modern rules say the eldest goes out at once "
              "(S0 «сразу же», S1 «inmediatamente»); 1752 says the first hand goes out at once (S0 «сразу», S1 "
              "«inmediatamente»), before anyone else has played a card.",
              "For 1991 and Arnold's game: in the eldest's first, unbroken turn (stopped by a king or the comet, "
              "the eldest leads on; once the turn has gone round, no opera). For 1752: before anyone else has "
              "played a card, even if the others passed in between.", "S0, S1", "opera"),
    Ambiguity("AMB-32", "A two-handed opera is drawn when the dealer could have made one too: what happens to "
              "the comet's chips already paid in play?",
              "They are kept: the draw cancels the settlement only (the sources say only that the hand is "
              "drawn). Returning them is an option.", "S0, S1", "opera_draw_refund"),
    Ambiguity("AMB-33", "Yanovsky: an opera is getting rid of one's cards 'in one turn' (S2, «за один ход»). "
              "With alternate turns, does the turn have to stay with the player?",
              "The whole hand is played with no other player laying a card in between, the others only "
              "passing: under the one-rank turn of AMB-29 the turn passes after every play, so the literal "
              "reading would leave an opera only to hands that stop themselves (kings, the comet). The literal "
              "reading, the turn never leaving the player, is an option.", "S2", "opera"),
    Ambiguity("AMB-34", "1718: the manille's fiche is lost 'if it is not claimed before the next card is played' "
              "(S0 «до того, как будет разыграна следующая карта», S1 «antes de que se juegue la siguiente "
              "carta»). What do passes do to the claim, and what if the manille is its player's last card?",
              "The letter of the rule: a pass is not a card played, so the claim stays open while the players pass "
              "(its player may make it on any later turn of theirs) and lapses only when somebody plays a card. "
              "Going out with the manille, no card follows, and the fiche is paid. No option changes this "
              "(with wild_claim=\"automatic\" the fiche is paid at once and nothing is claimed).", "S0, S1, Enc"),
    Ambiguity("AMB-35", "Must a player who holds the card the run needs play it? The examples have a player pass "
              "when unable to go on (1718; 1991: \"pass\" «если не может продолжить», S0); none says that a "
              "player who can go on may pass instead.",
              "Yes: a player holding a natural card the run needs may not pass (a wild card is never forced). The "
              "option lets such a player pass.", "S0, S1", "must_follow"),
    Ambiguity("AMB-36", "Within a turn, must a player run on while able? The examples run on until the player "
              "cannot (1991: the eldest plays on «до тех пор, пока не сможет продолжить», S0; «hasta que no "
              "puede continuar», S1); none says that a player may stop early.",
              "Yes: in the games played in turn, the player on turn keeps playing while holding the next card, "
              "then says \"without\" (a wild card is never forced). The option lets a player stop and pass.",
              "S0, S1", "must_extend"),
    Ambiguity("AMB-37", "Who deals after the first deal? The sources settle the first deal only (1718: the first "
              "hand by lot, 'in the first deal'; 1991: a draw, the lowest deals); Arnold plays 'a whole number of "
              "rounds'.",
              "The deal passes one seat on in the direction of play after each hand (to the left, or to the right "
              "in Hoc), and the first hand with it, so that in a round each player deals once. A game with no rule "
              "for the first deal draws for it as in 1991, the lowest card dealing. No option changes this "
              "(direction changes only the narration).", "S0, S1"),
    Ambiguity("AMB-38", "What may the wild card stand for? The manille 'may represent any other card' (1718); the "
              "modern comet 'counts as any designated rank' (S0 «любым назначенным рангом», S1 «cualquier valor "
              "designado»); going out with it as a nine, 'a natural nine' in 1991, pays more. After a run, may it "
              "be named any rank?",
              "On a lead, any rank its player names (any card of the pack in the games played in suit); after a "
              "run, only the rank the run needs, since a run climbs one rank at a time (in S2's game the top "
              "card's rank or the next: S2's own words are 'the proper card', «надлежащей карты»). A comet named "
              "as a nine is the 'natural nine'. Commit's 9♦ has its own rules (AMB-24, AMB-26).", "S0, S1; S2"),
    Ambiguity("AMB-39", "Is the new comet's comet a stop? The 1752 account says it is wild and what going out with "
              "it pays, not whether its player leads anew; S2 and the modern rules make it a stop.",
              "Yes: it stands for a rank (AMB-38) and its player leads anew, as in S2 and 1991. The option lets "
              "the run go on from it, as the 1718 manille does (AMB-8).", "S0, S1; S2", "wild_is_stop"),
    Ambiguity("AMB-40", "1752: the first hand 'could demand a redeal if it had a bad hand' (S0, S1). What hand is "
              "bad?",
              "Any hand the first hand refuses: it is the first hand's judgment, used once a deal, before anything "
              "else is done, and the new deal is dealt by the same rules. No option changes this (redeal_right="
              "False plays without the right).", "S0, S1"),
    Ambiguity("AMB-41", "1752: a carte blanche 'brought its holder 50 points, or 100 if it included the comet' (S0, "
              "S1). What hand is a carte blanche, and who pays it?",
              "As at Piquet, whose counting the 1752 game borrows ('a jeton was worth ten points, as at Piquet'): "
              "a hand dealt without a jack, queen or king, the comet allowed; shown before the first card and "
              "paid at once by each opponent, 50 points, 100 with the comet. In the four-handed game the holder's "
              "partner does not pay (AMB-42). No option changes this (carte_blanche=0 plays without it).",
              "S0, S1"),
    Ambiguity("AMB-42", "Four play in two partnerships (1752: 'in two teams of two', S0, S1; S2: «играют парами», "
              "Yanovsky «двое на двое»). Where do partners sit, and how does a side win and pay?",
              "Partners sit opposite. When one partner goes out, the side wins: each opponent pays for the cards "
              "left in their own hand, and the partner's cards count for nothing. Payments in play (the comet, "
              "carte blanche) come from the opponents only: a partner never pays a partner. No option changes "
              "this (partnerships=False plays four each for themselves, which no source describes).",
              "S0, S1; S2"),
    Ambiguity("AMB-43", "Yanovsky: the comet 'may be played instead of the proper card' and lets its player begin a "
              "new sequence 'at once' (S2). With one rank's cards a turn (AMB-29), may it go down together with "
              "natural cards of that rank?",
              "No: the comet is played alone, as its player's whole turn; it stops the run, and its player leads "
              "anew at once (S2).", "S2"),
    Ambiguity("AMB-44", "The 1752 packs 'were used alternately' (S0, S1). Are the modern game's? Its rules name a "
              "red and a black pack, Arnold deals 'from the red or the black pack', and S2 uses 'only one pack at "
              "a time' («Зараз используется только одна колода»).",
              "Yes: one pack a deal, red and black in turn, red first, in the modern game, Arnold's and S2's games "
              "as in 1752; the comet's escalation counts its deals across both packs (AMB-18).", "S0, S1; S2"),
    Ambiguity("AMB-45", "When several multipliers apply (going out with the comet, as a nine, an opera, a loser "
              "holding the comet), are they multiplied together? The sources give each alone, except S2's opera "
              "ended with the comet, ×4, as two doublings make, and the 1752 table of the opera with the comet.",
              "Yes: they multiply (in the modern game an opera ended with the comet as a nine pays ×8, and a loser "
              "holding the comet pays double that). In 1752 the opera and the comet's last play follow the "
              "Académie's table (AMB-12), and a loser holding the comet pays double that too. The option counts "
              "only the largest (a combination a source gives stands).", "S0, S1; S2", "multipliers"),
    Ambiguity("AMB-46", "Commit 1991: the players 'stake an ante to a pool' (S0 «делают ставку в пул», S1 «apuestan "
              "una apuesta inicial a un pozo»). How much?",
              "One chip each a deal, which the first player out takes with the rest of the pool.", "S0, S1"),
    Ambiguity("AMB-47", "Hoc: how is the winner of the shedding stage paid? The pages on Hoc give the purse (20 "
              "jetons and 8 fiches) and say that the first out wins, not what the others pay.",
              "As in manille: each other player pays the winner a jeton per pip left in hand (courts ten); a hoc "
              "kept in hand counts its pips, with no penalty (AMB-5).", "W-Hoc, AJO-Hoc; S0, S1"),
    Ambiguity("AMB-48", "1752: after the lead 'play went on as before' (S0 «игра шла по-прежнему», S1 «se jugaba "
              "como antes»). Are the 1718 jetons for a king and for an incidental stop still paid?",
              "No: the new game is counted in points at the end of the deal, with the payments its own account "
              "lists (the comet's last play and its holder, the opera, carte blanche); 'as before' is read as the "
              "card play only. No option changes this.", "S0, S1"),
    Ambiguity("AMB-49", "Commit 1991: the first player out wins the pool, a chip for each king still held by an "
              "opponent and two chips from a player still holding the comet (S0, S1). Is anything paid for the "
              "other cards left in hand?",
              "No: only what the article lists (the pool, the kings, the comet). The article is silent on a "
              "payment per card; this is a reading of its silence. No option changes this.", "S0, S1"),
)


def find_ambiguity(id: str) -> Ambiguity:
    for a in AMBIGUITIES:
        if a.id == id:
            return a
    raise UnknownAmbiguityError(f"unknown ambiguity {id!r}; known: {', '.join(a.id for a in AMBIGUITIES)}")
