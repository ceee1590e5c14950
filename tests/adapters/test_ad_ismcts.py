"""ISMCTS runs on every OpenSpiel game through ``resample_from_infostate`` (issue 12)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

import cardrules.adapters.openspiel  # noqa: E402, F401

GAMES = [
    ("cardrules_four_hundred_hand", {}),
    ("cardrules_four_hundred", {"max_deals": 2}),
    ("cardrules_all_fours_hand", {}),
    ("cardrules_all_fours", {"players": 2, "max_deals": 3}),
]


def _views(state: Any, seat: int) -> tuple[Any, ...]:
    return (
        state.information_state_string(seat),
        state.observation_string(seat),
        tuple(state.information_state_tensor(seat)),
        tuple(state.observation_tensor(seat)),
    )


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_resample_is_consistent(name: str, params: dict[str, Any]) -> None:
    """A resampled state looks the same to the player and has its legal actions; the hidden
    cards vary from sample to sample; play goes on from a sample."""
    g = pyspiel.load_game(name, params)
    rng = random.Random(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = g.new_initial_state()
    differed = 0
    while not state.is_terminal():
        if state.is_chance_node():
            player = rng.randrange(g.num_players())
            sample = state.resample_from_infostate(player, sampler)
            assert sample.is_chance_node()
            assert _views(sample, player) == _views(state, player)
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        player = state.current_player()
        sample = state.resample_from_infostate(player, sampler)
        assert _views(sample, player) == _views(state, player)
        assert sample.legal_actions() == state.legal_actions()
        differed += str(sample) != str(state)
        clone = sample.clone()
        clone.apply_action(rng.choice(clone.legal_actions()))
        state.apply_action(rng.choice(state.legal_actions()))
    assert differed > 0


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_python_ismcts_bot_plays_against_random(name: str, params: dict[str, Any]) -> None:
    """OpenSpiel's own ``ismcts.ISMCTSBot``, unchanged, plays seat 0 against random bots."""
    g = pyspiel.load_game(name, params)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(g, evaluator, 2.0, max_simulations=8, random_state=rng)
    others = [pyspiel.make_uniform_random_bot(p, p) for p in range(g.num_players())]
    state = g.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        player = state.current_player()
        action = bot.step(state) if player == 0 else others[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += player == 0
    assert moves > 0
    assert g.min_utility() <= min(state.returns()) <= max(state.returns()) <= g.max_utility()
