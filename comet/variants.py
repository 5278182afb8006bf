"""Every variant of the family, with its sources and the readings chosen.

Source keys are those of the digest (``../shared/rules/DIGEST.md`` section 0): S0 and S1
are the Russian and Spanish translations of the English Wikipedia article, S2 the Russian
encyclopedia entry (Yanovsky 1804), Enc an 18th-century French dictionary, W-Hoc,
AJO-Hoc and FR-Hoc the Hoc Mazarin pages, Foster the 1897 Hoyle.  Each ambiguity of the
digest (``AMB-n``) is an option whose default is the reading the digest suggests.
"""

from __future__ import annotations

from typing import Any, Mapping

from comet.errors import UnknownVariantError
from comet.variant import Option, Rules, Source, Variant

SOURCES = {
    "S0": "Russian translation of en.wikipedia 'Comet (card game)' (seed 000)",
    "S1": "Spanish translation of the same article (seed 002)",
    "S2": "Russian encyclopedia entry 'КОМЕТА', quoting Yanovsky 1804 (seed 001)",
    "Enc": "18th-century French encyclopedic dictionary, art. COMETE (jeu)",
    "W-Hoc": "en.wikipedia 'Hoc Mazarin'",
    "AJO-Hoc": "Académie des jeux oubliés, Hoc Mazarin",
    "FR-Hoc": "fr.wikipedia 'Hoc (jeu)'",
    "W-Hocs": "en.wikipedia 'Jeux de hocs'",
    "Foster": "Foster's Complete Hoyle (1897), 'Commit'",
    "PJ": "Pope Joan, 19th-century texts",
    "PW": "compendium text 'Comet' (two-handed, two packs)",
    "NJ": "Nain Jaune rules",
    "W-Red9": "en.wikipedia 'Red nines'",
}


def _sources(*keys: str) -> tuple[Source, ...]:
    return tuple(Source(k, SOURCES[k]) for k in keys)


def _opt(name: str, default: Any, choices: tuple[Any, ...], doc: str, amb: str = "") -> Option:
    return Option(name, default, choices, doc, amb)


BOOL = (True, False)

COMMON_OPTIONS = (
    _opt("must_follow", True, BOOL, "A player who can play the needed card must play it.", "D1"),
    _opt("must_extend", True, BOOL, "Within a turn, keep extending while able (a wild card is never forced).", "D2"),
    _opt("direction", "clockwise", ("clockwise", "anticlockwise"),
         "Direction of play; seats are numbered in this direction, so it changes only the narration."),
)


def _options(*extra: Option, common: bool = True) -> dict[str, Option]:
    opts = {o.name: o for o in (COMMON_OPTIONS if common else ())}
    opts.update({o.name: o for o in extra})
    return opts


def _variant(id: str, name: str, year: str, family: str, summary: str, sources: tuple[str, ...],
             rules: Rules, options: Mapping[str, Option], doc: str) -> Variant:
    for opt_name, option in options.items():
        if opt_name in Rules.__dataclass_fields__ and getattr(rules, opt_name) != option.default:
            raise AssertionError(f"{id}: rules.{opt_name} differs from the option's default")
    return Variant(id=id, name=name, year=year, family=family, summary=summary, sources=_sources(*sources),
                   rules=rules, options=options, doc=doc)


OLD_COMET = _variant(
    "old-comet-1718", "Manille, the old comet", "1718", "manille",
    "The Académie Universelle des Jeux of 1718: one pack, the 9♦ (manille) wild, jetons and fiches.",
    ("S0", "S1", "Enc", "W-Red9", "NJ"),
    Rules(
        packs=("standard",), wild=("9D",), min_players=2, max_players=5,
        wild_mode="continue", king_stop_pay=1, incidental_stop_pay=1, wild_pay=10, wild_claim="claim",
        scheme="manille", unit="jeton", big_unit="fiche", big_unit_value=10, purse=100,
        first_dealer="lot_1718",
    ),
    _options(
        _opt("wild_is_stop", False, BOOL, "Whether the manille stops the run (no source says so).", "AMB-8"),
        _opt("manille_penalty", "each_opponent", ("each_opponent", "winner_only"),
             "Who is paid by a player left holding the manille: S0/S1 each opponent, Enc the winner only.", "AMB-9"),
        _opt("manille_penalty_amount", 10, (10, 4), "The manille penalty: a fiche (10 jetons) or 4 jetons (S0, S1)."),
        _opt("king_penalty_each", 0, (0, 1), "Enc: a kept king also costs a jeton to every other player."),
        _opt("count", "pips", ("pips", "cards"), "A jeton per pip, or per card (the petit jeu, S0, S1, Enc)."),
        _opt("deal_table", "even", ("even", "nain_jaune"),
             "Cards each: the whole pack evenly (floor 52/n, rest dead), or Nain Jaune's 15/12/9.", "AMB-7"),
        _opt("wild_claim", "claim", ("claim", "automatic"),
             "The manille's fiche must be claimed before the next card (S0, S1, Enc), or is paid at once."),
        _opt("leader_may_pass", False, BOOL, "Whether a leader may pass (makes a both-blocked end possible).",
             "AMB-14"),
    ),
    """Manille, the old comet (Académie Universelle des Jeux, 1718; S0, S1, Enc).

    * Pack: 52 cards, aces low, suits irrelevant; the 9♦ (manille) is wild (S0, S1, Enc).
    * Players 2-5; 2 is "too dull" (S0, S1).  Units: 10 jetons + 9 fiches each, fiche = 10 jetons.
    * Deal: floor(52/n) each, the rest dead (AMB-7, our reading; option ``deal_table``).
    * First hand drawn by lot (S0, S1): see :class:`comet.Match`; nobody dealt the turned suit: deal
      again (AMB-6, our reading); later the first hand passes on.
    * Play: runs announced "six, seven, eight, nine and without ten" (S0, S1, Enc).
    * Stops: a king (its player takes a jeton from each opponent and leads anew); nobody can go
      on (the last player takes a jeton from each and leads anew) (S0, S1, Enc).
    * Manille: stands for any card; each opponent pays its player a fiche, claimed before
      the next card is played, else lost: «Бонус аннулируется, если он не востребован до того, как
      будет разыграна следующая карта» (S0), «…antes de que se juegue la siguiente carta» (S1), Enc.
      A pass is not a card played: the claim stays open across passes (the manille's player may
      make it on any later turn of theirs) until someone plays a card.  It is not a stop unless it stands for a
      king (AMB-8, our reading).  Going out with it: no card follows, so the claim stands (our reading).
    * End: a jeton per pip left (courts 10) to the winner, or per card (petit jeu).  A kept manille
      costs a fiche to each opponent (S0, S1) or to the winner only (Enc) (AMB-9); its 9 pips
      are counted once.  Kept kings pay their 10 pips; Enc adds a jeton to every other player.
    """,
)

_COLOUR = dict(packs=("red", "black"), red_comet="9C", black_comet="9D")

NEW_COMET = _variant(
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
    _options(
        _opt("wild_is_stop", True, BOOL, "The comet stops (as in Yanovsky and 1991; 1752 is silent)."),
        _opt("nine_group", "both", ("both", "natural"),
             "Three nines: three natural nines (± comet), or also two nines with the comet.", "AMB-11"),
        _opt("game_stake", 0, (0, 10), "G, the agreed game stake in points (unstated).", "AMB-12"),
        _opt("comet_bonus", 100, (0, 10, 100), "B, the comet bonus: 1 fiche = 10 jetons = 100 points.", "AMB-12"),
        _opt("redeal_right", True, BOOL, "The first hand may demand a redeal of a bad hand (S0, S1)."),
        _opt("partnerships", True, BOOL, "Four play as two partnerships, partners opposite (S0, S1)."),
        _opt("carte_blanche", 50, (0, 50), "Carte blanche pays 50 points (100 with the comet), S0, S1."),
        _opt("opera", "first_hand", ("first_hand", "first_turn"),
             "Opera: out before anyone else has played a card (1752, S0, S1), or in the first, unbroken turn "
             "as the modern rules read.", "AMB-31"),
    ),
    """The new comet (Paris pamphlet 1748 per S2; Académie 1752 per S0, S1).

    * Packs: two packs without aces sorted into red and black; one 9♦ moves into the black pack
      and one 9♣ into the red: these off-colour nines are the comets, wild (S0, S1).  Packs alternate.
    * Deal: 18 each with 2 players, 12 talon (S0, S1); 12 with 3 and 10 with 4 (AMB-10, per S2 and 1991).
    * Redeal: the first hand may demand one (S0, S1); the criterion is unstated, so any hand.
    * Play as in 1718, plus groups: four of a kind, three nines with or without the comet, two or
      three kings (S0, S1); two nines with the comet also count (AMB-11).  The comet stands for the
      needed rank (any on a lead) and stops (our reading: 1752 is silent).
    * Points, 1 jeton = 10 points "as at Piquet".  Per loser: G·mg + pips·mp + B·mb (AMB-12) with
      comet last ×2, as a nine ×4, opera ×2, opera + comet ×4, opera + comet as nine game ×16 and
      points ×8; a loser holding the comet pays ×2.  The bonus B is owed only when the winner goes
      out with the comet (our reading).
    * Opera: the first hand goes out «сразу перед тем, как кто-либо еще разыграл карту» (S0), «antes de
      que alguien más jugara una carta» (S1): before anyone else plays a card, even if the turn went
      round in between (AMB-31; the modern "first, unbroken turn" is an option).  Carte blanche (no J/Q/K,
      our reading as in Piquet): 50 points from each opponent, 100 with the comet.
    * Four players: two partnerships, partners opposite; when one goes out the side collects from
      each opponent, the partner's cards ignored (our reading).
    """,
)

_YANOVSKY_RULES = dict(
    packs=("red", "black"), red_comet="9C", black_comet="9H",
    follow="same_or_next", turn_model="A", wild_mode="stop", scheme="modern", count="cards",
    comet_holder_multiplier=2, comet_last_multiplier=2, comet_nine_multiplier=4,
    opera="one_turn", opera_multiplier=2, blocked_settlement=True, partnerships=True,
    unit="point", target=24,
)

_YANOVSKY_OPTIONS = (
    _opt("black_comet", "9H", ("9H", "9D"), "The black pack's comet: the 9♥ (S2) or the 9♦ (1752, 1991).", "AMB-13"),
    _opt("count", "cards", ("cards", "pips"), "Earliest form: a point per card; later form: pips (S2)."),
    _opt("target", 24, (24, 50, 100, 121), "Match target: 'usually 24' when counting cards (S2)."),
    _opt("leader_may_pass", False, BOOL, "A leader may pass, so both may be blocked (S2, PW).", "AMB-14"),
    _opt("partnerships", True, BOOL, "Four play two against two (S2, 'like Piquet')."),
    _opt("turn_adds", "one_rank", ("one_rank", "ranks"),
         "What one turn adds: any number of cards of one rank, the top card's or the next (S2, PW), or "
         "card by card through several ranks.", "AMB-29"),
    _opt("king_stops", True, BOOL, "A king always stops (PW), or a king may follow a king (S2's 'the same "
         "rank').", "AMB-30"),
    _opt("opera", "one_turn", ("one_turn", "one_turn_literal"),
         "Opera 'in one turn' (S2, за один ход): the whole hand played with no other player's card in "
         "between, the others only passing; or literally, the turn never leaving its player.", "AMB-33"),
)

_YANOVSKY_DOC = """
    * Packs: two packs without aces, red and black kept apart; the 9♣ goes into the red pack
      and the 9♥ (S2's "керовая") into the black: the comets, the "main card" (S2; AMB-13: the
      9♦ as in 1752/1991 is an option).  One pack per deal, alternately.
    * Play: the players alternate.  The non-dealer leads one card; then the other builds on it,
      then the first, and so on: «каждый по очереди добавляет одну или более карту либо того же
      самого достоинства, либо следующего по порядку, не обращая внимания на масть» (S2).  One
      turn adds any number of cards of one rank, the top card's or the next (AMB-29, PW: "four 8s
      on a 7"; option ``turn_adds="ranks"`` climbs several ranks in a turn).  «Когда один не может
      ходить, другой начинает новую секвенцию» (S2): a player who cannot build passes and the
      other leads anew.  A king always stops, its player leading anew (AMB-30, PW; option
      ``king_stops=False``: S2's "the same rank" lets a king follow a king).  The comet replaces
      the proper card (the privilege called "гок", hoc), alone in its turn (our reading), and is a
      stop: its player starts a new sequence at once (S2).
    * End: first out wins: a point per card left (earliest form) or pips, courts 10 (later form);
      ×2 if the loser holds the comet or the winner's last card was the comet, ×4 as a nine (S2, PW).
      Opera, the hand emptied "in one turn" (за один ход): ×2, ×4 ending with the comet (S2); with
      alternate turns, our reading (AMB-33): every card of the hand played with no other player laying
      a card in between (the others only passing), which keeps the opera reachable under the one-rank
      turn of AMB-29; option ``opera="one_turn_literal"``: the turn never leaves the player.
    * Both blocked: fewer points scores the difference (S2, PW); reachable only if a leader may
      pass (AMB-14, option ``leader_may_pass``).  Match: to an agreed total, usually 24 (S2).
    """

YANOVSKY = _variant(
    "yanovsky-1804", "Yanovsky's comet", "1804", "new comet",
    "Yanovsky's packs, deal and comets (1804), played by S2's own undated rules: same rank or one higher.",
    ("S2", "PW"),
    Rules(deal={2: 18, 3: 12, 4: 10}, min_players=2, max_players=4, **_YANOVSKY_RULES),  # type: ignore[arg-type]
    _options(*_YANOVSKY_OPTIONS),
    "Yanovsky's comet (Новый словотолкователь, 1804, II p. 304, quoted in S2).\n"
    "\n    * Players: 2; also 2 v 2 or 3 \"like Piquet\" (S2).  Deal 18 each by threes, 12 unseen;"
    " 12 each with 3, 10 with 4 (our reading, as AMB-10)." + _YANOVSKY_DOC,
)

YANOVSKY_EXCHANGE = _variant(
    "yanovsky-exchange", "Comet with exchange", "undated", "new comet",
    "'Комета с прикупкой', in S2's own undated description: the Russian comet for 2-5 with an exchange "
    "from the talon.",
    ("S2",),
    Rules(deal={2: 18, 3: 12, 4: 10, 5: 9}, min_players=2, max_players=5,
          exchange={2: (6, 6), 3: (6, 3, 3), 4: (4, 2, 1, 1), 5: ()},
          **_YANOVSKY_RULES),  # type: ignore[arg-type]
    _options(*_YANOVSKY_OPTIONS,
             _opt("leftovers_pass_on", False, BOOL,
                  "Untaken talon cards pass to the next player (else viewed by the exchanger, set aside).",
                  "AMB-15")),
    "Comet with exchange, 2-5 players (S2).\n"
    "\n    * Deal: 18/12/10/9 for 2/3/4/5 (4 as two partnerships); the rest is the talon (S2).\n"
    "    * Exchange: in turn from eldest, discard then draw the same number from your share of the\n"
    "      talon: 2 players up to 6 each; 3 players 6/3/3; 4 players 4/2/1/1; 5 players none (S2).\n"
    "      Who takes fewer sees the untaken cards, as in Piquet; they are then set aside (AMB-15).\n"
    "    * Everything else as in Yanovsky's two-handed game:" + _YANOVSKY_DOC,
)

SINGLE_PACK_JOKER = _variant(
    "single-pack-joker", "One pack with a joker", "undated", "new comet",
    "S2's undated simplified form: one pack, aces out, a joker replacing a nine as the comet.",
    ("S2",),
    Rules(**{**_YANOVSKY_RULES, "packs": ("joker",), "partnerships": True},  # type: ignore[arg-type]
          deal={2: 18, 3: 12, 4: 10, 5: 9}, min_players=2, max_players=5),
    _options(*(o for o in _YANOVSKY_OPTIONS if o.name != "black_comet")),
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

_OPERA_AT_ONCE = _opt(
    "opera", "first_turn", ("first_turn", "first_hand"),
    "'At once': the eldest out in the first, unbroken turn (S0, S1), or out before anyone else has "
    "played a card (1752's wording).", "AMB-31")
_OPERA_DRAW_REFUND = _opt(
    "opera_draw_refund", False, BOOL,
    "A drawn opera: the comet's chips paid in play are kept (the settlement alone is cancelled), or returned.",
    "AMB-32")

MODERN = _variant(
    "modern-comet-1991", "Modern comet", "1991", "modern",
    "Morehead, Frey and Mott-Smith's New Complete Hoyle Revised (1991), 2-5 players, "
    "with Arnold's (2011) rounds for 3-5.",
    ("S0", "S1"),
    Rules(deal={2: 18, 3: 12, 4: 10, 5: 9}, min_players=2, max_players=5, **_MODERN_RULES),  # type: ignore[arg-type]
    _options(
        _opt("red_comet", "9C", ("9C", "9S"),
             "The red pack's comet: 9♣ (standard) or 9♠ (activityvillage's swap).", "AMB-17"),
        _opt("escalation_reset", "dealt", ("dealt", "played"),
             "The comet's value returns to 2 once it is dealt to a player, or only once it is played.", "AMB-18"),
        _opt("opera_draw", True, BOOL,
             "Two players: an opera is drawn if the dealer could also have made one.", "AMB-20"),
        _OPERA_AT_ONCE,
        _OPERA_DRAW_REFUND,
    ),
    """Modern comet (Morehead, Frey, Mott-Smith 1991, via S0, S1; Arnold 2011 for 3-5 hands).

    * Packs: two packs without aces, red and black, 9♦ and 9♣ swapped: the comets, wild; suits
      ignored (S0, S1; AMB-17).  Packs alternate (implied, not stated).
    * Deal: draw for the deal, lowest deals; 18/12/10/9 each for 2/3/4/5; the rest is the dead hand
      (12/12/8/3) (S0, S1).
    * Play: eldest runs and says "7, 8, 9 without 10"; the turn passes left ("pass" or continue).
      Kings stop; a "without" that all others pass leads anew.  Four of a kind, or three nines with
      or without the comet, may be played together.  The comet is any nominated rank and stops.
    * In play: the comet earns 2 chips from each opponent, 2 more for each consecutive preceding deal
      whose comet lay in the dead hand (AMB-18: counted across both packs, reset once dealt).
    * End: a chip per pip left (courts 10) from each opponent; the comet's holder pays double
      (the comet counts 9, AMB-19); out with the comet ×2, as a natural nine ×4.
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

ARNOLD = _variant(
    "two-handed-arnold-2011", "Arnold's two-handed comet", "2011", "modern",
    "Arnold, Chambers Card Games (2011): 18 each from one colour pack, a cribbage board, game 121.",
    ("S0", "S1"),
    Rules(**{**_MODERN_RULES, "wild_pay_step": 0, "unit": "point", "target": 121},  # type: ignore[arg-type]
          deal={2: 18}, min_players=2, max_players=2),
    _options(
        _opt("target", 121, (61, 121), "Game: 121 on the cribbage board (61 for a short game)."),
        _opt("opera_draw", True, BOOL, "A first-turn finish is drawn if the dealer could do it too.", "AMB-20"),
        _OPERA_AT_ONCE,
        _OPERA_DRAW_REFUND,
    ),
    """Arnold's two-handed comet (Chambers Card Games, 2nd ed. 2011, via S0, S1).

    * 18 cards each from the red or the black pack; a cribbage board, target 121.
    * The comet's value is fixed (2 points, no dead-hand escalation).
    * A loser still holding the comet: the score ×2; the winner out with the comet ×2, ×4 as a nine.
    * The non-dealer out on the first turn scores double unless the dealer could do the same,
      which makes a draw (AMB-20: "could" = a legal one-turn play-out from a free lead).  The first
      turn is unbroken: once the other player has been on turn it is no opera (AMB-31, S0, S1);
      the comet's points paid in play stand after a draw (AMB-32).
    * The winner pegs the loser's pips × the multipliers.
    """,
)

SIX_EIGHT = _variant(
    "comet-6-8-players", "Comet for six to eight", "undated", "modern",
    "One pack without the 8♦, extra eights (or sevens) out so that it divides: all dealt, in suit.",
    ("S0", "S1"),
    Rules(packs=("minus",), removed=("8D",), removed_by_players={6: ("8S", "8C", "8H"), 7: ("8S", "8C"),
                                                                  8: ("8S", "8C", "8H")},
          wild=("9D",), min_players=6, max_players=8, in_suit=True, wild_mode="stop", wild_pay=2,
          wild_claim="automatic", scheme="modern", count="pips", comet_holder_multiplier=2,
          comet_last_multiplier=2, comet_nine_multiplier=4, unit="chip"),
    _options(
        _opt("removed_rank", "8", ("8", "7"), "Take out extra eights or sevens (S0, S1).", "AMB-21"),
        _opt("in_suit", True, BOOL, "Play in suit (our reading, as in Commit).", "AMB-21"),
    ),
    """Comet for 6-8 players (S0, S1: "remove 2 extra sevens or eights for 7, 3 for 6 or 8").

    * Pack (AMB-21, our reading): one 52-card pack without the 8♦ (as in Commit and Pope Joan),
      then the 8♠, 8♣ (and 8♥): 48 cards for 6 (8 each), 49 for 7 (7 each), 48 for 8 (6 each).
    * All cards dealt; play in suit; the 9♦ is the wild comet and stops; a card whose successor is out
      of the pack is a stop.  Payments as in the modern game (no dead hand, so no escalation).
    """,
)

HOC = _variant(
    "hoc-third-stage", "Hoc Mazarin, the card-play stage", "1654", "hoc",
    "The shedding stage of Hoc Mazarin: kings, Q♠ and J♦ are hocs, sure winners.",
    ("S0", "S1", "W-Hoc", "AJO-Hoc", "FR-Hoc", "W-Hocs"),
    Rules(packs=("standard",), deal={2: 15, 3: 12}, min_players=2, max_players=3, direction="anticlockwise",
          hoc_cards=("KS", "KH", "KD", "KC", "QS", "JD"), hoc_mode="stop_anytime", hoc_pay=1,
          scheme="manille", manille_penalty_amount=0, unit="jeton", big_unit="fiche", big_unit_value=10,
          purse=100),
    _options(
        _opt("hoc_mode", "stop_anytime", ("stop_anytime", "wild"),
             "Q♠ and J♦ are hocs playable any time as stops, or wild cards that stand for the needed rank "
             "and stop.", "AMB-5"),
        _opt("hoc_pay", 1, (0, 1), "The 'hoc!' call earns a jeton from each opponent (low-reliability source)."),
        _opt("deal_table", "hoc", ("hoc", "twelve"), "15 each for 2, 12 for 3 (AJO-Hoc), or 12 always (W-Hoc).",
             "AMB-4"),
        _opt("direction", "anticlockwise", ("anticlockwise", "clockwise"),
             "Hoc is played anticlockwise (AJO-Hoc); seats are numbered in the direction of play."),
    ),
    """Hoc Mazarin, the card-play ("third") stage (W-Hoc, AJO-Hoc, FR-Hoc; S0, S1).

    * AMB-3: S0/S1 call Hoc three-stage; W-Hoc and AJO-Hoc two-stage (vying, then shedding).  Only
      the shedding stage is played here: "third" = after the three vying phases.
    * 52 cards, K high, A low; 2-3 players; play anticlockwise, eldest on the dealer's right (AJO-Hoc).
    * Deal singly: 15 each with 2, 12 with 3; the rest unseen (AJO-Hoc; AMB-4).
    * Runs ascend by rank, suits ignored (salondesjeux).  The hocs (kings, Q♠, J♦) "cut all others"
      (FR-Hoc): AMB-5, by default any hoc may be played on your turn out of sequence, ending it, and
      you lead anew; option ``hoc_mode="wild"`` makes Q♠ and J♦ wild cards that stop.
    * "Hoc!" earns a jeton from each opponent (optional).  First out wins and is paid as in the old
      comet: a jeton per pip (unstated; our reading, digest 2.1).  A hoc card left in hand, wild or
      not, counts its pips like any other card: only the manille carries a kept-card penalty («El
      jugador que se quede con la manilla en la mano…», S1), and Hoc has no manille.
      Purse: 20 jetons + 8 fiches = 100.
    """,
)

COMMIT_1857 = _variant(
    "commit-1857", "Commit of the American Hoyle", "1857", "commit",
    "One pack without the 8♦, a spare hand of stops, in suit, 7♦ and kings stop, the 9♦ bridges a gap.",
    ("S0", "S1", "Foster", "PJ"),
    Rules(packs=("minus",), removed=("8D",), wild=("9D",), min_players=2, max_players=8, spare_hand=True,
          in_suit=True, stop_cards=("7D",), turn_model="H", wild_mode="bridge", card_pay_ranks=(1, 13), card_pay=1,
          scheme="commit1857", comet_holder_excused=True, unit="chip"),
    _options(
        _opt("in_suit", True, BOOL, "Sequences within suits (Foster; the 7♦ stop implies it).", "AMB-22"),
        _opt("turn_model", "H", ("H", "R"), "Whoever holds the next card plays it (as Pope Joan), or in rotation.",
             "AMB-23"),
        _opt("excess_to_spare", False, BOOL, "Deal round-robin (hands may differ by one) or all excess to the spare."),
        _opt("wild_mode", "bridge", ("bridge", "continue", "stop"),
             "The 9♦ bridges a gap nobody can fill, or replaces any card and the run goes on, or stops.", "AMB-24"),
    ),
    """Commit, American Hoyle 1857 (S0, S1; Foster 1897 and Pope Joan for comparison).

    * One pack without the 8♦ (51 cards), any number of players; the whole pack dealt with one
      spare hand that makes stops (S0, S1); round-robin, hands may differ by one (Foster).
    * In suit (AMB-22, as Foster); whoever holds the next card plays it (AMB-23, as Pope Joan).
    * Stops: the 7♦ (its 8 is out) and the kings, and their player leads anew: «El 7♦ y todos los
      reyes son paradas y el mismo jugador puede comenzar una nueva secuencia» (S1).  The 7♦ stops
      by rule, so it still stops with suits ignored (``in_suit=False``).  Nobody able: the last
      player leads anew.
    * The 9♦ may replace any card to prevent a stop (AMB-24): it bridges the gap, the run goes on.
    * An ace or a king played earns a chip from each opponent.  The first out collects a chip per
      card left in each hand; the holder of the 9♦ is excused (as the Pope's holder, PJ).
    """,
)

_COMMIT_1991_RULES = dict(
    packs=("standard",), wild=("9D",), wild_mode="branch", ante=1, wild_pay=2, wild_claim="automatic",
    card_pay_ranks=(13,), card_pay=1, scheme="commit1991", king_held_pay=1, comet_held_pay=2, unit="chip",
)

COMMIT_1991 = _variant(
    "commit-1991", "Commit of the New Complete Hoyle", "1991", "commit",
    "A pool, all cards dealt, suits ignored; the comet continues the run or restarts it from the 10♦.",
    ("S0", "S1"),
    Rules(min_players=2, max_players=8, **_COMMIT_1991_RULES),  # type: ignore[arg-type]
    _options(
        _opt("remove_8D", False, BOOL, "Take the 8♦ out (51 cards) as in 1857.", "AMB-25"),
        _opt("strict_10D", False, BOOL, "Suits ignored, so 'from the 10♦' means any ten; or only the 10♦.",
             "AMB-26"),
    ),
    """Commit, Hoyle 1991 (S0, S1).

    * One pack, 52 cards (AMB-25: the 8♦ may be removed); the comet is the 9♦.
    * Each player antes a chip to the pool (amount unstated); all cards dealt equally, the remainder
      face down.  Suits ignored, play in rotation as in the modern comet.
    * The comet replaces any card; its player then continues either the original sequence or from
      the 10♦ (AMB-26: any ten); if neither is possible the next player has the same choice.
    * The comet earns 2 chips from each opponent, a king 1.  The first out takes the pool, a chip per
      king left in each hand, and 2 chips from whoever still holds the comet.  No per-card payment.
    """,
)

COMMIT_2011 = _variant(
    "commit-2011", "Arnold's Commit", "2011", "commit",
    "Arnold's changes: in suit, and once the comet is played the holder of the next card plays it.",
    ("S0",),
    Rules(min_players=3, max_players=7, deal={3: 15, 4: 12, 5: 10, 6: 8, 7: 7}, in_suit=True,
          switch_to_h_on_wild=True, **_COMMIT_1991_RULES),  # type: ignore[arg-type]
    _options(
        _opt("remove_8D", False, BOOL, "51 or 52 cards (52: leftovers 7/4/2/4/3 are stops).", "AMB-27"),
        _opt("h_scope", "deal", ("deal", "sequence"),
             "After the comet, the holder of the next card plays for the rest of the deal or the sequence.",
             "AMB-28"),
    ),
    """Commit with Arnold's changes (Chambers 2011, via S0 only: S1 is cut short here).

    * Deal 15/12/10/8/7 for 3/4/5/6/7; the rest are stops (AMB-27: 52 cards).
    * Cards are played in suit.  The comet's player has first right to continue the suit sequence or
      from the 10♦; from then on the holder of the next card in suit plays it instead of the next
      player (AMB-28: for the rest of the deal).  Payments as in Commit 1991.
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
    found = VARIANTS.get(str(id).strip().lower())
    if found is None:
        raise UnknownVariantError(f"unknown variant {id!r}; known variants: {', '.join(VARIANTS)}")
    return found
