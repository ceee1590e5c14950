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
may call a core kernel, and a kernel may call itself (recursion).

:func:`specialize` binds a kernel's slot to a game's kernel: a shared search written once in the
core calls the game's follow rule through a global name that each game rebinds, without passing
functions as arguments (which numba could not cache).

Only the batch engine and the solvers call :func:`compiled`; it imports numba when first
called, and raises :class:`CompilerMissingError` (an ``ImportError``) naming the
extra to install when numba is absent.

The first call of a compiled kernel compiles it for its argument types (seconds for a batch
engine's step loop); ``cache=True`` writes the machine code next to the module (or under
``NUMBA_CACHE_DIR``), so later processes load it instead.  numba checks only the file of the
function it cached, not those of the kernels compiled into it, so each compiled twin carries
in its name a digest of its own code and of everything compiled into it (the kernels it calls,
the constant tables it reads): a change to any of them, in any module (an upgrade of
cardrules, say), compiles afresh instead of loading stale machine code.

>>> from cardrules.core.compiled import kernel
>>> @kernel
... def lowest_card(mask: int) -> int:
...     return (mask & -mask).bit_length() - 1
>>> lowest_card(0b1000)
3
"""

from __future__ import annotations

import hashlib
import importlib.util
import types
from collections.abc import Callable
from typing import Any, Final, TypeVar

__all__ = [
    "EXTRA",
    "CompilerMissingError",
    "available",
    "compiled",
    "digest",
    "inlined",
    "is_kernel",
    "kernel",
    "specialize",
]

#: The extra that brings the compiler.
EXTRA: Final = "cardrules[batch]"

_F = TypeVar("_F", bound=Callable[..., Any])

_KERNELS: set[Callable[..., Any]] = set()
_INLINED: set[Callable[..., Any]] = set()
_COMPILED: dict[tuple[Callable[..., Any], bool], Any] = {}
_DIGESTS: dict[Callable[..., Any], str] = {}


def _code_text(code: types.CodeType) -> bytes:
    """A code object's instructions, names and constants (nested code included), without the
    addresses that ``repr`` would print."""
    parts = [code.co_code, repr(code.co_names).encode(), repr(code.co_varnames).encode()]
    for const in code.co_consts:
        parts.append(
            _code_text(const) if isinstance(const, types.CodeType) else repr(const).encode()
        )
    return b"\x00".join(parts)


def digest(function: Callable[..., Any], seen: frozenset[Any] = frozenset()) -> str:
    """A digest of a kernel's code and of what numba compiles into it: the kernels it calls (by
    their own digests), the constants it reads from its module (ints, tuples, arrays) and the
    source of the modules of cardrules' native helpers it calls (functions compiled by an
    ``overload`` or an ``intrinsic`` of their own, such as the batch engine's bit counts).  It
    names the compiled twin, so that numba's cache never serves machine code built from other
    sources (see the module's introduction).

    >>> @kernel
    ... def one() -> int:
    ...     return 1
    >>> digest(one) == digest(one), len(digest(one))
    (True, 16)
    """
    known = _DIGESTS.get(function)
    if known is not None:
        return known
    assert isinstance(function, types.FunctionType)
    sha = hashlib.sha256(_code_text(function.__code__))
    sha.update(repr(function.__defaults__).encode())
    for name in function.__code__.co_names:
        value = function.__globals__.get(name)
        sha.update(name.encode())
        if value is function:
            continue
        if callable(value) and is_kernel(value):
            if value not in seen:  # a kernel calling back into this one: its name suffices
                sha.update(digest(value, seen | {function}).encode())
        elif isinstance(value, bool | int | float | str | bytes | tuple):
            sha.update(repr(value).encode())
        elif value is not None and hasattr(value, "tobytes") and hasattr(value, "dtype"):
            sha.update(str(value.dtype).encode() + value.tobytes())  # a numpy table
        elif callable(value) and _native_module(value):
            sha.update(_source_digest(_native_module(value)).encode())
    result = sha.hexdigest()[:16]
    if not seen:
        _DIGESTS[function] = result
    return result


_SOURCES: dict[str, str] = {}


def _native_module(value: object) -> str:
    """The module of a function of cardrules that is not a kernel but that compiled kernels call
    (one with a compiled form of its own: an ``overload``, an ``intrinsic``), else ``""``."""
    module = getattr(value, "__module__", None)
    if isinstance(module, str) and module.split(".")[0] == "cardrules":
        return module
    return ""


def _source_digest(module: str) -> str:
    """A digest of a module's source file: a native helper's compiled form is built by code
    anywhere in its module (its overload, its code generator), so all of it counts."""
    known = _SOURCES.get(module)
    if known is None:
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec is not None else None
        text = b""
        if origin is not None and origin.endswith(".py"):
            with open(origin, "rb") as source:
                text = source.read()
        known = _SOURCES[module] = hashlib.sha256(text).hexdigest()
    return known


_SPECIAL: dict[tuple[Callable[..., Any], tuple[tuple[str, Callable[..., Any]], ...]], Any] = {}


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
    # The digest in the name keeps numba's cache from serving a twin built from other sources.
    twin.__qualname__ = f"{function.__qualname__}__{digest(function)}"
    twin.__module__ = function.__module__
    twin.__doc__ = function.__doc__
    inline = "always" if function in _INLINED else "never"
    dispatcher = numba.njit(cache=True, parallel=parallel, inline=inline)(twin)
    namespace[function.__name__] = dispatcher  # a recursive kernel calls its compiled self
    _COMPILED[key] = dispatcher
    return dispatcher


def specialize(function: _F, **kernels: Callable[..., Any]) -> _F:
    """A twin of the kernel ``function`` in which each global name of ``kernels`` calls that
    kernel instead: every kernel it calls that names one of them (itself or through its own
    calls) is specialized too, and the twin's name carries the binding, so that its compiled
    form is cached apart from other bindings'.  The result is a kernel (interpreted; pass it to
    :func:`compiled` for the compiled form) and is kept: the same binding gives the same twin.

    >>> @kernel
    ... def rule(x: int) -> int:
    ...     return x
    >>> @kernel
    ... def double(x: int) -> int:
    ...     return 2 * x
    >>> @kernel
    ... def apply(x: int) -> int:
    ...     return rule(x) + 1
    >>> specialize(apply, rule=double)(5), apply(5)
    (11, 6)
    """
    binding = tuple(sorted(kernels.items()))
    for name, value in binding:
        if not is_kernel(value):
            raise TypeError(f"{name}: {getattr(value, '__qualname__', value)!r} is not a kernel")
    return _specialize(function, binding)  # type: ignore[no-any-return]  # the twin is built untyped (Any)


def _names(function: Callable[..., Any], bound: set[str], seen: set[Any]) -> bool:
    """True when ``function`` names one of ``bound`` itself or through the kernels it calls."""
    if function in seen:
        return False
    seen.add(function)
    assert isinstance(function, types.FunctionType)
    for name in function.__code__.co_names:
        if name in bound:
            return True
        value = function.__globals__.get(name)
        if callable(value) and is_kernel(value) and _names(value, bound, seen):
            return True
    return False


def _specialize(
    function: Callable[..., Any],
    binding: tuple[tuple[str, Callable[..., Any]], ...],
) -> Any:
    key = (function, binding)
    twin = _SPECIAL.get(key)
    if twin is not None:
        return twin
    assert isinstance(function, types.FunctionType)
    namespace = dict(function.__globals__)
    namespace.update(binding)
    suffix = "__".join(
        f"{name}_{value.__module__}_{value.__name__}".replace(".", "_") for name, value in binding
    )
    twin = types.FunctionType(
        function.__code__, namespace, function.__name__, function.__defaults__, function.__closure__
    )
    twin.__qualname__ = f"{function.__qualname__}__for__{suffix}"
    twin.__module__ = function.__module__
    twin.__doc__ = function.__doc__
    kernel(twin)
    _SPECIAL[key] = twin
    bound = {name for name, _ in binding}
    for name in function.__code__.co_names:
        value = function.__globals__.get(name)
        if value is function:
            namespace[name] = twin
        elif (
            callable(value)
            and is_kernel(value)
            and name not in bound
            and _names(value, bound, set())
        ):
            namespace[name] = _specialize(value, binding)
    return twin


def _numba() -> Any:
    try:
        import numba
    except ImportError as error:
        raise CompilerMissingError(
            f"the compiled tier needs numba: pip install '{EXTRA}'", name="numba"
        ) from error
    return numba
