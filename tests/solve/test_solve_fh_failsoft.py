"""The 400 solver's answers are fail-soft bounds: asked "can team 0 take at least ``need``
tricks?", it answers with a bound that is at most the true value when it is ``need`` or more,
and at least the true value when it is less."""

from __future__ import annotations

import pytest
from test_solve_fh import _ending, _minimax

from cardrules.four_hundred import State
from cardrules.four_hundred.solve import _ask, _position, new_search, solve


def _check(state: State, value: int, tricks_left: int, shared: bool) -> None:
    hands, leader, trick = _position(state)
    search = new_search(None, tricks_left)
    for need in range(-1, tricks_left + 2):
        if not shared:
            search = new_search(None, tricks_left)
        bound = _ask(search, hands, leader, trick, need)
        assert (bound >= need) == (value >= need)
        if bound >= need:
            assert need <= bound <= value
        else:
            assert value <= bound < need


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
def test_bounds_hold_against_minimax(tricks_left: int) -> None:
    for seed in range(40 if tricks_left < 3 else 20):
        state = _ending(seed, tricks_left)
        value = _minimax(state)
        _check(state, value, tricks_left, shared=False)
        _check(state, value, tricks_left, shared=True)


@pytest.mark.parametrize("tricks_left", [5, 7])
def test_bounds_hold_against_the_solver(tricks_left: int) -> None:
    for seed in range(300, 315):
        state = _ending(seed, tricks_left)
        value = solve(state).tricks[0]
        _check(state, value, tricks_left, shared=True)
