"""The two tiers of the core's double-dummy search, interpreted (lists, no numpy) and compiled
(numba), agree with plain minimax over ``legal_actions()`` / ``apply()`` on endings of both
games (every rule variant, two and four players) and with each other on longer positions."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest
import test_solve_af as af
import test_solve_fh as fh

from cardrules import all_fours, four_hundred
from cardrules.all_fours import Phase
from cardrules.core import search
from cardrules.core.compiled import available
from cardrules.core.search import tier
from cardrules.four_hundred.bid_solve import bid_values

_TIERS = [
    False,
    pytest.param(True, marks=pytest.mark.skipif(not available(), reason="numba is not installed")),
]


@pytest.fixture(params=_TIERS, ids=["interpreted", "compiled"])
def compiled_tier(request: pytest.FixtureRequest) -> Iterator[bool]:
    with tier(request.param):
        yield request.param


@pytest.mark.rule("FH-16")
@pytest.mark.rule("FH-17")
@pytest.mark.parametrize("tricks_left", [1, 2, 3])
def test_400_matches_minimax(compiled_tier: bool, tricks_left: int) -> None:
    for seed in range(500, 520):
        state = fh._ending(seed, tricks_left)
        result = four_hundred.solve(state)
        assert result.tricks[0] == fh._minimax(state), seed
        for action in state.legal_actions():
            after = state.apply(action)
            if after.deal_number != state.deal_number:
                tricks = after.history[-1].tricks_taken
                expected = tricks[0] + tricks[2] - fh._team0(state)
            else:
                expected = fh._team0(after) - fh._team0(state) + fh._minimax(after)
            assert result.plays[action][0] == expected, (seed, action)


@pytest.mark.rule("AF-17")
@pytest.mark.rule("AF-20")
@pytest.mark.rule("AF-23")
@pytest.mark.parametrize("tricks_left", [1, 2, 3])
@pytest.mark.parametrize("rules", af._RULES, ids=["trinidad", "two", "tournament", "options"])
def test_all_fours_matches_minimax(
    compiled_tier: bool, rules: all_fours.Rules, tricks_left: int
) -> None:
    checked = 0
    for seed in range(100, 120):
        state = af._ending(seed, rules, tricks_left)
        if state is None:
            continue
        deal = state.deal_number
        result = all_fours.solve(state)
        for action in state.legal_actions():
            after = state.apply(action)
            done = after.deal_number != deal or after.phase is not Phase.PLAY
            expected = af._end_value(after) if done else af._minimax(after, deal)
            assert result.plays[action] == expected, (seed, action)
        checked += 1
    assert checked >= 8


def _both(function: object, state: object) -> tuple[object, object]:
    with tier(False):
        slow = function(state)  # type: ignore[operator]
    with tier(True):
        fast = function(state)  # type: ignore[operator]
    return slow, fast


needs_numba = pytest.mark.skipif(
    importlib.util.find_spec("numba") is None, reason="numba is not installed"
)


@needs_numba
@pytest.mark.parametrize("seed", range(4))
def test_the_tiers_agree_on_400_positions(seed: int) -> None:
    state = fh._ending(700 + seed, 8)
    slow, fast = _both(four_hundred.solve, state)
    assert slow == fast  # values, plays and node counts alike
    slow, fast = _both(bid_values, fh._ending(800 + seed, 5))
    assert slow == fast


@needs_numba
@pytest.mark.parametrize("rules", af._RULES, ids=["trinidad", "two", "tournament", "options"])
def test_the_tiers_agree_on_full_all_fours_deals(rules: all_fours.Rules) -> None:
    checked = 0
    for seed in range(40):
        state = af._in_play(seed, rules)
        if state is None:
            continue
        slow, fast = _both(all_fours.solve, state)
        assert slow == fast
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_a_kept_workspace_answers_as_a_fresh_one(
    compiled_tier: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A solve's workspace is kept for the next solve of its size, its table rows stamped with
    # an epoch instead of cleared: the reused one must answer exactly as a fresh one.
    monkeypatch.setattr(search, "_SPARE", {})
    state, other = fh._ending(600, 5), fh._ending(601, 5)
    fresh = four_hundred.solve(state)
    four_hundred.solve(other)
    assert search._SPARE, "the workspace was not kept"
    assert four_hundred.solve(state) == fresh  # values, plays and node counts alike
