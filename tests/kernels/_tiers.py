"""Each kernel in both of its forms: interpreted (as the per-state engines call it) and compiled
(as the batch engine and the solvers call it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.core.compiled import available, compiled

__all__ = ["same"]


def same(kernel: Callable[..., Any], *args: Any) -> Any:
    """``kernel(*args)``, checked to equal its compiled form's result on the same arguments."""
    interpreted = kernel(*args)
    if not available():  # without the extra only the interpreted form exists
        return interpreted
    result = compiled(kernel)(*args)
    assert _plain(result) == _plain(interpreted), (kernel.__name__, args)
    return interpreted


def _plain(value: Any) -> Any:
    """numba returns ints and bools where Python may return numpy scalars, and vice versa."""
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    if isinstance(value, bool):
        return value
    return int(value) if not isinstance(value, float) else value
