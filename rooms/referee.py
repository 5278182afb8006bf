"""A room's game, rebuilt from its record: the engine referees every intent, for the seat that sends it.

:class:`Referee` holds a :class:`~rooms.state.Room` and the :class:`~widgets.controllers.table.TableController`
it describes (its match replayed from the record, each person at a device of their own: no hand-over);
it applies a seat's intent (:func:`widgets.controllers.intents.act`: the same rules as a table at one
device), lets the bots and the stand-ins play one play at a time, counts each finished deal once
(:class:`~rooms.state.Result`) and makes each seat's snapshot (cached for the state and the language).
Every change returns the room's next record; the caller stores it before any device hears of it.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

import comet
from comet_render.i18n import words
from rooms.state import Result, Room
from widgets.controllers.checks import MAX_SEED, PERSON, UserError
from widgets.controllers.intents import Intent, act
from widgets.controllers.snapshot import Extras, Lens, Snapshot, snapshot
from widgets.controllers.table import TableController

Drawn = tuple[int, int, int]


def table_of(room: Room) -> TableController:
    """The table ``room`` describes: its seats and names, its match replayed from the record."""
    kinds = [s.kind for s in room.seats]
    flow = TableController(room.variant, room.players, room.seed, kinds, [s.name for s in room.seats], room.lang)
    flow.devices = True
    if room.record:
        match = comet.replay(room.record)
        assert isinstance(match, comet.Match), "a room's record is a match's"
        flow.match = match
    flow.stand_ins = {i for i, s in enumerate(room.seats) if s.person and s.stand_in}
    flow._settle_view()
    return flow


class Referee:
    def __init__(self, room: Room) -> None:
        self.room = room
        self.flow = table_of(room)
        self.since: Drawn | None = None
        """The state before the last change (what flies in on the next pictures)."""
        self._cache: dict[tuple[int | None, str, bool, bool], Snapshot] = {}
        self._narrators: dict[Any, Any] = {}

    # ------------------------------------------------------------------ pictures
    def offers(self) -> frozenset[str]:
        """A room offers the next deal, and a new match once the match is over (no undo: other people
        played since; no hint: a search on the server would slow every table)."""
        return frozenset({"next"} | ({"new"} if self.flow.match.is_over else set()))

    def snapshot(self, seat: int | None, lang: str, reveal: bool = False, fresh: bool = True) -> Snapshot:
        """What ``seat`` (None: a spectator; ``reveal``: the teacher, every hand open) sees now, in
        ``lang``; ``fresh``: the plays since the last change fly in (a device that saw the state before)."""
        key = (seat, lang, reveal, fresh)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        flow = self.flow
        flow.lang = lang
        try:
            snap = snapshot(flow, Lens(seat, seat, reveal=reveal, offers=self.offers()), Extras(
                seq=self.room.moves, since=self.since if fresh else None, narrators=self._narrators))
        finally:
            flow.lang = self.room.lang
        self._cache[key] = snap
        return snap

    # ------------------------------------------------------------------ changes
    def _changed(self, before: Drawn, touched: float | None = None, seed: int | None = None) -> Room:
        flow = self.flow
        self.since = before
        self._cache.clear()
        room = replace(self.room, record=flow.match.record(comments=False), moves=self.room.moves + 1,
                       touched=self.room.touched if touched is None else touched,
                       seed=self.room.seed if seed is None else seed,
                       record_deals=self.room.record_deals if seed is None else 0)
        return self._count(room)

    def _count(self, room: Room) -> Room:
        """Each finished deal counted once, as the teachers' tournament counts it (first hand, winner)."""
        match = self.flow.match
        rnd = match.round
        if not rnd.is_over or room.record_deals >= match.deal_number:
            return room
        outcome = rnd.outcome()
        assert outcome is not None
        result = Result(match.deal_number, rnd.players, rnd.leader, rnd.winner, tuple(outcome.payments))
        return replace(room, results=(*room.results, result), record_deals=match.deal_number)

    def drawn(self) -> Drawn:
        match = self.flow.match
        return (match.deal_number, len(match.round.history), len(match.round.ledger))

    def start(self) -> Room:
        """The table starts (every seat taken): its match is dealt."""
        return self._changed(self.drawn())

    def apply(self, seat: int, intent: Intent, now: float) -> Room:
        """``seat``'s intent applied; raises :class:`UserError` (nothing changed) when it cannot be."""
        if not self.room.started:
            raise UserError(words(self.room.lang)("The table starts when every seat is taken."))
        before = self.drawn()
        new_seed = secrets.randbelow(MAX_SEED + 1)
        done = act(self.flow, intent, seat, self.offers(), lambda: new_seed)
        return self._changed(before, touched=now, seed=new_seed if done.new_match else None)

    def bots_due(self) -> bool:
        """A bot, a stand-in, or a pass made for a person is to play."""
        return self.room.started and self.flow.bot_to_move()

    def bot_step(self, now: float) -> Room:
        before = self.drawn()
        self.flow.bot_step()
        return self._changed(before, touched=now)

    def waiting_for(self) -> int | None:
        """The person whose play the table waits for (None: none: a bot's turn, or the deal is over)."""
        rnd = self.flow.round
        if not self.room.started or rnd.is_over or rnd.to_play is None:
            return None
        seat = rnd.to_play
        return seat if self.room.seats[seat].kind == PERSON and seat not in self.flow.stand_ins else None

    def adopt(self, room: Room) -> None:
        """A change of the room's seats only (names, tokens, stand-ins): the game is the same."""
        self.room = room
        self.flow.stand_ins = {i for i, s in enumerate(room.seats) if s.person and s.stand_in}
        self.flow.typed = [s.name for s in room.seats]
        self._cache.clear()
