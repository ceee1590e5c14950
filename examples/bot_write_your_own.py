"""Write your own bot: a class with a ``name`` and ``act(observation, rng)``.

This one plays All Fours greedily: it stands or gives one only with the jack or ace of the kick's
suit, and in play it throws its highest card.  A duplicate tournament then measures it against
the random agent and against the library's rule-based agent.

python examples/bot_write_your_own.py [GAMES]
"""

from __future__ import annotations

import random
import sys

from cardrules import Rank
from cardrules.agents import RandomAgent
from cardrules.agents.all_fours import RuleAgent
from cardrules.all_fours import Action, Beg, GiveOne, Observation, Play, Rules, RunPack, Stand
from cardrules.runner import tournament


class HighCardBot:
    """Stands with the jack or ace of the kick's suit; plays its highest legal card."""

    name = "high-card"

    def act(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions
        if Stand() in legal or GiveOne() in legal:
            trumps = observation.hand.suit(observation.kick.suit)
            strong = any(card.rank in (Rank.JACK, Rank.ACE) for card in trumps)
            if Stand() in legal:
                return Stand() if strong else Beg()
            return GiveOne() if strong else RunPack()
        if len(legal) == 1:  # e.g. only RunPack
            return legal[0]
        plays = [action for action in legal if isinstance(action, Play)]
        return max(plays, key=lambda play: play.card.rank)


def main(games: int = 20) -> None:
    for opponent in (RandomAgent(), RuleAgent()):
        result = tournament(Rules(), HighCardBot(), opponent, games=games, seed=7, processes=1)
        print(f"high-card against {opponent.name}:")
        print(result.table())
        print()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
