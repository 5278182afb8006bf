"""The room page's connection to the room server: one websocket, opened again when it drops.

Where the page runs decides how: in the reader's browser (the static site's Python, Pyodide) it is the
browser's own ``WebSocket``, opened from the page's Web Worker; in a kernel (Voilà, a notebook) it is
Tornado's websocket client on the kernel's loop. Both call ``on_message(dict)`` for every message and
``on_state("open" | "closed")``; a dropped connection (a phone that slept, a server restarted) is
opened again after 1, 2, 4... up to 15 seconds, and the page takes its seat back
(:meth:`widgets.controllers.room.RoomClient.connected`). Where no loop runs (the build's snapshot of the
page) nothing is opened.

Where the server is: ``$COMET_ROOM_URL`` (what ``make serve`` gives Voilà's kernels), else, on the
static site, ``play/rooms.json`` beside the page (written by the build from ``room_server_url`` in
``_config.yml`` or ``$COMET_ROOM_URL``; ``make serve`` answers it with its own room server). No ipywidgets.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable
from urllib.parse import urlsplit

from widgets.controllers.pacer import running_loop

ENV = "COMET_ROOM_URL"
PAGE_ENV = "COMET_ROOM_PAGE"
ROOMS_JSON_ENV = "COMET_ROOMS_JSON"
"""On the static site: ``play/rooms.json``'s text as the play page's worker fetched it while Python started
(``live-worker.js``; "" if it could not), read here instead of a request of the page's own as its table is
drawn (issue 48: one round trip less before a play page is clickable)."""
RETRY = (1.0, 2.0, 4.0, 8.0, 15.0)


def _site_root() -> str:
    """The static site's root (from the page's worker's address), or "" outside the browser."""
    if sys.platform != "emscripten":
        return ""
    from pyodide.code import run_js  # type: ignore[import-not-found]

    href = str(run_js("String(self.location.href)"))  # (the worker's own address: under the site's _static/)
    return href.split("/_static/")[0] + "/" if "/_static/" in href else ""


def room_server() -> str:
    """The room server's address (``http://host:port``), or "" where the site has none."""
    url = os.environ.get(ENV, "").strip()
    if url or sys.platform != "emscripten":
        return url.rstrip("/")
    text = os.environ.get(ROOMS_JSON_ENV)
    if text is None:
        root = _site_root()
        if not root:
            return ""
        try:
            from pyodide.http import open_url  # type: ignore[import-not-found]

            text = str(open_url(root + "play/rooms.json").read())
        except OSError:  # no file: the page says rooms need a server
            return ""
    return server_of(text)


def server_of(rooms_json: str) -> str:
    """The room server ``play/rooms.json``'s text names, "" if none (not JSON, or not an http(s) address)."""
    try:
        data = json.loads(rooms_json)
    except ValueError:
        return ""
    server = data.get("server", "") if isinstance(data, dict) else ""
    return server.rstrip("/") if isinstance(server, str) and server.startswith(("http://", "https://")) else ""


def room_server_known() -> str | None:
    """The site's room server ("" for none), or None where it cannot be known (the build's picture of a page)."""
    server = room_server()
    return server if server or sys.platform == "emscripten" or running_loop() is not None else None


def room_page() -> str:
    """The room page's own address, for a table's link and its QR code ("" if unknown)."""
    given = os.environ.get(PAGE_ENV, "").strip()
    if given:
        return given
    root = _site_root()
    return root + "play/room.html" if root else ""


def socket_url(server: str) -> str:
    parts = urlsplit(server)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}/rooms/ws"


class Link:
    """A websocket to ``url`` (``ws://``), kept open (see the module's docstring)."""

    def __init__(self, url: str, on_message: Callable[[Any], None], on_state: Callable[[str], None]) -> None:
        self.url = url
        self.on_message = on_message
        self.on_state = on_state
        self.state = "closed"
        self.tries = 0
        self.stopped = False
        self._queue: list[str] = []
        self._ws: Any = None
        self._proxies: list[Any] = []

    def open(self) -> bool:
        """Connect (False where no loop runs: nothing to connect from)."""
        loop = running_loop()
        if loop is None:
            return False
        if sys.platform == "emscripten":
            self._open_browser()
        else:
            loop.create_task(self._run_kernel())
        return True

    def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, ensure_ascii=False)
        if self.state != "open":
            self._queue = [*self._queue[-20:], text]
            return
        self._write(text)

    def close(self) -> None:
        self.stopped = True
        if self._ws is not None:
            try:
                self._ws.close()
            except Exception:  # noqa: BLE001 - already closed
                pass

    # ------------------------------------------------------------------ both
    def _opened(self) -> None:
        self.state = "open"
        self.tries = 0
        self.on_state("open")
        queued, self._queue = self._queue, []
        for text in queued:
            self._write(text)

    def _heard(self, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            return
        self.on_message(message)

    def _dropped(self) -> bool:
        """The connection closed; True if it is to be opened again (after :meth:`pause`)."""
        was = self.state
        self.state = "closed"
        if was == "open":
            self.on_state("closed")
        return not self.stopped

    def pause(self) -> float:
        self.tries += 1
        return RETRY[min(self.tries, len(RETRY)) - 1]

    def _write(self, text: str) -> None:
        if sys.platform == "emscripten":
            self._ws.send(text)
        else:
            self._ws.write_message(text)

    # ------------------------------------------------------------------ the browser's WebSocket
    def _open_browser(self) -> None:
        from js import WebSocket
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

        ws = WebSocket.new(self.url)
        self._ws = ws

        def closed(_event: Any) -> None:
            if self._ws is ws and self._dropped():
                loop = running_loop()
                if loop is not None:
                    loop.call_later(self.pause(), self._open_browser)

        self._proxies = [create_proxy(f) for f in (lambda _e: self._opened(), lambda e: self._heard(str(e.data)), closed)]
        for name, proxy in zip(("open", "message", "close"), self._proxies):
            ws.addEventListener(name, proxy)

    # ------------------------------------------------------------------ Tornado's client, in a kernel
    async def _run_kernel(self) -> None:
        import asyncio

        from tornado.websocket import websocket_connect

        while not self.stopped:
            try:
                self._ws = await websocket_connect(self.url, max_message_size=1 << 22)
            except OSError:
                self._ws = None
            else:
                self._opened()
                while True:
                    text = await self._ws.read_message()
                    if text is None:
                        break
                    self._heard(text if isinstance(text, str) else text.decode())
            if not self._dropped():
                return
            await asyncio.sleep(self.pause())
