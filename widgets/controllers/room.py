"""The room page's side of the room server's protocol (:mod:`rooms.messages`), without a widget.

:class:`RoomClient` keeps what the server said last (the table's seats, this device's seat, the
snapshot to draw, the class's tables for a teacher, the tables a teacher opened and the coach's words),
says what to send for each thing the page asks (make a table, take a seat, watch, play, open a class,
open one of its tables), and keeps the tokens that bring this device back to its seat or its class
(``comet:rooms``, ``comet:classes``: the browser's storage, through the functions it is given). When the
connection comes back (a phone that slept, a page reloaded), :meth:`connected` takes the seat again.
Every message from the server is checked: a snapshot that is not one is refused (an error shown).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from comet_render.frozen import FrozenError
from widgets.controllers.intents import Intent
from widgets.controllers.snapshot import Snapshot, from_json

SEATS_KEY = "comet:rooms"
CLASSES_KEY = "comet:classes"
MAX_KEPT = 20
"""Tokens kept per kind (the most recent tables and classes)."""


@dataclass
class Look:
    """A table of the class the teacher opened: its picture with every hand, the coach's words."""

    snapshot: Snapshot
    coach: str = ""


@dataclass
class ClientState:
    room: str = ""
    shown: str = ""
    seat: int | None = None
    qr: str = ""
    lobby: dict[str, Any] | None = None
    snapshot: Snapshot | None = None
    group: str = ""
    group_shown: str = ""
    group_view: dict[str, Any] | None = None
    group_qr: dict[str, str] = field(default_factory=dict)
    looks: dict[str, Look] = field(default_factory=dict)
    error: str = ""
    closed: str = ""


class RoomClient:
    """``send(message)`` reaches the server; ``stored(key)``/``store(key, value)``: the browser's storage."""

    def __init__(self, send: Callable[[dict[str, Any]], None], lang: str,
                 stored: Callable[[str], str | None], store: Callable[[str, str], None]) -> None:
        self.send = send
        self.lang = lang
        self.stored = stored
        self.store = store
        self.state = ClientState()
        self.listeners: list[Callable[[str], None]] = []
        """Told the kind of each message handled (``snapshot``, ``room``, ``class``...), to draw it."""
        self._wants: dict[str, Any] | None = None
        """What to ask again when the connection comes back (a seat, a watch, a class)."""

    # ------------------------------------------------------------------ tokens
    def _tokens(self, key: str) -> dict[str, str]:
        try:
            data = json.loads(self.stored(key) or "{}")
        except ValueError:
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) \
            else {}

    def _keep(self, key: str, code: str, token: str) -> None:
        tokens = self._tokens(key)
        tokens.pop(code, None)
        tokens[code] = token
        self.store(key, json.dumps(dict(list(tokens.items())[-MAX_KEPT:])))

    def token_for(self, room: str) -> str:
        return self._tokens(SEATS_KEY).get(room, "")

    def class_token(self, group: str) -> str:
        return self._tokens(CLASSES_KEY).get(group, "")

    # ------------------------------------------------------------------ asking
    def connected(self) -> None:
        """The connection is open (again): say the device's language, take back its seat or class."""
        self.send({"type": "hello", "lang": self.lang})
        if self._wants is not None:
            self.send(self._wants)

    def create(self, variant: str, players: int, seats: list[str], name: str, page: str) -> None:
        self.send({"type": "create", "variant": variant, "players": players, "seats": seats, "name": name,
                   "page": page})

    def join(self, room: str, name: str = "", page: str = "") -> None:
        token = self.token_for(room)
        message: dict[str, Any] = {"type": "join", "room": room, "name": name}
        if token:
            message["token"] = token
        if page:
            message["page"] = page
        self.send(message)

    def watch(self, room: str) -> None:
        self._wants = {"type": "watch", "room": room}
        self.send(self._wants)

    def play(self, intent: Intent) -> None:
        self.send({"type": "intent", "intent": intent.to_json()})

    def open_class(self, variant: str, players: int, seats: list[str], tables: int, name: str, page: str) -> None:
        self.send({"type": "class", "variant": variant, "players": players, "seats": seats, "tables": tables,
                   "name": name, "page": page})

    def teach(self, group: str) -> bool:
        token = self.class_token(group)
        if not token:
            return False
        self._wants = {"type": "teach", "class": group, "token": token}
        self.send(self._wants)
        return True

    def look(self, room: str) -> None:
        self.send({"type": "look", "room": room})

    # ------------------------------------------------------------------ hearing
    def receive(self, message: Any) -> None:
        """Handle one message of the server (anything else is ignored)."""
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return
        kind = message["type"]
        s = self.state
        if kind == "error":
            s.error = str(message.get("text", ""))[:500]
        elif kind == "seated":
            s.room, s.shown, s.seat = str(message.get("room", "")), str(message.get("shown", "")), message.get("seat")
            s.qr = str(message.get("qr", "")) or s.qr
            s.error = ""
            token = message.get("token")
            if isinstance(token, str) and token:
                self._keep(SEATS_KEY, s.room, token)
            self._wants = ({"type": "join", "room": s.room, "token": self.token_for(s.room)} if s.seat is not None
                           else {"type": "watch", "room": s.room})
        elif kind == "room":
            s.lobby = message
        elif kind == "snapshot":
            try:
                snap = from_json(message.get("snapshot"))
            except FrozenError as error:
                s.error = str(error)
                kind = "error"
            else:
                if message.get("look"):
                    room = str(message.get("room", ""))
                    s.looks[room] = Look(snap, s.looks[room].coach if room in s.looks else "")
                    kind = "look"
                else:
                    s.snapshot = snap
        elif kind == "coach":
            look = s.looks.get(str(message.get("room", "")))
            if look is not None:
                look.coach = str(message.get("text", ""))
        elif kind == "taught":
            s.group, s.group_shown = str(message.get("class", "")), str(message.get("shown", ""))
            qr = message.get("qr")
            if isinstance(qr, dict) and qr:
                s.group_qr = {str(k): str(v) for k, v in qr.items()}
            token = message.get("token")
            if isinstance(token, str) and token:
                self._keep(CLASSES_KEY, s.group, token)
            self._wants = {"type": "teach", "class": s.group, "token": self.class_token(s.group)}
        elif kind == "class":
            s.group_view = message
        elif kind == "closed":
            s.closed = str(message.get("text", ""))
        else:
            return
        for listener in list(self.listeners):
            listener(kind)
