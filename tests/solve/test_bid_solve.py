"""400's score search (each player's bid made or failed) against plain minimax over
``legal_actions()`` / ``apply()``, scored by the engine (FH-19, FH-20)."""

from __future__ import annotations

import random

import minimax
import pytest

from cardrules.four_hundred import Phase, State, new_game
from cardrules.four_hundred.bid_solve import bid_values
from cardrules.four_hundred.solve import SolveBudgetExceeded


def _ending(seed: int, tricks_left: int) -> State | None:
    """A random position with ``tricks_left`` tricks to go, after random bids and scores."""
    rng = random.Random(seed)
    scores = tuple(rng.choice((0, 12, 25, 31, -8)) for _ in range(4))
    state = new_game(seed=seed, dealer=seed % 4, scores=scores)
    while state.phase is Phase.BIDDING:
        state = state.apply(rng.choice(state.legal_actions()))
    if state.phase is not Phase.PLAY:
        return None  # thrown in (FH-13)
    cut = rng.randrange(4)
    while sum(state.tricks_taken) < 13 - tricks_left or (
        sum(state.tricks_taken) == 13 - tricks_left and len(state.current_trick.cards) < cut
    ):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
def test_bid_values_match_minimax_on_small_endings(tricks_left: int) -> None:
    """FH-19, FH-20: every play's value is the engine's score change under best play."""
    checked = 0
    for seed in range(40):
        state = _ending(seed, tricks_left)
        if state is None:
            continue
        assert bid_values(state) == minimax.plays(state, minimax.fh_score), seed
        checked += 1
    assert checked >= 25, checked


@pytest.mark.parametrize("seed", range(4))
def test_bid_values_of_a_child_agree_with_the_parent(seed: int) -> None:
    """The value of the best play is the value of the position after it (5 tricks to go)."""
    state = _ending(seed, 5)
    if state is None:
        pytest.skip("thrown in")
    values = bid_values(state)
    team0 = state.current_player % 2 == 0  # type: ignore[operator]
    best = max(values.values()) if team0 else min(values.values())
    play = next(p for p, v in values.items() if v == best)
    child = state.apply(play)
    if child.phase is Phase.PLAY and child.deal_number == state.deal_number:
        following = bid_values(child)
        team0_child = child.current_player % 2 == 0  # type: ignore[operator]
        assert (max if team0_child else min)(following.values()) == best


def test_bid_values_refuse_bad_input_and_keep_the_budget() -> None:
    state = new_game(seed=1, dealer=0)
    with pytest.raises(ValueError, match="card to be played"):
        bid_values(state)
    ending = _ending(3, 6)
    assert ending is not None
    with pytest.raises(SolveBudgetExceeded):
        bid_values(ending, budget=1)
    with pytest.raises(ValueError, match="budget"):
        bid_values(ending, budget=0)
