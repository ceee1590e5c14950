"""The runner: play_game, play, duplicate tournaments on executors, statistics."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from cardrules import all_fours, four_hundred
from cardrules.agents import RandomAgent
from cardrules.agents.all_fours import RuleAgent
from cardrules.agents.four_hundred import RuleAgent as FhRuleAgent
from cardrules.records import final_state, from_json, to_json
from cardrules.runner import (
    GameResult,
    agent_rngs,
    game_module,
    pair_confidence,
    play,
    play_game,
    tournament,
)


def test_play_game_returns_a_record_that_replays_to_the_same_end() -> None:
    record = play_game(all_fours.Rules(), [RuleAgent(), RandomAgent()] * 2, seed=21)
    assert record.game == "all_fours"
    assert record.seed == 21
    again = from_json(to_json(record))
    end = final_state(again)
    assert end.is_terminal
    assert end.winner == record.winner
    assert tuple(end.scores) == record.scores


def test_play_is_reproducible_from_its_seed() -> None:
    agents = [FhRuleAgent(), RandomAgent()] * 2
    first = play(four_hundred.Rules(), agents, seed=3)
    second = play(four_hundred.Rules(), agents, seed=3)
    assert first == second
    assert first.winner in (0, 1)
    assert sum(first.decisions) == first.actions
    assert first.hands >= 1
    assert len(first.side_scores()) == 2


def test_play_checks_the_number_of_agents_and_stops_long_games() -> None:
    with pytest.raises(ValueError, match="4 seats"):
        play(all_fours.Rules(), [RandomAgent()] * 2, seed=1)
    two = play(all_fours.Rules.preset("all_twos"), [RandomAgent()] * 2, seed=1)
    assert len(two.decisions) == 2
    stopped = play(four_hundred.Rules(), [RandomAgent()] * 4, seed=1, max_actions=30)
    assert stopped.winner is None
    assert stopped.actions == 30


def test_game_module_and_agent_rngs() -> None:
    assert game_module(all_fours.Rules()) is all_fours
    assert game_module(four_hundred.Rules()) is four_hundred
    with pytest.raises(TypeError):
        game_module("rules")
    a, b = agent_rngs(7, 4), agent_rngs(7, 4)
    assert [r.random() for r in a] == [r.random() for r in b]
    assert len({r.random() for r in agent_rngs(7, 4)}) == 4


def test_pair_confidence() -> None:
    # The 95% Wilson score interval over the pairs (z = 1.96).
    mean, low, high = pair_confidence([1.0, 0.5, 1.0, 0.5])
    assert mean == 0.75
    assert (low, high) == (pytest.approx(0.3006418), pytest.approx(0.9544127))
    # It never collapses: all pairs won, or every pair split.
    assert pair_confidence([1.0] * 10) == (1.0, pytest.approx(0.7224672), 1.0)
    assert pair_confidence([0.0] * 10) == (0.0, 0.0, pytest.approx(0.2775328))
    mean, low, high = pair_confidence([0.5] * 10)
    assert (mean, low, high) == (0.5, pytest.approx(0.2365931), pytest.approx(0.7634069))
    assert high - low > pair_confidence([0.5] * 100)[2] - pair_confidence([0.5] * 100)[1]
    assert pair_confidence([]) == (0.5, 0.0, 1.0)


def _tournament(**kwargs: object) -> object:
    return tournament(all_fours.Rules(), RuleAgent(), RandomAgent(), games=6, seed=4, **kwargs)


def test_duplicate_tournament_swaps_the_agents_on_the_same_seeds() -> None:
    result = tournament(all_fours.Rules(), RuleAgent(), RandomAgent(), games=6, seed=4, processes=1)
    assert len(result.games) == 6
    assert result.pairs == 3
    for first, second in zip(result.games[::2], result.games[1::2], strict=True):
        assert first.seed == second.seed
        assert not first.swapped
        assert second.swapped
        assert first.agents == ("rule", "random", "rule", "random")
        assert second.agents == ("random", "rule", "random", "rule")
    rule, rand = result.summaries
    assert rule.wins + rand.wins == 6
    assert rule.win_rate + rand.win_rate == pytest.approx(1.0)
    assert rule.margin == pytest.approx(-rand.margin)
    assert rule.ci_low <= rule.win_rate <= rule.ci_high
    assert rule.moves > 0
    assert "95% CI" in result.table()
    assert result.to_dict()["pairs"] == 3


def test_tournament_gives_the_same_games_on_any_executor() -> None:
    inline = _tournament(processes=1)
    with ThreadPoolExecutor(max_workers=2) as threads:
        threaded = _tournament(executor=threads)
    with ProcessPoolExecutor(max_workers=2) as processes:
        pooled = _tournament(executor=processes)
    strip = lambda result: [(g.seed, g.swapped, g.winner, g.scores) for g in result.games]  # noqa: E731
    assert strip(inline) == strip(threaded) == strip(pooled)


def test_identical_agents_split_every_pair() -> None:
    result = tournament(all_fours.Rules(), RuleAgent(), RuleAgent(), games=4, seed=2, processes=1)
    a, b = result.summaries
    assert (a.name, b.name) == ("rule (A)", "rule (B)")
    assert a.win_rate == b.win_rate == 0.5
    assert a.ci_low < 0.5 < a.ci_high
    assert (a.ci_low, a.ci_high) == pytest.approx((1 - b.ci_high, 1 - b.ci_low))


def test_tournament_rejects_odd_game_counts_and_keeps_records() -> None:
    with pytest.raises(ValueError, match="even"):
        tournament(all_fours.Rules(), RandomAgent(), RandomAgent(), games=3)
    result = tournament(
        all_fours.Rules(), RandomAgent(), RandomAgent(), games=2, processes=1, record=True
    )
    assert all(isinstance(g, GameResult) and g.record is not None for g in result.games)


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    tournament(
        all_fours.Rules(),
        RandomAgent(),
        RandomAgent(),
        games=4,
        processes=1,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
