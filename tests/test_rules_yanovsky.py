"""Scripted deals for Yanovsky's comet (1804), the exchange game and the joker pack (S2)."""

from __future__ import annotations

from typing import Sequence

import pytest

import comet
from comet import IllegalPlayError, Round
from comet_render.narrate import narrate

Y = comet.find_variant("yanovsky-1804")
X = comet.find_variant("yanovsky-exchange")
J = comet.find_variant("single-pack-joker")


def run(variant: comet.Variant, hands: Sequence[str], plays: Sequence[str], leader: int = 0,
        pack: str | None = "red") -> Round:
    rnd = Round.from_hands(variant, list(hands), leader=leader, pack=pack)
    for p in plays:
        rnd.play(p)
    return rnd


def settled(rnd: Round) -> list[tuple[int, int, int]]:
    out = rnd.outcome()
    assert out is not None
    return [(p.payer, p.payee, p.amount) for p in out.settlement]


def test_packs_comets_9c_and_9h() -> None:
    assert [str(c) for c in Y.rules.wild_cards("red")] == ["9C"]
    assert [str(c) for c in Y.rules.wild_cards("black")] == ["9H"]
    assert [str(c) for c in Y.with_options(black_comet="9D").rules.wild_cards("black")] == ["9D"]
    rnd = Round.deal(Y, players=2, seed=3)
    assert [len(h) for h in rnd.hands] == [18, 18] and len(rnd.dead) == 12


S2_PLAY = ("«Несдатчик играет любой картой картинкой вверх, и каждый по очереди добавляет одну или более "
           "карту либо того же самого достоинства, либо следующего по порядку, не обращая внимания на масть. "
           "Когда один не может ходить, другой начинает новую секвенцию.»")


def texts(rnd: Round) -> list[str]:
    return [p.text for p in rnd.legal_plays()]


def script(rnd: Round, steps: Sequence[tuple[str, int | None, list[str] | None]]) -> None:
    """Play each step, then check who is to play and, unless None, what they may play."""
    for play, seat, legal in steps:
        rnd.play(play)
        assert rnd.to_play == seat, (play, rnd.to_play)
        if legal is not None:
            assert texts(rnd) == legal, (play, texts(rnd))


def test_players_alternate_one_rank_a_turn() -> None:
    """S2: «Несдатчик играет любой картой картинкой вверх, и каждый по очереди добавляет одну или более
    карту либо того же самого достоинства, либо следующего по порядку, не обращая внимания на масть.
    Когда один не может ходить, другой начинает новую секвенцию.»  The non-dealer leads one card, then
    the other builds, then the first again; one who cannot build passes and the other leads anew."""
    rnd = run(Y, ["7H 7D 8H 2H", "8D 9D 3H"], [])
    assert texts(rnd) == ["2H", "7H", "7D", "8H"]  # a lead is one card
    rnd.play("7H")
    assert rnd.to_play == 1 and texts(rnd) == ["8D"]  # the other builds: a 7 or an 8, suits ignored
    rnd.play("8D")
    assert rnd.to_play == 0 and texts(rnd) == ["8H"]  # on the 8: an 8 or a 9; the 7♦ is no longer playable
    rnd.play("8H")
    assert rnd.to_play == 1 and texts(rnd) == ["9D"]
    rnd.play("9D")
    assert rnd.to_play == 0 and texts(rnd) == ["pass"]  # 7♦ 2♥: no 9 or 10
    rnd.play("pass")
    assert rnd.to_play == 1 and rnd.targets is None  # the other starts a new sequence
    rnd.play("3H")
    assert rnd.is_over and rnd.winner == 1
    out = rnd.outcome()
    assert out is not None and not out.opera
    assert settled(rnd) == [(0, 1, 2)]  # a point per card left: 7♦ 2♥
    assert S2_PLAY.startswith("«Несдатчик")


def test_any_number_of_one_rank_in_a_turn() -> None:
    """PW (two-handed, alternate turns): any number of cards of the proper rank, e.g. all four 8s on a 7;
    then the turn passes (AMB-29: one rank a turn)."""
    rnd = run(Y, ["7H 9D 2H", "8H 8H 8D 8D 3H"], ["7H"])
    assert texts(rnd) == ["8H", "8D", "8D 8D", "8H 8D", "8H 8D 8D", "8H 8H", "8H 8H 8D", "8H 8H 8D 8D"]
    rnd.play("8D 8D 8H 8H")
    assert rnd.to_play == 0 and rnd.targets == ((8, ""), (9, ""))
    assert len(rnd.hands[1]) == 1 and "any number of one rank in a turn" in " ".join(narrate(rnd))
    script(rnd, [("9D", 1, ["pass"]), ("pass", 0, None), ("2H", None, [])])
    assert settled(rnd) == [(1, 0, 1)]


def test_three_players_build_in_turn() -> None:
    """With three (S2: "like Piquet"), the turn goes round: a player who cannot build passes to the next;
    when everyone else has passed, the last to play leads anew."""
    v = Y.with_options(partnerships=False)
    rnd = run(v, ["7H 2H 3H", "4H 5H", "8D 6H"], [])
    script(rnd, [("7H", 1, ["pass"]), ("pass", 2, ["8D"]), ("8D", 0, ["pass"]), ("pass", 1, ["pass"]),
                 ("pass", 2, None)])
    assert rnd.targets is None


def test_climbing_several_ranks_in_a_turn_is_an_option() -> None:
    """AMB-29, the other reading: one turn climbs card by card (7, 8, 9, 9...) until the player passes;
    the lead is still one card, and a player who can build must (D2)."""
    v = Y.with_options(turn_adds="ranks")
    rnd = run(v, ["7H TD 2H", "8D 9D 9H 3H"], [])
    script(rnd, [("7H", 1, ["8D"]),
                 ("8D", 1, ["9H", "9D"]),  # its turn goes on, card by card: no group plays
                 ("9D", 1, ["9H"]), ("9H", 1, ["pass"]),
                 ("pass", 0, ["TD"]), ("TD", 0, ["pass"]),  # seat 0's own turn goes on: a 10 or a jack
                 ("pass", 1, ["pass"]), ("pass", 0, None)])
    assert rnd.targets is None
    rnd.play("2H")
    assert settled(rnd) == [(1, 0, 1)]


def test_a_king_always_stops_by_default() -> None:
    """PW: a king always stops; its player leads anew at once (AMB-30): the other may not add a king."""
    rnd = run(Y, ["KD 2H 3H", "KH 4H"], ["KD"])
    assert rnd.to_play == 0 and rnd.targets is None
    assert "a king is a stop" in " ".join(narrate(rnd))


def test_a_king_may_follow_a_king_under_s2s_literal_reading() -> None:
    """S2: «…либо того же самого достоинства…»: the same rank, so a king on a king (AMB-30, option
    ``king_stops=False``); when the other cannot add, the king's player starts a new sequence."""
    v = Y.with_options(king_stops=False)
    rnd = run(v, ["KD 5D 2H", "KH 4H 6H"], ["KD"])
    assert rnd.to_play == 1 and rnd.targets == ((13, ""),) and texts(rnd) == ["KH"]
    rnd.play("KH")
    assert rnd.to_play == 0 and texts(rnd) == ["pass"]
    rnd.play("pass")
    assert rnd.to_play == 1 and rnd.targets is None
    for p in ["4H", "5D", "6H"]:
        rnd.play(p)
    assert settled(rnd) == [(0, 1, 1)]


def test_comet_replaces_the_proper_card_and_stops() -> None:
    """S2: «Комета может быть сыграна вместо надлежащей карты (эта привилегия называлась гоком), давая
    право играющему ею начать тотчас же новую секвенцию.»"""
    rnd = run(Y, ["7H 2H 5H", "9C 3H 4H"], ["7H"])
    assert texts(rnd) == ["9C=7", "9C=8", "pass"]  # a wild card is never forced
    rnd.play("9C=8")
    assert rnd.targets is None and rnd.to_play == 1  # its player starts a new sequence at once


def test_card_count_scoring_and_opera_in_one_turn() -> None:
    """S2: «Если игрок избавляется от карт за один ход, что называется оперой, то его выигрыш
    удваивается»: every card played with no card of the other's in between (the other only passing)."""
    rnd = run(Y, ["7H 7D 8H", "3H 4H 5H"], ["7H", "pass", "7D", "pass", "8H"])
    out = rnd.outcome()
    assert out is not None and out.opera
    assert settled(rnd) == [(1, 0, 3 * 2)]  # 3 cards ×2 (opera)


def test_pips_scoring() -> None:
    rnd = run(Y.with_options(count="pips"), ["7H 7D 8H", "3H 4H KH"], ["7H", "pass", "7D", "pass", "8H"])
    assert settled(rnd) == [(1, 0, 17 * 2)]


def test_no_opera_when_the_other_laid_a_card() -> None:
    rnd = run(Y, ["7H 9D", "8D 3H 4H"], ["7H", "8D", "9D"])
    out = rnd.outcome()
    assert out is not None and not out.opera
    assert settled(rnd) == [(1, 0, 2)]


def test_comet_multipliers() -> None:
    # loser holds the comet: ×2
    rnd = run(Y, ["7H 9D", "8D 3H 9C"], ["7H", "8D", "9D"])
    assert settled(rnd) == [(1, 0, 2 * 2)]
    # winner's last card the comet (not as nine): ×2
    rnd = run(Y, ["7H 9C", "8D 3H 4H"], ["7H", "8D", "9C=8"])
    assert settled(rnd) == [(1, 0, 2 * 2)]
    # as a nine: ×4
    rnd = run(Y, ["7H 9C", "8D 3H 4H"], ["7H", "8D", "9C=9"])
    assert settled(rnd) == [(1, 0, 2 * 4)]
    # opera ending with the comet: ×4 (S2); as a nine in an opera: ×4 ×2 (the multipliers multiply, AMB-45)
    rnd = run(Y, ["7H 9C", "3H 4H 5H"], ["7H", "pass", "9C=8"])
    assert settled(rnd) == [(1, 0, 3 * 4)]
    rnd = run(Y, ["8H 9C", "3H 4H 5H"], ["8H", "pass", "9C=9"])
    assert settled(rnd) == [(1, 0, 3 * 8)]


def test_the_largest_multiplier_alone_is_an_option() -> None:
    """AMB-45's other reading: each multiplier alone, the largest counting; S2's own combination, an opera
    ended with the comet ×4, still stands."""
    v = Y.with_options(multipliers="largest")
    assert settled(run(v, ["8H 9C", "3H 4H 5H"], ["8H", "pass", "9C=9"])) == [(1, 0, 3 * 4)]
    assert settled(run(v, ["7H 9C", "3H 4H 5H"], ["7H", "pass", "9C=8"])) == [(1, 0, 3 * 4)]
    assert settled(run(v, ["7H 9D", "8D 3H 9C"], ["7H", "8D", "9D"])) == [(1, 0, 2 * 2)]  # the holder alone
    modern = comet.find_variant("modern-comet-1991")
    for reading, won in (("multiply", 34 * 2 * 2 + 2), ("largest", 34 * 2 + 2)):  # opera ended with the comet
        rnd = comet.Round.from_hands(modern.with_options(multipliers=reading), ["5D 6H 9C KH", "2H 4D 8H JD QD"])
        for play in ("KH", "5D", "6H", "9C=7"):
            rnd.play(play)
        out = rnd.outcome()
        assert out is not None and out.opera and out.payments[0] == won, (reading, out.payments)


def test_both_blocked_settlement_when_the_leader_may_pass() -> None:
    v = Y.with_options(leader_may_pass=True)
    rnd = run(v, ["7H 2H", "8D 9D 3H 4H"], ["7H", "8D", "pass"])
    assert rnd.to_play == 1 and rnd.targets is None and "pass" in texts(rnd)
    rnd.play("pass")
    rnd.play("pass")
    assert rnd.is_over
    out = rnd.outcome()
    assert out is not None and out.end == "blocked" and out.winner == 0
    assert settled(rnd) == [(1, 0, 2)]  # 3 cards against 1
    pips = Y.with_options(leader_may_pass=True, count="pips")
    rnd = run(pips, ["7H 2H", "8D 9D 3H 4H"], ["7H", "8D", "pass", "pass", "pass"])
    assert settled(rnd) == [(1, 0, 16 - 2)]


def test_leader_may_not_pass_by_default() -> None:
    rnd = run(Y, ["7H 2H", "8D 3H"], [])
    assert "pass" not in [p.text for p in rnd.legal_plays()]
    with pytest.raises(IllegalPlayError):
        rnd.play("pass")


# ---------------------------------------------------------------- exchange
@pytest.mark.parametrize("n,size,talon,allowances", [(2, 18, 12, (6, 6)), (3, 12, 12, (6, 3, 3)),
                                                      (4, 10, 8, (4, 2, 1, 1))])
def test_exchange_allowances(n: int, size: int, talon: int, allowances: tuple[int, ...]) -> None:
    rnd = Round.deal(X, players=n, seed=2)
    assert rnd.phase == "exchange" and len(rnd.talon) == talon and [len(h) for h in rnd.hands] == [size] * n
    for k, allowance in enumerate(allowances):
        seat = rnd.to_play
        assert seat == (rnd.leader + k) % n
        for _ in range(allowance):
            rnd.play(f"discard {rnd.hands[seat][-1]}")
        assert [p.text for p in rnd.legal_plays()] == ["draw"]  # allowance used up
        rnd.play("draw")
        assert len(rnd.hands[seat]) == size
    assert rnd.phase == "play" and rnd.talon == []


def test_no_exchange_with_five() -> None:
    rnd = Round.deal(X, players=5, seed=2)
    assert rnd.phase == "play" and [len(h) for h in rnd.hands] == [9] * 5 and len(rnd.dead) == 3


def test_untaken_cards_are_seen_then_set_aside() -> None:
    rnd = Round.deal(X, players=3, seed=1)
    share = rnd.talon[:6]
    seat = rnd.to_play
    assert seat is not None
    rnd.play(f"discard {rnd.hands[seat][0]}")
    rnd.play("draw")
    assert rnd.set_aside == share[1:]
    assert rnd.view(seat).seen_aside == tuple(share[1:])
    assert rnd.view((seat + 1) % 3).seen_aside == ()
    nxt = rnd.to_play
    assert nxt is not None
    rnd.play("draw")  # takes nothing: all 3 of its share are set aside
    assert rnd.talon == [] or len(rnd.talon) == 3
    assert "looks at the" in " ".join(narrate(rnd))


def test_leftovers_pass_on_reading() -> None:
    rnd = Round.deal(X.with_options(leftovers_pass_on=True), players=3, seed=1)
    talon = list(rnd.talon)
    seat = rnd.to_play
    assert seat is not None
    rnd.play(f"discard {rnd.hands[seat][0]}")
    rnd.play("draw")
    assert rnd.set_aside == [] and rnd.talon == talon[1:]


def test_exchange_draws_from_the_talon() -> None:
    rnd = Round.deal(X, players=2, seed=9)
    seat = rnd.to_play
    assert seat is not None
    talon = list(rnd.talon)
    gone = rnd.hands[seat][:2]
    rnd.play(f"discard {gone[0]}")
    rnd.play(f"discard {gone[1]}")
    rnd.play("draw")
    from collections import Counter
    assert Counter(rnd.hands[seat]) == Counter(rnd.initial_hands[seat]) - Counter(gone) + Counter(talon[:2])
    assert rnd.discards[seat] == gone


# ---------------------------------------------------------------- one pack with a joker
def test_joker_pack() -> None:
    pack = J.rules.pack()
    assert len(pack) == 48 and comet.JOKER in pack
    assert "9D" not in [str(c) for c in pack] and not any(c.rank == 1 for c in pack)
    assert J.rules.wild_cards() == frozenset([comet.JOKER])
    rnd = Round.from_hands(J, ["7H JK", "3H 4H"])
    rnd.play("7H")
    rnd.play("pass")
    assert "JK=8" in texts(rnd)
    rnd.play("JK=8")
    assert settled(rnd) == [(1, 0, 2 * 4)]  # comet last ×2, opera ×2
    rnd = Round.from_hands(J.with_options(count="pips"), ["7H 8H", "3H JK"])
    for p in ["7H", "pass", "8H"]:
        rnd.play(p)
    assert settled(rnd) == [(1, 0, (3 + 9) * 2 * 2)]  # the joker counts 9; holder ×2, opera ×2


def test_opera_in_one_turn_literal_reading() -> None:
    """AMB-33: S2's opera «за один ход». The default reading lets the other player pass in between;
    the literal one (option ``opera="one_turn_literal"``) needs the turn never to leave the player."""
    plays = ["7H", "pass", "7D", "pass", "8H"]
    loose = run(Y, ["7H 7D 8H", "3H 4H 5H"], plays)
    literal = run(Y.with_options(opera="one_turn_literal"), ["7H 7D 8H", "3H 4H 5H"], plays)
    assert loose.outcome().opera and not literal.outcome().opera  # type: ignore[union-attr]
    assert settled(literal) == [(1, 0, 3)]
    # Kings stop and keep the lead with their player: an opera under either reading.
    kings = ["KH", "KD", "9C=7"]
    for v in (Y, Y.with_options(opera="one_turn_literal")):
        rnd = run(v, ["KH KD 9C", "3H 4H 5H"], kings)
        assert rnd.outcome().opera, v.id  # type: ignore[union-attr]
