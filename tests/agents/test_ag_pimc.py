"""The PIMC agent: specs, legal and reproducible choices in both games, the simulated bids,
stands, begs, gifts and runs, budgets, and the rule for a solve too slow for a time budget."""

from __future__ import annotations

import importlib
import random
import time
from typing import Any

import pytest

from cardrules import all_fours, four_hundred
from cardrules.agents import PimcAgent, make_agent, pimc
from cardrules.agents import all_fours as af_agents
from cardrules.agents import four_hundred as fh_agents
from cardrules.agents.pimc import Solving, _clear
from cardrules.errors import ArgumentError, ParseError


def _decisions(agent: Any, state: Any, rng: random.Random) -> list[tuple[Any, Any]]:
    """``(state, action)`` for each decision of ``agent`` at every seat until the deal ends."""
    deal = state.deal_number
    seen = []
    while not state.is_terminal and state.deal_number == deal:
        action = agent.act(state.observe(state.current_player), rng)
        seen.append((state, action))
        state = state.apply(action)
    return seen


def test_specs() -> None:
    assert make_agent("all-fours", "pimc").samples == 10
    assert make_agent("all-fours", "pimc").solve_from is None  # every decision is solved
    assert make_agent("400", "pimc:3").samples == 3
    agent = make_agent("all-fours", "pimc:0.2s")
    assert agent.seconds == 0.2
    assert agent.name == "pimc:0.2s"
    for bad in ("pimc:0", "pimc:-1s", "pimc:x"):
        with pytest.raises(ParseError):
            make_agent("400", bad)
    with pytest.raises(ArgumentError, match="game"):
        PimcAgent("bridge")
    for field, value in (("samples", 0), ("seconds", 0.0), ("seconds", True), ("solve_from", 0)):
        with pytest.raises(ArgumentError, match=field):
            PimcAgent("400", **{field: value})


@pytest.mark.rule("AF-10", "AF-16")
def test_all_fours_decisions_are_legal_and_reproducible() -> None:
    """A stand or beg, then the six tricks after a stand, twice from the same generator
    (``solve_from=6``: a run's longer deal counts its kicks, as the interpreted solver is slow
    over nine tricks)."""
    state = all_fours.new_game(seed=3, dealer=0)
    assert state.phase is all_fours.Phase.BEG
    begs = [
        PimcAgent("all-fours", samples=2, solve_from=6).act(state.observe(1), random.Random(1))
        for _ in range(2)
    ]
    assert begs[0] == begs[1]
    assert begs[0] in state.legal_actions()
    stood = state.apply(all_fours.Stand())
    runs = [
        _decisions(PimcAgent("all-fours", samples=2), stood, random.Random(1)) for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert all(action in before.legal_actions() for before, action in runs[0])
    assert len(runs[0]) == 24


@pytest.mark.rule("FH-15", "FH-16")
def test_four_hundred_cards_are_legal_and_reproducible() -> None:
    state = four_hundred.new_game(seed=2, dealer=0)
    for _ in range(4):
        state = state.apply(four_hundred.Bid(3))
    for _ in range(36):  # four tricks left
        state = state.apply(state.legal_actions()[0])
    runs = []
    for _ in range(2):
        agent = PimcAgent("400", samples=3)
        runs.append(_decisions(agent, state, random.Random(3)))
        assert agent.last_values is None or agent.last_samples == 3
    assert runs[0] == runs[1]
    assert all(action in before.legal_actions() for before, action in runs[0])


def test_a_long_deal_is_solved_not_left_to_the_search_agent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``solve_from=None`` (the default) the first card of a deal lengthened by a run of
    the pack (AF-11) is solved from every sample; with ``solve_from=6`` it is the search agent's
    (the real solve of nine tricks is slow without the compiled solver: a stand-in counts)."""
    solve = importlib.import_module("cardrules.all_fours.solve")
    state = all_fours.new_game(seed=1, dealer=0).apply(all_fours.Beg()).apply(all_fours.RunPack())
    observation = state.observe(state.current_player)
    length = len(observation.hand)
    assert length > 6
    calls: list[int] = []

    def stand_in(
        sample: Any, *, objective: str = "points", budget: int | None = None
    ) -> dict[Any, int]:
        calls.append(len(sample.hand(sample.current_player)))
        return {play: index for index, play in enumerate(sample.legal_actions())}

    monkeypatch.setattr(solve, "play_values", stand_in)
    agent = PimcAgent("all-fours", samples=3)
    choice = agent.act(observation, random.Random(0))
    assert calls == [length] * 3
    assert agent.last_samples == 3
    # The stand-in's best card for the seat's side: the last for side 0, the first for side 1.
    assert choice == observation.legal_actions[-1 if observation.seat % 2 == 0 else 0]
    short = PimcAgent("all-fours", samples=3, solve_from=6)
    search = make_agent("all-fours", "search:100")
    assert short.act(observation, random.Random(0)) == search.act(observation, random.Random(0))
    assert short.last_values is None
    assert calls == [length] * 3


@pytest.mark.rule("AF-11")
def test_all_fours_answers_a_beg() -> None:
    agent = PimcAgent("all-fours", samples=2, solve_from=6)
    for seed in range(6):
        state = all_fours.new_game(seed=seed, dealer=0)
        if state.phase is all_fours.Phase.BEG:
            state = state.apply(all_fours.Beg())
            observation = state.observe(state.current_player)
            assert agent.act(observation, random.Random(2)) in state.legal_actions()
            if len(observation.legal_actions) > 1:
                assert agent.last_samples == 2 * af_agents.PIMC.deal_samples
            return
    pytest.fail("no deal to beg in")


@pytest.mark.rule("AF-10", "AF-11")
def test_a_beg_is_worth_the_dealers_worse_answer_on_average() -> None:
    """The dealer does not see the beggar's hand: a beg is valued at the answer (give one or run
    the pack) that is worse for the beggar over all the samples, not sample by sample."""
    agent = PimcAgent("all-fours", samples=2, solve_from=6)
    for seed in range(40):
        state = all_fours.new_game(seed=seed, dealer=0)
        if state.phase is not all_fours.Phase.BEG:
            continue
        observation = state.observe(1)
        agent.act(observation, random.Random(seed))
        assert agent.last_values is not None
        rng = random.Random(seed)
        answers = {all_fours.GiveOne(): 0.0, all_fours.RunPack(): 0.0}
        solving = Solving("all-fours", 6, None)
        for _ in range(agent.last_samples):
            begged = all_fours.determinize(observation, rng).apply(all_fours.Beg())
            values = {
                answer: af_agents.PIMC._simulate(begged.apply(answer), observation, {}, solving)
                for answer in begged.legal_actions()
            }
            for answer in answers:
                answers[answer] += values.get(answer, min(values.values()))
        beg = agent.last_values[all_fours.Beg()]
        assert beg == pytest.approx(min(answers.values()) / agent.last_samples)
        if max(answers.values()) > min(answers.values()):
            return
    pytest.fail("no deal where the dealer's two answers differ")


@pytest.mark.rule("FH-10", "FH-11", "FH-14", "FH-19", "FH-20")
def test_a_bid_is_simulated_near_the_rule_agents_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bid within two of the rule agent's is applied to the sample, the later bids are the
    rule agent's, and the hand is solved from its first lead (a stand-in for the solver of the
    whole hand, which is slow without the compiled solver: it is worth 10 for team 0 less the
    square of seat 0's bid less 3)."""
    bid_solve = importlib.import_module("cardrules.four_hundred.bid_solve")
    solved: list[tuple[int | None, ...]] = []

    def stand_in(state: Any, *, budget: int | None = None) -> dict[Any, int]:
        assert sum(state.tricks_taken) == 0
        assert state.phase is four_hundred.Phase.PLAY
        solved.append(state.bids)
        return dict.fromkeys(state.legal_actions(), 10 - (state.bids[0] - 3) ** 2)

    monkeypatch.setattr(bid_solve, "bid_values", stand_in)
    state = four_hundred.new_game(seed=4, dealer=3)  # seat 0 bids first
    observation = state.observe(0)
    agent = PimcAgent("400", samples=2)
    choice = agent.act(observation, random.Random(5))
    ruled = fh_agents.RuleAgent().act(observation, random.Random(5)).tricks
    near = {bid for bid in observation.legal_actions if abs(bid.tricks - ruled) <= 2}
    assert agent.last_values is not None
    assert set(agent.last_values) == near
    played = {bids[0] for bids in solved}
    assert played <= {bid.tricks for bid in near}
    assert len(solved) == 2 * len(played)  # each bid played on both samples
    assert all(None not in bids for bids in solved)
    for bid in near:
        if bid.tricks in played:
            assert agent.last_values[bid] == pytest.approx(10 - (bid.tricks - 3) ** 2)
        else:  # the bids total too little: thrown in (FH-14), no change of score
            assert agent.last_values[bid] == 0.0
    assert choice == max(agent.last_values, key=agent.last_values.__getitem__)
    assert choice == four_hundred.Bid(3)


def test_a_time_budget_is_kept_roughly() -> None:
    """Not a timing test: a tenth of a second a decision ends in well under a few seconds, and
    solves at least one sample of a six-trick deal."""
    agent = PimcAgent("all-fours", seconds=0.1)
    state = all_fours.new_game(seed=5, dealer=0).apply(all_fours.Stand())
    start = time.perf_counter()
    assert agent.act(state.observe(state.current_player), random.Random(0)) in state.legal_actions()
    assert time.perf_counter() - start < 5.0
    assert agent.last_samples >= 1


def test_solve_from_leaves_longer_positions_to_the_search_agent() -> None:
    """``solve_from`` is the one length limit; a time budget bounds the solves' nodes instead."""
    assert Solving("all-fours", None, 0.5).fits(12)
    assert Solving("all-fours", None, None).fits(12)  # a budget in samples solves all
    assert not Solving("all-fours", 8, None).fits(9)
    assert Solving("all-fours", 8, 0.5).fits(8)
    assert Solving("400", None, 0.5).fits(13)


def test_a_budgeted_solve_gets_the_nodes_of_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """A solver with a node budget: asked again with more nodes once its speed is known, and
    ``None`` (not solved) when even the time left is not enough."""

    class Over(Exception):
        pass

    monkeypatch.setattr(pimc, "_NODE_RATES", {})
    asked: list[int | None] = []

    def needs(nodes: int) -> Any:
        def solver(budget: int | None) -> str:
            asked.append(budget)
            if budget is not None and budget < nodes:
                time.sleep(budget / 1e7)  # ten million nodes a second
                raise Over
            return "solved"

        return solver

    assert Solving("400", None, None).solve_budgeted(needs(10**9), Over) == "solved"
    assert asked == [None]  # a budget in samples: no node budget
    asked.clear()
    solving = Solving("400", None, 1.0)
    assert solving.solve_budgeted(needs(30_000), Over) == "solved"
    assert asked[0] == pytest.approx(20_000, rel=0.01)  # a second at 20,000 nodes a second
    assert asked[-1] >= 30_000
    assert asked == sorted(asked)
    asked.clear()
    assert solving.solve_budgeted(needs(10**15), Over) is None
    assert len(asked) >= 1


def test_ties_go_to_the_rule_agent_or_the_lowest_card() -> None:
    """Among cards the samples value alike, PIMC plays the rule agent's card, else the lowest."""
    agent = PimcAgent("all-fours", samples=2)
    ties = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = all_fours.new_game(seed=seed, dealer=0).apply(all_fours.Stand())
        deal = state.deal_number
        while not state.is_terminal and state.deal_number == deal:
            observation = state.observe(state.current_player)
            action = agent.act(observation, random.Random(seed))
            values = agent.last_values
            if values is not None and state.phase is all_fours.Phase.PLAY:
                best = max(values.values())
                tied = [a for a, v in values.items() if v >= best - 1e-9]
                assert action in tied
                if len(tied) > 1:
                    ties += 1
                    ruled = af_agents.RuleAgent().act(observation, random.Random(0))
                    if ruled in tied:
                        assert action == ruled
                    else:
                        assert action.card.rank == min(a.card.rank for a in tied)
            state = state.apply(rng.choice(state.legal_actions()))
    assert ties >= 3, ties


def test_max_samples_below_samples_is_refused() -> None:
    with pytest.raises(ArgumentError, match="max_samples"):
        PimcAgent("all-fours", samples=5, max_samples=4)


def test_the_best_card_is_clear_by_its_lead_sample_by_sample() -> None:
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


def test_cards_are_sampled_on_while_the_best_card_is_unclear() -> None:
    """Cards get ``samples`` deals, then more, one at a time and up to ``max_samples``, while
    the best card's lead over another is within noise; a fixed count when both are equal."""
    adaptive = PimcAgent("all-fours", samples=3, max_samples=6)
    fixed = PimcAgent("all-fours", samples=3, max_samples=3)
    counts: list[int] = []
    for seed in range(1):
        rng = random.Random(seed)
        state = all_fours.new_game(seed=seed, dealer=0).apply(all_fours.Stand())
        deal = state.deal_number
        while state.phase is all_fours.Phase.PLAY and state.deal_number == deal:
            observation = state.observe(state.current_player)
            action = adaptive.act(observation, random.Random(seed))
            assert action in state.legal_actions()
            if adaptive.last_values is not None:
                counts.append(adaptive.last_samples)
                fixed.act(observation, random.Random(seed))
                assert fixed.last_samples == 3
            state = state.apply(rng.choice(state.legal_actions()))
    assert all(3 <= count <= 6 for count in counts)
    assert 3 in counts, counts
    assert any(count > 3 for count in counts), counts


def test_a_spec_with_a_range_of_samples() -> None:
    agent = make_agent("all-fours", "pimc:10-40")
    assert (agent.samples, agent.max_samples, agent.name) == (10, 40, "pimc:10-40")
    assert make_agent("400", "pimc:5-5").max_samples == 5
    assert make_agent("all-fours", "pimc:7").max_samples is None
    for bad in ("pimc:40-10", "pimc:5-", "pimc:-5", "pimc:1s-5", "pimc:5-9s", "pimc:5-x"):
        with pytest.raises(ParseError, match="pimc:10-40"):
            make_agent("all-fours", bad)


@pytest.mark.rule("AF-21", "AF-23")
def test_a_sampler_that_returns_the_true_state_gives_its_exact_values() -> None:
    """``determinize=``: the agent averages whatever its sampler returns; with the true state
    every sample is the same deal, so each card's value is that deal's solved value (the race
    to the target)."""
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
