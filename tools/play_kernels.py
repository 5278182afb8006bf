"""The play server's kernel manager: a cap on live kernels, and no kernel kept for a page that never came.

Voilà 0.5.8 builds its kernel manager (``VoilaKernelManager``, which keeps the pools of pre-heated
kernels) on top of ``VoilaConfiguration.multi_kernel_manager_class``; ``tools/play_server.py`` sets
that to :class:`CometKernelManager`, so every kernel start, pooled or not, and every shutdown
passes here.

* **Live kernels** are those running or starting, pre-heated or a visitor's: at most
  ``max_kernels``. A kernel started for a visitor beyond it raises :class:`KernelCapReached` (the
  page handler answers 503). A visitor handed a pool's ready kernel adds no kernel, so is served
  even at the cap. A pool's refill waits until there is room, and starts alone: not while another
  kernel starts or a visitor's page is being rendered, ``refill_gap`` seconds after the refill
  before, and not within ``refill_hold`` seconds of a visitor refused for want of room (they try
  again: the room, and the two cores, are theirs first). After a flood, every pool's refills at
  once took the cores from the first visitor let in: 12.5 s, then 16 s, to a playable table.
* **A kernel handed to a visitor must be connected to** (the page opens its websocket) within
  ``connect_timeout`` seconds of its page being sent, else it is shut down: a plain GET of a page
  (a script, a scanner, a visitor gone before the page loaded) no longer keeps a kernel until the
  idle cut. Kernels waiting in a pool are not handed to anyone yet, so never cut this way. A
  kernel whose visitor is still downloading the page's files (about 5 MB of scripts: a minute on a
  class's shared Wi-Fi, or on a starved machine) is kept while they come, up to ``LOADING_LIMIT``.
* **Pre-heated kernels are spare room**: at the cap, a visitor whose page has no ready kernel takes
  the place of a pre-heated kernel waiting in another page's pool (:meth:`CometKernelManager.make_room`):
  kernels kept for visitors who may come never keep out one who came.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Int, TraitError

HANDED: ContextVar[Callable[[str], None] | None] = ContextVar("comet_handed", default=None)
"""Set by the page handler while it serves a page: told the id of a kernel started for it."""


class Room:
    """A place under the cap kept for one visitor's kernel (:meth:`CometKernelManager.make_room`)."""

    held = True


ROOM: ContextVar[Room | None] = ContextVar("comet_room", default=None)
"""Set by the page handler when a place was made for its visitor: their kernel takes it."""
QUIET = logging.getLogger("comet.play.made_room")
"""Where the page of a pre-heated kernel shut down to make room logs its end (nowhere)."""
QUIET.propagate = False
QUIET.addHandler(logging.NullHandler())
LOADING_LIMIT = 300.0
"""Seconds after its page was sent that a kernel is kept, unconnected, while its visitor is still
downloading the page's files; then it is cut even so."""
RENDER_LIMIT = 60.0
"""Seconds a handed kernel may take to render its page (Voilà's ``iopub_timeout``, as
``tools/serve.py`` sets it) before the wait for its connection starts anyway."""


class KernelCapReached(Exception):
    """No kernel may start now: ``max_kernels`` are live (or the server is stopping)."""


class CometKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Voilà's kernels, capped, and cut when their page never connects (see the module's docstring)."""

    max_kernels = Int(16, config=True, help="At most this many live kernels, pre-heated ones included.")
    connect_timeout = Float(60.0, config=True,
                            help="Seconds a page has, once sent, to connect to its kernel before it is shut down.")
    refill_gap = Float(2.0, config=True,
                       help="Seconds between two refills' starts (each takes about a second of CPU, page included).")
    refill_hold = Float(10.0, config=True, help="No refill starts within this many seconds of a visitor refused.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._starting = 0
        self._reserved = 0  # places made for visitors whose kernel has not started yet
        self._awaiting: dict[str, float] = {}  # kernel id -> when it is cut if its page has not connected
        self._rendering: set[str] = set()  # handed kernels whose page is not all sent yet
        self._sent: dict[str, float] = {}  # kernel id -> when its page was sent (while unconnected)
        self._connected: set[str] = set()
        self._freed = asyncio.Event()
        self._closing = False
        self._last_refill = -math.inf
        self._last_refused = -math.inf
        self.pool_waiting = 0
        """Pool refills waiting for room now."""
        self.cut = 0
        """Kernels shut down so far because their page never connected."""

    def live(self) -> int:
        """Kernels running or starting (and places kept for a visitor's)."""
        return len(self.list_kernel_ids()) + self._starting + self._reserved

    def has_room(self) -> bool:
        return not self._closing and self.live() < self.max_kernels

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        """A kernel, if there is room: a pool's refill (``VOILA_PREHEAT=True``) waits for it; a start
        for a visitor raises :class:`KernelCapReached` without it, and tells :data:`HANDED`."""
        pooled = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        room = None if pooled else ROOM.get()
        if pooled:
            await self._wait_for_room()
        elif room is not None and room.held:  # (the place made for this visitor)
            room.held = False
            self._reserved -= 1
        elif not self.has_room():
            raise KernelCapReached(f"{self.live()} kernels are live, the cap is {self.max_kernels}")
        self._starting += 1
        try:
            kernel_id: str = await super().start_kernel(**kwargs)
        finally:
            self._starting -= 1
            self.room_may_have_freed()  # (a refill may start now)
        handed = None if pooled else HANDED.get()
        if handed is not None:
            handed(kernel_id)
        return kernel_id

    def refused(self) -> None:
        """A visitor was refused for want of room (they will try again)."""
        self._last_refused = time.monotonic()

    def _may_refill(self) -> bool:
        """Whether a pool's refill may start now: room, no other kernel starting nor page rendering,
        the refill before started ``refill_gap`` s ago and no visitor refused ``refill_hold`` s."""
        now = time.monotonic()
        return (self.has_room() and self._starting == 0 and not self._rendering
                and now - self._last_refill >= self.refill_gap and now - self._last_refused >= self.refill_hold)

    async def _wait_for_room(self) -> None:
        while not self._may_refill():
            if self._closing:
                raise KernelCapReached("the server is stopping")
            self.pool_waiting += 1
            try:
                await asyncio.wait_for(self._freed.wait(), max(0.05, min(self.refill_gap, self.refill_hold)))
            except TimeoutError:
                pass  # (the gap has passed: look again)
            finally:
                self.pool_waiting -= 1
        self._last_refill = time.monotonic()

    def room_may_have_freed(self) -> None:
        """Wake the refills waiting for room (they look again)."""
        event, self._freed = self._freed, asyncio.Event()
        event.set()

    def _pools_now(self) -> dict[str, list[Any]]:
        """Voilà's pools (``VoilaKernelManager._pools``, Voilà 0.5.8: page -> its entries, tasks
        whose result names the kernel); none when pre-heating is off."""
        pools = getattr(self, "_pools", None)
        return pools if isinstance(pools, dict) else {}

    def _ready(self, entry: Any) -> str | None:
        if not entry.done() or entry.cancelled() or entry.exception() is not None:
            return None
        kernel_id = entry.result().get("kernel_id")
        return kernel_id if isinstance(kernel_id, str) and kernel_id in self else None

    def _settled(self, entry: Any) -> bool:
        """Ready, and its page running in it (Voilà's renderer has its kernel client: shut down
        before that, the page's task fails with an error nobody reads)."""
        renderer = entry.result().get("renderer") if self._ready(entry) else None
        return self._ready(entry) is not None and (
            renderer is None or getattr(getattr(renderer, "executor", None), "kc", None) is not None)

    def pool_kernel(self, notebook: str) -> str | None:
        """The kernel a visitor of ``notebook`` would be handed from its pool now, if it is ready:
        Voilà takes the pool's first entry, and awaits it if it is still starting, or waiting for
        room. None when that entry is not ready."""
        pool = self._pools_now().get(notebook)
        return self._ready(pool[0]) if pool else None

    async def make_room(self, notebook: str) -> Room | None:
        """At the cap, a place for the kernel of a visitor of ``notebook``, made by shutting down a
        pre-heated kernel waiting in another page's pool (of the pool with the most ready): its
        replacement waits for room. None if no pool has one ready."""
        ready = [(sum(self._settled(e) for e in pool), name, i)
                 for name, pool in self._pools_now().items() if name != notebook
                 for i, entry in enumerate(pool) if self._settled(entry)]
        if self._closing or not ready:
            return None
        _, name, i = max(ready)
        pooled = self._pools_now()[name][i].result()
        room = Room()
        self._reserved += 1  # (counted before its kernel goes: no refill may take the place)
        self.log.info("At the cap: the pre-heated kernel %s of %s makes room for a visitor of %s",
                      pooled["kernel_id"], name, notebook)
        # Its page, run ahead of a visitor, is waiting in the kernel: it fails as the kernel goes,
        # and Voilà would log that with a traceback. Not an error here.
        renderer = pooled.get("renderer")
        for part in (renderer, getattr(renderer, "executor", None)):
            if part is not None:
                part.log = QUIET
        await self._shut_down_if_there(pooled["kernel_id"])
        refill = getattr(self, "fill_if_needed", None)  # (Voilà's: its pool's replacement, in line for room)
        if callable(refill):
            refill(notebook_name=name)
        return room

    def release(self, room: Room) -> None:
        """The place made for a visitor who, after all, got no kernel started."""
        if room.held:
            room.held = False
            self._reserved -= 1
            self.room_may_have_freed()

    def hand_out(self, kernel_id: str) -> None:
        """``kernel_id`` was handed to a visitor: its page must connect (see :meth:`page_sent`)."""
        self._rendering.add(kernel_id)
        if kernel_id not in self._connected:
            self._awaiting[kernel_id] = time.monotonic() + RENDER_LIMIT + self.connect_timeout

    def page_sent(self, kernel_id: str) -> None:
        """The visitor has the whole page of ``kernel_id``: it has ``connect_timeout`` s to connect."""
        self._rendering.discard(kernel_id)
        self.room_may_have_freed()
        if kernel_id in self._awaiting:
            self._sent[kernel_id] = time.monotonic()
            self._awaiting[kernel_id] = self._sent[kernel_id] + self.connect_timeout

    def awaiting(self) -> int:
        """Kernels handed out whose page has not connected yet."""
        return len(self._awaiting)

    def notify_connect(self, kernel_id: str) -> None:
        self._connected.add(kernel_id)
        self._awaiting.pop(kernel_id, None)
        self._sent.pop(kernel_id, None)
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]

    async def cut_unconnected(self, loading: Callable[[str], bool] = lambda kernel_id: False) -> list[str]:
        """Shut down (at once) every handed kernel whose page has not connected in time, unless
        ``loading(its id)``: its visitor is still downloading the page's files (up to
        :data:`LOADING_LIMIT`); their ids."""
        now = time.monotonic()
        late = []
        for kid, deadline in list(self._awaiting.items()):
            if deadline > now:
                continue
            if loading(kid) and now - self._sent.get(kid, now) < LOADING_LIMIT:
                self._awaiting[kid] = now + min(5.0, self.connect_timeout / 4)  # (look again then)
                continue
            del self._awaiting[kid]
            self._sent.pop(kid, None)
            late.append(kid)
        late = [kid for kid in late if kid in self]
        if late:
            self.log.warning("Shutting down %d kernel(s) whose page did not connect within %g s: %s",
                             len(late), self.connect_timeout, " ".join(late))
            await asyncio.gather(*(self._shut_down_if_there(kid) for kid in late))
            self.cut += len(late)
        self.room_may_have_freed()  # (also after kernels that ended by themselves)
        return late

    async def _shut_down_if_there(self, kernel_id: str) -> None:
        try:
            await self.shutdown_kernel(kernel_id, now=True)
        except web.HTTPError:  # (its page was left meanwhile: already gone)
            pass

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """jupyter_server's idle cull, but for a kernel still starting: it is listed before its
        ``last_activity`` is set, and reading it then raised a ``TraitError`` that the culler logged
        with its traceback (kernels start often in a flood)."""
        try:
            self.get_kernel(kernel_id).last_activity  # type: ignore[attr-defined]
        except (KeyError, TraitError):
            return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
        finally:
            self._awaiting.pop(kernel_id, None)
            self._sent.pop(kernel_id, None)
            self._connected.discard(kernel_id)
            self._rendering.discard(kernel_id)
            self.room_may_have_freed()

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Stop: the refills waiting for room give up (Voilà then awaits every pool entry)."""
        self._closing = True
        self.room_may_have_freed()
        await super().shutdown_all(*args, **kwargs)
