"""What seeing every hand is worth in All Fours: a ceiling for any bot that cannot.

``python examples/see_all_hands.py MODE OTHER FIRST LAST`` plays duplicate games of All Fours
(the runner's pairs: each game twice, the sides swapped) between a *seeing* agent and OTHER, an
agent spec such as ``search:100``.  The seeing agent is :class:`cardrules.agents.PimcAgent`
whose sampler returns the true state instead of a deal drawn from its observation
(``PimcAgent(determinize=...)``): each card is the double-dummy best play of the real deal, and
each stand, beg, gift or run is simulated on the real hands.  It cheats; no bot can do as well.
``MODE`` says where it sees:

* ``all``: every decision it solves (the first cards of a deal lengthened by runs of the pack are
  the search agent's: ``solve_from=6``, which keeps the example quick without the compiled
  solver);
* ``play``: only the cards; its stands, begs, gifts and runs are OTHER's;
* ``bid``: only the stands, begs, gifts and runs; its cards are OTHER's.

Game pair ``k`` uses the seed ``derive_seed(2027, "game", k)``.  Each game prints a JSON line,
then the share of the pairs won with a 95% Wilson interval.  With no arguments: ``all rule 0 2``,
a few seconds.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from typing import Any

from cardrules import all_fours
from cardrules.agents import PimcAgent, make_agent
from cardrules.core.deck import derive_seed

MODES = ("all", "play", "bid")


def play_game(mode: str, other_spec: str, seed: int, swapped: bool) -> dict[str, Any]:
    """One game: the seeing agent's side is 0 (seats 0 and 2), or 1 when ``swapped``."""
    truth: list[Any] = [None]
    seeing = PimcAgent(
        "all-fours", samples=1, solve_from=6, determinize=lambda observation, rng: truth[0]
    )
    own = make_agent("all-fours", other_spec)  # the seeing side's decisions it does not see
    other = make_agent("all-fours", other_spec)
    side = 1 if swapped else 0
    state = all_fours.new_game(seed=seed)
    rng = random.Random(seed * 2 + swapped)
    began = time.process_time()
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        observation = state.observe(seat)
        if seat % 2 != side:
            action = other.act(observation, rng)
        elif mode == "all" or (mode == "play") == (state.phase is all_fours.Phase.PLAY):
            truth[0] = state
            action = seeing.act(observation, rng)
        else:
            action = own.act(observation, rng)
        state = state.apply(action)
    return {
        "seed": seed,
        "seeing_side": side,
        "won": int(state.winner == side),
        "margin": state.scores[side] - state.scores[1 - side],
        "seconds": round(time.process_time() - began, 2),
    }


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share over ``n`` pairs."""
    middle = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return middle - half, middle + half


def main(argv: list[str]) -> None:
    if not argv:
        argv = ["all", "rule", "0", "2"]
    if len(argv) != 4 or argv[0] not in MODES:
        sys.exit(__doc__)
    mode, other_spec, first, last = argv[0], argv[1], int(argv[2]), int(argv[3])
    shares = []
    for pair in range(first, last):
        seed = derive_seed(2027, "game", pair)
        games = [play_game(mode, other_spec, seed, swapped) for swapped in (False, True)]
        for game in games:
            print(json.dumps({"pair": pair, **game}), flush=True)
        shares.append(sum(game["won"] for game in games) / 2)
    share = sum(shares) / len(shares)
    low, high = wilson(share, len(shares))
    print(
        f"{mode}: seeing every hand against {other_spec}, {len(shares)} pairs: "
        f"{100 * share:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%]"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
