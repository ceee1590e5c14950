"""Speed of All Fours random play: ``python benchmarks/bench_all_fours.py [SECONDS]``.

Drives games exactly as a bot does, from ``new_game``: ``actions = state.legal_actions();
state = state.apply(rng.choice(actions))`` until the game is over, then a new game.  A *hand* is
one deal, through its last trick or to its end (a void deal or the target reached mid-deal);
every deal costs one seeded shuffle (``cardrules.shuffled_deck``'s algorithm).  Figures are
wall-clock on the machine at hand, printed as ``benchmarks/run.py`` prints them: each case runs
in five equal trials, and the best and the median trial are printed (a shared machine has slow
spells; the best trial is the least disturbed, as with :mod:`timeit`).
"""

from __future__ import annotations

import random
import sys
import time

from cardrules.all_fours import Rules, new_game


def _line(name: str, unit: str, rate: float) -> None:
    print(f"{name:<40} {rate:>14,.0f} {unit}/s")


TRIALS = 5


def random_play(seconds: float, rules: Rules, *, fixed_dealer: bool) -> list[tuple[float, float]]:
    """Play random games for about ``seconds`` in :data:`TRIALS` equal trials; return (hands
    per second, actions per second) of each trial."""
    rng = random.Random(2026)
    game = 0
    rates = []
    for _ in range(TRIALS):
        hands = actions = 0
        start = time.perf_counter()
        deadline = start + seconds / TRIALS
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
        rates.append((hands / (now - start), actions / (now - start)))
    return rates


def run(seconds: float) -> None:
    """Print random-play hands/s (best and median trial) and actions/s (best trial) for the
    presets that change the work."""
    cases = [
        ("4 players", Rules(), False),
        ("2 players", Rules.preset("all_twos"), False),
        ("dealer given", Rules(), True),
    ]
    for label, rules, fixed_dealer in cases:
        rates = sorted(random_play(seconds, rules, fixed_dealer=fixed_dealer))
        name = f"all_fours random play, {label}"
        _line(f"{name} (best)", "hands", rates[-1][0])
        _line(f"{name} (median)", "hands", rates[len(rates) // 2][0])
        _line(f"{name} (best)", "actions", max(actions for _, actions in rates))


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
