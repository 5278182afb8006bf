"""Scripted deals for the old comet (manille, Académie 1718) and the Hoc stage.

Every payment is computed by hand from the rules in S0/S1 (the Wikipedia article, seeds
000/002) and Enc, as summarised in the digest section 2.2.
"""

from __future__ import annotations

from typing import Sequence

import pytest

import comet
from comet import IllegalPlayError, Round
from comet_learn.describe import facts
from comet_render.narrate import narrate

OLD = comet.find_variant("old-comet-1718")


def play_all(rnd: Round, plays: Sequence[str]) -> Round:
    for p in plays:
        rnd.play(p)
    return rnd


def ledger(rnd: Round) -> list[tuple[int, int, int]]:
    return [(p.payer, p.payee, p.amount) for p in rnd.ledger]


def settlement(rnd: Round) -> list[tuple[int, int, int]]:
    out = rnd.outcome()
    assert out is not None
    return [(p.payer, p.payee, p.amount) for p in out.settlement]


def test_the_worked_example_six_to_nine_then_ten_jack_then_queen_king() -> None:
    """S0/S1: "six, seven, eight, nine and without ten" / "ten, jack and without queen" /
    "queen and king"; the king stops and earns a jeton from each opponent."""
    rnd = Round.from_hands(OLD, ["6S 7H 8D 9C 2C", "TS JS 3C", "QH KD 4H 5D"], leader=0)
    assert [p.text for p in rnd.legal_plays()] == ["2C", "6S", "7H", "8D", "9C"]
    play_all(rnd, ["6S", "7H", "8D", "9C"])
    assert [p.text for p in rnd.legal_plays()] == ["pass"]  # nobody is forced to say it twice
    rnd.play("pass")
    assert rnd.to_play == 1
    play_all(rnd, ["TS", "JS", "pass"])
    assert rnd.to_play == 2
    play_all(rnd, ["QH", "KD"])
    # the king is a stop: its player takes a jeton from each opponent and leads anew
    assert ledger(rnd) == [(0, 2, 1), (1, 2, 1)]
    assert rnd.to_play == 2 and rnd.targets is None
    assert [p.text for p in rnd.legal_plays()] == ["4H", "5D"]
    text = "\n".join(narrate(rnd))
    assert "\u201c6, 7, 8, 9 without 10\u201d" in text
    assert "\u201c10, J without Q\u201d" in text
    assert "6, 7, 8, 9 without 10" in rnd.record()
    assert "10, J without Q" in rnd.record()


def test_announcements_in_other_languages() -> None:
    from comet_render.narrate import narrate

    rnd = Round.from_hands(OLD, ["6S 7H 8D 2C", "TS 3C"], leader=0)
    play_all(rnd, ["6S", "7H", "8D", "pass"])
    assert "«\u202f6, 7, 8 sans 9\u202f»" in "\n".join(narrate(rnd, "fr"))  # (each language's own quotes)
    assert "«6, 7, 8 без 9»" in "\n".join(narrate(rnd, "ru"))
    assert "«6, 7, 8 sin 9»" in "\n".join(narrate(rnd, "es"))


def test_incidental_stop_last_player_leads_and_collects() -> None:
    """S0/S1/Enc: if nobody can continue, the last to play gets a jeton from each and leads."""
    rnd = Round.from_hands(OLD, ["5S 2C", "3C 4C", "8C 9C"], leader=0)
    play_all(rnd, ["5S", "pass"])  # "5 without 6"
    assert rnd.to_play == 1
    with pytest.raises(IllegalPlayError):
        rnd.play("3C")
    rnd.play("pass")
    assert rnd.to_play == 2 and ledger(rnd) == []
    rnd.play("pass")
    assert ledger(rnd) == [(1, 0, 1), (2, 0, 1)]
    assert rnd.to_play == 0 and rnd.targets is None
    assert "nobody could go on" in " ".join(narrate(rnd))


def test_incidental_stop_goes_to_the_last_player_not_the_first() -> None:
    """Seat 1 continues seat 0's run; nobody can follow seat 1: seat 1 (the last) leads."""
    rnd = Round.from_hands(OLD, ["5S 2C", "6C 3C", "8C 9C"], leader=0)
    play_all(rnd, ["5S", "pass", "6C", "pass", "pass", "pass"])
    assert ledger(rnd) == [(0, 1, 1), (2, 1, 1)]
    assert rnd.to_play == 1 and rnd.targets is None


def test_manille_stands_for_a_rank_and_the_run_continues() -> None:
    """The manille replaces the needed card; it is not a stop (AMB-8 default): 5, 9♦=6, 7."""
    rnd = Round.from_hands(OLD, ["5S 9D 7C 2C", "3C 4C", "8C TC"], leader=0)
    rnd.play("5S")
    legal = [p.text for p in rnd.legal_plays()]
    assert legal == ["9D=6", "pass"]  # a wild card is never forced
    rnd.play("9D=6")
    assert rnd.targets == ((7, ""),) and rnd.to_play == 0
    assert "claim" in [p.text for p in rnd.legal_plays()]
    rnd.play("claim")
    assert ledger(rnd) == [(1, 0, 10), (2, 0, 10)]  # a fiche (10 jetons) from each opponent
    rnd.play("7C")
    assert rnd.targets == ((8, ""),)
    play_all(rnd, ["pass", "pass", "8C"])
    assert rnd.to_play == 2


def test_manille_claim_lapses_when_the_next_card_is_played() -> None:
    rnd = Round.from_hands(OLD, ["5S 9D 7C 2C", "3C 4C", "8C TC"], leader=0)
    play_all(rnd, ["5S", "9D=6", "7C"])
    assert "claim" not in [p.text for p in rnd.legal_plays()]
    assert ledger(rnd) == []
    with pytest.raises(IllegalPlayError):
        rnd.play("claim")
    assert "claim lapses" in " ".join(narrate(rnd))


def test_manille_claim_survives_passes_until_the_next_card() -> None:
    """S0: «Бонус аннулируется, если он не востребован до того, как будет разыграна следующая карта»;
    S1: «La bonificación se pierde si no se reclama antes de que se juegue la siguiente carta».  A pass
    is not a card played: the claim stays open until someone plays a card (AMB-34)."""
    rnd = Round.from_hands(OLD, ["5S 9D 2C", "3C 4C", "8C TC"], leader=0)
    play_all(rnd, ["5S", "9D=6", "pass"])  # "5, 6 without 7": not claimed yet
    assert rnd.to_play == 1 and "claim" not in [p.text for p in rnd.legal_plays()]  # it is seat 0's claim
    play_all(rnd, ["pass", "pass"])  # nobody has a 7: seat 0 leads anew, and no card has been played
    assert rnd.to_play == 0 and rnd.targets is None
    assert ledger(rnd) == [(1, 0, 1), (2, 0, 1)]  # the incidental stop's jeton from each
    assert "claim" in [p.text for p in rnd.legal_plays()]
    rnd.play("claim")
    assert ledger(rnd)[2:] == [(1, 0, 10), (2, 0, 10)]  # the fiche from each opponent
    assert "lapses" not in " ".join(narrate(rnd))


def test_manille_claim_lapses_when_another_player_plays_the_next_card() -> None:
    """S0, S1: the claim is lost once the next card is played, by anyone."""
    rnd = Round.from_hands(OLD, ["5S 9D 2C", "7C 4C", "8C TC"], leader=0)
    play_all(rnd, ["5S", "9D=6", "pass", "7C"])
    assert "claim lapses" in " ".join(narrate(rnd))
    play_all(rnd, ["pass", "8C", "pass"])  # seat 2 plays 8 ("without 9"); back round to seat 0
    assert rnd.to_play == 0 and "claim" not in [p.text for p in rnd.legal_plays()]
    assert all(p.amount != 10 for p in rnd.ledger)


def test_manille_as_a_king_stops() -> None:
    rnd = Round.from_hands(OLD, ["QS 9D 2C", "3C 4C", "8C TC"], leader=0)
    play_all(rnd, ["QS", "9D=K"])
    # a king stop earns a jeton each at once; the manille's fiche must still be claimed
    assert ledger(rnd) == [(1, 0, 1), (2, 0, 1)]
    assert rnd.targets is None and rnd.to_play == 0
    rnd.play("claim")
    assert ledger(rnd)[2:] == [(1, 0, 10), (2, 0, 10)]


def test_going_out_with_the_manille_pays_the_fiche_once() -> None:
    """Out with the manille: no later card can make the claim lapse, so the fiche is paid,
    once (the engine used to charge it twice)."""
    rnd = Round.from_hands(OLD, ["5S 9D", "3C 4C", "8C 9C"], leader=0)
    play_all(rnd, ["5S", "9D=6"])
    assert rnd.is_over
    assert ledger(rnd) == [(1, 0, 10), (2, 0, 10)]
    assert settlement(rnd) == [(1, 0, 7), (2, 0, 17)]
    out = rnd.outcome()
    assert out is not None and out.payments == [44, -17, -27]


def test_settlement_by_pips_courts_ten() -> None:
    """A jeton per pip: A=1, 2-10 face value, J/Q/K 10 (S0, S1)."""
    rnd = Round.from_hands(OLD, ["5S", "AC JC 2H", "QC KD TH 3D"], leader=0)
    rnd.play("5S")
    assert settlement(rnd) == [(1, 0, 13), (2, 0, 33)]
    out = rnd.outcome()
    assert out is not None and out.payments == [46, -13, -33] and out.winner == 0
    assert out.end == "out"


def test_petit_jeu_a_jeton_per_card() -> None:
    rnd = Round.from_hands(OLD.with_options(count="cards"), ["5S", "AC JC 2H", "QC KD TH 3D"], leader=0)
    rnd.play("5S")
    assert settlement(rnd) == [(1, 0, 3), (2, 0, 4)]


def test_manille_left_in_hand_pays_each_opponent() -> None:
    """S0/S1: a fiche to each opponent, plus 9 jetons to the winner for its value (counted in
    the pips, once): seat 2 holds Q, 9♦, 2 = 21 pips, +10 to seat 0, +10 to seat 1."""
    rnd = Round.from_hands(OLD, ["5S", "3C KC", "QC 9D 2H"], leader=0)
    rnd.play("5S")
    assert sorted(settlement(rnd)) == sorted([(1, 0, 13), (2, 0, 21), (2, 0, 10), (2, 1, 10)])
    out = rnd.outcome()
    assert out is not None and out.payments == [44, -3, -41]


def test_manille_left_in_hand_winner_only_reading() -> None:
    """Enc (AMB-9): only the winner collects the fiche (and the 9 pips)."""
    rnd = Round.from_hands(OLD.with_options(manille_penalty="winner_only"), ["5S", "3C KC", "QC 9D 2H"], leader=0)
    rnd.play("5S")
    assert sorted(settlement(rnd)) == sorted([(1, 0, 13), (2, 0, 21), (2, 0, 10)])
    out = rnd.outcome()
    assert out is not None and out.payments == [44, -13, -31]


def test_manille_penalty_of_four_jetons() -> None:
    rnd = Round.from_hands(OLD.with_options(manille_penalty_amount=4), ["5S", "3C KC", "QC 9D 2H"], leader=0)
    rnd.play("5S")
    out = rnd.outcome()
    assert out is not None and out.payments == [13 + 21 + 4, -13 + 4, -21 - 8]


def test_king_penalty_each() -> None:
    """Enc: a kept king also costs a jeton to every other player (on top of its 10 pips)."""
    rnd = Round.from_hands(OLD.with_options(king_penalty_each=1), ["5S", "3C KC KS", "QC 2H"], leader=0)
    rnd.play("5S")
    assert sorted(settlement(rnd)) == sorted([(1, 0, 23), (1, 0, 2), (1, 2, 2), (2, 0, 12)])
    out = rnd.outcome()
    assert out is not None and out.payments == [37, -27, -10]


def test_two_players_and_the_whole_pack() -> None:
    rnd = Round.deal(OLD, players=2, seed=1)
    assert [len(h) for h in rnd.hands] == [26, 26] and rnd.dead == []
    rnd = Round.deal(OLD, players=5, seed=1)
    assert [len(h) for h in rnd.hands] == [10] * 5 and len(rnd.dead) == 2
    rnd = Round.deal(OLD.with_options(deal_table="nain_jaune"), players=4, seed=1)
    assert [len(h) for h in rnd.hands] == [12] * 4 and len(rnd.dead) == 4


def test_first_hand_by_lot_and_passing_on() -> None:
    m = comet.Match(OLD, players=3, seed=11, deals=3)
    assert m.lot and "first hand" in m.lot[-1]
    first = m.round.leader
    assert m.lot[-1] == f"Seat {first} has the first hand."
    rnd = m.round
    while not rnd.is_over:
        rnd.play(rnd.legal_plays()[0])
    m.next_deal()
    assert m.round.leader == (first + 1) % 3
    assert m.purses == [100 + s for s in m.scores] and sum(m.purses) == 300


# ---------------------------------------------------------------- Hoc Mazarin
HOC = comet.find_variant("hoc-third-stage")


def test_hoc_played_out_of_sequence_stops_and_pays() -> None:
    rnd = Round.from_hands(HOC, ["5H QS 2C", "6H 3C", "7H 4C"], leader=0)
    rnd.play("5H")
    assert [p.text for p in rnd.legal_plays()] == ["QS", "pass"]
    rnd.play("QS")
    assert ledger(rnd) == [(1, 0, 1), (2, 0, 1)]  # "hoc!" a jeton each
    assert rnd.targets is None and rnd.to_play == 0


def test_hoc_wild_reading() -> None:
    rnd = Round.from_hands(HOC.with_options(hoc_mode="wild"), ["5H QS 2C", "6H 3C", "7H 4C"], leader=0)
    rnd.play("5H")
    assert [p.text for p in rnd.legal_plays()] == ["QS=6", "pass"]
    rnd.play("QS=6")
    assert rnd.targets is None and rnd.to_play == 0  # a wild hoc stops


def test_hoc_deal_sizes() -> None:
    assert [len(h) for h in Round.deal(HOC, players=2, seed=1).hands] == [15, 15]
    assert [len(h) for h in Round.deal(HOC, players=3, seed=1).hands] == [12, 12, 12]


@pytest.mark.parametrize("mode", ["wild", "stop_anytime"])
def test_a_kept_hoc_counts_its_pips_and_is_no_kept_manille(mode: str) -> None:
    """S1: «El jugador que se quede con la manilla en la mano…»: the kept-card penalty belongs to the
    manille alone.  Hoc has no manille: a hoc left in hand, wild (``hoc_mode="wild"``) or not, counts
    its pips like any other card (the old comet's jeton per pip, digest 2.1)."""
    rnd = Round.from_hands(HOC.with_options(hoc_mode=mode), ["5H", "6H QS 3C", "7H JD 4C KS"], leader=0)
    rnd.play("5H")
    assert settlement(rnd) == [(1, 0, 6 + 10 + 3), (2, 0, 7 + 10 + 4 + 10)]
    out = rnd.outcome()
    assert out is not None and out.payments == [50, -19, -31]
    assert not any("manille" in p.reason for p in out.settlement)
    assert "a kept hoc counts its pips" in facts(HOC.with_options(hoc_mode="wild"))["Settlement"]


def test_a_kept_manille_still_pays_its_penalty() -> None:
    """The manille of 1718 keeps its penalty: a fiche to each opponent (S0, S1), its 9 pips counted once."""
    rnd = Round.from_hands(OLD, ["5S", "3C 9D", "QC 2H"], leader=0)
    rnd.play("5S")
    assert sorted(settlement(rnd)) == sorted([(1, 0, 12), (1, 0, 10), (1, 2, 10), (2, 0, 12)])
