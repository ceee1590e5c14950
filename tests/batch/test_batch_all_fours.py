"""The batch engine plays exactly the per-state engine's All Fours: every legal mask, every score
and every result, with random legal actions from the same seeds (AF-1 ... AF-24)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cardrules import all_fours as af
from cardrules.batch import game_seed, make

pytest.importorskip("numpy")


def _ids(state: af.State) -> list[int]:
    return sorted(af.action_id(action) for action in state.legal_actions())


def _start(rules: af.Rules, seed: int, lane: int, game: int) -> tuple[af.State, int]:
    """The lane's game in the per-state engine; a game over at its first kick is skipped (the
    batch reports it and deals the next)."""
    state = af.new_game(rules, seed=game_seed(seed, lane, game))
    return state, game


def play_both(rules: af.Rules, n: int, steps: int, seed: int) -> int:
    """Random legal play in a batch and in per-state games from the same seeds, compared at
    every step; returns the number of finished games."""
    batch = make("all-fours", n, seed=seed, rules=rules)
    rng = np.random.default_rng(seed)
    states: list[Any] = []
    games = [0] * n
    pending: list[list[tuple[int, int, tuple[int, int]]]] = [[] for _ in range(n)]
    for lane in range(n):
        state = af.new_game(rules, seed=game_seed(seed, lane, 0))
        while state.is_terminal:  # over at its first kick
            pending[lane].append((0, state.winner, state.scores))
            games[lane] += 1
            state = af.new_game(rules, seed=game_seed(seed, lane, games[lane]))
        states.append(state)
    finished = 0
    for _ in range(steps):
        mask = batch.legal_mask()
        players, scores = batch.current_player, batch.scores
        deals, dealers = batch.deal_number, batch.dealer
        for lane in range(n):
            state = states[lane]
            assert list(np.flatnonzero(mask[lane])) == _ids(state), lane
            assert players[lane] == state.current_player
            assert tuple(scores[lane]) == state.scores
            assert deals[lane] == state.deal_number
            assert dealers[lane] == state.dealer
        choice = (rng.random(mask.shape) * mask).argmax(axis=1)
        step = batch.step(choice)
        reported: dict[int, list[tuple[int, int, tuple[int, int]]]] = {}
        res = step.results
        for k in range(res.lane.size):
            reported.setdefault(int(res.lane[k]), []).append(
                (int(res.game[k]), int(res.winner[k]), (int(res.scores[k][0]), int(res.scores[k][1])))
            )
        for lane in range(n):
            state = states[lane].apply(af.ACTIONS[int(choice[lane])])
            expected = []
            if state.is_terminal:
                expected.append((games[lane], state.winner, state.scores))
                games[lane] += 1
                state = af.new_game(rules, seed=game_seed(seed, lane, games[lane]))
                while state.is_terminal:
                    expected.append((games[lane], state.winner, state.scores))
                    games[lane] += 1
                    state = af.new_game(rules, seed=game_seed(seed, lane, games[lane]))
            assert reported.get(lane, []) == expected, lane
            assert bool(step.done[lane]) == bool(expected)
            if expected:
                winner = expected[0][1]
                assert list(step.rewards[lane]) == [
                    1.0 if seat % 2 == winner else -1.0 for seat in range(rules.players)
                ]
            else:
                assert not step.rewards[lane].any()
            finished += len(expected)
            states[lane] = state
        assert list(batch.game_number) == games
    return finished


RULESETS = {
    "trinidad": af.Rules(),
    "all_twos": af.Rules.preset("all_twos"),
    "tournament": af.Rules.preset("tournament"),
    "tobago": af.Rules.preset("tobago"),
    "packet1_void_tie": af.Rules(deal_packet=1, undertrump="only_if_void", game_tie="non_dealer"),
    "two_tournament": af.Rules(players=2, undertrump="only_if_only_trumps", give_one_needs_trump=True),
    "values": af.Rules(target=9, game_value=2, hang_jack_value=5, kick_values={"A": 1, "K": 4}),
    "short": af.Rules(target=2, kick_values={"2": 2, "A": 1}, exposed_cards=True),
}


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_parity(name: str) -> None:
    finished = play_both(RULESETS[name], 24, 400, seed=len(name))
    assert finished > 20
