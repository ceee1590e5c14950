"""All Fours' double-dummy solver against plain minimax over ``legal_actions()`` / ``apply()``."""

from __future__ import annotations

import random

import minimax
import pytest

from cardrules.all_fours import AwardKind, Phase, Rules, Stand, State, deck_for, new_game
from cardrules.all_fours.solve import WIN, play_values, solve, value
from cardrules.errors import ArgumentError

_RULES = (
    Rules(),
    Rules(players=2),
    Rules.preset("tournament"),
    Rules(undertrump="only_if_void", game_tie="non_dealer", hang_jack_value=2),
)


def _in_play(seed: int, rules: Rules) -> State | None:
    state = new_game(rules, seed=seed, dealer=seed % rules.players)
    if state.phase is not Phase.BEG:
        return None
    state = state.apply(Stand())
    return state if state.phase is Phase.PLAY else None


def _ending(seed: int, rules: Rules, tricks_left: int) -> State | None:
    rng = random.Random(seed)
    state = _in_play(seed, rules)
    if state is None:
        return None
    total = len(state.hand(0))
    cut = rng.randrange(rules.players)
    while len(state.tricks) < total - tricks_left or (
        len(state.tricks) == total - tricks_left and len(state.current_trick.cards) < cut
    ):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
@pytest.mark.parametrize("rules", _RULES, ids=["trinidad", "two", "tournament", "options"])
def test_solver_matches_minimax_on_small_endings(rules: Rules, tricks_left: int) -> None:
    checked = 0
    for seed in range(30):
        state = _ending(seed, rules, tricks_left)
        if state is None:
            continue
        result = solve(state)
        assert result.value == minimax.value(state, minimax.af_points), seed
        assert result.points[0] - result.points[1] == result.value
        assert result.plays == minimax.plays(state, minimax.af_points), seed
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize("seed", range(10))
def test_value_is_the_best_of_the_children(seed: int) -> None:
    state = _in_play(seed, Rules())
    if state is None:
        pytest.skip("the kick ended the game")
    result = solve(state)
    assert set(result.plays) == set(state.legal_actions())
    values = result.plays.values()
    best = max(values) if state.current_player % 2 == 0 else min(values)  # type: ignore[operator]
    assert result.value == best
    assert result.plays == play_values(state)
    child = state.apply(result.best_plays[0])
    assert solve(child).value == result.value


@pytest.mark.parametrize("seed", range(6))
def test_high_and_low_are_reported_as_fixed(seed: int) -> None:
    state = _in_play(seed, Rules())
    if state is None:
        pytest.skip("the kick ended the game")
    result = solve(state)
    deal = state.deal_number
    while state.deal_number == deal and state.phase is Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    scored = [0, 0]
    for award in state.history[-1].awards:
        if award.kind in (AwardKind.HIGH, AwardKind.LOW):
            scored[award.side] += award.points
    assert tuple(scored) == result.fixed


def test_solve_needs_a_deal_in_play() -> None:
    state = new_game(seed=3, dealer=0)
    with pytest.raises(ValueError, match="in play"):
        solve(state)


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
@pytest.mark.parametrize("rules", _RULES, ids=["trinidad", "two", "tournament", "options"])
def test_race_objective_matches_minimax_near_the_target(rules: Rules, tricks_left: int) -> None:
    """AF-21, AF-23: with both sides close to the target, the ``"game"`` objective's values are
    the engine's race (a win, a loss, or the deal's points) under best play."""
    checked = races = 0
    for seed in range(60):
        rng = random.Random(seed)
        low = rules.target - 5
        scores = (rng.randrange(low, rules.target), rng.randrange(low, rules.target))
        state = new_game(rules, seed=seed, dealer=seed % rules.players, scores=scores)
        if state.phase is not Phase.BEG:
            continue
        state = state.apply(Stand())
        if state.phase is not Phase.PLAY:
            continue
        total = len(state.hand(0))
        while len(state.tricks) < total - tricks_left:
            state = state.apply(rng.choice(state.legal_actions()))
        result = solve(state, objective="game")
        assert result.value == minimax.value(state, minimax.af_race), seed
        assert result.plays == minimax.plays(state, minimax.af_race), seed
        assert play_values(state, objective="game") == result.plays
        races += abs(result.value) == WIN
        checked += 1
    assert checked >= 20, checked
    assert races >= 5, races


def test_at_13_13_high_decides_the_race_before_any_card() -> None:
    """AF-21, AF-23: High is scored first, so at 13-13 its holder's side wins whatever is played,
    while the points objective still counts Jack and Game."""
    hands = ["AH 2H TS 3C 4D 5S", "JH 9S 8C 7D 6S 5C", "KH AS KS QS JS AD", "3H 2S 2C 2D 3D 4C"]
    state = new_game(deck=deck_for(hands, "8H"), dealer=0, seed=1, scores=(13, 13))
    state = state.apply(Stand())
    holder = next(seat for seat in range(4) if "AH" in str(state.hand(seat)))
    expected = WIN if holder % 2 == 0 else -WIN
    race, points = solve(state, objective="game"), solve(state)
    assert race.value == expected
    assert set(race.plays.values()) == {expected}
    assert abs(points.value) < WIN
    assert race.fixed == points.fixed


def test_unknown_objective_is_refused() -> None:
    state = _in_play(1, Rules())
    assert state is not None
    with pytest.raises(ArgumentError, match="objective"):
        solve(state, objective="tricks")
    with pytest.raises(ArgumentError, match="objective"):
        play_values(state, objective="")


@pytest.mark.parametrize("objective", ["points", "game"])
def test_value_alone_is_the_solutions_value(objective: str) -> None:
    checked = 0
    for seed in range(12):
        state = new_game(seed=seed, dealer=seed % 4, scores=(seed % 14, 13 - seed % 14))
        if state.phase is not Phase.BEG:
            continue
        state = state.apply(Stand())
        if state.phase is not Phase.PLAY:
            continue
        assert value(state, objective=objective) == solve(state, objective=objective).value
        checked += 1
    assert checked >= 5, checked
