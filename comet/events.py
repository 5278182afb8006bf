"""The event log's records: one typed record for each thing that happens in a deal.

``Round.events`` lists them in order; every reader of the log (the narration, a seat's view,
the simulation's records, the table's trail, the book) reads these fields, and runs are
found by :func:`comet.runs.runs_of` alone. Each record is a named tuple whose last field,
``kind``, names it (``"play"``, ``"stop"``...), so records print and compare as values::

    >>> from comet import Round
    >>> rnd = Round.from_hands("modern-comet-1991", ["7H 8H", "9H KD"], pack="red")
    >>> _ = rnd.play("7H")
    >>> rnd.events[-1]
    Played(seat=0, play=Play.parse('7H'), targets=None, kind='play')

Read them with ``match`` (``case Played(seat, play):``), ``isinstance`` or ``event.kind``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal, NamedTuple, Union, get_args

from comet.cards import Card
from comet.ledger import Payment
from comet.plays import Play, Target

__all__ = [
    "Event", "Dealt", "Paid", "Redealt", "Kept", "Discarded", "Drew", "Blanche", "Played", "Passed",
    "Stopped", "Claimed", "Lapsed", "Switched", "Unswitched", "Branched", "WentOut", "Blocked", "Stop",
]


class Stop(StrEnum):
    """Why a run stopped (:class:`Stopped`); its words are in :data:`STOP_WORDS`."""

    KING = "king"
    COMET = "comet"
    HOC = "hoc"
    CARD = "card"
    FIXED = "fixed"
    INCIDENTAL = "incidental"

    @property
    def label(self) -> str:
        """A few words, for a caption: ``"a king"``."""
        return STOP_WORDS[self][0]

    @property
    def rule(self) -> str:
        """The rule in a clause, with its sources: ``"a king is a stop (S0, S1; Enc for 1718; PW for Yanovsky)"``."""
        return STOP_WORDS[self][1]


STOP_WORDS: dict[Stop, tuple[str, str]] = {
    Stop.KING: ("a king", "a king is a stop (S0, S1; Enc for 1718; PW for Yanovsky)"),
    Stop.COMET: ("the comet", "the comet is a stop (S2; S0, S1 for 1991; AMB-39 for 1752)"),
    Stop.HOC: ("a hoc", "a hoc cuts all others (FR-Hoc; AMB-5)"),
    Stop.CARD: ("the next card is out of the pack", "its successor is out of the pack, so it is a stop (PJ; W-Hocs)"),
    Stop.FIXED: ("a stop by rule", "this card is a stop by rule (S0, S1)"),
    Stop.INCIDENTAL: ("nobody could go on", "nobody could go on, so the last player leads (S0, S1; Enc for 1718)"),
}
"""Each stop in words, ``(label, rule)``: the one table of them (the table's captions and the
narration read it).  The rules hold in every game that has the stop, so each cites the sources that
give it for the modern game and the others: S0 and S1 give the king and the incidental stop for 1718,
1991 and Commit; Enc describes the old game of 1718 only; PW gives Yanovsky's king (AMB-30)."""

STOP_KING, STOP_COMET, STOP_HOC, STOP_CARD, STOP_FIXED, STOP_INCIDENTAL = Stop
"""The stops as module constants, for the hot path (see :data:`comet.state.PHASE_PLAY`)."""

class Dealt(NamedTuple):
    """The deal: ``dealer`` dealt, ``leader`` (eldest) leads."""

    dealer: int
    leader: int
    kind: Literal["deal"] = "deal"


class Paid(NamedTuple):
    """A payment in play (or the ante), also in ``Round.ledger``."""

    payment: Payment
    kind: Literal["pay"] = "pay"


class Redealt(NamedTuple):
    """The first hand used its right to a new deal (1752, S0, S1)."""

    seat: int
    kind: Literal["redeal"] = "redeal"


class Kept(NamedTuple):
    """The first hand kept its cards."""

    seat: int
    kind: Literal["keep"] = "keep"


class Discarded(NamedTuple):
    """A discard for the exchange (S2); ``card`` is ``None`` in other seats' views."""

    seat: int
    card: Card | None
    kind: Literal["discard"] = "discard"


class Drew(NamedTuple):
    """A draw from the talon: ``taken`` cards, and the ``left`` ones the player saw and set
    aside or passed on (``None`` each in other seats' views)."""

    seat: int
    taken: int
    left: tuple[Card | None, ...]
    kind: Literal["draw"] = "draw"


class Blanche(NamedTuple):
    """A carte blanche shown, ``with_comet`` or not (S0, S1)."""

    seat: int
    with_comet: bool
    kind: Literal["blanche"] = "blanche"


class Played(NamedTuple):
    """A card play (one card, a group, or a wild card standing for a target), and what was needed
    when it was made (``targets``; ``None`` on a lead)."""

    seat: int
    play: Play
    targets: tuple[Target, ...] | None
    kind: Literal["play"] = "play"


class Passed(NamedTuple):
    """A pass, with what was needed (``targets``; ``None`` when the lead was passed)."""

    seat: int
    targets: tuple[Target, ...] | None
    kind: Literal["pass"] = "pass"


class Stopped(NamedTuple):
    """The run stopped (``reason``: a :class:`Stop`); ``seat`` leads anew."""

    seat: int
    reason: Stop
    kind: Literal["stop"] = "stop"


class Claimed(NamedTuple):
    """The manille's fiche claimed before the next card (S0, S1)."""

    seat: int
    kind: Literal["claim"] = "claim"


class Lapsed(NamedTuple):
    """The manille's claim lapsed: a card was played before it was made."""

    seat: int
    kind: Literal["lapse"] = "lapse"


class Switched(NamedTuple):
    """The comet was played: whoever holds the next card plays it (Arnold 2011)."""

    seat: int
    kind: Literal["switch"] = "switch"


class Unswitched(NamedTuple):
    """The run is over: turns go round again (AMB-28)."""

    seat: int
    kind: Literal["unswitch"] = "unswitch"


class Branched(NamedTuple):
    """The comet opened a branch: either ``targets`` may follow (Hoyle 1991)."""

    seat: int
    targets: tuple[Target, ...]
    kind: Literal["branch"] = "branch"


class WentOut(NamedTuple):
    """A player played its last card and wins the deal."""

    seat: int
    kind: Literal["out"] = "out"


class Blocked(NamedTuple):
    """Everybody passed on a lead: the deal ends, each hand counted (S2, PW)."""

    counts: tuple[int, ...]
    kind: Literal["blocked"] = "blocked"


Event = Union[Dealt, Paid, Redealt, Kept, Discarded, Drew, Blanche, Played, Passed, Stopped, Claimed, Lapsed,
              Switched, Unswitched, Branched, WentOut, Blocked]
"""Any record of the event log."""

BY_KIND: dict[str, Any] = {cls._field_defaults["kind"]: cls for cls in get_args(Event)}
"""Each record's class by its ``kind``."""

LoggedEvent = Union[Event, tuple[Any, ...]]
"""An entry of ``Round``'s own log: a record, or the values of one as a plain tuple, in its
order (its ``kind`` last). The records made at every play (Played, Passed, Stopped, Paid) are
kept so: a named tuple costs about five times a plain one to build (``tuple.__new__`` on a
subclass, counted with valgrind), and they were a fifth of a play's cost. ``Round.events``
gives every entry as its record (:func:`named`), so no reader ever sees a plain tuple."""


def named(entry: LoggedEvent) -> Event:
    """A log entry as its record (a record is returned as it is)."""
    if entry.__class__ is tuple:
        record: Event = BY_KIND[entry[-1]]._make(entry)
        return record
    return entry  # type: ignore[return-value]
