"""The ISMCTS search agent: generic correctness on a tiny game, All Fours with the real
determinizer, 400 with an honest stand-in determinizer."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cardrules import four_hundred
from cardrules.agents import SearchAgent
from cardrules.agents import all_fours as af_agents
from cardrules.agents import four_hundred as fh_agents
from cardrules.agents.search import random_rollout
from cardrules.all_fours import Beg, RunPack, deck_for, new_game


# -- a perfect-information toy: take 1 or 2 from a pile; whoever takes the last one wins -------
@attrs.frozen
class Pile:
    left: int
    player: int = 0
    deal_number: int = 0

    @property
    def current_player(self) -> int | None:
        return None if self.left == 0 else self.player

    @property
    def is_terminal(self) -> bool:
        return self.left == 0

    @property
    def winner(self) -> int | None:
        return 1 - self.player if self.left == 0 else None

    def legal_actions(self) -> tuple[int, ...]:
        return tuple(n for n in (1, 2) if n <= self.left)

    def apply(self, action: int) -> Pile:
        return Pile(self.left - action, 1 - self.player)


@attrs.frozen
class PileView:
    state: Pile

    @property
    def seat(self) -> int:
        return self.state.player

    @property
    def deal_number(self) -> int:
        return 0

    @property
    def legal_actions(self) -> tuple[int, ...]:
        return self.state.legal_actions()


def _identity(view: PileView, rng: random.Random) -> Pile:
    return view.state


def _win_loss(view: PileView, state: Pile) -> tuple[float, float]:
    return (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)


@pytest.mark.parametrize(("left", "best"), [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_search_finds_the_winning_move_of_a_small_game(left: int, best: int) -> None:
    agent = SearchAgent(_identity, _win_loss, iterations=400)
    assert agent.act(PileView(Pile(left)), random.Random(1)) == best
    assert agent.last_stats is not None
    assert agent.last_stats.iterations == 400
    assert sum(agent.last_stats.visits.values()) == 400


def test_flat_search_compares_the_actions_on_the_same_samples() -> None:
    agent = SearchAgent(_identity, _win_loss, iterations=40, method="flat")
    assert agent.act(PileView(Pile(2)), random.Random(1)) == 2  # take both: an immediate win
    assert agent.last_stats is not None
    assert agent.last_stats.visits == {"1": 20, "2": 20}
    assert agent.last_stats.values == {"1": 0.0, "2": 1.0}
    with pytest.raises(ValueError, match="method"):
        SearchAgent(_identity, _win_loss, method="minimax")


def test_budgets_per_phase() -> None:
    state = four_hundred.new_game(seed=6, dealer=0)
    agent = fh_agents.search_agent(40, budgets={"play": 8}, method="ismcts")
    agent.act(state.observe(state.current_player), random.Random(0))
    assert agent.last_stats is not None
    assert agent.last_stats.iterations == 40  # bidding: the default budget
    while state.phase.value != "play":
        state = state.apply(fh_agents.RuleAgent().act(state.observe(state.current_player), RNG))
    agent.act(state.observe(state.current_player), random.Random(0))
    assert agent.last_stats.iterations == 8
    with pytest.raises(ValueError, match="budget"):
        SearchAgent(_identity, _win_loss, budgets={"play": 0})


RNG = random.Random(0)


def test_a_single_legal_action_is_played_without_search() -> None:
    calls = []

    def determinize(view: PileView, rng: random.Random) -> Pile:
        calls.append(view)
        return view.state

    agent = SearchAgent(determinize, _win_loss, iterations=50)
    assert agent.act(PileView(Pile(1)), random.Random(1)) == 1
    assert calls == []


def test_time_budget_and_validation() -> None:
    agent = SearchAgent(_identity, _win_loss, seconds=0.05)
    assert agent.act(PileView(Pile(9)), random.Random(1)) in (1, 2)
    assert agent.last_stats is not None
    assert agent.last_stats.iterations >= 1
    with pytest.raises(ValueError, match="iterations"):
        SearchAgent(_identity, _win_loss, iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        SearchAgent(_identity, _win_loss, seconds=0)


# -- All Fours, with cardrules.all_fours.determinize ------------------------------------------
HANDS = ["AH KH JH QC 7S 8C", "2H KS TS 4C 5D 9S", "5H 7H QS 3C 8D 2S", "TH 3H AS KC 9D 4S"]


@pytest.mark.rule("AF-11", "AF-14")
def test_search_dealer_does_not_give_away_the_game() -> None:
    state = new_game(deck=deck_for(HANDS, "4H"), dealer=0, seed=1, scores=(3, 13)).apply(Beg())
    agent = af_agents.search_agent(60)
    assert agent.act(state.observe(0), random.Random(3)) == RunPack()
    assert agent.last_stats is not None
    assert agent.last_stats.values["give"] == 0.0


def test_search_sees_only_the_observation() -> None:
    """The determinizer is the search's only source of hidden cards: it gets the observation,
    and every sample agrees with it."""
    from cardrules.all_fours import determinize

    seen: list[Any] = []

    def spy(observation: Any, rng: random.Random) -> Any:
        seen.append(observation)
        sample = determinize(observation, rng)
        assert sample.observe(observation.seat) == observation
        return sample

    state = new_game(seed=8, dealer=0).apply(new_game(seed=8, dealer=0).legal_actions()[0])
    observation = state.observe(state.current_player)
    agent = SearchAgent(spy, af_agents.evaluate, iterations=25, rollout=af_agents.rollout_policy)
    assert agent.act(observation, random.Random(0)) in state.legal_actions()
    assert len(seen) == 25
    assert all(o is observation for o in seen)


def test_search_agent_plays_a_whole_all_fours_game() -> None:
    agents = [af_agents.search_agent(8), af_agents.RuleAgent()] * 2
    state = new_game(seed=2)
    rngs = [random.Random(seat) for seat in range(4)]
    while not state.is_terminal:
        seat = state.current_player
        state = state.apply(agents[seat].act(state.observe(seat), rngs[seat]))
    assert state.winner in (0, 1)


@pytest.mark.parametrize("method", ["flat", "ismcts"])
def test_search_is_reproducible_with_an_iteration_budget(method: str) -> None:
    state = new_game(seed=12, dealer=0).apply(new_game(seed=12, dealer=0).legal_actions()[0])
    observation = state.observe(state.current_player)
    first = af_agents.search_agent(30, rollout="random", method=method)
    second = af_agents.search_agent(30, rollout="random", method=method)
    assert first.act(observation, random.Random(4)) == second.act(observation, random.Random(4))
    assert first.last_stats is not None
    assert second.last_stats is not None
    assert first.last_stats.visits == second.last_stats.visits


def test_search_agent_rejects_an_unknown_rollout() -> None:
    with pytest.raises(ValueError, match="rollout"):
        af_agents.search_agent(10, rollout="clever")
    assert random_rollout(new_game(seed=1), random.Random(1)) in new_game(seed=1).legal_actions()


# -- 400, with cardrules.four_hundred.determinize ------------------------------------------------
def test_search_agent_plays_400_hands() -> None:
    search = fh_agents.search_agent(10)
    rule = fh_agents.RuleAgent()
    state = four_hundred.new_game(seed=5, dealer=0)
    rngs = [random.Random(seat) for seat in range(4)]
    hands = 0
    while not state.is_terminal and hands < 2:
        seat = state.current_player
        agent = search if seat % 2 == 0 else rule
        action = agent.act(state.observe(seat), rngs[seat])
        assert action in state.legal_actions()
        before = state.deal_number
        state = state.apply(action)
        hands += state.deal_number != before
    assert hands == 2


def test_a_search_limited_to_the_bids_plays_the_cards_as_the_rule_agent() -> None:
    calls: list[str] = []

    def counting(observation: Any, rng: random.Random) -> Any:
        calls.append(observation.phase.value)
        return four_hundred.determinize(observation, rng)

    agent = fh_agents.search_agent(12, determinize=counting, phases=("bidding",))
    rule = fh_agents.RuleAgent()
    state = four_hundred.new_game(seed=6, dealer=0)
    rng = random.Random(0)
    while state.phase.value == "bidding" or not state.tricks:
        seat = state.current_player
        action = agent.act(state.observe(seat), rng)
        if state.phase.value == "play":
            assert action == rule.act(state.observe(seat), rng)
        state = state.apply(action)
    assert calls
    assert set(calls) == {"bidding"}
    with pytest.raises(ValueError, match="fallback"):
        SearchAgent(_identity, _win_loss, phases=("play",))
