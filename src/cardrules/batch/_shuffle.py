"""The engines' seeded shuffle (:mod:`cardrules.core.deck`), for many decks at once.

Step 1 (the SHA-256 seed derivation) runs per deck in :mod:`hashlib`; steps 2 to 4 (SplitMix64,
the 256-bit draw, the mixed-radix Fisher-Yates) run as array code over every deck together.  The
decks equal :func:`cardrules.core.deck.shuffled_deck` (tested); a draw that step 3 would reject
(odds about 1 in 10**9) is redone by that function.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from math import factorial
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardrules.core.deck import SHUFFLE_VERSION, derive_seed, shuffled_deck

__all__ = ["decks_for", "draw_dealers", "game_seeds"]

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
I8 = npt.NDArray[np.int8]

_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX2: Final = np.uint64(0x94D049BB133111EB)
_LOW32: Final = np.uint64(0xFFFFFFFF)
_DECK_ORDERS: Final = factorial(52)
_LIMIT: Final = (1 << 256) - (1 << 256) % _DECK_ORDERS
#: The rejection limit of step 3 as four 64-bit words, most significant first.
_LIMIT_WORDS: Final = tuple(np.uint64(_LIMIT >> (64 * k) & ((1 << 64) - 1)) for k in (3, 2, 1, 0))


def _radix_groups() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The radices 52, 51, ..., 2 of step 4 in groups whose product is below 2**32: one long
    division of the 256-bit draw by the product gives a small number holding the group's digits."""
    groups: list[tuple[int, tuple[int, ...]]] = []
    radices = list(range(52, 1, -1))
    while radices:
        group: list[int] = []
        product = 1
        while radices and product * radices[0] < 1 << 32:
            product *= radices[0]
            group.append(radices.pop(0))
        groups.append((product, tuple(group)))
    return tuple(groups)


_GROUPS: Final = _radix_groups()


def _mix(z: U64) -> U64:
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


def _states(seeds: Sequence[int], label: str, numbers: Sequence[int]) -> U64:
    """Step 1 for each (seed, number): ``derive_seed(seed, label, number)``, as uint64.  The
    hash of the text common to a seed's decks is made once and copied."""
    head = f"cardrules/{SHUFFLE_VERSION}|"
    tail = f"|s:{label}|"
    sha = hashlib.sha256
    started: dict[int, Any] = {}
    digests = []
    for seed, number in zip(seeds, numbers, strict=True):
        common = started.get(seed)
        if common is None:
            common = started[seed] = sha(f"{head}{seed}{tail}".encode())
        hasher = common.copy()
        hasher.update(b"%d" % number)
        digests.append(hasher.digest()[:8])
    return np.frombuffer(b"".join(digests), dtype=">u8").astype(np.uint64)


def _decks_from_states(states: U64) -> tuple[I8, npt.NDArray[np.bool_]]:
    """Steps 2 to 4 for each state: the decks (card indices, top first) and which draws step 3
    rejects (those rows are to be redone)."""
    m = states.shape[0]
    with np.errstate(over="ignore"):
        words = [_mix(states + np.uint64(k) * _GOLDEN) for k in (1, 2, 3, 4)]
    # Step 3's rejection, x >= limit, compared word by word.
    above = np.zeros(m, dtype=bool)
    equal = np.ones(m, dtype=bool)
    for word, limit in zip(words, _LIMIT_WORDS, strict=True):
        above |= equal & (word > limit)
        equal &= word == limit
    rejected = above | equal
    # The draw as eight 32-bit limbs, most significant first, each in a uint64.
    limbs = []
    for word in words:
        limbs.append(word >> np.uint64(32))
        limbs.append(word & _LOW32)
    bound = 1 << 256  # x < bound: leading limbs known to be zero are skipped
    # The decks card-major (52, m), so that a swap moves contiguous rows.
    deck = np.repeat(np.arange(52, dtype=np.int8), m)
    rows = np.arange(m)
    for product, radices in _GROUPS:
        divisor = np.uint64(product)
        first = 8 - (bound.bit_length() + 31) // 32
        remainder = np.zeros(m, dtype=np.uint64)
        for k in range(max(first, 0), 8):
            current = (remainder << np.uint64(32)) | limbs[k]
            limbs[k] = current // divisor
            remainder = current - limbs[k] * divisor
        bound = bound // product + 1
        # Step 4: the digits of the group, radix 52 (i = 51) first; item i swaps with item j.
        y = remainder.astype(np.int64)
        for radix in radices:
            i = radix - 1
            where_j = (y % radix) * m + rows
            y //= radix
            top = deck[i * m : i * m + m].copy()
            deck[i * m : i * m + m] = deck[where_j]
            deck[where_j] = top
    return deck.reshape(52, m).T.copy(), rejected
    return deck, rejected


def decks_for(seeds: Sequence[int], label: str, numbers: Sequence[int]) -> I8:
    """``shuffled_deck(seed, label, number)`` for each (seed, number), as card indices (m, 52),
    top first."""
    deck, rejected = _decks_from_states(_states(seeds, label, numbers))
    for row in np.flatnonzero(rejected).tolist():
        redone = shuffled_deck(seeds[row], label, numbers[row])
        deck[row] = [card.index for card in redone]
    return deck


def draw_dealers(seeds: Sequence[int], players: int) -> I64:
    """``draw_for_dealer(seed, players)`` for each seed (AF-6, FH-6): seats draw a card each from
    a fresh deck per round, the highest rank deals, the tied highest draw again."""
    m = len(seeds)
    contenders = np.ones((m, players), dtype=bool)
    dealer = np.full(m, -1, dtype=np.int64)
    live = np.arange(m)
    round_number = 0
    while live.size:
        decks = decks_for(
            [seeds[i] for i in live.tolist()], "draw-for-dealer", [round_number] * live.size
        )
        mine = contenders[live]
        # The k-th contender (in seat order) draws the deck's k-th card.
        position = np.cumsum(mine, axis=1) - 1
        ranks = np.take_along_axis(decks, np.maximum(position, 0), axis=1) % 13
        ranks = np.where(mine, ranks, -1)
        best = ranks.max(axis=1, keepdims=True)
        mine = ranks == best
        contenders[live] = mine
        single = mine.sum(axis=1) == 1
        dealer[live[single]] = mine[single].argmax(axis=1)
        live = live[~single]
        round_number += 1
    return dealer


def game_seeds(seed: int, lanes: Sequence[int], games: Sequence[int]) -> list[int]:
    """The seed of each lane's game: ``derive_seed(seed, "batch", lane, game)``."""
    return [derive_seed(seed, "batch", int(i), int(j)) for i, j in zip(lanes, games, strict=True)]
