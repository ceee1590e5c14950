"""A duplicate tournament for each game: the rule-based agent against the random agent.

Every seed is played twice with the agents swapped between the teams, so both get the same
cards; the win rate's 95% confidence interval is computed over those pairs.  The games run on a
process pool over the machine's cores.

python examples/tournament.py [GAMES]
"""

from __future__ import annotations

import sys

from cardrules import all_fours, four_hundred
from cardrules.agents import RandomAgent
from cardrules.agents.all_fours import RuleAgent as AllFoursRule
from cardrules.agents.four_hundred import RuleAgent as FourHundredRule
from cardrules.runner import tournament


def main(games: int = 20) -> None:
    for title, rules, rule_agent in (
        ("All Fours", all_fours.Rules(), AllFoursRule()),
        ("400", four_hundred.Rules(), FourHundredRule()),
    ):
        result = tournament(rules, rule_agent, RandomAgent(), games=games, seed=2026)
        print(f"{title}: rule-based against random")
        print(result.table())
        best = result.summaries[0]
        verdict = "stronger" if best.ci_low > 0.5 else "not shown stronger yet"
        print(f"-> the rule-based agent is {verdict} (lower 95% bound {best.ci_low:.1%})\n")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
