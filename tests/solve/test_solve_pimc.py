"""The PIMC agent: specs, legal choices in both games, budgets."""

from __future__ import annotations

import random

import pytest

from cardrules import all_fours, four_hundred
from cardrules.agents import PimcAgent, make_agent
from cardrules.errors import ParseError


def test_specs() -> None:
    assert make_agent("all-fours", "pimc").samples == 10
    assert make_agent("400", "pimc:3").samples == 3
    agent = make_agent("all-fours", "pimc:0.2s")
    assert agent.seconds == 0.2
    assert agent.name == "pimc:0.2s"
    for bad in ("pimc:0", "pimc:-1s", "pimc:x"):
        with pytest.raises(ParseError):
            make_agent("400", bad)
    with pytest.raises(ValueError, match="game"):
        PimcAgent("bridge")


def test_all_fours_decisions_are_legal() -> None:
    agent = PimcAgent("all-fours", samples=3)
    rng = random.Random(1)
    state = all_fours.new_game(seed=8, dealer=0)
    deal = state.deal_number
    while not state.is_terminal and state.deal_number == deal:
        seat = state.current_player
        assert seat is not None
        action = agent.act(state.observe(seat), rng)
        assert action in state.legal_actions()
        state = state.apply(action)


def test_all_fours_answers_a_beg() -> None:
    agent = PimcAgent("all-fours", samples=2)
    for seed in range(6):
        state = all_fours.new_game(seed=seed, dealer=0)
        if state.phase is all_fours.Phase.BEG:
            state = state.apply(all_fours.Beg())
            seat = state.current_player
            assert seat is not None
            assert agent.act(state.observe(seat), random.Random(2)) in state.legal_actions()
            return
    pytest.fail("no deal to beg in")


def test_a_beg_is_worth_the_dealers_worse_answer_on_average() -> None:
    """The dealer does not see the beggar's hand: a beg is valued at the answer (give one or run
    the pack) that is worse for the beggar over all the samples, not sample by sample."""
    agent = PimcAgent("all-fours", samples=2)
    for seed in range(40):
        state = all_fours.new_game(seed=seed, dealer=0)
        if state.phase is not all_fours.Phase.BEG:
            continue
        observation = state.observe(1)
        agent.act(observation, random.Random(seed))
        assert agent.last_values is not None
        rng = random.Random(seed)
        answers = {all_fours.GiveOne(): 0.0, all_fours.RunPack(): 0.0}
        for _ in range(agent.last_samples):
            begged = all_fours.determinize(observation, rng).apply(all_fours.Beg())
            values = {
                answer: agent._simulate(begged.apply(answer), observation, 1, {})
                for answer in begged.legal_actions()
            }
            for answer in answers:
                answers[answer] += values.get(answer, min(values.values()))
        beg = agent.last_values[all_fours.Beg()]
        assert beg == pytest.approx(min(answers.values()) / agent.last_samples)
        if max(answers.values()) > min(answers.values()):
            return
    pytest.fail("no deal where the dealer's two answers differ")


def test_all_fours_plays_a_lengthened_deal_as_the_search_agent_until_six_tricks_are_left() -> None:
    """A run of the pack makes the deal longer than the solver's reach: its first cards are the
    search agent's (search:100), its last six solved."""
    state = all_fours.new_game(seed=1, dealer=0).apply(all_fours.Beg()).apply(all_fours.RunPack())
    assert state.phase is all_fours.Phase.PLAY
    assert len(state.kicks) > 1
    agent = PimcAgent("all-fours", samples=2)
    search = make_agent("all-fours", "search:100")
    checked = solved = 0
    while not state.is_terminal and state.phase is all_fours.Phase.PLAY:
        seat = state.current_player
        assert seat is not None
        observation = state.observe(seat)
        action = agent.act(observation, random.Random(checked))
        if len(observation.legal_actions) > 1:
            if len(observation.hand) > 6:
                assert agent.last_values is None
                assert action == search.act(observation, random.Random(checked))
                checked += 1
            else:
                assert agent.last_values is not None
                assert agent.last_samples == 2
                solved += 1
        state = state.apply(action)
    assert checked
    assert solved


def test_four_hundred_solves_the_last_tricks() -> None:
    agent = PimcAgent("400", samples=3, solve_from=4)
    rng = random.Random(3)
    state = four_hundred.new_game(seed=2, dealer=0)
    for _ in range(4):
        state = state.apply(four_hundred.Bid(3))
    deal = state.deal_number
    while state.deal_number == deal:
        seat = state.current_player
        assert seat is not None
        action = agent.act(state.observe(seat), rng)
        assert action in state.legal_actions()
        state = state.apply(action)


def test_seconds_budget() -> None:
    agent = PimcAgent("all-fours", seconds=0.05)
    state = all_fours.new_game(seed=5, dealer=0).apply(all_fours.Stand())
    seat = state.current_player
    assert seat is not None
    assert agent.act(state.observe(seat), random.Random(0)) in state.legal_actions()


def test_ties_go_to_the_rule_agent_or_the_lowest_card() -> None:
    """Among cards the samples value alike, PIMC plays the rule agent's card, else the lowest."""
    from cardrules.agents.all_fours import RuleAgent

    agent = PimcAgent("all-fours", samples=2)
    ties = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = all_fours.new_game(seed=seed, dealer=0)
        deal = state.deal_number
        while not state.is_terminal and state.deal_number == deal:
            seat = state.current_player
            assert seat is not None
            observation = state.observe(seat)
            action = agent.act(observation, random.Random(seed))
            values = agent.last_values
            if values is not None and state.phase is all_fours.Phase.PLAY:
                best = max(values.values())
                tied = [a for a, v in values.items() if v >= best - 1e-9]
                assert action in tied
                if len(tied) > 1:
                    ties += 1
                    # The rule agent is deterministic: the same choice as inside the agent.
                    ruled = RuleAgent().act(observation, random.Random(0))
                    if ruled in tied:
                        assert action == ruled
                    else:
                        assert action.card.rank == min(a.card.rank for a in tied)
            state = state.apply(rng.choice(state.legal_actions()))
    assert ties >= 3, ties
