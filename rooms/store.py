"""Where rooms and classes are kept: one interface, two implementations.

:class:`Store` is what the room service asks of a store: rooms and classes by code, saved by
compare-and-set on their version (two changes of one room never overwrite each other: the second is
told to read it again), the rooms of a class, the idle ones, how many rooms there are, how many a
client address made lately, and a channel that tells the other processes a room changed.

* :class:`SQLiteStore` (the default): one file (``COMET_ROOM_STORE=path``, or in memory for tests),
  written in a transaction before any device hears of a change, in WAL mode: a server killed in the
  middle of a deal loses no play. One process; its "publish" has nobody to tell.
* :class:`rooms.redis_store.RedisStore` (``COMET_ROOM_STORE=redis://host:port/0``): the state in Redis
  and its pub/sub, so that several room processes, on several machines, serve the same rooms.
"""

from __future__ import annotations

import json
import sqlite3
from abc import ABC, abstractmethod
from dataclasses import replace
from typing import Awaitable, Callable, TypeVar

from rooms.state import Group, Room

R = TypeVar("R", Room, Group)
Listener = Callable[[str, int], Awaitable[None]]
"""Told ``(code, version)`` when another process changed a room."""


class Store(ABC):
    @abstractmethod
    async def room(self, code: str) -> Room | None: ...

    @abstractmethod
    async def save_room(self, room: Room) -> Room | None:
        """Save ``room`` if the stored one is still at ``room.version`` (or there is none, for version 0);
        returns it at its next version, or None when another change came first."""

    @abstractmethod
    async def drop_room(self, code: str) -> None: ...

    @abstractmethod
    async def group(self, code: str) -> Group | None: ...

    @abstractmethod
    async def save_group(self, group: Group) -> Group | None: ...

    @abstractmethod
    async def drop_group(self, code: str) -> None: ...

    @abstractmethod
    async def count_rooms(self) -> int: ...

    @abstractmethod
    async def idle(self, before: float) -> tuple[list[str], list[str]]:
        """The codes of the rooms and of the classes untouched since ``before``."""

    @abstractmethod
    async def hits(self, address: str, window: float, now: float, add: int = 1) -> int:
        """Count ``add`` new rooms for ``address``; the rooms it made in the last ``window`` seconds, these included."""

    async def publish(self, code: str, version: int) -> None:
        """Tell the other processes that ``code`` is now at ``version`` (nobody to tell by default)."""

    async def listen(self, listener: Listener) -> None:
        """Call ``listener`` for every room another process changes (never, by default)."""

    async def close(self) -> None:
        """Let go of the store's connections."""


SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, version INTEGER NOT NULL, touched REAL NOT NULL,
                                  data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS groups (code TEXT PRIMARY KEY, version INTEGER NOT NULL, touched REAL NOT NULL,
                                   data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hits (address TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS hits_by_address ON hits (address, at);
"""


class SQLiteStore(Store):
    """The rooms in one SQLite file (``:memory:`` for tests). Each call is one short transaction on the
    server's event loop (a few hundred microseconds)."""

    def __init__(self, path: str = ":memory:") -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # (WAL: a killed process loses no committed change)
        self.db.executescript(SCHEMA)

    def _get(self, table: str, code: str) -> tuple[int, str] | None:
        row = self.db.execute(f"SELECT version, data FROM {table} WHERE code = ?", (code,)).fetchone()
        return (int(row[0]), str(row[1])) if row is not None else None

    def _put(self, table: str, code: str, version: int, touched: float, data: str) -> bool:
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            row = self.db.execute(f"SELECT version FROM {table} WHERE code = ?", (code,)).fetchone()
            if (row[0] if row is not None else 0) != version:
                return False
            self.db.execute(f"INSERT OR REPLACE INTO {table} (code, version, touched, data) VALUES (?, ?, ?, ?)",
                            (code, version + 1, touched, data))
        return True

    async def room(self, code: str) -> Room | None:
        got = self._get("rooms", code)
        return Room.from_json(_loads(got[1])) if got is not None else None

    async def save_room(self, room: Room) -> Room | None:
        saved = _bump(room)
        return saved if self._put("rooms", room.code, room.version, room.touched, _dumps(saved.to_json())) else None

    async def drop_room(self, code: str) -> None:
        with self.db:
            self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    async def group(self, code: str) -> Group | None:
        got = self._get("groups", code)
        return Group.from_json(_loads(got[1])) if got is not None else None

    async def save_group(self, group: Group) -> Group | None:
        saved = _bump(group)
        return saved if self._put("groups", group.code, group.version, group.touched, _dumps(saved.to_json())) else None

    async def drop_group(self, code: str) -> None:
        with self.db:
            self.db.execute("DELETE FROM groups WHERE code = ?", (code,))

    async def count_rooms(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM rooms").fetchone()[0])

    async def idle(self, before: float) -> tuple[list[str], list[str]]:
        rooms = [str(r[0]) for r in self.db.execute("SELECT code FROM rooms WHERE touched < ?", (before,))]
        groups = [str(r[0]) for r in self.db.execute("SELECT code FROM groups WHERE touched < ?", (before,))]
        return rooms, groups

    async def hits(self, address: str, window: float, now: float, add: int = 1) -> int:
        with self.db:
            self.db.execute("DELETE FROM hits WHERE at < ?", (now - window,))
            self.db.executemany("INSERT INTO hits (address, at) VALUES (?, ?)", [(address, now)] * add)
        return int(self.db.execute("SELECT count(*) FROM hits WHERE address = ?", (address,)).fetchone()[0])

    async def close(self) -> None:
        self.db.close()


def _bump(record: R) -> R:
    return replace(record, version=record.version + 1)


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"))


def _loads(text: str) -> object:
    return json.loads(text)
