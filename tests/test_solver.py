"""The exact solver (comet_learn.solver) and the definition of a play's value (comet_learn.proof):
values worked out by hand, agreement with a plain minimax on many positions, the sampled definition."""

from __future__ import annotations

import pytest

import comet
from comet.agents import GreedyAgent, decide
from comet_learn import proof
from comet_learn.solver import BudgetExceeded, Solver, opera_open


def test_hand_worked_values_of_the_manille() -> None:
    # Seat 0 holds 7♥ 8♥, seat 1 K♠ 2♦ (1718: a jeton per pip, courts 10; nobody able: the last
    # player takes a jeton from each and leads anew).
    rnd = comet.Round.from_hands("old-comet-1718", ["7H 8H", "KS 2D"], leader=0)
    # 7♥ then 8♥ goes out: seat 1 pays its 12 pips.  8♥ first: nobody has a 9, seat 0 earns the
    # incidental stop's jeton, leads its 7♥ and goes out: 13.
    assert Solver(rnd).values() == {"7H": 12, "8H": 13}
    assert Solver(rnd).value() == 13 and len(rnd.history) == 0  # the round is left as it was


def test_hand_worked_values_where_the_opponent_would_go_out() -> None:
    # Seat 1 (to lead) holds 4♦ K♠ 2♥, seat 0 holds only 3♣.
    rnd = comet.Round.from_hands("old-comet-1718", ["3C", "4D KS 2H"], leader=1)
    values = Solver(rnd).values()
    # 2♥: seat 0 follows with 3♣ and goes out; seat 1 pays 4 + 10 pips.
    assert values["2H"] == -14
    # 4♦: nobody has a 5 (+1 jeton), then K♠ (+1, a king) and the lead again: 2♥, the last card,
    # goes out and seat 0 pays its 3 pips: 5.  K♠ first: +1, 4♦ (+1 incidental), 2♥ out (+3): 5 as well;
    # (K♠ then 2♥ would let 3♣ out: +1 - 4.)
    assert values["4D"] == 5 and values["KS"] == 5
    line = Solver(rnd).line("KS")
    assert line.value == 5 and line.winner == 1 and line.plays[0] == (1, comet.Play.parse("KS"))
    assert [p.text for _, p in line.plays] == ["KS", "4D", "pass", "pass", "2H"]


def _naive(rnd: comet.Round, seat: int) -> int:
    """Plain minimax over the whole tree, no table, no pruning: the final payment of ``seat``."""
    if rnd.to_play is None:
        out = rnd.outcome()
        assert out is not None
        return out.payments[seat]
    values = []
    for play in rnd.legal_plays():
        rnd.play(play)
        values.append(_naive(rnd, seat))
        rnd.undo()
    return max(values) if rnd.to_play == seat else min(values)


def _late_positions(vid: str, count: int, cards: int) -> list[comet.Round]:
    found = []
    greedy = GreedyAgent()
    for seed in range(200):
        rnd = comet.Round.deal(vid, players=2, seed=seed)
        while rnd.to_play is not None and (rnd.phase != "play" or sum(map(len, rnd.hands)) > cards or opera_open(rnd)):
            rnd.play(decide(greedy, rnd))
        if rnd.to_play is not None and len(rnd.legal_plays()) > 1:
            found.append(rnd)
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("vid", ["old-comet-1718", "hoc-third-stage", "modern-comet-1991", "yanovsky-1804",
                                 "commit-1857", "commit-1991", "new-comet-1752"])
def test_the_solver_agrees_with_plain_minimax(vid: str) -> None:
    """Alpha-beta with a transposition table gives every play the value a full minimax gives it,
    on late positions of seeded deals (every card open)."""
    for rnd in _late_positions(vid, 6, 9):
        seat = rnd.to_play
        assert seat is not None
        got = Solver(rnd).values()
        for play in rnd.legal_plays():
            rnd.play(play)
            assert got[play.text] == _naive(rnd, seat), (vid, rnd.record(), play.text)
            rnd.undo()


def test_the_solver_refuses_what_it_cannot_value() -> None:
    with pytest.raises(ValueError, match="two-handed"):
        Solver(comet.Round.deal("modern-comet-1991", players=3, seed=1))
    with pytest.raises(ValueError, match="opera"):
        Solver(comet.Round.deal("modern-comet-1991", players=2, seed=1))  # nobody has played yet
    rnd = _late_positions("hoc-third-stage", 1, 16)[0]
    with pytest.raises(BudgetExceeded):
        Solver(rnd, budget=3).values()


def test_every_card_is_known_only_with_two_hands_and_nothing_unseen() -> None:
    assert proof.all_known(_late_positions("old-comet-1718", 1, 12)[0])
    assert proof.all_known(_late_positions("commit-1991", 1, 12)[0])
    assert not proof.all_known(_late_positions("modern-comet-1991", 1, 12)[0])  # a dead hand of 12
    assert not proof.all_known(_late_positions("commit-1857", 1, 12)[0])  # the spare hand


def test_a_sampled_value_is_drawn_again_alike_and_its_prefix_is_the_sample_begun() -> None:
    rnd = _late_positions("modern-comet-1991", 1, 10)[0]
    a = proof.valuate(rnd, key="t", deals=30)
    b = proof.valuate(rnd, key="t", deals=30)
    assert a.method == "sampled" and a.best == b.best and a.greedy == b.greedy
    head = proof.valuate(rnd, key="t", deals=10)
    tail = proof.valuate(rnd, key="t", deals=20, start=10)
    for p in a.plays:
        assert a.best[p] == head.best[p] + tail.best[p]


def test_the_lead_and_its_interval() -> None:
    val = proof.Valuation("sampled", ("a", "b"), 4, {"a": [3, 5, 4, 4], "b": [1, 1, 2, 0]},
                          {"a": [1, 1, 1, 1], "b": [0, 0, 0, 0]})
    lead = val.lead("a", "b")
    assert lead.mean == 3 and lead.low < 3 < lead.high and lead.clear(2.0) and not lead.clear(3.5)
    assert val.lead("a", "b", greedy=True) == proof.Lead(1.0, 1.0, 1.0)
    answers, leads, ok = proof.verdict(val, margin=0.5)
    assert answers == ("a",) and ok and leads["b"][0] == lead
    assert not proof.verdict(val, margin=2.0)[2]  # the greedy finish's lead is 1 only
    tie = proof.Valuation("exact", ("a", "b"), 1, {"a": [3], "b": [3]}, {"a": [1], "b": [1]})
    assert proof.answers_of(tie) == ("a", "b") and not proof.verdict(tie)[2]  # ties are not puzzles


def test_a_deal_is_finished_by_the_greedy_rule_and_taken_back() -> None:
    rnd = _late_positions("modern-comet-1991", 1, 10)[0]
    before = rnd.record()
    value = proof.greedy_finish(rnd, rnd.to_play or 0)
    assert rnd.record() == before and isinstance(value, int)
