"""Agents: speed (``run``) and strength (``--strength``): duplicate tournaments.

``python benchmarks/bench_agents.py [SECONDS]`` prints decisions per second for the rule-based
agents and the search agent's time per move, as ``benchmarks/run.py`` prints figures.

``python benchmarks/bench_agents.py --strength [--games N] [--iterations I] [--processes P]
[--only NAME ...]`` plays the duplicate tournaments that the agents must win:

* ``af-rule``: All Fours, rule-based against random;
* ``fh-rule``: 400, rule-based against random;
* ``af-search``: All Fours, search (I iterations per move) against rule-based;
* ``fh-search``: 400, search (I iterations per bid, P per card: ``--play-iterations``, a hand
  of 400 being long) against rule-based.

For each it prints the summary table (win rate with the 95% confidence interval over the
duplicate pairs, margin, seconds per move) and whether the lower bound is above 50%.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from cardrules import all_fours, four_hundred
from cardrules.agents import RandomAgent
from cardrules.agents import all_fours as af_agents
from cardrules.agents import four_hundred as fh_agents
from cardrules.runner import tournament


def _line(name: str, unit: str, rate: float) -> None:
    print(f"{name:<40} {rate:>14,.0f} {unit}/s")


def _decisions(module: Any, agent: Any, seconds: float, max_per_game: int = 400) -> float:
    """Decisions per second of ``agent`` playing every seat, game after game."""
    rng = random.Random(1)
    decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    while time.perf_counter() < deadline:
        state = module.new_game(seed=seed)
        seed += 1
        for _ in range(max_per_game):
            if state.is_terminal or time.perf_counter() >= deadline:
                break
            state = state.apply(agent.act(state.observe(state.current_player), rng))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def run(seconds: float) -> None:
    """Speed figures for the agents."""
    _line(
        "all_fours rule agent", "decisions", _decisions(all_fours, af_agents.RuleAgent(), seconds)
    )
    _line("400 rule agent", "decisions", _decisions(four_hundred, fh_agents.RuleAgent(), seconds))
    rate = _decisions(all_fours, af_agents.search_agent(100), max(seconds, 2.0), 60)
    _line("all_fours search agent (100 iterations)", "decisions", rate)


def strength(
    games: int, iterations: int, play_iterations: int, processes: int | None, only: list[str]
) -> None:
    """The duplicate tournaments that the agents must win (see the module's introduction)."""
    matches: list[tuple[str, Any, Any, Any]] = [
        ("af-rule", all_fours.Rules(), af_agents.RuleAgent(), RandomAgent()),
        ("fh-rule", four_hundred.Rules(), fh_agents.RuleAgent(), RandomAgent()),
        (
            "af-search",
            all_fours.Rules(),
            af_agents.search_agent(iterations, name=f"search:{iterations}"),
            af_agents.RuleAgent(),
        ),
    ]
    matches.append(
        (
            "fh-search",
            four_hundred.Rules(),
            fh_agents.search_agent(
                iterations,
                budgets={"play": play_iterations},
                name=f"search:{iterations}/{play_iterations}",
            ),
            fh_agents.RuleAgent(),
        )
    )
    for name, rules, first, second in matches:
        if only and name not in only:
            continue
        start = time.perf_counter()

        def progress(done: int, total: int, name: str = name, start: float = start) -> None:
            if done % 20 == 0 or done == total:
                elapsed = time.perf_counter() - start
                print(f"  {name}: {done}/{total} games, {elapsed:.0f} s", file=sys.stderr)

        result = tournament(
            rules, first, second, games=games, seed=2026, processes=processes, progress=progress
        )
        lead = result.summaries[0]
        verdict = "PASS" if lead.ci_low > 0.5 else "not shown"
        print(f"== {name}: {lead.name} against {result.summaries[1].name}")
        print(result.table())
        print(
            f"{name}: {lead.name} win rate {lead.win_rate:.1%}, 95% CI "
            f"[{lead.ci_low:.1%}, {lead.ci_high:.1%}], {lead.seconds_per_move * 1000:.1f} ms "
            f"per move -> lower bound above 50%: {verdict}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("seconds", nargs="?", type=float, default=1.0)
    parser.add_argument("--strength", action="store_true", help="run the strength tournaments")
    parser.add_argument("--games", type=int, default=200, help="games per tournament (even)")
    parser.add_argument("--iterations", type=int, default=100, help="search iterations per move")
    parser.add_argument(
        "--play-iterations", type=int, default=24, help="400: search iterations per card played"
    )
    parser.add_argument("--processes", type=int, default=None, help="worker processes")
    parser.add_argument("--only", nargs="*", default=[], help="af-rule fh-rule af-search …")
    args = parser.parse_args()
    if args.strength:
        strength(args.games, args.iterations, args.play_iterations, args.processes, args.only)
    else:
        run(args.seconds)


if __name__ == "__main__":
    main()
