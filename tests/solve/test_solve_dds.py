"""400's solver against DDS, the C++ bridge solver (``endplay``): 400's card play is bridge card
play with hearts always trumps (FH-5, FH-16, FH-17), so the two must give every legal play the
same value, on full hands and on positions in the middle of a hand (214 positions)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest
from test_solve_fh import _ending, _in_play

from cardrules.four_hundred import State
from cardrules.four_hundred.solve import solve

pytest.importorskip("endplay")


def _bench() -> Any:
    """benchmarks/bench_solve.py, whose ``dds_values`` asks DDS."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_solve.py"
    spec = importlib.util.spec_from_file_location("_bench_solve_dds", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


dds_values = _bench().dds_values


def _check(state: State) -> None:
    result = solve(state)
    team = state.current_player % 2  # type: ignore[operator]
    mine = {str(play.card): value[team] for play, value in result.plays.items()}
    assert mine == dds_values(state)


@pytest.mark.rule("FH-16")
@pytest.mark.rule("FH-17")
@pytest.mark.parametrize("tricks_left", [2, 3, 4, 5, 6, 7, 8])
def test_every_play_agrees_with_dds_mid_hand(tricks_left: int) -> None:
    for seed in range(30):
        _check(_ending(1000 + seed, tricks_left))


@pytest.mark.rule("FH-5")
def test_every_play_agrees_with_dds_on_full_hands() -> None:
    rng = random.Random(5)
    for seed in (5, 7):
        state = _in_play(seed)
        _check(state)
        # and after the first card or two of the hand
        for _ in range(rng.randrange(1, 3)):
            state = state.apply(rng.choice(state.legal_actions()))
        _check(state)
