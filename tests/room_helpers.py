"""Devices for the room tests: each keeps every message the server sent it, and every snapshot is checked
as it is sent against the room's state at that moment (no card of another seat, no dead hand)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from rooms.live import Device, Limits
from rooms.service import Service
from rooms.store import SQLiteStore, Store
from tests.seat_view import unseen_named

FAST = Limits(bot_delay=0.0, per_second=1000.0, stand_in_after=30.0, class_every=0.0)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Phone:
    """A device on ``service``: ``say(...)`` sends a message; ``frames`` are what it received."""

    def __init__(self, service: Service, address: str = "10.0.0.1", lang: str = "en") -> None:
        self.service = service
        self.frames: list[dict[str, Any]] = []
        self.device = Device(self._got, address)
        self.device.lang = lang
        self.token = ""
        self.closed = False

    def _got(self, text: str) -> None:
        message = json.loads(text)
        self.frames.append(message)
        if message["type"] == "seated" and message.get("token"):
            self.token = message["token"]
        if message["type"] == "snapshot":
            live = self.service.live[message["room"]]
            rnd = live.referee.flow.round
            seen = unseen_named(message["snapshot"], rnd, message["snapshot"]["seat"], reveal=message["look"])
            assert not seen, f"a device was sent {dict(seen)} it may not see"
            assert message["snapshot"]["seq"] == live.room.moves

    async def say(self, **message: Any) -> None:
        await self.service.receive(self.device, json.dumps(message))
        await settle(self.service)

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((m for m in reversed(self.frames) if m["type"] == kind), None)

    @property
    def snapshot(self) -> dict[str, Any] | None:
        found = self.last("snapshot")
        return found["snapshot"] if found is not None else None

    @property
    def errors(self) -> list[str]:
        return [m["text"] for m in self.frames if m["type"] == "error"]

    async def leave(self) -> None:
        await self.service.disconnect(self.device)
        await settle(self.service)

    async def play_any(self, rng: random.Random) -> bool:
        """Make a random play offered by the last snapshot, if it is this device's turn."""
        snap = self.snapshot
        if snap is None:
            return False
        plays = [c["play"] for c in snap["hand"] if c["play"]] + [c["play"] for c in snap["choices"] + snap["others"]]
        if next(b for b in snap["buttons"] if b["name"] == "pass")["shown"]:
            plays.append("pass")
        if not plays:
            return False
        await self.say(type="intent", intent={"kind": "play", "play": rng.choice(plays), "seq": snap["seq"]})
        return True


async def settle(service: Service) -> None:
    """Let the bots' sequences and the teachers' updates run to their end."""
    for i in range(2_000):
        await asyncio.sleep(0 if i < 200 else 0.01)
        if not any(live.bots is not None for live in service.live.values()) and not service._pending:
            busy = [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]
            if not busy:
                return
    raise AssertionError("the room service did not settle")


def service_on(store: Store | None = None, limits: Limits = FAST, clock: Clock | None = None) -> Service:
    service = Service(store or SQLiteStore(), limits, clock=clock or Clock(), qr=lambda text: f"<svg>{text}</svg>")
    service.raise_bugs = True
    return service
