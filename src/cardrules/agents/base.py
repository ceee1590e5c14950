"""The agent protocol and the uniform random agent.

An agent plays one seat.  At each of its turns it is given that seat's observation (what the seat
may know: ``state.observe(seat)``, whose ``legal_actions`` are the choices) and a seeded
:class:`random.Random`, and returns one of the legal actions.  It never sees the state itself, so
it cannot peek at hidden cards.

>>> import random
>>> from cardrules.agents import RandomAgent
>>> from cardrules.all_fours import new_game
>>> state = new_game(seed=1, dealer=0)
>>> agent = RandomAgent()
>>> agent.act(state.observe(state.current_player), random.Random(7)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

__all__ = ["Agent", "AgentObservation", "RandomAgent"]


@runtime_checkable
class AgentObservation(Protocol):
    """What every game's observation offers an agent: the seat and its legal actions (empty
    unless it is that seat's turn)."""

    @property
    def seat(self) -> int:
        """The observing seat."""
        ...

    @property
    def legal_actions(self) -> Sequence[Any]:
        """The seat's legal actions."""
        ...


@runtime_checkable
class Agent(Protocol):
    """A player: ``act(observation, rng)`` returns one of ``observation.legal_actions``.

    ``name`` labels the agent in tournament tables.  Agents are called from worker processes by
    the tournament runner, so they should be picklable (plain attributes, no open resources).
    An agent must draw every random choice from ``rng``: the runner seeds it, so that a game is
    reproduced exactly by its seed.
    """

    @property
    def name(self) -> str:
        """A short label for tables and records."""
        ...

    def act(self, observation: Any, rng: random.Random) -> Any:
        """The action to play, one of ``observation.legal_actions``."""
        ...


@attrs.frozen
class RandomAgent:
    """Plays a uniformly random legal action: the baseline every other agent should beat."""

    name: str = "random"

    def act(self, observation: Any, rng: random.Random) -> Any:
        """A uniform choice among ``observation.legal_actions``."""
        return rng.choice(observation.legal_actions)
