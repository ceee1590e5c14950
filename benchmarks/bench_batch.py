"""Speed of the batch engine against the per-state engine: ``python benchmarks/bench_batch.py
[SECONDS]``.

Random legal play of All Fours and of 400 (default rules), side by side in one run:

* the per-state engine, as ``bench_all_fours.py`` and ``bench_four_hundred.py`` drive it:
  ``state.apply(rng.choice(state.legal_actions()))`` game after game;
* ``cardrules.batch`` with n = 4096 lanes: ``batch.step(batch.random_actions(rng))``, with the
  per-state engine's seeded shuffle (``shuffle="seeded"``, every game reproducible in the
  per-state engine) and with numpy's generator (``shuffle="numpy"``);
* the same batch with the actions drawn from ``legal_mask()`` by numpy (what a policy that reads
  the mask costs on top);
* with a budget of a second or more, an All Fours batch of n = 65536 (seeded): numpy's cost
  per call is spread over more lanes;
* 400: the per-state engine and a batch of n = 4096 (seeded).

``python benchmarks/bench_batch.py --split [SECONDS]`` prints instead where an All Fours step at
n = 4096 goes, the seeded shuffle against the numpy shuffle: the deck supply's share of a step,
and of it the SHA-256 hashes, the array shuffle and the decks made one at a time (each timed by
a wrapper, which adds a few µs a step), the rest of the step, and what the seeded batch would
make against the per-state engine (measured in the same run) if its supply cost nothing but its
hashes and array shuffles.

Each case runs in five equal trials, the cases taking turns; the best and the median trial are
printed (a shared machine has slow spells), then the ratios of the best trials and the batch's
memory per game.  Rates are per second of the process's CPU time (``time.process_time``: one
core, without the time other programs take from it; everything here runs on one thread); the
ratios are also given per second of wall-clock time.  The All Fours batch with the seeded
shuffle also reports the decks it made per deal dealt (counting the decks made ahead and never
dealt, and the draws for the first dealers).  The batches are first played for a few hundred
steps: lanes start in step (every game at its first deal, no deal ending for a while), which
would flatter the batch.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from cardrules import all_fours, four_hundred
from cardrules.batch import AllFoursBatch, FourHundredBatch, _decks, _shuffle, make

TRIALS = 5
N = 4096
LARGE = 65536
WARM_UP = 400  # steps, about 15 deals of All Fours and 7 of 400 per lane


def _line(name: str, unit: str, rate: float) -> None:
    print(f"{name:<48} {rate:>14,.0f} {unit}/s")


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
    step)."""
    rng = np.random.default_rng(first)
    steps = 0
    start, wall = time.process_time(), time.perf_counter()
    deadline = start + seconds
    while True:
        if mask:
            legal = batch.legal_mask()
            choice = ((rng.random(legal.shape, dtype=np.float32) + 1.0) * legal).argmax(axis=1)
        else:
            choice = batch.random_actions(rng)
        batch.step(choice)
        steps += 1
        now = time.process_time()
        if now >= deadline:
            return batch.n * steps / (now - start), batch.n * steps / (time.perf_counter() - wall)


def memory_per_game(batch: AllFoursBatch | FourHundredBatch) -> float:
    """Bytes per lane: the lane's state and its share of the decks made ahead (arrays with a
    dimension of n lanes or more, not counting views twice), and the seeded shuffle's texts
    kept per game (lists of n or more bytes)."""
    total = 0
    for owner in (batch, batch._source):
        for value in vars(owner).values():
            if isinstance(value, np.ndarray) and value.base is None and value.shape:
                if value.shape[0] >= batch.n or batch.n in value.shape:
                    total += value.nbytes
            elif isinstance(value, list) and len(value) >= batch.n:
                total += sys.getsizeof(value) + sum(sys.getsizeof(item) for item in value)
    return total / batch.n


def run(seconds: float) -> None:
    """Print the figures (see the module's introduction)."""
    seeded = make("all-fours", N, seed=1)
    fast = make("all-fours", N, seed=1, shuffle="numpy")
    masked = make("all-fours", N, seed=2)
    fh = make("400", N, seed=4)
    cases: list[tuple[str, Callable[[float, int], tuple[float, float]]]] = [
        ("all_fours per-state engine", lambda t, f: per_state(all_fours, t, f)),
        ("all_fours batch n=4096, seeded shuffle", lambda t, f: batched(seeded, t, f)),
        ("all_fours batch n=4096, numpy shuffle", lambda t, f: batched(fast, t, f)),
        (
            "all_fours batch n=4096, seeded, legal_mask()",
            lambda t, f: batched(masked, t, f, mask=True),
        ),
    ]
    cases += [
        ("400 per-state engine", lambda t, f: per_state(four_hundred, t, f)),
        ("400 batch n=4096, seeded shuffle", lambda t, f: batched(fh, t, f)),
    ]
    if seconds >= 1.0:
        large = make("all-fours", LARGE, seed=3)
        cases.append(("all_fours batch n=65536, seeded shuffle", lambda t, f: batched(large, t, f)))
    # Lanes start in step (every game at its first deal): play them apart before measuring.
    warm = np.random.default_rng(0)
    for batch in (seeded, fast, masked, fh, *([large] if seconds >= 1.0 else [])):
        for _ in range(WARM_UP if seconds >= 1.0 else 3):
            batch.step(batch.random_actions(warm))
    rates: list[list[float]] = [[] for _ in cases]
    walls: list[list[float]] = [[] for _ in cases]
    source: Any = seeded._source
    made, dealt = source.made, source.dealt
    for round_number in range(TRIALS):
        for (_, case), results, wall in zip(cases, rates, walls, strict=True):
            cpu_rate, wall_rate = case(seconds / TRIALS, 10_000 * round_number)
            results.append(cpu_rate)
            wall.append(wall_rate)
    made, dealt = source.made - made, source.dealt - dealt
    for (label, _), results in zip(cases, rates, strict=True):
        results.sort()
        _line(f"{label} (best)", "actions", results[-1])
        _line(f"{label} (median)", "actions", results[len(results) // 2])
    for (label, _), results, wall in zip(cases, rates, walls, strict=True):
        if "batch" in label:
            game = label.split()[0]
            k = next(i for i, (name, _) in enumerate(cases) if name.startswith(game))
            ratio, wall_ratio = max(results) / max(rates[k]), max(wall) / max(walls[k])
            print(
                f"({label}: {ratio:.1f} x the per-state engine, best trials; "
                f"wall clock {wall_ratio:.1f} x)"
            )
    print(f"(All Fours, seeded shuffle: {made / max(dealt, 1):.2f} decks made per deal dealt)")
    print(
        f"(memory per game: All Fours {memory_per_game(seeded):,.0f} bytes seeded, "
        f"{memory_per_game(fast):,.0f} bytes numpy shuffle; 400 {memory_per_game(fh):,.0f} "
        "bytes seeded)"
    )


_SPLIT_KEYS = (
    "hashes",
    "hashed",
    "shuffle",
    "shuffled",
    "one at a time",
    "seeded supply",
    "numpy supply",
)


def _timed(owner: Any, name: str, spent: dict[str, float], key: str, count: str = "") -> Any:
    """Wrap ``owner.name`` to add its CPU time to ``spent[key]`` (and the length of its first
    argument to ``spent[count]``); returns what it replaced."""
    inner = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        result = inner(*args, **kwargs)
        spent[key] = spent.get(key, 0.0) + time.process_time() - start
        if count:
            spent[count] = spent.get(count, 0.0) + len(args[0])
        return result

    setattr(owner, name, wrapper)
    return inner


def split(seconds: float) -> None:
    """Print where an All Fours step at n = 4096 goes (see the module's introduction)."""
    spent: dict[str, float] = {}
    wrapped = [
        (_shuffle, "_hash64", "hashes", "hashed"),
        (_shuffle, "_decks_from_states", "shuffle", "shuffled"),
        (_decks.SeededDecks, "_make_missing", "one at a time", ""),
        (_decks.SeededDecks, "deals", "seeded supply", ""),
        (_decks.NumpyDecks, "deals", "numpy supply", ""),
    ]
    replaced = [(owner, name, _timed(owner, name, spent, *keys)) for owner, name, *keys in wrapped]
    try:
        _split(seconds, spent)
    finally:
        for owner, name, inner in replaced:
            setattr(owner, name, inner)


def _split(seconds: float, spent_now: dict[str, float]) -> None:
    batches = {
        "seeded": make("all-fours", N, seed=1),
        "numpy": make("all-fours", N, seed=1, shuffle="numpy"),
    }
    warm = np.random.default_rng(0)
    for batch in batches.values():
        for _ in range(WARM_UP if seconds >= 1.0 else 3):
            batch.step(batch.random_actions(warm))
    engine: list[float] = []
    steps = dict.fromkeys(batches, 0)
    cpu = dict.fromkeys(batches, 0.0)
    spent_now.clear()
    for trial in range(TRIALS):
        engine.append(per_state(all_fours, seconds / TRIALS / 3, 10_000 * trial)[0])
        for name, batch in batches.items():
            rng = np.random.default_rng(trial)
            start = time.process_time()
            deadline = start + seconds / TRIALS / 3
            while True:
                batch.step(batch.random_actions(rng))
                steps[name] += 1
                if time.process_time() >= deadline:
                    break
            cpu[name] += time.process_time() - start
    spent = {key: spent_now.get(key, 0.0) for key in _SPLIT_KEYS}
    for key in ("hashed", "shuffled"):
        spent[key] = max(spent[key], 1.0)  # (a tiny budget may make none)
    rate = statistics.median(engine)
    print(f"per-state engine (median of {TRIALS} trials): {rate:,.0f} actions/s")
    for name in batches:
        step = cpu[name] / steps[name] * 1e3
        supply = spent[f"{name} supply"] / steps[name] * 1e3
        print(
            f"{name} shuffle: {step:.3f} ms a step ({N / step * 1e3 / rate:.1f} x), of which "
            f"the deck supply {supply:.3f} ms, the rest {step - supply:.3f} ms"
        )
    seeded = steps["seeded"]
    step = cpu["seeded"] / seeded * 1e3
    rest = step - spent["seeded supply"] / seeded * 1e3
    hashes, shuffle = (spent[key] / seeded * 1e3 for key in ("hashes", "shuffle"))
    each_hash = spent["hashes"] / spent["hashed"] * 1e6
    each_deck = spent["shuffle"] / spent["shuffled"] * 1e6
    print(
        f"seeded supply: {spent['hashed'] / seeded:.0f} SHA-256 hashes a step, {hashes:.3f} ms "
        f"({each_hash:.2f} µs each); {spent['shuffled'] / seeded:.0f} decks shuffled a step, "
        f"{shuffle:.3f} ms ({each_deck:.2f} µs each); decks made one at a time "
        f"{spent['one at a time'] / seeded * 1e3:.3f} ms"
    )
    floor = rest + hashes + shuffle
    print(
        f"seeded step if the supply were its hashes and shuffles alone: {floor:.3f} ms "
        f"({N / floor * 1e3 / rate:.1f} x the per-state engine)"
    )


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["--split"]:
        split(float(arguments[1]) if len(arguments) > 1 else 15.0)
    else:
        run(float(arguments[0]) if arguments else 5.0)
