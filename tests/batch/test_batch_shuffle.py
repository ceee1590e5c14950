"""The batch engine's decks and first dealers are the per-state engine's (core.deck)."""

from __future__ import annotations

import numpy as np
import pytest

from cardrules.batch import _decks, _shuffle, game_seed
from cardrules.core.deck import derive_seed, draw_for_dealer, shuffled_deck


def _indices(seed: int, *labels: int | str) -> list[int]:
    return [card.index for card in shuffled_deck(seed, *labels)]


def test_decks_equal_the_seeded_shuffle() -> None:
    seeds = [0, 1, -7, 2**63 + 5, 2**64 - 1, 10**30, *range(100, 400)]
    numbers = [k % 9 for k in range(len(seeds))]
    decks = _shuffle.decks_for(seeds, "deal", numbers)
    for seed, number, row in zip(seeds, numbers, decks, strict=True):
        assert list(row) == _indices(seed, "deal", number)


def test_a_rejected_draw_is_redone_by_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    real = _shuffle._decks_from_states

    def rejecting(states: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        deck, rejected = real(states)
        deck[1] = 0  # what a rejected draw leaves: garbage, to be redone
        rejected[1] = True
        return deck, rejected

    monkeypatch.setattr(_shuffle, "_decks_from_states", rejecting)
    decks = _shuffle.decks_for([5, 6, 7], "deal", [0, 0, 0])
    assert [list(row) for row in decks] == [_indices(s, "deal", 0) for s in (5, 6, 7)]


@pytest.mark.parametrize("players", [2, 4])
def test_first_dealers_equal_the_draw(players: int) -> None:
    seeds = [game_seed(3, lane, 0) for lane in range(300)]
    assert list(_shuffle.draw_dealers(seeds, players)) == [
        draw_for_dealer(seed, players) for seed in seeds
    ]


def test_game_seed() -> None:
    assert game_seed(9, 2, 5) == derive_seed(9, "batch", 2, 5)
    assert len({game_seed(9, lane, game) for lane in range(5) for game in range(5)}) == 25


def test_kth_bit() -> None:
    from cardrules.batch._bits import kth_bit

    rng = np.random.default_rng(1)
    masks = rng.integers(1, 2**63, size=2000, dtype=np.uint64) | (np.uint64(1) << np.uint64(63))
    sparse = masks & rng.integers(0, 2**63, size=2000, dtype=np.uint64) | np.uint64(1 << 55)
    for x in (masks, sparse):
        counts = np.bitwise_count(x)
        k = (rng.random(x.size) * counts).astype(np.uint8)
        expected = [
            [i for i in range(64) if int(v) >> i & 1][int(kk)] for v, kk in zip(x, k, strict=True)
        ]
        assert list(kth_bit(x, k)) == expected
        assert list(kth_bit(x, k.astype(np.int64))) == expected


def test_dealers_tied_after_the_array_rounds_draw_in_the_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []

    def counted(seed: int, players: int) -> int:
        calls.append(seed)
        return draw_for_dealer(seed, players)

    monkeypatch.setattr(_shuffle, "draw_for_dealer", counted)
    seeds = [game_seed(5, lane, 1) for lane in range(1500)]
    assert list(_shuffle.draw_dealers(seeds, 4)) == [draw_for_dealer(s, 4) for s in seeds]
    assert calls  # some seeds tie for highest in every round the arrays draw


def test_decks_equal_the_seeded_shuffle_for_many_seeds() -> None:
    # Every digit of the mixed-radix shuffle in float64 and every long-division step.
    rng = np.random.default_rng(4)
    seeds = [int(s) for s in rng.integers(0, 2**63, size=2000)]
    decks = _shuffle.decks_for(seeds, "deal", [3] * len(seeds))
    for seed, row in zip(seeds, decks, strict=True):
        assert list(row) == _indices(seed, "deal", 3)


def test_decks_made_ahead_are_each_games_decks() -> None:
    from cardrules.batch._decks import SeededDecks

    source = SeededDecks(11, 3, 4)
    games = np.zeros(3, dtype=np.int64)
    deals = np.zeros(3, dtype=np.int64)
    lanes = np.arange(3)
    rng = np.random.default_rng(0)
    for _ in range(60):
        # Each lane moves on by a deal, sometimes two (a void deal), or starts its next game.
        move = rng.integers(0, 4, size=3)
        deals = np.where(move == 3, 0, deals + np.minimum(move, 2))
        games = games + (move == 3)
        some = lanes[rng.random(3) < 0.7]
        got = source.decks(some, games[some], deals[some], games, deals)
        for row, lane in zip(got, some.tolist(), strict=True):
            seed = game_seed(11, lane, int(games[lane]))
            assert list(row) == _indices(seed, "deal", int(deals[lane]))
        fresh = lanes[move == 3]
        if fresh.size:
            dealers = source.dealers(fresh, games[fresh], games, deals)
            assert list(dealers) == [
                draw_for_dealer(game_seed(11, int(i), int(games[i])), 4) for i in fresh
            ]


def test_a_rejected_draw_made_ahead_is_redone_by_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardrules.batch._decks import SeededDecks

    real = _shuffle._decks_from_states

    def rejecting(states: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        deck, rejected = real(states)
        deck[:] = 0  # what rejected draws leave: garbage, to be redone
        rejected[:] = True
        return deck, rejected

    monkeypatch.setattr(_shuffle, "_decks_from_states", rejecting)
    source = SeededDecks(4, 3, 4)
    lanes = np.arange(3)
    zero = np.zeros(3, dtype=np.int64)
    dealers = source.dealers(lanes, zero, zero, zero)
    decks = source.decks(lanes, zero, zero, zero, zero)
    for lane in range(3):
        seed = game_seed(4, lane, 0)
        assert dealers[lane] == draw_for_dealer(seed, 4)
        assert list(decks[lane]) == _indices(seed, "deal", 0)


@pytest.mark.parametrize("players", [2, 4])
def test_first_dealers_drawn_ahead_equal_the_draw(players: int) -> None:
    # Each next game's first round of the draw is made a game ahead; its second round only when
    # the first ties (and the core draws on after that).
    from cardrules.batch._decks import SeededDecks

    n = 200
    source = SeededDecks(8, n, players)
    lanes = np.arange(n)
    games = np.zeros(n, dtype=np.int64)
    deals = np.zeros(n, dtype=np.int64)
    rng = np.random.default_rng(2)
    for _ in range(6):
        dealers = source.dealers(lanes, games, games, deals)
        assert list(dealers) == [
            draw_for_dealer(game_seed(8, lane, int(games[lane])), players) for lane in range(n)
        ]
        games = games + (rng.random(n) < 0.8)


def test_draws_at_or_above_the_limit_are_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    words = [int(w) for w in _shuffle._LIMIT_WORDS]
    below = [words[0], words[1], words[2], words[3] - 1]  # the limit - 1: kept
    at = words  # the limit: rejected
    above = [words[0], words[1] + 1, 0, 0]  # rejected
    top = [2**64 - 1, 0, 0, 0]  # rejected
    low = [words[0] - 1, 2**64 - 1, 2**64 - 1, 2**64 - 1]  # kept
    rows = [below, at, above, top, low]
    crafted = np.array(rows, dtype=np.uint64).T

    monkeypatch.setattr(_shuffle, "_mix", lambda z: crafted.copy())
    _, rejected = _shuffle._decks_from_states(np.zeros(len(rows), dtype=np.uint64))
    assert list(rejected) == [False, True, True, True, False]


def _numpy_decks_reference(rng: np.random.Generator, count: int) -> np.ndarray:
    """The numpy shuffle's decks as drawn by the generator's own calls (as NumpyDecks drew them
    before it read the words drawn ahead)."""
    keys = rng.bit_generator.random_raw((count, 26)).view(np.uint32)
    keys &= np.uint32(2**32 - 64)
    keys |= np.arange(52, dtype=np.uint32)
    keys.sort(axis=1)
    drawn = keys >> 6
    tied = np.flatnonzero((drawn[:, 1:] == drawn[:, :-1]).any(axis=1))
    keys &= np.uint32(63)
    decks = keys.astype(np.int8)
    if tied.size:
        decks[tied] = _numpy_decks_reference(rng, tied.size)
    return decks


@pytest.mark.parametrize("players", [2, 4])
def test_numpy_decks_and_dealers_are_the_generators_draws(players: int) -> None:
    """NumpyDecks reads the generator's words drawn ahead: its dealers are
    ``Generator.integers(0, players, size=m)`` and its decks the block drawn by ``random_raw``,
    in turn, as the generator's own calls draw them."""
    source = _decks.NumpyDecks(11, players)
    reference = np.random.Generator(np.random.PCG64(11))
    made = np.zeros((0, 52), dtype=np.int8)
    sizes = np.random.default_rng(players).integers(0, 500, 120)
    for k, m in enumerate(sizes.tolist()):
        lanes = np.arange(m if k % 2 else m % 9)
        if k % 2:
            if made.shape[0] < lanes.size:
                made = _numpy_decks_reference(reference, max(source.BLOCK, lanes.size))
            expected, made = made[: lanes.size], made[lanes.size :]
            got = source.decks(lanes, lanes, lanes, lanes, lanes)
        else:
            expected = reference.integers(0, players, size=lanes.size, dtype=np.int64)
            got = source.dealers(lanes, lanes, lanes, lanes)
        assert np.array_equal(got, expected)
