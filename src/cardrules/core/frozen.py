"""Immutable game states that the engines make fast: the layout both games share, and the one
speed trick it needs, in this one place.

Both games lay a state out the same way (each in its ``state.py``):

* **the deal record**, ``_Deal``: what stays the same between two stages of a deal -- the
  ruleset, the seed, the dealer, the deal number, the deck, the scores, the history, the phase,
  the winner, and each game's own (400: the level, the minimum bids ...; All Fours: the kicks,
  the stock, trumps ...).  It changes a few times a deal (the deal, the end of the bidding,
  trumps fixed, a kick scored), never at a card.  An ``attrs`` class with named keyword
  fields, equal and hashed by value; the engine makes a changed one with :func:`copier`'s copy
  and sets the fields that change before any state holds it.
* **the state**: named slots for what changes at every action -- ``_deal`` (the record),
  ``_hands``, ``_turn``, ``_leader``, ``_trick`` (card indices, the lead first), ``_tricks``
  (one ``(leader, cards, winner)`` per completed trick) and each game's own -- and
  ``is_terminal``.  A state is immutable, hashable, equal by value and picklable
  (:class:`Frozen`).

The trick, taken at every card.  A state refuses every write (its ``__setattr__`` raises), and
a class that overrides ``__setattr__`` sends every attribute store through that method, so an
engine that filled a state's slots one by one would pay for a Python call per slot.  So each
game declares the slots on a plain storage class (``_Slots``), which ``StateData`` extends with
no slots of its own.  The engine creates a ``_Slots`` (``object.__new__``), stores its slots
(plain slot stores, CPython's fastest attribute writes) and then makes it a ``State`` by
assigning its ``__class__`` (allowed: the two classes have the same layout).  On CPython 3.11
that makes a ten-slot state in about 130 ns, against about 275 ns for one tuple written through
a slot descriptor and more for a ``NamedTuple``; reading a slot costs what reading a tuple item
does.  :func:`seal` is that last step for the slower paths; the hot
paths (each engine's ``State.apply`` for a card, 400's ``_complete_trick``) write the three
lines out and point here.

Two smaller habits of the same hot paths.  An action's class is tested with
``action.__class__ is Play``, which takes fewer interpreter steps than ``isinstance`` or
``type()`` (and mypy narrows it all the same).  The seat to act is taken as an ``int``, with a
comment that tells mypy to let the assignment pass (it is never ``None`` during play; 400's
``legal_actions`` does the same): an ``assert`` saying so was measured at about 50 more
CPython instructions per card (of about 13,000), and one under ``if TYPE_CHECKING:`` at about
75.  Each engine's storage is made by ``_blank``, which is ``object.__new__`` typed as
returning the ``State`` that the storage becomes.

>>> class _Slots:
...     __slots__ = ("_turn", "is_terminal")
>>> class Point(_Slots, Frozen):
...     __slots__ = ()
...     def _key(self) -> tuple[object, ...]:
...         return (self._turn,)
>>> storage = object.__new__(_Slots)
>>> storage._turn, storage.is_terminal = 3, False
>>> point = seal(storage, Point)
>>> point._turn, point == seal(_filled(_Slots, _turn=3, is_terminal=False), Point)
(3, True)
>>> point._turn = 1
Traceback (most recent call last):
    ...
AttributeError: a State is immutable: cannot set '_turn'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["Frozen", "copier", "restore", "seal", "slot_names"]

_T = TypeVar("_T")
_new = object.__new__
_set = object.__setattr__


def slot_names(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases, base first (``__weakref__`` left out).

    >>> class A:
    ...     __slots__ = ("a",)
    >>> class B(A):
    ...     __slots__ = ("b", "c")
    >>> slot_names(B)
    ('a', 'b', 'c')
    """
    found = _SLOT_NAMES.get(cls)
    if found is None:
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__slots__", ())
            names.extend((slots,) if isinstance(slots, str) else slots)
        found = _SLOT_NAMES[cls] = tuple(name for name in names if name != "__weakref__")
    return found


_SLOT_NAMES: dict[type, tuple[str, ...]] = {}


def seal(storage: object, cls: type[_T]) -> _T:
    """``storage``, filled, made an instance of ``cls`` (a read-only class of the same slot
    layout): the last step of making a state (see the module's docstring)."""
    _set(storage, "__class__", cls)
    sealed: Any = storage  # the class was just set to cls
    result: _T = sealed
    return result


def restore(cls: type[_T], values: tuple[Any, ...]) -> _T:
    """An instance of ``cls`` with its slots (:func:`slot_names` order) set to ``values``:
    how :class:`Frozen` unpickles."""
    obj = _new(cls)
    for name, value in zip(slot_names(cls), values, strict=True):
        _set(obj, name, value)
    return obj


def copier(cls: type[_T]) -> Callable[[_T], _T]:
    """A function that copies an instance of the slotted ``cls`` slot by slot, written out as
    one store per slot (a loop over the names costs eight times as much, ``attrs.evolve``
    six): the engines copy a deal record this way, then set the fields that change.

    >>> class Pair:
    ...     __slots__ = ("left", "right")
    >>> pair = _filled(Pair, left=1, right=2)
    >>> twin = copier(Pair)(pair)
    >>> twin is pair, (twin.left, twin.right)
    (False, (1, 2))
    """
    names = slot_names(cls)
    if not all(name.isidentifier() for name in names):  # only names go into the source
        raise TypeError(f"{cls.__name__}: slots must be identifiers")
    body = "".join(f"    new.{name} = old.{name}\n" for name in names)
    source = f"def copy(old):\n    new = _new(cls)\n{body}    return new\n"
    scope: dict[str, Any] = {"_new": _new, "cls": cls}
    exec(source, scope)  # the source is made of the class's slot names alone
    copy: Callable[[_T], _T] = scope["copy"]
    copy.__doc__ = f"A copy of a {cls.__name__}, slot by slot."
    return copy


def _filled(cls: type[_T], **values: Any) -> _T:
    """An instance of the slotted ``cls`` with these slots set (for the examples)."""
    obj = _new(cls)
    for name, value in values.items():
        setattr(obj, name, value)
    return obj


class Frozen:
    """The value semantics of a state: immutable (every write raises ``AttributeError``),
    equal by value to a state of the same class, hashable, picklable.  A subclass says what its
    value is with ``_key()``; pickling keeps every slot (:func:`slot_names`)."""

    __slots__ = ()

    def _key(self) -> tuple[Any, ...]:
        """The parts that make the state's value (what ``==`` and ``hash`` compare)."""
        raise NotImplementedError(f"{type(self).__name__} defines _key")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, Frozen)
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a State is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a State is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        cls = self.__class__
        return (restore, (cls, tuple(getattr(self, name) for name in slot_names(cls))))
