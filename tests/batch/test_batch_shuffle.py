"""The batch engine's decks and first dealers are the per-state engine's (core.deck): the seeded
shuffle's kernels, compiled and interpreted, against cardrules.core.deck on thousands of seeds."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from tests.kernels._tiers import same

from cardrules.all_fours.kernels import may_look_at_hand
from cardrules.batch import _bits, _decks, _lanes, _shuffle, game_seed
from cardrules.batch._shuffle import (
    deal_deck,
    first_dealer,
    hash_blocks,
    hash_head,
    pad_text,
    scratch,
    write_decimal,
)
from cardrules.core import deck as core_deck
from cardrules.core.compiled import compiled, kernel
from cardrules.core.deck import derive_seed, draw_for_dealer, shuffled_deck


def _indices(seed: int, *labels: int | str) -> list[int]:
    return [card.index for card in shuffled_deck(seed, *labels)]


@kernel
def _decks_of(seeds: np.ndarray, numbers: np.ndarray, out: np.ndarray) -> None:
    text, words, limbs = scratch()
    for row in range(seeds.size):
        deal_deck(seeds[row], numbers[row], out[row], text, words, limbs)


@kernel
def _dealers_of(seeds: np.ndarray, players: int, out: np.ndarray) -> None:
    text, words, limbs = scratch()
    deck = np.zeros(52, dtype=np.int8)
    for row in range(seeds.size):
        out[row] = first_dealer(seeds[row], players, deck, text, words, limbs)


@kernel
def _hashes_of(texts: np.ndarray, lengths: np.ndarray, out: np.ndarray) -> None:
    _, words, _ = scratch()
    for row in range(lengths.size):
        out[row] = hash_head(texts[row], lengths[row], words)


@kernel
def _rounds_of(texts: np.ndarray, lengths: np.ndarray, out: np.ndarray) -> None:
    """hash_head by the written-out rounds, whatever the processor (hash_head itself takes the
    SHA extensions where it has them)."""
    _, words, _ = scratch()
    for row in range(lengths.size):
        out[row] = hash_blocks(texts[row], pad_text(texts[row], lengths[row]), words)


@kernel
def _decimals_of(values: np.ndarray, texts: np.ndarray, ends: np.ndarray) -> None:
    for row in range(values.size):
        ends[row] = write_decimal(texts[row], 0, values[row])


def test_decimals_of_every_width() -> None:
    # Each count of digits and its edges, and both sides of the cut at 10**10.
    values = [0, 2**64 - 1, 2**63, 10**10 + 1, 10**10 * 7 + 3]
    values += [v for k in range(1, 20) for v in (10**k - 1, 10**k, 10**k + 1)]
    texts = np.zeros((len(values), 24), dtype=np.uint8)
    ends = np.zeros(len(values), dtype=np.int64)
    compiled(_decimals_of)(np.array(values, dtype=np.uint64), texts, ends)
    interpreted = np.zeros_like(texts)
    for row, value in enumerate(values):
        assert texts[row, : ends[row]].tobytes() == str(value).encode()
        end = write_decimal(interpreted[row], 0, np.uint64(value))
        assert interpreted[row, :end].tobytes() == str(value).encode()


def _compiled_decks(seeds: list[int], numbers: list[int]) -> np.ndarray:
    out = np.zeros((len(seeds), 52), dtype=np.int8)
    compiled(_decks_of)(np.array(seeds, dtype=np.uint64), np.array(numbers, np.int64), out)
    return out


def test_decks_equal_the_seeded_shuffle_for_thousands_of_seeds() -> None:
    # Every digit of the mixed-radix shuffle, every long-division step, every width of a seed.
    rng = np.random.default_rng(4)
    seeds = [0, 1, 9, 10, 2**32, 2**63 - 1, 2**63, 2**63 + 5, 2**64 - 1]
    seeds += [int(s) for s in rng.integers(0, 2**64, size=3000, dtype=np.uint64)]
    numbers = [k % 1200 for k in range(len(seeds))]
    decks = _compiled_decks(seeds, numbers)
    for seed, number, row in zip(seeds, numbers, decks, strict=True):
        assert list(row) == _indices(seed, "deal", number)


def test_first_dealers_equal_the_draw_for_thousands_of_seeds() -> None:
    for players in (2, 4):
        seeds = [game_seed(3, lane, players) for lane in range(1500)]
        out = np.zeros(len(seeds), dtype=np.int64)
        compiled(_dealers_of)(np.array(seeds, dtype=np.uint64), players, out)
        assert list(out) == [draw_for_dealer(seed, players) for seed in seeds]


def test_sha256_of_texts_of_every_length() -> None:
    # One block, the padding spilling into a second block (56 ... 63 bytes), two blocks.
    rng = np.random.default_rng(7)
    lengths = np.arange(0, 140, dtype=np.int64)
    texts = np.zeros((lengths.size, _shuffle.BUFFER), dtype=np.uint8)
    for row, length in enumerate(lengths):
        texts[row, :length] = rng.integers(0, 256, size=length)
    # hash_head (by the SHA extensions where the processor has them) and the rounds written out.
    for hashes_of in (_hashes_of, _rounds_of):
        out = np.zeros(lengths.size, dtype=np.uint64)
        compiled(hashes_of)(texts.copy(), lengths, out)
        for row, length in enumerate(lengths.tolist()):
            digest = hashlib.sha256(texts[row, :length].tobytes()).digest()
            assert int(out[row]) == int.from_bytes(digest[:8], "big")


def test_game_seeds_of_every_kind_of_batch_seed() -> None:
    seeds = np.zeros(40, dtype=np.uint64)
    for seed in (0, 9, -7, 10**30, -(2**255), 2**256 - 1):
        compiled(_shuffle.first_games)(_shuffle.seed_text(seed), seeds)
        expected = [derive_seed(seed, "batch", lane, 0) for lane in range(40)]
        assert [int(s) for s in seeds] == expected


def test_game_seed() -> None:
    assert game_seed(9, 2, 5) == derive_seed(9, "batch", 2, 5)
    assert len({game_seed(9, lane, game) for lane in range(5) for game in range(5)}) == 25


def test_the_kernels_interpreted_give_the_same_decks() -> None:
    # The kernels are plain Python too (on numpy scalars, whose uint64 products wrap with a
    # warning that numba's do not give).
    seeds = [5, 2**64 - 3, 123456789]
    out = np.zeros((len(seeds), 52), dtype=np.int8)
    with np.errstate(over="ignore"):
        _decks_of(np.array(seeds, dtype=np.uint64), np.array([0, 7, 31]), out)
    assert [list(row) for row in out] == [
        _indices(s, "deal", n) for s, n in zip(seeds, [0, 7, 31], strict=True)
    ]


def test_a_rejected_draw_draws_on_as_the_core_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """A draw at or above the limit (odds about 1 in 10**9) is drawn again from the generator's
    next outputs: with the limit lowered to 2**255 for both, about half the draws are rejected,
    and the decks still agree (interpreted kernels: a compiled kernel's globals are frozen)."""
    limit = 1 << 255
    monkeypatch.setattr(core_deck, "_DECK_LIMIT", limit)
    limbs = np.array([limit >> (32 * (7 - k)) & 0xFFFFFFFF for k in range(8)], np.uint64)
    monkeypatch.setattr(_shuffle, "_LIMIT_LIMBS", limbs)
    rejected = 0
    deck = np.zeros(52, dtype=np.int8)
    scratch = np.zeros(8, dtype=np.uint64)
    for state in range(1, 40):
        with np.errstate(over="ignore"):
            _, word = _shuffle.next64(np.uint64(state))
            _shuffle.deck_from_state(np.uint64(state), deck, scratch)
        rejected += int(word) >= 1 << 63
        assert list(deck) == [card.index for card in core_deck._deck_from_state(state)]
    assert rejected > 5


def test_draws_at_or_above_the_limit_are_rejected() -> None:
    def limbs_of(x: int) -> list[int]:
        return [x >> (32 * (7 - k)) & 0xFFFFFFFF for k in range(8)]

    limit = [int(w) for w in _shuffle._LIMIT_LIMBS]
    assert limit == limbs_of(_shuffle._LIMIT)
    below = limbs_of(_shuffle._LIMIT - 1)  # kept
    above = [limit[0], limit[1] + 1, 0, 0, 0, 0, 0, 0]  # rejected
    top = [2**32 - 1, 2**32 - 1] + [0] * 6  # rejected (the limit is 2**256 less about 2**226)
    low = [limit[0] - 1] + [2**32 - 1] * 7  # kept
    rows = [below, limit, above, top, low]
    expected = [True, False, False, False, True]
    for row, kept in zip(rows, expected, strict=True):
        limbs = np.array(row, dtype=np.uint64)
        assert _shuffle.below_limit(limbs) is kept
        assert compiled(_shuffle.below_limit)(limbs) is kept


def test_bit_kernels() -> None:
    rng = np.random.default_rng(1)
    masks = [int(m) for m in rng.integers(1, 2**62, size=500)] + [1, 2**62, (1 << 56) - 1]
    for mask in masks:
        bits = [i for i in range(63) if mask >> i & 1]
        assert _bits.count_bits(mask) == len(bits)
        k = int(rng.integers(0, len(bits)))
        assert _bits.kth_bit(mask, k) == bits[k]
        assert compiled(_bits.kth_bit)(mask, k) == bits[k]
        assert compiled(_bits.count_bits)(mask) == len(bits)


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
        count = m if k % 2 else m % 9
        if k % 2:
            if made.shape[0] < count:
                made = _numpy_decks_reference(reference, max(source.BLOCK, count))
            expected, made = made[:count], made[count:]
            got = source.decks(count)
        else:
            expected = reference.integers(0, players, size=count, dtype=np.int64)
            got = source.dealers(count)
        assert np.array_equal(got, expected)


def _slow_round(cards: list[int], drawing: int, players: int) -> int:
    """One round of the draw from the rule's words: the seats still drawing take the cards in
    seat order; the seats of the highest rank draw again (or one deals)."""
    seats = [seat for seat in range(players) if drawing >> seat & 1]
    ranks = {seat: cards[k] % 13 for k, seat in enumerate(seats)}
    best = max(ranks.values())
    return sum(1 << seat for seat in seats if ranks[seat] == best)


@pytest.mark.rule("FH-6", "AF-6")
def test_the_draw_rounds_kernel_interpreted_and_compiled() -> None:
    rng = np.random.default_rng(11)
    for _ in range(400):
        players = int(rng.choice([2, 4, 7]))
        drawing = int(rng.integers(1, 1 << players))
        cards = [int(c) for c in rng.permutation(52)[: bin(drawing).count("1")]]
        assert same(core_deck.draw_round, tuple(cards), drawing, players) == _slow_round(
            cards, drawing, players
        )


@pytest.mark.rule("AF-15")
def test_may_look_at_hand_interpreted_and_compiled() -> None:
    for players in (2, 4):
        for dealer in range(players):
            for seat in range(players):
                for trump in (-1, 0, 3):
                    expected = trump >= 0 or seat in (dealer, (dealer + 1) % players)
                    assert same(may_look_at_hand, seat, dealer, players, trump) == expected


def test_each_group_of_radices_starts_at_the_first_limb_a_draw_can_fill() -> None:
    # The draw is below 2**256; after the groups before it, below 2**256 over their products:
    # the limbs above _FIRST_LIMBS[g] are zero whatever the draw, and the one there may not be.
    groups = [(52, 5), (47, 5), (42, 6), (36, 6), (30, 6), (24, 7), (17, 8), (9, 8)]
    bound = (1 << 256) - 1
    firsts = []
    for radix, count in groups:
        firsts.append(8 - -(-bound.bit_length() // 32))
        product = 1
        for base in range(radix - count + 1, radix + 1):
            product *= base
        assert product < 2**32
        bound //= product
    assert tuple(firsts) == _shuffle._FIRST_LIMBS


@kernel
def _extensions() -> bool:
    return _shuffle.sha_extensions()


def test_the_sha_extensions_are_used_compiled_where_the_target_has_them() -> None:
    assert _shuffle.sha_extensions() is False  # interpreted: the rounds
    assert compiled(_extensions)() == _shuffle._target_has_sha()


@kernel
def _borrow_and_write(rows: np.ndarray, pair: tuple[np.ndarray, int]) -> int:
    rows, pair = _lanes.borrowed((rows, pair))
    view = rows[1]
    view[2] = 7
    pair[0][0] += pair[1]
    return int(rows.shape[0] * 10 + pair[0].size)


def test_borrowed_arrays_are_the_callers_arrays() -> None:
    # The step loops use their arrays borrowed (no reference counts): the same memory, writes
    # seen by the caller, shapes unchanged; interpreted, the same objects.
    rows = np.zeros((3, 4), dtype=np.int64)
    counts = np.ones(5, dtype=np.int64)
    assert compiled(_borrow_and_write)(rows, (counts, 4)) == 35
    assert rows[1, 2] == 7
    assert counts[0] == 5
    assert _lanes.borrowed((rows, counts))[1] is counts
