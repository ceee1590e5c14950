"""Speed of the batch engine against the per-state engine: ``python benchmarks/bench_batch.py
[SECONDS]``.

Random legal play of All Fours (default rules), side by side in one run:

* the per-state engine, as ``bench_all_fours.py`` drives it: ``state.apply(rng.choice(
  state.legal_actions()))`` game after game;
* ``cardrules.batch`` with n = 4096 lanes: ``batch.step(batch.random_actions(rng))``, with the
  per-state engine's seeded shuffle (``shuffle="seeded"``, every game reproducible in the
  per-state engine) and with numpy's generator (``shuffle="numpy"``);
* the same batch with the actions drawn from ``legal_mask()`` by numpy (what a policy that reads
  the mask costs on top);
* with a budget of a second or more, a batch of n = 65536 (seeded): numpy's cost per call is
  spread over more lanes.

Each case runs in five equal trials, the cases taking turns; the best and the median trial are
printed (a shared machine has slow spells), then the ratios of the best trials and the batch's
memory per game.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import numpy as np

from cardrules.all_fours import Rules, new_game
from cardrules.batch import AllFoursBatch, make

TRIALS = 5
N = 4096
LARGE = 65536


def _line(name: str, unit: str, rate: float) -> None:
    print(f"{name:<48} {rate:>14,.0f} {unit}/s")


def per_state(seconds: float, first: int) -> float:
    """Actions per second of random play in the per-state engine."""
    rng = random.Random(first)
    rules = Rules()
    game = first
    actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = new_game(rules, seed=game)
        game += 1
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
        now = time.perf_counter()
        if now >= deadline:
            return actions / (now - start)


def batched(batch: AllFoursBatch, seconds: float, first: int, *, mask: bool = False) -> float:
    """Actions per second of random legal play in ``batch`` (every lane acts at every step)."""
    rng = np.random.default_rng(first)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        if mask:
            legal = batch.legal_mask()
            choice = ((rng.random(legal.shape, dtype=np.float32) + 1.0) * legal).argmax(axis=1)
        else:
            choice = batch.random_actions(rng)
        batch.step(choice)
        steps += 1
        now = time.perf_counter()
        if now >= deadline:
            return batch.n * steps / (now - start)


def memory_per_game(batch: AllFoursBatch) -> float:
    """Bytes of arrays per lane: the lane's state and its share of the decks made ahead."""
    total = 0
    for owner in (batch, batch._source):
        for value in vars(owner).values():
            if isinstance(value, np.ndarray) and value.shape and value.shape[0] >= batch.n:
                total += value.nbytes
    return total / batch.n


def run(seconds: float) -> None:
    """Print the figures (see the module's introduction)."""
    seeded = make("all-fours", N, seed=1)
    fast = make("all-fours", N, seed=1, shuffle="numpy")
    masked = make("all-fours", N, seed=2)
    cases: list[tuple[str, Callable[[float, int], float]]] = [
        ("all_fours per-state engine", per_state),
        ("all_fours batch n=4096, seeded shuffle", lambda t, f: batched(seeded, t, f)),
        ("all_fours batch n=4096, numpy shuffle", lambda t, f: batched(fast, t, f)),
        (
            "all_fours batch n=4096, seeded, legal_mask()",
            lambda t, f: batched(masked, t, f, mask=True),
        ),
    ]
    if seconds >= 1.0:
        large = make("all-fours", LARGE, seed=3)
        cases.append(("all_fours batch n=65536, seeded shuffle", lambda t, f: batched(large, t, f)))
    rates: list[list[float]] = [[] for _ in cases]
    for round_number in range(TRIALS):
        for (_, case), results in zip(cases, rates, strict=True):
            results.append(case(seconds / TRIALS, 10_000 * round_number))
    for (label, _), results in zip(cases, rates, strict=True):
        results.sort()
        _line(f"{label} (best)", "actions", results[-1])
        _line(f"{label} (median)", "actions", results[len(results) // 2])
    base = max(rates[0])
    for (label, _), results in zip(cases[1:], rates[1:], strict=True):
        print(f"({label}: {max(results) / base:.1f} x the per-state engine, best trials)")
    print(
        f"(memory per game: {memory_per_game(seeded):,.0f} bytes seeded, "
        f"{memory_per_game(fast):,.0f} bytes numpy shuffle)"
    )


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
