"""End-of-deal settlement for every scheme of the family, each line explained.

Schemes (``Rules.scheme``):

* ``manille``: the 1718 old comet and Hoc: a jeton per pip (or per card, *petit jeu*),
  the manille and king penalties (S0, S1, Enc; AMB-9).
* ``new``: the 1752 new comet in points: ``G·mg + pips·mp + B·mb`` with the
  multipliers of the Académie's table (S0, S1; AMB-12), ×2 for a loser holding the comet (AMB-45).
* ``modern``: Yanovsky 1804, the joker pack, 1991, Arnold 2011, 6-8 players: pips (or
  cards) × the comet multipliers × opera (S0, S1, S2), multiplied together (AMB-45, an option).
* ``commit1857``: a chip per card left; the holder of the 9♦ is excused (S0, S1).
* ``commit1991``: the pool, a chip per king left, 2 chips from the comet's holder (S0, S1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from comet.cards import KING, NINE, Card
from comet.ledger import POOL, Count, Factor, Payment, Term, Why, net
from comet.outcome import Bonus, End, Note, Outcome, Say
from comet.opera import can_go_out_in_one_turn
from comet.plays import CARDS, PASS

if TYPE_CHECKING:
    from comet.round import Round

__all__ = ["settle", "is_opera", "losers", "last_play_wild", "can_go_out_in_one_turn"]

Notes = list[Note]


def settle(rnd: "Round") -> Outcome:
    r = rnd.rules
    n = rnd.players
    winner = rnd.winner
    payments: list[Payment] = []
    notes: Notes = []
    opera = False
    drawn = False
    if rnd.end is End.BLOCKED:
        _settle_blocked(rnd, payments, notes)
    elif winner is not None:
        opera = is_opera(rnd)
        if opera and r.opera_draw and n == 2 and winner == rnd.leader:
            dealer = (winner + 1) % 2
            if can_go_out_in_one_turn(rnd, rnd.initial_hands[dealer]):
                drawn = True
                notes.append(Note(Say.OPERA_DRAW))
        if not drawn:
            scheme = _SCHEMES[r.scheme]
            scheme(rnd, winner, opera, payments, notes)
        elif r.opera_draw_refund:
            _refund_in_play(rnd, payments, notes)
    if r.ante:
        pool = sum(p.amount for p in rnd.ledger if p.payee == POOL)
        if winner is not None and not drawn:
            payments.append(_paid(POOL, winner, pool, Why.TAKES_POOL, rnd))
        else:
            for seat in range(n):
                payments.append(_paid(POOL, seat, r.ante, Why.ANTE_BACK, rnd))
    ledger = list(rnd.ledger)
    totals = net(ledger + payments, n)
    return Outcome(
        winner=None if drawn else winner,
        end=End.DRAW if drawn else rnd.end,
        payments=totals,
        settlement=payments,
        ledger=ledger,
        remarks=notes,
        opera=opera,
        unit=r.unit,
        hands=[list(h) for h in rnd.hands],
        partnerships=r.partnerships and n == 4,
    )


def _paid(payer: int, payee: int, amount: int, why: Why, rnd: "Round", cards: Sequence[Card] = (),
          terms: tuple[Term, ...] = (), factors: tuple[Factor, ...] = ()) -> Payment:
    return Payment(payer, payee, amount, why, tuple(cards), terms, factors, rnd.rules.unit)


# ---------------------------------------------------------------- shared facts
def last_play_wild(rnd: "Round") -> tuple[bool, bool]:
    """(the winner's last play held the comet, it stood for a nine)."""
    if not rnd.history:
        return False, False
    play = rnd.history[-1][1]
    if play.wild is None:
        return False, False
    return True, play.rank == NINE


def is_opera(rnd: "Round") -> bool:
    """Whether the winner made an opera, as the variant reads it (``Rules.opera``).

    * ``first_turn`` (1991, 2011; AMB-31): the eldest goes out «сразу же» (S0), «inmediatamente»
      (S1): in the first, unbroken turn.  Stops by a king or the comet keep the turn; a pass by
      anyone (the turn going round) breaks it.
    * ``first_hand`` (1752): the first hand out before anyone else has played a card (S0, S1),
      even if the others passed in between.
    * ``one_turn`` (Yanovsky, AMB-33): the hand emptied "in one turn" (S2, «за один ход»): no other
      player laid a card from the winner's first card to the last (the others only passing).
    * ``one_turn_literal`` (AMB-33's other reading): the turn never left the winner: nobody else
      played or passed from the winner's first card to the last.
    """
    r = rnd.rules
    w = rnd.winner
    if w is None or r.opera == "none" or rnd.streak_seat != w:
        return False
    if r.opera == "one_turn" or r.opera == "one_turn_literal":
        if rnd.streak_len != rnd.start_sizes[w]:
            return False
        if r.opera == "one_turn":
            return True
        first = next(i for i, (seat, play) in enumerate(rnd.history) if seat == w and play.kind is CARDS)
        return all(seat == w for seat, _ in rnd.history[first:])
    if w != rnd.leader or rnd.streak_len != rnd.cards_played:
        return False
    return r.opera == "first_hand" or not any(play.kind is PASS for _, play in rnd.history)


def losers(rnd: "Round", winner: int) -> list[int]:
    """Seats that pay: everyone else, or the other side in a partnership (partner's cards ignored, AMB-42)."""
    n = rnd.players
    if rnd.rules.partnerships and n == 4:
        return [s for s in range(n) if s % 2 != winner % 2]
    return [s for s in range(n) if s != winner]


def _count(rnd: "Round", hand: Sequence[Card], times: int = 1) -> Term:
    """What a hand left counts: its cards, or its pips (the payment's cards are the hand)."""
    if rnd.rules.count == "cards":
        return Term(Count.CARDS, len(hand), times)
    return Term(Count.PIPS, sum(c.pips for c in hand), times)


def _holds_wild(rnd: "Round", hand: Sequence[Card]) -> bool:
    return any(c in rnd.wilds for c in hand)


# ---------------------------------------------------------------- schemes
def _settle_manille(rnd: "Round", w: int, opera: bool, out: list[Payment], notes: Notes) -> None:
    """1718: a jeton per pip to the winner; manille and king penalties (S0, S1, Enc)."""
    r = rnd.rules
    for s in losers(rnd, w):
        hand = rnd.hands[s]
        term = _count(rnd, hand)
        if term.value:
            out.append(_paid(s, w, term.value, Why.HAND, rnd, hand, (term,)))
        pen = r.manille_penalty_amount
        if pen and _holds_wild(rnd, hand):
            # Only the manille carries this penalty (S1: «El jugador que se quede con la manilla en la
            # mano…»); Hoc's wild hocs (amount 0) count their pips like any other card.
            wild = tuple(c for c in hand if c in rnd.wilds)
            if r.manille_penalty == "each_opponent":
                for o in range(rnd.players):
                    if o != s:
                        out.append(_paid(s, o, pen, Why.MANILLE_EACH, rnd, wild))
            else:
                out.append(_paid(s, w, pen, Why.MANILLE_WINNER, rnd, wild))
        kings = tuple(c for c in hand if c.rank == KING)
        if kings and r.king_penalty_each:
            for o in range(rnd.players):
                if o != s:
                    out.append(_paid(s, o, len(kings) * r.king_penalty_each, Why.KINGS_KEPT, rnd, kings,
                                     (Term(Count.KINGS, len(kings), r.king_penalty_each),)))


NEW_ROWS = {
    # (opera, comet last, as nine): (mg, mp, mb)  -- the Académie's multipliers (S0, S1), AMB-12
    (False, False, False): (1, 1, 0),
    (False, True, False): (2, 2, 2),
    (False, True, True): (4, 4, 4),
    (True, False, False): (2, 2, 0),
    (True, True, False): (4, 4, 4),
    (True, True, True): (16, 8, 4),
}
HOLDING_FACTOR = 2  # 1752: a loser still holding the comet when the winner goes out pays double (S0, S1)


def _bonuses(opera: bool, last: bool, nine: bool) -> tuple[Bonus, ...]:
    """Why a deal is multiplied: the opera, going out with the comet (as a nine)."""
    why = [Bonus.OPERA] if opera else []
    if last:
        why.append(Bonus.COMET_AS_NINE if nine else Bonus.COMET_LAST)
    return tuple(why)


def _settle_new(rnd: "Round", w: int, opera: bool, out: list[Payment], notes: Notes) -> None:
    """1752: game, points and bonus with the multipliers of the Académie (S0, S1; AMB-12)."""
    r = rnd.rules
    last, nine = last_play_wild(rnd)
    mg, mp, mb = NEW_ROWS[(opera, last, nine and last)]
    why = _bonuses(opera, last, nine)
    if why:
        notes.append(Note(Say.MULTIPLIERS, counts=(mg, mp, mb), why=why))
    for s in losers(rnd, w):
        hand = rnd.hands[s]
        terms = [_count(rnd, hand, mp)]
        if r.game_stake:
            terms.append(Term(Count.GAME, r.game_stake, mg))
        if mb and r.comet_bonus:
            terms.append(Term(Count.BONUS, r.comet_bonus, mb))
        amount = sum(t.value * t.times for t in terms)
        held = _holds_wild(rnd, hand) and not (why and r.multipliers == "largest")
        factors = (Factor(HOLDING_FACTOR, "holding"),) if held else ()
        for f in factors:
            amount *= f.times
        if amount:
            out.append(_paid(s, w, amount, Why.HAND, rnd, hand, tuple(terms), factors))


def _settle_modern(rnd: "Round", w: int, opera: bool, out: list[Payment], notes: Notes) -> None:
    """Pips (or cards) × comet multipliers × opera (S0, S1 for 1991/2011; S2 for 1804), the multipliers
    multiplied together (AMB-45)."""
    r = rnd.rules
    last, nine = last_play_wild(rnd)
    why: list[Bonus] = []
    times: list[int] = []
    if last:
        k = r.comet_nine_multiplier if nine else r.comet_last_multiplier
        if k > 1:
            why.append(Bonus.COMET_AS_NINE if nine else Bonus.COMET_LAST)
            times.append(k)
    if opera and r.opera_multiplier > 1:
        why.append(Bonus.OPERA)
        times.append(r.opera_multiplier)
    if r.multipliers == "largest" and len(times) > 1:  # AMB-45: the largest, or S2's opera ended with the comet
        top = times.index(max(times))
        both = opera and last and r.opera_comet_multiplier > times[0]
        why, times = (why, [r.opera_comet_multiplier // r.opera_multiplier, times[1]]) if both else ([why[top]], [times[top]])
    m = 1
    for k in times:
        m *= k
    if why:
        notes.append(Note(Say.DEAL_FACTORS, why=tuple(why), times=tuple(times)))
    for s in losers(rnd, w):
        hand = rnd.hands[s]
        term = _count(rnd, hand)
        factors = [Factor(m)] if m > 1 else []
        if r.comet_holder_multiplier > 1 and _holds_wild(rnd, hand) and (r.multipliers == "multiply" or m == 1):
            factors.append(Factor(r.comet_holder_multiplier, "holding"))
        amount = term.value
        for f in factors:
            amount *= f.times
        if amount:
            out.append(_paid(s, w, amount, Why.HAND, rnd, hand, (term,), tuple(factors)))


def _settle_commit1857(rnd: "Round", w: int, opera: bool, out: list[Payment], notes: Notes) -> None:
    """A chip per card left; the holder of the 9♦ pays nothing (S0, S1; cf. Pope Joan)."""
    r = rnd.rules
    for s in losers(rnd, w):
        hand = rnd.hands[s]
        if r.comet_holder_excused and _holds_wild(rnd, hand):
            notes.append(Note(Say.EXCUSED, seat=s, cards=tuple(c for c in hand if c in rnd.wilds)))
            continue
        if hand:
            out.append(_paid(s, w, len(hand), Why.HAND, rnd, hand, (Term(Count.CARDS, len(hand)),)))


def _settle_commit1991(rnd: "Round", w: int, opera: bool, out: list[Payment], notes: Notes) -> None:
    """The pool (antes of a chip, AMB-46), a chip per king still held, 2 chips from the comet's holder (S0, S1)."""
    r = rnd.rules
    for s in losers(rnd, w):
        hand = rnd.hands[s]
        kings = tuple(c for c in hand if c.rank == KING)
        if kings and r.king_held_pay:
            out.append(_paid(s, w, len(kings) * r.king_held_pay, Why.KINGS_LEFT, rnd, kings,
                             (Term(Count.KINGS, len(kings), r.king_held_pay),)))
        if r.comet_held_pay and _holds_wild(rnd, hand):
            out.append(_paid(s, w, r.comet_held_pay, Why.COMET_HELD, rnd, tuple(c for c in hand if c in rnd.wilds)))


def _settle_blocked(rnd: "Round", out: list[Payment], notes: Notes) -> None:
    """Both blocked: the player with fewer points scores the difference (S2, PW; AMB-14)."""
    counts = [rnd._count(h) for h in rnd.hands]
    best = min(counts)
    notes.append(Note(Say.BLOCKED, counts=tuple(counts)))
    if rnd.winner is None:
        notes.append(Note(Say.TIE))
        return
    what = Count.CARDS if rnd.rules.count == "cards" else Count.PIPS
    for s, c in enumerate(counts):
        if c > best:
            out.append(_paid(s, rnd.winner, c - best, Why.BLOCKED, rnd, rnd.hands[s],
                             (Term(what, c), Term(what, best))))


_SCHEMES = {
    "manille": _settle_manille,
    "new": _settle_new,
    "modern": _settle_modern,
    "commit1857": _settle_commit1857,
    "commit1991": _settle_commit1991,
}


def _refund_in_play(rnd: "Round", out: list[Payment], notes: Notes) -> None:
    """A drawn opera with ``opera_draw_refund`` (AMB-32): what was paid in play is handed back."""
    for p in rnd.ledger:
        if p.payee != POOL and p.payer != POOL:
            out.append(Payment(p.payee, p.payer, p.amount, Why.REFUND, p.cards, (), (), p.unit, p))
    notes.append(Note(Say.REFUNDS))
