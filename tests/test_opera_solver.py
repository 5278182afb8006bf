"""The counts-only one-turn solver (AMB-20's "could the dealer go out at once?") agrees with a
search through the engine's own legal plays."""

from __future__ import annotations

import pytest

import comet
from comet.opera import _search_with_engine, can_go_out_in_one_turn


@pytest.mark.parametrize("vid", ["modern-comet-1991", "two-handed-arnold-2011", "new-comet-1752"])
def test_solver_agrees_with_the_engine(vid: str) -> None:
    found = 0
    for seed in range(40):
        rnd = comet.Round.deal(vid, players=2, seed=seed)
        for seat in range(2):
            for size in (5, 8, 18):
                hand = rnd.hands[seat][:size]
                fast = can_go_out_in_one_turn(rnd, hand)
                assert fast == _search_with_engine(rnd, hand), (seed, seat, [str(c) for c in hand])
                found += fast
    assert found > 0  # some hands do go out at once: the comparison is not vacuous


def test_known_hands() -> None:
    rnd = comet.Round.from_hands("modern-comet-1991", ["2H 2H 2D 2D 3D 4H", "KD"], pack="red")
    assert can_go_out_in_one_turn(rnd, comet.parse_cards("2H 2H 2D 2D 3D 4H"))  # four 2s, 3, 4
    assert not can_go_out_in_one_turn(rnd, comet.parse_cards("5H 6H KH 2D 3D"))  # two runs end without a stop
    assert not can_go_out_in_one_turn(rnd, comet.parse_cards("5H 7H"))
    assert can_go_out_in_one_turn(rnd, comet.parse_cards("5H 9C 7H"))  # 5, comet stops, 7
    assert can_go_out_in_one_turn(rnd, comet.parse_cards("QH KH 5D 6D"))  # Q K (stop), 5 6
