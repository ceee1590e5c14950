"""The engines' seeded shuffle (:mod:`cardrules.core.deck`), for many decks at once.

Step 1 (the SHA-256 seed derivation) runs per deck in :mod:`hashlib`; steps 2 to 4 (SplitMix64,
the 256-bit draw, the mixed-radix Fisher-Yates) run as array code over every deck together.  The
decks equal :func:`cardrules.core.deck.shuffled_deck` (tested); a draw that step 3 would reject
(odds about 1 in 10**9) is redone by that function.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Sequence
from math import factorial
from operator import methodcaller
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardrules.core.deck import SHUFFLE_VERSION, draw_for_dealer, shuffled_deck

__all__ = [
    "DRAW_LABEL",
    "DRAW_ROUNDS",
    "dealers_from_draws",
    "decks_for",
    "decks_from_texts",
    "draw_dealers",
    "draw_round",
    "game_seeds",
    "numbered",
    "prefixes",
]

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
I8 = npt.NDArray[np.int8]

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
#: Each radix of step 4 as a uint32 (a group's number is below 2**32: its digits come from
#: uint32 divisions by a scalar, which numpy does by multiplication).
_RADIX32: Final = {radix: np.uint32(radix) for radix in range(2, 53)}
_SHIFT32: Final = np.uint64(32)
#: The four SplitMix64 increments of step 2 (k * 0x9E3779B97F4A7C15 mod 2**64, k = 1 ... 4).
_INCREMENTS: Final = np.array(
    [k * 0x9E3779B97F4A7C15 % (1 << 64) for k in (1, 2, 3, 4)], dtype=np.uint64
)[:, None]


def _mix(z: U64) -> U64:
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


_HEAD: Final = f"cardrules/{SHUFFLE_VERSION}|".encode()
_DIGEST: Final = methodcaller("digest")


def _sha256() -> Callable[[bytes], Any]:
    """SHA-256 for short texts: CPython's own implementation (module ``_sha2``, ``_sha256``
    before Python 3.12) when there is one, which starts a hash faster than OpenSSL's; else
    :func:`hashlib.sha256`.  Both compute the same digest."""
    for name in ("_sha2", "_sha256"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        function: Callable[[bytes], Any] = module.sha256
        if function(b"abc").digest() == hashlib.sha256(b"abc").digest():
            return function
    return hashlib.sha256


_SHA256: Final = _sha256()


def _hash64(texts: list[bytes]) -> U64:
    """Step 1's hash of each text: the first 8 bytes of its SHA-256, big-endian, as uint64.
    The loop over texts runs in C (``map``); SHA-256 itself is the cost."""
    digests = b"".join(map(_DIGEST, map(_SHA256, texts)))
    return np.frombuffer(digests, dtype=">u8")[::4].astype(np.uint64)


def _states(seeds: Sequence[int], labels: Sequence[str], numbers: Sequence[int]) -> U64:
    """Step 1 for each (seed, label, number): ``derive_seed(seed, label, number)``, as uint64."""
    encoded = {label: label.encode() for label in set(labels)}
    return _hash64(
        [
            b"%s%d|s:%s|%d" % (_HEAD, seed, encoded[label], number)
            for seed, label, number in zip(seeds, labels, numbers, strict=True)
        ]
    )


def _decks_from_states(states: U64) -> tuple[I8, npt.NDArray[np.bool_]]:
    """Steps 2 to 4 for each state: the decks (card indices, top first) and which draws step 3
    rejects (those rows are to be redone)."""
    m = states.shape[0]
    if 52 * m >= 1 << 32:  # a deck position must fit a uint32: halves
        first_half = _decks_from_states(states[: m // 2])
        second_half = _decks_from_states(states[m // 2 :])
        return (
            np.concatenate((first_half[0], second_half[0])),
            np.concatenate((first_half[1], second_half[1])),
        )
    with np.errstate(over="ignore"):
        words = _mix(states + _INCREMENTS)  # (4, m): the draw, most significant word first
    # Step 3's rejection, x >= limit: a draw whose first word is below the limit's (all but
    # about 1 in 4 * 10**9) is kept; the others are compared in full.
    rejected = words[0] >= _LIMIT_WORDS[0]
    if rejected.any():
        for at in np.flatnonzero(rejected).tolist():
            x = 0
            for word in words[:, at].tolist():
                x = x << 64 | word
            rejected[at] = x >= _LIMIT
    # The draw as eight 32-bit limbs, most significant first, each in a uint64.
    limb_rows = np.empty((8, m), dtype=np.uint64)
    np.right_shift(words, _SHIFT32, out=limb_rows[0::2])
    np.bitwise_and(words, _LOW32, out=limb_rows[1::2])
    limbs = list(limb_rows)
    bound = 1 << 256  # x < bound: leading limbs known to be zero are skipped
    # The decks card-major (52, m), so that a swap moves contiguous rows.
    deck = np.repeat(np.arange(52, dtype=np.int8), m)
    rows = np.arange(m, dtype=np.uint32)
    m32 = np.uint32(m)  # 52 * m < 2**32: a deck position fits a uint32
    for product, radices in _GROUPS:
        divisor = np.uint64(product)
        first = 8 - (bound.bit_length() + 31) // 32
        remainder = np.zeros(m, dtype=np.uint64)
        for k in range(max(first, 0), 8):
            current = remainder << _SHIFT32
            current |= limbs[k]
            limbs[k] = current // divisor
            current -= limbs[k] * divisor
            remainder = current
        bound = bound // product + 1
        # Step 4: the group's digits in turn (radix 52, i = 51, first); item i swaps with item
        # j, found in the card-major deck at j * m + its row.
        y = remainder.astype(np.uint32)
        for radix in radices:
            size = _RADIX32[radix]
            quotient32 = y // size
            digit = y - quotient32 * size
            digit *= m32
            digit += rows
            where_j = digit.astype(np.intp)
            y = quotient32
            row = deck[(radix - 1) * m : radix * m]
            top = deck[where_j]
            deck[where_j] = row
            row[:] = top
    return deck.reshape(52, m).T.copy(), rejected


def decks_for(seeds: Sequence[int], label: str | Sequence[str], numbers: Sequence[int]) -> I8:
    """``shuffled_deck(seed, label, number)`` for each (seed, number) (``label``: one for all,
    or one each), as card indices (m, 52), top first."""
    labels = [label] * len(seeds) if isinstance(label, str) else label
    deck, rejected = _decks_from_states(_states(seeds, labels, numbers))
    for row in np.flatnonzero(rejected).tolist():
        redone = shuffled_deck(seeds[row], labels[row], numbers[row])
        deck[row] = [card.index for card in redone]
    return deck


def prefixes(seeds: list[int], label: str) -> list[bytes]:
    """The text that step 1 hashes for ``(seed, label, number)``, up to the number, for each
    seed: the texts of one game's decks differ only in their last label (a C-level loop)."""
    text = _HEAD.replace(b"%", b"%%") + b"%d|s:" + label.encode().replace(b"%", b"%%") + b"|"
    return list(map(text.__mod__, seeds))


#: The decimal texts of small numbers (the deal numbers of a game, the rounds of a draw).
_NUMBERS: Final = [b"%d" % k for k in range(1000)]


def numbered(prefix: list[bytes], numbers: list[int]) -> list[bytes]:
    """Each prefix (:func:`prefixes`) with its number: the texts to hash (a C-level loop)."""
    if max(numbers, default=0) < len(_NUMBERS):
        digits = map(_NUMBERS.__getitem__, numbers)
    else:
        digits = map(b"%d".__mod__, numbers)
    return list(map(bytes.__add__, prefix, digits))


def decks_from_texts(texts: list[bytes], origin: Callable[[int], tuple[int, str, int]]) -> I8:
    """:func:`decks_for` from the texts of step 1 (:func:`numbered`); ``origin(row)`` gives a
    deck's seed, label and number, read only for the rare draw that step 3 rejects."""
    deck, rejected = _decks_from_states(_hash64(texts))
    for row in np.flatnonzero(rejected).tolist():
        redone = shuffled_deck(*origin(row))
        deck[row] = [card.index for card in redone]
    return deck


#: The label of the decks of the draw for the first dealer, and how many of its rounds the
#: batch makes as arrays (the few lanes still tied after them draw in :mod:`cardrules.core`).
DRAW_LABEL: Final = "draw-for-dealer"
DRAW_ROUNDS: Final = 2


def draw_round(mine: npt.NDArray[np.bool_], deck: I8) -> npt.NDArray[np.bool_]:
    """One round of the draw for the dealer (AF-6, FH-6) from its deck (m, 52): the seats in
    ``mine`` (m, players) draw a card each, the k-th of them (in seat order) the deck's k-th;
    returns the seats tied for the highest rank."""
    position = np.maximum(np.cumsum(mine, axis=1) - 1, 0)
    ranks = np.take_along_axis(deck, position, axis=1) % 13
    ranks = np.where(mine, ranks, -1)
    tied: npt.NDArray[np.bool_] = ranks == ranks.max(axis=1, keepdims=True)
    return tied


def dealers_from_draws(
    seeds: Sequence[int],
    draws: I8,
    players: int,
    mine: npt.NDArray[np.bool_] | None = None,
) -> I64:
    """``draw_for_dealer(seed, players)`` for each seed from draw decks (m, rounds, 52) (AF-6,
    FH-6): seats draw a card each from a fresh deck per round, the highest rank deals, the tied
    highest draw again.  ``mine``: the seats still drawing at the first of these rounds (default
    all); lanes still tied after them draw on in :func:`~cardrules.core.deck.draw_for_dealer`."""
    m = len(seeds)
    if mine is None:
        mine = np.ones((m, players), dtype=bool)
    dealer = np.full(m, -1, dtype=np.int64)
    for round_number in range(draws.shape[1]):
        mine = draw_round(mine, draws[:, round_number])
        single = (mine.sum(axis=1) == 1) & (dealer < 0)
        dealer[single] = mine[single].argmax(axis=1)
    for row in np.flatnonzero(dealer < 0).tolist():
        dealer[row] = draw_for_dealer(seeds[row], players)
    return dealer


def draw_dealers(seeds: Sequence[int], players: int) -> I64:
    """``draw_for_dealer(seed, players)`` for each seed (see :func:`dealers_from_draws`)."""
    rounds = list(range(DRAW_ROUNDS))
    draws = decks_for(
        [s for s in seeds for _ in rounds], DRAW_LABEL, [r for _ in seeds for r in rounds]
    )
    return dealers_from_draws(seeds, draws.reshape(len(seeds), DRAW_ROUNDS, 52), players)


def game_seeds(seed: int, lanes: Sequence[int], games: Sequence[int]) -> U64:
    """The seed of each lane's game: ``derive_seed(seed, "batch", lane, game)``, as uint64."""
    text = (b"%s%d|s:batch|" % (_HEAD, seed)).replace(b"%", b"%%") + b"%d|%d"
    return _hash64(list(map(text.__mod__, zip(lanes, games, strict=True))))
