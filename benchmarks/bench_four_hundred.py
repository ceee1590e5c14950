"""Speed of 400 under random play: ``python benchmarks/bench_four_hundred.py [SECONDS]``.

Plays random legal actions from :func:`cardrules.four_hundred.new_game`, driving the engine
exactly as a bot does (``actions = state.legal_actions(); state = state.apply(rng.choice(
actions))``), starting a new game whenever one ends, and prints deals (hands, every deal counted:
played, thrown in or void) per second and actions per second, in the format of
``benchmarks/run.py``.  A uniformly random bidder often overbids, so most deals are played out
to the 13th trick.  Each preset runs in five equal trials, the presets taking turns; the best
and the median trial are printed (a shared machine has slow spells; the best trial is the least
disturbed, as with :mod:`timeit`).
"""

from __future__ import annotations

import random
import sys
import time

from cardrules.four_hundred import Rules, new_game


def _play(seconds: float, rules: Rules) -> tuple[int, int, float]:
    """Random play for about ``seconds``: (deals, actions, elapsed seconds)."""
    rng = random.Random(2026)
    choice = rng.choice
    deals = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    games = 0
    while True:
        state = new_game(rules, seed=games, dealer=0)
        games += 1
        for _ in range(200):  # bound each game; check the clock between bursts
            for _ in range(100):
                if state.is_terminal:
                    break
                actions_now = state.legal_actions()
                state = state.apply(choice(actions_now))
                actions += 1
            if state.is_terminal or time.perf_counter() >= deadline:
                break
        deals += state.deal_number + (1 if state.is_terminal else 0)
        now = time.perf_counter()
        if now >= deadline:
            return deals, actions, now - start


TRIALS = 5


def run(seconds: float) -> None:
    """Print random-play deals/s (best and median of five equal trials) and actions/s (best
    trial) for each preset.  The presets take turns, one trial each, so that a slow spell of the
    machine falls on a few trials of every preset rather than on all of one."""
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in Rules.PRESETS}
    for _ in range(TRIALS):
        for name, results in rates.items():
            deals, actions, elapsed = _play(seconds / TRIALS, Rules.preset(name))
            results.append((deals / elapsed, actions / elapsed))
    for name, results in rates.items():
        results.sort()
        label = f"400 random play, {name}"
        print(f"{label + ' (best)':<40} {results[-1][0]:>14,.0f} deals/s")
        print(f"{label + ' (median)':<40} {results[len(results) // 2][0]:>14,.0f} deals/s")
        best_actions = max(a for _, a in results)
        print(f"{label + ' (best)':<40} {best_actions:>14,.0f} actions/s")


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
