"""The room server as it runs (tools/room_server.py, on loopback): killed with SIGKILL in the middle of a deal
and started again on its SQLite file, the deal goes on from the same play; two room processes sharing
a real Redis (Debian's redis-server, started here on a free port) serve one room together; a page of
another site is refused at the websocket's door."""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from tests.seat_view import unseen_named

ROOT = Path(__file__).resolve().parent.parent
GAME = {"variant": "modern-comet-1991", "players": 2, "seats": ["person", "person"]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing answers on port {port}")


def room_server(port: int, store: str, **env: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "room_server.py"), f"--port={port}"],
                            env={**os.environ, "COMET_ROOM_STORE": store, "COMET_ROOM_BOT_DELAY": "0", **env},
                            stderr=subprocess.DEVNULL)
    wait_port(port, proc)
    return proc


class Client:
    """A device on a room server: its messages, and its seat's snapshots (each checked for cards it may not see)."""

    def __init__(self, port: int) -> None:
        self.url = f"ws://127.0.0.1:{port}/rooms/ws"
        self.frames: list[dict[str, Any]] = []
        self.ws: Any = None

    async def open(self) -> "Client":
        self.ws = await websocket_connect(self.url)
        return self

    async def say(self, **message: Any) -> None:
        await self.ws.write_message(json.dumps(message))

    async def until(self, kind: str, test: Any = lambda m: True, timeout: float = 20) -> dict[str, Any]:
        found = next((m for m in reversed(self.frames) if m["type"] == kind and test(m)), None)
        deadline = time.monotonic() + timeout
        while found is None:
            text = await asyncio.wait_for(self.ws.read_message(), max(0.1, deadline - time.monotonic()))
            assert text is not None, "the server closed the connection"
            message = json.loads(text)
            self.frames.append(message)
            if message["type"] == kind and test(message):
                found = message
        return found

    def last(self, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.frames) if m["type"] == kind)

    def plays(self) -> list[str]:
        snap = self.last("snapshot")["snapshot"]
        out = [c["play"] for c in snap["hand"] if c["play"]] + [c["play"] for c in snap["choices"] + snap["others"]]
        return out + (["pass"] if next(b for b in snap["buttons"] if b["name"] == "pass")["shown"] else [])


async def _play(clients: list[Client], rng: random.Random, plays: int) -> None:
    """``plays`` plays, each by the device whose turn it is; every device waits for the picture that follows,
    and at the end for the table to wait for a person (:func:`_quiet`)."""
    for _n in range(plays):
        await _quiet(clients)
        snap = clients[0].last("snapshot")["snapshot"]
        seq = snap["seq"]
        mover = next((c for c in clients if c.plays()), None)
        if mover is None and snap["felt"]["settlement"] is not None:
            return
        assert mover is not None, snap
        await mover.say(type="intent", intent={"kind": "play", "play": rng.choice(mover.plays()), "seq": seq})
        for c in clients:
            await c.until("snapshot", lambda m: m["snapshot"]["seq"] > seq)
    await _quiet(clients)


async def _quiet(clients: list[Client]) -> None:
    """Until every device has the same picture and the table waits for a person's choice or the deal is
    over: a pass the table makes for a person (their only legal play) comes as a picture of its own, just
    after the play before it (a snapshot read in between is not the stored position)."""
    while True:
        top = max(c.last("snapshot")["snapshot"]["seq"] for c in clients)
        for c in clients:
            await c.until("snapshot", lambda m: m["snapshot"]["seq"] >= top)
        snap = clients[0].last("snapshot")["snapshot"]
        if snap["felt"]["settlement"] is not None or any(set(c.plays()) - {"pass"} for c in clients):
            return
        for c in clients:
            await c.until("snapshot", lambda m: m["snapshot"]["seq"] > top)


def test_a_room_server_killed_mid_deal_goes_on_from_the_same_play(tmp_path: Path) -> None:
    store = str(tmp_path / "rooms.sqlite")
    port = free_port()
    server = room_server(port, store)

    async def before() -> tuple[str, list[str], int, list[str]]:
        ann, bo = await Client(port).open(), await Client(port).open()
        await ann.say(type="create", name="Ann", **GAME)
        code = (await ann.until("seated"))["room"]
        await bo.say(type="join", room=code, name="Bo")
        await bo.until("seated")
        await ann.until("snapshot")
        await bo.until("snapshot")
        await _play([ann, bo], random.Random(5), 7)
        snap = ann.last("snapshot")["snapshot"]
        tokens = [next(m["token"] for m in c.frames if m["type"] == "seated") for c in (ann, bo)]
        return code, tokens, snap["seq"], sorted(c["card"] for c in snap["hand"])

    try:
        code, tokens, seq, hand = asyncio.run(before())
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    server = room_server(port, store)

    async def after() -> None:
        ann, bo = await Client(port).open(), await Client(port).open()
        await ann.say(type="join", room=code, token=tokens[0])
        await bo.say(type="join", room=code, token=tokens[1])
        snap = (await ann.until("snapshot"))["snapshot"]
        assert snap["seq"] == seq and sorted(c["card"] for c in snap["hand"]) == hand
        assert (await bo.until("snapshot"))["snapshot"]["seat"] == 1
        await _play([ann, bo], random.Random(6), 5)
        assert ann.last("snapshot")["snapshot"]["seq"] > seq

    try:
        asyncio.run(after())
    finally:
        server.terminate()
        server.wait(10)


def test_a_page_of_another_site_is_refused() -> None:
    port = free_port()
    server = room_server(port, ":memory:", COMET_ROOM_ORIGINS="https://comet.example.org")

    async def knock(origin: str) -> bool:
        try:
            ws = await websocket_connect(HTTPRequest(f"ws://127.0.0.1:{port}/rooms/ws", headers={"Origin": origin}))
        except HTTPClientError as error:
            assert error.code == 403
            return False
        ws.close()
        return True

    try:
        assert asyncio.run(knock("https://comet.example.org"))
        assert not asyncio.run(knock("https://evil.example.net"))
    finally:
        server.terminate()
        server.wait(10)


@pytest.fixture()
def redis_url(tmp_path: Path) -> Iterator[str]:
    """Debian's redis-server on a free loopback port, nothing saved (``make deps-system`` installs it)."""
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not os.access(binary, os.X_OK):
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing: run `make deps-system` (CI=true: not skipping)")
        pytest.skip("redis-server is missing: run `make deps-system`")
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--daemonize", "no", "--dir", str(tmp_path)], stdout=subprocess.DEVNULL)
    try:
        wait_port(port, proc)  # type: ignore[arg-type]
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def test_two_room_processes_share_a_room_through_redis(redis_url: str) -> None:
    ports = [free_port(), free_port()]
    servers = [room_server(port, redis_url) for port in ports]

    async def play() -> None:
        ann, bo = await Client(ports[0]).open(), await Client(ports[1]).open()
        await ann.say(type="create", name="Ann", **GAME)
        code = (await ann.until("seated"))["room"]
        await bo.say(type="join", room=code, name="Bo")
        assert (await bo.until("seated"))["seat"] == 1
        await ann.until("snapshot")  # (told through Redis that Bo sat down on the other process)
        await bo.until("snapshot")
        await _play([ann, bo], random.Random(9), 12)
        a, b = ann.last("snapshot")["snapshot"], bo.last("snapshot")["snapshot"]
        assert a["seq"] == b["seq"] > 10 and len(a["log"]) == len(b["log"])
        assert [s["count"] for s in a["felt"]["seats"]] == [s["count"] for s in b["felt"]["seats"]]

    try:
        asyncio.run(play())
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)


def test_every_snapshot_a_device_received_names_only_cards_it_may_see(tmp_path: Path) -> None:
    """The frames of a whole deal, read back against the room's record (the test of boardgame.io #1159)."""
    import sqlite3

    import comet
    from tests.seat_view import round_at

    store = str(tmp_path / "rooms.sqlite")
    port = free_port()
    server = room_server(port, store)

    async def deal() -> tuple[str, list[Client]]:
        ann, bo = await Client(port).open(), await Client(port).open()
        await ann.say(type="create", name="Ann", variant="modern-comet-1991", players=3,
                      seats=["person", "person", "greedy"])
        code = (await ann.until("seated"))["room"]
        await bo.say(type="join", room=code, name="Bo")
        await ann.until("snapshot")
        await bo.until("snapshot")
        await _play([ann, bo], random.Random(3), 400)
        assert ann.last("snapshot")["snapshot"]["felt"]["settlement"] is not None
        return code, [ann, bo]

    try:
        code, clients = asyncio.run(deal())
    finally:
        server.terminate()
        server.wait(10)
    record = json.loads(sqlite3.connect(store).execute("SELECT data FROM rooms WHERE code = ?", (code,)).fetchone()[0])
    assert isinstance(comet.replay(record["record"]), comet.Match)
    checked = 0
    for seat, client in enumerate(clients):
        for frame in client.frames:
            if frame["type"] != "snapshot":
                continue
            snap = frame["snapshot"]
            rnd = round_at(record["record"], *snap["drawn"][:2])
            assert not unseen_named(snap, rnd, seat), f"seat {seat} was sent cards it may not see"
            checked += 1
    assert checked > 20
