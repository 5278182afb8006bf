"""The rooms in Redis, shared by several room processes (``COMET_ROOM_STORE=redis://host:port/db``).

Each room and class is a hash (``version``, ``touched``, ``data``: its JSON) saved by a Lua script that
compares the version first (compare-and-set, atomic in Redis); a sorted set keeps the rooms and the
classes by when they were last touched (the idle ones are found by score); a sorted set per client
address counts the tables it made in the last hour. Every saved room is announced on the
``comet:rooms`` channel as ``code version``: each process reads it again and shows it to its devices.
PyPI ``redis`` (``redis.asyncio``); Debian's ``redis-server`` for the tests (``tests/test_rooms_redis.py``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import replace
from typing import Any, TypeVar

import redis.asyncio as aioredis

from rooms.state import Group, Room
from rooms.store import Listener, Store

LOG = logging.getLogger("comet.rooms")
CHANNEL = "comet:rooms"
PREFIX = "comet:"
R = TypeVar("R", Room, Group)

SAVE = """
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if current ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'touched', ARGV[3], 'data', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[5])
return 1
"""


class RedisStore(Store):
    def __init__(self, url: str) -> None:
        self.url = url
        self.redis = aioredis.from_url(url, decode_responses=True)
        self._save = self.redis.register_script(SAVE)
        self._listening: asyncio.Task[None] | None = None
        self.name = secrets.token_hex(4)
        """This process's name on the channel (its own announcements are not read again)."""

    async def _get(self, kind: str, code: str) -> Any:
        data = await self.redis.hget(f"{PREFIX}{kind}:{code}", "data")
        return json.loads(data) if data else None

    async def _put(self, kind: str, record: R) -> R | None:
        saved = replace(record, version=record.version + 1)
        ok = await self._save(keys=[f"{PREFIX}{kind}:{record.code}", f"{PREFIX}{kind}s"],
                              args=[record.version, saved.version, record.touched,
                                    json.dumps(saved.to_json(), separators=(",", ":")), record.code])
        return saved if ok else None

    async def room(self, code: str) -> Room | None:
        data = await self._get("room", code)
        return Room.from_json(data) if data is not None else None

    async def save_room(self, room: Room) -> Room | None:
        return await self._put("room", room)

    async def drop_room(self, code: str) -> None:
        await self.redis.delete(f"{PREFIX}room:{code}")
        await self.redis.zrem(f"{PREFIX}rooms", code)

    async def group(self, code: str) -> Group | None:
        data = await self._get("group", code)
        return Group.from_json(data) if data is not None else None

    async def save_group(self, group: Group) -> Group | None:
        return await self._put("group", group)

    async def drop_group(self, code: str) -> None:
        await self.redis.delete(f"{PREFIX}group:{code}")
        await self.redis.zrem(f"{PREFIX}groups", code)

    async def count_rooms(self) -> int:
        return int(await self.redis.zcard(f"{PREFIX}rooms"))

    async def idle(self, before: float) -> tuple[list[str], list[str]]:
        rooms = await self.redis.zrangebyscore(f"{PREFIX}rooms", "-inf", f"({before}")
        groups = await self.redis.zrangebyscore(f"{PREFIX}groups", "-inf", f"({before}")
        return [str(c) for c in rooms], [str(c) for c in groups]

    async def hits(self, address: str, window: float, now: float, add: int = 1) -> int:
        key = f"{PREFIX}hits:{address}"
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(key, "-inf", f"({now - window}")
            if add:
                pipe.zadd(key, {f"{now}:{secrets.token_hex(6)}": now for _new in range(add)})
            pipe.zcard(key)
            pipe.expire(key, int(window) + 60)
            done = await pipe.execute()
        return int(done[-2])

    async def publish(self, code: str, version: int) -> None:
        await self.redis.publish(CHANNEL, f"{self.name} {code} {version}")

    async def listen(self, listener: Listener) -> None:
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(CHANNEL)

        async def read() -> None:
            async for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                parts = str(message.get("data", "")).split()
                if len(parts) == 3 and parts[0] != self.name and parts[2].isdigit():
                    try:
                        await listener(parts[1], int(parts[2]))
                    except Exception:  # a bug: logged; the next announcement is read all the same
                        LOG.exception("a room announced by another process could not be read")

        self._listening = asyncio.ensure_future(read())

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
        await self.redis.aclose()
