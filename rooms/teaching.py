"""The teacher's side of the room service: a class's tables opened at once, every table at a glance with
the tournament's results (:mod:`rooms.classes`), and a table opened with every hand face up and the
coach's suggestion for the seat to play (the search the lessons' coach uses, from that seat's view
only, run beside the server's loop). Only the holder of the class's token sees any of it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Callable

import comet
from comet_render.i18n import words
from comet_render.words import play_label
from rooms.classes import table_row, tally, tally_text
from rooms.messages import Message
from rooms.state import Group, Room, code_text, new_code, new_token, token_hash, token_matches
from widgets.controllers.checks import UserError

if TYPE_CHECKING:
    from rooms.live import Device, Limits, Live
    from rooms.store import Store

COACH_PLAYOUTS = 60
COACH_SECONDS = 0.15
"""The coach's search for the teacher (lighter than the lessons': a class has many tables)."""


class Teaching:
    """A part of :class:`rooms.service.Service`."""

    if TYPE_CHECKING:
        store: Store
        limits: Limits
        live: dict[str, Live]
        teachers: dict[str, set[Device]]
        qr: Callable[[str], str] | None
        clock: Callable[[], float]

        async def _quota(self, device: Device, tables: int) -> None: ...

        async def _new_room(self, m: Message, lang: str, group: str = "",
                            first: tuple[str, str] | None = None) -> Room: ...

        async def _load(self, code: str, lang: str) -> Live: ...

        def _adopt(self, room: Room) -> Live: ...

        def _picture(self, live: Live, device: Device, fresh: bool = True) -> None: ...

    _coached: dict[tuple[str, int], comet.Play | None]
    _pending: set[str]

    async def _on_class(self, device: "Device", m: Message) -> None:
        """A teacher opens ``m.tables`` tables of one game for a class."""
        await self._quota(device, m.tables)
        token = new_token()
        now = self.clock()
        code = new_code()
        rooms = [await self._new_room(m, device.lang, group=code) for _table in range(m.tables)]
        group = Group(code, token_hash(token), m.variant, m.players, tuple(r.code for r in rooms), now, now, m.name,
                      device.lang)
        if await self.store.save_group(group) is None:
            raise UserError(words(device.lang)("The table changed meanwhile; try again."))
        qrs = {r.code: self.qr(f"{m.page}?room={r.code}") for r in rooms} if m.page and self.qr is not None else {}
        self._enroll(device, code)
        device.send({"type": "taught", "class": code, "shown": code_text(code), "token": token, "qr": qrs})
        await self._send_class(code, {device})

    async def _on_teach(self, device: "Device", m: Message) -> None:
        """The teacher comes back to the class's view (the token kept by the page)."""
        _ = words(device.lang)
        group = await self.store.group(m.group)
        if group is None:
            raise UserError(_("No class has the code {code}: check it, or the class was closed after a long time "
                              "without a move.", code=code_text(m.group)))
        if not token_matches(m.token, group.token):
            raise UserError(_("That is not the token of this class's teacher."))
        self._enroll(device, group.code)
        device.send({"type": "taught", "class": group.code, "shown": code_text(group.code), "qr": {}})
        await self._send_class(group.code, {device})

    def _enroll(self, device: "Device", code: str) -> None:
        if device.group is not None and device.group != code:
            self.teachers.get(device.group, set()).discard(device)
            device.looking.clear()
        device.group = code
        self.teachers.setdefault(code, set()).add(device)

    async def _on_look(self, device: "Device", m: Message) -> None:
        """The teacher opens one of the class's tables: every hand, the coach's suggestion."""
        _ = words(device.lang)
        group = await self.store.group(device.group) if device.group is not None else None
        if group is None:
            raise UserError(_("Open your class first: only its teacher sees the hands."))
        if m.room not in group.rooms:
            raise UserError(_("That table is not one of your class's."))
        if m.room not in device.looking and len(device.looking) >= self.limits.max_tables:
            raise UserError(_("Close a table before you open another: at most {n} at once.", n=self.limits.max_tables))
        live = await self._load(m.room, device.lang)
        device.looking.add(m.room)
        live.devices.add(device)
        self._picture(live, device, fresh=False)
        self._coach_soon(live, device)

    # ------------------------------------------------------------------ the class at a glance
    async def class_view(self, code: str, lang: str) -> dict[str, Any]:
        group = await self.store.group(code)
        if group is None:
            return {"type": "closed", "class": code}
        rooms: list[Room] = []
        rows = []
        _ = words(lang)
        for room_code in group.rooms:
            live = self.live.get(room_code)
            if live is None:
                room = await self.store.room(room_code)
                if room is None:
                    continue
                live = self._adopt(room)
                live.empty_since = self.clock()
            flow = live.referee.flow
            rnd = flow.round
            turn = flow.names(lang)(rnd.to_play) if live.room.started and not rnd.is_over and rnd.to_play is not None \
                else ""
            present = {d.seat for d in live.devices if d.seat is not None}
            rows.append(table_row(live.room, present, turn, flow.match.deal_number if live.room.started else 0, lang))
            rooms.append(live.room)
        counted = tally(rooms)
        return {"type": "class", "class": group.code, "shown": code_text(group.code), "name": group.name,
                "game": _(comet.VARIANTS[group.variant].name), "players": group.players, "tables": rows,
                "tally": tally_text(counted, lang), "deals": counted.deals, "first_wins": counted.first_wins}

    async def _send_class(self, code: str, to: set["Device"]) -> None:
        views: dict[str, dict[str, Any]] = {}
        for device in to:
            if device.lang not in views:
                views[device.lang] = await self.class_view(code, device.lang)
            device.send(views[device.lang])

    def _class_soon(self, code: str) -> None:
        """The class's teachers see its tables again within half a second (one message for many changes)."""
        if not self.teachers.get(code) or code in self._pending:
            return
        self._pending.add(code)

        async def later() -> None:
            await asyncio.sleep(self.limits.class_every)
            self._pending.discard(code)
            await self._send_class(code, set(self.teachers.get(code, set())))

        asyncio.ensure_future(later())

    # ------------------------------------------------------------------ the coach
    def _coach_soon(self, live: "Live", device: "Device") -> None:
        rnd = live.referee.flow.round
        seat = rnd.to_play
        if not live.room.started or rnd.is_over or seat is None:
            return
        key = (live.room.code, live.room.moves)

        def say(play: comet.Play | None) -> None:
            if play is not None and live.room.moves == key[1]:
                _ = words(device.lang)
                device.send({"type": "coach", "room": key[0], "seat": seat, "play": play.text,
                             "text": _("The coach would play {play}.", play=play_label(_, play))})

        if key in self._coached:
            say(self._coached[key])
            return
        copy = rnd.copy()

        def search() -> comet.Play | None:
            ranked = comet.agents.hint(copy, playouts=COACH_PLAYOUTS, time_limit=COACH_SECONDS, seed=len(copy.history))
            return ranked[0].play if ranked else None

        async def run() -> None:
            play = await asyncio.get_running_loop().run_in_executor(None, search)
            self._coached[key] = play
            if len(self._coached) > 2000:
                self._coached.clear()
            say(play)

        asyncio.ensure_future(run())
