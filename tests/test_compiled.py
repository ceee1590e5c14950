"""The compiled tier (core/compiled.py): marking kernels, compiling them, and numba missing."""

import sys

import pytest

from cardrules.core import compiled as tier
from cardrules.core.cardset import SUIT_MASKS
from cardrules.core.compiled import CompilerMissingError, compiled, is_kernel, kernel


@kernel
def _of_suit(hand: int, suit: int) -> int:
    if suit < 0:
        return hand
    return hand & SUIT_MASKS[suit]


@kernel
def _count_of_suit(hand: int, suit: int) -> int:
    count = 0
    rest = _of_suit(hand, suit)
    while rest:
        rest &= rest - 1
        count += 1
    return count


def _plain(x: int) -> int:
    return x


def test_kernel_is_returned_unchanged_and_marked() -> None:
    assert _of_suit(0b11 | 1 << 13, 0) == 0b11
    assert is_kernel(_of_suit)
    assert not is_kernel(_plain)
    assert not is_kernel([])


def test_a_function_that_is_not_a_kernel_is_refused() -> None:
    with pytest.raises(TypeError, match="is not a kernel"):
        compiled(_plain)


def test_numba_missing_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)
    monkeypatch.setattr(tier, "_COMPILED", {})
    with pytest.raises(CompilerMissingError, match=r"pip install 'cardrules\[batch\]'"):
        compiled(_of_suit)


def test_compiled_kernels_call_compiled_kernels_and_agree() -> None:
    pytest.importorskip("numba")
    fast = compiled(_count_of_suit)
    assert compiled(_count_of_suit) is fast
    for hand, suit in [(0, 0), (0b111 | 1 << 13, 0), ((1 << 52) - 1, 3), ((1 << 52) - 1, -1)]:
        assert fast(hand, suit) == _count_of_suit(hand, suit)


def _module_of(source: str) -> dict[str, object]:
    namespace: dict[str, object] = {"kernel": kernel}
    exec(source, namespace)
    return namespace


_CALLER = """
@kernel
def inner(x):
    return x + {step}

TABLE = {table}

@kernel
def outer(x):
    return inner(x) * TABLE[0]
"""


def test_the_compiled_name_changes_with_any_source_compiled_into_it() -> None:
    """numba's cache checks only the cached function's own file: the twin's name carries a
    digest of its code, its callees' and its tables, so a change in a callee's module cannot
    load stale machine code."""
    base = _module_of(_CALLER.format(step=1, table=(2,)))
    same = _module_of(_CALLER.format(step=1, table=(2,)))
    callee_changed = _module_of(_CALLER.format(step=2, table=(2,)))
    table_changed = _module_of(_CALLER.format(step=1, table=(3,)))
    digests = [tier.digest(m["outer"]) for m in (base, same, callee_changed, table_changed)]  # type: ignore[arg-type]
    assert digests[0] == digests[1]
    assert len(set(digests)) == 3
    assert tier.digest(_count_of_suit) == tier.digest(_count_of_suit)


def test_a_compiled_twin_is_named_by_its_digest() -> None:
    pytest.importorskip("numba")
    fast = compiled(_count_of_suit)
    assert fast.py_func.__qualname__ == f"_count_of_suit__{tier.digest(_count_of_suit)}"


def test_the_compiled_name_changes_with_the_module_of_a_native_helper(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kernel may call a function of cardrules with a compiled form of its own (an overload,
    an intrinsic: the batch engine's bit counts, its SHA extensions): the source of that
    function's module is in the digest."""
    pytest.importorskip("numba")
    from cardrules.batch._bits import popcount

    source = "@kernel\ndef outer(x):\n    return popcount(x)\n"
    first: dict[str, object] = {"kernel": kernel, "popcount": popcount}
    second = dict(first)
    exec(source, first)
    exec(source, second)
    before = tier.digest(first["outer"])  # type: ignore[arg-type]
    monkeypatch.setitem(tier._SOURCES, "cardrules.batch._bits", "another source")
    assert tier.digest(second["outer"]) != before  # type: ignore[arg-type]
