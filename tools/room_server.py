#!/usr/bin/env python3
"""The room server: tables shared by several devices, and the teacher's view (``rooms/``).

    python tools/room_server.py --port 8867        # what `make serve` starts beside the book and Voilà

Environment:

* ``COMET_ROOM_STORE``: where the rooms are kept: a SQLite file (default ``.rooms/rooms.sqlite`` in
  the checkout: a restarted server loses no play), ``:memory:``, or ``redis://host:port/db`` (several
  room processes, on several machines, share the rooms through Redis and its pub/sub);
* ``COMET_ROOM_ORIGINS``: the pages allowed to open the websocket, comma-separated origins
  (``https://comet.example.org,http://127.0.0.1:8000``) or ``*``; by default those of this machine
  (``http://127.0.0.1:<any port>``, ``http://localhost:<any port>``);
* ``COMET_TRUSTED_PROXIES``: reverse proxies whose ``X-Forwarded-For`` is believed (as for Voilà);
* the limits: ``COMET_ROOM_MAX_ROOMS``, ``COMET_ROOMS_PER_ADDRESS``, ``COMET_ROOM_MESSAGES``,
  ``COMET_ROOM_IDLE``, ``COMET_ROOM_STAND_IN``, ``COMET_ROOM_BOT_DELAY`` (:class:`rooms.live.Limits`).

A bad value stops it with a message naming the variable (exit 2). SIGTERM or SIGINT stops it (exit 0);
started by ``tools/serve.py`` it also stops when ``serve.py`` dies, even by SIGKILL (``lifeline.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

if str(Path(__file__).resolve().parent) not in sys.path:  # (loaded by path, as the tests do)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from lifeline import die_with_parent  # noqa: E402
from play_limits import address_key, client_address, parse_networks  # noqa: E402

from rooms.live import Limits  # noqa: E402
from rooms.server import LOOPBACK, keep_time, make_app, qr_svg  # noqa: E402
from rooms.service import Service  # noqa: E402
from rooms.store import SQLiteStore, Store  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_STORE = ROOT / ".rooms" / "rooms.sqlite"

def make_store(where: str) -> Store:
    """The store ``where`` names (see the module's docstring)."""
    if where.startswith(("redis://", "rediss://", "unix://")):
        from rooms.redis_store import RedisStore

        return RedisStore(where)
    if where != ":memory:":
        Path(where).parent.mkdir(parents=True, exist_ok=True)
    return SQLiteStore(where)


def read_origins(text: str) -> set[str]:
    """The allowed origins of ``COMET_ROOM_ORIGINS`` (``*``, or origins separated by commas); a
    ``ValueError`` for one that is not ``scheme://host[:port]``."""
    text = text.strip()
    if not text:
        return {LOOPBACK}
    out = set()
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        if part == "*":
            out.add("*")
            continue
        parts = urlsplit(part)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
            raise ValueError(f"COMET_ROOM_ORIGINS: {part!r} is not an origin such as https://comet.example.org")
        out.add(f"{parts.scheme}://{parts.netloc}".lower())
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The Comet room server")
    parser.add_argument("--port", type=int, default=int(os.environ.get("COMET_ROOM_PORT", "8867")))
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args(argv)
    die_with_parent()
    logging.basicConfig(level=logging.INFO, format="[Rooms] %(asctime)s %(message)s", stream=sys.stderr)
    try:
        limits = Limits.from_env(os.environ)
        origins = read_origins(os.environ.get("COMET_ROOM_ORIGINS", ""))
        trusted = parse_networks(os.environ.get("COMET_TRUSTED_PROXIES", ""))
    except ValueError as error:
        print(f"room server: {error}", file=sys.stderr)
        return 2
    store = make_store(os.environ.get("COMET_ROOM_STORE", str(DEFAULT_STORE)))

    def address(request: Any) -> str:
        return address_key(client_address(request.remote_ip or "", request.headers.get("X-Forwarded-For"), trusted))

    service = Service(store, limits, qr=qr_svg)

    async def run() -> None:
        app = make_app(service, origins, address)
        server = app.listen(args.port, args.host)
        await store.listen(service.changed_elsewhere)
        ticking = asyncio.ensure_future(keep_time(service))
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(sig, stop.set)
        logging.getLogger("comet.rooms").info("serving rooms on http://%s:%d/rooms/ws", args.host, args.port)
        await stop.wait()
        ticking.cancel()
        server.stop()
        await store.close()

    asyncio.run(run())
    return 0


if __name__ == "__main__":
    sys.exit(main())
