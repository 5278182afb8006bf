"""Scripted deals for the new comet (1752), with hand-computed points.

S0/S1 (from the 1752 Académie): groups (four of a kind, three nines with or without the
comet, two or three kings), opera, the comet multipliers, carte blanche, the first hand's
redeal right, partnerships.  The digest's AMB-10/11/12 readings are the defaults.
"""

from __future__ import annotations

from typing import Sequence

import pytest

import comet
from comet import IllegalPlayError, Round
from comet_render.narrate import narrate

NEW = comet.find_variant("new-comet-1752")
PLAIN = NEW.with_options(carte_blanche=0, redeal_right=False)
"""Short teaching hands have no courts, so they would all be cartes blanches."""


def start(hands: Sequence[str], variant: comet.Variant = PLAIN, leader: int = 0, pack: str = "red") -> Round:
    return Round.from_hands(variant, list(hands), leader=leader, pack=pack)


def texts(rnd: Round) -> list[str]:
    return [p.text for p in rnd.legal_plays()]


def settled(rnd: Round) -> list[tuple[int, int, int]]:
    out = rnd.outcome()
    assert out is not None
    return [(p.payer, p.payee, p.amount) for p in out.settlement]


def test_packs_and_deal() -> None:
    red = NEW.rules.pack("red")
    black = NEW.rules.pack("black")
    assert len(red) == len(black) == 48
    assert sum(1 for c in red if str(c) == "9C") == 1 and all(c.is_red or str(c) == "9C" for c in red)
    assert sum(1 for c in black if str(c) == "9D") == 1 and all(not c.is_red or str(c) == "9D" for c in black)
    assert not any(c.rank == 1 for c in red + black)
    assert [str(c) for c in NEW.rules.wild_cards("red")] == ["9C"]
    assert [str(c) for c in NEW.rules.wild_cards("black")] == ["9D"]
    for n, size in ((2, 18), (3, 12), (4, 10)):
        rnd = Round.deal(NEW, players=n, seed=4)
        assert [len(h) for h in rnd.hands] == [size] * n
        assert len(rnd.dead) == 48 - n * size


def test_four_of_a_kind_together() -> None:
    rnd = start(["7H 7H 7D 7D 8H 2D", "3H 4H"])
    assert "7H 7H 7D 7D" in texts(rnd)
    rnd.play("7H 7H 7D 7D")
    assert rnd.targets == ((8, ""),) and texts(rnd) == ["8H"]
    assert "together" in " ".join(narrate(rnd))


def test_four_of_a_kind_where_one_card_of_the_rank_is_legal() -> None:
    rnd = start(["6H 2D", "7H 7H 7D 7D 3H"])
    rnd.play("6H")
    rnd.play("pass")
    assert "7H 7H 7D 7D" in texts(rnd)


def test_three_nines_with_or_without_the_comet() -> None:
    rnd = start(["9H 9H 9D 9C 5H", "3H 4H"])
    legal = texts(rnd)
    assert "9H 9H 9D" in legal and "9H 9H 9D 9C=9" in legal
    # AMB-11 "both": two natural nines with the comet also make the group
    assert "9H 9D 9C=9" in legal and "9H 9H 9C=9" in legal
    rnd.play("9H 9H 9D 9C=9")
    assert rnd.targets is None and rnd.to_play == 0  # the comet in the group: still a stop


def test_two_nines_and_the_comet_only_under_both() -> None:
    rnd = start(["9H 9D 9C 5H", "3H 4H"], NEW.with_options(nine_group="natural", carte_blanche=0,
                                                          redeal_right=False))
    assert not [t for t in texts(rnd) if " " in t]
    rnd = start(["9H 9D 9C 5H", "3H 4H"])
    assert [t for t in texts(rnd) if " " in t] == ["9H 9D 9C=9"]


def test_two_or_three_kings() -> None:
    rnd = start(["KH KH KD 5H", "3H 4H"])
    assert {"KH KD", "KH KH", "KH KH KD"} <= set(texts(rnd))
    rnd.play("KH KH KD")
    assert rnd.targets is None and rnd.to_play == 0


def test_comet_is_a_stop() -> None:
    rnd = start(["5H 9C KH", "3H KD"])
    rnd.play("5H")
    rnd.play("9C=6")
    assert rnd.targets is None and rnd.to_play == 0


def _opera(plays: Sequence[str], hands: Sequence[str], variant: comet.Variant = PLAIN) -> Round:
    rnd = start(hands, variant)
    for p in plays:
        rnd.play(p)
    assert rnd.is_over
    return rnd


def test_plain_win_points() -> None:
    """Seat 0 goes out after seat 1 has played: pips only (G=0, bonus not owed)."""
    rnd = start(["5H 8H", "6H 7H 3H KD"])
    for p in ["5H", "pass", "6H", "7H", "pass", "8H"]:
        rnd.play(p)
    assert rnd.is_over
    out = rnd.outcome()
    assert out is not None and not out.opera
    assert settled(rnd) == [(1, 0, 13)]
    assert [p.reason for p in out.settlement] == ["13 pips in 3♥ K♦"]  # no "×1"


def test_opera_doubles() -> None:
    rnd = _opera(["5H", "6H"], ["5H 6H", "3H 4H"])
    out = rnd.outcome()
    assert out is not None and out.opera
    assert settled(rnd) == [(1, 0, 14)]  # 7 pips ×2
    assert out.settlement[0].reason == "7 pips in 3♥ 4♥ ×2"


def test_1752_opera_is_out_before_anyone_else_plays_a_card() -> None:
    """S0: «когда первая рука вышла сразу перед тем, как кто-либо еще разыграл карту»; S1: «que la
    primera mano saliera inmediatamente antes de que alguien más jugara una carta» (AMB-31): passes by
    the others do not break it.  The modern "first, unbroken turn" is the option ``opera="first_turn"``."""
    plays = ["5H", "6H", "pass", "pass", "2H"]
    rnd = _opera(plays, ["5H 6H 2H", "3H 4H"])
    out = rnd.outcome()
    assert out is not None and out.opera
    assert settled(rnd) == [(1, 0, 14)]  # 7 pips ×2
    rnd = _opera(plays, ["5H 6H 2H", "3H 4H"], PLAIN.with_options(opera="first_turn"))
    out = rnd.outcome()
    assert out is not None and not out.opera
    assert settled(rnd) == [(1, 0, 7)]


def test_opera_with_the_comet_last() -> None:
    """Opera + comet last: game, points and bonus ×4.  B = 100 (a fiche = 10 jetons = 100 points)."""
    rnd = _opera(["5H", "9C=6"], ["5H 9C", "3H KH"])
    assert settled(rnd) == [(1, 0, 13 * 4 + 100 * 4)]


def test_opera_with_the_comet_last_as_a_nine() -> None:
    """Opera + comet as nine: game ×16, points ×8, bonus ×4."""
    rnd = _opera(["8H", "9C=9"], ["8H 9C", "3H KH"])
    assert settled(rnd) == [(1, 0, 13 * 8 + 100 * 4)]
    g = NEW.with_options(game_stake=10, carte_blanche=0, redeal_right=False)
    rnd = _opera(["8H", "9C=9"], ["8H 9C", "3H KH"], g)
    assert settled(rnd) == [(1, 0, 10 * 16 + 13 * 8 + 100 * 4)]


def test_comet_last_and_as_a_nine_without_opera() -> None:
    g = NEW.with_options(game_stake=10, carte_blanche=0, redeal_right=False)
    # comet last (not as nine), not an opera: seat 1 played before
    rnd = start(["5H 9C", "6H 3H KD"], g)
    for p in ["5H", "pass", "6H", "pass", "9C=7"]:
        rnd.play(p)
    assert rnd.is_over and rnd.winner == 0
    assert settled(rnd) == [(1, 0, 10 * 2 + 13 * 2 + 100 * 2)]
    # comet last as a nine
    rnd = start(["8H 9C", "6H 7H 3H KD"], g, leader=1)
    for p in ["6H", "7H", "pass", "8H", "9C=9"]:
        rnd.play(p)
    assert rnd.is_over and rnd.winner == 0
    out = rnd.outcome()
    assert out is not None and not out.opera
    assert settled(rnd) == [(1, 0, 10 * 4 + 13 * 4 + 100 * 4)]


def test_normal_win_with_game_stake() -> None:
    g = NEW.with_options(game_stake=10, carte_blanche=0, redeal_right=False)
    rnd = start(["5H 8H", "6H 7H 3H KD"], g)
    for p in ["5H", "pass", "6H", "7H", "pass", "8H"]:
        rnd.play(p)
    assert settled(rnd) == [(1, 0, 10 + 13)]


def test_loser_holding_the_comet_pays_double() -> None:
    rnd = start(["5H 8H", "6H 7H 3H 9C"])
    for p in ["5H", "pass", "6H", "7H", "pass", "8H"]:
        rnd.play(p)
    assert settled(rnd) == [(1, 0, (3 + 9) * 2)]


def test_loser_holding_the_comet_after_an_opera() -> None:
    rnd = _opera(["5H", "6H"], ["5H 6H", "3H 9C"])
    assert settled(rnd) == [(1, 0, 12 * 2 * 2)]


def test_carte_blanche() -> None:
    """A hand without J/Q/K: 50 points from each opponent, 100 with the comet."""
    v = NEW.with_options(redeal_right=False)
    rnd = Round.from_hands(v, ["5H 6H KH", "3H 4H", "2H 9C QD"], pack="red")
    assert [(p.payer, p.payee, p.amount) for p in rnd.ledger] == [(0, 1, 50), (2, 1, 50)]
    rnd = Round.from_hands(v, ["5H 6H KH", "3H 9C", "2H QD"], pack="red")
    assert [(p.payer, p.payee, p.amount) for p in rnd.ledger] == [(0, 1, 100), (2, 1, 100)]
    assert "carte blanche" in " ".join(narrate(rnd))


def test_redeal_right() -> None:
    rnd = Round.deal(NEW, players=2, seed=5)
    assert rnd.phase == "redeal" and texts(rnd) == ["keep", "redeal"] and rnd.to_play == rnd.leader
    before = [list(h) for h in rnd.hands]
    rnd.play("redeal")
    assert rnd.phase == "play" and rnd.hands != before
    assert [len(h) for h in rnd.hands] == [18, 18] and len(rnd.dead) == 12
    assert "redeal" not in texts(rnd)  # used once
    rnd.undo()
    assert rnd.hands == before and rnd.phase == "redeal"
    rnd.play("keep")
    assert rnd.hands == before and rnd.phase == "play"


def test_redeal_is_only_before_play() -> None:
    rnd = Round.deal(NEW, players=2, seed=5)
    rnd.play("keep")
    with pytest.raises(IllegalPlayError):
        rnd.play("redeal")


def test_partnerships_partner_cards_ignored() -> None:
    """Four players, 0+2 against 1+3: seat 0 out; seats 1 and 3 pay; seat 2's cards ignored."""
    rnd = start(["5H", "3H KD", "QH QH", "TD JD"])
    rnd.play("5H")
    assert rnd.is_over
    out = rnd.outcome()
    assert out is not None
    assert settled(rnd) == [(1, 0, 13 * 2), (3, 0, 20 * 2)]  # an opera: ×2
    assert out.payments == [66, -26, 0, -40]
    assert out.side_payments == [66, -66]


def test_three_players_no_partnership() -> None:
    rnd = start(["5H", "3H KD", "QH QH"])
    rnd.play("5H")
    assert settled(rnd) == [(1, 0, 26), (2, 0, 40)]


def test_carte_blanche_is_paid_by_opponents_only_in_partnerships() -> None:
    """S0: «Карт -бланш приносил держателю 50 очков» (S1: "valía 50 puntos para su poseedor"); who
    pays, the sources do not say: each opponent, so in the game of four, partners opposite, the
    holder's partner never pays (AMB-41, AMB-42)."""
    rnd = Round.from_hands(NEW, ["5H 6H", "KH", "QD QD", "JD 2H"], leader=0)
    rnd.play("keep")
    assert [(p.payer, p.payee, p.amount) for p in rnd.ledger] == [(1, 0, 50), (3, 0, 50)]
    assert all(p.payer != 2 for p in rnd.ledger)  # seat 2 is seat 0's partner
    # Without partnerships, everybody else pays.
    solo = Round.from_hands(NEW.with_options(partnerships=False), ["5H 6H", "KH", "QD QD", "JD 2H"], leader=0)
    solo.play("keep")
    assert [(p.payer, p.payee) for p in solo.ledger] == [(1, 0), (2, 0), (3, 0)]


def test_a_redeal_keeps_each_hands_size() -> None:
    """A custom deal of unequal hands, redealt (S0, S1: the first hand's right), keeps each size."""
    rnd = Round.from_hands(NEW, ["5H 6H", "3H 4H 7D 8D", "TD"], leader=0)
    before = sorted(str(c) for h in rnd.hands for c in h) + sorted(str(c) for c in rnd.dead)
    rnd.play("redeal")
    assert [len(h) for h in rnd.hands] == [2, 4, 1]
    after = sorted(str(c) for h in rnd.hands for c in h) + sorted(str(c) for c in rnd.dead)
    assert sorted(after) == sorted(before)  # no card lost or made
    rnd.undo()
    assert [len(h) for h in rnd.hands] == [2, 4, 1]
