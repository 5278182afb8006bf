"""Your record at the play tables: deals played, won and net, by game and by the bots you played.

One JSON value, kept in the reader's browser by the play pages (:mod:`widgets.browser`, key
:data:`STORAGE_KEY`) and read by the landing page's small script (:mod:`website.landing`)::

    {"v": 1, "cleared": 0.0,
     "sessions": {"<id>": {"t": <start, s>, "rows": {"<variant id>|<bots>": [deals, won, net]}}}}

Each open table counts its own deals in a *session* of its own (a random id; its counts only grow),
so that two tabs playing at once never count a deal twice nor lose one: a merge keeps, for every
session, the copy that has counted more deals (:meth:`Record.merge`). *Clear* stamps the time
(``cleared``) and empties the sessions; a merge drops every session begun before the latest clear,
and a table whose own session was so dropped starts a new one. ``<bots>`` is the kind of the bots
the player played against (:data:`widgets.controllers.checks.BOT_KINDS`), or :data:`MIXED`.

Plain Python (no widgets): the play table adds a finished deal (:meth:`TableController.take_result`),
and stores :meth:`Record.text`.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    import comet

STORAGE_KEY = "comet:record"
MIXED = "mixed"
"""The opponents' kind when the bots you played were of several kinds."""


@dataclass(frozen=True)
class DealResult:
    """One finished deal as the record counts it."""

    variant: str
    opponents: str
    """The kind of the bots played against (:data:`MIXED` for several kinds)."""
    won: bool
    """The player (or the player's side, in a partnership) won the deal."""
    net: int
    """The player's net for the deal, in the game's unit."""


@dataclass
class Tally:
    """Deals played, won, and the net of them."""

    deals: int = 0
    won: int = 0
    net: int = 0

    def add(self, other: "Tally") -> None:
        self.deals += other.deals
        self.won += other.won
        self.net += other.net


@dataclass
class Session:
    """What one table counted since it opened: ``rows[(variant, opponents)]``."""

    start: float
    rows: dict[tuple[str, str], Tally] = field(default_factory=dict)

    @property
    def deals(self) -> int:
        return sum(t.deals for t in self.rows.values())


def _new_id() -> str:
    return f"{random.SystemRandom().getrandbits(64):016x}"


class Record:
    """The player's record: :meth:`add` a deal, :meth:`merge` another tab's copy, :meth:`clear` it."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.cleared = 0.0
        self.sessions: dict[str, Session] = {}
        self.own = _new_id()
        self.sessions[self.own] = Session(clock())

    # ------------------------------------------------------------------ counting
    def add(self, result: DealResult) -> None:
        row = self.sessions[self.own].rows.setdefault((result.variant, result.opponents), Tally())
        row.deals += 1
        row.won += 1 if result.won else 0
        row.net += result.net

    def clear(self) -> None:
        """Forget every deal (in every tab, once they merge this copy)."""
        self.cleared = self.clock()
        self.sessions = {}
        self.own = _new_id()
        self.sessions[self.own] = Session(self.cleared)

    # ------------------------------------------------------------------ reading
    def _totals(self, key: Callable[[tuple[str, str]], str]) -> dict[str, Tally]:
        out: dict[str, Tally] = {}
        for session in self.sessions.values():
            for row, tally in session.rows.items():
                out.setdefault(key(row), Tally()).add(tally)
        return out

    def by_game(self) -> dict[str, Tally]:
        return self._totals(lambda row: row[0])

    def by_opponents(self) -> dict[str, Tally]:
        return self._totals(lambda row: row[1])

    def total(self) -> Tally:
        out = Tally()
        for tally in self.by_game().values():
            out.add(tally)
        return out

    # ------------------------------------------------------------------ the stored form
    def text(self) -> str:
        return json.dumps({"v": 1, "cleared": self.cleared, "sessions": {
            sid: {"t": s.start, "rows": {f"{v}|{o}": [t.deals, t.won, t.net] for (v, o), t in s.rows.items()}}
            for sid, s in self.sessions.items() if s.rows or sid == self.own}}, sort_keys=True)

    @staticmethod
    def _read(text: str | None) -> tuple[float, dict[str, Session]]:
        """(cleared, sessions) of a stored text; what cannot be read is left out."""
        try:
            data: Any = json.loads(text) if text else {}
        except ValueError:
            return 0.0, {}
        if not isinstance(data, dict):
            return 0.0, {}
        cleared = data.get("cleared")
        cleared = float(cleared) if isinstance(cleared, (int, float)) and not isinstance(cleared, bool) else 0.0
        sessions: dict[str, Session] = {}
        found = data.get("sessions")
        for sid, raw in (found.items() if isinstance(found, dict) else ()):
            if not isinstance(sid, str) or not isinstance(raw, dict):
                continue
            start = raw.get("t")
            rows = raw.get("rows")
            if not isinstance(start, (int, float)) or isinstance(start, bool) or not isinstance(rows, dict):
                continue
            session = Session(float(start))
            for key, counts in rows.items():
                if (isinstance(key, str) and key.count("|") == 1 and isinstance(counts, list) and len(counts) == 3
                        and all(isinstance(n, int) and not isinstance(n, bool) for n in counts)
                        and 0 <= counts[1] <= counts[0]):
                    variant, opponents = key.split("|")
                    session.rows[(variant, opponents)] = Tally(*counts)
            sessions[sid] = session
        return cleared, sessions

    @classmethod
    def parse(cls, text: str | None, clock: Callable[[], float] = time.time) -> "Record":
        """The record a stored text holds, with a new session of this table's own."""
        out = cls(clock)
        out.merge(text)
        return out

    def merge(self, text: str | None) -> bool:
        """Fold in another copy (another tab's, or the landing page's *Clear*): for every session the
        copy that counted more deals; the later clear, which drops the sessions begun before it (this
        table's own included: it starts a new one). Returns whether anything changed."""
        cleared, sessions = self._read(text)
        changed = False
        if cleared > self.cleared:
            self.cleared = cleared
            self.sessions = {sid: s for sid, s in self.sessions.items() if s.start >= cleared}
            changed = True
        for sid, session in sessions.items():
            if session.start < self.cleared:
                continue
            mine = self.sessions.get(sid)
            if mine is None or session.deals > mine.deals:
                self.sessions[sid] = session
                changed = True
        if self.own not in self.sessions:
            self.own = _new_id()
            self.sessions[self.own] = Session(max(self.clock(), self.cleared))
        return changed


class RecordCount:
    """What of a :class:`~widgets.controllers.table.TableController`'s deals goes into the player's record
    (it provides ``round``, ``match``, ``you``, ``seats``, ``mode``, ``opened`` and ``partner``)."""

    mode: str
    opened: bool
    seats: list[str]
    _counted: tuple[int, int] | None

    if TYPE_CHECKING:
        match: comet.Match

        @property
        def round(self) -> comet.Round: ...

        @property
        def you(self) -> int | None: ...

        def partner(self, seat: int) -> int | None: ...

    def take_result(self) -> DealResult | None:
        """The deal just finished as the player's record counts it, once per deal: one person at the
        table ("you"), not the class table, a deal dealt here from its start (not opened from a
        position); None otherwise, or if it was already taken."""
        rnd, match = self.round, self.match
        key = (id(match), match.deal_number)
        you = self.you
        if not rnd.is_over or self.opened or self.mode == "class" or you is None or self._counted == key:
            return None
        outcome = rnd.outcome()
        assert outcome is not None
        self._counted = key
        side = {you, self.partner(you)} - {None}
        opponents = sorted({self.seats[s] for s in range(rnd.players) if s not in side})
        return DealResult(match.variant.id, opponents[0] if len(opponents) == 1 else MIXED,
                          outcome.winner is not None and outcome.winner in side, outcome.payments[you])
