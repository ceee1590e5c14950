"""The double-dummy solvers side by side with DDS, in one run (CPU time).

``python benchmarks/bench_solve.py`` prints, for the 20 full 400 hands of seeds 0-19 after four
``Bid(3)`` (13 tricks, every legal play's value), the CPU time of :func:`four_hundred.solve
<cardrules.four_hundred.solve.solve>` and of DDS (``endplay.dds.solve_board``, the C++ bridge
solver: 400's card play is bridge with hearts always trumps) for each hand, whether every play's
value agrees, and the median and max of each; then All Fours deals of 6, 9 and 12 tricks (after
a stand, one run of the pack and two), solved with every play's value (the race objective);
then, with ``--tiers N``, the interpreted and compiled tiers side by side on N 400 positions
with 8 tricks to go.

``--pimc N`` (5 by default) times what the PIMC agent solves at trick 1 of 400: for the
opening lead of N of the hands, 50 deals drawn from the leader's observation, each solved as
the agent does (``bid_values``); the issue's bar is 1 s at the median.  It also prints the
spread of the single solves (median, 90th percentile, max).

``--hands N`` solves N 400 hands (0: none), ``--deals N`` N All Fours deals of each length
(0: none), ``--tricks 6 9`` only the deals of those lengths, ``--budget NODES`` bounds each All
Fours solve (5 million nodes by default: a deal over it is counted as slower than every deal
solved, and the median stands while fewer than half are over).  The first solve of a process
includes numba's compilation unless its cache (next to the modules) is warm; the script solves
one small position first so that it does not count.  Figures are for the machine at hand.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Iterator
from typing import Any

from cardrules import all_fours, four_hundred
from cardrules.core.search import tier
from cardrules.errors import SolveBudgetExceeded

_RANKS = "23456789TJQKA"


def full_hands(count: int) -> Iterator[Any]:
    """The full 400 hands of seeds 0 .. count - 1 after four Bid(3)."""
    for seed in range(count):
        state = four_hundred.new_game(seed=seed, dealer=seed % 4)
        for _ in range(4):
            state = state.apply(four_hundred.Bid(3))
        yield state


def dds_values(state: Any) -> dict[str, int] | None:
    """Every legal play's value (the tricks of the player's team from here) by DDS, or
    ``None`` when endplay is not installed."""
    try:
        from endplay import dds
        from endplay.types import Deal, Denom, Player
    except ImportError:
        return None
    trick = state.current_trick
    hands = [state.hand(seat).mask for seat in range(4)]
    for seat, card in trick.plays():
        hands[seat] |= 1 << card.index
    text = []
    for mask in hands:
        suits = []
        for suit in (3, 2, 1, 0):  # PBN: spades, hearts, diamonds, clubs
            places = range(12, -1, -1)
            suits.append("".join(_RANKS[p] for p in places if mask >> (13 * suit + p) & 1))
        text.append(".".join(suits))
    deal = Deal("N:" + " ".join(text), first=Player(trick.leader), trump=Denom.hearts)
    for card in trick.cards:
        deal.play(str(card)[::-1])  # endplay names a card suit first
    return {
        card.rank.name[1] + card.suit.name[0].upper(): tricks
        for card, tricks in dds.solve_board(deal)
    }


def four_hundred_hands(count: int) -> None:
    """Full 400 hands, cardrules and DDS side by side."""
    ours: list[float] = []
    theirs: list[float] = []
    agree = 0
    for seed, state in enumerate(full_hands(count)):
        cpu = time.process_time()
        result = four_hundred.solve(state)
        ours.append(time.process_time() - cpu)
        cpu = time.process_time()
        expected = dds_values(state)
        theirs.append(time.process_time() - cpu)
        team = state.current_player % 2
        mine = {str(play.card): value[team] for play, value in result.plays.items()}
        same = expected is None or mine == expected
        agree += same
        print(
            f"400 full hand, seed {seed:2}: cardrules {ours[-1] * 1000:8.1f} ms "
            f"({result.nodes:,} nodes)   DDS {theirs[-1] * 1000:7.1f} ms   "
            f"{'same values' if same else 'VALUES DIFFER'}",
            flush=True,
        )
    print(
        f"400 full hands ({count}): cardrules median {statistics.median(ours) * 1000:.1f} ms, "
        f"max {max(ours) * 1000:.1f} ms; DDS median {statistics.median(theirs) * 1000:.1f} ms, "
        f"max {max(theirs) * 1000:.1f} ms; ratio of medians "
        f"{statistics.median(ours) / statistics.median(theirs):.1f}; "
        f"{agree} of {count} hands with every play's value the same"
    )


def pimc_first_cards(count: int, samples: int = 50) -> None:
    """What PIMC pays at trick 1 of 400: for the opening lead of each of ``count`` hands,
    ``samples`` deals drawn from the leader's observation (the game's determinizer) and each
    solved as the PIMC agent solves it (``bid_values``: every player's own bid), CPU time."""
    from cardrules.four_hundred.bid_solve import bid_values
    from cardrules.four_hundred.determinize import determinize

    totals: list[float] = []
    solves: list[float] = []
    for seed, state in enumerate(full_hands(count)):
        rng = random.Random(seed)
        drawn = [determinize(state.observe(state.current_player), rng) for _ in range(samples)]
        total = 0.0
        for sample in drawn:
            cpu = time.process_time()
            bid_values(sample)
            solves.append(time.process_time() - cpu)
            total += solves[-1]
        totals.append(total)
        print(
            f"400 trick 1, seed {seed:2}: {samples} samples solved in {totals[-1]:.2f} s",
            flush=True,
        )
    within = sum(total <= 1.0 for total in totals)
    print(
        f"400 PIMC at trick 1 ({count} hands): {samples} samples solved in "
        f"{statistics.median(totals):.2f} s at the median, max {max(totals):.2f} s; "
        f"{within} of {count} within 1 s"
    )
    solves.sort()
    print(
        f"400 PIMC at trick 1, each solve ({len(solves)}): median "
        f"{statistics.median(solves) * 1000:.1f} ms, 90th percentile "
        f"{solves[len(solves) * 9 // 10] * 1000:.1f} ms, max {solves[-1] * 1000:.1f} ms"
    )


def all_fours_deals(tricks: int, count: int) -> Iterator[Any]:
    """All Fours deals in play with ``tricks`` tricks (6: a stand; 9, 12: runs of the pack)."""
    seed = 0
    found = 0
    while found < count:
        state = all_fours.new_game(seed=seed, dealer=seed % 4)
        seed += 1
        if state.phase is not all_fours.Phase.BEG:
            continue
        if tricks == 6:
            state = state.apply(all_fours.Stand())
        else:
            state = state.apply(all_fours.Beg())
            if all_fours.RunPack() not in state.legal_actions():
                continue
            state = state.apply(all_fours.RunPack())
        if state.phase is all_fours.Phase.PLAY and len(state.hand(state.current_player)) == tricks:
            found += 1
            yield state


def all_fours_solves(
    count: int, lengths: tuple[int, ...] = (6, 9, 12), budget: int | None = None
) -> None:
    """All Fours deals of each length, solved on the race objective, each within ``budget``
    nodes: a deal over it ranks above every deal solved (its time and nodes are lower bounds),
    so the medians stand while fewer than half of the deals are over."""
    for tricks in lengths:
        times: list[float] = []
        nodes: list[float] = []
        over = 0
        for index, state in enumerate(all_fours_deals(tricks, count)):
            cpu = time.process_time()
            try:
                nodes.append(all_fours.solve(state, objective="game", budget=budget).nodes)
                solved = f"{nodes[-1]:,.0f} nodes"
            except SolveBudgetExceeded:
                over += 1
                nodes.append(math.inf)
                solved = "over the budget"
            times.append(time.process_time() - cpu if nodes[-1] < math.inf else math.inf)
            if tricks > 6:
                spent = (time.process_time() - cpu) * 1000
                print(f"  {tricks}-trick deal {index}: {spent:.1f} ms ({solved})", flush=True)
        median = statistics.median(times)
        median_nodes = statistics.median(nodes)
        solved_times = [t for t in times if t < math.inf]
        most = f"{max(solved_times) * 1000:.1f} ms" if solved_times else "-"
        print(
            f"All Fours {tricks}-trick deals ({len(times)}"
            + (f", {over} over the budget of {budget:,} nodes" if over else "")
            + "): median "
            + (f"{median * 1000:.1f} ms" if median < math.inf else "over the budget")
            + f", max of those solved {most}; nodes median "
            + (f"{median_nodes:,.0f}" if median_nodes < math.inf else "over the budget"),
            flush=True,
        )


def tiers(count: int) -> None:
    """400 positions with 8 tricks to go, interpreted and compiled side by side."""
    for compiled in (False, True):
        times = []
        with tier(compiled):
            for state in _four_hundred_endings(8, count):
                cpu = time.process_time()
                four_hundred.solve(state)
                times.append(time.process_time() - cpu)
        name = "compiled" if compiled else "interpreted"
        print(
            f"400 solve, 8 tricks to go, {name} ({count}): median "
            f"{statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms",
            flush=True,
        )


def run(seconds: float = 3.0) -> None:
    """A short run (the smoke test's): a few hands and deals, printed as rates."""
    count = max(1, int(seconds))
    for name, solve, states in (
        ("400 solve, 6 tricks to go", four_hundred.solve, _four_hundred_endings(6, count)),
        ("All Fours solve, full deal", all_fours.solve, all_fours_deals(6, count)),
    ):
        start = time.process_time()
        for state in states:
            solve(state)
        spent = max(time.process_time() - start, 1e-9)
        print(f"{name:<40} {count / spent:>12,.1f} solves/s")


def _four_hundred_endings(tricks_left: int, count: int) -> Iterator[Any]:
    for seed, state in enumerate(full_hands(count)):
        rng = random.Random(seed)
        while sum(state.tricks_taken) < 13 - tricks_left:
            state = state.apply(rng.choice(state.legal_actions()))
        yield state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--tiers", type=int, default=0, metavar="N")
    parser.add_argument("--tricks", type=int, nargs="*", default=[6, 9, 12], metavar="T")
    parser.add_argument("--budget", type=int, default=5_000_000, metavar="NODES")
    parser.add_argument("--pimc", type=int, default=5, metavar="N")
    args = parser.parse_args()
    # Compile (or load) the search before timing it.
    all_fours.solve(next(all_fours_deals(6, 1)))
    state = next(full_hands(1))
    while sum(state.tricks_taken) < 11:
        state = state.apply(state.legal_actions()[0])
    four_hundred.solve(state)
    if args.hands:
        four_hundred_hands(args.hands)
    if args.deals:
        all_fours_solves(args.deals, tuple(args.tricks), args.budget)
    if args.pimc:
        pimc_first_cards(args.pimc)
    if args.tiers:
        tiers(args.tiers)


if __name__ == "__main__":
    main()
