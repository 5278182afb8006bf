"""What the room service keeps in memory: its limits, each connected device, each room it serves."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from rooms.referee import Referee
from rooms.state import Room


@dataclass(frozen=True)
class Limits:
    """The server's caps and pace (environment: ``COMET_ROOM_*``, see :meth:`from_env`)."""

    max_rooms: int = 1000
    rooms_per_address: int = 60
    """New tables per client address in an hour (a teacher's class counts each of its tables)."""
    per_second: float = 10.0
    """Messages a second per device (a burst of twice as many is let through)."""
    idle: float = 6 * 3600.0
    """Seconds without a change after which a table or a class is closed."""
    stand_in_after: float = 45.0
    bot_delay: float = 0.6
    max_tables: int = 16
    """Tables a teacher opens at once for a class (and looks at at once)."""
    devices_per_room: int = 60
    class_every: float = 0.5
    """Seconds a teacher's view waits to gather its tables' changes into one message."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "Limits":
        """From ``COMET_ROOM_MAX_ROOMS``, ``COMET_ROOMS_PER_ADDRESS``, ``COMET_ROOM_MESSAGES``,
        ``COMET_ROOM_IDLE``, ``COMET_ROOM_STAND_IN``, ``COMET_ROOM_BOT_DELAY``; a ``ValueError`` names a bad one."""
        values: dict[str, Any] = {}
        for name, key, kind, low in (("COMET_ROOM_MAX_ROOMS", "max_rooms", int, 1),
                                     ("COMET_ROOMS_PER_ADDRESS", "rooms_per_address", int, 1),
                                     ("COMET_ROOM_MESSAGES", "per_second", float, 0.1),
                                     ("COMET_ROOM_IDLE", "idle", float, 1.0),
                                     ("COMET_ROOM_STAND_IN", "stand_in_after", float, 0.0),
                                     ("COMET_ROOM_BOT_DELAY", "bot_delay", float, 0.0)):
            text = env.get(name, "").strip()
            if not text:
                continue
            try:
                value = kind(text)
            except ValueError:
                value = None
            if value is None or not value >= low or value != value:
                raise ValueError(f"{name}={text!r}: expected a number of at least {low}")
            values[key] = value
        return cls(**values)


class Device:
    """One connected device (a websocket, or a test's list of what it received): its address, its
    language, where it sits (a room and a seat; no seat: a spectator) or the class it teaches."""

    def __init__(self, send: Callable[[str], None], address: str = "", close: Callable[[], None] = lambda: None,
                 burst: float = 20.0) -> None:
        self.send_text = send
        self.address = address
        self.close = close
        self.lang = "en"
        self.room: str | None = None
        self.seat: int | None = None
        self.group: str | None = None
        self.looking: set[str] = set()
        self.seen = -1
        """The ``moves`` of the last picture sent (the plays after it fly in on the next)."""
        self.tokens = burst
        self.at = 0.0
        self.strikes = 0

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(json.dumps(message, ensure_ascii=False, separators=(",", ":")))


@dataclass
class Live:
    """A room this process serves: its referee, the devices on it (seated, watching, a teacher's look),
    a lock (one change at a time), the bots' sequence under way, the QR code of its link."""

    referee: Referee
    devices: set[Device] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: asyncio.Task[None] | None = None
    qr: str = ""
    empty_since: float = 0.0
    texts: dict[tuple[int | None, str, bool, bool], str] = field(default_factory=dict)

    @property
    def room(self) -> Room:
        return self.referee.room
