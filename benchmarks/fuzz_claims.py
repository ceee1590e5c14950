"""Hostile claims: the time and positions of 400's claim check (FH-18) on random claims.

``python benchmarks/fuzz_claims.py [N] [--seed S]`` plays N random positions (random deals,
random legal bids, random cards up to a random trick) and makes every seat claim there, then
prints, for ``State.claim`` with its default budget: how many claims were accepted, rejected and
unsettled, the median and largest CPU time (process seconds, the steadier figure on a shared
machine) and wall-clock time, how many took over half a second, and the most positions any
settled claim visited (searched again without a budget).  It starts with the position of the
hardening issue (hands ``KC AC KD AD 6H 7H 8H TH JH QH KH AH AS / ...``, dealer 2, bids 7 2 5
13, ``claim(0)``), which took a second before the sure-win test knew to draw trumps.  The
fuzz suite's claims (``tests/fuzz``) are a small, fast sample of these.  Figures are for the
machine at hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from cardrules import four_hundred
from cardrules.errors import IllegalActionError, Reason
from cardrules.four_hundred import Bid, Phase
from cardrules.four_hundred.claims import CLAIM_BUDGET, _Search

#: The position of issue 32 (seat order 0 .. 3; dealer 2; bids 7 2 5 13 in seat order).
ISSUE_HANDS = (
    "KC AC KD AD 6H 7H 8H TH JH QH KH AH AS",
    "3C 5C 6C 9C QC 4D 2H 4H 9H 9S TS QS KS",
    "2C TC 2D 8D 9D TD QD 3H 2S 3S 6S 7S 8S",
    "4C 7C 8C JC 3D 5D 6D 7D JD 5H 4S 5S JS",
)
ISSUE_BIDS = (7, 2, 5, 13)


def issue_position() -> Any:
    """The issue's position: bid in, seat 3 to lead trick 1."""
    state = four_hundred.new_game(hands=ISSUE_HANDS, dealer=2, seed=1)
    while state.phase is Phase.BIDDING:
        state = state.apply(Bid(ISSUE_BIDS[state.current_player]))
    return state


def random_position(rng: random.Random) -> Any:
    """A random position between tricks during play (None when the hand was thrown in)."""
    state = four_hundred.new_game(seed=rng.getrandbits(64), dealer=rng.randrange(4))
    while state.phase is Phase.BIDDING:
        state = state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Bid)]))
    if state.phase is not Phase.PLAY or state.deal_number != 0:
        return None
    stop = rng.randrange(13)
    while len(state.tricks) < stop or state.current_trick.cards:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def positions_needed(state: Any, claimer: int) -> int:
    """The positions an unbounded search of the claim visits."""
    hands = tuple(state.hand(seat).mask for seat in range(4))
    search = _Search(claimer, None)
    search.wins_all(hands, state.leader)
    return -1 - search.left


def timed_claim(state: Any, claimer: int) -> tuple[str, float, float]:
    """(verdict, CPU seconds, wall seconds) of ``state.claim(claimer)``."""
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        state.claim(claimer)
        verdict = "accepted"
    except IllegalActionError as error:
        verdict = "unsettled" if error.reason is Reason.CLAIM_UNSETTLED else "rejected"
    return verdict, time.process_time() - cpu, time.perf_counter() - wall


def run(seconds: float = 3.0) -> None:
    """Claims per second (CPU) at random positions for about ``seconds``, and the issue's
    claim (the figures of :func:`main`, without the large count)."""
    state = issue_position()
    verdict, cpu, _ = timed_claim(state, 0)
    print(f"issue position, claim(0): {verdict}, {1 / max(cpu, 1e-9):,.0f} claims/s")
    rng = random.Random(32)
    cpus: list[float] = []
    start = time.process_time()
    while time.process_time() - start < seconds or not cpus:
        state = random_position(rng)
        if state is None:
            continue
        for claimer in range(4):
            cpus.append(timed_claim(state, claimer)[1])
    print(
        f"claims at random positions: {len(cpus) / sum(cpus):,.0f} claims/s "
        f"(max {max(cpus) * 1e3:.1f} ms CPU of {len(cpus)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions", nargs="?", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=32)
    args = parser.parse_args()
    state = issue_position()
    verdict, cpu, wall = timed_claim(state, 0)
    print(
        f"issue position, claim(0): {verdict}, {cpu:.4f} s CPU, {wall:.4f} s wall, "
        f"{positions_needed(state, 0):,} positions (budget {CLAIM_BUDGET:,})"
    )
    rng = random.Random(args.seed)
    counts = {"accepted": 0, "rejected": 0, "unsettled": 0}
    cpus: list[float] = []
    walls: list[float] = []
    most = 0
    done = 0
    while done < args.positions:
        state = random_position(rng)
        if state is None:
            continue
        done += 1
        for claimer in range(4):
            verdict, cpu, wall = timed_claim(state, claimer)
            counts[verdict] += 1
            cpus.append(cpu)
            walls.append(wall)
            if verdict != "unsettled" and cpu > 0.01:
                most = max(most, positions_needed(state, claimer))
    slow = sum(1 for t in cpus if t > 0.5)
    print(
        f"{len(cpus):,} claims at {done:,} random positions: {counts['accepted']:,} accepted, "
        f"{counts['rejected']:,} rejected, {counts['unsettled']:,} unsettled"
    )
    print(
        f"CPU per claim: median {statistics.median(cpus) * 1e3:.2f} ms, max {max(cpus):.3f} s; "
        f"wall max {max(walls):.3f} s; over 0.5 s CPU: {slow}"
    )
    print(f"most positions of a settled claim that took over 10 ms: {most:,}")


if __name__ == "__main__":
    main()
