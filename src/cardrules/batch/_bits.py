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
#: Each byte's lowest bit, and highest.
_BYTES_LOW: Final = np.uint64(0x0101010101010101)
_BYTES_HIGH: Final = np.uint64(0x8080808080808080)
_BYTE: Final = np.uint64(0xFF)


def _select_table() -> npt.NDArray[np.int64]:
    """For each byte pattern, the positions of its set bits, lowest first (8 per pattern,
    flat)."""
    patterns = np.arange(256, dtype=np.uint8)[:, None]
    bits = np.unpackbits(patterns, axis=1, bitorder="little").astype(bool)
    return np.argsort(~bits, axis=1, kind="stable").astype(np.int64).reshape(-1)


_SELECT8: Final = _select_table()


def unpack(masks: U64, width: int = 52) -> npt.NDArray[np.uint8]:
    """The low ``width`` bits of each mask, as 0 / 1 (m, width)."""
    raw = masks.astype("<u8").view(np.uint8).reshape(masks.size, 8)
    return np.unpackbits(raw, axis=1, bitorder="little")[:, :width]


def kth_bit(x: U64, k: npt.NDArray[np.integer[Any]]) -> I64:
    """The position of the ``k``-th set bit (from 0, lowest first) of each mask: the byte that
    holds it from the counts of the masks' bytes (one count per byte, summed into prefix counts
    by a multiplication, each prefix count compared with ``k`` in its byte), then that byte's
    table."""
    prefix = np.bitwise_count(x.view(np.uint8)).view(np.uint64)
    prefix *= _BYTES_LOW  # byte i: the set bits of bytes 0 ... i (at most 64)
    # The bytes whose prefix count is at most k, counted: the byte that holds the k-th bit.
    k64 = k.astype(np.uint64)
    below = k64 * _BYTES_LOW
    below |= _BYTES_HIGH
    below -= prefix
    below &= _BYTES_HIGH
    shift = np.bitwise_count(below).astype(np.uint64)
    shift <<= 3
    # The set bits below that byte, and the byte's k-th bit.
    prefix <<= 8
    prefix >>= shift
    prefix &= _BYTE
    index = x >> shift
    index <<= 3
    index &= 0x7F8
    index += k64
    index -= prefix
    position: I64 = _SELECT8.take(index.view(np.int64))
    position += shift.view(np.int64)
    return position
