"""The search agent thinking about one All Fours decision, and what its search saw.

The agent samples full deals consistent with its seat's observation (``determinize``), runs
rollouts to the end of the deal, and plays the action it tried most.

python examples/search_agent.py [ITERATIONS]
"""

from __future__ import annotations

import random
import sys

from cardrules.agents.all_fours import search_agent
from cardrules.all_fours import Beg, deck_for, new_game


def main(iterations: int = 150) -> None:
    # The dealer (seat 0) holds A K J of the kick's suit and must answer a beg; the other side
    # is on 13, so giving one would lose the game at once.
    hands = ["AH KH JH QC 7S 8C", "2H KS TS 4C 5D 9S", "5H 7H QS 3C 8D 2S", "TH 3H AS KC 9D 4S"]
    state = new_game(deck=deck_for(hands, "4H"), dealer=0, seed=1, scores=(3, 13)).apply(Beg())
    agent = search_agent(iterations)
    action = agent.act(state.observe(0), random.Random(1))
    stats = agent.last_stats
    assert stats is not None
    print(f"dealer answers: {action} after {stats.iterations} samples in {stats.seconds:.2f} s")
    for name, visits in stats.visits.items():
        print(f"  {name:<5} visits {visits:>4}  mean value {stats.values[name]:.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 150)
