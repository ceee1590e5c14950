"""The PIMC agent: specs, legal choices in both games, budgets."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import all_fours, four_hundred
from cardrules.agents import PimcAgent, make_agent
from cardrules.errors import ArgumentError, ParseError


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
    agent = PimcAgent("all-fours", samples=2, max_samples=2)
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


def test_max_samples_below_samples_is_refused() -> None:
    with pytest.raises(ValueError, match="max_samples"):
        PimcAgent("all-fours", samples=5, max_samples=4)


def test_the_best_card_is_clear_by_its_lead_sample_by_sample() -> None:
    from cardrules.agents.pimc import _clear

    def rows(*columns: tuple[float, ...]) -> list[dict[str, float]]:
        return [dict(zip("abc", values, strict=False)) for values in zip(*columns, strict=True)]

    def totals(table: list[dict[str, float]]) -> dict[str, float]:
        return {key: sum(row[key] for row in table) for key in table[0]}

    # "a" leads "b" by 1 in every sample: clear, however few the samples (but one is too few).
    steady = rows((3.0, 2.0, 5.0), (2.0, 1.0, 4.0))
    assert _clear(steady, totals(steady))
    assert not _clear(steady[:1], totals(steady[:1]))
    # Worth the same in every sample: a tie, left to the tie rule.
    alike = rows((1.0, 2.0), (1.0, 2.0))
    assert _clear(alike, totals(alike))
    # Ahead on average, but by less than two standard errors: not clear.
    noisy = rows((4.0, -2.0, 3.0, -1.0), (0.0, 0.0, 0.0, 0.0))
    assert not _clear(noisy, totals(noisy))
    # One of three cards unclear is enough to sample on.
    mixed = rows((2.0, 2.0, 2.0), (0.0, 0.0, 0.0), (3.0, 0.0, 2.0))
    assert not _clear(mixed, totals(mixed))


def test_all_fours_samples_on_while_the_best_card_is_unclear() -> None:
    """Cards get ``samples`` deals, then more, one at a time and up to ``max_samples``, while
    the best card's lead over another is within noise; a fixed count when both are equal."""
    adaptive = PimcAgent("all-fours", samples=3, max_samples=9)
    fixed = PimcAgent("all-fours", samples=3, max_samples=3)
    counts: list[int] = []
    for seed in range(2):
        rng = random.Random(seed)
        state = all_fours.new_game(seed=seed, dealer=0).apply(all_fours.Stand())
        deal = state.deal_number
        while state.phase is all_fours.Phase.PLAY and state.deal_number == deal:
            seat = state.current_player
            assert seat is not None
            observation = state.observe(seat)
            action = adaptive.act(observation, random.Random(seed))
            assert action in state.legal_actions()
            if adaptive.last_values is not None:
                counts.append(adaptive.last_samples)
                fixed.act(observation, random.Random(seed))
                assert fixed.last_samples == 3
            state = state.apply(rng.choice(state.legal_actions()))
    assert all(3 <= count <= 9 for count in counts)
    assert 3 in counts, counts
    assert any(count > 3 for count in counts), counts


def test_a_spec_with_a_range_of_samples() -> None:
    agent = make_agent("all-fours", "pimc:10-40")
    assert (agent.samples, agent.max_samples, agent.name) == (10, 40, "pimc:10-40")
    assert make_agent("400", "pimc:5-5").max_samples == 5
    assert make_agent("all-fours", "pimc:7").max_samples is None
    for bad in (
        "pimc:40-10",
        "pimc:5-",
        "pimc:-5",
        "pimc:1s-5",
        "pimc:5-9s",
        "pimc:5-x",
        "pimc:0-4",
    ):
        with pytest.raises(ParseError, match="pimc:10-40"):
            make_agent("all-fours", bad)


def test_a_sampler_that_returns_the_true_state_gives_its_exact_values() -> None:
    """``determinize=``: the agent averages whatever its sampler returns; with the true state
    every sample is the same deal, so each card's value is that deal's solved value."""
    from cardrules.all_fours.solve import play_values

    state = all_fours.new_game(seed=3, dealer=0).apply(all_fours.Stand())
    calls = []

    def true_state(observation: Any, rng: random.Random) -> Any:
        calls.append(observation)
        return state

    agent = PimcAgent("all-fours", samples=3, determinize=true_state)
    seat = state.current_player
    choice = agent.act(state.observe(seat), random.Random(0))
    assert len(calls) == 3
    assert all(observation == state.observe(seat) for observation in calls)
    sign = 1 if seat % 2 == 0 else -1
    exact = {
        play: float(sign * value) for play, value in play_values(state, objective="game").items()
    }
    assert agent.last_values == exact
    assert exact[choice] == max(exact.values())


def test_a_sampler_must_be_a_function() -> None:
    with pytest.raises(ArgumentError, match="determinize: expected a function"):
        PimcAgent("all-fours", determinize="uniform")
