"""A bounded, in-memory store of games and replays keyed by random ids: at most ``capacity``
entries, each dropped after ``idle_seconds`` without use (the least recently used goes first
when the store is full)."""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Store"]

T = TypeVar("T")


class Store(Generic[T]):
    """Entries by id, least recently used first."""

    def __init__(
        self,
        capacity: int,
        idle_seconds: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if capacity < 1 or idle_seconds <= 0:
            raise ValueError("a store needs a capacity of at least 1 and a positive idle time")
        self.capacity = capacity
        self.idle_seconds = idle_seconds
        self._clock = clock
        self._entries: OrderedDict[str, tuple[float, T]] = OrderedDict()

    def __len__(self) -> int:
        self._expire()
        return len(self._entries)

    def add(self, value: T) -> str:
        """Keep ``value`` under a new id (dropping the least recently used entry when full)."""
        self._expire()
        while len(self._entries) >= self.capacity:
            self._entries.popitem(last=False)
        key = secrets.token_urlsafe(12)
        self._entries[key] = (self._clock(), value)
        return key

    def get(self, key: str) -> T | None:
        """The entry under ``key`` (now the most recently used), or ``None``."""
        self._expire()
        found = self._entries.get(key)
        if found is None:
            return None
        self._entries[key] = (self._clock(), found[1])
        self._entries.move_to_end(key)
        return found[1]

    def remove(self, key: str) -> bool:
        """Drop the entry under ``key``; False when there was none."""
        return self._entries.pop(key, None) is not None

    def _expire(self) -> None:
        deadline = self._clock() - self.idle_seconds
        while self._entries:
            key, (used, _) = next(iter(self._entries.items()))
            if used > deadline:
                break
            del self._entries[key]
