"""Play one seeded game of All Fours with random legal moves and print it deal by deal.

python examples/all_fours_random_game.py [SEED] [PRESET]
"""

from __future__ import annotations

import random
import sys

from cardrules.all_fours import Rules, new_game


def main(seed: int = 2026, preset: str = "trinidad") -> None:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    seen = 0
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        for result in state.history[seen:]:
            kicks = " ".join(map(str, result.kicks))
            decisions = " ".join(map(str, result.decisions)) or "-"
            trump = result.trump.letter if result.trump is not None else "-"
            print(
                f"deal {result.deal_number} (dealer {result.dealer}): kicks {kicks}, "
                f"{decisions}, trumps {trump}, ended: {result.reason.value}"
            )
            for award in result.awards:
                print(f"    {award}")
            print(f"    scores {result.scores[0]}-{result.scores[1]}")
        seen = len(state.history)
    print(f"side {state.winner} wins {state.scores[0]}-{state.scores[1]}")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 2026,
        sys.argv[2] if len(sys.argv) > 2 else "trinidad",
    )
