"""Bad input to the solvers raises typed errors from cardrules.errors, never a bare ValueError or
TypeError: budgets that are not whole numbers of at least 1, objectives that are not one of the
names, finished games and states of the other game."""

import numpy as np
import pytest

from cardrules import all_fours, four_hundred
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.four_hundred import Bid
from cardrules.four_hundred.solve import play_values


def _in_play_400() -> four_hundred.State:
    state = four_hundred.new_game(seed=5, dealer=0)
    for bid in (3, 3, 3, 2):
        state = state.apply(Bid(bid))
    while sum(state.tricks_taken) < 10:
        state = state.apply(state.legal_actions()[0])
    return state


def _in_play_af() -> all_fours.State:
    state = all_fours.new_game(seed=3, dealer=0)
    while state.legal_actions() and not isinstance(state.legal_actions()[0], all_fours.Play):
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("budget", ["x", float("nan"), True, 1.5, -1, 0, np.int64(5), [3]])
def test_400_budgets_that_are_not_whole_numbers_are_refused(budget: object) -> None:
    state = _in_play_400()
    for call in (
        lambda: four_hundred.solve(state, budget=budget),  # type: ignore[arg-type]
        lambda: play_values(state, budget=budget),  # type: ignore[arg-type]
        lambda: four_hundred.tricks_at_least(state, 0, 1, budget),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentError, match="budget"):
            call()
    assert four_hundred.solve(state, budget=10_000).tricks[0] >= 0  # a valid call still works


def test_play_values_during_the_bidding_is_a_typed_error() -> None:
    with pytest.raises(ArgumentError, match="card to be played"):
        play_values(four_hundred.new_game(seed=1))


@pytest.mark.parametrize("objective", [np.array([1, 2]), 3, None, "tricks"])
def test_all_fours_objectives_that_are_not_names_are_refused(objective: object) -> None:
    state = _in_play_af()
    with pytest.raises(ArgumentError, match="objective"):
        all_fours.solve(state, objective=objective)  # type: ignore[arg-type]
    assert all_fours.solve(state).plays


def test_a_state_of_the_other_game_is_refused() -> None:
    with pytest.raises(CardrulesError):
        four_hundred.solve(_in_play_af())  # type: ignore[arg-type]
    with pytest.raises(CardrulesError):
        all_fours.solve(_in_play_400())  # type: ignore[arg-type]


@pytest.mark.parametrize("budget", ["x", float("nan"), True, 1.5, -1, 0, np.int64(5), [3]])
def test_all_fours_budgets_that_are_not_whole_numbers_are_refused(budget: object) -> None:
    from cardrules.all_fours.solve import play_values as af_play_values
    from cardrules.all_fours.solve import value

    state = _in_play_af()
    for call in (
        lambda: all_fours.solve(state, budget=budget),  # type: ignore[arg-type]
        lambda: af_play_values(state, budget=budget),  # type: ignore[arg-type]
        lambda: value(state, budget=budget),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentError, match="budget"):
            call()


def test_all_fours_solves_stop_at_their_budget_with_a_typed_error() -> None:
    """Both games' solvers raise the one SolveBudgetExceeded of cardrules.errors past their
    budget, and solve exactly within a budget large enough."""
    from cardrules.all_fours.solve import play_values as af_play_values
    from cardrules.errors import SolveBudgetExceeded

    state = _in_play_af()
    assert four_hundred.SolveBudgetExceeded is SolveBudgetExceeded
    free = all_fours.solve(state)
    assert free.nodes > 1
    with pytest.raises(SolveBudgetExceeded, match="more than 1 nodes"):
        all_fours.solve(state, budget=1)
    with pytest.raises(SolveBudgetExceeded):
        af_play_values(state, budget=1)
    bounded = all_fours.solve(state, budget=free.nodes * 4)
    assert (bounded.value, bounded.plays) == (free.value, free.plays)
