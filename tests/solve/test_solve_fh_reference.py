"""400's solver against plain minimax on four-trick endings, and against the values of the
first solver (before partition search) on longer positions and one full hand."""

from __future__ import annotations

import importlib.util

import minimax
import pytest
from test_solve_fh import _ending, _in_play, _minimax

from cardrules.four_hundred.solve import play_values, solve, tricks_at_least

# (tricks to go, seed) of ``_ending``: team 0's tricks from there and after each play, as the
# first solver (exhaustive at trick starts, no partition search) computed them.
_RECORDED = {
    (6, 0): (2, "8D=2"),
    (6, 1): (4, "4H=4 JH=4"),
    (6, 2): (2, "2D=3 4C=2 6D=3 8S=3 JS=3 KD=3"),
    (6, 3): (3, "2D=3"),
    (6, 4): (0, "6D=0 7C=0 8D=0 AC=0 AD=0 KD=0"),
    (6, 5): (1, "3C=2 9C=2 KC=1 TC=2"),
    (6, 6): (5, "3S=6 4S=6 7D=5 9C=5 QD=5 TS=5"),
    (6, 7): (2, "QC=2"),
    (6, 8): (1, "4D=2 6D=2 8C=2 AD=2 JC=2 KH=1"),
    (6, 9): (3, "AH=3"),
    (7, 0): (2, "3D=2"),
    (7, 1): (5, "8S=5"),
    (7, 2): (2, "2C=2 4D=2 4H=2 6H=2 7D=2 JD=2 TC=2"),
    (7, 3): (3, "2H=3 9H=3"),
    (7, 4): (0, "5D=0"),
    (7, 5): (1, "AD=1"),
    (7, 6): (6, "2C=6 4H=6 5H=6 6H=6 7S=6 JH=6 QS=6"),
    (7, 7): (2, "7H=2 QH=2"),
    (7, 8): (2, "4S=2 TS=2"),
    (7, 9): (5, "4D=5 5D=5 7D=5 QD=5"),
    (8, 0): (4, "4C=4 7C=4 9C=4 AC=4"),
    (8, 1): (6, "7S=6 AS=6 KS=6 QS=6"),
    (8, 2): (2, "2C=2 4D=2 4H=2 6H=2 7D=2 JD=2 TC=2 TD=2"),
    (8, 3): (2, "2D=2 5D=2"),
    (8, 4): (2, "JS=2"),
    (8, 5): (2, "6S=1 8S=1 9S=1 QS=2"),
    (8, 6): (7, "2C=7 4H=7 5H=7 6H=7 7S=7 JH=7 JS=7 QS=7"),
    (8, 7): (1, "3D=1 KD=2 QD=2"),
    (8, 8): (2, "2C=2 7C=2"),
    (8, 9): (6, "7H=6 AH=6"),
}

# Seed 1's full hand after four Bid(3)s (the benchmark's second deal).
_FULL_HAND = (1, 10, "3C=8 3D=8 6C=8 6H=9 7H=9 7S=9 9D=8 AS=10 JS=10 KD=8 KS=10 QD=8 QS=10")


def _plays(text: str) -> dict[str, int]:
    return {item.split("=")[0]: int(item.split("=")[1]) for item in text.split()}


@pytest.mark.parametrize("seed", range(100, 108))
def test_solver_matches_minimax_on_four_trick_endings(seed: int) -> None:
    state = _ending(seed, 4)
    result = solve(state)
    assert result.tricks[0] == _minimax(state)
    expected = minimax.plays(state, minimax.fh_tricks)
    assert {play: value[0] for play, value in result.plays.items()} == expected


@pytest.mark.parametrize(("left", "seed"), sorted(_RECORDED))
def test_solver_agrees_with_the_first_solver(left: int, seed: int) -> None:
    state = _ending(seed, left)
    value, plays = _RECORDED[left, seed]
    result = solve(state)
    assert result.tricks == (value, left - value)
    assert {str(play.card): tricks[0] for play, tricks in result.plays.items()} == _plays(plays)
    assert play_values(state) == result.plays
    for team, tricks in enumerate(result.tricks):
        assert tricks_at_least(state, team, tricks) is True
        assert tricks_at_least(state, team, tricks + 1) is False


@pytest.mark.skipif(
    importlib.util.find_spec("numba") is None,
    reason="a full hand takes the interpreted search minutes (about 5.6 CPU minutes measured)",
)
def test_a_full_hand() -> None:
    seed, value, plays = _FULL_HAND
    result = solve(_in_play(seed))
    assert result.tricks == (value, 13 - value)
    assert {str(play.card): tricks[0] for play, tricks in result.plays.items()} == _plays(plays)
