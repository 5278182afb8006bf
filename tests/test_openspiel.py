"""The OpenSpiel adapter: OpenSpiel's own generic checks on every variant (its random simulation
with clones, serialization and history, and its resampling check, with the sample's history
replayed), its MCTS and IS-MCTS bots, its RL environment, the observation and information-state
tensors."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.budget import budget

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

import comet  # noqa: E402
import comet_openspiel.game as cos  # noqa: E402
from comet_openspiel.observer import layout  # noqa: E402

CASES = [(vid, n) for vid, v in comet.VARIANTS.items() for n in (v.players[0], v.players[-1])]
CONFORMANCE = [(vid, n) for vid, v in comet.VARIANTS.items() for n in v.players if n <= 5 or n == v.players[0]]
"""Every variant with every number of players from 2 to 5 it is played by (and the fewest, 6, for the
game of six to eight)."""


def deal(game: Any, seed: Any) -> Any:
    """The state after chance dealt ``Round.deal(variant, players, seed)``: the same cards, card by card."""
    state = game.new_initial_state()
    for action in cos.actions_of(comet.Round.deal(game.variant_id, game.players, seed=seed, pack=game.pack), game):
        state.apply_action(action)
    assert not state.is_chance_node()
    return state


def check_resampling(game: Any, seed: int, every: int = 5) -> int:
    """OpenSpiel's ``ResampleInfostateTest`` (C++, not exposed to Python), and more: along a random
    deal, every ``every``-th decision, each player's resampled state shows that player the same
    information (strings and tensors) and the same player to move; its ``history()`` replays to it
    from a new state, and it serializes and deserializes to itself. Returns the samples checked."""
    rng = random.Random(seed)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    decisions = checked = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            decisions += 1
            for p in range(game.num_players()) if decisions % every == 1 else ():
                other = state.resample_from_infostate(p, sampler)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.information_state_tensor(p) == state.information_state_tensor(p)
                assert other.observation_string(p) == state.observation_string(p)
                assert other.current_player() == state.current_player()
                again = game.new_initial_state()
                for action in other.history():
                    again.apply_action(action)
                assert str(again) == str(other) and again.history() == other.history()
                _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, other))
                assert str(back) == str(other)
                checked += 1
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return checked


@pytest.mark.parametrize("variant,players", CONFORMANCE)
def test_openspiel_conformance(variant: str, players: int) -> None:
    game = cos.load(variant, players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert check_resampling(game, seed=players) > 0


def test_chance_deals_every_card_as_the_engine_does() -> None:
    """Chance deals one card a node, round the table from the eldest, with the probability of drawing
    it from the cards not yet dealt; the rest is the dead hand. The deal of a seed is reachable."""
    game = cos.load("modern-comet-1991", 2)  # red pack: two of most cards, 48 in all, 18 a hand
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 25 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert dict(outcomes)[comet.Card.parse("7H").index] == pytest.approx(2 / 48)
    assert dict(outcomes)[comet.Card.parse("9C").index] == pytest.approx(1 / 48)  # the comet, one of it
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, comet.Card.parse("7H").index) == "deal 7H"
    assert game.deal_order[:4] == [1, 0, 1, 0] and len(game.deal_order) == 36
    dealt = deal(game, 7)
    expected = comet.Round.deal("modern-comet-1991", players=2, seed=7)
    assert dealt.round.hands == expected.hands and dealt.round.dead == expected.dead
    assert len(dealt.history()) == 36
    again = game.new_initial_state()
    for action in dealt.history():
        again.apply_action(action)
    assert str(again) == str(dealt)


def test_the_redeal_is_dealt_by_chance() -> None:
    game = cos.load("new-comet-1752", 3)
    state = deal(game, 4)
    before = [list(h) for h in state.round.hands]
    state.apply_action(cos.action_texts("new-comet-1752").index("redeal"))
    assert state.is_chance_node() and len(state.chance_outcomes()) == 25  # the whole pack again
    rng = random.Random(0)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    rnd = state.round
    assert rnd.redealt and rnd.phase == "play" and [len(h) for h in rnd.hands] == [len(h) for h in before]
    assert rnd.hands != before and rnd.initial_hands == before
    assert rnd.history[-1][1].text == "redeal"


def test_load_by_name_and_parameters() -> None:
    game = pyspiel.load_game("python_comet", {"variant": "yanovsky-exchange", "players": 3})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(cos.action_texts("yanovsky-exchange"))
    state = game.new_initial_state()
    assert state.is_chance_node()
    state = deal(game, 7)
    rnd = state.round
    assert rnd is not None and rnd.variant.id == "yanovsky-exchange"
    expected = comet.Round.deal("yanovsky-exchange", players=3, seed=7)
    assert rnd.hands == expected.hands
    texts = {state.action_to_string(state.current_player(), a) for a in state.legal_actions()}
    assert texts == {p.text for p in rnd.legal_plays()}


def test_observations_hide_other_hands() -> None:
    game = cos.load("modern-comet-1991", 2)
    state = deal(game, 3)
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

    game = cos.load("modern-comet-1991", 2)
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


# ---------------------------------------------------------------------- tensors and resampling
SMALL = [(vid, v.players[0]) for vid, v in comet.VARIANTS.items()]


def dealt_state(variant: str, players: int, number: int, moves: int, pick: int) -> Any:
    """A python_comet state after the deal of seed ``number`` and ``moves`` random plays (fewer if it ends)."""
    game = cos.load(variant, players)
    state = deal(game, number)
    rng = random.Random(pick)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def seen_by(state: Any, player: int) -> tuple[Any, ...]:
    """Everything ``player`` is told: both strings and both tensors."""
    return (state.information_state_string(player), tuple(state.information_state_tensor(player)),
            state.observation_string(player), tuple(state.observation_tensor(player)))


def test_tensor_layout_of_a_scripted_position() -> None:
    from open_spiel.python.observation import make_observation

    game = cos.load("modern-comet-1991", 2)
    state = deal(game, 0)
    # A teaching position: the observer's view of it is known card by card.
    state._box.round = comet.Round.from_hands("modern-comet-1991", ["7H 8H 8H 2D", "TD 3H KD"], pack="red")
    state.apply_action(cos.action_texts("modern-comet-1991").index("7H"))
    obs = make_observation(game)
    obs.set_from(state, 1)
    d = obs.dict
    card = {t: comet.Card.parse(t).index for t in ("7H", "8H", "TD", "3H", "KD")}
    assert list(d["observer"]) == [0, 1]
    assert d["hand"].sum() == 3 and d["hand"][card["TD"]] == 1 and d["hand"][card["KD"]] == 1
    assert list(d["hand_sizes"]) == [3, 3] and list(d["to_play"]) == [1, 0]  # seat 0 runs on
    assert d["played"][0, card["7H"]] == 1 and d["played"].sum() == 1
    assert d["run"][card["7H"]] == 1 and d["last"][0] == 1 and d["last_play"][card["7H"]] == 1
    # modern comet asks for the next rank, suits ignored: an 8 of any suit
    assert state.round.targets == ((8, ""),)
    assert {(int(r), int(u)) for r, u in zip(*d["targets"].nonzero())} == {(8, 0)}
    assert d["free_lead"][0] == 0 and d["phase"][2] == 1
    assert d["wilds"][comet.Card.parse("9C").index] == 1 and d["wilds"].sum() == 1
    # the other player's hand is nowhere in seat 1's observation
    obs.set_from(state, 0)
    assert d["hand"][card["8H"]] == 2 and d["hand"][card["TD"]] == 0
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    info.set_from(state, 1)
    step = info.dict["history"]
    assert step.shape == (game.max_game_length(), 2 + 78)
    assert step[0, 0] == 1 and step[0, 2] == 1 and step[0, 2 + 8 + card["7H"]] == 1 and step[1:].sum() == 0
    assert info.string_from(state, 1) == state.information_state_string(1)


@pytest.mark.parametrize("variant,players", CASES)
def test_tensor_sizes_and_what_they_hold(variant: str, players: int) -> None:
    game = cos.load(variant, players)
    size = game.observation_tensor_size()
    assert size == sum(int(np.prod(shape)) for _, shape in layout(players, 0, True, True, False))
    assert game.information_state_tensor_size() == size + 53 + game.max_game_length() * (players + 78)  # + dealt
    state = dealt_state(variant, players, 11, 25, 3)
    rnd = state.round
    for p in range(players):
        obs = game.make_py_observer()
        obs.set_from(state, p)
        view = rnd.view(p)
        assert obs.dict["hand"].sum() == len(view.hand) and list(obs.dict["hand_sizes"]) == list(view.hand_sizes)
        assert obs.dict["played"].sum() == sum(len(play.cards) for _, play in view.table)
        assert list(obs.dict["ledger"]) == list(rnd.in_play_net())
        assert len(state.observation_tensor(p)) == size


def test_indistinguishable_deals_look_the_same_and_others_do_not() -> None:
    # Right after the deal a player knows only its own hand: two deals that give seat 0
    # the same hand look the same to it; another hand looks different.
    game = cos.load("modern-comet-1991", 2)
    a = deal(game, 5)
    b = a.resample_from_infostate(0, random.Random(1))
    assert b.round.hands[1] != a.round.hands[1]
    assert seen_by(a, 0) == seen_by(b, 0)
    assert seen_by(a, 1) != seen_by(b, 1)  # seat 1's own hand changed
    c = deal(game, 6)
    for x, y in zip(seen_by(a, 0), seen_by(c, 0)):
        assert x != y
    # one public move apart: every encoding tells them apart, for both players
    d = a.clone()
    d.apply_action(d.legal_actions()[0])
    for p in range(2):
        for x, y in zip(seen_by(a, p), seen_by(d, p)):
            assert x != y


@pytest.mark.parametrize("variant,players", CASES)
def test_resampled_states_give_the_same_information(variant: str, players: int) -> None:
    fallbacks = cos.RESAMPLING.fallbacks
    for deal, moves in ((3, 6), (8, 30), (21, 60)):
        state = dealt_state(variant, players, deal, moves, deal)
        if state.is_terminal():
            continue
        rnd = state.round
        pack = sorted(map(str, rnd.pack))
        for player in range(players):
            before = seen_by(state, player)
            hidden = {str(rnd.hands[s]) for s in range(players) if s != player}
            moved = False
            for k in range(3):
                sample = state.resample_from_infostate(player, random.Random(k))
                assert seen_by(sample, player) == before
                world = sample.round
                assert world.hands[player] == rnd.hands[player]
                cards = [c for h in world.hands for c in h] + world.dead + world.talon + world.set_aside
                cards += [c for d in world.discards for c in d] + [c for _, p in world.history if p.kind == "cards" for c in p.cards]
                assert sorted(map(str, cards)) == pack
                if player == state.current_player():
                    assert sample.legal_actions() == state.legal_actions()
                moved |= {str(world.hands[s]) for s in range(players) if s != player} != hidden
            assert seen_by(state, player) == before  # resampling leaves the state alone
            unseen = len(rnd.view(player).unseen())
            if unseen > max(len(rnd.hands[s]) for s in range(players) if s != player):
                assert moved, "three samples that all deal the hidden hands as they are"
    rules = comet.VARIANTS[variant].rules
    if not (rules.turn_model == "H" or rules.switch_to_h_on_wild or rules.wild_mode == "bridge" or rules.carte_blanche):
        # public play shows nothing more of the hidden hands than the voids the sampler keeps: it never falls back
        assert cos.RESAMPLING.fallbacks == fallbacks, "the true state was returned in place of a sample"


def test_the_fallback_to_the_true_state_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """When no deal drawn shows the player what it saw (here: none can be replayed), the state itself is
    returned after RESAMPLE_TRIES draws, and counted; a sample asked while cards are dealt is too."""
    state = dealt_state("modern-comet-1991", 2, 1, 4, 1)
    asked, fallbacks = cos.RESAMPLING.asked, cos.RESAMPLING.fallbacks
    tries = []

    def no_replay(*args: Any) -> list[int]:
        tries.append(1)
        raise comet.IllegalPlayError("no sample replays")
    monkeypatch.setattr(cos, "actions_of", no_replay)
    assert str(state.resample_from_infostate(0, random.Random(0))) == str(state)
    assert len(tries) == cos.RESAMPLE_TRIES
    assert (cos.RESAMPLING.asked, cos.RESAMPLING.fallbacks) == (asked + 1, fallbacks + 1)
    dealing = cos.load("modern-comet-1991", 2).new_initial_state()
    dealing.apply_action(dealing.chance_outcomes()[0][0])
    assert str(dealing.resample_from_infostate(1, random.Random(0))) == str(dealing)
    assert cos.RESAMPLING.fallbacks == fallbacks + 2


@budget(60)
@given(st.sampled_from(CASES), st.integers(0, 999), st.integers(0, 120), st.integers(0, 10**6), st.data())
def test_tensors_are_a_function_of_what_the_player_saw(case: tuple[str, int], deal: int, moves: int, pick: int,
                                                        data: Any) -> None:
    variant, players = case
    state = dealt_state(variant, players, deal, moves, pick)
    player = data.draw(st.integers(0, players - 1))
    seen = seen_by(state, player)
    # the same information: equal strings and equal tensors
    sample = state.resample_from_infostate(player, random.Random(pick))
    assert seen_by(sample, player) == seen
    # other information: strings and tensors differ together
    other = dealt_state(variant, players, data.draw(st.sampled_from([deal, (deal + 1) % 1000])),
                        data.draw(st.integers(max(0, moves - 3), moves + 3)), data.draw(st.sampled_from([pick, pick + 1])))
    theirs = seen_by(other, player)
    assert (seen[0] == theirs[0]) == (seen[1] == theirs[1])
    assert (seen[2] == theirs[2]) == (seen[3] == theirs[3])


def test_resample_rejects_a_bad_player_and_takes_openspiel_samplers() -> None:
    state = dealt_state("modern-comet-1991", 2, 1, 4, 1)
    with pytest.raises(ValueError, match="player_id must be a seat 0..1"):
        state.resample_from_infostate(2, random.Random(0))
    with pytest.raises(TypeError, match="probability sampler"):
        state.resample_from_infostate(0, "seed")
    for rng in (pyspiel.UniformProbabilitySampler(0.0, 1.0), np.random.RandomState(0), np.random.default_rng(0)):
        assert seen_by(state.resample_from_infostate(0, rng), 0) == seen_by(state, 0)
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        state.get_game().make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


# ---------------------------------------------------------------------- OpenSpiel's own tools
@pytest.mark.parametrize("variant,players", SMALL)
def test_ismcts_plays_a_full_game(variant: str, players: int) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = cos.load(variant, players)
    rng = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=4,
                           random_state=rng, allow_inconsistent_action_sets=True)
    state = deal(game, int(rng.randint(50)))
    pick = random.Random(0)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0 and len(state.legal_actions()) > 1:
            action = bot.step(state)
            searched += 1
        else:
            action = pick.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    assert sum(state.returns()) == 0 and state.returns() == [float(x) for x in state.round.outcome().payments]


def test_rl_environment_with_random_agents_and_a_qlearner() -> None:
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent, tabular_qlearner

    # OpenSpiel's random and Q-learning agents draw from numpy's global generator: seeded, so that
    # the three episodes (and whether their payments happen to cancel out) are the same every run.
    np.random.seed(11)
    game = cos.load("modern-comet-1991", 2)
    env = rl_environment.Environment(game, seed=3)
    assert env.observation_spec()["info_state"] == (game.information_state_tensor_size(),)
    agents = [random_agent.RandomAgent(player_id=p, num_actions=env.action_spec()["num_actions"]) for p in range(2)]
    step = env.reset()
    totals = [0.0, 0.0]
    episodes = steps = 0
    while episodes < 3:
        if step.last():
            totals = [t + r for t, r in zip(totals, step.rewards)]
            episodes += 1
            step = env.reset()
            continue
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        assert sorted(legal) == sorted(env.get_state.legal_actions())
        assert len(step.observations["info_state"][player]) == game.information_state_tensor_size()
        step = env.step([agents[player].step(step).action])
        steps += 1
    assert steps > 30 and sum(totals) == 0 and any(totals)
    # A few hundred steps of OpenSpiel's tabular Q-learning (numpy only) on the observation tensor.
    env = rl_environment.Environment(game, seed=4, observation_type=rl_environment.ObservationType.OBSERVATION)
    learners = [tabular_qlearner.QLearner(player_id=p, num_actions=game.num_distinct_actions()) for p in range(2)]
    step, steps, episodes = env.reset(), 0, 0
    while steps < 300:
        player = step.observations["current_player"]
        step = env.step([learners[player].step(step).action])
        steps += 1
        if step.last():
            for learner in learners:
                learner.step(step)  # the final reward updates each learner's last choice
            episodes += 1
            step = env.reset()
    updated = [sum(1 for q in learner._q_values.values() for v in q.values() if v != 0) for learner in learners]
    assert episodes >= 3 and all(n > 0 for n in updated)
