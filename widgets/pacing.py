"""The bots' plays drawn one after another on a page, a pause apart (the asyncio loop of a Jupyter
kernel, Voilà or Pyodide; no threads, which Pyodide lacks). The plays themselves are the
controller's (:meth:`widgets.controllers.table.TableController.bot_step`); this only paces them."""

from __future__ import annotations

import asyncio
import sys
import warnings
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from widgets.play import PlayTable


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


class BotPacer:
    """Runs a table's bots to a person's turn: one after another under a running loop (the root
    carries ``comet-busy`` meanwhile, and the table is drawn after each play), else all at once."""

    def __init__(self, table: "PlayTable") -> None:
        self.table = table
        self._generation = 0
        self._timer: Any = None
        self._then: Callable[[], None] | None = None

    @property
    def moving(self) -> bool:
        """True while the bots' plays are being drawn one after another."""
        return self._then is not None

    def run(self, then: Callable[[], None]) -> None:
        """Let the bots play until a person's turn or the end of the deal, then call ``then``."""
        self.stop()
        table = self.table
        flow = table.flow
        loop = running_loop() if table.bot_delay > 0 and flow.bot_to_move() else None
        if loop is None:
            flow.run_bots()
            then()
            return
        delay = flow.bot_pause(table.bot_delay)
        self._then = then
        table._refresh()
        table.add_class("comet-busy")
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
                table._refresh()
                self._timer = loop.call_later(delay, step)
            else:
                done = self._then
                self.stop()
                if done is not None:
                    done()

        self._timer = loop.call_later(delay, step)

    def stop(self) -> None:
        """Forget a sequence of bot plays under way (the state stays as it is)."""
        self._generation += 1
        timer, self._timer, self._then = self._timer, None, None
        if timer is not None:
            timer.cancel()
        if "comet-busy" in self.table._dom_classes:
            self.table.remove_class("comet-busy")
