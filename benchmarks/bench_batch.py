"""Speed and memory of the batch engine against the per-state engine: ``python
benchmarks/bench_batch.py [SECONDS]``.

Random legal play of All Fours and of 400 (default rules), side by side in one run:

* the per-state engine, as ``bench_all_fours.py`` and ``bench_four_hundred.py`` drive it:
  ``state.apply(rng.choice(state.legal_actions()))`` game after game;
* ``cardrules.batch`` with n = 4096 lanes on one thread: ``batch.step(batch.random_actions(rng))``,
  with the per-state engine's seeded shuffle (the default ``shuffle="seeded"``: every game
  reproducible in the per-state engine) and with numpy's generator (``shuffle="numpy"``);
* All Fours with the actions drawn from ``legal_mask()`` by numpy (what a policy that reads the
  mask costs on top);
* with a budget of a second or more, n = 65536 on one thread and with ``threads=2``.

Each case runs in five equal trials, the cases taking turns; the best and the median trial are
printed (a shared machine has slow spells), then the ratios of the best trials.  Rates on one
thread are per second of the process's CPU time (``time.process_time``: one core, without the
time other programs take from it); the ratios are also given per second of wall-clock time.
``threads=2`` is timed by the wall clock (its CPU time is both threads'), beside the same batch
on one thread by the wall clock.  The batches are first played for a few hundred steps: lanes
start in step (every game at its first deal), which would flatter the batch.  Then the memory
per lane (the arrays the batch keeps per lane), what one seeded deck costs (a compiled loop
making decks as a lane does, and its two parts: the SHA-256 of a deal's text and the
Fisher-Yates shuffle from a derived state), and, with a budget of a second or more, the
first call (``make`` and a step, in a new process) with a cold cache (an empty
``NUMBA_CACHE_DIR``: every kernel compiled) and with a warm one (the machine code loaded), and
the machine's load average.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from cardrules import all_fours, four_hundred
from cardrules.batch import AllFoursBatch, FourHundredBatch, make
from cardrules.batch._shuffle import deal_deck, deck_from_state, hash_head, scratch
from cardrules.core.compiled import compiled, kernel

TRIALS = 5
N = 4096
LARGE = 65536
WARM_UP = 400  # steps, about 15 deals of All Fours and 7 of 400 per lane

Case = Callable[[float, int], tuple[float, float]]


def _line(name: str, unit: str, rate: float) -> None:
    print(f"{name:<52} {rate:>14,.0f} {unit}/s")


def per_state(module: Any, seconds: float, first: int) -> tuple[float, float]:
    """Actions per second (CPU, wall) of random play in the per-state engine of ``module`` (a
    game of 400 with random bids rarely ends: the clock is read every hundred actions)."""
    rng = random.Random(first)
    game = first
    actions = 0
    start, wall = time.process_time(), time.perf_counter()
    deadline = start + seconds
    while True:
        state = module.new_game(seed=game)
        game += 1
        while not state.is_terminal:
            for _ in range(100):
                state = state.apply(rng.choice(state.legal_actions()))
                actions += 1
                if state.is_terminal:
                    break
            if time.process_time() >= deadline:
                break
        now = time.process_time()
        if now >= deadline:
            return actions / (now - start), actions / (time.perf_counter() - wall)


def batched(
    batch: AllFoursBatch | FourHundredBatch, seconds: float, first: int, *, mask: bool = False
) -> tuple[float, float]:
    """Actions per second (CPU, wall) of random legal play in ``batch`` (every lane acts at every
    step); a batch on threads runs for ``seconds`` of wall-clock time."""
    rng = np.random.default_rng(first)
    steps = 0
    clock = time.perf_counter if batch.threads > 1 else time.process_time
    start, wall = time.process_time(), time.perf_counter()
    deadline = clock() + seconds
    while True:
        if mask:
            legal = batch.legal_mask()
            choice = ((rng.random(legal.shape, dtype=np.float32) + 1.0) * legal).argmax(axis=1)
        else:
            choice = batch.random_actions(rng)
        batch.step(choice)
        steps += 1
        if clock() >= deadline:
            cpu, elapsed = time.process_time() - start, time.perf_counter() - wall
            return batch.n * steps / cpu, batch.n * steps / elapsed


def memory_per_lane(batch: AllFoursBatch | FourHundredBatch) -> float:
    """Bytes per lane: the arrays the batch keeps per lane (its state rows, seeds, slots of
    results and their counts, All Fours' decks, legal action ids and waiting flags); the numpy
    shuffle's block of decks made ahead (4096 decks, 208 KiB, whatever n) is counted apart."""
    names = ("_rows", "_seeds", "_slots", "_count", "_decks", "_legal", "_wait")
    total = sum(getattr(batch, name).nbytes for name in names if hasattr(batch, name))
    return total / batch.n


DECKS = 200_000  # per trial of the deck's cost


@kernel
def _seeded_decks(seeds: Any, count: int, part: int) -> int:
    """``count`` seeded decks as a lane makes them (``part`` 0: the whole deck of a deal), or
    only their SHA-256 (1, of a 40-byte text, one byte changed each time) or only their
    Fisher-Yates shuffle from a derived state (2); returns a checksum."""
    text, words, limbs = scratch()
    deck = np.zeros(52, dtype=np.int8)
    total = 0
    for k in range(count):
        seed = seeds[k % seeds.size]
        if part == 0:
            deal_deck(seed, k % 64, deck, text, words, limbs)
        elif part == 1:
            text[k % 40] = 48 + k % 10
            deck[0] = hash_head(text, 40, words) & 63
        else:
            deck_from_state(seed, deck, limbs)
        total += deck[0]
    return total


def deck_costs() -> tuple[float, float, float]:
    """Nanoseconds (CPU, best of five) of a seeded deck, of its SHA-256, of its shuffle."""
    seeds = np.random.default_rng(5).integers(0, 2**64, size=1024, dtype=np.uint64)
    run_decks = compiled(_seeded_decks)
    costs = []
    for part in range(3):
        run_decks(seeds, 10, part)
        best = float("inf")
        for _ in range(TRIALS):
            start = time.process_time()
            run_decks(seeds, DECKS, part)
            best = min(best, time.process_time() - start)
        costs.append(best / DECKS * 1e9)
    return costs[0], costs[1], costs[2]


_FIRST_CALL = """
import time
start = time.perf_counter()
import numpy as np
from cardrules.batch import make
batch = make({game!r}, 64, seed=1)
batch.step(batch.random_actions(np.random.default_rng(0)))
batch.observe()
batch.legal_mask()
print(time.perf_counter() - start)
"""


def first_calls(game: str) -> tuple[float, float]:
    """Seconds of a new process's import, ``make`` and first step, observation and mask: with a
    cold cache (an empty ``NUMBA_CACHE_DIR``), then with that cache warm."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        code = _FIRST_CALL.format(game=game)
        times = []
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
            )
            times.append(float(out.stdout.split()[-1]))
    return times[0], times[1]


def run(seconds: float) -> None:
    """Print the figures (see the module's introduction)."""
    large = seconds >= 1.0
    batches: dict[str, AllFoursBatch | FourHundredBatch] = {
        "af seeded": make("all-fours", N, seed=1),
        "af numpy": make("all-fours", N, seed=1, shuffle="numpy"),
        "af masked": make("all-fours", N, seed=2),
        "400 seeded": make("400", N, seed=4),
        "400 numpy": make("400", N, seed=4, shuffle="numpy"),
    }
    cases: list[tuple[str, Case]] = [
        ("all_fours per-state engine", lambda t, f: per_state(all_fours, t, f)),
        (
            "all_fours batch n=4096, seeded shuffle",
            lambda t, f: batched(batches["af seeded"], t, f),
        ),
        ("all_fours batch n=4096, numpy shuffle", lambda t, f: batched(batches["af numpy"], t, f)),
        (
            "all_fours batch n=4096, seeded, legal_mask()",
            lambda t, f: batched(batches["af masked"], t, f, mask=True),
        ),
        ("400 per-state engine", lambda t, f: per_state(four_hundred, t, f)),
        ("400 batch n=4096, seeded shuffle", lambda t, f: batched(batches["400 seeded"], t, f)),
        ("400 batch n=4096, numpy shuffle", lambda t, f: batched(batches["400 numpy"], t, f)),
    ]
    threaded: list[tuple[str, str]] = []
    if large:
        for game, name in (("all-fours", "all_fours"), ("400", "400")):
            batches[f"{name} large"] = make(game, LARGE, seed=3)
            batches[f"{name} threads"] = make(game, LARGE, seed=3, threads=2)
            cases.append(
                (
                    f"{name} batch n=65536, seeded shuffle",
                    lambda t, f, b=batches[f"{name} large"]: batched(b, t, f),
                )
            )
            cases.append(
                (
                    f"{name} batch n=65536, seeded, threads=2 (wall)",
                    lambda t, f, b=batches[f"{name} threads"]: batched(b, t, f),
                )
            )
            threaded.append((f"{name} batch n=65536, seeded shuffle", cases[-1][0]))
    # Lanes start in step (every game at its first deal): play them apart before measuring.
    warm = np.random.default_rng(0)
    for batch in batches.values():
        for _ in range(WARM_UP if large else 3):
            batch.step(batch.random_actions(warm))
    rates: list[list[float]] = [[] for _ in cases]
    walls: list[list[float]] = [[] for _ in cases]
    for round_number in range(TRIALS):
        for (_, case), results, wall in zip(cases, rates, walls, strict=True):
            cpu_rate, wall_rate = case(seconds / TRIALS, 10_000 * round_number)
            results.append(cpu_rate)
            wall.append(wall_rate)
    best = {}
    for (label, _), results, wall in zip(cases, rates, walls, strict=True):
        shown = sorted(wall if "threads" in label else results)
        best[label] = (max(results), max(wall))
        _line(f"{label} (best)", "actions", shown[-1])
        _line(f"{label} (median)", "actions", shown[len(shown) // 2])
    for label, (cpu, wall_rate) in best.items():
        if "batch" in label and "threads" not in label:
            engine = best[f"{label.split()[0]} per-state engine"]
            print(
                f"({label}: {cpu / engine[0]:.1f} x the per-state engine, best trials; "
                f"wall clock {wall_rate / engine[1]:.1f} x)"
            )
    for single, two in threaded:
        print(f"({two}: {best[two][1] / best[single][1]:.2f} x one thread, wall clock)")
    memory = ", ".join(
        f"{name} {memory_per_lane(batches[name]):,.0f}"
        for name in ("af seeded", "af numpy", "400 seeded", "400 numpy")
    )
    print(f"(memory per lane, bytes: {memory})")
    deck, sha, fisher_yates = deck_costs()
    print(
        f"(a seeded deck: {deck:.0f} ns, of which its SHA-256 {sha:.0f} ns and its "
        f"Fisher-Yates shuffle {fisher_yates:.0f} ns; one core, best of {TRIALS})"
    )
    if large:
        for game in ("all-fours", "400"):
            cold, warm_cache = first_calls(game)
            print(
                f"(first call, {game}: import, make, step: {cold:.1f} s with a cold cache, "
                f"{warm_cache:.1f} s with a warm one)"
            )
    print(f"(load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())})")


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
