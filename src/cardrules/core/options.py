"""Checking ruleset options: the small strict helpers both games' ``Rules`` use.

Each raises :class:`~cardrules.errors.RulesError` naming the field and what is accepted, so a
bad option reads the same in either game.

>>> import enum
>>> class Tie(enum.StrEnum):
...     NOBODY = "nobody"
...     DEALER = "dealer"
>>> enum_option(Tie, "game_tie", "dealer")
<Tie.DEALER: 'dealer'>
>>> enum_option(Tie, "game_tie", "both")
Traceback (most recent call last):
...
cardrules.errors.RulesError: Rules.game_tie: 'both' is not accepted; expected one of ..., 'dealer'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, TypeGuard, TypeVar

from cardrules.errors import RulesError, describe

__all__ = ["enum_option", "exact_keys", "is_int"]

_E = TypeVar("_E", bound=enum.StrEnum)


def is_int(value: object) -> TypeGuard[int]:
    """True for an ``int`` that is not a ``bool`` (and so mypy knows the value is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def enum_option(kind: type[_E], field: str, value: object) -> _E:
    """``value`` as a member of the string enum ``kind`` (a member, or its string value)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
    accepted = ", ".join(repr(member.value) for member in kind)
    raise RulesError(
        f"Rules.{field}: {describe(value)} is not accepted; expected one of {accepted}"
    )


def exact_keys(data: object, names: Sequence[str], game: str) -> Mapping[str, Any]:
    """``data`` if it is a mapping with exactly the option ``names`` as keys (``from_dict``)."""
    if not isinstance(data, Mapping):
        raise RulesError(f"{game} rules: expected a mapping of options, got {describe(data)}")
    unknown = sorted((k for k in data if k not in names), key=str)
    missing = [name for name in names if name not in data]
    if unknown or missing:
        raise RulesError(
            f"{game} rules: unknown keys {unknown}, missing keys {missing}; "
            f"expected exactly {', '.join(names)}"
        )
    return data


_R = TypeVar("_R")


def remember_params(
    rules: _R,
    build: Any,
    by_value: dict[_R, tuple[int, ...]],
    by_id: dict[int, tuple[_R, tuple[int, ...]]],
) -> tuple[int, ...]:
    """A game's ``kernels.rule_params`` when its look-up by identity missed: the parameters of
    an equal ruleset, or ``build(rules)``, kept by value and by ``id(rules)`` (each entry holds
    its ruleset, so the id is not reused meanwhile; the engines ask at every hand, and hashing
    a ruleset costs more than the look-up by id).  Both tables are emptied when full."""
    params = by_value.get(rules)
    if params is None:
        params = build(rules)
        if len(by_value) >= 64:
            by_value.clear()
        by_value[rules] = params
    if len(by_id) >= 256:
        by_id.clear()
    by_id[id(rules)] = (rules, params)
    return params
