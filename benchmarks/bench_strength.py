"""The agents' ladder by duplicate deals: mean score margin per deal with its 95% interval.

``python benchmarks/bench_strength.py --pairs N [--game 400|all-fours] [--processes P]`` plays N
duplicate pairs of single deals (the same cards twice, the agents swapped between the sides:
:func:`cardrules.runner.duplicate_deals`) for each rung of the ladder random < rule <
search:100 < pimc < oracle, each agent against the one below it, and ``pimc`` and ``oracle``
against ``search:100``, and prints the mean margin per deal of the first agent with its 95%
interval.  Figures are for the deals played; the docs' table says how many.
"""

from __future__ import annotations

import argparse

from cardrules import all_fours, four_hundred
from cardrules.agents import make_agent
from cardrules.runner import duplicate_deals

_MATCHES = (
    ("rule", "random"),
    ("search:100", "rule"),
    ("pimc", "search:100"),
    ("oracle", "pimc"),
    ("oracle", "search:100"),
)


def run(seconds: float = 3.0) -> None:
    """A short run (the smoke test's): one pair of rule against random in each game."""
    for game, rules in (("400", four_hundred.Rules()), ("all-fours", all_fours.Rules())):
        result = duplicate_deals(
            rules, make_agent(game, "rule"), make_agent(game, "random"), pairs=1, processes=1
        )
        print(f"({game}: {result.line()}; {1 / max(result.seconds, 1e-9):.2f} pairs/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--game", choices=("400", "all-fours"), action="append")
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for game in args.game or ("all-fours", "400"):
        rules = four_hundred.Rules() if game == "400" else all_fours.Rules()
        for first, second in _MATCHES:
            result = duplicate_deals(
                rules,
                make_agent(game, first),
                make_agent(game, second),
                pairs=args.pairs,
                seed=args.seed,
                processes=args.processes,
            )
            print(f"{game:>9}  {result.line()}", flush=True)


if __name__ == "__main__":
    main()
