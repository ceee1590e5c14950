"""The double-dummy solvers: time per solve from a full deal and from mid-deal positions.

``python benchmarks/bench_solve.py [SECONDS]`` prints solves per second and the median time of a
solve for: a full All Fours deal (6 tricks, 4 players, after the stand), solved and valued alone on
the race objective; 400 positions with 4, 6 and 8 tricks to go (random play before), and 400's score
search (``bid_values``) with 6 and 7 to go.  ``--full-400 N`` also solves N full 400 hands (13
tricks; the deals of seeds 0 to N - 1 after four Bid(3)s) and prints, for each and then as median
and max, the wall-clock and CPU (process) seconds and the nodes (tricks searched): on a shared
machine the CPU time and the nodes are the steadier figures.  ``--positions N`` solves the first N
of the 400 positions with 4, 6, 8 and 10 tricks to go and prints the median and max CPU time and
nodes of each (the figures of the docs' table).  Figures are for the machine at hand.
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
from cardrules.all_fours.solve import value as all_fours_value
from cardrules.four_hundred.bid_solve import bid_values


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
    _measure(
        "all_fours.solve.value, race objective",
        _all_fours_deals(),
        lambda state: all_fours_value(state, objective="game"),
        seconds,
    )
    for left in (6, 7):
        _measure(
            f"four_hundred bid_values, {left} tricks to go",
            _four_hundred_positions(left),
            bid_values,
            seconds,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", nargs="?", type=float, default=3.0)
    parser.add_argument("--full-400", type=int, default=0, metavar="N")
    parser.add_argument("--positions", type=int, default=0, metavar="N")
    args = parser.parse_args()
    run(args.seconds)
    if args.positions:
        positions_400(args.positions)
    if args.full_400:
        full_400(args.full_400)


def positions_400(count: int) -> None:
    """Solve the first ``count`` 400 positions with 4, 6, 8 and 10 tricks to go and print the
    median and max CPU time and nodes of each."""
    for left in (4, 6, 8, 10):
        positions = _four_hundred_positions(left)
        cpus: list[float] = []
        nodes: list[int] = []
        for _ in range(count):
            state = next(positions)
            cpu = time.process_time()
            result = four_hundred.solve(state)
            cpus.append(time.process_time() - cpu)
            nodes.append(result.nodes)
        print(
            f"(400, {left} tricks to go, {count} positions: median "
            f"{statistics.median(cpus) * 1000:.1f} ms CPU, {statistics.median(nodes):,.0f} nodes; "
            f"max {max(cpus) * 1000:.1f} ms CPU, {max(nodes):,} nodes)",
            flush=True,
        )


def full_400(count: int) -> None:
    """Solve the full 400 hands of seeds 0 to ``count - 1`` and print time and nodes."""
    positions = _four_hundred_positions(13)
    walls: list[float] = []
    cpus: list[float] = []
    nodes: list[int] = []
    for seed in range(count):
        state = next(positions)
        wall, cpu = time.perf_counter(), time.process_time()
        result = four_hundred.solve(state)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        nodes.append(result.nodes)
        print(
            f"(full 400 hand, seed {seed}: {walls[-1]:.2f} s, {cpus[-1]:.2f} s CPU, "
            f"{nodes[-1]:,} nodes)",
            flush=True,
        )
    print(
        f"(full 400 hand: median {statistics.median(walls):.2f} s, "
        f"{statistics.median(cpus):.2f} s CPU, {statistics.median(nodes):,.0f} nodes; "
        f"max {max(walls):.2f} s, {max(cpus):.2f} s CPU, {max(nodes):,} nodes; "
        f"over {len(walls)})"
    )


if __name__ == "__main__":
    sys.exit(main())
