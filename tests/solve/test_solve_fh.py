"""400's double-dummy solver against plain minimax over ``legal_actions()`` / ``apply()``."""

from __future__ import annotations

import random

import minimax
import pytest

from cardrules.four_hundred import Bid, Phase, Play, State, new_game
from cardrules.four_hundred.solve import (
    SolveBudgetExceeded,
    play_values,
    solve,
    tricks_at_least,
)


def _in_play(seed: int) -> State:
    state = new_game(seed=seed, dealer=seed % 4)
    for _ in range(4):
        state = state.apply(Bid(3))  # 12 tricks bid: the hand is played (FH-13)
    assert state.phase is Phase.PLAY
    return state


def _ending(seed: int, tricks_left: int) -> State:
    """A random position with ``tricks_left`` tricks to go (maybe in the middle of a trick)."""
    rng = random.Random(seed)
    state = _in_play(seed)
    cut = rng.randrange(4)
    while sum(state.tricks_taken) < 13 - tricks_left or (
        sum(state.tricks_taken) == 13 - tricks_left and len(state.current_trick.cards) < cut
    ):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _team0(state: State) -> int:
    taken = state.tricks_taken
    return taken[0] + taken[2]


def _minimax(state: State) -> int:
    """Team 0's tricks from here by plain minimax (FH-16, FH-17 as the engine plays them)."""
    return minimax.value(state, minimax.fh_tricks)


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
def test_solver_matches_minimax_on_small_endings(tricks_left: int) -> None:
    for seed in range(40 if tricks_left < 3 else 25):
        state = _ending(seed, tricks_left)
        result = solve(state)
        assert result.tricks[0] == _minimax(state), seed
        left = 13 - sum(state.tricks_taken)
        assert sum(result.tricks) == left
        expected = minimax.plays(state, minimax.fh_tricks)
        assert {play: value[0] for play, value in result.plays.items()} == expected, seed


@pytest.mark.parametrize("seed", range(12))
def test_value_is_the_best_of_the_children(seed: int) -> None:
    state = _ending(seed, 5)
    result = solve(state)
    assert set(result.plays) == set(state.legal_actions())
    team = state.current_player % 2  # type: ignore[operator]
    assert result.tricks[team] == max(v[team] for v in result.plays.values())
    assert result.plays == play_values(state)
    for play in result.best_plays:
        assert result.plays[play] == result.tricks
    # The value of a child position is the value of its play.
    play = state.legal_actions()[0]
    child = state.apply(play)
    if child.deal_number == state.deal_number:
        gained = _team0(child) - _team0(state)
        assert gained + solve(child).tricks[0] == result.plays[play][0]


@pytest.mark.parametrize("seed", range(8))
def test_tricks_at_least_agrees_with_the_value(seed: int) -> None:
    state = _ending(seed, 6)
    value = solve(state).tricks
    for team in (0, 1):
        assert tricks_at_least(state, team, value[team]) is True
        assert tricks_at_least(state, team, value[team] + 1) is False
        assert tricks_at_least(state, team, 0) is True


def test_budgets() -> None:
    state = _ending(3, 8)
    with pytest.raises(SolveBudgetExceeded):
        solve(state, budget=1)
    assert tricks_at_least(state, 0, 4, node_budget=1) is None  # over its budget
    assert tricks_at_least(state, 0, 4) is False
    assert tricks_at_least(state, 0, 20, node_budget=1) is False  # beyond the tricks left
    with pytest.raises(ValueError, match="team"):
        tricks_at_least(state, 2, 1)


def test_best_plays_are_the_plays_that_keep_the_value() -> None:
    state = _ending(11, 4)
    result = solve(state)
    keep = {play for play, value in result.plays.items() if value == result.tricks}
    assert keep == set(result.best_plays)
    assert all(isinstance(play, Play) for play in result.plays)
