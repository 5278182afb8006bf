"""The room server: Tornado's websocket (no framing of our own) in front of :class:`rooms.service.Service`.

* ``/rooms/ws``: one websocket per device. Its ``Origin`` must be one of the pages allowed to use the
  server (``origins``: the book's and Voilà's addresses, or ``*``); a client without one (not a
  browser: Voilà's kernels, the benchmark) is let in. Frames above :data:`MAX_FRAME` bytes are refused
  by Tornado, binary frames answered with an error; the server pings every 20 s (a phone that slept
  is seen gone, its seat away).
* ``/rooms/health``: ``ok`` and how many rooms and devices this process serves (for a load balancer).

``tools/room_server.py`` makes the store, the service and this application from the environment.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, Callable, Collection
from urllib.parse import urlsplit

from tornado import web, websocket

from comet_render.i18n import words
from rooms.live import Device
from rooms.service import Service

LOG = logging.getLogger("comet.rooms")
MAX_FRAME = 8192
PING = 20.0


LOOPBACK = "loopback"
"""In the allowed origins: any page of this machine (``http://127.0.0.1:<port>``, ``http://localhost:<port>``)."""


def origin_allowed(origin: str, allowed: Collection[str]) -> bool:
    """``origin`` (``http://host:port``) is one of ``allowed`` (``*``: any; :data:`LOOPBACK`: this machine's)."""
    if "*" in allowed:
        return True
    parts = urlsplit(origin)
    if not (parts.scheme in ("http", "https") and parts.netloc):
        return False
    if LOOPBACK in allowed and parts.hostname in ("127.0.0.1", "localhost"):
        return True
    return f"{parts.scheme}://{parts.netloc}".lower() in allowed


class RoomSocket(websocket.WebSocketHandler):
    """One device's websocket."""

    def initialize(self, service: Service, origins: Collection[str], address: Callable[[Any], str]) -> None:
        self.service = service
        self.origins = origins
        self.address_of = address
        self.device: Device | None = None

    def check_origin(self, origin: str) -> bool:
        return origin_allowed(origin, self.origins)

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.device = Device(self._send, self.address_of(self.request), self.close)

    def _send(self, text: str) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            self.write_message(text)
        except websocket.WebSocketClosedError:
            pass

    async def on_message(self, message: str | bytes) -> None:
        device = self.device
        if device is None:
            return
        if isinstance(message, bytes):
            device.send({"type": "error", "text": words(device.lang)("A message to the table is text (JSON).")})
            return
        await self.service.receive(device, message)

    def on_close(self) -> None:
        if self.device is not None:
            asyncio.ensure_future(self.service.disconnect(self.device))


class Health(web.RequestHandler):
    def initialize(self, service: Service) -> None:
        self.service = service

    def get(self) -> None:
        live = self.service.live
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.write(json.dumps({"ok": True, "rooms": len(live), "devices": sum(len(v.devices) for v in live.values())}))


def make_app(service: Service, origins: Collection[str], address: Callable[[Any], str]) -> web.Application:
    return web.Application(
        [(r"/rooms/ws", RoomSocket, {"service": service, "origins": set(origins), "address": address}),
         (r"/rooms/health", Health, {"service": service})],
        websocket_max_message_size=MAX_FRAME, websocket_ping_interval=PING, websocket_ping_timeout=PING)


async def keep_time(service: Service, every: float = 1.0) -> None:
    """Call the service's clock work (stand-ins, bots resumed, idle tables closed) every ``every`` seconds."""
    while True:
        await asyncio.sleep(every)
        try:
            await service.tick()
        except Exception:  # a bug: logged; the server goes on (raised where the tests ask for bugs)
            LOG.exception("the rooms' tick failed")
            if service.raise_bugs:
                raise


def qr_svg(text: str) -> str:
    """``text`` (a table's address) as a QR code in SVG (PyPI ``segno``: pure Python), dark on light."""
    import segno

    code = segno.make(text, error="m")
    return str(code.svg_inline(scale=4, border=2, dark="#1b1b1b", light="#ffffff", svgclass="comet-qr"))
