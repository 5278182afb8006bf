"""A table played at one device: a source of snapshots for a table's view.

:class:`LocalGame` holds a :class:`~widgets.controllers.table.TableController` and answers the view's
intents (:mod:`widgets.controllers.intents`) as a room's server does for each device: it applies
them, lets the bots play (one after another, a pause apart, :class:`~widgets.controllers.pacer.Pacer`),
and hands each new :class:`~widgets.controllers.snapshot.Snapshot` to its listeners. Whose hand a
snapshot shows follows the table (the one person, or pass-and-play's hand-over). Plain Python.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import comet
from widgets.controllers.checks import EXPECTED_ERRORS, MAX_SEED, message_text
from widgets.controllers.intents import Intent, act, stale
from widgets.controllers.pacer import Pacer
from widgets.controllers.snapshot import Extras, Lens, Snapshot, snapshot
from widgets.controllers.table import TableController

Listener = Callable[[Snapshot], None]


class LocalGame:
    """``flow`` played at this device; ``bot_delay``: seconds between two bot plays made one after
    another (0: at once); ``reveal``, ``four_colour``: how the felt is drawn; ``link``: the query of
    *Copy link to this position* for the state shown (None: no link)."""

    def __init__(self, flow: TableController, bot_delay: float = 0.0, reveal: bool = False,
                 four_colour: bool = False, link: Callable[[], str] | None = None) -> None:
        self.flow = flow
        self.bot_delay = bot_delay
        self.reveal = reveal
        self.four_colour = four_colour
        self.link = link
        self.listeners: list[Listener] = []
        self.pacer = Pacer(flow, self._step)
        self.seq = 0
        self.drawn: tuple[int, int, int] | None = None
        self.message = ""
        self.error = False
        self.readings: tuple[str, ...] = ()
        self.hinted: comet.Play | None = None
        self.featured: tuple[comet.Play, ...] = ()
        """Group or comet plays shown as buttons even when the others are in a list (a lesson's)."""
        self._seeds = random.SystemRandom()
        self.narrators: dict[Any, Any] = {}
        """The log's narration kept between pictures (:class:`comet_render.narrate.Narrator`)."""

    @property
    def offers(self) -> frozenset[str]:
        """Undo, hints, the next deal and a new match; the rule of the moment on the class table."""
        return frozenset({"undo", "hint", "new", "next"} | ({"rule"} if self.flow.mode == "class" else set()))

    def lens(self) -> Lens:
        flow = self.flow
        return Lens(flow.viewer, flow.you, flow.waiting, self.reveal, self.four_colour, self.offers)

    def extras(self, hinted: comet.Play | None) -> Extras:
        """What this source adds to the table's state in its next picture (a lesson adds more)."""
        return Extras(seq=self.seq, since=self.drawn, message=self.message, error=self.error, busy=self.pacer.moving,
                      hinted=hinted, featured=self.featured, link=self.link() if self.link is not None else "",
                      narrators=self.narrators, message_readings=self.readings)

    def snapshot(self) -> Snapshot:
        """The current picture (a new number each time: the view's buttons answer it)."""
        self.seq += 1
        hinted, self.hinted = self.hinted, None
        snap = snapshot(self.flow, self.lens(), self.extras(hinted))
        self.drawn = snap.drawn
        return snap

    def publish(self) -> Snapshot:
        """Make the current snapshot and hand it to every listener."""
        snap = self.snapshot()
        for listener in list(self.listeners):
            listener(snap)
        return snap

    def _step(self) -> None:
        self.publish()

    def say(self, *parts: str, error: bool = False, readings: tuple[str, ...] = ()) -> None:
        """Show the current state with this message (``error``: something could not be done; ``readings``:
        the readings of the sources it rests on, an "our reading" mark after it)."""
        self.message = " ".join(p for p in parts if p)
        self.error = error
        self.readings = readings
        self.publish()

    def restarted(self) -> None:
        """The match was set up anew (new settings): nothing of the last picture flies in."""
        self.pacer.stop()
        self.drawn = None

    def send(self, intent: Intent) -> None:
        """Apply the view's ``intent`` (one answering an older picture is ignored); a request that cannot
        be met is said in the message line, in the table's language, and changes nothing."""
        try:
            self.apply(intent)
        except EXPECTED_ERRORS as error:
            self.say(message_text(error, self.flow.lang), error=True)

    def apply(self, intent: Intent) -> None:
        """:meth:`send`, but a request that cannot be met raises (:data:`EXPECTED_ERRORS`; nothing changed):
        for a view that says errors itself."""
        if stale(intent, self.seq):
            return
        done = act(self.flow, intent, None, self.offers, lambda: self._seeds.randint(0, MAX_SEED))
        if done.new_match:
            self.restarted()
        if intent.kind == "undo":
            self.pacer.stop()
        self.hinted = done.hinted
        if not done.bots:
            self.say(done.said)
            return
        flow = self.flow
        after_play = intent.kind == "play"
        self.run_bots(lambda: self.say(done.said, *(flow.calls_since_play() if after_play else []),
                                       flow.turn_message()))

    def run_bots(self, then: Callable[[], None]) -> None:
        """The bots play to a person's turn (paced when a loop runs), then ``then()``; while they play,
        the pictures say so (``busy``)."""
        if self.pacer.run(self.bot_delay, then):
            self.publish()
