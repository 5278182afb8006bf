"""Scripted deals for the modern comet (Hoyle 1991), Arnold's two-handed game (2011) and the
6-8 player game, with hand-computed chips (S0, S1)."""

from __future__ import annotations

import random
from typing import Sequence

import pytest

import comet
from comet import IllegalPlayError, Match, Round
from comet_render.narrate import narrate

M = comet.find_variant("modern-comet-1991")
A = comet.find_variant("two-handed-arnold-2011")
S = comet.find_variant("comet-6-8-players")


def run(variant: comet.Variant, hands: Sequence[str], plays: Sequence[str], leader: int = 0,
        pack: str | None = "red", dead_comets: int = 0) -> Round:
    rnd = Round.from_hands(variant, list(hands), leader=leader, pack=pack, dead_comets=dead_comets)
    for p in plays:
        rnd.play(p)
    return rnd


def settled(rnd: Round) -> list[tuple[int, int, int]]:
    out = rnd.outcome()
    assert out is not None
    return [(p.payer, p.payee, p.amount) for p in out.settlement]


def ledger(rnd: Round) -> list[tuple[int, int, int]]:
    return [(p.payer, p.payee, p.amount) for p in rnd.ledger]


def test_deal_sizes_and_dead_hand() -> None:
    for n, size, dead in ((2, 18, 12), (3, 12, 12), (4, 10, 8), (5, 9, 3)):
        rnd = Round.deal(M, players=n, seed=1)
        assert [len(h) for h in rnd.hands] == [size] * n and len(rnd.dead) == dead


def test_the_announcements_and_pass() -> None:
    """"7, 8, 9 without 10", "10, J without Q", "pass"; all pass after a "without": its caller leads."""
    rnd = run(M, ["7H 8H 9H 2H", "TD JD 3H", "QD 4D"],
              ["7H", "8H", "9H", "pass", "TD", "JD", "pass", "QD", "pass", "pass", "pass"])
    assert rnd.to_play == 2 and rnd.targets is None
    text = "\n".join(narrate(rnd))
    assert "\u201c7, 8, 9 without 10\u201d" in text and "\u201c10, J without Q\u201d" in text
    assert "\u201cpass\u201d" in text
    record = rnd.record()
    assert "0: pass  ; 7, 8, 9 without 10" in record
    assert "1: pass  ; 10, J without Q" in record
    assert ledger(rnd) == []  # no incidental-stop payment in the modern game


def test_king_stops() -> None:
    rnd = run(M, ["QH KH 2H", "3H 4H"], ["QH", "KH"])
    assert rnd.targets is None and rnd.to_play == 0 and ledger(rnd) == []


def test_four_of_a_kind_and_three_nines_but_not_kings() -> None:
    rnd = run(M, ["7H 7H 7D 7D 9H 9H 9D 9C KH KD", "3H 4H"], [])
    legal = {p.text for p in rnd.legal_plays()}
    assert {"7H 7H 7D 7D", "9H 9H 9D", "9H 9H 9D 9C=9"} <= legal
    assert "KH KD" not in legal


def test_comet_value_two_and_escalation() -> None:
    rnd = run(M, ["5H 9C 2H", "3H 4H", "6D 7D"], ["5H", "9C=6"])
    assert ledger(rnd) == [(1, 0, 2), (2, 0, 2)]
    assert rnd.targets is None and rnd.to_play == 0  # the comet stops
    rnd = run(M, ["5H 9C 2H", "3H 4H", "6D 7D"], ["5H", "9C=6"], dead_comets=2)
    assert ledger(rnd) == [(1, 0, 6), (2, 0, 6)]  # 2 + 2·2
    assert "DeadComets" in rnd.record()
    again = comet.replay(rnd.record())
    assert isinstance(again, Round) and again.ledger == rnd.ledger


def test_match_escalates_while_the_comet_is_dead_and_resets_when_dealt() -> None:
    seen_rise = seen_reset = False
    for seed in range(12):
        m = Match(M, players=2, seed=seed, deals=8)
        rng = random.Random(seed)
        k = 0
        packs = []
        while True:
            rnd = m.round
            packs.append(rnd.pack_name)
            assert rnd.comet_value == 2 + 2 * k, (seed, len(packs))
            dead = any(c in rnd.wilds for c in rnd.initial_dead)
            while not rnd.is_over:
                rnd.play(rng.choice(rnd.legal_plays()))
            if m.is_over:
                break
            m.next_deal()
            if dead:
                k += 1
                seen_rise = True
            else:
                seen_reset = seen_reset or k > 0
                k = 0
        assert packs[:4] == ["red", "black", "red", "black"]
    assert seen_rise and seen_reset


def test_comet_holder_pays_double_for_every_card_including_the_comet() -> None:
    rnd = run(M, ["7H 8H 2H", "TD 9C QD", "3H"], ["7H", "8H", "pass", "pass", "pass", "2H"])
    # seat 0 out, not an opera (its turn was broken, AMB-31); seat 1 holds the comet (9 pips): ×2
    assert settled(rnd) == [(1, 0, 29 * 2), (2, 0, 3)]


OPERA_S0 = "«Если старший выбывает сразу же, игра может быть оценена вдвое за оперу»"
OPERA_S1 = "«Si el mayor sale inmediatamente, el juego puede tener un valor doble para la ópera»"


def test_opera_is_the_eldests_first_unbroken_turn() -> None:
    """S0: «Если старший выбывает сразу же…»; S1: «Si el mayor sale inmediatamente…» (AMB-31).  An
    eldest who says "7, 8 without 9", sees everyone pass and leads again has had a second turn: out
    then, no opera, although nobody else has played a card (1752's wording, an option, would pay it)."""
    plays = ["7H", "8H", "pass", "pass", "pass", "2H"]
    rnd = run(M, ["7H 8H 2H", "TD 3D QD", "3H"], plays)
    out = rnd.outcome()
    assert out is not None and rnd.winner == 0 and not out.opera
    assert settled(rnd) == [(1, 0, 23), (2, 0, 3)]
    rnd = run(M.with_options(opera="first_hand"), ["7H 8H 2H", "TD 3D QD", "3H"], plays)
    out = rnd.outcome()
    assert out is not None and out.opera
    assert settled(rnd) == [(1, 0, 23 * 2), (2, 0, 3 * 2)]
    assert "сразу же" in OPERA_S0 and "inmediatamente" in OPERA_S1


def test_an_opera_survives_the_eldests_own_stops() -> None:
    """Stopped by its own king, the eldest leads on in the same turn: still the first, unbroken turn."""
    rnd = run(M, ["QH KH 2H", "TD 9C 3D", "4H"], ["QH", "KH", "2H"])
    out = rnd.outcome()
    assert out is not None and out.opera
    assert settled(rnd) == [(1, 0, 22 * 2 * 2), (2, 0, 4 * 2)]  # holder of the comet ×2, opera ×2


def test_arnold_opera_is_the_first_unbroken_turn_too() -> None:
    """Arnold (S0): «Игрок, не являющийся дилером, выходящий на первый ход, выигрывает вдвое»."""
    rnd = run(A, ["7H 8H 2H", "TD 3D QD"], ["7H", "8H", "pass", "pass", "2H"])
    out = rnd.outcome()
    assert out is not None and rnd.winner == 0 and not out.opera and out.end == "out"
    assert settled(rnd) == [(1, 0, 23)]


def test_a_drawn_opera_keeps_the_comets_chips_paid_in_play() -> None:
    """AMB-32: the sources say only that the hand is drawn; the draw cancels the settlement and the
    comet's 2 chips, paid when it was played, are kept.  ``opera_draw_refund=True`` returns them."""
    rnd = run(M, ["7H 9C", "TD JD QD"], ["7H", "9C=8"])
    out = rnd.outcome()
    assert out is not None and out.end == "draw" and ledger(rnd) == [(1, 0, 2)]
    assert out.settlement == [] and out.payments == [2, -2]
    rnd = run(M.with_options(opera_draw_refund=True), ["7H 9C", "TD JD QD"], ["7H", "9C=8"])
    out = rnd.outcome()
    assert out is not None and out.end == "draw"
    assert settled(rnd) == [(0, 1, 2)] and out.payments == [0, 0]


def test_out_with_the_comet_and_as_a_natural_nine() -> None:
    # not an opera: seat 1 has played
    rnd = run(M, ["5H 9C", "6H 3H KD", "2D"], ["5H", "pass", "6H", "pass", "pass", "9C=7"])
    assert rnd.winner == 0
    assert settled(rnd) == [(1, 0, 13 * 2), (2, 0, 2 * 2)]
    rnd = run(M, ["8H 9C", "6H 7H 3H KD", "2D"], ["6H", "7H", "pass", "pass", "8H", "9C=9"], leader=1)
    assert rnd.winner == 0
    assert settled(rnd) == [(1, 0, 13 * 4), (2, 0, 2 * 4)]


def test_opera_doubles_with_three_players() -> None:
    rnd = run(M, ["7H 8H", "TD 9C QD", "3H"], ["7H", "8H"])
    assert settled(rnd) == [(1, 0, 29 * 2 * 2), (2, 0, 3 * 2)]


def test_two_player_opera_drawn_if_the_dealer_could_too() -> None:
    """AMB-20: the dealer's hand 10, comet (as J, a stop), Q could go out in one turn."""
    rnd = run(M, ["7H 8H", "TD 9C QD"], ["7H", "8H"])
    out = rnd.outcome()
    assert out is not None and out.end == "draw" and out.winner is None and out.payments == [0, 0]
    assert "drawn" in " ".join(out.lines)


def test_two_player_opera_stands_if_the_dealer_could_not() -> None:
    rnd = run(M, ["7H 8H", "TD 3H QD"], ["7H", "8H"])
    out = rnd.outcome()
    assert out is not None and out.end == "out" and out.opera
    assert settled(rnd) == [(1, 0, 23 * 2)]
    rnd = run(M.with_options(opera_draw=False), ["7H 8H", "TD 9C QD"], ["7H", "8H"])
    assert settled(rnd) == [(1, 0, 29 * 2 * 2)]


def test_wild_is_not_forced_and_comet_only_for_the_needed_rank() -> None:
    rnd = run(M, ["7H 9C 2H", "3H"], ["7H"])
    assert [p.text for p in rnd.legal_plays()] == ["9C=8", "pass"]
    with pytest.raises(IllegalPlayError):
        rnd.play("9C=T")


# ---------------------------------------------------------------- Arnold 2011
def test_arnold_fixed_comet_value_and_target() -> None:
    rnd = run(A, ["5H 9C 2H", "3H 4H"], ["5H", "9C=6"], dead_comets=3)
    assert ledger(rnd) == [(1, 0, 2)]
    m = Match(A, players=2, seed=5)
    assert m.target == 121 and m.deals is None
    rng = random.Random(1)
    deals = 0
    while True:
        rnd = m.round
        while not rnd.is_over:
            rnd.play(rng.choice(rnd.legal_plays()))
        deals += 1
        if m.is_over:
            break
        assert max(m.pegged) < 121
        m.next_deal()
    pegged = [p + max(a, 0) for p, a in zip(m.pegged, m.round.outcome().payments)]  # type: ignore[union-attr]
    assert max(pegged) >= 121 and deals > 1
    with pytest.raises(ValueError):
        m.next_deal()


def test_arnold_loser_with_comet_doubles() -> None:
    rnd = run(A, ["5H 8H", "6H 7H 3H 9C"], ["5H", "pass", "6H", "7H", "pass", "8H"])
    assert settled(rnd) == [(1, 0, 12 * 2)]


def test_arnold_rounds_for_three_to_five_hands() -> None:
    m = Match(M, players=4, seed=2)
    assert m.deals == 4  # one whole round: each player deals once
    rng = random.Random(0)
    dealers = []
    while True:
        dealers.append(m.round.dealer)
        rnd = m.round
        while not rnd.is_over:
            rnd.play(rng.choice(rnd.legal_plays()))
        if m.is_over:
            break
        m.next_deal()
    assert len(dealers) == 4 and sorted(dealers) == [0, 1, 2, 3]
    assert sum(m.standings()) == 0 and any(s < 0 for s in m.standings())


# ---------------------------------------------------------------- 6-8 players
@pytest.mark.parametrize("n,size", [(6, 8), (7, 7), (8, 6)])
def test_six_to_eight_pack_sizes(n: int, size: int) -> None:
    assert len(S.rules.pack(players=n)) == n * size
    rnd = Round.deal(S, players=n, seed=1)
    assert [len(h) for h in rnd.hands] == [size] * n and rnd.dead == []
    names = {str(c) for c in S.rules.pack(players=n)}
    assert "8D" not in names and "8S" not in names and "8C" not in names
    assert ("8H" in names) == (n == 7)
    sevens = {str(c) for c in S.with_options(removed_rank="7").rules.pack(players=n)}
    assert "8D" not in sevens and "7S" not in sevens and "8S" in sevens


def test_six_to_eight_in_suit_with_permanent_stops() -> None:
    hands = ["5S 6H 9D 2H", "6S 2C", "TS 3C", "4C", "5C", "6C"]
    rnd = run(S, hands, ["5S"], pack=None)
    assert rnd.targets == ((6, "S"),)
    assert [p.text for p in rnd.legal_plays()] == ["9D=6S", "pass"]  # 6H is the wrong suit
    rnd.play("pass")
    assert rnd.to_play == 1 and [p.text for p in rnd.legal_plays()] == ["6S"]
    # a seven whose eight is out of the pack is a stop
    rnd = run(S, ["7S 2H", "9S 2C", "TS 3C", "4C", "5C", "6C"], ["7S"], pack=None)
    assert rnd.targets is None and rnd.to_play == 0
    assert "successor is out of the pack" in " ".join(narrate(rnd))


def test_six_to_eight_comet_stops_and_pays() -> None:
    rnd = run(S, ["5S 9D 2H", "7S 2C", "TS 3C", "4C", "5C", "6C"], ["5S", "9D=6S"], pack=None)
    assert rnd.targets is None and rnd.to_play == 0
    assert ledger(rnd) == [(s, 0, 2) for s in range(1, 6)]
