"""tools/play_kernels.py: the cap on live kernels (a visitor's start refused, a pool's refill waiting
for room), and a handed kernel shut down when its page never connects; on kernels that are names
(no processes: the real server is tested in tests/browser/test_voila_guard.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web

from load_file import load_file

play_kernels = load_file("tools/play_kernels.py", "play_kernels")
play_limits = load_file("tools/play_limits.py", "play_limits")
play_guard = load_file("tools/play_guard.py", "play_guard")
POOLED = {"env": {"VOILA_PREHEAT": "True"}}
VISITOR = {"env": {"VOILA_PREHEAT": "False"}}


class NameKernels(AsyncMappingKernelManager):  # type: ignore[misc]
    """Kernels that are names, started and shut down at once (below CometKernelManager in the MRO)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.names: list[str] = []
        self.started = 0
        self.start_time = 0.0

    def list_kernel_ids(self) -> list[str]:
        return list(self.names)

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self.names

    async def start_kernel(self, **kwargs: Any) -> str:
        await asyncio.sleep(self.start_time)
        self.started += 1
        self.names.append(f"k{self.started}")
        return self.names[-1]

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        if kernel_id not in self.names:
            raise web.HTTPError(404)
        self.names.remove(kernel_id)

    async def shutdown_all(self, now: bool = False) -> None:
        self.names.clear()

    def notify_connect(self, kernel_id: str) -> None:
        pass


class Manager(play_kernels.CometKernelManager, NameKernels):  # type: ignore[misc]
    pass


def run(test: Callable[[Any], Awaitable[None]], manager: type = Manager, **options: Any) -> None:
    async def main() -> None:
        await test(manager(**{"refill_gap": 0.0, "refill_hold": 0.0, **options}))

    asyncio.run(main())


def test_a_visitor_beyond_the_cap_gets_no_kernel() -> None:
    async def test(km: Any) -> None:
        handed: list[str] = []
        play_kernels.HANDED.set(handed.append)
        assert [await km.start_kernel(**VISITOR), await km.start_kernel(**VISITOR)] == ["k1", "k2"]
        assert handed == ["k1", "k2"]  # (the page handler is told which kernel its visitor has)
        assert km.live() == 2 and not km.has_room()
        with pytest.raises(play_kernels.KernelCapReached, match="2 kernels are live, the cap is 2"):
            await km.start_kernel(**VISITOR)
        assert km.started == 2 and handed == ["k1", "k2"]
        await km.shutdown_kernel("k1")
        assert await km.start_kernel(**VISITOR) == "k3"

    run(test, max_kernels=2)


def test_kernels_starting_count_toward_the_cap() -> None:
    async def test(km: Any) -> None:
        starts = [asyncio.ensure_future(km.start_kernel(**VISITOR)) for _ in range(3)]
        await asyncio.sleep(0)  # all three are starting: the third found no room
        assert km.live() == 2
        done = await asyncio.gather(*starts, return_exceptions=True)
        assert done[:2] == ["k1", "k2"] and isinstance(done[2], play_kernels.KernelCapReached)

    run(test, max_kernels=2)


def test_a_pools_refill_waits_for_room_and_never_passes_the_cap() -> None:
    async def test(km: Any) -> None:
        await km.start_kernel(**VISITOR)
        await km.start_kernel(**POOLED)
        refills = [asyncio.ensure_future(km.start_kernel(**POOLED)) for _ in range(2)]
        await asyncio.sleep(0.01)
        assert not any(r.done() for r in refills) and km.pool_waiting == 2 and km.live() == 2
        await km.shutdown_kernel("k1")  # a visitor left: one refill starts, the other waits on
        await asyncio.sleep(0.01)
        assert sum(r.done() for r in refills) == 1 and km.live() == 2 and km.pool_waiting == 1
        with pytest.raises(play_kernels.KernelCapReached):
            await km.start_kernel(**VISITOR)
        await km.shutdown_all()  # stopping: the waiting refill gives up (Voilà awaits every pool entry)
        with pytest.raises(play_kernels.KernelCapReached, match="stopping"):
            await asyncio.wait_for(refills[1] if refills[0].done() else refills[0], 1)

    run(test, max_kernels=2)


def test_a_refill_starts_alone_and_not_while_a_visitors_page_renders() -> None:
    async def test(km: Any) -> None:
        await km.start_kernel(**VISITOR)
        km.hand_out("k1")  # its page is being rendered
        refills = [asyncio.ensure_future(km.start_kernel(**POOLED)) for _ in range(3)]
        await asyncio.sleep(0.01)
        assert km.pool_waiting == 3, "a refill started while a visitor's page was rendered"
        km.start_time = 0.05
        km.page_sent("k1")
        await asyncio.sleep(0.02)  # (they wake; the first to look starts, the others see it starting)
        assert km.pool_waiting == 2 and km.live() == 2
        await asyncio.gather(*refills)  # one after the other
        assert km.list_kernel_ids() == ["k1", "k2", "k3", "k4"]

    run(test, max_kernels=8)


def test_no_refill_while_visitors_are_refused() -> None:
    async def test(km: Any) -> None:
        km.refused()  # a visitor got "all tables are busy" just now: they will try again
        refill = asyncio.ensure_future(km.start_kernel(**POOLED))
        await asyncio.sleep(0.05)
        assert not refill.done() and km.live() == 0
        assert await km.start_kernel(**VISITOR) == "k1"  # (the visitor trying again gets the room)
        await asyncio.sleep(0.15)
        assert refill.done() and km.live() == 2

    run(test, max_kernels=8, refill_hold=0.1)


def test_refills_start_a_gap_apart() -> None:
    async def test(km: Any) -> None:
        started = []
        for _ in range(3):
            await km.start_kernel(**POOLED)
            started.append(time.monotonic())
        assert started[1] - started[0] >= 0.1 and started[2] - started[1] >= 0.1

    run(test, max_kernels=8, refill_gap=0.1)


def test_a_handed_kernel_whose_page_never_connects_is_shut_down() -> None:
    async def test(km: Any) -> None:
        for _ in range(4):
            await km.start_kernel(**VISITOR)
        km.hand_out("k1")  # its page was sent, never connected
        km.page_sent("k1")
        km.hand_out("k2")  # its page connected (even before the whole page was sent)
        km.notify_connect("k2")
        km.page_sent("k2")
        km.hand_out("k3")  # its page is still being rendered
        # k4: not handed to anyone (a pre-heated kernel waiting in its pool)
        assert km.awaiting() == 2
        assert await km.cut_unconnected() == []
        await asyncio.sleep(0.06)
        assert await km.cut_unconnected() == ["k1"]
        assert km.list_kernel_ids() == ["k2", "k3", "k4"] and km.cut == 1 and km.awaiting() == 1
        await km.shutdown_kernel("k3")  # (its visitor left: nothing left to cut)
        assert km.awaiting() == 0 and await km.cut_unconnected() == []

    run(test, max_kernels=8, connect_timeout=0.05)


def test_a_kernel_gone_meanwhile_is_no_error() -> None:
    async def test(km: Any) -> None:
        await km.start_kernel(**VISITOR)
        km.hand_out("k1")
        km.page_sent("k1")
        km.names.remove("k1")  # (ended by itself, not through shutdown_kernel)
        await asyncio.sleep(0.02)
        assert await km.cut_unconnected() == [] and km.awaiting() == 0

    run(test, max_kernels=8, connect_timeout=0.01)


class VoilaPools(play_kernels.CometKernelManager):  # type: ignore[misc]
    """What Voilà's kernel manager adds above ours: the pools (page -> entries whose result names
    the kernel), an entry dropped when its kernel is shut down, and the refill."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pools: dict[str, list[Any]] = {}
        self.refills: list[str] = []

    def ready(self, page: str, kernel_id: str, renderer: object = None) -> None:
        entry = asyncio.get_running_loop().create_future()
        entry.set_result({"kernel_id": kernel_id, "renderer": renderer})
        self._pools.setdefault(page, []).append(entry)

    def fill_if_needed(self, delay: float | None = None, notebook_name: str = "", **kwargs: Any) -> None:
        self.refills.append(notebook_name)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        for pool in self._pools.values():
            pool[:] = [e for e in pool if not (e.done() and e.result()["kernel_id"] == kernel_id)]
        await super().shutdown_kernel(kernel_id, *args, **kwargs)


class PooledManager(VoilaPools, NameKernels):  # type: ignore[misc]
    pass


def test_at_the_cap_a_visitor_takes_the_place_of_another_pages_pre_heated_kernel() -> None:
    async def test(km: Any) -> None:
        for _ in range(4):
            await km.start_kernel(**VISITOR)
        km.ready("hoc.ipynb", "k2")  # ready and waiting for a visitor of their page
        km.ready("modern.ipynb", "k3")
        km.ready("modern.ipynb", "k4")
        km._pools["commit.ipynb"] = [asyncio.get_running_loop().create_future()]  # (still starting)
        assert km.pool_kernel("hoc.ipynb") == "k2" and km.pool_kernel("commit.ipynb") is None
        assert km.pool_kernel("replay.ipynb") is None
        refill = asyncio.ensure_future(km.start_kernel(**POOLED))  # (commit's, waiting for room)
        await asyncio.sleep(0.01)
        # A visitor of replay (no pool ready): modern's, the pool with the most ready, gives one up.
        room = await km.make_room("replay.ipynb")
        assert room is not None and km.refills == ["modern.ipynb"]
        assert km.list_kernel_ids() == ["k1", "k2", "k3"] and km.live() == 4  # (its place is kept)
        await asyncio.sleep(0.01)
        assert not refill.done(), "a pool's refill took the place made for a visitor"
        token = play_kernels.ROOM.set(room)
        assert await km.start_kernel(**VISITOR) == "k5"
        play_kernels.ROOM.reset(token)
        km.release(room)  # (used: nothing to give back)
        assert km.live() == 4 and not refill.done()
        # A visitor who gets a place and then no kernel gives it back: the refill takes it.
        other = await km.make_room("replay.ipynb")
        assert other is not None and km.live() == 4
        km.release(other)
        await asyncio.sleep(0.01)
        assert refill.done() and km.live() == 4
        assert km.refills == ["modern.ipynb", "modern.ipynb"]
        # Only the visitor's own page has one ready (it is handed to them): no place to make.
        assert [page for page in km._pools if km.pool_kernel(page)] == ["hoc.ipynb"]
        assert await km.make_room("hoc.ipynb") is None

    run(test, max_kernels=4, manager=PooledManager)


def test_a_pre_heated_kernel_still_starting_its_page_keeps_its_place() -> None:
    """Shut down before Voilà's renderer has its kernel client, the page's task would fail with an
    error nobody reads ("Task exception was never retrieved", seen in bench/hostile.py)."""
    from types import SimpleNamespace

    async def test(km: Any) -> None:
        for _ in range(3):
            await km.start_kernel(**VISITOR)
        km.ready("hoc.ipynb", "k1", SimpleNamespace())  # its page's task has not begun
        km.ready("hoc.ipynb", "k2", SimpleNamespace(executor=SimpleNamespace(kc=None)))  # connecting
        assert await km.make_room("modern.ipynb") is None
        settled = SimpleNamespace(executor=SimpleNamespace(kc=object(), log=None), log=None)  # waiting in its page
        km.ready("commit.ipynb", "k3", settled)
        room = await km.make_room("modern.ipynb")
        assert room is not None and km.list_kernel_ids() == ["k1", "k2"]
        assert settled.log is settled.executor.log is play_kernels.QUIET  # (its page's end is not an error)

    run(test, max_kernels=3, manager=PooledManager)


def test_a_kernel_whose_visitor_is_still_downloading_the_page_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's files are about 5 MB: on a class's Wi-Fi its scripts can take a minute to come,
    and the page connects only once they have. Kept while they come, up to LOADING_LIMIT."""
    monkeypatch.setattr(play_kernels, "LOADING_LIMIT", 0.3)
    guard = play_guard.Guard(play_limits.AddressLimiter(0), (), loading_window=0.1)

    async def test(km: Any) -> None:
        for kid, address in (("k1", "198.51.100.7"), ("k2", "198.51.100.8")):
            await km.start_kernel(**VISITOR)
            guard.owners[kid] = address
            km.hand_out(kid)
            km.page_sent(kid)
        await asyncio.sleep(0.06)
        guard.fetched[play_limits.address_key("198.51.100.7")] = time.monotonic()  # (a part of a script sent)
        assert guard.loading("k1") and not guard.loading("k2")
        assert await km.cut_unconnected(guard.loading) == ["k2"]
        for _ in range(6):  # still downloading, 0.06 s at a time: kept until LOADING_LIMIT
            guard.fetched[play_limits.address_key("198.51.100.7")] = time.monotonic()
            await asyncio.sleep(0.06)
            if await km.cut_unconnected(guard.loading):
                break
        assert km.list_kernel_ids() == [] and km.cut == 2
        guard.forget(km.list_kernel_ids())
        await asyncio.sleep(0.11)
        guard.forget(km.list_kernel_ids())
        assert guard.owners == {} and guard.fetched == {}

    run(test, max_kernels=8, connect_timeout=0.05)


def test_a_kernel_still_starting_is_not_looked_at_by_the_idle_cull() -> None:
    """jupyter_server lists a kernel before it sets its ``last_activity``; its culler then raised."""
    from traitlets import HasTraits, Instance, TraitError

    class Starting(HasTraits):  # (as jupyter_server's ServerKernelManager before its start ends)
        last_activity = Instance(int)

    async def test(km: Any) -> None:
        km.get_kernel = lambda kernel_id: Starting()
        with pytest.raises(TraitError):
            Starting().last_activity  # noqa: B018 (what the culler read)
        await km.cull_kernel_if_idle("k1")  # no error
        km.get_kernel = lambda kernel_id: {}[kernel_id]
        await km.cull_kernel_if_idle("k9")  # (gone meanwhile: no error either)

    run(test, max_kernels=2)
