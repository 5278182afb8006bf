"""End-of-deal settlement for every scheme of the family, each line explained.

Schemes (``Rules.scheme``):

* ``manille``: the 1718 old comet and Hoc: a jeton per pip (or per card, *petit jeu*),
  the manille and king penalties (S0, S1, Enc; AMB-9).
* ``new``: the 1752 new comet in points: ``G·mg + pips·mp + B·mb`` with the
  multipliers of the digest's table (AMB-12), ×2 for a loser holding the comet.
* ``modern``: Yanovsky 1804, the joker pack, 1991, Arnold 2011, 6-8 players: pips (or
  cards) × the comet multipliers × opera (S0, S1, S2).
* ``commit1857``: a chip per card left; the holder of the 9♦ is excused (S0, S1).
* ``commit1991``: the pool, a chip per king left, 2 chips from the comet's holder (S0, S1).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from comet.cards import KING, NINE, Card, cards_symbols
from comet.ledger import POOL, Payment, net, plural
from comet.outcome import Outcome
from comet.plays import CARDS, PASS

if TYPE_CHECKING:
    from comet.round import Round


def settle(rnd: "Round") -> Outcome:
    r = rnd.rules
    n = rnd.players
    winner = rnd.winner
    payments: list[Payment] = []
    notes: list[str] = []
    opera = False
    drawn = False
    if rnd.end == "blocked":
        _settle_blocked(rnd, payments, notes)
    elif winner is not None:
        opera = is_opera(rnd)
        if opera and r.opera_draw and n == 2 and winner == rnd.leader:
            dealer = (winner + 1) % 2
            if can_go_out_in_one_turn(rnd, rnd.initial_hands[dealer]):
                drawn = True
                notes.append("Opera by the first hand, but the dealer could have made one too: the hand is drawn.")
        if not drawn:
            scheme = _SCHEMES[r.scheme]
            scheme(rnd, winner, opera, payments, notes)
        elif r.opera_draw_refund:
            _refund_in_play(rnd, payments, notes)
    if r.ante:
        pool = sum(p.amount for p in rnd.ledger if p.payee == POOL)
        if winner is not None and not drawn:
            payments.append(Payment(POOL, winner, pool, "takes the pool"))
        else:
            for seat in range(n):
                payments.append(Payment(POOL, seat, r.ante, "ante returned (no winner)"))
    ledger = list(rnd.ledger)
    totals = net(ledger + payments, n)
    return Outcome(
        winner=None if drawn else winner,
        end="draw" if drawn else rnd.end,
        payments=totals,
        settlement=payments,
        ledger=ledger,
        notes=notes,
        opera=opera,
        unit=r.unit,
        hands=[list(h) for h in rnd.hands],
        partnerships=r.partnerships and n == 4,
    )


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
        first = next(i for i, (seat, play) in enumerate(rnd.history) if seat == w and play.kind == CARDS)
        return all(seat == w for seat, _ in rnd.history[first:])
    if w != rnd.leader or rnd.streak_len != rnd.cards_played:
        return False
    return r.opera == "first_hand" or not any(play.kind == PASS for _, play in rnd.history)


def losers(rnd: "Round", winner: int) -> list[int]:
    """Seats that pay: everyone else, or the other side in a partnership (partner's cards ignored)."""
    n = rnd.players
    if rnd.rules.partnerships and n == 4:
        return [s for s in range(n) if s % 2 != winner % 2]
    return [s for s in range(n) if s != winner]


def _count_text(rnd: "Round", hand: Sequence[Card]) -> tuple[int, str]:
    if rnd.rules.count == "cards":
        return len(hand), f"{len(hand)} card{'s' if len(hand) != 1 else ''} left"
    pips = sum(c.pips for c in hand)
    return pips, f"{pips} pips in {cards_symbols(hand)}" if hand else "no cards"


# ---------------------------------------------------------------- schemes
def _settle_manille(rnd: "Round", w: int, opera: bool, out: list[Payment], notes: list[str]) -> None:
    """1718: a jeton per pip to the winner; manille and king penalties (S0, S1, Enc)."""
    r = rnd.rules
    unit = r.unit
    for s in losers(rnd, w):
        hand = rnd.hands[s]
        amount, text = _count_text(rnd, hand)
        if amount:
            out.append(Payment(s, w, amount, text))
        pen = r.manille_penalty_amount
        if pen and any(c in rnd.wilds for c in hand):
            # Only the manille carries this penalty (S1: «El jugador que se quede con la manilla en la
            # mano…»); Hoc's wild hocs (amount 0) count their pips like any other card.
            if r.manille_penalty == "each_opponent":
                for o in range(rnd.players):
                    if o != s:
                        out.append(Payment(s, o, pen, f"kept the manille: {pen} {plural(unit)} to each opponent"))
            else:
                out.append(Payment(s, w, pen, "kept the manille: a fiche to the winner"))
        kings = sum(1 for c in hand if c.rank == KING)
        if kings and r.king_penalty_each:
            for o in range(rnd.players):
                if o != s:
                    out.append(Payment(s, o, kings * r.king_penalty_each, f"kept {kings} king(s) (Enc)"))


_NEW_ROWS = {
    # (opera, comet last, as nine): (mg, mp, mb)  -- digest 2.3, AMB-12
    (False, False, False): (1, 1, 0),
    (False, True, False): (2, 2, 2),
    (False, True, True): (4, 4, 4),
    (True, False, False): (2, 2, 0),
    (True, True, False): (4, 4, 4),
    (True, True, True): (16, 8, 4),
}


def _times(text: str, k: int) -> str:
    """``"12 pips ×2"``; no ``×1``."""
    return text if k == 1 else f"{text} ×{k}"


def _settle_new(rnd: "Round", w: int, opera: bool, out: list[Payment], notes: list[str]) -> None:
    """1752: game, points and bonus with the multipliers of the Académie (S0, S1; AMB-12)."""
    r = rnd.rules
    last, nine = last_play_wild(rnd)
    mg, mp, mb = _NEW_ROWS[(opera, last, nine and last)]
    why = []
    if opera:
        why.append("opera")
    if last:
        why.append("went out with the comet" + (" as a nine" if nine else ""))
    if why:
        notes.append(f"{', '.join(why).capitalize()}: game ×{mg}, points ×{mp}, bonus ×{mb}.")
    for s in losers(rnd, w):
        hand = rnd.hands[s]
        pips, text = _count_text(rnd, hand)
        amount = r.game_stake * mg + pips * mp + r.comet_bonus * mb
        parts = [_times(text, mp)]
        if r.game_stake:
            parts.append(_times(f"game {r.game_stake}", mg))
        if mb and r.comet_bonus:
            parts.append(_times(f"comet bonus {r.comet_bonus}", mb))
        if any(c in rnd.wilds for c in hand):
            amount *= 2
            parts.append("×2 for holding the comet")
        if amount:
            out.append(Payment(s, w, amount, "; ".join(parts)))


def _settle_modern(rnd: "Round", w: int, opera: bool, out: list[Payment], notes: list[str]) -> None:
    """Pips (or cards) × comet multipliers × opera (S0, S1 for 1991/2011; S2 for 1804)."""
    r = rnd.rules
    last, nine = last_play_wild(rnd)
    m = 1
    why = []
    if last:
        k = r.comet_nine_multiplier if nine else r.comet_last_multiplier
        if k > 1:
            m *= k
            why.append(f"went out with the comet{' as a natural nine' if nine else ''} ×{k}")
    if opera and r.opera_multiplier > 1:
        m *= r.opera_multiplier
        why.append(f"opera ×{r.opera_multiplier}")
    if why:
        notes.append("; ".join(why).capitalize() + ".")
    for s in losers(rnd, w):
        hand = rnd.hands[s]
        count, text = _count_text(rnd, hand)
        mult = m
        extra = [f"×{m}"] if m > 1 else []
        if r.comet_holder_multiplier > 1 and any(c in rnd.wilds for c in hand):
            mult *= r.comet_holder_multiplier
            extra.append(f"×{r.comet_holder_multiplier} for holding the comet")
        amount = count * mult
        if amount:
            out.append(Payment(s, w, amount, text + (" " + " ".join(extra) if extra else "")))


def _settle_commit1857(rnd: "Round", w: int, opera: bool, out: list[Payment], notes: list[str]) -> None:
    """A chip per card left; the holder of the 9♦ pays nothing (S0, S1; cf. Pope Joan)."""
    r = rnd.rules
    for s in losers(rnd, w):
        hand = rnd.hands[s]
        if r.comet_holder_excused and any(c in rnd.wilds for c in hand):
            notes.append(f"Seat {s} holds the 9♦ and is excused from paying.")
            continue
        if hand:
            out.append(Payment(s, w, len(hand), f"{len(hand)} card{'s' if len(hand) != 1 else ''} left"))


def _settle_commit1991(rnd: "Round", w: int, opera: bool, out: list[Payment], notes: list[str]) -> None:
    """The pool, a chip per king still held, 2 chips from the comet's holder (S0, S1)."""
    r = rnd.rules
    for s in losers(rnd, w):
        hand = rnd.hands[s]
        kings = sum(1 for c in hand if c.rank == KING)
        if kings and r.king_held_pay:
            out.append(Payment(s, w, kings * r.king_held_pay, f"{kings} king{'s' if kings > 1 else ''} left"))
        if r.comet_held_pay and any(c in rnd.wilds for c in hand):
            out.append(Payment(s, w, r.comet_held_pay, "still holds the comet"))


def _settle_blocked(rnd: "Round", out: list[Payment], notes: list[str]) -> None:
    """Both blocked: the player with fewer points scores the difference (S2, PW; AMB-14)."""
    counts = [rnd._count(h) for h in rnd.hands]
    best = min(counts)
    notes.append("Everybody is blocked: " + ", ".join(f"seat {s} {c}" for s, c in enumerate(counts)) + ".")
    if rnd.winner is None:
        notes.append("A tie: nobody scores.")
        return
    for s, c in enumerate(counts):
        if c > best:
            out.append(Payment(s, rnd.winner, c - best, f"blocked with {c} against {best}"))


_SCHEMES = {
    "manille": _settle_manille,
    "new": _settle_new,
    "modern": _settle_modern,
    "commit1857": _settle_commit1857,
    "commit1991": _settle_commit1991,
}


def _refund_in_play(rnd: "Round", out: list[Payment], notes: list[str]) -> None:
    """A drawn opera with ``opera_draw_refund`` (AMB-32): what was paid in play is handed back."""
    for p in rnd.ledger:
        if p.payee != POOL and p.payer != POOL:
            out.append(Payment(p.payee, p.payer, p.amount, f"returned, the hand being drawn ({p.reason})"))
    notes.append("The drawn hand returns what was paid in play (AMB-32, option opera_draw_refund).")


# ---------------------------------------------------------------- opera draw
def can_go_out_in_one_turn(rnd: "Round", hand: Sequence[Card]) -> bool:
    """Could this hand be played out in a single turn from a free lead? (AMB-20)

    Searches the plays the variant allows (runs, groups, kings and the comet as stops)
    with the other hands out of the way.
    """
    r = rnd.rules
    if (r.turn_model == "R" and not r.in_suit and r.follow == "next" and r.wild_mode == "stop"
            and r.hoc_mode != "stop_anytime" and not r.switch_to_h_on_wild):
        counts = [0] * 14
        wilds = 0
        for c in hand:
            if c in rnd.wilds:
                wilds += 1
            else:
                counts[c.rank] += 1
        nine_pair = r.nine_group == "both"
        return _run_out(tuple(counts), wilds, 0, r.groups, nine_pair)
    return _search_with_engine(rnd, hand)


@lru_cache(maxsize=200_000)
def _run_out(counts: tuple[int, ...], wilds: int, need: int, groups: frozenset[str], nine_pair: bool) -> bool:
    """Counts-only search for suits-ignored rotation games: can these cards all go in one turn?

    ``need`` is the rank required next (0 after a stop: a free lead).  Kings and the comet
    stop (the player leads anew); groups follow the variant (four of a kind, nines).
    """
    if not wilds and not any(counts):
        return True
    ranks = [need] if need else [k for k in range(1, 14) if counts[k]]
    for rank in ranks:
        have = counts[rank]
        after = 0 if rank == KING else rank + 1
        options: list[tuple[int, int, int]] = []  # (naturals used, wild used, next need)
        if have:
            options.append((1, 0, after))
            if "four" in groups and have >= 4:
                options.append((4, 0, after))
            if "kings" in groups and rank == KING:
                options += [(2, 0, 0), (3, 0, 0)]
            if "nines" in groups and rank == NINE:
                if have >= 3:
                    options.append((3, 0, after))
                    if wilds:
                        options.append((3, 1, 0))
                if nine_pair and have >= 2 and wilds:
                    options.append((2, 1, 0))
        for used, wild_used, nxt in options:
            if used > have:
                continue
            rest = list(counts)
            rest[rank] -= used
            if _run_out(tuple(rest), wilds - wild_used, nxt, groups, nine_pair):
                return True
    if wilds:
        # The comet stands for any rank (the needed one when following) and stops.
        if _run_out(counts, wilds - 1, 0, groups, nine_pair):
            return True
    return False


def _search_with_engine(rnd: "Round", hand: Sequence[Card]) -> bool:
    from comet.round import Round

    probe = Round.from_hands(rnd.variant, [list(hand)] + [[c] for c in _spares(rnd, hand, rnd.players - 1)],
                             leader=0, pack=rnd.pack_name)
    while probe.phase in ("redeal", "exchange"):
        probe.play("keep" if probe.phase == "redeal" else "draw")
    return _search(probe)


def _spares(rnd: "Round", hand: Sequence[Card], k: int) -> list[Card]:
    rest = list(rnd.pack)
    for c in hand:
        rest.remove(c)
    rest = [c for c in rest if c not in rnd.wilds]
    return rest[:k]


def _search(probe: "Round") -> bool:
    key_cache: dict[tuple[tuple[str, ...], object], bool] = {}

    def go() -> bool:
        if probe.is_over:
            return probe.winner == 0
        if probe.to_play != 0:
            return False
        key = (tuple(str(c) for c in probe.hands[0]), probe.targets)
        if key in key_cache:
            return key_cache[key]
        result = False
        for play in probe.legal_plays():
            if play.kind != "cards":
                continue
            probe.play(play)
            ok = go()
            probe.undo()
            if ok:
                result = True
                break
        key_cache[key] = result
        return result

    return go()

