"""The batch engine plays exactly the per-state engine's 400: every legal mask, every score and
every result, with random legal actions from the same seeds (FH-1 ... FH-30)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from cardrules import four_hundred as fh
from cardrules.batch import game_seed, make
from cardrules.core.cards import CARDS


def _ids(state: fh.State) -> list[int]:
    return sorted(fh.action_id(action) for action in state.legal_actions())


def _policy(batch: Any, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Random legal plays; mostly modest bids (uniform bids fail so often that games never
    end), sometimes any legal bid or a redeal."""
    choice = batch.random_actions(rng)
    assert mask[np.arange(mask.shape[0]), choice].all()
    low = mask[:, 52:65].argmax(axis=1) + 52
    modest = np.minimum(low + rng.integers(0, 3, size=low.size), 64)
    bidding = mask[:, 52:].any(axis=1) & (rng.random(low.size) < 0.9)
    return np.where(bidding, modest, choice)


def play_both(
    rules: fh.Rules,
    n: int,
    steps: int,
    seed: int,
    dealer: list[int] | None = None,
    decks: np.ndarray | None = None,
    start: tuple[int, int, int, int] | None = None,
) -> int:
    """Random legal play in a batch and in per-state games from the same seeds, compared at
    every step; returns the number of finished games."""
    batch = make("400", n, seed=seed, rules=rules, dealer=dealer, decks=decks, scores=start)
    rng = np.random.default_rng(seed)
    games = [0] * n
    states = [
        fh.new_game(
            rules,
            seed=game_seed(seed, lane, 0),
            dealer=None if dealer is None else dealer[lane],
            deck=None if decks is None else [CARDS[i] for i in decks[lane]],
            scores=start,
        )
        for lane in range(n)
    ]
    finished = 0
    for _ in range(steps):
        mask = batch.legal_mask()
        players, scores = batch.current_player, batch.scores
        deals, dealers, levels = batch.deal_number, batch.dealer, batch.level
        for lane in range(n):
            state = states[lane]
            assert list(np.flatnonzero(mask[lane])) == _ids(state), lane
            assert players[lane] == state.current_player
            assert tuple(scores[lane]) == state.scores
            assert deals[lane] == state.deal_number
            assert dealers[lane] == state.dealer
            assert levels[lane] == state.level
        choice = _policy(batch, mask, rng)
        step = batch.step(choice)
        res = step.results
        reported = {
            int(res.lane[k]): (int(res.game[k]), int(res.winner[k]), tuple(map(int, res.scores[k])))
            for k in range(res.lane.size)
        }
        assert len(reported) == res.lane.size
        for lane in range(n):
            state = states[lane].apply(fh.ACTIONS[int(choice[lane])])
            if state.is_terminal:
                assert reported.get(lane) == (games[lane], state.winner, state.scores), lane
                assert step.done[lane]
                assert list(step.rewards[lane]) == [
                    1.0 if seat % 2 == state.winner else -1.0 for seat in range(4)
                ]
                games[lane] += 1
                finished += 1
                state = fh.new_game(rules, seed=game_seed(seed, lane, games[lane]), scores=start)
            else:
                assert lane not in reported
                assert not step.done[lane]
                assert not step.rewards[lane].any()
            states[lane] = state
        assert list(batch.game_number) == games
    return finished


RULESETS = {
    "standard": fh.Rules(),
    "jawaker": fh.Rules.preset("jawaker"),
    "pagat_41": fh.Rules.preset("pagat_41"),
    "options_a": fh.Rules(
        deal_packets=(3, 2, 2, 2, 2, 2),
        high_bid_win="always",
        partner_condition="non_negative",
        five_to_start="additional",
        no_picture_redeal=True,
        min_bid_cap=4,
    ),
    "options_b": fh.Rules(
        high_bid_win="partner_not_negative",
        partner_condition="none",
        five_to_start="replace",
        reduce_five_six_at=None,
        min_total_rises=False,
        claims="off",
        conduct_penalties=True,
    ),
    "options_c": fh.Rules(
        deal_packets=(1, 3, 3, 3, 3),
        min_bid_ladder_from=None,
        min_total_counts="points",
        no_picture_redeal=True,
        simultaneous="higher_team_total",
    ),
}
FINISHED: dict[str, int] = {}
START = (38, 33, 36, 39)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_parity(name: str) -> None:
    """Games from scores near the end (START), so that many end (and both teams often qualify
    together, FH-24): about 1,600 games over the six rulesets (every option)."""
    FINISHED[name] = play_both(RULESETS[name], 32, 2000, seed=len(name), start=START)
    assert FINISHED[name] > 50


def test_parity_from_zero() -> None:
    assert play_both(fh.Rules(), 16, 600, seed=4) >= 0


def test_given_dealers_and_decks() -> None:
    rng = np.random.default_rng(3)
    decks = np.array([rng.permutation(52) for _ in range(8)])
    play_both(fh.Rules(), 8, 200, 5, dealer=[lane % 4 for lane in range(8)], decks=decks)


def _encoded(rules: fh.Rules, state: fh.State, seat: int) -> np.ndarray:
    from cardrules.adapters._games import GAMES
    from cardrules.adapters.encoding import Encoder

    table: Any = SimpleNamespace(
        game=GAMES["four_hundred"],
        rules=rules,
        players=4,
        dealing_dealer=state.dealer,
        scores=state.scores,
        state=state,
        over=False,
        past=(),
        is_chance=False,
        observation=state.observe,
    )
    encoder = Encoder(table, perfect_recall=False)
    tensor = np.zeros(encoder.size, dtype=np.float32)
    encoder.encode(table, seat, tensor)
    return tensor


def test_observations_equal_the_adapters_tensor() -> None:
    rules = fh.Rules()
    n, seed = 4, 11
    batch = make("400", n, seed=seed, rules=rules)
    rng = np.random.default_rng(seed)
    games = [0] * n
    states = [fh.new_game(rules, seed=game_seed(seed, lane, 0)) for lane in range(n)]
    for _ in range(150):
        for seat in range(4):
            rows = batch.observe(seat)
            for lane in range(n):
                assert np.array_equal(rows[lane], _encoded(rules, states[lane], seat))
        choice = _policy(batch, batch.legal_mask(), rng)
        batch.step(choice)
        for lane in range(n):
            state = states[lane].apply(fh.ACTIONS[int(choice[lane])])
            if state.is_terminal:
                games[lane] += 1
                state = fh.new_game(rules, seed=game_seed(seed, lane, games[lane]))
            states[lane] = state


def test_observations_hide_other_seats_cards() -> None:
    """Two batches that differ only in other seats' cards look the same to a seat."""
    rng = np.random.default_rng(9)
    decks = np.array([rng.permutation(52) for _ in range(20)])
    for seat in range(4):
        schedule = [
            (0 + offset) % 4
            for size in (1, 2, 2, 2, 2, 2, 2)
            for offset in range(1, 5)
            for _ in range(size)
        ]
        a = schedule.index((seat + 1) % 4)
        b = schedule.index((seat + 2) % 4)
        swapped = decks.copy()
        swapped[:, [a, b]] = decks[:, [b, a]]
        one = make("400", 20, seed=1, dealer=0, decks=decks)
        two = make("400", 20, seed=1, dealer=0, decks=swapped)
        assert np.array_equal(one.observe(seat), two.observe(seat))
        assert not np.array_equal(one.hands, two.hands)


def test_random_actions_reach_every_legal_id() -> None:
    batch = make("400", 32, seed=2, rules=fh.Rules(no_picture_redeal=True))
    rng = np.random.default_rng(0)
    for _ in range(100):
        mask = batch.legal_mask()
        seen = np.zeros_like(mask)
        for _ in range(80):
            choice = batch.random_actions(rng)
            assert mask[np.arange(32), choice].all()
            seen[np.arange(32), choice] = True
        assert (seen == mask).mean() > 0.99
        batch.step(batch.random_actions(rng))


def test_parity_played_over_a_thousand_games() -> None:
    if len(FINISHED) < len(RULESETS):
        pytest.skip("runs after the parity tests")
    assert sum(FINISHED.values()) >= 1000
