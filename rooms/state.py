"""A room's record and a class's: frozen values, written as JSON into the store.

A :class:`Room` holds what the server needs to referee a table and nothing a device receives as is:
the game and its seats (who sits, a hash of each seat's token, whether a bot stands in for an
absent person), the deal's secret seed and the match so far in the notation (``record``: the engine
replays it), the number of game changes (``moves``: a snapshot's number) and the finished deals'
results. A :class:`Group` is a teacher's class: its tables and a hash of the teacher's token.

Codes are 8 characters of an alphabet without look-alikes (40 bits: with the server's limit on
attempts, not guessed); tokens 32 random URL-safe characters (192 bits). Only their SHA-256 is kept.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, replace
from typing import Any

from comet_render.frozen import from_json, to_json

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""A code's characters: no 0/O, 1/I (read aloud or typed from a board)."""
CODE_LENGTH = 8


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def code_text(code: str) -> str:
    """A code as people read it: ``ABCD-EFGH``."""
    return f"{code[:4]}-{code[4:]}"


def read_code(text: Any) -> str | None:
    """The code in ``text`` (any case, with or without its dash and spaces), or None if it is not one."""
    if not isinstance(text, str) or len(text) > 20:
        return None
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: Any, kept: str) -> bool:
    """``token`` is the one whose hash is ``kept`` (compared in constant time)."""
    return isinstance(token, str) and bool(kept) and len(token) < 100 and hmac.compare_digest(token_hash(token), kept)


@dataclass(frozen=True)
class Seat:
    """A seat: a person (``kind`` ``person``) or a bot's kind; its name; the hash of its token ("" while
    nobody has taken it); since when no device of its person is connected (0: one is, or nobody came);
    a bot standing in for the person meanwhile."""

    kind: str
    name: str = ""
    token: str = ""
    away_since: float = 0.0
    stand_in: bool = False

    @property
    def person(self) -> bool:
        return self.kind == "person"

    @property
    def taken(self) -> bool:
        return not self.person or bool(self.token)


@dataclass(frozen=True)
class Result:
    """A finished deal, as the teachers' tournament counts it: its number, the players, the first hand
    (who led), the winner (None: nobody) and each seat's net."""

    deal: int
    players: int
    first: int
    winner: int | None
    net: tuple[int, ...]


@dataclass(frozen=True)
class Room:
    code: str
    variant: str
    players: int
    seed: int
    seats: tuple[Seat, ...]
    created: float
    touched: float
    record: str = ""
    """The match so far, in the notation ("" until the table starts)."""
    moves: int = 0
    version: int = 0
    """The store's version of this record (compare-and-set)."""
    lang: str = "en"
    group: str = ""
    """The code of the class this table belongs to ("" for friends' tables)."""
    results: tuple[Result, ...] = ()
    record_deals: int = 0
    """How many deals of the match are in ``results`` (each is counted once)."""

    @property
    def started(self) -> bool:
        return bool(self.record)

    @property
    def full(self) -> bool:
        return all(s.taken for s in self.seats)

    def seat_of(self, token: Any) -> int | None:
        """The seat whose token is ``token``, or None."""
        return next((i for i, s in enumerate(self.seats) if s.person and token_matches(token, s.token)), None)

    def with_seat(self, index: int, **changes: Any) -> "Room":
        seats = list(self.seats)
        seats[index] = replace(seats[index], **changes)
        return replace(self, seats=tuple(seats))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = to_json(self)
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Room":
        return from_json(cls, data)


@dataclass(frozen=True)
class Group:
    """A teacher's class: its tables' codes, the hash of the teacher's token, its game."""

    code: str
    token: str
    variant: str
    players: int
    rooms: tuple[str, ...]
    created: float
    touched: float
    name: str = ""
    lang: str = "en"
    version: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = to_json(self)
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Group":
        return from_json(cls, data)
