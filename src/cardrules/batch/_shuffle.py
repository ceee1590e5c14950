"""The engines' seeded shuffle (:mod:`cardrules.core.deck`) as kernels, for the compiled step
loops (internal).

Each lane makes its own decks when it deals, from its game's seed, exactly as the per-state
engine does (version :data:`~cardrules.core.deck.SHUFFLE_VERSION`): step 1's text is written
into a byte buffer and hashed by :func:`hash_head` (SHA-256, FIPS 180-4: by the processor's SHA
extensions where the compiled code's target has them, :func:`sha_extensions`), step 2 is
:func:`next64` (SplitMix64), step 3 the 256-bit draw and its rejection, and step 4 the
mixed-radix Fisher-Yates of :func:`deck_from_state`, the 256-bit draw divided by the products of
groups of radices in 32-bit limbs.  The decks equal :func:`~cardrules.core.deck.shuffled_deck`
and the first dealers :func:`~cardrules.core.deck.draw_for_dealer` (tested on thousands of
seeds).  Game ``j`` of lane ``i`` has the seed ``derive_seed(seed, "batch", i, j)``
(:func:`game_seed`): the text of the batch's seed, which may be any int the core takes, is
written once in Python (:func:`seed_text`); every other number written is a ``uint64`` or a
small count.

Every kernel here is plain Python too (on numpy scalars), which the tests run on a few seeds.
"""

from __future__ import annotations

from math import factorial
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from numba import types
from numba.core import cgutils
from numba.core import config as numba_config
from numba.core.codegen import get_host_cpu_features
from numba.extending import intrinsic, overload

from cardrules.core.compiled import inlined, kernel
from cardrules.core.deck import SHUFFLE_VERSION, draw_round

__all__ = [
    "BUFFER",
    "DEAL",
    "DRAW",
    "below_limit",
    "deal_deck",
    "deck_from_state",
    "first_dealer",
    "first_games",
    "game_seed",
    "hash_blocks",
    "hash_head",
    "labelled_deck",
    "next64",
    "pad_text",
    "scratch",
    "seed_text",
    "sha_extensions",
    "write_decimal",
]

U8 = npt.NDArray[np.uint8]

#: The bytes of a text buffer: step 1's texts of a batch (the batch seed's text, at most 79
#: characters, and the lane and game numbers) fit, with room for SHA-256's padding.
BUFFER: Final = 192

_HEAD: Final = f"cardrules/{SHUFFLE_VERSION}|".encode()
#: The text after a game seed and before the deal number, and before the round of the draw for
#: the first dealer.
DEAL: Final = np.frombuffer(b"|s:deal|", dtype=np.uint8).copy()
DRAW: Final = np.frombuffer(b"|s:draw-for-dealer|", dtype=np.uint8).copy()
_HEAD_BYTES: Final = np.frombuffer(_HEAD, dtype=np.uint8).copy()

# SHA-256 (FIPS 180-4): the round constants and the initial hash value.
_K: Final = np.array(
    [
        0x428A2F98, 0x71374491, 0xB5C0FBCF, 0xE9B5DBA5, 0x3956C25B, 0x59F111F1, 0x923F82A4,
        0xAB1C5ED5, 0xD807AA98, 0x12835B01, 0x243185BE, 0x550C7DC3, 0x72BE5D74, 0x80DEB1FE,
        0x9BDC06A7, 0xC19BF174, 0xE49B69C1, 0xEFBE4786, 0x0FC19DC6, 0x240CA1CC, 0x2DE92C6F,
        0x4A7484AA, 0x5CB0A9DC, 0x76F988DA, 0x983E5152, 0xA831C66D, 0xB00327C8, 0xBF597FC7,
        0xC6E00BF3, 0xD5A79147, 0x06CA6351, 0x14292967, 0x27B70A85, 0x2E1B2138, 0x4D2C6DFC,
        0x53380D13, 0x650A7354, 0x766A0ABB, 0x81C2C92E, 0x92722C85, 0xA2BFE8A1, 0xA81A664B,
        0xC24B8B70, 0xC76C51A3, 0xD192E819, 0xD6990624, 0xF40E3585, 0x106AA070, 0x19A4C116,
        0x1E376C08, 0x2748774C, 0x34B0BCB5, 0x391C0CB3, 0x4ED8AA4A, 0x5B9CCA4F, 0x682E6FF3,
        0x748F82EE, 0x78A5636F, 0x84C87814, 0x8CC70208, 0x90BEFFFA, 0xA4506CEB, 0xBEF9A3F7,
        0xC67178F2,
    ],
    dtype=np.uint32,
)  # fmt: skip
_H: Final = np.array(
    [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB,
     0x5BE0CD19],
    dtype=np.uint32,
)  # fmt: skip
_M32: Final = 0xFFFFFFFF

# SplitMix64 (step 2).
_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX2: Final = np.uint64(0x94D049BB133111EB)
_S27: Final = np.uint64(27)
_S30: Final = np.uint64(30)
_S31: Final = np.uint64(31)
_S32: Final = np.uint64(32)
_LOW32: Final = np.uint64(_M32)
_TEN: Final = np.uint64(10)
_TEN_DIGITS: Final = np.uint64(10**10)
#: 10**k for k below 20, for the count of a number's digits.
_POWERS: Final = np.array([10**k for k in range(20)], dtype=np.uint64)

# Step 3: the draw is rejected at or above the largest multiple of 52! under 2**256 (as 32-bit
# limbs, most significant first).
_LIMIT: Final = (1 << 256) - (1 << 256) % factorial(52)
_LIMIT_LIMBS: Final = np.array([_LIMIT >> (32 * (7 - k)) & _M32 for k in range(8)], np.uint64)


@kernel
def scratch() -> tuple[U8, Any, Any]:
    """The work space of the kernels below: a text buffer, SHA-256's 64 message words and the
    draw's eight 32-bit limbs (made once per run of lanes, not per deck)."""
    return (
        np.zeros(BUFFER, dtype=np.uint8),
        np.zeros(64, dtype=np.uint32),
        np.zeros(8, dtype=np.uint64),
    )


@inlined
def _rotate(x: Any, n: int) -> Any:
    """The ``uint32`` ``x`` rotated right by ``n`` bits (a constant).  numba computes in 64
    bits; cut back to 32 bits the shifts and the or become one rotation instruction."""
    return np.uint32((x >> n) | (x << (32 - n)))


@inlined
def _round(a: Any, b: Any, c: Any, d: Any, e: Any, f: Any, g: Any, h: Any, kw: Any) -> Any:
    """One SHA-256 round on the working variables ``a`` ... ``h`` with ``kw`` (the round
    constant plus the message word): returns the new ``d`` and ``h``, the only two that
    change when the names, not the values, move round by round."""
    big1 = np.uint32(_rotate(e, 6) ^ _rotate(e, 11) ^ _rotate(e, 25))
    choose = np.uint32((e & f) ^ (~e & g))
    t1 = np.uint32(h + big1 + choose + kw)
    big0 = np.uint32(_rotate(a, 2) ^ _rotate(a, 13) ^ _rotate(a, 22))
    majority = np.uint32((a & b) ^ (a & c) ^ (b & c))
    return np.uint32(d + t1), np.uint32(t1 + big0 + majority)


def _target_has_sha() -> bool:
    """Whether the machine code numba makes may use the x86 SHA extensions: the features it
    compiles for (``NUMBA_CPU_FEATURES``, else the host's) include ``sha``."""
    features: str | None = getattr(numba_config, "CPU_FEATURES", None)
    if features is None:
        features = str(get_host_cpu_features())  # type: ignore[no-untyped-call]  # numba's
    return "+sha" in features.split(",")


def sha_extensions() -> bool:
    """Whether :func:`hash_head` hashes with the processor's SHA extensions (SHA-NI): compiled,
    when the machine code's target has them (one SHA-256 block in about a fifth of the
    portable rounds' time); interpreted, never."""
    return False


@overload(sha_extensions)
def _sha_extensions_compiled() -> Any:
    has = _target_has_sha()
    return lambda: has


#: The name of the LLVM function that hashes one block by the SHA extensions.
_BLOCK_FUNCTION: Final = "cardrules_sha256_block"


def _block_function(module: Any) -> Any:
    """The LLVM function ``void (i8* block, i32* state)`` of ``module`` that hashes one 64-byte
    block into the hash value ``state[:8]`` (H0 first) by the SHA extensions: the message words
    byte-swapped from the block, their schedule by ``sha256msg1``/``sha256msg2``, two rounds a
    ``sha256rnds2`` on the state as the instruction takes it (the lanes ABEF and CDGH).  A
    function of its own, never inlined: its instructions have only the legacy SSE encoding, and
    the compiler clears the upper halves of the vector registers before a call (VZEROUPPER),
    without which each of them, after the caller's 256-bit AVX code, would cost a hundred
    times as much."""
    function = module.globals.get(_BLOCK_FUNCTION)
    if function is not None:
        return function
    from llvmlite import ir  # type: ignore[import-untyped]  # numba's code generator; no stubs

    i32, i64 = ir.IntType(32), ir.IntType(64)
    v4 = ir.VectorType(i32, 4)

    def lanes(a: Any, b: Any, picks: list[int]) -> Any:
        """The 32-bit lanes ``picks`` of the vectors ``a`` (0 ... 3) and ``b`` (4 ... 7)."""
        return builder.shuffle_vector(a, b, ir.Constant(ir.VectorType(i32, len(picks)), picks))

    bytes_pointer = ir.IntType(8).as_pointer()
    function = ir.Function(
        module, ir.FunctionType(ir.VoidType(), [bytes_pointer, i32.as_pointer()]), _BLOCK_FUNCTION
    )
    function.linkage = "internal"
    function.attributes.add("noinline")
    builder = ir.IRBuilder(function.append_basic_block())
    block, state = function.args
    pair = ir.FunctionType(v4, [v4, v4])
    intrinsic_function: Any = cgutils.get_or_insert_function  # untyped (numba's)
    rounds = intrinsic_function(module, ir.FunctionType(v4, [v4, v4, v4]), "llvm.x86.sha256rnds2")
    msg1 = intrinsic_function(module, pair, "llvm.x86.sha256msg1")
    msg2 = intrinsic_function(module, pair, "llvm.x86.sha256msg2")
    swap = ir.Constant(ir.VectorType(i32, 16), [i // 4 * 4 + 3 - i % 4 for i in range(16)])
    bytes16 = ir.VectorType(ir.IntType(8), 16)
    w = []
    for k in range(4):
        at = builder.bitcast(builder.gep(block, [ir.Constant(i64, 16 * k)]), bytes16.as_pointer())
        raw = builder.load(at, align=1)
        w.append(builder.bitcast(builder.shuffle_vector(raw, raw, swap), v4))
    low = builder.bitcast(state, v4.as_pointer())
    high = builder.gep(low, [ir.Constant(i64, 1)])
    abcd = builder.load(low, align=4)
    efgh = builder.load(high, align=4)
    abef = lanes(abcd, efgh, [5, 4, 1, 0])
    cdgh = lanes(abcd, efgh, [7, 6, 3, 2])
    for k in range(16):
        if k >= 4:
            mixed = builder.call(msg1, [w[k - 4], w[k - 3]])
            mixed = builder.add(mixed, lanes(w[k - 2], w[k - 1], [1, 2, 3, 4]))
            w.append(builder.call(msg2, [mixed, w[k - 1]]))
        constants = ir.Constant(v4, [int(c) for c in _K[4 * k : 4 * k + 4]])
        sums = builder.add(w[k], constants)
        cdgh = builder.call(rounds, [cdgh, abef, sums])
        abef = builder.call(rounds, [abef, cdgh, lanes(sums, sums, [2, 3, 0, 0])])
    builder.store(builder.add(abcd, lanes(abef, cdgh, [3, 2, 7, 6])), low, align=4)
    builder.store(builder.add(efgh, lanes(abef, cdgh, [1, 0, 5, 4])), high, align=4)
    builder.ret_void()
    return function


@intrinsic
def _block_by_extensions(typingctx: Any, text: Any, base: Any, state: Any) -> Any:
    """One SHA-256 block, ``text[base:base + 64]``, into the hash value ``state[:8]`` (``uint32``,
    H0 first), by the SHA extensions (:func:`_block_function`).  Without them in the target the
    block is left undone (:func:`sha_extensions` is then False, and nothing calls it)."""
    signature = types.void(text, base, state)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        if _target_has_sha():
            data = context.make_array(sig.args[0])(context, builder, args[0]).data
            words = context.make_array(sig.args[2])(context, builder, args[2]).data
            builder.call(_block_function(builder.module), [builder.gep(data, [args[1]]), words])
        return context.get_dummy_value()

    return signature, codegen


@inlined
def pad_text(text: U8, length: int) -> int:
    """SHA-256's padding of the message ``text[:length]``, written into ``text`` after it (a
    one bit, zeros, the message's length in bits, to a whole number of 64-byte blocks);
    returns the number of blocks."""
    blocks = (length + 8) // 64 + 1
    end = blocks * 64
    text[length] = 0x80
    for i in range(length + 1, end - 8):
        text[i] = 0
    bits = length * 8
    for k in range(8):
        text[end - 1 - k] = (bits >> (8 * k)) & 0xFF
    return blocks


@kernel
def hash_head(text: U8, length: int, words: Any) -> Any:
    """Step 1's hash: the first 8 bytes, big-endian, of the SHA-256 of ``text[:length]``, as a
    ``uint64``.  The padding is written into ``text`` after the message; ``words`` is scratch.
    Compiled for a processor with the SHA extensions, the blocks are hashed by them
    (:func:`sha_extensions`); otherwise by :func:`hash_blocks`."""
    blocks = pad_text(text, length)
    if sha_extensions():
        for k in range(8):
            words[k] = _H[k]
        for block in range(blocks):
            _block_by_extensions(text, block * 64, words)  # type: ignore[call-arg]  # numba supplies the typing context
        return (np.uint64(words[0]) << _S32) | np.uint64(words[1])
    return hash_blocks(text, blocks, words)


@kernel
def hash_blocks(text: U8, blocks: int, words: Any) -> Any:
    """The first 8 bytes, big-endian, of the SHA-256 of the padded message of ``blocks`` 64-byte
    blocks at ``text[0]`` (:func:`pad_text`), as a ``uint64``, by the rounds of FIPS 180-4
    written out: the 32-bit words are ``uint32``, every sum and rotation cut back to 32 bits
    (so the compiler works on 32-bit registers); ``words`` holds the message schedule."""
    h0, h1, h2, h3 = _H[0], _H[1], _H[2], _H[3]
    h4, h5, h6, h7 = _H[4], _H[5], _H[6], _H[7]
    for block in range(blocks):
        base = block * 64
        for t in range(16):
            i = base + 4 * t
            words[t] = np.uint32(
                (np.uint32(text[i]) << 24)
                | (np.uint32(text[i + 1]) << 16)
                | (np.uint32(text[i + 2]) << 8)
                | np.uint32(text[i + 3])
            )
        for t in range(16, 64):
            x = words[t - 15]
            s0 = np.uint32(_rotate(x, 7) ^ _rotate(x, 18) ^ (x >> 3))
            x = words[t - 2]
            s1 = np.uint32(_rotate(x, 17) ^ _rotate(x, 19) ^ (x >> 10))
            words[t] = np.uint32(words[t - 16] + s0 + words[t - 7] + s1)
        a, b, c, d, e, f, g, h = h0, h1, h2, h3, h4, h5, h6, h7
        for t in range(0, 64, 8):  # eight rounds, the names moving instead of the values
            d, h = _round(a, b, c, d, e, f, g, h, np.uint32(_K[t] + words[t]))
            c, g = _round(h, a, b, c, d, e, f, g, np.uint32(_K[t + 1] + words[t + 1]))
            b, f = _round(g, h, a, b, c, d, e, f, np.uint32(_K[t + 2] + words[t + 2]))
            a, e = _round(f, g, h, a, b, c, d, e, np.uint32(_K[t + 3] + words[t + 3]))
            h, d = _round(e, f, g, h, a, b, c, d, np.uint32(_K[t + 4] + words[t + 4]))
            g, c = _round(d, e, f, g, h, a, b, c, np.uint32(_K[t + 5] + words[t + 5]))
            f, b = _round(c, d, e, f, g, h, a, b, np.uint32(_K[t + 6] + words[t + 6]))
            e, a = _round(b, c, d, e, f, g, h, a, np.uint32(_K[t + 7] + words[t + 7]))
        h0 = np.uint32(h0 + a)
        h1 = np.uint32(h1 + b)
        h2 = np.uint32(h2 + c)
        h3 = np.uint32(h3 + d)
        h4 = np.uint32(h4 + e)
        h5 = np.uint32(h5 + f)
        h6 = np.uint32(h6 + g)
        h7 = np.uint32(h7 + h)
    return (np.uint64(h0) << _S32) | np.uint64(h1)


@inlined
def next64(state: Any) -> tuple[Any, Any]:
    """Step 2: SplitMix64's next state and output (``uint64``, modulo 2**64)."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return state, z ^ (z >> _S31)


@inlined
def below_limit(limbs: Any) -> bool:
    """Step 3: whether the draw (its 32-bit limbs, most significant first) is below the largest
    multiple of 52! under 2**256 (else it is drawn again)."""
    for k in range(8):
        if limbs[k] != _LIMIT_LIMBS[k]:
            return bool(limbs[k] < _LIMIT_LIMBS[k])
    return False


#: The first limb (most significant first) of the draw that each group of radices divides: the
#: limbs above are zero whatever the draw (it is below 2**256, and each group divides it by
#: its product), so every loop below has a fixed length, and no branch whose outcome depends
#: on the draw.
_FIRST_LIMBS: Final = (0, 0, 1, 2, 3, 4, 5, 6)
#: Step 4's groups of radices, the largest of each and how many, and their products (each
#: below 2**32).
_GROUPS: Final = ((52, 5), (47, 5), (42, 6), (36, 6), (30, 6), (24, 7), (17, 8), (9, 8))
_PRODUCTS: Final = tuple(factorial(top) // factorial(top - count) for top, count in _GROUPS)


@inlined
def _limb(limb: Any, remainder: Any, divisor: Any, above_first: bool) -> tuple[Any, Any]:
    """One limb of a long division by ``divisor``: its quotient and the remainder carried to
    the next limb (``remainder`` carried in: below ``divisor``, below 2**32).  A limb above
    the group's first (``above_first``) is zero and stays so, with nothing carried."""
    if above_first:
        return limb, remainder
    current = (remainder << _S32) | limb
    quotient = current // divisor
    return quotient, current - quotient * divisor


@inlined
def _divide(
    l0: Any, l1: Any, l2: Any, l3: Any, l4: Any, l5: Any, l6: Any, l7: Any, first: int, product: int
) -> tuple[Any, Any, Any, Any, Any, Any, Any, Any, Any]:
    """The draw (its eight 32-bit limbs ``l0`` ... ``l7``, most significant first) divided by
    ``product`` (below 2**32) limb by limb from ``first`` (the limbs above are zero,
    :data:`_FIRST_LIMBS`): the quotient's limbs and the remainder.  The limbs are separate
    numbers, not an array, so that they stay in registers: stored in an array between the
    groups, each limb would wait on its store and on the deck's swaps (the compiler cannot
    tell the arrays apart), and the eight divisions, which need only one another's limbs,
    would not overlap."""
    divisor = np.uint64(product)
    remainder = np.uint64(0)
    l0, remainder = _limb(l0, remainder, divisor, first > 0)
    l1, remainder = _limb(l1, remainder, divisor, first > 1)
    l2, remainder = _limb(l2, remainder, divisor, first > 2)
    l3, remainder = _limb(l3, remainder, divisor, first > 3)
    l4, remainder = _limb(l4, remainder, divisor, first > 4)
    l5, remainder = _limb(l5, remainder, divisor, first > 5)
    l6, remainder = _limb(l6, remainder, divisor, first > 6)
    l7, remainder = _limb(l7, remainder, divisor, False)
    return l0, l1, l2, l3, l4, l5, l6, l7, remainder


@inlined
def _swaps(deck: Any, remainder: Any, radix: int, count: int) -> None:
    """The Fisher-Yates swaps of one group of step 4's radices, ``radix`` and the ``count - 1``
    below it, by the digits of ``remainder`` (the draw's remainder by their product,
    :func:`_divide`).  The numbers are constants at every call, so the compiler unrolls the
    loop and divides by multiplications; and the remainder's quotients by the products of the
    digits' radices so far are each divided from the remainder by a constant (not from the
    last quotient), so the divisions do not wait for one another, and a digit is the
    difference of two of them."""
    below = np.uint64(1)  # the product of the radices of the digits so far
    quotient = remainder  # the remainder's quotient by it
    for k in range(count):
        i = radix - 1 - k
        base = np.uint64(i + 1)
        below *= base
        above = remainder // below  # = quotient // base
        j = quotient - above * base  # unsigned: no floor-division sign fix-ups
        quotient = above
        top = deck[i]
        deck[i] = deck[j]
        deck[j] = top


@kernel
def deck_from_state(state: Any, deck: Any, limbs: Any) -> None:
    """Steps 2 to 4 for the standard deck from a derived state, into ``deck`` (card indices, top
    first): four outputs joined into a 256-bit draw (the first most significant), drawn again
    while at or above the rejection limit (``limbs``: the draw's limbs, for that test), then
    the Fisher-Yates swaps of its mixed-radix digits, the radices 52 ... 2 in groups whose
    products are below 2**32: one long division of the draw by a group's product
    (:func:`_divide`) gives a number holding the group's digits (:func:`_swaps`).  The eight
    divisions come first, then the swaps.

    A kernel of its own, called, not taken into its callers' bodies (:func:`inlined`): numba
    would copy its eight divisions' tuples into each caller and type them there again, which
    tripled the first compile of an All Fours batch (19 s to 62 s of CPU); called, it is
    compiled once, and a call costs only the reference counts of its two arrays (a few
    nanoseconds of a deck's 200)."""
    while True:
        state, w0 = next64(state)
        state, w1 = next64(state)
        state, w2 = next64(state)
        state, w3 = next64(state)
        l0 = limbs[0] = w0 >> _S32
        l1 = limbs[1] = w0 & _LOW32
        l2 = limbs[2] = w1 >> _S32
        l3 = limbs[3] = w1 & _LOW32
        l4 = limbs[4] = w2 >> _S32
        l5 = limbs[5] = w2 & _LOW32
        l6 = limbs[6] = w3 >> _S32
        l7 = limbs[7] = w3 & _LOW32
        if below_limit(limbs):
            break
    f, p = _FIRST_LIMBS, _PRODUCTS
    l0, l1, l2, l3, l4, l5, l6, l7, r0 = _divide(l0, l1, l2, l3, l4, l5, l6, l7, f[0], p[0])
    l0, l1, l2, l3, l4, l5, l6, l7, r1 = _divide(l0, l1, l2, l3, l4, l5, l6, l7, f[1], p[1])
    l0, l1, l2, l3, l4, l5, l6, l7, r2 = _divide(l0, l1, l2, l3, l4, l5, l6, l7, f[2], p[2])
    l0, l1, l2, l3, l4, l5, l6, l7, r3 = _divide(l0, l1, l2, l3, l4, l5, l6, l7, f[3], p[3])
    l0, l1, l2, l3, l4, l5, l6, l7, r4 = _divide(l0, l1, l2, l3, l4, l5, l6, l7, f[4], p[4])
    l0, l1, l2, l3, l4, l5, l6, l7, r5 = _divide(l0, l1, l2, l3, l4, l5, l6, l7, f[5], p[5])
    l0, l1, l2, l3, l4, l5, l6, l7, r6 = _divide(l0, l1, l2, l3, l4, l5, l6, l7, f[6], p[6])
    r7 = _divide(l0, l1, l2, l3, l4, l5, l6, l7, f[7], p[7])[8]
    for i in range(52):
        deck[i] = i
    g = _GROUPS
    _swaps(deck, r0, g[0][0], g[0][1])
    _swaps(deck, r1, g[1][0], g[1][1])
    _swaps(deck, r2, g[2][0], g[2][1])
    _swaps(deck, r3, g[3][0], g[3][1])
    _swaps(deck, r4, g[4][0], g[4][1])
    _swaps(deck, r5, g[5][0], g[5][1])
    _swaps(deck, r6, g[6][0], g[6][1])
    _swaps(deck, r7, g[7][0], g[7][1])


@inlined
def write_decimal(text: U8, at: int, value: Any) -> int:
    """Write the decimal digits of ``value`` (0 or more, below 2**64) at ``text[at]``; returns
    the end.  (In ``uint64`` throughout: numba computes a ``uint64`` with an ``int64`` in
    floats.)  The digits are counted by comparisons, and the number is cut in two below
    10**10, whose digits are written in two independent runs of divisions by ten: a run of
    divisions each waiting for the last costs more than the comparisons."""
    value = np.uint64(value)
    digits = 1
    while digits < 20 and value >= _POWERS[digits]:
        digits += 1
    end = at + digits
    high = value // _TEN_DIGITS
    low = value - high * _TEN_DIGITS
    for k in range(min(digits, 10)):
        text[end - 1 - k] = 48 + np.int64(low % _TEN)
        low //= _TEN
    for k in range(10, digits):
        text[end - 1 - k] = 48 + np.int64(high % _TEN)
        high //= _TEN
    return end


@inlined
def _write(text: U8, at: int, part: U8) -> int:
    for k in range(part.size):
        text[at + k] = part[k]
    return at + part.size


@inlined
def game_seed(prefix: U8, lane: int, game: int, text: U8, words: Any) -> Any:
    """``derive_seed(seed, "batch", lane, game)`` from the text of the batch's seed
    (:func:`seed_text`)."""
    at = _write(text, 0, prefix)
    at = write_decimal(text, at, lane)
    text[at] = 124  # "|"
    at = write_decimal(text, at + 1, game)
    return hash_head(text, at, words)


@inlined
def labelled_deck(
    seed: Any, label: U8, number: int, deck: Any, text: U8, words: Any, limbs: Any
) -> None:
    """``shuffled_deck(seed, <label>, number)`` into ``deck``, for a ``uint64`` seed; ``label``
    is the text between the seed and the number (:data:`DEAL`, :data:`DRAW`)."""
    at = _write(text, 0, _HEAD_BYTES)
    at = write_decimal(text, at, seed)
    at = _write(text, at, label)
    at = write_decimal(text, at, number)
    deck_from_state(hash_head(text, at, words), deck, limbs)


@inlined
def deal_deck(seed: Any, number: int, deck: Any, text: U8, words: Any, limbs: Any) -> None:
    """The per-state engine's deck of deal ``number`` of the game with seed ``seed``:
    ``shuffled_deck(seed, "deal", number)`` (``text``, ``words``, ``limbs``: :func:`scratch`)."""
    labelled_deck(seed, DEAL, number, deck, text, words, limbs)


@kernel
def first_dealer(seed: Any, players: int, deck: Any, text: U8, words: Any, limbs: Any) -> int:
    """``draw_for_dealer(seed, players)`` (AF-6, FH-6): a fresh deck each round, and the round
    itself the core's kernel :func:`~cardrules.core.deck.draw_round` (``deck`` and the rest:
    scratch)."""
    drawing = (1 << players) - 1
    number = 0
    while True:
        labelled_deck(seed, DRAW, number, deck, text, words, limbs)
        drawing = draw_round(deck, drawing, players)
        if drawing & (drawing - 1) == 0:
            seat = 0
            while not drawing >> seat & 1:
                seat += 1
            return seat
        number += 1


def seed_text(seed: int) -> U8:
    """The text of step 1 for a batch's game seeds up to the lane number:
    ``"cardrules/1|<seed>|s:batch|"``."""
    return np.frombuffer(b"%s%d|s:batch|" % (_HEAD, seed), dtype=np.uint8).copy()


@kernel
def first_games(prefix: U8, seeds: Any) -> None:
    """Each lane's first game's seed, ``game_seed(prefix, lane, 0)``, into ``seeds``."""
    text, words, _ = scratch()
    for lane in range(seeds.size):
        seeds[lane] = game_seed(prefix, lane, 0, text, words)
