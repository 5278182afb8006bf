"""Scripted deals for Commit: American Hoyle 1857, Hoyle 1991 and Arnold 2011 (S0, S1)."""

from __future__ import annotations

from typing import Sequence

import comet
from comet import Round
from comet_learn.describe import facts
from comet_render.narrate import narrate

C57 = comet.find_variant("commit-1857")
C91 = comet.find_variant("commit-1991")
C11 = comet.find_variant("commit-2011")


def run(variant: comet.Variant, hands: Sequence[str], plays: Sequence[str], leader: int = 0) -> Round:
    rnd = Round.from_hands(variant, list(hands), leader=leader)
    for p in plays:
        rnd.play(p)
    return rnd


def ledger(rnd: Round) -> list[tuple[int, int, int]]:
    return [(p.payer, p.payee, p.amount) for p in rnd.ledger]


def settled(rnd: Round) -> list[tuple[int, int, int]]:
    out = rnd.outcome()
    assert out is not None
    return [(p.payer, p.payee, p.amount) for p in out.settlement]


def test_1857_pack_and_spare_hand() -> None:
    assert len(C57.rules.pack()) == 51 and "8D" not in {str(c) for c in C57.rules.pack()}
    rnd = Round.deal(C57, players=2, seed=1)
    assert [len(h) for h in rnd.hands] == [17, 17] and len(rnd.dead) == 17
    rnd = Round.deal(C57, players=5, seed=1)
    assert sorted(len(h) for h in rnd.hands) == [8, 8, 9, 9, 9] and len(rnd.dead) == 8


def test_1857_seven_of_diamonds_stops() -> None:
    rnd = run(C57, ["6D 7D 2C", "AS 3C", "KS 4C"], ["6D", "7D"])
    assert rnd.targets is None and rnd.to_play == 0


def test_1857_seven_of_diamonds_stops_with_suits_ignored_too() -> None:
    """S1: «El 7♦ y todos los reyes son paradas y el mismo jugador puede comenzar una nueva secuencia.»
    The 7♦ is a stop by rule, not only because the 8♦ is missing from an in-suit run: with suits
    ignored (``in_suit=False``) an 8♠ could follow a 7, yet the 7♦ still ends the run and its player
    leads anew."""
    v = C57.with_options(in_suit=False)
    rnd = run(v, ["6D 7D 2C", "8S 3C", "KS 4C"], ["6D"])
    assert rnd.to_play == 0 and [p.text for p in rnd.legal_plays()] == ["7D"]
    rnd.play("7D")
    assert rnd.targets is None and rnd.to_play == 0  # not seat 1 with its 8♠
    assert "this card is a stop by rule (S0, S1)" in " ".join(narrate(rnd))
    # any other seven is no stop with suits ignored: the holder of an 8 plays it
    rnd = run(v, ["6D 7H 2C", "8S 3C", "KS 4C"], ["6D", "7H"])
    assert rnd.to_play == 1 and rnd.targets == ((8, ""),)
    assert "7♦ (a stop by rule" in facts(v)["Stops"]


def test_1857_holder_of_the_next_card_plays_it() -> None:
    rnd = run(C57, ["5H 2C", "AS 3C", "6H 4C 7H"], ["5H"])
    assert rnd.to_play == 2
    rnd.play("6H")
    assert rnd.to_play == 2
    rnd.play("7H")
    # nobody holds the 8♥: the last player leads anew (no payment in Commit)
    assert rnd.targets is None and rnd.to_play == 2


def test_1857_nine_of_diamonds_bridges_a_gap() -> None:
    rnd = run(C57, ["5H 9D 2C", "AS 3C", "7H 4C"], ["5H"])
    # nobody holds the 6♥: the 9♦ may bridge it
    assert rnd.to_play == 0 and [p.text for p in rnd.legal_plays()] == ["9D=6H", "pass"]
    rnd.play("9D=6H")
    assert rnd.targets == ((7, "H"),) and rnd.to_play == 2  # the run goes on
    rnd = run(C57, ["5H 9D 2C", "6H 3C", "7H 4C"], ["5H"])
    # the 6♥ is held: no bridge
    assert rnd.to_play == 1 and [p.text for p in rnd.legal_plays()] == ["6H"]


def test_1857_ace_and_king_earn_a_chip() -> None:
    rnd = run(C57, ["AS KC 2C", "3C", "4C 9D"], ["AS"])
    assert ledger(rnd) == [(1, 0, 1), (2, 0, 1)]
    rnd = run(C57, ["QC KC 5S", "3C", "4C 9D"], ["QC", "KC"])
    assert ledger(rnd) == [(1, 0, 1), (2, 0, 1)]
    assert rnd.targets is None and rnd.to_play == 0


def test_1857_chip_per_card_holder_of_the_nine_of_diamonds_excused() -> None:
    rnd = run(C57, ["5S", "3C 4H", "4C 9D JH"], ["5S"])
    assert settled(rnd) == [(1, 0, 2)]
    out = rnd.outcome()
    assert out is not None and out.payments == [2, -2, 0]
    assert any("excused" in n for n in out.notes)


def test_1991_pool_kings_and_comet_held() -> None:
    rnd = run(C91, ["5H", "TS 3C KC", "KH KD 9D 4C"], ["5H"])
    assert ledger(rnd) == [(0, -1, 1), (1, -1, 1), (2, -1, 1)]
    assert sorted(settled(rnd)) == sorted([(1, 0, 1), (2, 0, 2), (2, 0, 2), (-1, 0, 3)])
    out = rnd.outcome()
    assert out is not None and out.payments == [-1 + 3 + 1 + 4, -2, -1 - 4]  # no per-card payment


def test_1991_comet_branch_continue_or_from_the_ten() -> None:
    rnd = run(C91, ["5H 9D 7C TC 2C", "TS 3C", "KH 4C"], ["5H", "9D=6"])
    assert ledger(rnd)[3:] == [(1, 0, 2), (2, 0, 2)]
    assert rnd.targets == ((7, ""), (10, "")) and rnd.to_play == 0  # not a stop
    assert {p.text for p in rnd.legal_plays()} == {"7C", "TC"}
    rnd.play("TC")
    assert rnd.targets == ((11, ""),)
    assert "start again from the ten" in " ".join(narrate(rnd))


def test_1991_next_player_has_the_same_choice() -> None:
    rnd = run(C91, ["5H 9D 2C", "TS 3C", "KH 4C"], ["5H", "9D=6", "pass"])
    assert rnd.to_play == 1 and [p.text for p in rnd.legal_plays()] == ["TS"]


def test_1991_king_earns_one() -> None:
    rnd = run(C91, ["QH KH 2C", "TS 3C", "4C 5C"], ["QH", "KH"])
    assert ledger(rnd)[3:] == [(1, 0, 1), (2, 0, 1)]


def test_2011_in_suit_and_the_switch_to_the_holder_of_the_next_card() -> None:
    rnd = run(C11, ["5H 6S 2C", "6H 3C", "7H 4C"], ["5H"])
    assert rnd.targets == ((6, "H"),)
    assert rnd.to_play == 0 and [p.text for p in rnd.legal_plays()] == ["pass"]  # 6♠ is the wrong suit
    rnd = run(C11, ["5H 9D 2C", "3C 6C", "7H 4C"], ["5H", "9D=6H"])
    assert rnd.targets == ((7, "H"), (10, "D"))
    assert rnd.h_mode and rnd.to_play == 2  # holds the 7♥ though seat 1 is next in turn
    assert "whoever holds the next card in suit plays it" in " ".join(narrate(rnd))
    rnd.play("7H")
    assert rnd.to_play == 2


def test_2011_deal_sizes() -> None:
    for n, size in ((3, 15), (4, 12), (5, 10), (6, 8), (7, 7)):
        rnd = Round.deal(C11, players=n, seed=1)
        assert [len(h) for h in rnd.hands] == [size] * n and len(rnd.dead) == 52 - n * size
