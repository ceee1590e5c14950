"""Where ``cardrules serve`` keeps things: a bounded, in-memory :class:`Store` for opened
records, and :class:`TableStore`, the SQLite database of tables (their rules, seed, seats and
every step), so that a restart of the server loses no game.

A table's seat tokens are kept only as their SHA-256 digests: the database alone does not let
anyone play a seat.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

__all__ = ["Store", "TableStore", "default_database", "token_digest"]

T = TypeVar("T")


class Store(Generic[T]):
    """Entries by id, least recently used first: at most ``capacity`` entries, each dropped
    after ``idle_seconds`` without use (the least recently used goes first when full).

    >>> store: Store[str] = Store(2, 60)
    >>> key = store.add("a record")
    >>> store.get(key), store.get("nope")
    ('a record', None)
    """

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

    def expire(self) -> int:
        """Drop the entries idle for ``idle_seconds``; returns how many went (entries also
        expire whenever the store is used)."""
        return self._expire()

    def _expire(self) -> int:
        deadline = self._clock() - self.idle_seconds
        dropped = 0
        while self._entries:
            key, (used, _) = next(iter(self._entries.items()))
            if used > deadline:
                break
            del self._entries[key]
            dropped += 1
        return dropped


def default_database() -> Path:
    """The database of ``cardrules serve`` unless ``--database`` says otherwise:
    ``$XDG_DATA_HOME/cardrules/tables.sqlite3``, else ``~/.local/share/cardrules/...``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "cardrules" / "tables.sqlite3"


def token_digest(token: str) -> str:
    """The digest under which a seat token is kept (the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    finished INTEGER NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    digest TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS seats_by_table ON seats(table_id);
CREATE INDEX IF NOT EXISTS tables_by_age ON tables(finished, updated);
"""


class TableStore:
    """Tables in an SQLite database (``":memory:"`` for one that lasts as long as the object):
    at most ``max_in_play`` tables in play (the least recently moved goes first when a new one
    would pass it) and as many finished ones (the oldest goes first); a table in play is
    dropped after ``idle_seconds`` without a move.

    A table is a JSON object (what :mod:`cardrules.web.app` needs to rebuild it: game, rules,
    seed, seats and steps); its seats are found by their tokens.

    >>> store = TableStore(":memory:", max_in_play=10, idle_seconds=3600)
    >>> store.create("t1", {"steps": []}, {"secret": 0})
    >>> store.find("secret"), store.find("guess"), store.load("t1")
    (('t1', 0), None, {'steps': []})
    """

    def __init__(
        self,
        path: str | Path,
        *,
        max_in_play: int,
        idle_seconds: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if max_in_play < 1 or idle_seconds <= 0:
            raise ValueError(
                "a table store needs a capacity of at least 1 and a positive idle time"
            )
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # One connection, used from the event loop's thread only (the web app's handlers).
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA foreign_keys = ON")
        if str(path) != ":memory:":
            # WAL without a sync at every commit: a crash of the server loses nothing; a crash
            # of the machine may lose the last moves (the database stays whole).
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.executescript(_SCHEMA)
        self.max_in_play = max_in_play
        self.idle_seconds = idle_seconds
        self._clock = clock

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def shrink(self) -> None:
        """Hand back the memory that SQLite keeps for its cache of the database's pages (it
        reads them again on need)."""
        self._db.execute("PRAGMA shrink_memory")

    def create(self, table_id: str, data: dict[str, Any], tokens: dict[str, int]) -> None:
        """Keep a new table and its seats' tokens (token to seat)."""
        self._db.execute("BEGIN")
        try:
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, 0, ?)",
                (table_id, json.dumps(data), self._clock()),
            )
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?)",
                [(token_digest(token), table_id, seat) for token, seat in tokens.items()],
            )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self.prune(keep=table_id)

    def save(self, table_id: str, data: dict[str, Any], *, finished: bool) -> None:
        """Write a table's new data (after each step)."""
        self._db.execute(
            "UPDATE tables SET data = ?, finished = ?, updated = ? WHERE id = ?",
            (json.dumps(data), int(finished), self._clock(), table_id),
        )

    def load(self, table_id: str) -> dict[str, Any] | None:
        """A table's data, or ``None``."""
        row = self._db.execute("SELECT data FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def find(self, token: str) -> tuple[str, int] | None:
        """The table and seat of a seat token, or ``None``."""
        row = self._db.execute(
            "SELECT table_id, seat FROM seats WHERE digest = ?", (token_digest(token),)
        ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def delete(self, table_id: str) -> bool:
        """Drop a table; False when there was none."""
        return self._db.execute("DELETE FROM tables WHERE id = ?", (table_id,)).rowcount > 0

    def count(self, *, finished: bool) -> int:
        """The number of tables in play (or finished)."""
        row = self._db.execute("SELECT COUNT(*) FROM tables WHERE finished = ?", (int(finished),))
        return int(row.fetchone()[0])

    def prune(self, keep: str | None = None) -> list[str]:
        """Drop idle tables in play and those over the caps; returns the ids dropped."""
        dropped = [
            str(row[0])
            for row in self._db.execute(
                "SELECT id FROM tables WHERE finished = 0 AND updated <= ?",
                (self._clock() - self.idle_seconds,),
            )
        ]
        for finished in (0, 1):
            over = self.count(finished=bool(finished)) - self.max_in_play
            if over > 0:
                dropped += [
                    str(row[0])
                    for row in self._db.execute(
                        "SELECT id FROM tables WHERE finished = ? AND id != ? "
                        "ORDER BY updated, rowid LIMIT ?",
                        (finished, keep or "", over),
                    )
                ]
        for table_id in dropped:
            self.delete(table_id)
        return dropped
