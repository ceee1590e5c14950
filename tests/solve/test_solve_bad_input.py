"""The solvers refuse bad input with the library's typed errors (issue: no ValueError, no
TypeError from deep inside): budgets that are not positive ints, objectives that are not one of
the names, finished games, chance states and states of the other game."""

from __future__ import annotations

import random

import numpy as np
import pytest
import test_solve_af as af
import test_solve_fh as fh

from cardrules import all_fours, four_hundred
from cardrules.all_fours.solve import play_values as all_fours_play_values
from cardrules.all_fours.solve import value as all_fours_value
from cardrules.errors import ArgumentError
from cardrules.four_hundred.bid_solve import bid_values
from cardrules.four_hundred.solve import play_values, tricks_at_least


@pytest.mark.parametrize("budget", ["x", float("nan"), True, 1.5, -1, 0, np.array([1, 2])])
def test_bad_budgets_are_refused(budget: object) -> None:
    state = fh._ending(1, 3)
    for call in (
        lambda: four_hundred.solve(state, budget=budget),  # type: ignore[arg-type]
        lambda: play_values(state, budget=budget),  # type: ignore[arg-type]
        lambda: bid_values(state, budget=budget),  # type: ignore[arg-type]
        lambda: tricks_at_least(state, 0, 1, budget),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentError, match="budget"):
            call()


@pytest.mark.parametrize("objective", [np.array([1, 2]), "tricks", 3, None])
def test_bad_objectives_are_refused(objective: object) -> None:
    state = af._in_play(1, all_fours.Rules())
    assert state is not None
    for call in (all_fours.solve, all_fours_play_values, all_fours_value):
        with pytest.raises(ArgumentError, match="objective"):
            call(state, objective=objective)  # type: ignore[operator]


def _finished(game: object, state: object) -> object:
    rng = random.Random(1)
    while not state.is_terminal:  # type: ignore[attr-defined]
        state = state.apply(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
    return state


def test_states_the_solvers_cannot_solve_are_refused() -> None:
    four = fh._in_play(2)
    deal = af._in_play(1, all_fours.Rules())
    assert deal is not None
    chance_400 = four_hundred.new_game(seed=1, chance="explicit")
    chance_af = all_fours.new_game(seed=1, chance="explicit")
    over_400 = _finished("400", four_hundred.new_game(seed=3, scores=(40, 40, 40, 40)))
    over_af = _finished("all-fours", all_fours.new_game(seed=3, scores=(13, 13)))
    for bad in (deal, chance_400, over_400, "state"):
        with pytest.raises(ArgumentError, match="state"):
            four_hundred.solve(bad)  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match="state"):
            bid_values(bad)  # type: ignore[arg-type]
    for bad in (four, chance_af, over_af, "state"):
        with pytest.raises(ArgumentError, match="state"):
            all_fours.solve(bad)  # type: ignore[arg-type]
