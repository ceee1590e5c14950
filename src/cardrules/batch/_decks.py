"""Where a batch's decks come from when they are not the per-state engine's (internal).

With the default ``shuffle="seeded"`` each lane makes its own decks in the compiled step loop
(:mod:`cardrules.batch._shuffle`).  :class:`NumpyDecks` draws them from a numpy generator
instead (``shuffle="numpy"``): reproducible from the batch's seed, but not the per-state
engine's decks.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardrules.core.deck import derive_seed

__all__ = ["NumpyDecks", "game_seed"]

I64 = npt.NDArray[np.int64]


def game_seed(seed: int, lane: int, game: int) -> int:
    """The seed of game ``game`` (0, 1, ...) of lane ``lane`` in a batch made with ``seed``:
    ``derive_seed(seed, "batch", lane, game)``.  With the default ``shuffle="seeded"`` that game
    is ``new_game(rules, seed=game_seed(seed, lane, game))`` of the per-state engine, action for
    action."""
    return derive_seed(seed, "batch", lane, game)


class NumpyDecks:
    """Decks as uniform random permutations from numpy's PCG64 generator seeded with the batch's
    seed, and uniform first dealers: not the per-state engine's decks.  A deck is its cards
    sorted by a random key each, a uint32 of 26 random bits above the card's index; a deck in
    which two cards drew the same 26 bits (about 1 in 50,000) is drawn again, so that the order
    of the keys is uniform.  Decks are made BLOCK at a time and handed out in turn."""

    #: How many decks are made at once.
    BLOCK: Final = 2048
    #: How many of the generator's words are drawn beyond those asked for (for the dealers).
    SPARE: Final = 256

    def __init__(self, seed: int, players: int) -> None:
        self.players = players
        self._rng = np.random.Generator(np.random.PCG64(seed))
        self._cards = np.arange(52, dtype=np.uint32)
        self._made: npt.NDArray[np.int8] = np.zeros((0, 52), dtype=np.int8)
        self._next = 0
        #: The generator's 64-bit words drawn and not read yet (from _at on): the decks and the
        #: dealers read them in turn, as they would draw them from the generator.
        self._words: npt.NDArray[np.uint64] = np.zeros(0, dtype=np.uint64)
        self._at = 0
        #: The high half of the last word a dealer read the low half of, or -1.
        self._half = -1
        #: A dealer is the top bits of a 32-bit draw (players = 2 or 4).
        self._shift = 32 - (players - 1).bit_length()

    def _take(self, k: int) -> npt.NDArray[np.uint64]:
        """The generator's next ``k`` 64-bit words (its stream is the same however it is
        drawn)."""
        at, words = self._at, self._words
        if at + k > words.size:
            more = self._rng.bit_generator.random_raw(at + k - words.size + self.SPARE)
            words = np.concatenate((words[at:], more))
            self._words = words[k:].copy()
            self._at = 0
            return words[:k]
        self._at = at + k
        return words[at : at + k]

    def dealers(self, m: int) -> I64:
        """Each game's first dealer, as ``Generator.integers(0, players, size=m,
        dtype=np.int64)`` draws them (tested): for a range of 2 or 4, numpy's draw (Lemire's) is
        the top bits of a 32-bit draw, each 64-bit word giving its low half then its high half,
        a half left over kept for the next draw; read from the words drawn ahead, without that
        call's cost (about 9 µs, as much for one dealer as for a hundred)."""
        kept = self._half >= 0
        halves = self._take((m - kept + 1) // 2).astype("<u8").view("<u4")
        if kept:
            halves = np.concatenate((np.array([self._half], dtype=np.uint32), halves))
        self._half = int(halves[m]) if halves.size > m else -1
        draws = halves[:m] >> self._shift
        dealers: I64 = draws.astype(np.int64)
        return dealers

    def decks(self, m: int) -> npt.NDArray[np.int8]:
        """The next ``m`` decks (card indices, top first)."""
        start = self._next
        if start + m > self._made.shape[0]:
            self._made = self._shuffled(max(self.BLOCK, m))
            start = 0
        self._next = start + m
        return self._made[start : start + m]

    def _shuffled(self, count: int) -> npt.NDArray[np.int8]:
        """``count`` uniform decks (card indices, top first)."""
        keys: npt.NDArray[np.uint32] = self._take(count * 26).reshape(count, 26).view(np.uint32)
        keys &= np.uint32(2**32 - 64)
        keys |= self._cards
        keys.sort(axis=1)
        drawn = keys >> 6
        tied = np.flatnonzero((drawn[:, 1:] == drawn[:, :-1]).any(axis=1))
        keys &= np.uint32(63)
        decks = keys.astype(np.int8)
        if tied.size:
            decks[tied] = self._shuffled(tied.size)
        return decks
