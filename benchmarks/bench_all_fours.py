"""Speed of All Fours random play: ``python benchmarks/bench_all_fours.py [SECONDS]``.

Drives games exactly as a bot does, from ``new_game``: ``actions = state.legal_actions();
state = state.apply(rng.choice(actions))`` until the game is over, then a new game.  A *hand* is
one deal, through its last trick or to its end (a void deal or the target reached mid-deal);
every deal costs one seeded shuffle (``cardrules.shuffled_deck``'s algorithm).  Figures are
wall-clock on the machine at hand, printed as ``benchmarks/run.py`` prints them.
"""

from __future__ import annotations

import random
import sys
import time

from cardrules.all_fours import Rules, new_game


def _line(name: str, unit: str, rate: float) -> None:
    print(f"{name:<40} {rate:>14,.0f} {unit}/s")


def random_play(seconds: float, rules: Rules, *, fixed_dealer: bool) -> tuple[float, float]:
    """Play random games for about ``seconds``; return (hands per second, actions per second)."""
    rng = random.Random(2026)
    hands = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    game = 0
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
    elapsed = now - start
    return hands / elapsed, actions / elapsed


def run(seconds: float) -> None:
    """Print random-play hands/s and actions/s for the presets that change the work."""
    for label, rules in [("4 players", Rules()), ("2 players", Rules.preset("all_twos"))]:
        hands, actions = random_play(seconds, rules, fixed_dealer=False)
        _line(f"all_fours random play, {label}", "hands", hands)
        _line(f"all_fours random play, {label}", "actions", actions)
    hands, actions = random_play(seconds, Rules(), fixed_dealer=True)
    _line("all_fours random play, dealer given", "hands", hands)
    _line("all_fours random play, dealer given", "actions", actions)


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)
