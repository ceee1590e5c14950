"""Bad input to the solvers raises typed errors from cardrules.errors, never a bare ValueError or
TypeError: budgets that are not whole numbers from 1 to 2**63 - 1, objectives that are not one
of the names, finished games, chance states, phases without a card to play and states of the
other game, for every entry point: 400's ``solve``, ``play_values``, ``tricks_at_least`` and
``bid_values``, All Fours' ``solve``, ``play_values`` and ``value``.  (numpy values are among the
bad inputs when numpy is installed; the rest runs without it.)"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import all_fours, four_hundred
from cardrules.all_fours.solve import play_values as af_play_values
from cardrules.all_fours.solve import value as af_value
from cardrules.core.compiled import available
from cardrules.core.search import tier
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.four_hundred import Bid
from cardrules.four_hundred.bid_solve import bid_values
from cardrules.four_hundred.solve import play_values

if importlib.util.find_spec("numpy") is not None:
    import numpy as np

    _NUMPY_BUDGETS: list[object] = [np.int64(5), np.float64(3.0)]
    _NUMPY_OBJECTIVES: list[object] = [np.array([1, 2])]
else:
    _NUMPY_BUDGETS = _NUMPY_OBJECTIVES = []
_BUDGETS = ["x", float("nan"), True, 1.5, 2.0, -1, 0, 2**63, [3], *_NUMPY_BUDGETS]


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


@pytest.mark.parametrize("budget", _BUDGETS)
def test_400_budgets_that_are_not_whole_numbers_are_refused(budget: object) -> None:
    state = _in_play_400()
    for call in (
        lambda: four_hundred.solve(state, budget=budget),  # type: ignore[arg-type]
        lambda: play_values(state, budget=budget),  # type: ignore[arg-type]
        lambda: four_hundred.tricks_at_least(state, 0, 1, budget),  # type: ignore[arg-type]
        lambda: bid_values(state, budget=budget),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentError, match="budget"):
            call()
    assert four_hundred.solve(state, budget=10_000).tricks[0] >= 0  # a valid call still works


def test_play_values_during_the_bidding_is_a_typed_error() -> None:
    with pytest.raises(ArgumentError, match="card to be played"):
        play_values(four_hundred.new_game(seed=1))


@pytest.mark.parametrize("objective", [3, None, "tricks", *_NUMPY_OBJECTIVES])
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


@pytest.mark.parametrize("budget", _BUDGETS)
def test_all_fours_budgets_that_are_not_whole_numbers_are_refused(budget: object) -> None:
    state = _in_play_af()
    for call in (
        lambda: all_fours.solve(state, budget=budget),  # type: ignore[arg-type]
        lambda: af_play_values(state, budget=budget),  # type: ignore[arg-type]
        lambda: af_value(state, budget=budget),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentError, match="budget"):
            call()


def test_all_fours_solves_stop_at_their_budget_with_a_typed_error() -> None:
    """Both games' solvers raise the one SolveBudgetExceeded of cardrules.errors past their
    budget, and solve exactly within a budget large enough."""
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


def _finished(game: Any, **scores: Any) -> Any:
    """A game played to its end by random moves."""
    rng = random.Random(1)
    state = game.new_game(seed=1, dealer=0, **scores)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


#: Each entry point of the solvers, called with a state and a budget.
_ENTRY_POINTS: dict[str, Callable[[Any, Any], object]] = {
    "four_hundred.solve": lambda state, budget: four_hundred.solve(state, budget=budget),
    "four_hundred.play_values": lambda state, budget: play_values(state, budget=budget),
    "four_hundred.tricks_at_least": lambda state, budget: four_hundred.tricks_at_least(
        state, 0, 1, budget
    ),
    "bid_values": lambda state, budget: bid_values(state, budget=budget),
    "all_fours.solve": lambda state, budget: all_fours.solve(state, budget=budget),
    "all_fours.play_values": lambda state, budget: af_play_values(state, budget=budget),
    "all_fours.value": lambda state, budget: af_value(state, budget=budget),
}


def _bad_states(entry: str) -> dict[str, Any]:
    """The states ``entry`` refuses: finished games and chance states of both games (so the
    other game's too), phases without a card to play, and things that are no state."""
    states: dict[str, Any] = {
        "400 finished": _finished(four_hundred, scores=(38, 38, 38, 38)),
        "400 chance": four_hundred.new_game(seed=1, dealer=0, chance="explicit"),
        "All Fours finished": _finished(all_fours, scores=(13, 13)),
        "All Fours chance": all_fours.new_game(seed=1, dealer=0, chance="explicit"),
        "All Fours beg": all_fours.new_game(seed=3, dealer=0),
        "None": None,
        "a str": "state",
    }
    if entry.startswith("all_fours"):
        states["400 in play"] = _in_play_400()
    else:
        states["All Fours in play"] = _in_play_af()
    if entry in ("four_hundred.play_values", "bid_values"):  # solve: the play to come
        states["400 bidding"] = four_hundred.new_game(seed=1, dealer=0)
    return states


@pytest.mark.parametrize("entry", list(_ENTRY_POINTS))
def test_every_entry_point_refuses_states_it_cannot_solve(entry: str) -> None:
    call = _ENTRY_POINTS[entry]
    states = _bad_states(entry)
    assert states["400 finished"].is_terminal
    assert states["All Fours finished"].is_terminal
    for what, state in states.items():
        with pytest.raises(ArgumentError, match="state") as caught:
            call(state, None)
        assert caught.type is ArgumentError, (what, caught.value)
    good = _in_play_af() if entry.startswith("all_fours") else _in_play_400()
    assert call(good, None) is not None  # the same call on a state in play is answered


@pytest.mark.parametrize("entry", list(_ENTRY_POINTS))
@pytest.mark.parametrize("budget", _BUDGETS)
def test_every_entry_point_refuses_budgets_that_are_not_counts(entry: str, budget: object) -> None:
    state = _in_play_af() if entry.startswith("all_fours") else _in_play_400()
    with pytest.raises(ArgumentError, match="budget") as caught:
        _ENTRY_POINTS[entry](state, budget)
    assert caught.type is ArgumentError


@pytest.mark.parametrize(
    "compiled",
    [
        False,
        pytest.param(
            True, marks=pytest.mark.skipif(not available(), reason="numba is not installed")
        ),
    ],
)
@pytest.mark.parametrize("entry", list(_ENTRY_POINTS))
def test_the_largest_budget_is_accepted_by_both_tiers(entry: str, compiled: bool) -> None:
    """2**63 - 1 is a budget (the compiled search keeps it in a 64-bit int), 2**63 is refused
    above: the same in both tiers."""
    state = _in_play_af() if entry.startswith("all_fours") else _in_play_400()
    with tier(compiled):
        assert _ENTRY_POINTS[entry](state, 2**63 - 1) == _ENTRY_POINTS[entry](state, None)
