"""The compiled tier: a rule kernel's numba form, for the batch engine and the solvers.

A *kernel* is a small function on plain integers (card masks, card indices, seats, option flags,
tuples of those, small numpy arrays) written in the subset of Python that numba compiles: no
objects, no ``None`` (a suit that may be absent is a number or ``-1``), no exceptions on the
normal path.  Marking it with :func:`kernel` changes nothing about the function itself (the
decorator returns it unchanged), so the per-state engines call it interpreted at the cost of an
ordinary call and never import numba.

:func:`compiled` returns a kernel's compiled form (``numba.njit(cache=True)``).  Every kernel
that it calls by a global name is compiled first and put in its place, so a kernel written once
calls compiled kernels when compiled and plain ones when interpreted; a kernel of a game module
may call a core kernel.  Only the batch engine and the solvers call :func:`compiled`; it imports
numba when first called, and raises :class:`CompilerMissingError` (an ``ImportError``) naming the
extra to install when numba is absent.

The first call of a compiled kernel compiles it for its argument types (seconds for a batch
engine's step loop); ``cache=True`` writes the machine code next to the module (or under
``NUMBA_CACHE_DIR``), so later processes load it instead.

>>> from cardrules.core.compiled import kernel
>>> @kernel
... def lowest_card(mask: int) -> int:
...     return (mask & -mask).bit_length() - 1
>>> lowest_card(0b1000)
3
"""

from __future__ import annotations

import importlib.util
import types
from collections.abc import Callable
from typing import Any, Final, TypeVar

__all__ = [
    "EXTRA",
    "CompilerMissingError",
    "available",
    "compiled",
    "inlined",
    "is_kernel",
    "kernel",
]

#: The extra that brings the compiler.
EXTRA: Final = "cardrules[batch]"

_F = TypeVar("_F", bound=Callable[..., Any])

_KERNELS: set[Callable[..., Any]] = set()
_INLINED: set[Callable[..., Any]] = set()
_COMPILED: dict[tuple[Callable[..., Any], bool], Any] = {}


class CompilerMissingError(ImportError):
    """numba, which the compiled tier needs, is not installed."""


def kernel(function: _F) -> _F:
    """Mark ``function`` as a kernel (see the module's docstring); it is returned unchanged."""
    _KERNELS.add(function)
    return function


def inlined(function: _F) -> _F:
    """Mark ``function`` as a kernel that compiled kernels take into their own body (numba's
    ``inline="always"``) rather than call: for the small helpers of a compiled loop that take
    arrays, whose calls would cost more than their work (each array argument's reference count
    is raised and lowered, with atomic operations, at every call).  Interpreted, it is an
    ordinary kernel; it is returned unchanged."""
    _INLINED.add(function)
    return kernel(function)


def is_kernel(function: object) -> bool:
    """True for a function marked with :func:`kernel`."""
    try:
        return function in _KERNELS
    except TypeError:  # unhashable
        return False


def available() -> bool:
    """True when numba can be imported (the extra :data:`EXTRA` is installed)."""
    return importlib.util.find_spec("numba") is not None


def compiled(function: Callable[..., Any], *, parallel: bool = False) -> Any:
    """The compiled form of the kernel ``function`` (a numba dispatcher, called as the function).

    ``parallel=True`` compiles it with numba's ``parallel`` option, for kernels whose loops use
    ``numba.prange``.  The result is kept: the same kernel is compiled once per process.

    :raises CompilerMissingError: when numba is not installed.
    :raises TypeError: for a function that is not marked as a kernel.
    """
    key = (function, parallel)
    dispatcher = _COMPILED.get(key)
    if dispatcher is not None:
        return dispatcher
    if not is_kernel(function):
        raise TypeError(f"{getattr(function, '__qualname__', function)!r} is not a kernel")
    numba = _numba()
    assert isinstance(function, types.FunctionType)
    namespace = dict(function.__globals__)
    for name in function.__code__.co_names:
        value = namespace.get(name)
        if callable(value) and value is not function and is_kernel(value):
            namespace[name] = compiled(value)
    twin = types.FunctionType(
        function.__code__, namespace, function.__name__, function.__defaults__, function.__closure__
    )
    twin.__qualname__ = function.__qualname__
    twin.__module__ = function.__module__
    twin.__doc__ = function.__doc__
    inline = "always" if function in _INLINED else "never"
    dispatcher = numba.njit(cache=True, parallel=parallel, inline=inline)(twin)
    _COMPILED[key] = dispatcher
    return dispatcher


def _numba() -> Any:
    try:
        import numba
    except ImportError as error:
        raise CompilerMissingError(
            f"the compiled tier needs numba: pip install '{EXTRA}'", name="numba"
        ) from error
    return numba
