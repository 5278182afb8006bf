"""The room server under a class: 200 simulated devices in 50 rooms of four people, on loopback.

    python -m bench.rooms            # 200 devices, 50 rooms, each device plays when its turn comes
    python -m bench.rooms --smoke    # 8 devices in 2 rooms, a few seconds (a smoke run)

Starts ``tools/room_server.py`` on a free port of 127.0.0.1 (its store in memory, no pause between bots'
plays, no cap that a class would hit), then opens the rooms: in each, a first device makes a table of
the modern game for four people and three more join it by its code. Every device plays when its seat is
to play, after a think of 0.5 to 1.5 s (a person's pace; the rooms' plays interleave), a play chosen at
random among those its snapshot offers. Measured: from the moment a play is sent to the moment every
seat of its room has the snapshot that follows it, over every play (p50, p95, max); and the server's
memory (RSS) before the rooms and after, per room. Bounded: at most ``--seconds`` of play (60; 6 with
``--smoke``). The target: p95 at most 100 ms on this 2-core machine. Writes ``bench/results/rooms.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parent.parent
TARGET_P95 = 0.100
GAME = {"variant": "modern-comet-1991", "players": 4, "seats": ["person"] * 4}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class Seat:
    """One simulated device: its websocket and the last snapshot it received."""

    def __init__(self, url: str, name: str) -> None:
        self.url, self.name = url, name
        self.ws: Any = None
        self.snap: dict[str, Any] | None = None
        self.seq_seen: dict[int, float] = {}
        self.room = ""
        self.event = asyncio.Event()

    async def open(self) -> None:
        self.ws = await websocket_connect(self.url, max_message_size=1 << 22)

    async def send(self, **message: Any) -> None:
        await self.ws.write_message(json.dumps(message))

    async def read(self) -> None:
        while True:
            text = await self.ws.read_message()
            if text is None:
                return
            message = json.loads(text)
            if message["type"] == "seated":
                self.room = message["room"]
            elif message["type"] == "snapshot":
                self.snap = message["snapshot"]
                self.seq_seen.setdefault(self.snap["seq"], time.perf_counter())
            self.event.set()

    def plays(self) -> list[str]:
        snap = self.snap
        if snap is None or snap["seat"] is None:
            return []
        out = [c["play"] for c in snap["hand"] if c["play"]] + [c["play"] for c in snap["choices"] + snap["others"]]
        if next(b for b in snap["buttons"] if b["name"] == "pass")["shown"]:
            out.append("pass")
        return out


async def play_room(seats: list[Seat], rng: random.Random, until: float, sent: list[tuple[list[Seat], int, float]]) -> None:
    """Each seat plays when its turn comes, after a person's think; a finished deal: the next one."""
    while time.perf_counter() < until:
        mover = next((s for s in seats if s.plays()), None)
        if mover is None:
            snap = seats[0].snap
            if snap is not None and next(b for b in snap["buttons"] if b["name"] == "new")["shown"]:
                await seats[0].send(type="intent", intent={"kind": "new", "seq": snap["seq"]})
            for s in seats:
                s.event.clear()
            await asyncio.wait([asyncio.ensure_future(s.event.wait()) for s in seats], timeout=1,
                               return_when=asyncio.FIRST_COMPLETED)
            continue
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        snap, offered = mover.snap, mover.plays()
        if snap is None or not offered:  # (the table passed for them meanwhile)
            continue
        seq = snap["seq"]
        play = rng.choice(offered)
        sent.append((seats, seq + 1, time.perf_counter()))
        await mover.send(type="intent", intent={"kind": "play", "play": play, "seq": seq})
        for _wait in range(500):  # until the room has moved on (every seat's next picture)
            if all(s.snap is not None and s.snap["seq"] > seq for s in seats):
                break
            await asyncio.sleep(0.005)


async def run(rooms: int, seconds: float, url: str, pid: int) -> dict[str, Any]:
    before = rss_mb(pid)
    rng = random.Random(45)
    tables: list[list[Seat]] = []
    readers = []
    for r in range(rooms):
        seats = [Seat(url, f"P{r}-{i}") for i in range(4)]
        for s in seats:
            await s.open()
            readers.append(asyncio.ensure_future(s.read()))
        await seats[0].send(type="create", name=seats[0].name, **GAME)
        while not seats[0].room:
            await asyncio.sleep(0.005)
        for s in seats[1:]:
            await s.send(type="join", room=seats[0].room, name=s.name)
        tables.append(seats)
    while not all(s.snap is not None for t in tables for s in t):
        await asyncio.sleep(0.01)
    opened = rss_mb(pid)
    sent: list[tuple[list[Seat], int, float]] = []
    until = time.perf_counter() + seconds
    await asyncio.gather(*(play_room(t, random.Random(rng.random()), until, sent) for t in tables))
    after = rss_mb(pid)
    lags = []
    for seats, seq, at in sent:
        seen = [s.seq_seen.get(seq) for s in seats]
        if all(t is not None for t in seen):
            lags.append(max(t for t in seen if t is not None) - at)
    for reader in readers:
        reader.cancel()
    lags.sort()
    p95 = lags[int(0.95 * (len(lags) - 1))] if lags else float("nan")
    return {"devices": rooms * 4, "rooms": rooms, "seconds": seconds, "plays": len(sent), "measured": len(lags),
            "p50_ms": round(1000 * statistics.median(lags), 1) if lags else None, "p95_ms": round(1000 * p95, 1),
            "max_ms": round(1000 * lags[-1], 1) if lags else None, "rss_before_mb": round(before, 1),
            "rss_rooms_mb": round(opened, 1), "rss_after_mb": round(after, 1),
            "mb_per_room": round((after - before) / rooms, 2), "target_p95_ms": 1000 * TARGET_P95,
            "met": bool(lags) and p95 <= TARGET_P95}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", "--quick", dest="smoke", action="store_true",
                        help="8 devices in 2 rooms for a few seconds, nothing written (a smoke run)")
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args(argv)
    rooms, seconds = (2, 6.0) if args.smoke else (args.rooms, args.seconds)
    port = free_port()
    env = dict(os.environ, COMET_ROOM_STORE=":memory:", COMET_ROOM_BOT_DELAY="0", COMET_ROOMS_PER_ADDRESS="100000",
               COMET_ROOM_MAX_ROOMS="100000", COMET_ROOM_MESSAGES="50", COMET_ROOM_ORIGINS="*")
    server = subprocess.Popen([sys.executable, str(ROOT / "tools" / "room_server.py"), f"--port={port}"], env=env,
                              stderr=subprocess.DEVNULL)
    try:
        for _try in range(300):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        result = asyncio.run(run(rooms, seconds, f"ws://127.0.0.1:{port}/rooms/ws", server.pid))
    finally:
        server.terminate()
        server.wait(10)
    print(json.dumps(result, indent=1))
    if not args.smoke:
        out = ROOT / "bench" / "results"
        out.mkdir(parents=True, exist_ok=True)
        (out / "rooms.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0 if result["measured"] else 1


if __name__ == "__main__":
    sys.exit(main())
