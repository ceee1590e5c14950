"""Bit counting for the batch's compiled loops (internal): kernels on masks of at most 63 bits
(card masks, All Fours' 56 action ids)."""

from __future__ import annotations

from typing import Any

from numba import types
from numba.extending import intrinsic, overload

from cardrules.core.compiled import inlined

__all__ = ["count_bits", "kth_bit", "popcount"]


def popcount(mask: int) -> int:
    """The set bits of ``mask`` (0 <= mask < 2**63): ``int.bit_count`` interpreted; compiled, the
    processor's population count (LLVM's ``ctpop``), one instruction instead of a dozen."""
    return int(mask).bit_count()


@intrinsic  # type: ignore[misc]
def _ctpop(typingctx: Any, mask: Any) -> Any:
    """LLVM's ``ctpop`` on a 64-bit int."""
    if not isinstance(mask, types.Integer):
        return None
    signature = types.int64(mask)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        value = context.cast(builder, args[0], sig.args[0], types.int64)
        return builder.ctpop(value)

    return signature, codegen


@overload(popcount)  # type: ignore[misc]
def _popcount_compiled(mask: Any) -> Any:
    if not isinstance(mask, types.Integer):
        return None

    def implementation(mask: Any) -> Any:  # the same signature as the overload's
        return _ctpop(mask)

    return implementation


@inlined
def count_bits(mask: int) -> int:
    """The set bits of ``mask`` (0 <= mask < 2**63)."""
    return popcount(mask)


@inlined
def kth_bit(mask: int, k: int) -> int:
    """The position of the ``k``-th set bit of ``mask`` (from 0, lowest first; k below the
    count): a binary search by the counts of the low halves, six steps whatever ``k`` (no loop
    whose length depends on the data, so no mispredicted exit)."""
    position = 0
    width = 32
    while width > 0:
        low = popcount(mask & ((1 << width) - 1))
        # arithmetic rather than a branch: which half holds the bit is a coin toss
        upper = int(k >= low)
        k -= low * upper
        mask >>= width * upper
        position += width * upper
        width >>= 1
    return position
