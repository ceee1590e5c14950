"""The agent protocol, the random agent and make_agent."""

import random
import sys
from pathlib import Path

import pytest

from cardrules import all_fours, four_hundred
from cardrules.agents import AGENT_KINDS, Agent, RandomAgent, SearchAgent, make_agent
from cardrules.agents import all_fours as af_agents
from cardrules.agents import four_hundred as fh_agents
from cardrules.errors import ParseError


@pytest.mark.parametrize("module", [all_fours, four_hundred], ids=["all_fours", "400"])
def test_random_agent_plays_legal_actions_to_the_end(module: object) -> None:
    state = module.new_game(seed=3)  # type: ignore[attr-defined]
    agent = RandomAgent()
    rng = random.Random(1)
    steps = 0
    while not state.is_terminal and steps < 3000:
        seat = state.current_player
        observation = state.observe(seat)
        action = agent.act(observation, rng)
        assert action in state.legal_actions()
        state = state.apply(action)
        steps += 1
    assert steps > 20


def test_random_agent_is_reproducible_from_its_generator() -> None:
    state = all_fours.new_game(seed=9, dealer=0).apply(all_fours.Stand())
    observation = state.observe(state.current_player)
    picks = {RandomAgent().act(observation, random.Random(5)) for _ in range(5)}
    assert len(picks) == 1


def test_agents_satisfy_the_protocol() -> None:
    for game in ("400", "all-fours"):
        for kind in AGENT_KINDS:
            agent = make_agent(game, kind)
            assert isinstance(agent, Agent)
            assert agent.name == kind


def test_make_agent_reads_budgets_and_aliases() -> None:
    agent = make_agent("all_fours", "search:40")
    assert isinstance(agent, SearchAgent)
    assert agent.iterations == 40
    assert agent.seconds is None
    timed = make_agent("ALL-FOURS", "search:0.25s")
    assert timed.seconds == 0.25
    assert isinstance(make_agent("four_hundred", "rule"), fh_agents.RuleAgent)
    fh_search = make_agent("400", "search:100")
    assert fh_search.iterations == 100
    assert fh_search.budgets == {"play": 25}
    assert make_agent("400", "search:10").budgets == {"play": 8}
    assert isinstance(make_agent("all-fours", "rule"), af_agents.RuleAgent)


@pytest.mark.parametrize(
    ("game", "spec"),
    [
        ("chess", "rule"),
        ("400", "genius"),
        ("all-fours", "search:0"),
        ("all-fours", "search:-3s"),
        ("all-fours", "search:abc"),
        ("all-fours", "rule:5"),
        ("all-fours", "search:infs"),
        ("all-fours", "search:nans"),
        ("all-fours", "search:1e308s"),
        ("all-fours", "search:601s"),
        ("all-fours", "search:1000001"),
        ("all-fours", "no_such_module_here:Bot"),
        ("all-fours", "json:no_such_attribute"),
        ("all-fours", "json:dumps"),  # a function that is not an agent factory
        ("all-fours", ":Bot"),
    ],
)
def test_make_agent_rejects_bad_specs(game: str, spec: str) -> None:
    with pytest.raises(ParseError):
        make_agent(game, spec)


def test_make_agent_loads_your_own_agent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_agents_for_test.py").write_text(
        "class Mine:\n"
        "    name = 'mine'\n"
        "    def act(self, observation, rng):\n"
        "        return observation.legal_actions[0]\n"
        "def factory():\n"
        "    return Mine()\n"
        "INSTANCE = Mine()\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.path", [p for p in sys.path if p not in ("", str(tmp_path))])
    for spec in (
        "my_agents_for_test:Mine",
        "my_agents_for_test:factory",
        "my_agents_for_test:INSTANCE",
    ):
        agent = make_agent("400", spec)
        assert agent.name == "mine"
    assert make_agent("all-fours", "search:600s").seconds == 600.0
