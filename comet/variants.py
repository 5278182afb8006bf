"""Every variant of the family, with its sources and the readings chosen: the comets here, Hoc and
Commit in :mod:`comet.hocs` (:mod:`comet.rulebook` has the sources and how a variant is defined).
"""

from __future__ import annotations

from comet.errors import UnknownVariantError, shown
from comet.hocs import COMMIT_1857, COMMIT_1991, COMMIT_2011, HOC
from comet.rulebook import BOOL, SOURCES, option, options_of, define
from comet.variant import Rules, Variant

__all__ = ["VARIANTS", "find_variant", "SOURCES", "HOC", "OLD_COMET", "NEW_COMET", "YANOVSKY", "YANOVSKY_EXCHANGE",
           "SINGLE_PACK_JOKER", "MODERN", "ARNOLD", "SIX_EIGHT", "COMMIT_1857", "COMMIT_1991", "COMMIT_2011"]

OLD_COMET = define(
    "old-comet-1718", "Manille, the old comet", "1718", "manille",
    "The Académie Universelle des Jeux of 1718: one pack, the 9♦ (manille) wild, jetons and fiches.",
    ("S0", "S1", "Enc", "W-Red9", "NJ"),
    Rules(
        packs=("standard",), wild=("9D",), min_players=2, max_players=5,
        wild_mode="continue", king_stop_pay=1, incidental_stop_pay=1, wild_pay=10, wild_claim="claim",
        scheme="manille", unit="jeton", big_unit="fiche", big_unit_value=10, purse=100,
        first_dealer="lot_1718",
    ),
    options_of(
        option("wild_is_stop", False, BOOL, "Whether the manille stops the run (no source says so).", "AMB-8"),
        option("manille_penalty", "each_opponent", ("each_opponent", "winner_only"),
             "Who is paid by a player left holding the manille: S0/S1 each opponent, Enc the winner only.", "AMB-9"),
        option("manille_penalty_amount", 10, (10, 4), "The manille penalty: a fiche (10 jetons) or 4 jetons (S0, S1)."),
        option("king_penalty_each", 0, (0, 1), "Enc: a kept king also costs a jeton to every other player."),
        option("count", "pips", ("pips", "cards"), "A jeton per pip, or per card (the petit jeu, S0, S1, Enc)."),
        option("deal_table", "even", ("even", "nain_jaune"),
             "Cards each: the whole pack evenly (floor 52/n, rest dead), or Nain Jaune's 15/12/9.", "AMB-7"),
        option("wild_claim", "claim", ("claim", "automatic"),
             "The manille's fiche must be claimed before the next card (S0, S1, Enc), or is paid at once."),
        option("leader_may_pass", False, BOOL, "Whether a leader may pass (makes a both-blocked end possible).",
             "AMB-14"),
    ),
    """Manille, the old comet (Académie Universelle des Jeux, 1718; S0, S1, Enc).

    * Pack: 52 cards, aces low, suits irrelevant; the 9♦ (manille) is wild (S0, S1, Enc).
    * Players 2-5; 2 is "too dull" (S0, S1).  Units: 10 jetons + 9 fiches each, fiche = 10 jetons.
    * Deal: floor(52/n) each, the rest dead (AMB-7, our reading; option ``deal_table``).
    * First hand drawn by lot (S0, S1): see :class:`comet.Match`; nobody dealt the turned suit: deal
      again (AMB-6, our reading); after each hand the deal and the first hand pass one seat on
      (AMB-37, our reading).
    * Play: runs announced "six, seven, eight, nine and without ten" (S0, S1, Enc); a player who can
      go on must (AMB-35, AMB-36, our reading; options ``must_follow``, ``must_extend``).
    * Stops: a king (its player takes a jeton from each opponent and leads anew); nobody can go
      on (the last player takes a jeton from each and leads anew) (S0, S1, Enc).
    * Manille: stands for any card; each opponent pays its player a fiche, claimed before
      the next card is played, else lost: «Бонус аннулируется, если он не востребован до того, как
      будет разыграна следующая карта» (S0), «…antes de que se juegue la siguiente carta» (S1), Enc.
      A pass is not a card played: the claim stays open across passes (the manille's player may
      make it on any later turn of theirs) until someone plays a card; going out with it, no card
      follows and the fiche is paid (AMB-34, our reading of the rule's letter).  It stands for the
      rank the run needs, any on a lead (AMB-38), and is not a stop unless it stands for a king
      (AMB-8, our reading).
    * End: a jeton per pip left (courts 10) to the winner, or per card (petit jeu).  A kept manille
      costs a fiche to each opponent (S0, S1) or to the winner only (Enc) (AMB-9); its 9 pips
      are counted once.  Kept kings pay their 10 pips; Enc adds a jeton to every other player.
    """,
)

_COLOUR = dict(packs=("red", "black"), red_comet="9C", black_comet="9D")

_MULTIPLIERS = option("multipliers", "multiply", ("multiply", "largest"), "Several multipliers at once: multiplied "
                      "together, or only the largest counts (each source gives them one at a time).", "AMB-45")

NEW_COMET = define(
    "new-comet-1752", "The new comet", "1752", "new comet",
    "Le nouveau jeu de la Comète (1748 pamphlet; Académie 1752): red and black packs with swapped nines, "
    "group plays, opera, carte blanche, partnerships.",
    ("S0", "S1", "S2"),
    Rules(
        **_COLOUR,  # type: ignore[arg-type]
        deal={2: 18, 3: 12, 4: 10}, min_players=2, max_players=4,
        groups=frozenset({"four", "nines", "kings"}), wild_mode="stop",
        scheme="new", unit="point", big_unit="jeton", big_unit_value=10,
        comet_bonus=100, opera="first_hand", carte_blanche=50, redeal_right=True, partnerships=True,
    ),
    options_of(
        option("wild_is_stop", True, BOOL, "The comet stops (as in Yanovsky and 1991; 1752 is silent).",
             "AMB-39"),
        option("nine_group", "both", ("both", "natural"),
             "Three nines: three natural nines (± comet), or also two nines with the comet.", "AMB-11"),
        option("game_stake", 0, (0, 10), "G, the agreed game stake in points (unstated).", "AMB-12"),
        option("comet_bonus", 100, (0, 10, 100), "B, the comet bonus: 1 fiche = 10 jetons = 100 points.", "AMB-12"),
        option("redeal_right", True, BOOL, "The first hand may demand a redeal of a bad hand (S0, S1)."),
        option("partnerships", True, BOOL, "Four play as two partnerships, partners opposite (S0, S1)."),
        option("carte_blanche", 50, (0, 50), "Carte blanche pays 50 points (100 with the comet), S0, S1."),
        option("opera", "first_hand", ("first_hand", "first_turn"),
             "Opera: out before anyone else has played a card (1752, S0, S1), or in the first, unbroken turn "
             "as the modern rules read.", "AMB-31"), _MULTIPLIERS,
    ),
    """The new comet (Paris pamphlet 1748 per S2; Académie 1752 per S0, S1).

    * Packs: two packs without aces sorted into red and black; one 9♦ moves into the black pack
      and one 9♣ into the red: these off-colour nines are the comets, wild (S0, S1).  Packs alternate
      («Пакеты использовались поочередно», S0; «Los mazos se usaban alternativamente», S1).
    * Deal: 18 each with 2 players, 12 talon (S0, S1); 12 with 3 and 10 with 4 (AMB-10, per S2 and 1991);
      then the deal passes on (AMB-37).
    * Redeal: the first hand may demand one (S0, S1); the criterion is unstated, so any hand, once a
      deal (AMB-40, our reading).
    * Play as in 1718, plus groups: four of a kind, three nines with or without the comet, two or
      three kings (S0, S1); two nines with the comet also count (AMB-11).  The 1718 jetons for a king
      or an incidental stop are not paid: the game is counted in points (AMB-48, our reading).  The comet stands for the
      needed rank, any on a lead (AMB-38), and stops (AMB-39, our reading: 1752 is silent).
    * Points, 1 jeton = 10 points "as at Piquet".  Per loser: G·mg + pips·mp + B·mb (AMB-12) with
      comet last ×2, as a nine ×4, opera ×2, opera + comet ×4, opera + comet as nine game ×16 and
      points ×8; a loser holding the comet pays ×2 on top (AMB-45).  The bonus B is owed only when the
      winner goes out with the comet (AMB-12, our reading).
    * Opera: the first hand goes out «сразу перед тем, как кто-либо еще разыграл карту» (S0), «antes de
      que alguien más jugara una carta» (S1): before anyone else plays a card, even if the turn went
      round in between (AMB-31; the modern "first, unbroken turn" is an option).  Carte blanche (no J/Q/K,
      AMB-41, our reading as in Piquet): 50 points from each opponent, 100 with the comet.
    * Four players: two partnerships (S0, S1), partners opposite; when one goes out the side collects
      from each opponent, the partner's cards ignored (AMB-42, our reading).
    """,
)

_YANOVSKY_RULES = dict(
    packs=("red", "black"), red_comet="9C", black_comet="9H",
    follow="same_or_next", turn_model="A", wild_mode="stop", scheme="modern", count="cards",
    comet_holder_multiplier=2, comet_last_multiplier=2, comet_nine_multiplier=4,
    opera="one_turn", opera_multiplier=2, opera_comet_multiplier=4, blocked_settlement=True, partnerships=True,
    unit="point", target=24,
)

_YANOVSKY_OPTIONS = (
    option("black_comet", "9H", ("9H", "9D"), "The black pack's comet: the 9♥ (S2) or the 9♦ (1752, 1991).", "AMB-13"),
    option("count", "cards", ("cards", "pips"), "Earliest form: a point per card; later form: pips (S2)."),
    option("target", 24, (24, 50, 100, 121), "Match target: 'usually 24' when counting cards (S2)."),
    option("leader_may_pass", False, BOOL, "A leader may pass, so both may be blocked (S2, PW).", "AMB-14"),
    option("partnerships", True, BOOL, "Four play two against two (S2, 'like Piquet')."),
    option("turn_adds", "one_rank", ("one_rank", "ranks"),
         "What one turn adds: any number of cards of one rank, the top card's or the next (S2, PW), or "
         "card by card through several ranks.", "AMB-29"),
    option("king_stops", True, BOOL, "A king always stops (PW), or a king may follow a king (S2's 'the same "
         "rank').", "AMB-30"),
    option("opera", "one_turn", ("one_turn", "one_turn_literal"),
         "Opera 'in one turn' (S2, за один ход): the whole hand played with no other player's card in "
         "between, the others only passing; or literally, the turn never leaving its player.", "AMB-33"),
    _MULTIPLIERS,
)

_YANOVSKY_DOC = """
    * Packs: two packs without aces, red and black kept apart; the 9♣ goes into the red pack
      and the 9♥ (S2's "керовая") into the black: the comets, the "main card" (S2; AMB-13: the
      9♦ as in 1752/1991 is an option).  One pack per deal («Зараз используется только одна
      колода», S2), red and black in turn (AMB-44, our reading); the deal passes on (AMB-37).
    * Play: the players alternate.  The non-dealer leads one card; then the other builds on it,
      then the first, and so on: «каждый по очереди добавляет одну или более карту либо того же
      самого достоинства, либо следующего по порядку, не обращая внимания на масть» (S2).  One
      turn adds any number of cards of one rank, the top card's or the next (AMB-29, PW: "four 8s
      on a 7"; option ``turn_adds="ranks"`` climbs several ranks in a turn).  «Когда один не может
      ходить, другой начинает новую секвенцию» (S2): a player who cannot build passes and the
      other leads anew.  A king always stops, its player leading anew (AMB-30, PW; option
      ``king_stops=False``: S2's "the same rank" lets a king follow a king).  The comet replaces
      the proper card (the privilege called "гок", hoc), alone in its turn (AMB-43, our reading), and is
      a stop: its player starts a new sequence at once (S2).
    * End: first out wins: a point per card left (earliest form) or pips, courts 10 (later form);
      ×2 if the loser holds the comet or the winner's last card was the comet, ×4 as a nine (S2, PW);
      these multiply together (AMB-45, our reading: S2's opera ended with the comet is ×4).
      Opera, the hand emptied "in one turn" (за один ход): ×2, ×4 ending with the comet (S2); with
      alternate turns, our reading (AMB-33): every card of the hand played with no other player laying
      a card in between (the others only passing), which keeps the opera reachable under the one-rank
      turn of AMB-29; option ``opera="one_turn_literal"``: the turn never leaves the player.
    * Both blocked: fewer points scores the difference (S2, PW); reachable only if a leader may
      pass (AMB-14, option ``leader_may_pass``).  Match: to an agreed total, usually 24 (S2).
    * Four players: two against two (S2), partners opposite, the side collecting when one goes
      out (AMB-42, our reading).
    """

YANOVSKY = define(
    "yanovsky-1804", "Yanovsky's packs, the encyclopedia's rules", "undated", "new comet",
    "Yanovsky's packs, deal and comets (1804), played by S2's own undated rules: same rank or one higher.",
    ("S2", "PW"),
    Rules(deal={2: 18, 3: 12, 4: 10}, min_players=2, max_players=4, **_YANOVSKY_RULES),  # type: ignore[arg-type]
    options_of(*_YANOVSKY_OPTIONS),
    "Yanovsky's comet (Новый словотолкователь, 1804, II p. 304, quoted in S2).\n"
    "\n    * Players: 2; also 2 v 2 or 3 \"like Piquet\" (S2).  Deal 18 each by threes, 12 unseen;"
    " 12 each with 3, 10 with 4 (our reading, as AMB-10)." + _YANOVSKY_DOC,
)

YANOVSKY_EXCHANGE = define(
    "yanovsky-exchange", "Comet with exchange", "undated", "new comet",
    "'Комета с прикупкой', in S2's own undated description: the Russian comet for 2-5 with an exchange "
    "from the talon.",
    ("S2",),
    Rules(deal={2: 18, 3: 12, 4: 10, 5: 9}, min_players=2, max_players=5,
          exchange={2: (6, 6), 3: (6, 3, 3), 4: (4, 2, 1, 1), 5: ()},
          **_YANOVSKY_RULES),  # type: ignore[arg-type]
    options_of(*_YANOVSKY_OPTIONS,
             option("leftovers_pass_on", False, BOOL,
                  "Untaken talon cards pass to the next player (else viewed by the exchanger, set aside).",
                  "AMB-15")),
    "Comet with exchange, 2-5 players (S2).\n"
    "\n    * Deal: 18/12/10/9 for 2/3/4/5 (4 as two partnerships); the rest is the talon (S2).\n"
    "    * Exchange: in turn from eldest, discard then draw the same number from your share of the\n"
    "      talon: 2 players up to 6 each; 3 players 6/3/3; 4 players 4/2/1/1; 5 players none (S2).\n"
    "      Who takes fewer sees the untaken cards, as in Piquet; they are then set aside (AMB-15).\n"
    "    * Everything else as in Yanovsky's two-handed game:" + _YANOVSKY_DOC,
)

SINGLE_PACK_JOKER = define(
    "single-pack-joker", "One pack with a joker", "undated", "new comet",
    "S2's undated simplified form: one pack, aces out, a joker replacing a nine as the comet.",
    ("S2",),
    Rules(**{**_YANOVSKY_RULES, "packs": ("joker",), "partnerships": True},  # type: ignore[arg-type]
          deal={2: 18, 3: 12, 4: 10, 5: 9}, min_players=2, max_players=5),
    options_of(*(o for o in _YANOVSKY_OPTIONS if o.name != "black_comet")),
    "A simplified form with one pack, a joker replacing one of the nines (S2).\n"
    "\n    * Pack (AMB-16, our reading): the 4 aces and the 9♦ out, a joker in as the comet: 48 cards,\n"
    "      shaped like a colour pack.  Deal 18/12/10/9 and the rules of Yanovsky's comet:" + _YANOVSKY_DOC,
)

_MODERN_RULES = dict(
    packs=("red", "black"), red_comet="9C", black_comet="9D",
    groups=frozenset({"four", "nines"}), wild_mode="stop", wild_pay=2, wild_pay_step=2, wild_claim="automatic",
    scheme="modern", count="pips", comet_holder_multiplier=2, comet_last_multiplier=2, comet_nine_multiplier=4,
    opera="first_turn", opera_multiplier=2, opera_draw=True, unit="chip", first_dealer="lot_lowest",
)

_OPERA_AT_ONCE = option(
    "opera", "first_turn", ("first_turn", "first_hand"),
    "'At once': the eldest out in the first, unbroken turn (S0, S1), or out before anyone else has "
    "played a card (1752's wording).", "AMB-31")
_OPERA_DRAW_REFUND = option(
    "opera_draw_refund", False, BOOL,
    "A drawn opera: the comet's chips paid in play are kept (the settlement alone is cancelled), or returned.",
    "AMB-32")

MODERN = define(
    "modern-comet-1991", "Modern comet", "1991", "modern",
    "Morehead, Frey and Mott-Smith's New Complete Hoyle Revised (1991), 2-5 players, "
    "with Arnold's (2011) rounds for 3-5.",
    ("S0", "S1"),
    Rules(deal={2: 18, 3: 12, 4: 10, 5: 9}, min_players=2, max_players=5, **_MODERN_RULES),  # type: ignore[arg-type]
    options_of(
        option("red_comet", "9C", ("9C", "9S"),
             "The red pack's comet: 9♣ (standard) or 9♠ (activityvillage's swap).", "AMB-17"),
        option("escalation_reset", "dealt", ("dealt", "played"),
             "The comet's value returns to 2 once it is dealt to a player, or only once it is played.", "AMB-18"),
        option("opera_draw", True, BOOL,
             "Two players: an opera is drawn if the dealer could also have made one.", "AMB-20"),
        _OPERA_AT_ONCE,
        _OPERA_DRAW_REFUND, _MULTIPLIERS,
    ),
    """Modern comet (Morehead, Frey, Mott-Smith 1991, via S0, S1; Arnold 2011 for 3-5 hands).

    * Packs: two packs without aces, red and black, 9♦ and 9♣ swapped: the comets, wild; suits
      ignored (S0, S1; AMB-17).  One pack a deal, red and black in turn (AMB-44, our reading: the
      sources say so of 1752 only).
    * Deal: draw for the deal, lowest deals; 18/12/10/9 each for 2/3/4/5; the rest is the dead hand
      (12/12/8/3) (S0, S1).  After each hand the deal passes to the left (AMB-37, our reading).
    * Play: eldest runs and says "7, 8, 9 without 10"; the turn passes left ("pass" or continue).
      Kings stop; a "without" that all others pass leads anew.  Four of a kind, or three nines with
      or without the comet, may be played together.  The comet is any nominated rank and stops (S0,
      S1): any rank on a lead, the rank the run needs after a run (AMB-38, our reading).
    * In play: the comet earns 2 chips from each opponent, 2 more for each consecutive preceding deal
      whose comet lay in the dead hand (AMB-18: counted across both packs, reset once dealt).
    * End: a chip per pip left (courts 10) from each opponent; the comet's holder pays double
      (the comet counts 9, AMB-19); out with the comet ×2, as a natural nine ×4 (a comet named a
      nine, AMB-38); these and the opera's ×2 multiply together (AMB-45, our reading).
    * Opera ×2: «Если старший выбывает сразу же…» (S0), «Si el mayor sale inmediatamente…» (S1):
      AMB-31, the eldest goes out in the first, unbroken turn: stopped by a king or the comet, the
      eldest leads on, but once the turn has passed to another player (a "without" that all
      pass) it is no opera (option ``opera="first_hand"``: 1752's "before anyone else plays").
    * With two players the opera is drawn if the dealer could also go out in one turn (AMB-20);
      the draw cancels the settlement, the comet's chips paid in play are kept (AMB-32, our
      reading; option ``opera_draw_refund``).
    * Arnold's 3-5 hands: the same, played over whole rounds with plus and minus scores (S0, S1).
    """,
)

ARNOLD = define(
    "two-handed-arnold-2011", "Arnold's two-handed comet", "2011", "modern",
    "Arnold, Chambers Card Games (2011): 18 each from one colour pack, a cribbage board, game 121.",
    ("S0", "S1"),
    Rules(**{**_MODERN_RULES, "wild_pay_step": 0, "unit": "point", "target": 121},  # type: ignore[arg-type]
          deal={2: 18}, min_players=2, max_players=2),
    options_of(
        option("target", 121, (61, 121), "Game: 121 on the cribbage board (61 for a short game)."),
        option("opera_draw", True, BOOL, "A first-turn finish is drawn if the dealer could do it too.", "AMB-20"),
        _OPERA_AT_ONCE,
        _OPERA_DRAW_REFUND, _MULTIPLIERS,
    ),
    """Arnold's two-handed comet (Chambers Card Games, 2nd ed. 2011, via S0, S1).

    * 18 cards each from the red or the black pack (in turn, AMB-44), the players dealing in turn
      (AMB-37); a cribbage board, target 121.
    * The comet's value is fixed (2 points, no dead-hand escalation).
    * A loser still holding the comet: the score ×2; the winner out with the comet ×2, ×4 as a nine.
    * The non-dealer out on the first turn scores double unless the dealer could do the same,
      which makes a draw (AMB-20: "could" = a legal one-turn play-out from a free lead).  The first
      turn is unbroken: once the other player has been on turn it is no opera (AMB-31, S0, S1);
      the comet's points paid in play stand after a draw (AMB-32).
    * The winner pegs the loser's pips × the multipliers, multiplied together (AMB-45).
    """,
)

SIX_EIGHT = define(
    "comet-6-8-players", "Comet for six to eight", "undated", "modern",
    "One pack without the 8♦, extra eights (or sevens) out so that it divides: all dealt, in suit.",
    ("S0", "S1"),
    Rules(packs=("minus",), removed=("8D",), removed_by_players={6: ("8S", "8C", "8H"), 7: ("8S", "8C"),
                                                                  8: ("8S", "8C", "8H")},
          wild=("9D",), min_players=6, max_players=8, in_suit=True, wild_mode="stop", wild_pay=2,
          wild_claim="automatic", scheme="modern", count="pips", comet_holder_multiplier=2,
          comet_last_multiplier=2, comet_nine_multiplier=4, unit="chip"),
    options_of(
        option("removed_rank", "8", ("8", "7"), "Take out extra eights or sevens (S0, S1).", "AMB-21"),
        option("in_suit", True, BOOL, "Play in suit (our reading, as in Commit).", "AMB-21"), _MULTIPLIERS,
    ),
    """Comet for 6-8 players (S0, S1: "remove 2 extra sevens or eights for 7, 3 for 6 or 8").

    * Pack (AMB-21, our reading): one 52-card pack without the 8♦ (as in Commit and Pope Joan),
      then the 8♠, 8♣ (and 8♥): 48 cards for 6 (8 each), 49 for 7 (7 each), 48 for 8 (6 each).
    * All cards dealt, the deal passing on after each hand (AMB-37); play in suit; the 9♦ is the
      wild comet and stops (any card of the pack on a lead, the card the run needs after a run:
      AMB-38); a card whose successor is out of the pack is a stop.  Payments as in the modern game
      (no dead hand, so no escalation; the multipliers multiply together, AMB-45).
    """,
)


VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in (HOC, OLD_COMET, NEW_COMET, YANOVSKY, YANOVSKY_EXCHANGE, SINGLE_PACK_JOKER, MODERN, ARNOLD,
              SIX_EIGHT, COMMIT_1857, COMMIT_1991, COMMIT_2011)
}
"""Every variant by id, in historical order of the book."""


def find_variant(id: str) -> Variant:
    """The variant with this id; an unknown id raises an error listing the known ones."""
    if isinstance(id, Variant):
        return id
    found = VARIANTS.get(id.strip().lower()) if isinstance(id, str) else None
    if found is None:
        raise UnknownVariantError(f"unknown variant {shown(id)}; known variants: {', '.join(VARIANTS)}")
    return found
