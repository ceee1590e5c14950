"""All Fours strength deal by deal: which part of the game an agent plays better.

``python examples/deal_duplicate.py MODE AGENT OTHER FIRST LAST`` plays, for each seed from
FIRST to LAST - 1, the first deal of ``all_fours.new_game(seed=seed, dealer=seed % 4)`` twice:
AGENT's side at seats 0 and 2 (OTHER at 1 and 3), then the sides swapped.  A seed's result is
AGENT's points minus OTHER's in the first seating plus the same in the second: the cards are the
same, so the luck of the deal cancels and what is left is the play.  ``MODE``:

* ``play``: the beggar stands (so no run of the pack: a six-trick deal), only the cards differ;
* ``bid``: AGENT's side stands or begs and gives one or runs the pack; every card is OTHER's;
* ``all``: the whole deal.

Each seed prints a JSON line (the two margins, AGENT's CPU seconds and decisions), then the mean
per seed with a 95% normal interval.  With no arguments: ``play search:30 rule 0 5``, a few
seconds.  Agents are specs as for ``make_agent`` (``pimc:10-40``,
``search:100``).  A game of All Fours lasts about five deals, and a tournament is the judge (see
``cardrules.runner.tournament``); this is the cheaper look at where the points go.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from typing import Any

from cardrules import all_fours
from cardrules.agents import make_agent

MODES = ("play", "bid", "all")


def deal_margin(mode: str, agent: Any, other: Any, seed: int, side: int) -> tuple[int, float, int]:
    """AGENT's points minus OTHER's in the first deal of ``seed``, AGENT at ``side``; and its CPU
    seconds and decisions."""
    state = all_fours.new_game(seed=seed, dealer=seed % 4)
    start = state.scores
    rng = random.Random(seed * 7 + side)
    if mode == "play":
        state = state.apply(all_fours.Stand())
    deal = state.deal_number
    seconds, decisions = 0.0, 0
    while not state.is_terminal and state.deal_number == deal:
        seat = state.current_player
        assert seat is not None
        mover = agent if seat % 2 == side else other
        if mode == "bid" and state.phase is all_fours.Phase.PLAY:
            mover = other
        began = time.process_time()
        action = mover.act(state.observe(seat), rng)
        if mover is agent:
            seconds += time.process_time() - began
            decisions += 1
        state = state.apply(action)
    gained = [state.scores[s] - start[s] for s in (0, 1)]
    return gained[side] - gained[1 - side], seconds, decisions


def main(argv: list[str]) -> None:
    if not argv:
        argv = ["play", "search:30", "rule", "0", "5"]
    if len(argv) != 5 or argv[0] not in MODES:
        sys.exit(__doc__)
    mode, spec, other_spec = argv[0], argv[1], argv[2]
    first, last = int(argv[3]), int(argv[4])
    agent, other = make_agent("all-fours", spec), make_agent("all-fours", other_spec)
    sums = []
    for seed in range(first, last):
        results = [deal_margin(mode, agent, other, seed, side) for side in (0, 1)]
        sums.append(sum(margin for margin, _, _ in results))
        print(
            json.dumps(
                {
                    "seed": seed,
                    "margins": [margin for margin, _, _ in results],
                    "seconds": round(sum(seconds for _, seconds, _ in results), 3),
                    "decisions": sum(decisions for _, _, decisions in results),
                }
            ),
            flush=True,
        )
    mean = statistics.fmean(sums)
    half = 1.96 * statistics.stdev(sums) / len(sums) ** 0.5 if len(sums) > 1 else float("nan")
    print(
        f"{mode}: {spec} against {other_spec}, {len(sums)} seeds: {mean:+.3f} ± {half:.3f} per seed"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
