"""Bit counting for the batch's compiled loops (internal): kernels on masks of at most 63 bits
(card masks, All Fours' 56 action ids)."""

from __future__ import annotations

from cardrules.core.compiled import kernel

__all__ = ["count_bits", "kth_bit"]


@kernel
def count_bits(mask: int) -> int:
    """The set bits of ``mask`` (0 <= mask < 2**63), counted in parallel within the word: pairs,
    nibbles, bytes, then the bytes summed by shifts (no product: the same ints interpreted and
    compiled)."""
    x = mask - ((mask >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


@kernel
def kth_bit(mask: int, k: int) -> int:
    """The position of the ``k``-th set bit of ``mask`` (from 0, lowest first; k below the
    count)."""
    for _ in range(k):
        mask &= mask - 1
    return count_bits((mask & -mask) - 1)
