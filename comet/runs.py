"""The runs of a deal: the one definition every reader of the event log uses.

A *run* is the sequence of card plays from a lead to the stop that ends it (a king, the
comet, a hoc, a card whose successor is out of play, a card that stops by rule, or nobody
able to go on), or to the end of the deal (a player out, a blocked deal).  A deal, or a
redeal, starts afresh.  Runs are the comet's "tail" (S0, S1): the simulation's records
(``GameRecord.runs``), the table's trail (:func:`comet_render.svg_table.runs`) and the book's
figures all count them here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from comet.cards import Card
from comet.events import Blocked, Dealt, Event, Played, Redealt, Stop, Stopped, WentOut
from comet.plays import Play

__all__ = ["Run", "open_run", "runs_of"]


@dataclass
class Run:
    """One run: its plays (seat, play) and cards in order, and the stop that ended it."""

    plays: list[tuple[int, Play]] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    stop: Stop | None = None
    """The stop's reason, or ``None`` if the deal ended the run or it is open."""
    stop_seat: int = -1
    """The seat whose play was stopped (who leads next), or -1."""
    notes: list[str] = field(default_factory=list)
    """Words for a display (what each wild card stood for); filled by the table's reader."""


def runs_of(events: Iterable[Event]) -> list[Run]:
    """The runs in a round's event log (``Round.events``), oldest first; the last may be open.
    Only runs with cards are returned."""
    return [r for r in _scan(events) if r.cards]


def open_run(events: Iterable[Event]) -> Run | None:
    """The run in progress: played to, not yet stopped or ended; ``None`` on a new lead."""
    last = _scan(events)[-1]
    return last if last.cards and not last.stop else None


def _scan(events: Iterable[Event]) -> list[Run]:
    out: list[Run] = [Run()]
    for event in events:
        run = out[-1]
        if isinstance(event, Played):
            if run.stop:
                run = Run()
                out.append(run)
            run.plays.append((event.seat, event.play))
            run.cards.extend(event.play.cards)
        elif isinstance(event, Stopped):
            if run.cards and not run.stop:
                run.stop = event.reason
                run.stop_seat = event.seat
            if run.cards:
                out.append(Run())
        elif isinstance(event, _RUN_ENDS) and run.cards:
            out.append(Run())
    return out


_RUN_ENDS = (Dealt, Redealt, WentOut, Blocked)
"""Events after which a new run begins (besides a stop)."""
