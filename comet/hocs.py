"""Hoc Mazarin and Commit: the games of fixed stops (hocs) in the comet's family (W-Hoc, AJO-Hoc,
FR-Hoc, W-Hocs; Foster, PJ; S0, S1), defined as :mod:`comet.rulebook` says and listed in
:data:`comet.variants.VARIANTS`.
"""

from __future__ import annotations

from comet.rulebook import BOOL, option, options_of, define
from comet.variant import Rules

HOC = define(
    "hoc-third-stage", "Hoc Mazarin, the card-play stage", "undated", "hoc",
    "The shedding stage of Hoc Mazarin: kings, Q♠ and J♦ are hocs, sure winners.",
    ("S0", "S1", "W-Hoc", "AJO-Hoc", "FR-Hoc", "W-Hocs"),
    Rules(packs=("standard",), deal={2: 15, 3: 12}, min_players=2, max_players=3, direction="anticlockwise",
          hoc_cards=("KS", "KH", "KD", "KC", "QS", "JD"), hoc_mode="stop_anytime", hoc_pay=1,
          scheme="manille", manille_penalty_amount=0, unit="jeton", big_unit="fiche", big_unit_value=10,
          purse=100),
    options_of(
        option("hoc_mode", "stop_anytime", ("stop_anytime", "wild"),
             "Q♠ and J♦ are hocs playable any time as stops, or wild cards that stand for the needed rank "
             "and stop.", "AMB-5"),
        option("hoc_pay", 1, (0, 1), "The 'hoc!' call earns a jeton from each opponent (low-reliability source)."),
        option("deal_table", "hoc", ("hoc", "twelve"), "15 each for 2, 12 for 3 (AJO-Hoc), or 12 always (W-Hoc).",
             "AMB-4"),
        option("direction", "anticlockwise", ("anticlockwise", "clockwise"),
             "Hoc is played anticlockwise (AJO-Hoc); seats are numbered in the direction of play."),
    ),
    """Hoc Mazarin, the card-play ("third") stage (W-Hoc, AJO-Hoc, FR-Hoc; S0, S1).

    * AMB-3: S0/S1 call Hoc three-stage; W-Hoc and AJO-Hoc two-stage (vying, then shedding).  Only
      the shedding stage is played here: "third" = after the three vying phases.
    * 52 cards, K high, A low; 2-3 players; play anticlockwise, eldest on the dealer's right (AJO-Hoc).
    * Deal singly: 15 each with 2, 12 with 3; the rest unseen (AJO-Hoc; AMB-4).  After each hand the
      deal passes one seat on, to the right (AMB-37, our reading).
    * Runs ascend by rank, suits ignored (salondesjeux).  The hocs (kings, Q♠, J♦) "cut all others"
      (FR-Hoc): AMB-5, by default any hoc may be played on your turn out of sequence, ending it, and
      you lead anew; option ``hoc_mode="wild"`` makes Q♠ and J♦ wild cards that stop.
    * "Hoc!" earns a jeton from each opponent (optional).  First out wins and is paid as in the old
      comet: a jeton per pip (unstated; AMB-47, our reading).  A hoc card left in hand, wild or
      not, counts its pips like any other card, with no penalty (our reading, AMB-47: S0 and S1
      give a kept-card penalty only for the 1718 manille, «El jugador que se quede con la manilla
      en la mano…», and say nothing of one in Hoc).
      Purse: 20 jetons + 8 fiches = 100.
    """,
)

COMMIT_1857 = define(
    "commit-1857", "Commit of the American Hoyle", "1857", "commit",
    "One pack without the 8♦, a spare hand of stops, in suit, 7♦ and kings stop, the 9♦ bridges a gap.",
    ("S0", "S1", "Foster", "PJ"),
    Rules(packs=("minus",), removed=("8D",), wild=("9D",), min_players=2, max_players=8, spare_hand=True,
          in_suit=True, stop_cards=("7D",), turn_model="H", wild_mode="bridge", card_pay_ranks=(1, 13), card_pay=1,
          scheme="commit1857", comet_holder_excused=True, unit="chip"),
    options_of(
        option("in_suit", True, BOOL, "Sequences within suits (Foster; the 7♦ stop implies it).", "AMB-22"),
        option("turn_model", "H", ("H", "R"), "Whoever holds the next card plays it (as Pope Joan), or in rotation.",
             "AMB-23"),
        option("excess_to_spare", False, BOOL, "Deal round-robin (hands may differ by one) or all excess to the spare."),
        option("wild_mode", "bridge", ("bridge", "continue", "stop"),
             "The 9♦ bridges a gap nobody can fill, or replaces any card and the run goes on, or stops.", "AMB-24"),
    ),
    """Commit, American Hoyle 1857 (S0, S1; Foster 1897 and Pope Joan for comparison).

    * One pack without the 8♦ (51 cards), any number of players; the whole pack dealt with one
      spare hand that makes stops (S0, S1); round-robin, hands may differ by one (Foster); the deal
      passes on after each hand (AMB-37, our reading).
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

COMMIT_1991 = define(
    "commit-1991", "Commit of the New Complete Hoyle", "1991", "commit",
    "A pool, all cards dealt, suits ignored; the comet continues the run or restarts it from the 10♦.",
    ("S0", "S1"),
    Rules(min_players=2, max_players=8, **_COMMIT_1991_RULES),  # type: ignore[arg-type]
    options_of(
        option("remove_8D", False, BOOL, "Take the 8♦ out (51 cards) as in 1857.", "AMB-25"),
        option("strict_10D", False, BOOL, "Suits ignored, so 'from the 10♦' means any ten; or only the 10♦.",
             "AMB-26"),
    ),
    """Commit, Hoyle 1991 (S0, S1).

    * One pack, 52 cards (AMB-25: the 8♦ may be removed); the comet is the 9♦.
    * Each player antes to the pool (S0, S1): a chip (the amount is unstated; AMB-46, our reading).
      All cards dealt equally, the remainder face down; the deal passes on after each hand (AMB-37).
      Suits ignored, play in rotation as in the modern comet.
    * The comet replaces any card; its player then continues either the original sequence or from
      the 10♦ (AMB-26: any ten); if neither is possible the next player has the same choice.
    * The comet earns 2 chips from each opponent, a king 1.  The first out takes the pool, a chip per
      king left in each hand, and 2 chips from whoever still holds the comet.  No per-card payment.
    """,
)

COMMIT_2011 = define(
    "commit-2011", "Arnold's Commit", "2011", "commit",
    "Arnold's changes: in suit, and once the comet is played the holder of the next card plays it.",
    ("S0",),
    Rules(min_players=3, max_players=7, deal={3: 15, 4: 12, 5: 10, 6: 8, 7: 7}, in_suit=True,
          switch_to_h_on_wild=True, **_COMMIT_1991_RULES),  # type: ignore[arg-type]
    options_of(
        option("remove_8D", False, BOOL, "51 or 52 cards (52: leftovers 7/4/2/4/3 are stops).", "AMB-27"),
        option("h_scope", "deal", ("deal", "sequence"),
             "After the comet, the holder of the next card plays for the rest of the deal or the sequence.",
             "AMB-28"),
    ),
    """Commit with Arnold's changes (Chambers 2011, via S0 only: S1 is cut short here).

    * Deal 15/12/10/8/7 for 3/4/5/6/7; the rest are stops (AMB-27: 52 cards); then the deal passes on
      (AMB-37).
    * Cards are played in suit.  The comet's player has first right to continue the suit sequence or
      from the 10♦; from then on the holder of the next card in suit plays it instead of the next
      player (AMB-28: for the rest of the deal).  Payments as in Commit 1991 (the ante a chip, AMB-46).
    """,
)
