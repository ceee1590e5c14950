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

from cardrules.core.checks import check_rng, refuse
from cardrules.errors import ArgumentError

__all__ = ["Agent", "AgentObservation", "RandomAgent", "check_turn"]


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
        legal = check_turn(observation, rng)
        return rng.choice(legal)


def check_turn(observation: object, rng: object, kind: type | None = None) -> tuple[Any, ...]:
    """The legal actions of ``observation``, checked at the top of every agent's ``act``: an
    observation (an :class:`AgentObservation`; of ``kind`` when the agent plays one game only)
    whose seat is to act, and a random source.

    >>> import random
    >>> from cardrules.four_hundred import new_game
    >>> state = new_game(seed=1, dealer=0)
    >>> len(check_turn(state.observe(1), random.Random(1)))
    12
    >>> check_turn(state.observe(2), random.Random(1))
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: observation: seat 2 has no legal action (it is not to act, ...

    :raises ArgumentError: for a value that is not such an observation (of another game, or of
        a seat that is not to act) or an ``rng`` that is not a random source.
    """
    if kind is not None and not isinstance(observation, kind):
        game = kind.__module__.split(".")[1]
        refuse("observation", f"a {game}.{kind.__name__} (state.observe(seat))", observation)
    if not isinstance(observation, AgentObservation):
        refuse("observation", "a game's observation (state.observe(seat))", observation)
    check_rng(rng)
    actions = observation.legal_actions
    if not isinstance(actions, Sequence) or isinstance(actions, str):
        refuse("observation", "an observation whose legal_actions are a sequence", observation)
    legal = tuple(actions)
    if not legal:
        seat = observation.seat
        raise ArgumentError(
            f"observation: seat {seat} has no legal action (it is not to act, or the game is "
            "over): an agent acts only for the seat to act",
            name="observation",
            value=observation,
        )
    return legal
