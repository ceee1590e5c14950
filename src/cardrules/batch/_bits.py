"""Bit counting for the batch's compiled loops (internal): kernels on masks of at most 63 bits
(card masks, All Fours' 56 action ids)."""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numba import types
from numba.extending import intrinsic, overload

from cardrules.core.compiled import inlined

__all__ = ["count_bits", "kth_bit", "popcount"]

#: The position of the k-th set bit (k = 0 ... 7) of each byte, at ``byte * 8 + k``.
_NTH_IN_BYTE: Final = np.array(
    [
        [bit for bit in range(8) if byte >> bit & 1][k] if k < byte.bit_count() else 0
        for byte in range(256)
        for k in range(8)
    ],
    dtype=np.int64,
)


def popcount(mask: int) -> int:
    """The set bits of ``mask`` (0 <= mask < 2**63): ``int.bit_count`` interpreted; compiled, the
    processor's population count (LLVM's ``ctpop``), one instruction instead of a dozen."""
    return int(mask).bit_count()


@intrinsic
def _ctpop(typingctx: Any, mask: Any) -> Any:
    """LLVM's ``ctpop`` on a 64-bit int."""
    if not isinstance(mask, types.Integer):
        return None
    signature = types.int64(mask)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        value = context.cast(builder, args[0], sig.args[0], types.int64)
        return builder.ctpop(value)

    return signature, codegen


@overload(popcount)
def _popcount_compiled(mask: Any) -> Any:
    if not isinstance(mask, types.Integer):
        return None

    def implementation(mask: Any) -> Any:  # the same signature as the overload's
        return _ctpop(mask)  # type: ignore[call-arg]  # numba supplies the typing context

    return implementation


@inlined
def count_bits(mask: int) -> int:
    """The set bits of ``mask`` (0 <= mask < 2**63)."""
    return popcount(mask)


@inlined
def kth_bit(mask: int, k: int) -> int:
    """The position of the ``k``-th set bit of ``mask`` (from 0, lowest first; k below the
    count): the half, quarter and byte that hold it by the counts of the lower ones, then a
    table of the byte -- no loop whose length depends on the data, so no mispredicted exit,
    and no branch on which half (a coin toss): each step is arithmetic."""
    position = 0
    width = 32
    while width >= 8:
        low = popcount(mask & ((1 << width) - 1))
        upper = int(k >= low)
        k -= low * upper
        mask >>= width * upper
        position += width * upper
        width >>= 1
    return position + int(_NTH_IN_BYTE[(mask & 0xFF) * 8 + k])
