"""Cards and action sets as bits of ``uint64`` arrays: the tables and kernels that both games'
batches share (internal)."""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = ["BIT", "ONE", "SUIT", "ZERO", "kth_bit", "unpack"]

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]

ONE: Final = np.uint64(1)
ZERO: Final = np.uint64(0)
#: BIT[i] = 1 << i for i < 64; BIT[64] = BIT[-1] = 0 (no card).
BIT: Final = np.array([1 << i for i in range(64)] + [0], dtype=np.uint64)
#: The mask of each suit; index 4 (= -1: no suit) is empty.
SUIT: Final = np.array([0x1FFF << (13 * s) for s in range(4)] + [0], dtype=np.uint64)
_LOW_BITS: Final = {w: np.uint64((1 << w) - 1) for w in (32, 16, 8, 4, 2, 1)}
_WIDTH: Final = {w: np.uint64(w) for w in (32, 16, 8, 4, 2, 1)}


def unpack(masks: U64, width: int = 52) -> npt.NDArray[np.uint8]:
    """The low ``width`` bits of each mask, as 0 / 1 (m, width)."""
    raw = masks.astype("<u8").view(np.uint8).reshape(masks.size, 8)
    return np.unpackbits(raw, axis=1, bitorder="little")[:, :width]


def kth_bit(x: U64, k: npt.NDArray[np.uint8]) -> I64:
    """The position of the ``k``-th set bit (from 0, lowest first) of each mask, by halving: is
    it in the low half (``k`` below the low half's count) or the high half?"""
    position = np.zeros(x.size, dtype=np.uint64)
    for width in (32, 16, 8, 4, 2, 1):
        low = x & _LOW_BITS[width]
        count = np.bitwise_count(low)
        high = k >= count
        k = k - count * high
        x = np.where(high, x >> _WIDTH[width], low)
        position += _WIDTH[width] * high
    return position.astype(np.int64)
