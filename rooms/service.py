"""The rooms' logic behind the websocket: tables made, joined, played, watched and taught.

:class:`Service` answers each device's messages (:mod:`rooms.messages`). The engine referees every
room (:class:`~rooms.referee.Referee`); every change is stored (compare-and-set, :mod:`rooms.store`)
before any device hears of it, then each device on the room receives its own seat's snapshot (a
spectator's has no hand; the teacher's shows every hand), and the other room processes are told.
A device that leaves keeps its seat: its token (kept by the page) brings it back; a person whose turn
comes while away longer than :attr:`Limits.stand_in_after` is played by the gentlest bot (a random
legal play) until they come back. Caps: tables in all, tables made per address an hour, messages a
second per device, devices per table; tables and classes idle longer than :attr:`Limits.idle` go.
A message that cannot be used gets an error in the device's language and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import comet
from comet_render.i18n import words
from rooms.messages import Message, read_message
from rooms.referee import Referee
from rooms.state import Room, Seat, code_text, new_code, new_token, token_hash
from rooms.store import Store
from rooms.live import Device, Limits, Live
from rooms.teaching import Teaching
from widgets.controllers.checks import EXPECTED_ERRORS, MAX_SEED, PERSON, UserError, message_text
from widgets.controllers.snapshot import to_json

LOG = logging.getLogger("comet.rooms")


class Service(Teaching):
    """The rooms of one process (several share a Redis store). ``clock``: seconds (tests move it)."""

    def __init__(self, store: Store, limits: Limits = Limits(), clock: Callable[[], float] = time.time,
                 qr: Callable[[str], str] | None = None) -> None:
        self.store = store
        self.limits = limits
        self.clock = clock
        self.qr = qr
        self.live: dict[str, Live] = {}
        self.teachers: dict[str, set[Device]] = {}
        self.raise_bugs = False
        """Raise an unexpected error out of :meth:`receive` (the tests' setting); a server logs it."""
        self.bugs = 0
        self._swept = 0.0
        self._coached: dict[tuple[str, int], comet.Play | None] = {}
        self._pending: set[str] = set()

    # ------------------------------------------------------------------ messages
    def _allow(self, device: Device) -> bool:
        """The device's bucket of messages: :attr:`Limits.per_second`, a burst of twice as many."""
        now = self.clock()
        rate = self.limits.per_second
        device.tokens = min(2 * rate, device.tokens + (now - device.at) * rate) if device.at else device.tokens
        device.at = now
        if device.tokens < 1:
            return False
        device.tokens -= 1
        return True

    async def receive(self, device: Device, text: str) -> None:
        """Answer one message of ``device`` (see :mod:`rooms.messages`)."""
        _ = words(device.lang)
        if not self._allow(device):
            device.strikes += 1
            if device.strikes == 1 or device.strikes % 50 == 0:
                device.send({"type": "error", "text": _("Too many messages from this device: wait a moment.")})
            if device.strikes > 500:
                device.close()
            return
        try:
            message = read_message(text, device.lang, self.limits.max_tables)
            await getattr(self, "_on_" + message.kind)(device, message)
        except EXPECTED_ERRORS as error:
            device.send({"type": "error", "text": message_text(error, device.lang)})
        except Exception:
            self.bugs += 1
            LOG.exception("a room message failed")
            if self.raise_bugs:
                raise
            device.send({"type": "error", "text": _("The server could not do that (a bug, not your move).")})

    async def _on_hello(self, device: Device, m: Message) -> None:
        device.lang = m.lang
        live = self.live.get(device.room or "")
        if live is not None:
            self._picture(live, device, fresh=False)
        if device.group is not None:
            await self._send_class(device.group, {device})

    # ------------------------------------------------------------------ making tables
    async def _quota(self, device: Device, tables: int) -> None:
        _ = words(device.lang)
        if await self.store.count_rooms() + tables > self.limits.max_rooms:
            raise UserError(_("The server has as many tables as it can hold ({n}); try again later.",
                              n=self.limits.max_rooms))
        now = self.clock()
        if await self.store.hits(device.address, 3600, now, add=0) + tables > self.limits.rooms_per_address:
            raise UserError(_("Too many tables were opened from your address in the last hour; try again later."))
        await self.store.hits(device.address, 3600, now, add=tables)

    async def _new_room(self, m: Message, lang: str, group: str = "", first: tuple[str, str] | None = None) -> Room:
        """A new room of ``m``'s game and seats, saved; ``first``: the first seat's (name, token hash)."""
        now = self.clock()
        seats = tuple(Seat(kind) for kind in m.seats)
        if first is not None:
            seats = (Seat(PERSON, first[0], first[1]), *seats[1:])
        for _attempt in range(8):
            room = Room(new_code(), m.variant, m.players, secrets.randbelow(MAX_SEED + 1), seats, now, now, lang=lang,
                        group=group)
            saved = await self.store.save_room(room)
            if saved is not None:
                return saved
        raise RuntimeError("eight new codes in a row were taken")

    def _link_qr(self, live: Live, page: str) -> None:
        if page and self.qr is not None and not live.qr:
            live.qr = self.qr(f"{page}?room={live.room.code}")

    async def _on_create(self, device: Device, m: Message) -> None:
        await self._quota(device, 1)
        token = new_token()
        room = await self._new_room(m, device.lang, first=(m.name, token_hash(token)))
        live = self._adopt(room)
        self._link_qr(live, m.page)
        self._leave(device)
        await self._attach(live, device, 0, token)
        if room.full:
            await self._start(live)
        self._broadcast(live, lobby=True)

    # ------------------------------------------------------------------ joining, watching, leaving
    async def _load(self, code: str, lang: str) -> Live:
        live = self.live.get(code)
        if live is None:
            room = await self.store.room(code)
            if room is None:
                raise UserError(words(lang)("No table has the code {code}: check it, or the table was closed after "
                                            "a long time without a move.", code=code_text(code)))
            live = self.live.get(code) or self._adopt(room)
        if len(live.devices) >= self.limits.devices_per_room:
            raise UserError(words(lang)("This table has as many devices as it can take."))
        return live

    def _adopt(self, room: Room) -> Live:
        live = Live(Referee(room))
        self.live[room.code] = live
        return live

    async def _on_join(self, device: Device, m: Message) -> None:
        live = await self._load(m.room, device.lang)
        _ = words(device.lang)
        async with live.lock:
            room = live.room
            seat = room.seat_of(m.token) if m.token else None
            token = ""
            if seat is not None:  # back to one's seat
                if room.seats[seat].away_since or room.seats[seat].stand_in:
                    await self._save_seats(live, room.with_seat(seat, away_since=0.0, stand_in=False))
            else:
                if not m.name:  # (a token of no seat here: a name is needed to take a free one)
                    raise UserError(_("Your name is needed, so that the others know who plays."))
                free = next((i for i, s in enumerate(room.seats) if not s.taken), None)
                if free is None:
                    raise UserError(_("Every seat of this table is taken: you can watch it."))
                token = new_token()
                await self._save_seats(live, room.with_seat(free, name=m.name, token=token_hash(token)))
                seat = free
            self._leave(device)
            await self._attach(live, device, seat, token)
            if live.room.full and not live.room.started:
                await self._start(live)
        self._link_qr(live, m.page)
        self._broadcast(live, lobby=True)

    async def _on_watch(self, device: Device, m: Message) -> None:
        live = await self._load(m.room, device.lang)
        self._leave(device)
        await self._attach(live, device, None, "")
        device.send(self.lobby(live.room, device.lang))
        self._picture(live, device, fresh=False)

    async def _attach(self, live: Live, device: Device, seat: int | None, token: str) -> None:
        device.room, device.seat, device.seen = live.room.code, seat, -1
        live.devices.add(device)
        live.empty_since = 0.0
        message: dict[str, Any] = {"type": "seated", "room": live.room.code, "shown": code_text(live.room.code),
                                   "seat": seat}
        if token:
            message["token"] = token  # (only to the seat's own device)
        if live.qr:
            message["qr"] = live.qr
        device.send(message)

    def _leave(self, device: Device) -> Live | None:
        """``device`` leaves its room (if any); the room it left."""
        live = self.live.get(device.room or "")
        if live is not None:
            live.devices.discard(device)
            if not live.devices:
                live.empty_since = self.clock()
        device.room, device.seat = None, None
        return live

    async def disconnect(self, device: Device) -> None:
        """``device`` is gone: its seat is away from now (unless another of its devices is here)."""
        for code in list(device.looking):
            live = self.live.get(code)
            if live is not None:
                live.devices.discard(device)
        if device.group is not None:
            self.teachers.get(device.group, set()).discard(device)
        seat = device.seat
        live = self._leave(device)
        if live is None or seat is None or any(d.seat == seat for d in live.devices):
            return
        async with live.lock:
            if live.room.seats[seat].person and not live.room.seats[seat].away_since:
                try:
                    await self._save_seats(live, live.room.with_seat(seat, away_since=self.clock()))
                except UserError:
                    return
        self._broadcast(live, lobby=True)

    # ------------------------------------------------------------------ playing
    async def _on_intent(self, device: Device, m: Message) -> None:
        _ = words(device.lang)
        live = self.live.get(device.room or "")
        if live is None or device.seat is None:
            raise UserError(_("Take a seat at a table first: only its players play."))
        assert m.intent is not None
        async with live.lock:
            if m.intent.seq != live.room.moves:  # an older picture's click (a double click): ignored
                self._picture(live, device, fresh=False)
                return
            referee = live.referee
            referee.flow.lang = device.lang
            try:
                room = referee.apply(device.seat, m.intent, self.clock())
            finally:
                referee.flow.lang = live.room.lang
            await self._save_game(live, room)
        self._broadcast(live)
        self._run_bots(live)

    async def _start(self, live: Live) -> None:
        await self._save_game(live, live.referee.start())
        self._run_bots(live)

    def _run_bots(self, live: Live) -> None:
        """The bots and the stand-ins play, one play at a time, :attr:`Limits.bot_delay` apart."""
        if live.bots is not None or not live.referee.bots_due():
            return

        async def run() -> None:
            try:
                while live.referee.bots_due():
                    await asyncio.sleep(live.referee.flow.bot_pause(self.limits.bot_delay) if self.limits.bot_delay
                                        else 0)
                    async with live.lock:
                        if not live.referee.bots_due():
                            break
                        await self._save_game(live, live.referee.bot_step(self.clock()))
                    self._broadcast(live)
            except UserError:
                return  # (another process changed the room meanwhile: it goes on from there)
            finally:
                live.bots = None

        live.bots = asyncio.ensure_future(run())

    # ------------------------------------------------------------------ saving
    async def _save_game(self, live: Live, room: Room) -> None:
        """Store a change of the game (the referee has made it); another process's change first: the room is
        read again and the device told to try again."""
        saved = await self.store.save_room(room)
        if saved is None:
            await self._reload(live)
            raise UserError(words(room.lang)("The table changed meanwhile; try again."))
        live.referee.room = saved
        live.texts.clear()
        await self.store.publish(saved.code, saved.version)

    async def _save_seats(self, live: Live, room: Room) -> None:
        saved = await self.store.save_room(room)
        if saved is None:
            await self._reload(live)
            raise UserError(words(room.lang)("The table changed meanwhile; try again."))
        live.referee.adopt(saved)
        live.texts.clear()
        await self.store.publish(saved.code, saved.version)

    async def _reload(self, live: Live) -> None:
        room = await self.store.room(live.room.code)
        if room is not None:
            live.referee = Referee(room)
            live.texts.clear()

    async def changed_elsewhere(self, code: str, version: int) -> None:
        """Another process changed ``code`` (its store said so): read it again and show it here."""
        live = self.live.get(code)
        if live is None or live.room.version >= version:
            return
        async with live.lock:
            before = live.room.moves
            await self._reload(live)
            if live.room.moves > before:
                live.referee.since = None
        self._broadcast(live, lobby=True)

    # ------------------------------------------------------------------ pictures
    def _picture(self, live: Live, device: Device, fresh: bool = True) -> None:
        """``device``'s picture of the table: its seat's snapshot (a spectator's, a teacher's look)."""
        room = live.room
        if not room.started:
            return
        look = device.room != room.code
        fresh = fresh and not look and device.seen == room.moves - 1
        key = (device.seat, device.lang, look, fresh)
        text = live.texts.get(key)
        if text is None:
            snap = live.referee.snapshot(device.seat, device.lang, reveal=look, fresh=fresh)
            text = json.dumps({"type": "snapshot", "room": room.code, "look": look, "snapshot": to_json(snap)},
                              ensure_ascii=False, separators=(",", ":"))
            live.texts[key] = text
        if not look:
            device.seen = room.moves
        device.send_text(text)

    def lobby(self, room: Room, lang: str) -> dict[str, Any]:
        """Who sits at ``room``, for its devices and the teacher (names, here or away, stand-ins)."""
        _ = words(lang)
        names = live_names(self.live.get(room.code), room, lang)
        return {"type": "room", "room": room.code, "shown": code_text(room.code), "variant": room.variant,
                "game": _(comet.VARIANTS[room.variant].name), "started": room.started,
                "seats": [{"name": names[i], "person": s.person, "taken": s.taken, "here": s.taken and not s.away_since,
                           "stand_in": s.stand_in} for i, s in enumerate(room.seats)]}

    def _broadcast(self, live: Live, lobby: bool = False) -> None:
        for device in list(live.devices):
            if lobby and device.room == live.room.code:
                device.send(self.lobby(live.room, device.lang))
            self._picture(live, device)
            if device.room != live.room.code:  # a teacher's look: the coach's suggestion follows
                self._coach_soon(live, device)
        if live.room.group:
            self._class_soon(live.room.group)

    # ------------------------------------------------------------------ time
    async def tick(self) -> None:
        """Every second or so: stand-ins for the absent, bots resumed, idle tables closed, empty ones let go."""
        now = self.clock()
        for live in list(self.live.values()):
            seat = live.referee.waiting_for()
            if seat is not None:
                away = live.room.seats[seat].away_since
                if away and now - away >= self.limits.stand_in_after:
                    async with live.lock:
                        try:
                            await self._save_seats(live, live.room.with_seat(seat, stand_in=True))
                        except UserError:
                            continue
                    self._broadcast(live, lobby=True)
            self._run_bots(live)
            if not live.devices and live.bots is None and live.empty_since and now - live.empty_since > 60:
                del self.live[live.room.code]
        if now - self._swept >= 30:
            self._swept = now
            await self.sweep(now)

    async def sweep(self, now: float) -> None:
        """Close the tables and classes untouched for :attr:`Limits.idle` seconds."""
        rooms, groups = await self.store.idle(now - self.limits.idle)
        for code in rooms:
            live = self.live.pop(code, None)
            await self.store.drop_room(code)
            for device in list(live.devices) if live is not None else []:
                device.send({"type": "closed", "room": code, "text": words(device.lang)(
                    "This table was closed after a long time without a move.")})
                device.room = device.seat = None
        for code in groups:
            await self.store.drop_group(code)
            self.teachers.pop(code, None)


def live_names(live: Live | None, room: Room, lang: str) -> list[str]:
    """Each seat's name as the table says it (a bot's own name, "Player N" for a free seat)."""
    referee = live.referee if live is not None else Referee(room)
    return list(referee.flow.names(lang).names)

