"""Agents that play cardrules games: the protocol, a random agent, rule-based club players and
a search agent.

* :class:`Agent` -- ``act(observation, rng) -> action``: an agent sees only its seat's
  observation and a seeded :class:`random.Random`;
* :class:`RandomAgent` -- uniform over the legal actions;
* :mod:`cardrules.agents.four_hundred` and :mod:`cardrules.agents.all_fours` -- each game's
  ``RuleAgent`` and ``search_agent()``;
* :class:`SearchAgent` -- information-set Monte Carlo tree search over a determinizer;
* :class:`PimcAgent` -- Perfect Information Monte Carlo over each game's double-dummy solver;
* :func:`make_agent` -- an agent from a short spec such as ``"rule"``, ``"search:400"``,
  ``"pimc:20"`` or, for your own agent, ``"mybot:MyBot"`` (``module:attribute``).

>>> from cardrules.agents import make_agent
>>> make_agent("all-fours", "random").name, make_agent("all-fours", "search:50").iterations
('random', 50)
"""

from cardrules.agents.base import Agent, AgentObservation, RandomAgent
from cardrules.agents.pimc import PimcAgent
from cardrules.agents.registry import AGENT_KINDS, make_agent
from cardrules.agents.search import SearchAgent, SearchStats

__all__ = [
    "AGENT_KINDS",
    "Agent",
    "AgentObservation",
    "PimcAgent",
    "RandomAgent",
    "SearchAgent",
    "SearchStats",
    "make_agent",
]
