"""All Fours' double-dummy solver against plain minimax over ``legal_actions()`` / ``apply()``."""

from __future__ import annotations

import random

import pytest

from cardrules.all_fours import AwardKind, Phase, Rules, Stand, State, new_game
from cardrules.all_fours.solve import play_values, solve

_DECIDED_BY_PLAY = (AwardKind.JACK, AwardKind.HANG_JACK, AwardKind.GAME)
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


def _end_value(state: State) -> int:
    """Side 0's points minus side 1's from Jack, hang jack and Game, as the engine scored them."""
    value = 0
    for award in state.history[-1].awards:
        if award.kind in _DECIDED_BY_PLAY:
            value += award.points if award.side == 0 else -award.points
    return value


def _minimax(state: State, deal: int) -> int:
    values = []
    for action in state.legal_actions():
        after = state.apply(action)
        done = after.deal_number != deal or after.phase is not Phase.PLAY
        values.append(_end_value(after) if done else _minimax(after, deal))
    player = state.current_player
    assert player is not None
    return max(values) if player % 2 == 0 else min(values)


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
@pytest.mark.parametrize("rules", _RULES, ids=["trinidad", "two", "tournament", "options"])
def test_solver_matches_minimax_on_small_endings(rules: Rules, tricks_left: int) -> None:
    checked = 0
    for seed in range(30):
        state = _ending(seed, rules, tricks_left)
        if state is None:
            continue
        deal = state.deal_number
        result = solve(state)
        assert result.value == _minimax(state, deal), seed
        assert result.points[0] - result.points[1] == result.value
        for action in state.legal_actions():
            after = state.apply(action)
            done = after.deal_number != deal or after.phase is not Phase.PLAY
            expected = _end_value(after) if done else _minimax(after, deal)
            assert result.plays[action] == expected, (seed, action)
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
