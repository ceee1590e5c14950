"""The agents' ladder by duplicate deals: the mean score margin per deal with its 95% interval.

``python benchmarks/bench_strength.py [--pairs N] [--game 400|all-fours] [--processes P]
[--seed S] [--samples K] [--solve-from T] [--only MATCH ...]`` plays, for each game, N duplicate
pairs of single deals (the same cards twice, the agents swapped between the sides:
:func:`cardrules.runner.duplicate_deals`) for each match of the ladder random < rule <
search:100 < pimc < oracle, and prints the first agent's mean margin per deal with its 95%
interval, the deals played a second, and at the end how much of the oracle's margin over
``search:100`` the PIMC agent closes.  The issue's bar is N = 2,000 (``--pairs 2000``).

``pimc`` is ``PimcAgent(game, samples=K, solve_from=T)`` and ``oracle``
``OracleAgent(game, solve_from=T)``: ``--solve-from`` leaves the decisions with more than T
tricks left to the search agent (``search:100``'s budget), for a machine whose solver is too
slow to solve whole deals; by default every decision is solved.  The figures in the docs' agents
page say which settings they were measured with.

``run(seconds)`` is the smoke run of ``tests/test_benchmarks.py``: one pair of rule against
random in each game.
"""

from __future__ import annotations

import argparse
from typing import Any

from cardrules.agents import PimcAgent, make_agent
from cardrules.agents.oracle import OracleAgent
from cardrules.games import find_game
from cardrules.runner import DealComparison, duplicate_deals

#: The ladder, each agent against the one below it, then the two the bar compares.
MATCHES = (
    ("rule", "random"),
    ("search:100", "rule"),
    ("pimc", "search:100"),
    ("oracle", "pimc"),
    ("oracle", "search:100"),
)


def _agent(game: str, spec: str, samples: int, solve_from: int | None) -> Any:
    if spec == "pimc":
        return PimcAgent(game, samples=samples, solve_from=solve_from)
    if spec == "oracle":
        return OracleAgent(game, solve_from=solve_from)
    return make_agent(game, spec)


def _line(game: str, result: DealComparison) -> str:
    rate = 2 * result.pairs / max(result.seconds, 1e-9)
    return f"{game:>9}  {result.line()}; {rate:.2f} deals/s"


def run(seconds: float = 3.0) -> None:
    """A short run (the smoke test's): one pair of rule against random in each game."""
    for game in ("400", "all-fours"):
        rules = find_game(game).rules()
        result = duplicate_deals(
            rules, make_agent(game, "rule"), make_agent(game, "random"), pairs=1, processes=1
        )
        print(_line(game, result))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100, help="duplicate pairs a match")
    parser.add_argument("--game", choices=("400", "all-fours"), action="append")
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--samples", type=int, default=10, help="pimc's samples a decision")
    parser.add_argument(
        "--solve-from", type=int, default=None, help="solve only with at most T tricks left"
    )
    parser.add_argument(
        "--only", action="append", help="matches to play, e.g. pimc,search:100 (repeatable)"
    )
    args = parser.parse_args()
    wanted = [tuple(match.split(",")) for match in args.only or ()]
    for game in args.game or ("all-fours", "400"):
        rules = find_game(game).rules()
        margins: dict[tuple[str, str], float] = {}
        for first, second in MATCHES:
            if wanted and (first, second) not in wanted:
                continue
            result = duplicate_deals(
                rules,
                _agent(game, first, args.samples, args.solve_from),
                _agent(game, second, args.samples, args.solve_from),
                pairs=args.pairs,
                seed=args.seed,
                processes=args.processes,
            )
            margins[first, second] = result.margin
            print(_line(game, result), flush=True)
        ceiling = margins.get(("oracle", "search:100"))
        gained = margins.get(("pimc", "search:100"))
        if ceiling is not None and gained is not None and ceiling > 0:
            print(
                f"{game:>9}  pimc closes {gained / ceiling:.0%} of the oracle's margin over "
                "search:100 (the bar: at least 50%)",
                flush=True,
            )


if __name__ == "__main__":
    main()
