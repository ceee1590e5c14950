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
    """The position of the ``k``-th set bit (from 0, lowest first) of each mask: find the 16-bit
    chunk that holds it from the chunks' counts, then look the bit up in that chunk's table.
    (The masks are read as int64, whose indices numpy takes fastest, the counts as uint8, the
    cheapest to compare; the chunks are masked, so the sign of bit 63 does not matter.)"""
    xi = x.view(np.int64)
    k8 = k.astype(np.uint8)
    c0 = _COUNT16[xi & _CHUNK]
    c1 = _COUNT16[(xi >> 16) & _CHUNK]
    c2 = _COUNT16[(xi >> 32) & _CHUNK]
    upto1 = c0 + c1
    past0, past1, past2 = k8 >= c0, k8 >= upto1, k8 >= upto1 + c2
    # The bits in the chunks before the one that holds the k-th, and that chunk's bits.
    before = c0 * past0 + c1 * past1 + c2 * past2
    shift = (past0.astype(np.int64) + past1 + past2) << 4
    bits = (xi >> shift) & _CHUNK
    position: I64 = shift + _SELECT16[(bits << 4) + (k8 - before)]
    return position
