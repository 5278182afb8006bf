"""The bots' plays one after another, a pause apart, on the running asyncio loop (a Jupyter kernel's,
Voilà's, Pyodide's, a room server's; no threads, which Pyodide lacks). The plays themselves are the
controller's (:meth:`widgets.controllers.table.TableController.bot_step`); this only paces them and
says when each is made, so that its source can send the next snapshot. Plain Python (no ipywidgets).
"""

from __future__ import annotations

import asyncio
import sys
import warnings
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from widgets.controllers.table import TableController


def running_loop() -> Any:
    """The event loop running this code (a Jupyter kernel's, Pyodide's), or None (a plain script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform != "emscripten":  # (Pyodide calls back from the page outside a running task)
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            loop = asyncio.get_event_loop_policy().get_event_loop()
        except RuntimeError:
            return None
    return loop if loop.is_running() else None


class Pacer:
    """Runs a table's bots to a person's turn: one after another, ``delay`` seconds apart, under a
    running loop (``on_step()`` is called after each play but the last), else all at once."""

    def __init__(self, flow: "TableController", on_step: Callable[[], None]) -> None:
        self.flow = flow
        self.on_step = on_step
        self._generation = 0
        self._timer: Any = None
        self._then: Callable[[], None] | None = None

    @property
    def moving(self) -> bool:
        """True while the bots' plays are being made one after another."""
        return self._then is not None

    def run(self, delay: float, then: Callable[[], None]) -> bool:
        """Let the bots play until a person's turn or the end of the deal, then call ``then``. Returns
        True when the plays are paced (``then`` comes later), False when they were made at once."""
        self.stop()
        flow = self.flow
        loop = running_loop() if delay > 0 and flow.bot_to_move() else None
        if loop is None:
            flow.run_bots()
            then()
            return False
        pause = flow.bot_pause(delay)
        self._then = then
        generation = self._generation

        def step() -> None:
            if generation != self._generation:
                return  # stopped (undo, new match, new settings)
            try:
                flow.bot_step()
                more = flow.bot_to_move()
            except BaseException:  # a bot's error is a bug: the sequence ends and it is raised
                self.stop()
                raise
            if more:
                self.on_step()
                self._timer = loop.call_later(pause, step)
            else:
                done = self._then
                self.stop()
                if done is not None:
                    done()

        self._timer = loop.call_later(pause, step)
        return True

    def stop(self) -> None:
        """Forget a sequence of bot plays under way (the state stays as it is)."""
        self._generation += 1
        timer, self._timer, self._then = self._timer, None, None
        if timer is not None:
            timer.cancel()
