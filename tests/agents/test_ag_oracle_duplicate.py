"""The oracle (sees every card, for measurement only) and the duplicate comparison over single
deals: margins per pair by hand, intervals by hand, and the tournament's margin per deal."""

from __future__ import annotations

import math
import random
import subprocess
import sys

import pytest

from cardrules import all_fours, four_hundred
from cardrules.agents import PimcAgent, RandomAgent, make_agent
from cardrules.agents.all_fours import RuleAgent
from cardrules.agents.four_hundred import RuleAgent as FhRuleAgent
from cardrules.agents.oracle import OracleAgent
from cardrules.agents.registry import AGENT_KINDS, HINT_AGENT, MEASUREMENT_ONLY, hint_agent
from cardrules.errors import ArgumentError
from cardrules.runner import (
    Z95,
    check_agent,
    deal_margin,
    duplicate_deals,
    margin_confidence,
    ratio_confidence,
    tournament,
)


def test_the_oracle_is_made_by_name_but_listed_apart() -> None:
    oracle = make_agent("all-fours", "oracle")
    assert isinstance(oracle, OracleAgent)
    assert oracle.name == "oracle"
    assert "oracle" in MEASUREMENT_ONLY
    assert "oracle" not in AGENT_KINDS  # the bots a game with people may have


def test_the_oracle_refuses_to_play_from_an_observation() -> None:
    state = all_fours.new_game(seed=3, dealer=0)
    with pytest.raises(ArgumentError, match="plays only from the state"):
        OracleAgent("all-fours").act(state.observe(state.current_player), random.Random(0))


def test_games_played_from_each_seats_view_refuse_the_oracle() -> None:
    oracle = OracleAgent("all-fours")
    with pytest.raises(ArgumentError, match="sees every card"):
        check_agent(all_fours.Rules(), oracle)
    with pytest.raises(ArgumentError, match="sees every card"):
        tournament(all_fours.Rules(), oracle, RuleAgent(), games=2, processes=1)
    check_agent(all_fours.Rules(), oracle, sees_everything=True)


def test_cardrules_play_refuses_the_oracle() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "all-fours", "--bots", "oracle"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "sees every card" in result.stderr
    assert "for measurement only" in result.stderr


@pytest.mark.rule("AF-16", "AF-23")
def test_the_oracle_plays_the_solvers_best_card_of_the_true_deal() -> None:
    from cardrules.all_fours.solve import play_values

    state = all_fours.new_game(seed=3, dealer=0).apply(all_fours.Stand())
    choice = OracleAgent("all-fours").act_on_state(state, random.Random(1))
    values = play_values(state, objective="game")
    best = max(values.values()) if state.current_player % 2 == 0 else min(values.values())
    assert values[choice] == best
    seeing = PimcAgent("all-fours", samples=1, determinize=lambda observation, rng: state)
    assert choice == seeing.act(state.observe(state.current_player), random.Random(1))


def test_the_hint_is_the_pimc_agent_with_a_short_time_budget() -> None:
    assert HINT_AGENT == "pimc:0.5s"
    for game in ("400", "all-fours"):
        agent = hint_agent(game)
        assert isinstance(agent, PimcAgent)
        assert agent.seconds == 0.5


def test_a_deals_margin_is_side_0s_change_of_score_less_side_1s() -> None:
    """Played by hand: the first deal of a 400 game, four rule agents (FH-19, FH-20)."""
    rules = four_hundred.Rules()
    seats = [FhRuleAgent()] * 4
    margin = deal_margin(rules, seats, seed=9)
    state = four_hundred.new_game(rules, seed=9)
    deal = state.deal_number
    rng = random.Random(0)  # the rule agent does not draw from it
    while state.deal_number == deal and not state.is_terminal:
        state = state.apply(FhRuleAgent().act(state.observe(state.current_player), rng))
    scores = state.scores
    assert margin == (scores[0] + scores[2]) - (scores[1] + scores[3])


def test_duplicate_deals_average_each_pair_and_bound_the_mean() -> None:
    rules = all_fours.Rules()
    a, b = RuleAgent(), RandomAgent()
    result = duplicate_deals(rules, a, b, pairs=5, seed=4, processes=1)
    from cardrules.core.deck import derive_seed

    by_hand = []
    for pair in range(5):
        seed = derive_seed(4, "deal", pair)
        first = deal_margin(rules, [a, b, a, b], seed)
        second = deal_margin(rules, [b, a, b, a], seed)
        by_hand.append((first - second) / 2)
    assert result.margins == tuple(by_hand)
    mean = sum(by_hand) / 5
    sd = math.sqrt(sum((m - mean) ** 2 for m in by_hand) / 4)
    assert result.margin == pytest.approx(mean)
    assert result.ci_low == pytest.approx(mean - Z95 * sd / math.sqrt(5))
    assert result.ci_high == pytest.approx(mean + Z95 * sd / math.sqrt(5))
    assert result.names == ("rule", "random")
    assert "points per deal, 95% CI [" in result.line()
    with pytest.raises(ArgumentError, match="pairs"):
        duplicate_deals(rules, a, b, pairs=0, processes=1)


def test_duplicate_deals_in_a_pool_match_those_played_here() -> None:
    rules = all_fours.Rules()
    here = duplicate_deals(rules, RuleAgent(), RandomAgent(), pairs=4, seed=2, processes=1)
    pool = duplicate_deals(rules, RuleAgent(), RandomAgent(), pairs=4, seed=2, processes=2)
    assert here.margins == pool.margins


def test_the_oracle_plays_duplicate_deals_from_the_state() -> None:
    result = duplicate_deals(
        all_fours.Rules(),
        OracleAgent("all-fours", solve_from=6),
        RuleAgent(),
        pairs=1,
        seed=6,
        processes=1,
    )
    assert result.pairs == 1
    assert (result.ci_low, result.ci_high) == (-math.inf, math.inf)  # one pair: no interval


def test_the_intervals_by_hand() -> None:
    # [1, 3, 2, 2]: mean 2, sample variance 2/3, standard error sqrt(2/3 / 4).
    mean, low, high = margin_confidence([1.0, 3.0, 2.0, 2.0])
    half = Z95 * math.sqrt(2 / 3 / 4)
    assert (mean, low, high) == pytest.approx((2.0, 2.0 - half, 2.0 + half))
    # Margins 4, 0, 2 over 2 deals each: 1 a deal; residuals 2, -2, 0: variance 4.
    ratio, low, high = ratio_confidence([4.0, 0.0, 2.0], [2.0, 2.0, 2.0])
    half = Z95 * math.sqrt(4 / 3) / 2
    assert (ratio, low, high) == pytest.approx((1.0, 1.0 - half, 1.0 + half))
    assert margin_confidence([5.0])[1:] == (-math.inf, math.inf)
    with pytest.raises(ArgumentError, match="denominators"):
        ratio_confidence([1.0], [1.0, 2.0])


def test_the_tournament_bounds_the_margin_per_deal_over_its_pairs() -> None:
    result = tournament(all_fours.Rules(), RuleAgent(), RandomAgent(), games=6, seed=3, processes=1)
    margins: dict[int, float] = {}
    deals: dict[int, float] = {}
    for game in result.games:
        side = 1 if game.swapped else 0
        scores = game.side_scores()
        margins[game.seed] = margins.get(game.seed, 0.0) + scores[side] - scores[1 - side]
        deals[game.seed] = deals.get(game.seed, 0.0) + game.hands
    expected = ratio_confidence(list(margins.values()), list(deals.values()))
    rule = result.summaries[0]
    assert (rule.margin_per_deal, rule.deal_ci_low, rule.deal_ci_high) == pytest.approx(expected)
    assert "pts/deal's 95% interval" in result.table()
    assert f"[{rule.deal_ci_low:+.2f}, {rule.deal_ci_high:+.2f}]" in result.table()
    one = tournament(all_fours.Rules(), RuleAgent(), RandomAgent(), games=2, processes=1)
    assert one.to_dict()["agents"][0]["deal_ci_low"] is None  # one pair: JSON has no infinity
