"""Cards and action sets as bits of ``uint64`` arrays: the tables and kernels that both games'
batches share (internal)."""

from __future__ import annotations

from typing import Any, Final

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
_CHUNK: Final = 0xFFFF
_LOW16: Final = np.uint64(0xFFFF)
_LOW32: Final = np.uint64(0xFFFFFFFF)
_LOW48: Final = np.uint64(0xFFFFFFFFFFFF)


def _select_table() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """For each 16-bit pattern: its set bits' count, and the positions of its set bits, lowest
    first (16 per pattern, flat)."""
    patterns = np.arange(1 << 16, dtype="<u2").view(np.uint8).reshape(-1, 2)
    bits = np.unpackbits(patterns, axis=1, bitorder="little").astype(bool)
    order = np.argsort(~bits, axis=1, kind="stable").astype(np.uint8)
    return bits.sum(axis=1).astype(np.uint8), order.reshape(-1)


_COUNT16, _SELECT16 = _select_table()


def unpack(masks: U64, width: int = 52) -> npt.NDArray[np.uint8]:
    """The low ``width`` bits of each mask, as 0 / 1 (m, width)."""
    raw = masks.astype("<u8").view(np.uint8).reshape(masks.size, 8)
    return np.unpackbits(raw, axis=1, bitorder="little")[:, :width]


def kth_bit(x: U64, k: npt.NDArray[np.integer[Any]]) -> I64:
    """The position of the ``k``-th set bit (from 0, lowest first) of each mask: the 16-bit
    chunk that holds it from the counts of the masks' low 16, 32 and 48 bits, then that chunk's
    table.  (The counts and ``k`` are uint8, the cheapest to compare; the masks are read as
    int64, whose indices numpy takes fastest.)"""
    k8 = k.astype(np.uint8, copy=False)
    chunk = (k8 >= np.bitwise_count(x & _LOW16)).view(np.uint8)
    chunk += k8 >= np.bitwise_count(x & _LOW32)
    chunk += k8 >= np.bitwise_count(x & _LOW48)
    shift = chunk.astype(np.int64)
    shift <<= 4
    xi = x.view(np.int64)
    before = np.left_shift(1, shift)
    before -= 1
    before &= xi
    k8 = k8 - np.bitwise_count(before)
    bits = xi >> shift
    bits &= _CHUNK
    bits <<= 4
    bits += k8
    position: I64 = shift + _SELECT16[bits]
    return position
