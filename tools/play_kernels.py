"""The play server's kernel manager: a cap on live kernels, and no kernel kept for a page that never came.

Voilà 0.5.8 builds its kernel manager (``VoilaKernelManager``, which keeps the pools of pre-heated
kernels) on top of ``VoilaConfiguration.multi_kernel_manager_class``; ``tools/play_server.py`` sets
that to :class:`CometKernelManager`, so every kernel start, pooled or not, and every shutdown
passes here.

* **Live kernels** are those running or starting, pre-heated or a visitor's: at most
  ``max_kernels``. A kernel started for a visitor beyond it raises :class:`KernelCapReached` (the
  page handler answers 503); a pool's refill waits until there is room (a kernel shut down), then
  starts. A visitor handed a pool's ready kernel adds no kernel, so is served even at the cap.
* **A kernel handed to a visitor must be connected to** (the page opens its websocket) within
  ``connect_timeout`` seconds of its page being sent, else it is shut down: a plain GET of a page
  (a script, a scanner, a visitor gone before the page loaded) no longer keeps a kernel until the
  idle cut. Kernels waiting in a pool are not handed to anyone yet, so never cut this way.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Int

HANDED: ContextVar[Callable[[str], None] | None] = ContextVar("comet_handed", default=None)
"""Set by the page handler while it serves a page: told the id of a kernel started for it."""
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

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._starting = 0
        self._awaiting: dict[str, float] = {}  # kernel id -> when it is cut if its page has not connected
        self._connected: set[str] = set()
        self._freed = asyncio.Event()
        self._closing = False
        self.pool_waiting = 0
        """Pool refills waiting for room now."""
        self.cut = 0
        """Kernels shut down so far because their page never connected."""

    def live(self) -> int:
        """Kernels running or starting."""
        return len(self.list_kernel_ids()) + self._starting

    def has_room(self) -> bool:
        return not self._closing and self.live() < self.max_kernels

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        """A kernel, if there is room: a pool's refill (``VOILA_PREHEAT=True``) waits for it; a start
        for a visitor raises :class:`KernelCapReached` without it, and tells :data:`HANDED`."""
        pooled = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        if pooled:
            await self._wait_for_room()
        elif not self.has_room():
            raise KernelCapReached(f"{self.live()} kernels are live, the cap is {self.max_kernels}")
        self._starting += 1
        try:
            kernel_id: str = await super().start_kernel(**kwargs)
        finally:
            self._starting -= 1
        handed = None if pooled else HANDED.get()
        if handed is not None:
            handed(kernel_id)
        return kernel_id

    async def _wait_for_room(self) -> None:
        while not self.has_room():
            if self._closing:
                raise KernelCapReached("the server is stopping")
            self.pool_waiting += 1
            try:
                await self._freed.wait()
            finally:
                self.pool_waiting -= 1

    def room_may_have_freed(self) -> None:
        """Wake the refills waiting for room (they look again)."""
        event, self._freed = self._freed, asyncio.Event()
        event.set()

    def pool_kernel(self, notebook: str) -> str | None:
        """The kernel a visitor of ``notebook`` would be handed from its pool now, if it is ready:
        Voilà takes the pool's first entry (``VoilaKernelManager._pools``, Voilà 0.5.8), and awaits
        it if it is still starting, or waiting for room. None when that entry is not ready."""
        pools = getattr(self, "_pools", None)
        pool = pools.get(notebook) if isinstance(pools, dict) else None
        if not pool:
            return None
        first = pool[0]
        if not first.done() or first.cancelled() or first.exception() is not None:
            return None
        kernel_id = first.result().get("kernel_id")
        return kernel_id if isinstance(kernel_id, str) and kernel_id in self else None

    def hand_out(self, kernel_id: str) -> None:
        """``kernel_id`` was handed to a visitor: its page must connect (see :meth:`page_sent`)."""
        if kernel_id not in self._connected:
            self._awaiting[kernel_id] = time.monotonic() + RENDER_LIMIT + self.connect_timeout

    def page_sent(self, kernel_id: str) -> None:
        """The visitor has the whole page of ``kernel_id``: it has ``connect_timeout`` s to connect."""
        if kernel_id in self._awaiting:
            self._awaiting[kernel_id] = time.monotonic() + self.connect_timeout

    def awaiting(self) -> int:
        """Kernels handed out whose page has not connected yet."""
        return len(self._awaiting)

    def notify_connect(self, kernel_id: str) -> None:
        self._connected.add(kernel_id)
        self._awaiting.pop(kernel_id, None)
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]

    async def cut_unconnected(self) -> list[str]:
        """Shut down (at once) every handed kernel whose page has not connected in time; their ids."""
        now = time.monotonic()
        late = [kid for kid, deadline in self._awaiting.items() if deadline <= now]
        for kid in late:
            del self._awaiting[kid]
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

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
        finally:
            self._awaiting.pop(kernel_id, None)
            self._connected.discard(kernel_id)
            self.room_may_have_freed()

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Stop: the refills waiting for room give up (Voilà then awaits every pool entry)."""
        self._closing = True
        self.room_may_have_freed()
        await super().shutdown_all(*args, **kwargs)
