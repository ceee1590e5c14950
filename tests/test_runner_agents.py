"""The runner refuses an agent that does not play the game before the first move, and names the
agent, its seat and the game's seed when one fails mid-game."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from cardrules.agents import RandomAgent
from cardrules.agents.all_fours import RuleAgent as AllFoursRule
from cardrules.agents.four_hundred import RuleAgent as FourHundredRule
from cardrules.agents.pimc import PimcAgent
from cardrules.all_fours import Rules as AllFoursRules
from cardrules.errors import ArgumentError, Reason
from cardrules.four_hundred import Rules as FourHundredRules
from cardrules.runner import AgentError, check_agent, play, tournament
from tests.cli.fake_agents import Cheat


class Broken:
    name = "broken"

    def act(self, observation: Any, rng: random.Random) -> Any:
        if observation.phase.value == "play":
            raise KeyError("no idea")
        return observation.legal_actions[0]


@pytest.mark.parametrize(
    ("rules", "agent"),
    [
        (FourHundredRules(), AllFoursRule()),
        (AllFoursRules(), FourHundredRule()),
        (FourHundredRules(), PimcAgent("all-fours")),
        (AllFoursRules(), PimcAgent("400")),
    ],
)
def test_an_agent_of_the_other_game_is_refused_before_any_game(rules: Any, agent: Any) -> None:
    calls: list[tuple[int, int]] = []
    with pytest.raises(ArgumentError, match=r"does not play|plays "):
        tournament(
            rules, agent, RandomAgent(), games=2, processes=1, progress=lambda *a: calls.append(a)
        )
    assert calls == []


def test_agents_that_fit_pass_the_check() -> None:
    for rules, agent in [
        (FourHundredRules(), FourHundredRule()),
        (AllFoursRules(), AllFoursRule()),
        (AllFoursRules(players=2), RandomAgent()),
        (FourHundredRules(), PimcAgent("400")),
    ]:
        check_agent(rules, agent)
    with pytest.raises(ArgumentError, match="is not an agent"):
        check_agent(AllFoursRules(), object())


def test_an_illegal_move_is_an_agent_error_with_the_agent_and_the_seed() -> None:
    agents = [Cheat(), FourHundredRule(), Cheat(), FourHundredRule()]
    with pytest.raises(AgentError) as caught:
        play(FourHundredRules(), agents, seed=11)
    error = caught.value
    assert (error.agent, error.seed) == ("cheat", 11)
    assert error.seat in (0, 2)
    assert error.illegal is not None
    assert error.illegal.reason is Reason.MUST_FOLLOW_SUIT
    assert "agent 'cheat' at seat " in str(error)
    assert "of the game of seed 11" in str(error)
    copy = pickle.loads(pickle.dumps(error))  # crosses a process pool whole
    assert (copy.agent, copy.seat, copy.seed, copy.move) == (
        error.agent,
        error.seat,
        11,
        error.move,
    )
    assert copy.illegal.reason is Reason.MUST_FOLLOW_SUIT


def test_an_agent_that_raises_is_an_agent_error() -> None:
    with pytest.raises(
        AgentError,
        match=r"agent 'broken' at seat \d failed at move \d+ of the game of seed 4: KeyError",
    ) as caught:
        play(AllFoursRules(), [Broken()] * 4, seed=4)
    assert caught.value.failure.startswith("KeyError")
    assert isinstance(caught.value.__cause__, KeyError)
