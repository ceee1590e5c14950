"""The search agent thinking about one All Fours decision, and what its search saw.

The default search (``method="flat"``) samples full deals consistent with its seat's
observation (``determinize``) and plays every legal action out on each sample to the end of the
deal, so the actions are compared on the same hidden cards: every action gets the same number of
rollouts (the visit counts tie by design), and the agent plays the action with the best *mean
value* (0 a lost game ... 1 a won game).

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
    best = max(stats.values, key=stats.values.__getitem__)
    for name, visits in stats.visits.items():
        mark = "  <- best mean value, played" if name == best else ""
        print(f"  {name:<5} rollouts {visits:>4}  mean value {stats.values[name]:.3f}{mark}")
    print("(every action is played out on every sample, so the rollout counts are equal)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 150)
