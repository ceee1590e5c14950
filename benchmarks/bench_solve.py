"""The double-dummy solvers: time per solve from a full deal and from mid-deal positions.

``python benchmarks/bench_solve.py [SECONDS]`` prints solves per second and the median time of a
solve for: a full All Fours deal (6 tricks, 4 players, after the stand); 400 positions with 4, 6
and 8 tricks to go (random play before).  ``--full-400 N`` also solves N full 400 hands (13
tricks; seconds to minutes each in pure Python).  Figures are wall-clock on the machine at hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from cardrules import all_fours, four_hundred


def _all_fours_deals() -> Iterator[Any]:
    seed = 0
    while True:
        state = all_fours.new_game(seed=seed, dealer=seed % 4)
        seed += 1
        if state.phase is all_fours.Phase.BEG:
            state = state.apply(all_fours.Stand())
            if state.phase is all_fours.Phase.PLAY:
                yield state


def _four_hundred_positions(tricks_left: int) -> Iterator[Any]:
    seed = 0
    while True:
        rng = random.Random(seed)
        state = four_hundred.new_game(seed=seed, dealer=seed % 4)
        seed += 1
        for _ in range(4):
            state = state.apply(four_hundred.Bid(3))
        while sum(state.tricks_taken) < 13 - tricks_left:
            state = state.apply(rng.choice(state.legal_actions()))
        yield state


def _measure(
    name: str, positions: Iterator[Any], solve: Callable[[Any], Any], seconds: float
) -> None:
    """Solve positions for about ``seconds`` (at least one) and print the rate and median."""
    times: list[float] = []
    spent = 0.0
    while not times or spent < seconds:
        state = next(positions)
        start = time.perf_counter()
        solve(state)
        times.append(time.perf_counter() - start)
        spent += times[-1]
    print(f"{name:<40} {len(times) / spent:>14,.2f} solves/s")
    median, longest = statistics.median(times) * 1000, max(times) * 1000
    print(f"(median {median:.1f} ms, max {longest:.1f} ms, {len(times)} solves)")


def run(seconds: float = 3.0) -> None:
    """Print the solvers' figures, spending about ``seconds`` on each."""
    _measure("all_fours.solve full deal (4 players)", _all_fours_deals(), all_fours.solve, seconds)
    for left in (4, 6, 8):
        _measure(
            f"four_hundred.solve, {left} tricks to go",
            _four_hundred_positions(left),
            four_hundred.solve,
            seconds,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", nargs="?", type=float, default=3.0)
    parser.add_argument("--full-400", type=int, default=0, metavar="N")
    args = parser.parse_args()
    run(args.seconds)
    if args.full_400:
        positions = _four_hundred_positions(13)
        times = []
        for _ in range(args.full_400):
            state = next(positions)
            start = time.perf_counter()
            four_hundred.solve(state)
            times.append(time.perf_counter() - start)
            print(f"(full 400 hand: {times[-1]:.2f} s)", flush=True)
        print(f"(full 400 hand: median {statistics.median(times):.2f} s over {len(times)})")


if __name__ == "__main__":
    sys.exit(main())
