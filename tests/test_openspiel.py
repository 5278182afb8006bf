"""The OpenSpiel adapter: OpenSpiel's own generic checks on every variant, and its MCTS bot."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

import comet  # noqa: E402
import comet.openspiel as cos  # noqa: E402

CASES = [(vid, n) for vid, v in comet.VARIANTS.items() for n in (v.players[0], v.players[-1])]


@pytest.mark.parametrize("variant,players", CASES)
def test_random_sim_test(variant: str, players: int) -> None:
    game = cos.load(variant, players, deals=100)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_load_by_name_and_parameters() -> None:
    game = pyspiel.load_game("python_comet", {"variant": "yanovsky-exchange", "players": 3})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(cos.action_texts("yanovsky-exchange"))
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(7)
    rnd = state.round
    assert rnd is not None and rnd.variant.id == "yanovsky-exchange"
    expected = comet.Round.deal("yanovsky-exchange", players=3, seed=7)
    assert rnd.hands == expected.hands
    texts = {state.action_to_string(state.current_player(), a) for a in state.legal_actions()}
    assert texts == {p.text for p in rnd.legal_plays()}


def test_observations_hide_other_hands() -> None:
    game = cos.load("modern-comet-1991", 2)
    state = game.new_initial_state()
    state.apply_action(3)
    rnd = state.round
    assert rnd is not None
    for seat in range(2):
        other = " ".join(str(c) for c in rnd.hands[1 - seat])
        for text in (state.information_state_string(seat), state.observation_string(seat)):
            assert " ".join(str(c) for c in rnd.hands[seat]) in text
            assert other not in text


def test_mcts_bot_plays_a_full_game() -> None:
    from open_spiel.python.algorithms import mcts

    import numpy as np

    game = cos.load("modern-comet-1991", 2, deals=20)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20, evaluator=evaluator, random_state=rng, solve=False)
    state = game.new_initial_state()
    pick = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[pick.randrange(len(outcomes))][0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(pick.choice(state.legal_actions()))
    returns = state.returns()
    assert sum(returns) == 0 and any(returns)
