"""Old names kept for one release after a rename, each warning with a ``DeprecationWarning``
that names the new one (the renames are listed in the changelog and the architecture guide's
vocabulary table).

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     warn_renamed("HandResult.reason", "HandResult.ending")
>>> str(caught[0].message)
'HandResult.reason is deprecated: use HandResult.ending (the old name goes in the next release)'
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping

__all__ = ["renamed_module_attributes", "warn_renamed"]


def warn_renamed(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` is now ``new`` (``stacklevel`` 3: the caller of the function or
    property that warns)."""
    warnings.warn(
        f"{old} is deprecated: use {new} (the old name goes in the next release)",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


def renamed_module_attributes(
    module: str, renames: Mapping[str, tuple[str, object]]
) -> Callable[[str], object]:
    """A module ``__getattr__`` that serves each old name of ``renames`` (old name: (new
    name, the object)) with a warning, and raises ``AttributeError`` for any other name."""

    def __getattr__(name: str) -> object:
        if name in renames:
            new, value = renames[name]
            warn_renamed(f"{module}.{name}", f"{module}.{new}")
            return value
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
