"""Speed of All Fours random play: ``python benchmarks/bench_all_fours.py [SECONDS]``.

Drives games exactly as a bot does, from ``new_game``: ``actions = state.legal_actions();
state = state.apply(rng.choice(actions))`` until the game is over, then a new game.  A *hand* is
one deal, through its last trick or to its end (a void deal or the target reached mid-deal);
every deal costs one seeded shuffle (``cardrules.shuffled_deck``'s algorithm).  Figures are
wall-clock on the machine at hand, printed as ``benchmarks/run.py`` prints them: each case runs
in five equal trials, the cases taking turns, and the best and the median trial are printed (a
shared machine has slow spells; the best trial is the least disturbed, as with :mod:`timeit`).
"""

from __future__ import annotations

import random
import sys
import time

from cardrules.all_fours import Rules, new_game


def _line(name: str, unit: str, rate: float) -> None:
    print(f"{name:<40} {rate:>14,.0f} {unit}/s")


TRIALS = 5


def trial(seconds: float, rules: Rules, *, fixed_dealer: bool, first: int) -> tuple[float, float]:
    """Random games from game seed ``first`` on for about ``seconds``: (hands per second,
    actions per second)."""
    rng = random.Random(first)
    game = first
    hands = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = new_game(rules, seed=game, dealer=0 if fixed_dealer else None)
        game += 1
        while not state.is_terminal:
            legal = state.legal_actions()
            state = state.apply(rng.choice(legal))
            actions += 1
        hands += len(state.history)
        now = time.perf_counter()
        if now >= deadline:
            break
    return hands / (now - start), actions / (now - start)


def run(seconds: float) -> None:
    """Print random-play hands/s (best and median trial) and actions/s (best trial) for the
    presets that change the work.  The cases take turns, one trial each, so that a slow spell
    of the machine falls on a few trials of every case rather than on all of one."""
    cases = [
        ("4 players", Rules(), False),
        ("2 players", Rules.preset("all_twos"), False),
        ("dealer given", Rules(), True),
    ]
    rates: list[list[tuple[float, float]]] = [[] for _ in cases]
    for round_number in range(TRIALS):
        for (_, rules, fixed_dealer), results in zip(cases, rates, strict=True):
            first = 10_000 * round_number
            results.append(trial(seconds / TRIALS, rules, fixed_dealer=fixed_dealer, first=first))
    for (label, _, _), results in zip(cases, rates, strict=True):
        results.sort()
        name = f"all_fours random play, {label}"
        _line(f"{name} (best)", "hands", results[-1][0])
        _line(f"{name} (median)", "hands", results[len(results) // 2][0])
        _line(f"{name} (best)", "actions", max(actions for _, actions in results))


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
